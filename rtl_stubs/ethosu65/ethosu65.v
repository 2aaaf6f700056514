// ethosu65: stub of the Arm Ethos-U65 NPU top with the TRM appendix A pins:
// clock/reset, IRQ, the AMBA 4 APB completer (register pages BASE,
// BASE_POINTERS, ID), two AMBA 5 AXI managers M0/M1 and the clock/power
// Q-channels. It runs command streams: fetch, decode, NPU_OP_IRQ/STOP,
// mem2mem DMA (NPU_OP_DMA_START/WAIT) as real copies, STATUS and bus-fault
// reporting. Kernel operations read and decode their weight stream (TRM 4.7)
// and show the weights on a project debug port (WDVALID, WDWEIGHT, WDLAST);
// they compute nothing else. See README.md.
//
//   ethosu65_regs       APB, registers, STATUS/IRQ, soft/hard reset
//   ethosu65_cmd_fetch  command stream reader (AR/R)
//   ethosu65_cmd_proc   decoder/executor
//   ethosu65_dma        mem2mem DMA (AR/R on M0 or M1, AW/W/B on M0)
//   ethosu65_wfetch     weight stream reader (AR/R on M0 or M1)
//   ethosu65_weight_dec weight stream decoder
//   ethosu65_ar_port    per-port AR register and arbiter
//   ethosu65_qch        clock and power Q-channel completers
//
// AXI IDs: command stream reads ARID = 0, weight stream reads ARID = 32,
// mem2mem reads ARID = 64 (TRM tables A-10/A-18: 0-3 command stream, 32-59
// weight stream, 64-115 M2M), writes AWID = 64. R beats are
// routed to their reader by RID. AxSIZE = log2(DATA_W/8), AxBURST = INCR,
// AxPROT = {data, PROT.active_CSL, PROT.active_CPL}, AxCACHE from
// AXI_LIMITn.memtype. RREADY and BREADY are always 1 (read data space is
// reserved when the AR is issued). M1 carries reads only: the TRM has every
// write DMA channel on M0; its AW/W outputs are idle.
//
// ETHOSU_CFG picks the configuration (the index of
// scripts/gen/regdefs/ethosu_configs.csv, as generated/ethosu65_regs.vh
// lists them: 0..3 ethos-u55-32..-256, 4 ethos-u65-256, 5 ethos-u65-512):
// ID, CONFIG and the register map of its product; on the Ethos-U55 32-bit
// AXI addresses (ADDR_W follows), one-dimensional DMA and the U65-only
// commands unknown (cmd_parse_error), as in the C twin.
module ethosu65 #(
    parameter integer DATA_W = 128,
    parameter integer ETHOSU_CFG = 4,
    parameter integer ADDR_W = (ETHOSU_CFG < 4) ? 32 : 40
) (
`include "ethosu_top_ports.vh"
);

localparam integer BYTES = DATA_W / 8;
localparam integer LBI  = $clog2(BYTES);
localparam [2:0]   AXSIZE = LBI[2:0];
localparam [1:0]   INCR   = 2'b01;
localparam [7:0]   CMD_ID = 8'd0;
localparam [7:0]   M2M_ID = 8'd64;
localparam [7:0]   WGT_ID = 8'd32;

// ---------------------------------------------------------------------------
// Registers
// ---------------------------------------------------------------------------
wire [63:0]  qbase;
wire [31:0]  qsize;
wire [1:0]   qconfig;
wire [15:0]  regioncfg;
wire [511:0] basep;
wire [127:0] axi_limit;
wire [3:0]   cfg_port;
wire [1:0]   prot;
wire         clock_q_enable, power_q_enable, irq_raised;
wire         run_req, qread_clr, clr, halt, resetting, axi_idle, running;
wire [31:0]  qread;
wire         ev_irq, ev_end, ev_parse, ev_bus, ev_fault_if;
wire [15:0]  ev_mask;
wire [3:0]   ev_fault_ch;

// The generated map: this top uses the product of the configuration only.
/* verilator lint_off UNUSEDPARAM */
`include "ethosu65_regs.vh"
/* verilator lint_on UNUSEDPARAM */

ethosu65_regs #(.ETHOSU_CFG(ETHOSU_CFG)) u_regs (
    .CLK(CLK), .nRESET(nRESET), .PORPL(PORPL), .PORSL(PORSL),
    .PCLKEN(PCLKEN), .PSEL(PSEL), .PENABLE(PENABLE), .PPROT(PPROT), .PWRITE(PWRITE),
    .PADDR(PADDR), .PWDATA(PWDATA), .PSTRB(PSTRB),
    .PREADY(PREADY), .PSLVERR(PSLVERR), .PRDATA(PRDATA),
    .IRQ(IRQ),
    .qbase(qbase), .qsize(qsize), .qconfig(qconfig), .regioncfg(regioncfg), .basep(basep),
    .axi_limit(axi_limit), .cfg_port(cfg_port), .prot(prot), .clock_q_enable(clock_q_enable),
    .power_q_enable(power_q_enable), .irq_raised(irq_raised),
    .run_req(run_req), .qread_clr(qread_clr), .clr(clr), .halt(halt), .resetting(resetting),
    .axi_idle(axi_idle), .running(running), .qread(qread),
    .ev_irq(ev_irq), .ev_mask(ev_mask), .ev_end(ev_end), .ev_parse(ev_parse), .ev_bus(ev_bus),
    .ev_fault_if(ev_fault_if), .ev_fault_ch(ev_fault_ch));

// ---------------------------------------------------------------------------
// Command stream fetch and processor
// ---------------------------------------------------------------------------
wire              f_start, f_stop, f_valid, f_err, f_pop, f_busy, f_port, f_active;
wire [31:0]       f_off, f_word;
wire              f_ar_req, f_ar_port, f_gnt0, f_gnt1;
wire [ADDR_W-1:0] f_ar_addr;
wire [7:0]        f_ar_len;
wire [3:0]        f_ar_cache;

// R beats, qualified by ACLKEN, routed by RID to their reader.
wire r_fire0 = RVALIDM0 && ACLKENM0;
wire r_fire1 = RVALIDM1 && ACLKENM1;
wire f_r_valid = f_port ? (r_fire1 && RIDM1 == CMD_ID) : (r_fire0 && RIDM0 == CMD_ID);

ethosu65_cmd_fetch #(.DATA_W(DATA_W), .ADDR_W(ADDR_W)) u_fetch (
    .clk(CLK), .rstn(nRESET), .clr(clr),
    .start(f_start), .stop(f_stop), .base(qbase[ADDR_W-1:0]), .size(qsize), .off(f_off),
    .cfg(qconfig), .axi_limit(axi_limit), .cfg_port(cfg_port),
    .ar_req(f_ar_req), .ar_port(f_ar_port), .ar_addr(f_ar_addr), .ar_len(f_ar_len),
    .ar_cache(f_ar_cache), .ar_gnt(f_gnt0 | f_gnt1),
    .r_valid(f_r_valid), .r_data(f_port ? RDATAM1 : RDATAM0), .r_resp(f_port ? RRESPM1 : RRESPM0),
    .r_last(f_port ? RLASTM1 : RLASTM0),
    .w_valid(f_valid), .w_data(f_word), .w_err(f_err), .w_pop(f_pop),
    .port(f_port), .active(f_active), .busy(f_busy));

wire              d_push, d_dst_int, d_full, d_busy, d_stop, d_fault, d_fault_write, d_fault_port;
wire [ADDR_W-1:0] d_src, d_dst, d_skip0, d_skip1;
wire [31:0]       d_len;
wire [15:0]       d_size0, d_size1;
wire [1:0]        d_src_mode, d_dst_mode, d_src_cfg, d_dst_cfg, d_count;

wire              w_start, w_busy, w_stop, w_fault;
wire [ADDR_W-1:0] w_addr;
wire [31:0]       w_len;
wire [1:0]        w_cfg;
wire              wf_busy, wf_port;

ethosu65_cmd_proc #(.ADDR_W(ADDR_W), .U55(ETHOSU_PRODUCT == 0 ? 1 : 0)) u_cp (
    .clk(CLK), .rstn(nRESET), .clr(clr),
    .run_req(run_req), .halt(halt), .qread_clr(qread_clr), .qsize(qsize),
    .f_start(f_start), .f_stop(f_stop), .f_off(f_off), .f_valid(f_valid), .f_word(f_word),
    .f_err(f_err), .f_pop(f_pop), .f_busy(f_busy), .f_port(f_port),
    .dma_push(d_push), .dma_src(d_src), .dma_dst(d_dst), .dma_len(d_len), .dma_skip0(d_skip0),
    .dma_skip1(d_skip1), .dma_size0(d_size0), .dma_size1(d_size1), .dma_src_mode(d_src_mode),
    .dma_dst_mode(d_dst_mode), .dma_src_cfg(d_src_cfg), .dma_dst_cfg(d_dst_cfg),
    .dma_dst_internal(d_dst_int), .dma_count(d_count), .dma_full(d_full), .dma_busy(d_busy),
    .dma_stop(d_stop), .dma_fault(d_fault), .dma_fault_write(d_fault_write),
    .dma_fault_port(d_fault_port),
    .w_start(w_start), .w_addr(w_addr), .w_len(w_len), .w_cfg(w_cfg), .w_busy(w_busy),
    .w_stop(w_stop), .w_fault(w_fault), .w_fault_port(wf_port),
    .basep(basep), .regioncfg(regioncfg),
    .running(running), .qread(qread),
    .ev_irq(ev_irq), .ev_mask(ev_mask), .ev_end(ev_end), .ev_parse(ev_parse), .ev_bus(ev_bus),
    .ev_fault_if(ev_fault_if), .ev_fault_ch(ev_fault_ch));

// ---------------------------------------------------------------------------
// DMA
// ---------------------------------------------------------------------------
wire              d_ar_req, d_ar_port, d_gnt0, d_gnt1, d_rd_active, d_rd_port;
wire [ADDR_W-1:0] d_ar_addr;
wire [7:0]        d_ar_len;
wire [3:0]        d_ar_cache;
wire d_r_valid = d_rd_port ? (r_fire1 && RIDM1 == M2M_ID) : (r_fire0 && RIDM0 == M2M_ID);

ethosu65_dma #(.DATA_W(DATA_W), .ADDR_W(ADDR_W), .AWID(M2M_ID)) u_dma (
    .clk(CLK), .rstn(nRESET), .clr(clr), .stop(d_stop),
    .push(d_push), .d_src(d_src), .d_dst(d_dst), .d_len(d_len), .d_skip0(d_skip0),
    .d_skip1(d_skip1), .d_size0(d_size0), .d_size1(d_size1), .d_src_mode(d_src_mode),
    .d_dst_mode(d_dst_mode), .d_src_cfg(d_src_cfg), .d_dst_cfg(d_dst_cfg),
    .d_dst_internal(d_dst_int), .count(d_count), .full(d_full), .busy(d_busy),
    .rd_active(d_rd_active), .rd_port(d_rd_port),
    .axi_limit(axi_limit), .cfg_port(cfg_port),
    .ar_req(d_ar_req), .ar_port(d_ar_port), .ar_addr(d_ar_addr), .ar_len(d_ar_len),
    .ar_cache(d_ar_cache), .ar_gnt(d_gnt0 | d_gnt1),
    .r_valid(d_r_valid), .r_data(d_rd_port ? RDATAM1 : RDATAM0),
    .r_resp(d_rd_port ? RRESPM1 : RRESPM0), .r_last(d_rd_port ? RLASTM1 : RLASTM0),
    .aclken(ACLKENM0),
    .awvalid(AWVALIDM0), .awid(AWIDM0), .awaddr(AWADDRM0), .awlen(AWLENM0), .awcache(AWCACHEM0),
    .awready(AWREADYM0),
    .wvalid(WVALIDM0), .wdata(WDATAM0), .wstrb(WSTRBM0), .wlast(WLASTM0), .wready(WREADYM0),
    .bvalid(BVALIDM0), .bresp(BRESPM0),
    .fault(d_fault), .fault_write(d_fault_write), .fault_port(d_fault_port));

// ---------------------------------------------------------------------------
// Weight channel: reader and decoder
// ---------------------------------------------------------------------------
wire              wf_ar_req, wf_ar_port, wf_gnt0, wf_gnt1, wf_active;
wire [ADDR_W-1:0] wf_ar_addr;
wire [7:0]        wf_ar_len;
wire [3:0]        wf_ar_cache;
wire              wb_valid, wb_ready;
wire [DATA_W-1:0] wb_data;
wire              wd_busy, wd_error, wd_fin;
wire [8:0]        wd_weight;
wire              wd_valid, wd_last;
wire w_r_valid = wf_port ? (r_fire1 && RIDM1 == WGT_ID) : (r_fire0 && RIDM0 == WGT_ID);

ethosu65_wfetch #(.DATA_W(DATA_W), .ADDR_W(ADDR_W)) u_wfetch (
    .clk(CLK), .rstn(nRESET), .clr(clr),
    .start(w_start), .stop(w_stop || (wd_fin && !w_start)), .addr(w_addr), .nbytes(w_len),
    .port_in(cfg_port[w_cfg]), .lim(axi_limit[{w_cfg, 5'd0} +: 32]),
    .ar_req(wf_ar_req), .ar_port(wf_ar_port), .ar_addr(wf_ar_addr), .ar_len(wf_ar_len),
    .ar_cache(wf_ar_cache), .ar_gnt(wf_gnt0 | wf_gnt1),
    .r_valid(w_r_valid), .r_data(wf_port ? RDATAM1 : RDATAM0), .r_resp(wf_port ? RRESPM1 : RRESPM0),
    .r_last(wf_port ? RLASTM1 : RLASTM0),
    .b_valid(wb_valid), .b_data(wb_data), .b_ready(wb_ready),
    .fault(w_fault), .port(wf_port), .active(wf_active), .busy(wf_busy));

ethosu65_weight_dec #(.DATA_W(DATA_W)) u_wdec (
    .clk(CLK), .rstn(nRESET), .clr(clr),
    .start(w_start), .len(w_len), .lane(w_addr[LBI-1:0]), .stop(w_stop),
    .in_valid(wb_valid), .in_data(wb_data), .in_ready(wb_ready),
    .out_valid(wd_valid), .out_weight(wd_weight), .out_last(wd_last), .out_ready(1'b1),
    .busy(wd_busy), .error(wd_error), .fin(wd_fin));

assign w_busy   = wd_busy || wf_busy;
assign WDVALID  = wd_valid;
assign WDWEIGHT = wd_valid ? wd_weight : 9'd0;
assign WDLAST   = wd_last;

// ---------------------------------------------------------------------------
// AR channels
// ---------------------------------------------------------------------------
ethosu65_ar_port #(.ADDR_W(ADDR_W), .F_ID(CMD_ID), .D_ID(M2M_ID), .W_ID(WGT_ID)) u_ar0 (
    .clk(CLK), .rstn(nRESET), .clr(clr), .aclken(ACLKENM0),
    .f_req(f_ar_req && !f_ar_port), .f_addr(f_ar_addr), .f_len(f_ar_len), .f_cache(f_ar_cache),
    .f_gnt(f_gnt0),
    .d_req(d_ar_req && !d_ar_port), .d_addr(d_ar_addr), .d_len(d_ar_len), .d_cache(d_ar_cache),
    .d_gnt(d_gnt0),
    .w_req(wf_ar_req && !wf_ar_port), .w_addr(wf_ar_addr), .w_len(wf_ar_len), .w_cache(wf_ar_cache),
    .w_gnt(wf_gnt0),
    .arvalid(ARVALIDM0), .arid(ARIDM0), .araddr(ARADDRM0), .arlen(ARLENM0), .arcache(ARCACHEM0),
    .arready(ARREADYM0));

ethosu65_ar_port #(.ADDR_W(ADDR_W), .F_ID(CMD_ID), .D_ID(M2M_ID), .W_ID(WGT_ID)) u_ar1 (
    .clk(CLK), .rstn(nRESET), .clr(clr), .aclken(ACLKENM1),
    .f_req(f_ar_req && f_ar_port), .f_addr(f_ar_addr), .f_len(f_ar_len), .f_cache(f_ar_cache),
    .f_gnt(f_gnt1),
    .d_req(d_ar_req && d_ar_port), .d_addr(d_ar_addr), .d_len(d_ar_len), .d_cache(d_ar_cache),
    .d_gnt(d_gnt1),
    .w_req(wf_ar_req && wf_ar_port), .w_addr(wf_ar_addr), .w_len(wf_ar_len), .w_cache(wf_ar_cache),
    .w_gnt(wf_gnt1),
    .arvalid(ARVALIDM1), .arid(ARIDM1), .araddr(ARADDRM1), .arlen(ARLENM1), .arcache(ARCACHEM1),
    .arready(ARREADYM1));

wire [2:0] axprot = {1'b0, prot[1], prot[0]};   // data, non-secure, privileged

assign ARSIZEM0  = AXSIZE;
assign ARBURSTM0 = INCR;
assign ARPROTM0  = axprot;
assign AWSIZEM0  = AXSIZE;
assign AWBURSTM0 = INCR;
assign AWPROTM0  = axprot;
assign RREADYM0  = 1'b1;
assign BREADYM0  = 1'b1;

assign ARSIZEM1  = AXSIZE;
assign ARBURSTM1 = INCR;
assign ARPROTM1  = axprot;
assign RREADYM1  = 1'b1;
assign BREADYM1  = 1'b1;

// M1 never writes.
assign AWVALIDM1 = 1'b0;
assign AWIDM1    = 8'd0;
assign AWADDRM1  = {ADDR_W{1'b0}};
assign AWLENM1   = 8'd0;
assign AWSIZEM1  = AXSIZE;
assign AWBURSTM1 = INCR;
assign AWCACHEM1 = 4'd0;
assign AWPROTM1  = axprot;
assign WVALIDM1  = 1'b0;
assign WDATAM1   = {DATA_W{1'b0}};
assign WSTRBM1   = {BYTES{1'b0}};
assign WLASTM1   = 1'b0;

assign axi_idle = !f_busy && !d_busy && !wf_busy;

// Pending activity per port: a burst waiting or in flight, or an engine that
// may issue on it.
assign AWAKEUPM0 = ARVALIDM0 || AWVALIDM0 || WVALIDM0 || (f_busy && !f_port)
                   || (d_rd_active && !d_rd_port) || d_busy || (wf_busy && !wf_port);
assign AWAKEUPM1 = ARVALIDM1 || (f_busy && f_port) || (d_rd_active && d_rd_port) || (wf_busy && wf_port);

// ---------------------------------------------------------------------------
// Q-channels: a request is accepted when the NPU is idle (stopped, nothing
// outstanding, no reset or APB transfer in progress, no wake-up) and the CMD
// register enables it; the power request also needs the IRQ to be cleared.
// ---------------------------------------------------------------------------
wire npu_busy  = running || f_busy || d_busy || w_busy || resetting || PSEL || PWAKEUP;
wire clk_stop  = !npu_busy && clock_q_enable;
wire pwr_stop  = !npu_busy && power_q_enable && !irq_raised;

assign CLKQACTIVE = !clk_stop;
assign PWRQACTIVE = !pwr_stop;

ethosu65_qch u_clkq (
    .clk(CLK), .rstn(nRESET), .qreqn(CLKQREQn), .can_stop(clk_stop),
    .qacceptn(CLKQACCEPTn), .qdeny(CLKQDENY));

ethosu65_qch u_pwrq (
    .clk(CLK), .rstn(nRESET), .qreqn(PWRQREQn), .can_stop(pwr_stop),
    .qacceptn(PWRQACCEPTn), .qdeny(PWRQDENY));

// Inputs the stub does not need: response IDs of writes (one AWID), M1's
// write side (never used), the top bits of QBASE beyond the bus.
/* verilator lint_off UNUSEDSIGNAL */
wire unused_ok = &{1'b0, BIDM0, AWREADYM1, WREADYM1, BVALIDM1, BIDM1, BRESPM1,
                   qbase[63:ADDR_W], f_active, wf_active, wd_error};
/* verilator lint_on UNUSEDSIGNAL */

endmodule
