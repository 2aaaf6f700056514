// nvdla_sdp_bypass: the SDP engine of the stub. It copies a data cube from
// memory to memory over the DBBIF AXI port, atom by atom and unchanged.
//
// It starts when OP_EN is set in the consumer groups of both SDP and
// SDP_RDMA and SDP_RDMA D_FEATURE_MODE_CFG.FLYING_MODE is OFF (input from
// memory). With FLYING_MODE ON it never starts (no convolution pipeline in
// the stub). The SDP datapath configuration (BS/BN/EW, converters, LUT,
// output precision) is ignored: the stub only copies.
//
// Geometry comes from SDP_RDMA (cube size, source) and SDP (destination):
//   W = WIDTH+1, H = HEIGHT+1, C = CHANNEL+1; an atom is one beat of the
//   data bus, DATA_W/8 bytes (the configuration's MEMORY_ATOMIC_SIZE: 8, 16
//   or 32), holding that many int8 channels, or half as many when
//   IN_PRECISION is INT16/FP16;
//   S = ceil(C / channels per atom) surfaces; a line is W atoms at
//   base + s*SURFACE_STRIDE + h*LINE_STRIDE. For W = H = 1 the surfaces are
//   consecutive atoms on both sides (one line of S atoms).
// Base addresses are ADDR_HIGH:ADDR_LOW cut to ADDR_W bits: with 32-bit
// addresses (nv_small) a non-zero ADDR_HIGH is out of range and ignored.
//
// Data path: AR bursts (up to MAX_RD bursts outstanding, space for all of
// their beats reserved in the beat FIFO when the AR is issued, so rready can
// stay 1) -> beat FIFO -> W. AW bursts are cut independently of AR (source
// and destination addresses differ) and issued ahead of the data, up to
// MAX_WR bursts without a B response. A W burst starts only after its AW
// handshake. The layer is done when every AW has been issued and every B
// response has come back; `done` then pulses for one cycle and the register
// file retires the consumer groups. The next enabled group starts on the
// cycle after.
//
// AXI IDs: one constant ID per direction (reads and writes are each returned
// in order); non-zero so that a memory model echoing a wrong or reset-value
// ID is noticed. rid/bid are not checked.
module nvdla_sdp_bypass #(
    parameter [7:0]   ARID   = 8'h01,
    parameter [7:0]   AWID   = 8'h02,
    parameter integer DATA_W = 64,      // DBBIF data bits: 64, 128 or 256
    parameter integer ADDR_W = 32       // DBBIF address bits: 32 or 64
) (
    input         clk,
    input         rstn,

    // consumer-group registers (see nvdla_csb_regfile)
    input         sdp_op_en,
    input         sdp_rdma_op_en,
    input  [31:0] rdma_cube_width,
    input  [31:0] rdma_cube_height,
    input  [31:0] rdma_cube_channel,
    input  [31:0] rdma_feature_mode,
    input  [63:0] rdma_src_base,
    input  [31:0] rdma_src_line_stride,
    input  [31:0] rdma_src_surf_stride,
    input  [63:0] sdp_dst_base,
    input  [31:0] sdp_dst_line_stride,
    input  [31:0] sdp_dst_surf_stride,
    output        busy,
    output        done,

    // AXI manager (DBBIF shape)
    output                  aw_awvalid,
    input                   aw_awready,
    output [7:0]            aw_awid,
    output [3:0]            aw_awlen,
    output [ADDR_W-1:0]     aw_awaddr,
    output                  w_wvalid,
    input                   w_wready,
    output [DATA_W-1:0]     w_wdata,
    output [DATA_W/8-1:0]   w_wstrb,
    output                  w_wlast,
    output                  ar_arvalid,
    input                   ar_arready,
    output [7:0]            ar_arid,
    output [3:0]            ar_arlen,
    output [ADDR_W-1:0]     ar_araddr,
    input         b_bvalid,
    output        b_bready,
    input  [7:0]  b_bid,
    input         r_rvalid,
    output        r_rready,
    input  [7:0]  r_rid,
    input         r_rlast,
    input  [DATA_W-1:0] r_rdata
);

localparam [2:0] MAX_RD     = 3'd4;          // read bursts in flight
localparam [2:0] MAX_WR     = 3'd4;          // write bursts without B
localparam integer FIFO_AW  = 6;
localparam [6:0] FIFO_DEPTH = 7'd64;         // MAX_RD bursts of 16 beats

localparam [1:0] ST_IDLE = 2'd0, ST_RUN = 2'd1, ST_DONE = 2'd2;
reg [1:0] state;

// ---------------------------------------------------------------------------
// Geometry of the cube (registers are stable while OP_EN is set).
// ---------------------------------------------------------------------------
wire        flying     = rdma_feature_mode[0];      // FLYING_MODE
wire        in_int8    = rdma_feature_mode[3:2] == 2'd0;  // IN_PRECISION
wire [12:0] width_m1   = rdma_cube_width[12:0];
wire [12:0] height_m1  = rdma_cube_height[12:0];
wire [12:0] chan_m1    = rdma_cube_channel[12:0];
// channels per atom: 2^AL int8 or 2^(AL-1) 16-bit elements;
// ceil(C/n) - 1 = (C-1) div n
localparam integer AL = DATA_W == 256 ? 5 : DATA_W == 128 ? 4 : 3;
wire [12:0] surf_m1    = in_int8 ? chan_m1 >> AL : chan_m1 >> (AL - 1);
wire        one_by_one = width_m1 == 13'd0 && height_m1 == 13'd0;
wire [13:0] line_atoms = one_by_one ? {1'b0, surf_m1} + 14'd1 : {1'b0, width_m1} + 14'd1;
wire [12:0] last_line  = one_by_one ? 13'd0 : height_m1;
wire [12:0] last_surf  = one_by_one ? 13'd0 : surf_m1;

wire start = (state == ST_IDLE) & sdp_op_en & sdp_rdma_op_en & ~flying;

// ---------------------------------------------------------------------------
// Burst generators: AR side, AW side and W side (the W side walks the same
// bursts as AW to know each burst's length for wlast).
// ---------------------------------------------------------------------------
// Base addresses at the bus's address width.
wire [ADDR_W-1:0] src_base = rdma_src_base[ADDR_W-1:0];
wire [ADDR_W-1:0] dst_base = sdp_dst_base[ADDR_W-1:0];

wire              rg_more, awg_more, wg_more;
wire [ADDR_W-1:0] rg_addr, awg_addr, wg_addr;
wire [4:0]  rg_beats, awg_beats, wg_beats;
wire        ar_load, aw_load, w_burst_end;

nvdla_sdp_burst_gen #(.DATA_W(DATA_W), .ADDR_W(ADDR_W)) u_rd_gen (
    .clk(clk), .rstn(rstn), .start(start), .next(ar_load),
    .base(src_base), .line_stride(rdma_src_line_stride), .surf_stride(rdma_src_surf_stride),
    .line_atoms(line_atoms), .last_line(last_line), .last_surf(last_surf),
    .more(rg_more), .addr(rg_addr), .beats(rg_beats));

nvdla_sdp_burst_gen #(.DATA_W(DATA_W), .ADDR_W(ADDR_W)) u_aw_gen (
    .clk(clk), .rstn(rstn), .start(start), .next(aw_load),
    .base(dst_base), .line_stride(sdp_dst_line_stride), .surf_stride(sdp_dst_surf_stride),
    .line_atoms(line_atoms), .last_line(last_line), .last_surf(last_surf),
    .more(awg_more), .addr(awg_addr), .beats(awg_beats));

nvdla_sdp_burst_gen #(.DATA_W(DATA_W), .ADDR_W(ADDR_W)) u_w_gen (
    .clk(clk), .rstn(rstn), .start(start), .next(w_burst_end),
    .base(dst_base), .line_stride(sdp_dst_line_stride), .surf_stride(sdp_dst_surf_stride),
    .line_atoms(line_atoms), .last_line(last_line), .last_surf(last_surf),
    .more(wg_more), .addr(wg_addr), .beats(wg_beats));

// ---------------------------------------------------------------------------
// Read side. arvalid/araddr/arlen are registers loaded with the next burst
// only when the slot is free, so they stay stable until arready.
// ---------------------------------------------------------------------------
reg        arvalid_q;
reg [ADDR_W-1:0] araddr_q;
reg [3:0]  arlen_q;
reg [2:0]  rd_out;        // bursts issued whose last beat has not arrived
reg [6:0]  credit;        // FIFO entries neither filled nor reserved

assign ar_load = (state == ST_RUN) & rg_more & (~arvalid_q | ar_arready)
               & (rd_out != MAX_RD) & (credit >= {2'd0, rg_beats});

wire r_fire = r_rvalid;   // rready is always 1: every beat has a reserved slot

// Beat FIFO between R and W.
reg [DATA_W-1:0]  fifo [0:(1<<FIFO_AW)-1];
reg [FIFO_AW-1:0] fifo_wp, fifo_rp;
reg [6:0]         fifo_cnt;

// ---------------------------------------------------------------------------
// Write side.
// ---------------------------------------------------------------------------
reg        awvalid_q;
reg [ADDR_W-1:0] awaddr_q;
reg [3:0]  awlen_q;
reg [2:0]  wr_out;        // AW bursts issued without a B response
reg [2:0]  aw_ahead;      // AW handshakes not yet matched by a W burst
reg [3:0]  w_beat;        // beat index inside the current W burst

assign aw_load = (state == ST_RUN) & awg_more & (~awvalid_q | aw_awready) & (wr_out != MAX_WR);

// wvalid only falls after a W handshake, so it is stable until wready.
wire w_valid   = (fifo_cnt != 7'd0) & (aw_ahead != 3'd0);
wire w_last    = ({1'b0, w_beat} + 5'd1) == wg_beats;
wire w_fire    = w_valid & w_wready;
assign w_burst_end = w_fire & w_last;
wire aw_fire   = awvalid_q & aw_awready;
wire b_fire    = b_bvalid;

wire all_written = (state == ST_RUN) & ~awg_more & (wr_out == 3'd0);

always @(posedge clk) begin
    if (!rstn) begin
        state     <= ST_IDLE;
        arvalid_q <= 1'b0;
        araddr_q  <= {ADDR_W{1'b0}};
        arlen_q   <= 4'd0;
        rd_out    <= 3'd0;
        credit    <= FIFO_DEPTH;
        fifo_wp   <= {FIFO_AW{1'b0}};
        fifo_rp   <= {FIFO_AW{1'b0}};
        fifo_cnt  <= 7'd0;
        awvalid_q <= 1'b0;
        awaddr_q  <= {ADDR_W{1'b0}};
        awlen_q   <= 4'd0;
        wr_out    <= 3'd0;
        aw_ahead  <= 3'd0;
        w_beat    <= 4'd0;
    end else begin
        case (state)
            ST_IDLE: if (start)       state <= ST_RUN;
            ST_RUN:  if (all_written) state <= ST_DONE;
            default:                  state <= ST_IDLE;
        endcase

        // AR
        if (ar_load) begin
            arvalid_q <= 1'b1;
            araddr_q  <= rg_addr;
            arlen_q   <= rg_beats[3:0] - 4'd1;
        end else if (ar_arready) begin
            arvalid_q <= 1'b0;
        end
        rd_out <= rd_out + {2'd0, ar_load} - {2'd0, r_fire & r_rlast};
        credit <= credit - (ar_load ? {2'd0, rg_beats} : 7'd0) + {6'd0, w_fire};

        // FIFO
        if (r_fire) begin
            fifo[fifo_wp] <= r_rdata;
            fifo_wp       <= fifo_wp + 1'b1;
        end
        if (w_fire)
            fifo_rp <= fifo_rp + 1'b1;
        fifo_cnt <= fifo_cnt + {6'd0, r_fire} - {6'd0, w_fire};

        // AW
        if (aw_load) begin
            awvalid_q <= 1'b1;
            awaddr_q  <= awg_addr;
            awlen_q   <= awg_beats[3:0] - 4'd1;
        end else if (aw_awready) begin
            awvalid_q <= 1'b0;
        end
        wr_out   <= wr_out + {2'd0, aw_load} - {2'd0, b_fire};
        aw_ahead <= aw_ahead + {2'd0, aw_fire} - {2'd0, w_burst_end};

        // W
        if (w_fire)
            w_beat <= w_last ? 4'd0 : w_beat + 4'd1;
    end
end

assign busy = state != ST_IDLE;
assign done = state == ST_DONE;

assign ar_arvalid = arvalid_q;
assign ar_arid    = ARID;
assign ar_arlen   = arlen_q;
assign ar_araddr  = araddr_q;
assign r_rready   = 1'b1;

assign aw_awvalid = awvalid_q;
assign aw_awid    = AWID;
assign aw_awlen   = awlen_q;
assign aw_awaddr  = awaddr_q;
assign w_wvalid   = w_valid;
assign w_wdata    = fifo[fifo_rp];
assign w_wstrb    = {(DATA_W/8){1'b1}};   // whole atoms only
assign w_wlast    = w_last;
assign b_bready   = 1'b1;

// Bits and signals the copy does not need: the upper halves of the size
// registers, the other FEATURE_MODE_CFG fields, response IDs, the W-side
// generator's address and its `more` (the AW side already tracks the end),
// bit 4 of the AW burst length (awlen holds beats-1 in 4 bits), the low
// channel bits below an atom and the base bits above ADDR_W.
/* verilator lint_off UNUSEDSIGNAL */
wire unused_ok = &{1'b0, rdma_cube_width[31:13], rdma_cube_height[31:13],
                   rdma_cube_channel[31:13], rdma_feature_mode[31:4],
                   rdma_feature_mode[1], r_rid, b_bid, wg_addr, wg_more, awg_beats[4],
                   rdma_src_base, sdp_dst_base};
/* verilator lint_on UNUSEDSIGNAL */

endmodule
