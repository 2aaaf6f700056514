// ethosu65_regs: the APB completer and the register pages BASE,
// BASE_POINTERS and ID of the Ethos-U65 stub (TRM chapter 4), with the
// STATUS bits, the IRQ and the soft/hard reset sequencing (TRM 3.2, 3.3.4.1).
// Addresses, reset values and writable bits come from the generated
// ethosu65_regs.vh.
//
// APB: PREADY is always 1 (no wait states). PRDATA and PSLVERR are driven in
// the access phase (PSEL & PENABLE), 0 otherwise; a write takes effect at the
// clock edge that ends its access phase. A transfer counts only on a cycle
// with PCLKEN = 1.
//
// Access rules:
//  - Word accesses only: PADDR[1:0] != 0, or a write with PSTRB != 4'hF, is
//    answered with PSLVERR = 1 (a read returns 0, a write is ignored).
//  - Every access is checked against PROT (TRM 4.1): permitted iff
//    PPROT[0] >= active_CPL && PPROT[1] <= active_CSL. A refused read returns
//    0, a refused write is ignored, PSLVERR = 0.
//  - Read-only bits ignore writes, reserved bits read 0, address holes (and
//    the PMU page, not implemented) read 0 and ignore writes.
//  - While STATUS.reset_status is 1 only STATUS can be read; other registers
//    read 0 and writes are ignored.
//  - CMD reads back as last written (bits [31:16], [3:0]); writing 1 to
//    transition_to_running_state starts/resumes the command stream unless
//    bus_status or cmd_parse_error is set; clear_irq clears irq_raised,
//    clear_irq_history clears the history bits it has set. An event in the
//    same cycle wins over a clear.
//  - Writing QBASE0, QBASE1 or QSIZE while stopped clears cmd_end_reached and
//    QREAD (a new stream).
//  - LOCK takes the written value w only if its value c is 0 or w is 0.
//  - Ethos-U85 configurations (ETHOSU_PRODUCT 2): no LOCK (reads 0); MEM_ATTR0-3
//    at AXI_LIMIT0-3's offsets (the same storage, the product's writable bits);
//    a REGIONCFG/QCONFIG setting n names MEM_ATTRn, whose axi_port gives the
//    port (`cfg_port`: 0 SRAM = M0, 1 EXT = M1) and whose memtype gives
//    AxCACHE; burst split and outstanding reads come from AXI_SRAM or AXI_EXT
//    by that port (`axi_limit` is presented to the engines in AXI_LIMIT's
//    layout per setting). POWER_CTRL, AXI_SRAM/EXT and the DEBUG page are
//    storage; CMD.stop_request reads back as written and stops nothing (the
//    stub's streams run to their STOP); COND_STATUS, the CFG_* capability
//    pins and the TSU_DEBUG page read 0.
//  - RESET: a permitted write stores pending_CPL/CSL (kept across the soft
//    reset) and starts a soft reset: reset_status = 1 at once, the AXI
//    managers stop issuing and drain (`halt` until `axi_idle`), then after
//    RESET_CYCLES idle cycles every other register returns to its reset value
//    (`clr` to the engines) and PROT is set from the pending levels clamped by
//    the PPROT of the RESET write: active_CPL = PPROT[0] ? pending_CPL : 0,
//    active_CSL = PPROT[1] ? 1 : pending_CSL.
//  - Hard reset (nRESET low, asynchronous): every register to its reset
//    value, RESET to 0, PROT = {PORSL, PORPL} as sampled on the first clock
//    edge after nRESET rises (before that edge PROT reads the pins directly).
//    reset_status is 0 once nRESET is high.
module ethosu65_regs #(
    parameter integer RESET_CYCLES = 8,
    parameter integer ETHOSU_CFG = 4        // the configuration (generated/ethosu65_regs.vh)
) (
    input             CLK,
    input             nRESET,
    input             PORPL,
    input             PORSL,

    input             PCLKEN,
    input             PSEL,
    input             PENABLE,
    input      [2:0]  PPROT,
    input             PWRITE,
    input      [11:0] PADDR,
    input      [31:0] PWDATA,
    input      [3:0]  PSTRB,
    output            PREADY,
    output            PSLVERR,
    output     [31:0] PRDATA,

    output            IRQ,

    // configuration for the engines
    output     [63:0] qbase,        // {QBASE1, QBASE0}, bits [1:0] cleared
    output     [31:0] qsize,        // QSIZE, bits [1:0] cleared
    output     [1:0]  qconfig,      // QCONFIG[1:0]
    output     [15:0] regioncfg,
    output     [511:0] basep,       // {BASEP15, ..., BASEP0}
    output     [127:0] axi_limit,   // {AXI_LIMIT3, ..., AXI_LIMIT0}: the limits of each setting
    output     [3:0]  cfg_port,     // the AXI port of each REGIONCFG/QCONFIG setting (U55/U65: 4'b1100)
    output     [1:0]  prot,         // {active_CSL, active_CPL}
    output            clock_q_enable,
    output            power_q_enable,
    output            irq_raised,

    // command processor
    output            run_req,
    output            qread_clr,
    output            clr,          // soft reset: clear every engine (one cycle)
    output            halt,         // soft reset pending: issue nothing, drain
    output            resetting,    // reset_status
    input             axi_idle,     // nothing outstanding on M0 / M1
    input             running,
    input      [31:0] qread,
    input             ev_irq,
    input      [15:0] ev_mask,
    input             ev_end,
    input             ev_parse,
    input             ev_bus,
    input             ev_fault_if,
    input      [3:0]  ev_fault_ch
);

// The generated map holds every register and field; only some are used here.
/* verilator lint_off UNUSEDPARAM */
`include "ethosu65_regs.vh"
/* verilator lint_on UNUSEDPARAM */

// ---------------------------------------------------------------------------
// Storage
// ---------------------------------------------------------------------------
reg [31:0] cmd_q, qbase0_q, qbase1_q, qconfig_q, qsize_q, lock_q, regioncfg_q;
reg [1:0]  reset_q;          // pending {CSL, CPL}
reg [1:0]  prot_q;           // active {CSL, CPL}
reg        por_pending;      // PROT still to be sampled from PORSL/PORPL
reg [127:0] axi_limit_q;    // AXI_LIMIT3..0
reg [511:0] basep_q;        // BASEP15..0
// Ethos-U85 storage registers (their writable bits are 0 on the U55/U65: they read 0 there)
localparam integer NSTORE = 7;
reg [32*NSTORE-1:0] store_q;
localparam [12*NSTORE-1:0] STORE_ADDR = {ETHOSU_FEATURE_DISABLE_ADDR, ETHOSU_DEBUG_MISC_ADDR,
                                         ETHOSU_DEBUG_ADDRESS_ADDR, ETHOSU_CLKFORCE_ADDR, ETHOSU_AXI_EXT_ADDR,
                                         ETHOSU_AXI_SRAM_ADDR, ETHOSU_POWER_CTRL_ADDR};
localparam [32*NSTORE-1:0] STORE_WMASK = {ETHOSU_FEATURE_DISABLE_WMASK, ETHOSU_DEBUG_MISC_WMASK,
                                          ETHOSU_DEBUG_ADDRESS_WMASK, ETHOSU_CLKFORCE_WMASK, ETHOSU_AXI_EXT_WMASK,
                                          ETHOSU_AXI_SRAM_WMASK, ETHOSU_POWER_CTRL_WMASK};
localparam integer S_AXI_SRAM = 1, S_AXI_EXT = 2;
localparam [31:0] AXIL_WMASK = ETHOSU_AXI_LIMIT0_WMASK | ETHOSU_MEM_ATTR0_WMASK;   // one of them is 0

// STATUS bits kept here
reg        irq_q, bus_q, parse_q, end_q, fif_q;
reg [3:0]  fch_q;
reg [15:0] hist_q;

// soft reset
reg        rs_active;        // reset_status
reg [1:0]  rs_pprot;         // PPROT[1:0] of the RESET write
reg [7:0]  rs_cnt;           // idle cycles counted

wire [1:0] prot_eff = por_pending ? {PORSL, PORPL} : prot_q;

// ---------------------------------------------------------------------------
// APB decode
// ---------------------------------------------------------------------------
wire access   = PSEL && PENABLE && PCLKEN;
wire word_ok  = (PADDR[1:0] == 2'b00) && (!PWRITE || PSTRB == 4'hF);
wire allowed  = (PPROT[0] || !prot_eff[0]) && (!PPROT[1] || prot_eff[1]);
wire [11:0] a = {PADDR[11:2], 2'b00};
wire is_status = (a == ETHOSU_STATUS_ADDR);
wire reach    = word_ok && allowed && (!rs_active || is_status);
wire wr       = access && PWRITE && reach;

// STATUS.state reads stopped only once the events of the stop (STOP's IRQ and
// mask, a parse or bus error) have landed here, one cycle after the command
// processor left its running states: the whole STATUS changes at once.
wire state_rd = running || ev_irq || ev_parse || ev_bus;
wire [31:0] status = {hist_q, fch_q, fif_q, 2'b00, 1'b0 /* ecc_fault */, 1'b0 /* wd_fault */,
                      1'b0 /* pmu_irq_raised */, end_q, parse_q, rs_active, bus_q, irq_q, state_rd};

reg [31:0] rdata;
integer hi, ri, wi;   // one loop variable per process
reg [NSTORE-1:0] store_hit;
always @(*) begin
    for (hi = 0; hi < NSTORE; hi = hi + 1)
        store_hit[hi] = (a == STORE_ADDR[12*hi +: 12]);
end
always @(*) begin
    rdata = 32'd0;
    if (|store_hit) begin
        for (ri = 0; ri < NSTORE; ri = ri + 1)
            if (store_hit[ri])
                rdata = store_q[32*ri +: 32];
    end else if (a >= ETHOSU_BASEP0_ADDR && a <= ETHOSU_BASEP15_ADDR) begin
        rdata = basep_q[{a[5:2], 5'd0} +: 32];
    end else begin
        case (a)
            ETHOSU_ID_ADDR:         rdata = ETHOSU_ID_RESET;
            ETHOSU_STATUS_ADDR:     rdata = status;
            ETHOSU_CMD_ADDR:        rdata = cmd_q;
            ETHOSU_RESET_ADDR:      rdata = {30'd0, reset_q};
            ETHOSU_QBASE0_ADDR:     rdata = qbase0_q;
            ETHOSU_QBASE1_ADDR:     rdata = qbase1_q;
            ETHOSU_QREAD_ADDR:      rdata = qread;
            ETHOSU_QCONFIG_ADDR:    rdata = qconfig_q;
            ETHOSU_QSIZE_ADDR:      rdata = qsize_q;
            ETHOSU_PROT_ADDR:       rdata = {30'd0, prot_eff};
            ETHOSU_CONFIG_ADDR:     rdata = ETHOSU_CONFIG_RESET;
            ETHOSU_LOCK_ADDR:       rdata = lock_q;
            ETHOSU_REGIONCFG_ADDR:  rdata = regioncfg_q;
            ETHOSU_AXI_LIMIT0_ADDR: rdata = axi_limit_q[0 +: 32];
            ETHOSU_AXI_LIMIT1_ADDR: rdata = axi_limit_q[32 +: 32];
            ETHOSU_AXI_LIMIT2_ADDR: rdata = axi_limit_q[64 +: 32];
            ETHOSU_AXI_LIMIT3_ADDR: rdata = axi_limit_q[96 +: 32];
            ETHOSU_PID4_ADDR:       rdata = ETHOSU_PID4_RESET;
            ETHOSU_PID5_ADDR:       rdata = ETHOSU_PID5_RESET;
            ETHOSU_PID6_ADDR:       rdata = ETHOSU_PID6_RESET;
            ETHOSU_PID7_ADDR:       rdata = ETHOSU_PID7_RESET;
            ETHOSU_PID0_ADDR:       rdata = ETHOSU_PID0_RESET;
            ETHOSU_PID1_ADDR:       rdata = ETHOSU_PID1_RESET;
            ETHOSU_PID2_ADDR:       rdata = ETHOSU_PID2_RESET;
            ETHOSU_PID3_ADDR:       rdata = ETHOSU_PID3_RESET;
            ETHOSU_CID0_ADDR:       rdata = ETHOSU_CID0_RESET;
            ETHOSU_CID1_ADDR:       rdata = ETHOSU_CID1_RESET;
            ETHOSU_CID2_ADDR:       rdata = ETHOSU_CID2_RESET;
            ETHOSU_CID3_ADDR:       rdata = ETHOSU_CID3_RESET;
            default:                rdata = 32'd0;
        endcase
    end
end

assign PREADY  = 1'b1;
assign PRDATA  = (PSEL && PENABLE && !PWRITE && reach) ? rdata : 32'd0;
assign PSLVERR = PSEL && PENABLE && !word_ok;

// Write strobes per register.
wire wr_cmd    = wr && (a == ETHOSU_CMD_ADDR);
wire wr_reset  = wr && (a == ETHOSU_RESET_ADDR);
wire wr_qbase0 = wr && (a == ETHOSU_QBASE0_ADDR);
wire wr_qbase1 = wr && (a == ETHOSU_QBASE1_ADDR);
wire wr_qsize  = wr && (a == ETHOSU_QSIZE_ADDR);
wire wr_qcfg   = wr && (a == ETHOSU_QCONFIG_ADDR);
wire wr_lock   = wr && (a == ETHOSU_LOCK_ADDR);
wire wr_rcfg   = wr && (a == ETHOSU_REGIONCFG_ADDR);
wire wr_axil   = wr && (a >= ETHOSU_AXI_LIMIT0_ADDR) && (a <= ETHOSU_AXI_LIMIT3_ADDR);
wire wr_basep  = wr && (a >= ETHOSU_BASEP0_ADDR) && (a <= ETHOSU_BASEP15_ADDR);
wire new_strm  = (wr_qbase0 || wr_qbase1 || wr_qsize) && !running;

wire cmd_run   = PWDATA[ETHOSU_CMD_TRANSITION_TO_RUNNING_STATE_LSB];
wire cmd_clri  = PWDATA[ETHOSU_CMD_CLEAR_IRQ_LSB];
wire [15:0] cmd_clrh = PWDATA[ETHOSU_CMD_CLEAR_IRQ_HISTORY_LSB +: 16];

assign run_req   = wr_cmd && cmd_run && !bus_q && !parse_q;
assign qread_clr = new_strm;

// Soft reset: drain, then RESET_CYCLES idle cycles, then clear.
localparam integer RCL = RESET_CYCLES - 1;
localparam [7:0] RC_LAST = RCL[7:0];
wire rs_done = rs_active && axi_idle && (rs_cnt == RC_LAST);
assign clr       = rs_done;
assign halt      = rs_active;
assign resetting = rs_active;

always @(posedge CLK or negedge nRESET) begin
    if (!nRESET) begin
        cmd_q       <= ETHOSU_CMD_RESET;
        qbase0_q    <= ETHOSU_QBASE0_RESET;
        qbase1_q    <= ETHOSU_QBASE1_RESET;
        qconfig_q   <= ETHOSU_QCONFIG_RESET;
        qsize_q     <= ETHOSU_QSIZE_RESET;
        lock_q      <= ETHOSU_LOCK_RESET;
        regioncfg_q <= ETHOSU_REGIONCFG_RESET;
        reset_q     <= ETHOSU_RESET_RESET[1:0];
        prot_q      <= 2'b00;
        por_pending <= 1'b1;
        axi_limit_q <= 128'd0;
        basep_q     <= 512'd0;
        store_q     <= {32*NSTORE{1'b0}};
        irq_q       <= 1'b0;
        bus_q       <= 1'b0;
        parse_q     <= 1'b0;
        end_q       <= 1'b0;
        fif_q       <= 1'b0;
        fch_q       <= 4'd0;
        hist_q      <= 16'd0;
        rs_active   <= 1'b0;
        rs_pprot    <= 2'b00;
        rs_cnt      <= 8'd0;
    end else if (rs_done) begin
        // end of a soft reset: everything but RESET to its reset value
        cmd_q       <= ETHOSU_CMD_RESET;
        qbase0_q    <= ETHOSU_QBASE0_RESET;
        qbase1_q    <= ETHOSU_QBASE1_RESET;
        qconfig_q   <= ETHOSU_QCONFIG_RESET;
        qsize_q     <= ETHOSU_QSIZE_RESET;
        lock_q      <= ETHOSU_LOCK_RESET;
        regioncfg_q <= ETHOSU_REGIONCFG_RESET;
        prot_q      <= {rs_pprot[1] | reset_q[1], rs_pprot[0] & reset_q[0]};
        axi_limit_q <= 128'd0;
        basep_q     <= 512'd0;
        store_q     <= {32*NSTORE{1'b0}};
        irq_q       <= 1'b0;
        bus_q       <= 1'b0;
        parse_q     <= 1'b0;
        end_q       <= 1'b0;
        fif_q       <= 1'b0;
        fch_q       <= 4'd0;
        hist_q      <= 16'd0;
        rs_active   <= 1'b0;
        rs_cnt      <= 8'd0;
    end else begin
        if (por_pending) begin
            prot_q      <= {PORSL, PORPL};
            por_pending <= 1'b0;
        end

        // ---- soft reset sequencing ----
        if (wr_reset) begin
            reset_q   <= PWDATA[1:0] & ETHOSU_RESET_WMASK[1:0];
            rs_pprot  <= PPROT[1:0];
            rs_active <= 1'b1;
            rs_cnt    <= 8'd0;
        end else if (rs_active) begin
            rs_cnt <= axi_idle ? rs_cnt + 8'd1 : 8'd0;
        end

        // ---- register writes ----
        if (wr_cmd)    cmd_q     <= PWDATA & ETHOSU_CMD_WMASK;
        if (wr_qbase0) qbase0_q  <= PWDATA & ETHOSU_QBASE0_WMASK;
        if (wr_qbase1) qbase1_q  <= PWDATA & ETHOSU_QBASE1_WMASK;
        if (wr_qsize)  qsize_q   <= PWDATA & ETHOSU_QSIZE_WMASK;
        if (wr_qcfg)   qconfig_q <= PWDATA & ETHOSU_QCONFIG_WMASK;
        if (wr_rcfg)   regioncfg_q <= PWDATA & ETHOSU_REGIONCFG_WMASK;
        if (wr_lock && (lock_q == 32'd0 || PWDATA == 32'd0))
            lock_q <= PWDATA & ETHOSU_LOCK_WMASK;
        if (wr_axil)
            axi_limit_q[{a[3:2], 5'd0} +: 32] <= PWDATA & AXIL_WMASK;
        for (wi = 0; wi < NSTORE; wi = wi + 1)
            if (wr && store_hit[wi])
                store_q[32*wi +: 32] <= PWDATA & STORE_WMASK[32*wi +: 32];
        if (wr_basep)
            basep_q[{a[5:2], 5'd0} +: 32] <= PWDATA & (a[2] ? ETHOSU_BASEP1_WMASK : ETHOSU_BASEP0_WMASK);

        // ---- STATUS: clears by CMD, then the events of this cycle ----
        irq_q  <= (irq_q && !(wr_cmd && cmd_clri)) || ev_irq;
        hist_q <= (hist_q & ~(wr_cmd ? cmd_clrh : 16'd0)) | (ev_irq ? ev_mask : 16'd0);
        if (new_strm)
            end_q <= 1'b0;
        if (ev_end)
            end_q <= 1'b1;
        if (ev_parse)
            parse_q <= 1'b1;
        if (ev_bus) begin
            bus_q <= 1'b1;
            fif_q <= ev_fault_if;
            fch_q <= ev_fault_ch;
        end
    end
end

assign IRQ            = irq_q;
assign irq_raised     = irq_q;
assign qbase          = {qbase1_q, qbase0_q[31:2], 2'b00};
assign qsize          = {qsize_q[31:2], 2'b00};
assign qconfig        = qconfig_q[1:0];
assign regioncfg      = regioncfg_q[15:0];
assign prot           = prot_eff;
assign clock_q_enable = cmd_q[ETHOSU_CMD_CLOCK_Q_ENABLE_LSB];
assign power_q_enable = cmd_q[ETHOSU_CMD_POWER_Q_ENABLE_LSB];

assign basep          = basep_q;

// The engines' view of a setting n: its port and its limits in AXI_LIMIT's
// layout (max_beats [1:0], memtype [7:4], outstanding reads - 1 [23:16]).
genvar gi;
generate
    for (gi = 0; gi < 4; gi = gi + 1) begin : g_setting
        /* verilator lint_off UNUSEDSIGNAL */
        wire [31:0] attr = axi_limit_q[32*gi +: 32];   // U85: mem_domain and the reserved bits unused
        /* verilator lint_on UNUSEDSIGNAL */
        if (ETHOSU_PRODUCT == 2) begin : g_u85
            wire        ext = attr[ETHOSU_MEM_ATTR0_AXI_PORT_LSB];
            /* verilator lint_off UNUSEDSIGNAL */
            wire [31:0] lim = store_q[32*(ext ? S_AXI_EXT : S_AXI_SRAM) +: 32];   // AXI_SRAM / AXI_EXT
            /* verilator lint_on UNUSEDSIGNAL */
            assign cfg_port[gi] = ext;
            assign axi_limit[32*gi +: 32] = {3'd0, lim[12:8], 2'd0, lim[5:0], 8'd0, attr[7:4], 2'd0, lim[17:16]};
        end else begin : g_u65
            assign cfg_port[gi] = (gi >= 2);
            assign axi_limit[32*gi +: 32] = attr;
        end
    end
endgenerate

/* verilator lint_off UNUSEDSIGNAL */
wire unused_ok = &{1'b0, PPROT[2], qconfig_q[31:2], regioncfg_q[31:16]};
/* verilator lint_on UNUSEDSIGNAL */

endmodule
