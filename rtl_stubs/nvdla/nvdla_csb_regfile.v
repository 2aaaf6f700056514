// nvdla_csb_regfile: the complete nv_small register file behind the CSB port.
//
// Storage is two arrays of 32-bit words indexed by the generated register
// index (REG_*): grp0 holds group 0 of every D_ (ping-pong) register and the
// only copy of every single (S_, GLB, CFGROM, ...) register; grp1 holds
// group 1 of the D_ registers (its other entries are never written).
// The arrays themselves are not reset: a per-word "written" bit, cleared by
// reset, makes a word read as its reset value (cfgrom_reset()) until it is
// first written (this keeps the storage a plain memory; Verilator also
// rejects a reset loop of non-blocking array writes). Every word only ever
// holds defined field bits: writes keep RO bits, clear W1C bits written as 1
// and take RW bits from the data.
//
// CSB: the request channel is always ready after reset, because every
// request is answered exactly one cycle after it is accepted and the
// response channels have no back-pressure; responses therefore come back
// in request order by construction.
//
// Engines: only SDP (with SDP_RDMA, memory input) has an engine in the stub.
// The other ping-pong units keep OP_EN set forever once it is written: a
// test that waits for them times out, which is the honest result for a stub
// without those datapaths. Their S_STATUS reads IDLE because nothing runs.
// S_STATUS never reports PENDING (2): a group that is enabled but waiting
// for its partner unit reads IDLE.
//
// ConfigROM: NVDLA_CONFIG names the hardware configuration ("nv_small",
// "nv_large", ...); the CFGROM registers that follow it read that
// configuration's values (generated nvdla_cfgrom.vh, the twin's values), the
// others nv_small's. DBBIF_W and ADDR_W are the top's port widths: they must
// be the configuration's, so the ConfigROM describes the ports it sits behind.
//
// Clock/reset: one clock (the core clock), synchronous active-low reset.
module nvdla_csb_regfile #(
    parameter [8*32-1:0] NVDLA_CONFIG = "nv_small",   // up to 32 characters
    parameter integer    DBBIF_W      = 64,           // the top's DBBIF data bits
    parameter integer    ADDR_W       = 32            // the top's address bits
) (
    input             clk,
    input             rstn,

    // CSB (csb2nvdla_addr is a word address: byte address >> 2)
    input             csb2nvdla_valid,
    output            csb2nvdla_ready,
    input      [15:0] csb2nvdla_addr,
    input      [31:0] csb2nvdla_wdat,
    input             csb2nvdla_write,
    input             csb2nvdla_nposted,
    output reg        nvdla2csb_valid,
    output reg [31:0] nvdla2csb_data,
    output reg        nvdla2csb_wr_complete,

    output reg        dla_intr,

    // SDP engine: values of the consumer groups of SDP and SDP_RDMA
    output            sdp_op_en,             // SDP D_OP_ENABLE.OP_EN
    output            sdp_rdma_op_en,        // SDP_RDMA D_OP_ENABLE.OP_EN
    output     [31:0] rdma_cube_width,       // SDP_RDMA D_DATA_CUBE_WIDTH
    output     [31:0] rdma_cube_height,      // SDP_RDMA D_DATA_CUBE_HEIGHT
    output     [31:0] rdma_cube_channel,     // SDP_RDMA D_DATA_CUBE_CHANNEL
    output     [31:0] rdma_feature_mode,     // SDP_RDMA D_FEATURE_MODE_CFG
    output     [63:0] rdma_src_base,         // SDP_RDMA D_SRC_BASE_ADDR_HIGH:LOW
    output     [31:0] rdma_src_line_stride,  // SDP_RDMA D_SRC_LINE_STRIDE
    output     [31:0] rdma_src_surf_stride,  // SDP_RDMA D_SRC_SURFACE_STRIDE
    output     [63:0] sdp_dst_base,          // SDP D_DST_BASE_ADDR_HIGH:LOW
    output     [31:0] sdp_dst_line_stride,   // SDP D_DST_LINE_STRIDE
    output     [31:0] sdp_dst_surf_stride,   // SDP D_DST_SURFACE_STRIDE
    input             sdp_busy,              // engine holds the consumer groups
    input             sdp_done,              // one-cycle pulse: layer finished
    input             cbuf_flush_done        // CDMA S_CBUF_FLUSH_STATUS.FLUSH_DONE
);

// The generated map declares every register of nv_small; this module refers
// to only a few of them by name, so unused localparams are expected here.
/* verilator lint_off UNUSEDPARAM */
`include "nvdla_regs.vh"
`include "nvdla_cfgrom.vh"
/* verilator lint_on UNUSEDPARAM */

// The configuration, and its checks at elaboration (a missing module, as
// Icarus 11 does not accept elaboration-time $error).
localparam integer CFG = nvdla_config_index(NVDLA_CONFIG);
generate
    if (CFG < 0) begin : g_bad_config
        NV_nvdla_NVDLA_CONFIG_is_not_a_public_configuration u_error ();
    end else if (nvdla_config_dbbif_width(CFG) != DBBIF_W) begin : g_bad_config_width
        NV_nvdla_PRIMARY_MEMIF_WIDTH_differs_from_the_NVDLA_CONFIG_one u_error ();
    end else if (nvdla_config_address_width(CFG) != ADDR_W) begin : g_bad_config_addr
        NV_nvdla_MEM_ADDRESS_WIDTH_differs_from_the_NVDLA_CONFIG_one u_error ();
    end
endgenerate

// Field positions used below (from the register description).
localparam integer PRODUCER_BIT = 0;    // S_POINTER.PRODUCER
localparam integer CONSUMER_BIT = 16;   // S_POINTER.CONSUMER
localparam integer OP_EN_BIT    = 0;    // D_OP_ENABLE.OP_EN

// Ping-pong bookkeeping registers of a unit:
// {has ping-pong, S_STATUS index, S_POINTER index, D_OP_ENABLE index}.
// Hand-written list: the generated header names these registers but does
// not tabulate them per unit.
localparam integer PPW = 3 * NVDLA_IDXW + 1;
function automatic [PPW-1:0] pp_info(input [NVDLA_UNITW-1:0] u);
    case (u)
        UNIT_CDMA:     pp_info = {1'b1, REG_CDMA_S_STATUS,     REG_CDMA_S_POINTER,     REG_CDMA_D_OP_ENABLE};
        UNIT_CSC:      pp_info = {1'b1, REG_CSC_S_STATUS,      REG_CSC_S_POINTER,      REG_CSC_D_OP_ENABLE};
        UNIT_CMAC_A:   pp_info = {1'b1, REG_CMAC_A_S_STATUS,   REG_CMAC_A_S_POINTER,   REG_CMAC_A_D_OP_ENABLE};
        UNIT_CMAC_B:   pp_info = {1'b1, REG_CMAC_B_S_STATUS,   REG_CMAC_B_S_POINTER,   REG_CMAC_B_D_OP_ENABLE};
        UNIT_CACC:     pp_info = {1'b1, REG_CACC_S_STATUS,     REG_CACC_S_POINTER,     REG_CACC_D_OP_ENABLE};
        UNIT_SDP_RDMA: pp_info = {1'b1, REG_SDP_RDMA_S_STATUS, REG_SDP_RDMA_S_POINTER, REG_SDP_RDMA_D_OP_ENABLE};
        UNIT_SDP:      pp_info = {1'b1, REG_SDP_S_STATUS,      REG_SDP_S_POINTER,      REG_SDP_D_OP_ENABLE};
        UNIT_PDP_RDMA: pp_info = {1'b1, REG_PDP_RDMA_S_STATUS, REG_PDP_RDMA_S_POINTER, REG_PDP_RDMA_D_OP_ENABLE};
        UNIT_PDP:      pp_info = {1'b1, REG_PDP_S_STATUS,      REG_PDP_S_POINTER,      REG_PDP_D_OP_ENABLE};
        UNIT_CDP_RDMA: pp_info = {1'b1, REG_CDP_RDMA_S_STATUS, REG_CDP_RDMA_S_POINTER, REG_CDP_RDMA_D_OP_ENABLE};
        UNIT_CDP:      pp_info = {1'b1, REG_CDP_S_STATUS,      REG_CDP_S_POINTER,      REG_CDP_D_OP_ENABLE};
        UNIT_RBK:      pp_info = {1'b1, REG_RBK_S_STATUS,      REG_RBK_S_POINTER,      REG_RBK_D_OP_ENABLE};
        default:       pp_info = {PPW{1'b0}};
    endcase
endfunction

reg [31:0]            grp0 [0:NVDLA_NREGS-1];
reg [31:0]            grp1 [0:NVDLA_NREGS-1];
reg [NVDLA_NREGS-1:0] wrt0, wrt1;   // word written since reset

// Current value of a word of group 0 / group 1.
function automatic [31:0] word0(input [NVDLA_IDXW-1:0] r);
    word0 = wrt0[r] ? grp0[r] : cfgrom_reset(CFG, r);
endfunction
function automatic [31:0] word1(input [NVDLA_IDXW-1:0] r);
    word1 = wrt1[r] ? grp1[r] : cfgrom_reset(CFG, r);
endfunction

// ---------------------------------------------------------------------------
// Per-unit ping-pong state, read out of the stored S_POINTER / D_OP_ENABLE.
// ---------------------------------------------------------------------------
wire [NVDLA_NUNITS-1:0] producer, consumer, op_en0, op_en1, running;

genvar gu;
generate
    for (gu = 0; gu < NVDLA_NUNITS; gu = gu + 1) begin : g_unit
        localparam [NVDLA_UNITW-1:0] U    = gu;
        localparam [PPW-1:0]         INFO = pp_info(U);
        localparam                   PP   = INFO[PPW-1];
        localparam [NVDLA_IDXW-1:0]  PTR  = INFO[2*NVDLA_IDXW-1:NVDLA_IDXW];
        localparam [NVDLA_IDXW-1:0]  OP   = INFO[NVDLA_IDXW-1:0];
        wire [31:0] ptr = word0(PTR);
        wire [31:0] op0 = word0(OP);
        wire [31:0] op1 = word1(OP);
        assign producer[gu] = PP & ptr[PRODUCER_BIT];
        assign consumer[gu] = PP & ptr[CONSUMER_BIT];
        assign op_en0[gu]   = PP & op0[OP_EN_BIT];
        assign op_en1[gu]   = PP & op1[OP_EN_BIT];
        assign running[gu]  = (U == UNIT_SDP || U == UNIT_SDP_RDMA) & sdp_busy;
        // Only the pointer and enable bits matter here.
        /* verilator lint_off UNUSEDSIGNAL */
        wire unused_ok = &{1'b0, ptr, op0, op1};
        /* verilator lint_on UNUSEDSIGNAL */
    end
endgenerate

// ---------------------------------------------------------------------------
// Request decode (reads and writes share it: one request per cycle).
// ---------------------------------------------------------------------------
wire                    req_fire = csb2nvdla_valid & csb2nvdla_ready;
wire [NVDLA_IDXW:0]     dec      = reg_index(csb2nvdla_addr);
wire [NVDLA_IDXW-1:0]   idx      = dec[NVDLA_IDXW-1:0];
wire [NVDLA_UNITW-1:0]  unit     = reg_unit(idx);
// a unit the configuration leaves out reads 0 and ignores writes, as an address hole
wire                    hit      = dec[NVDLA_IDXW] & nvdla_unit_decoded(CFG, unit);
wire [PPW-1:0]          info     = pp_info(unit);
// D_ registers are accessed in the producer group, everything else in grp0.
wire                    grp      = reg_dual(idx) & producer[unit];
wire [31:0]             cur      = grp ? word1(idx) : word0(idx);
wire [31:0]             rw_m     = reg_rw_mask(idx);
wire [31:0]             ro_m     = reg_ro_mask(idx);
wire [31:0]             w1c_m    = reg_w1c_mask(idx);

// S_STATUS is computed: RUNNING (1) for the consumer group while enabled and
// run by an engine, IDLE (0) otherwise.
wire                    is_status = info[PPW-1] & (idx == info[3*NVDLA_IDXW-1:2*NVDLA_IDXW]);
wire                    run_g0   = ~consumer[unit] & op_en0[unit] & running[unit];
wire                    run_g1   =  consumer[unit] & op_en1[unit] & running[unit];
wire [31:0]             status_v = {14'd0, 1'b0, run_g1, 14'd0, 1'b0, run_g0};

// FLUSH_DONE follows the CBUF flush after reset, not storage.
wire        is_flush = idx == REG_CDMA_S_CBUF_FLUSH_STATUS;

// S_INTR_SET is write-only: a write sets those bits of S_INTR_STATUS.
wire        is_intr_set = idx == REG_GLB_S_INTR_SET;
wire [31:0] intr_set_status = word0(REG_GLB_S_INTR_STATUS) |
                              (csb2nvdla_wdat & reg_rw_mask(REG_GLB_S_INTR_SET) & ~nvdla_intr_left_out(CFG));

wire [31:0] rd_val = ~hit      ? 32'd0 :
                     is_intr_set ? 32'd0 :
                     is_status ? status_v :
                     is_flush  ? {31'd0, cbuf_flush_done} :
                                 cur & (rw_m | ro_m | w1c_m);

// A write to a D_ register of a group whose OP_EN is set is dropped.
wire        locked = reg_dual(idx) & (grp ? op_en1[unit] : op_en0[unit]);
wire        wr_en  = req_fire & csb2nvdla_write & hit & ~locked;
wire [31:0] wr_val = (csb2nvdla_wdat & rw_m) | (cur & ro_m) | (cur & w1c_m & ~csb2nvdla_wdat);

// Value a single register holds after this cycle's CSB write: used for the
// registers the engine also updates in the same cycle.
function automatic [31:0] after_wr(input [NVDLA_IDXW-1:0] r);
    if (wr_en && is_intr_set && r == REG_GLB_S_INTR_STATUS)
        after_wr = intr_set_status;
    else
        after_wr = (wr_en && !grp && idx == r) ? wr_val : word0(r);
endfunction

// ---------------------------------------------------------------------------
// SDP engine view: registers of the consumer groups.
// ---------------------------------------------------------------------------
wire sdp_cons  = consumer[UNIT_SDP];
wire rdma_cons = consumer[UNIT_SDP_RDMA];

function automatic [31:0] rdma_word(input [NVDLA_IDXW-1:0] r);
    rdma_word = rdma_cons ? word1(r) : word0(r);
endfunction
function automatic [31:0] sdp_word(input [NVDLA_IDXW-1:0] r);
    sdp_word = sdp_cons ? word1(r) : word0(r);
endfunction

assign sdp_op_en            = sdp_cons  ? op_en1[UNIT_SDP]      : op_en0[UNIT_SDP];
assign sdp_rdma_op_en       = rdma_cons ? op_en1[UNIT_SDP_RDMA] : op_en0[UNIT_SDP_RDMA];
assign rdma_cube_width      = rdma_word(REG_SDP_RDMA_D_DATA_CUBE_WIDTH);
assign rdma_cube_height     = rdma_word(REG_SDP_RDMA_D_DATA_CUBE_HEIGHT);
assign rdma_cube_channel    = rdma_word(REG_SDP_RDMA_D_DATA_CUBE_CHANNEL);
assign rdma_feature_mode    = rdma_word(REG_SDP_RDMA_D_FEATURE_MODE_CFG);
assign rdma_src_base        = {rdma_word(REG_SDP_RDMA_D_SRC_BASE_ADDR_HIGH),
                               rdma_word(REG_SDP_RDMA_D_SRC_BASE_ADDR_LOW)};
assign rdma_src_line_stride = rdma_word(REG_SDP_RDMA_D_SRC_LINE_STRIDE);
assign rdma_src_surf_stride = rdma_word(REG_SDP_RDMA_D_SRC_SURFACE_STRIDE);
assign sdp_dst_base         = {sdp_word(REG_SDP_D_DST_BASE_ADDR_HIGH),
                               sdp_word(REG_SDP_D_DST_BASE_ADDR_LOW)};
assign sdp_dst_line_stride  = sdp_word(REG_SDP_D_DST_LINE_STRIDE);
assign sdp_dst_surf_stride  = sdp_word(REG_SDP_D_DST_SURFACE_STRIDE);

// GLB S_INTR_STATUS bit of the SDP group that finished (SDP_DONE_STATUS0/1).
wire [31:0] sdp_done_bit = sdp_cons ? 32'h2 : 32'h1;
wire [31:0] cons_toggle  = 32'd1 << CONSUMER_BIT;

// ---------------------------------------------------------------------------
// Storage update.
// ---------------------------------------------------------------------------
reg ready_q;
assign csb2nvdla_ready = ready_q;

always @(posedge clk) begin
    if (!rstn) begin
        wrt0                  <= {NVDLA_NREGS{1'b0}};
        wrt1                  <= {NVDLA_NREGS{1'b0}};
        ready_q               <= 1'b0;
        nvdla2csb_valid       <= 1'b0;
        nvdla2csb_data        <= 32'd0;
        nvdla2csb_wr_complete <= 1'b0;
        dla_intr              <= 1'b0;
    end else begin
        ready_q <= 1'b1;

        if (wr_en && is_intr_set) begin
            grp0[REG_GLB_S_INTR_STATUS] <= intr_set_status;
            wrt0[REG_GLB_S_INTR_STATUS] <= 1'b1;
        end else if (wr_en) begin
            if (grp) begin
                grp1[idx] <= wr_val;
                wrt1[idx] <= 1'b1;
            end else begin
                grp0[idx] <= wr_val;
                wrt0[idx] <= 1'b1;
            end
        end

        // Layer done. These assignments come after the CSB write so they win;
        // words that the CSB may have written this cycle are merged through
        // after_wr(). D_OP_ENABLE of the consumer groups needs no merge: it
        // is set while the engine runs, so CSB writes to those groups are
        // being dropped. OP_EN is the only field of D_OP_ENABLE.
        if (sdp_done) begin
            if (sdp_cons) begin
                grp1[REG_SDP_D_OP_ENABLE] <= 32'd0;
                wrt1[REG_SDP_D_OP_ENABLE] <= 1'b1;
            end else begin
                grp0[REG_SDP_D_OP_ENABLE] <= 32'd0;
                wrt0[REG_SDP_D_OP_ENABLE] <= 1'b1;
            end
            if (rdma_cons) begin
                grp1[REG_SDP_RDMA_D_OP_ENABLE] <= 32'd0;
                wrt1[REG_SDP_RDMA_D_OP_ENABLE] <= 1'b1;
            end else begin
                grp0[REG_SDP_RDMA_D_OP_ENABLE] <= 32'd0;
                wrt0[REG_SDP_RDMA_D_OP_ENABLE] <= 1'b1;
            end
            grp0[REG_SDP_S_POINTER]      <= after_wr(REG_SDP_S_POINTER) ^ cons_toggle;
            grp0[REG_SDP_RDMA_S_POINTER] <= after_wr(REG_SDP_RDMA_S_POINTER) ^ cons_toggle;
            // The status bit is set whatever the mask says.
            grp0[REG_GLB_S_INTR_STATUS]  <= after_wr(REG_GLB_S_INTR_STATUS) | sdp_done_bit;
            wrt0[REG_SDP_S_POINTER]      <= 1'b1;
            wrt0[REG_SDP_RDMA_S_POINTER] <= 1'b1;
            wrt0[REG_GLB_S_INTR_STATUS]  <= 1'b1;
        end

        // Responses, one cycle after acceptance.
        nvdla2csb_valid       <= req_fire & ~csb2nvdla_write;
        nvdla2csb_data        <= (req_fire & ~csb2nvdla_write) ? rd_val : 32'd0;
        nvdla2csb_wr_complete <= req_fire & csb2nvdla_write & csb2nvdla_nposted;

        // Level interrupt: any unmasked status bit (registered, one cycle late).
        dla_intr <= |(word0(REG_GLB_S_INTR_STATUS) & ~word0(REG_GLB_S_INTR_MASK));
    end
end

endmodule
