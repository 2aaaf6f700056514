// ethosu65_dma: the mem2mem DMA channel (user channel 0) of the Ethos-U65
// stub: NPU_OP_DMA_START queues a descriptor here, the engine copies it
// byte-exactly from memory to memory over AXI.
//
// Queue: two descriptors (TRM 4.6.4: two per channel); `count` is the number
// of descriptors not yet complete (the one executing included), which is what
// NPU_OP_DMA_WAIT compares with. A descriptor is complete when its last write
// response has come back. Descriptors run one after the other.
//
// Rows: see ethosu65_dma_rows (1D / 2D / 3D, SKIP0 / SKIP1). Every row is
// LEN bytes from any source byte address to any destination byte address.
//
// AXI, per row and side: the aligned beats covering the row, AxSIZE = the bus
// width, INCR bursts cut at the burst-split alignment (AXI_LIMITn.max_beats
// of the counter the region's REGIONCFG field selects: 64/128/256 bytes, so
// never across 4 KB). Reads go to M0 or M1 as REGIONCFG says for the source
// region; writes always go to M0 (TRM 3.3.3). Outstanding bursts are capped
// by AXI_LIMITn.max_outstanding_read_m1/_write_m1 + 1 (and MAX_RD / MAX_WR),
// AxCACHE comes from AXI_LIMITn.memtype. The limits are sampled when the
// descriptor starts.
//
// Data path: R beats -> beat FIFO (space for a whole burst is reserved when
// its AR is issued, so RREADY stays 1) -> a two-beat window that shifts the
// source byte lanes onto the destination lanes -> W. The first and last W
// beat of a row carry partial strobes. W beats of a burst are sent only after
// its AW handshake.
//
// A destination with the internal bit set (SHRAM, not modelled) reads the
// source and drops the data: no writes.
//
// Errors: the first SLVERR/DECERR on R or B pulses `fault` (with the port and
// direction) and the engine aborts: nothing new is issued, W bursts whose AW
// went out are completed with WSTRB = 0, outstanding responses are awaited,
// the queue is emptied and the engine stays dead until `clr`. `stop` (soft
// reset, or a fault elsewhere) aborts the same way without reporting.
module ethosu65_dma #(
    parameter integer DATA_W  = 128,
    parameter integer ADDR_W  = 40,
    parameter integer FIFO_AW = 5,          // beat FIFO of 2**FIFO_AW beats (at most 8)
    parameter [7:0]   AWID    = 8'd64       // TRM table A-10: 64-115 M2M stream (reads)
) (
    input                   clk,
    input                   rstn,
    input                   clr,
    input                   stop,

    // descriptor queue
    input                   push,
    input  [ADDR_W-1:0]     d_src,          // absolute address of the first source byte
    input  [ADDR_W-1:0]     d_dst,
    input  [31:0]           d_len,          // bytes per row
    input  [ADDR_W-1:0]     d_skip0,
    input  [ADDR_W-1:0]     d_skip1,
    input  [15:0]           d_size0,
    input  [15:0]           d_size1,
    input  [1:0]            d_src_mode,
    input  [1:0]            d_dst_mode,
    input  [1:0]            d_src_cfg,      // REGIONCFG field of the source region
    input  [1:0]            d_dst_cfg,
    input                   d_dst_internal,
    output [1:0]            count,
    output                  full,
    output                  busy,
    output                  rd_active,      // reads may be issued or are outstanding
    output                  rd_port,        // their port

    input  [127:0]          axi_limit,      // AXI_LIMIT3..0
    input  [3:0]            cfg_port,       // the port of each setting

    // AR request to the port multiplexer (granted when the port's AR slot is free)
    output                  ar_req,
    output                  ar_port,
    output [ADDR_W-1:0]     ar_addr,
    output [7:0]            ar_len,
    output [3:0]            ar_cache,
    input                   ar_gnt,

    // R beats of this engine (routed by RID and port, qualified by ACLKEN)
    input                   r_valid,
    input  [DATA_W-1:0]     r_data,
    input  [1:0]            r_resp,
    input                   r_last,

    // AW / W / B of M0
    input                   aclken,
    output                  awvalid,
    output [7:0]            awid,
    output [ADDR_W-1:0]     awaddr,
    output [7:0]            awlen,
    output [3:0]            awcache,
    input                   awready,
    output                  wvalid,
    output [DATA_W-1:0]     wdata,
    output [DATA_W/8-1:0]   wstrb,
    output                  wlast,
    input                   wready,
    input                   bvalid,
    input  [1:0]            bresp,

    output reg              fault,          // pulse: first error response
    output reg              fault_write,    // 1: B (mem2mem write), 0: R (mem2mem read)
    output reg              fault_port
);

localparam integer BYTES = DATA_W / 8;
localparam integer LB    = $clog2(BYTES);
localparam integer BW    = ADDR_W - LB;             // beat address width
localparam [FIFO_AW:0] FIFO_DEPTH = 1 << FIFO_AW;
localparam [3:0] MAX_RD = 4'd8;
localparam [3:0] MAX_WR = 4'd8;

`include "ethosu65_axi_funcs.vh"

// ---------------------------------------------------------------------------
// Descriptor queue: q0 is the head (executing), q1 the next one.
// ---------------------------------------------------------------------------
localparam integer P_SRC = 0;
localparam integer P_DST = P_SRC + ADDR_W;
localparam integer P_LEN = P_DST + ADDR_W;
localparam integer P_SK0 = P_LEN + 32;
localparam integer P_SK1 = P_SK0 + ADDR_W;
localparam integer P_SZ0 = P_SK1 + ADDR_W;
localparam integer P_SZ1 = P_SZ0 + 16;
localparam integer P_SM  = P_SZ1 + 16;
localparam integer P_DM  = P_SM + 2;
localparam integer P_SC  = P_DM + 2;
localparam integer P_DC  = P_SC + 2;
localparam integer P_DI  = P_DC + 2;
localparam integer DW    = P_DI + 1;

wire [DW-1:0] d_in = {d_dst_internal, d_dst_cfg, d_src_cfg, d_dst_mode, d_src_mode, d_size1, d_size0,
                      d_skip1, d_skip0, d_len, d_dst, d_src};

reg [DW-1:0] q0, q1;
reg [1:0]    qn;

wire [ADDR_W-1:0] h_src      = q0[P_SRC +: ADDR_W];
wire [ADDR_W-1:0] h_dst      = q0[P_DST +: ADDR_W];
wire [31:0]       h_len      = q0[P_LEN +: 32];
wire [ADDR_W-1:0] h_skip0    = q0[P_SK0 +: ADDR_W];
wire [ADDR_W-1:0] h_skip1    = q0[P_SK1 +: ADDR_W];
wire [15:0]       h_size0    = q0[P_SZ0 +: 16];
wire [15:0]       h_size1    = q0[P_SZ1 +: 16];
wire [1:0]        h_src_mode = q0[P_SM +: 2];
wire [1:0]        h_dst_mode = q0[P_DM +: 2];
wire [1:0]        h_src_cfg  = q0[P_SC +: 2];
wire [1:0]        h_dst_cfg  = q0[P_DC +: 2];
wire              h_dst_int  = q0[P_DI];

wire [1:0] h_sm   = (h_src_mode == 2'd3) ? 2'd2 : h_src_mode;
wire [1:0] h_dm   = (h_dst_mode == 2'd3) ? 2'd2 : h_dst_mode;
wire [1:0] h_mode = (h_sm > h_dm) ? h_sm : h_dm;
wire       h_empty = (h_len == 32'd0) || (h_mode != 2'd0 && h_size0 == 16'd0)
                     || (h_mode == 2'd2 && h_size1 == 16'd0);

// ---------------------------------------------------------------------------
// Engine state
// ---------------------------------------------------------------------------
localparam [1:0] E_IDLE = 2'd0, E_RUN = 2'd1, E_DRAIN = 2'd2;
reg [1:0] e_st;
reg       faulted;                   // an error response was seen: dead until clr
wire      abort = stop | faulted;

// side states
localparam [1:0] S_ROW = 2'd0, S_BURST = 2'd1, S_NEXT = 2'd2, S_DONE = 2'd3;
reg [1:0] a_st, b_st, w_st;          // AR side, AW side, W side

// Per-descriptor settings sampled at start.
reg       src_port;
reg [3:0] src_lb, dst_lb;            // log2 burst-split alignment in beats
reg [8:0] rd_lim, wr_lim;            // outstanding bursts allowed
reg [3:0] ar_cache_q, aw_cache_q;
reg       no_wr;                     // internal destination: read and drop

wire [31:0] lim_src = axi_limit[{h_src_cfg, 5'd0} +: 32];
wire [31:0] lim_dst = axi_limit[{h_dst_cfg, 5'd0} +: 32];

wire start = (e_st == E_IDLE) && (qn != 2'd0) && !abort && !h_empty;
wire skip  = (e_st == E_IDLE) && (qn != 2'd0) && !abort && h_empty;

// Outstanding counters.
reg [3:0] rd_out;                    // AR bursts granted whose last R beat is missing
reg [3:0] wr_out;                    // AW bursts loaded whose B is missing
reg [3:0] aw_ahead;                  // AW handshakes whose W burst is not fully sent
reg [FIFO_AW:0] credit;              // FIFO entries neither filled nor reserved

// ---------------------------------------------------------------------------
// Row iterators
// ---------------------------------------------------------------------------
wire [ADDR_W-1:0] a_src_row, w_src_row, w_dst_row, b_dst_row;
wire [ADDR_W-1:0] a_dst_unused, b_src_unused;
wire              a_last_row, b_last_row, w_last_row;
wire              a_next = (a_st == S_NEXT);
wire              b_next = (b_st == S_NEXT);
wire              w_next = (w_st == S_NEXT);

ethosu65_dma_rows #(.ADDR_W(ADDR_W)) u_rows_ar (
    .clk(clk), .rstn(rstn), .clr(clr), .load(start), .next(a_next),
    .src(h_src), .dst(h_dst), .len(h_len), .skip0(h_skip0), .skip1(h_skip1),
    .size0(h_size0), .size1(h_size1), .src_mode(h_src_mode), .dst_mode(h_dst_mode),
    .src_row(a_src_row), .dst_row(a_dst_unused), .last(a_last_row));

ethosu65_dma_rows #(.ADDR_W(ADDR_W)) u_rows_aw (
    .clk(clk), .rstn(rstn), .clr(clr), .load(start), .next(b_next),
    .src(h_src), .dst(h_dst), .len(h_len), .skip0(h_skip0), .skip1(h_skip1),
    .size0(h_size0), .size1(h_size1), .src_mode(h_src_mode), .dst_mode(h_dst_mode),
    .src_row(b_src_unused), .dst_row(b_dst_row), .last(b_last_row));

ethosu65_dma_rows #(.ADDR_W(ADDR_W)) u_rows_w (
    .clk(clk), .rstn(rstn), .clr(clr), .load(start), .next(w_next),
    .src(h_src), .dst(h_dst), .len(h_len), .skip0(h_skip0), .skip1(h_skip1),
    .size0(h_size0), .size1(h_size1), .src_mode(h_src_mode), .dst_mode(h_dst_mode),
    .src_row(w_src_row), .dst_row(w_dst_row), .last(w_last_row));

// ---------------------------------------------------------------------------
// AR side
// ---------------------------------------------------------------------------
reg [BW-1:0] a_beat;                 // next beat address to read
reg [31:0]   a_left;                 // beats left in the row

// Read bursts end at the alignment boundary and are at most half the FIFO.
localparam [8:0] RD_CAP = {{(8-FIFO_AW){1'b0}}, FIFO_DEPTH} >> 1;
wire [8:0]  a_bound = axi_to_boundary(a_beat[8:0], src_lb);
wire [8:0]  a_bcap  = (a_bound > RD_CAP) ? RD_CAP : a_bound;
wire [8:0]  a_bl    = (a_left < {23'd0, a_bcap}) ? a_left[8:0] : a_bcap;
wire        a_row_end = (a_left == {23'd0, a_bl});

assign ar_req   = (e_st == E_RUN) && (a_st == S_BURST) && !abort
                  && ({{(8-FIFO_AW){1'b0}}, credit} >= a_bl) && ({5'd0, rd_out} < rd_lim)
                  && (rd_out != MAX_RD);
assign ar_port  = src_port;
assign ar_addr  = {a_beat, {LB{1'b0}}};
assign ar_len   = a_bl[7:0] - 8'd1;
assign ar_cache = ar_cache_q;

// ---------------------------------------------------------------------------
// Beat FIFO
// ---------------------------------------------------------------------------
reg [DATA_W-1:0]  fifo [0:(1<<FIFO_AW)-1];
reg [FIFO_AW-1:0] f_wp, f_rp;
reg [FIFO_AW:0]   f_cnt;
wire              f_pop;
wire              f_push = r_valid;
wire [DATA_W-1:0] f_head = fifo[f_rp];

always @(posedge clk) begin
    if (f_push)
        fifo[f_wp] <= r_data;
end

// ---------------------------------------------------------------------------
// AW side (always M0)
// ---------------------------------------------------------------------------
reg [BW-1:0] b_beat;
reg [31:0]   b_left;
reg          awvalid_q;
reg [BW-1:0] awbeat_q;
reg [7:0]    awlen_q;

wire [8:0]  b_bound   = axi_to_boundary(b_beat[8:0], dst_lb);
wire [8:0]  b_bl      = (b_left < {23'd0, b_bound}) ? b_left[8:0] : b_bound;
wire        b_row_end = (b_left == {23'd0, b_bl});
wire        aw_slot   = aclken && (!awvalid_q || awready);
wire        aw_load   = (e_st == E_RUN) && (b_st == S_BURST) && !abort && aw_slot
                        && ({5'd0, wr_out} < wr_lim) && (wr_out != MAX_WR);
wire        aw_fire   = awvalid_q && awready && aclken;
wire        b_fire    = bvalid && aclken;

// ---------------------------------------------------------------------------
// W side: realignment window
// ---------------------------------------------------------------------------
reg [LB-1:0]     w_d, w_e, w_sh;     // first dst lane, last dst lane, src-dst lane shift
reg [1:0]        deficit;            // window shifts missing before the next beat
reg [31:0]       pops_left;          // FIFO beats of the row still to take
reg [31:0]       wb_left;            // W beats of the row still to send
reg [BW-1:0]     w_beat;             // beat address of the next W beat
reg              w_first;
reg [DATA_W-1:0] win_lo, win_hi;
reg              wvalid_q, wlast_q;
reg [DATA_W-1:0] wdata_q;
reg [BYTES-1:0]  wstrb_q;

wire [LB-1:0] w_s        = w_src_row[LB-1:0];
wire [LB-1:0] w_d_row    = w_dst_row[LB-1:0];
wire [LB-1:0] len_lo     = h_len[LB-1:0];

wire w_slot      = aclken && (!wvalid_q || wready);
wire w_last_beat = (wb_left == 32'd1);
wire [8:0] w_beat_lo1 = w_beat[8:0] + 9'd1;
wire w_bound_end = (w_beat_lo1 & ((9'd1 << dst_lb) - 9'd1)) == 9'd0;
wire w_burst_end = w_last_beat || w_bound_end;
wire fifo_ne     = (f_cnt != {(FIFO_AW+1){1'b0}});
wire w_active    = (e_st != E_IDLE) && (w_st == S_BURST);

// normal beats
wire w_emit      = w_active && !abort && !no_wr && (deficit == 2'd0) && w_slot && (aw_ahead != 4'd0);
wire want_shift  = w_active && !abort && !no_wr && ((deficit != 2'd0) || (w_emit && !w_last_beat));
wire shift_fifo  = (pops_left != 32'd0);
wire do_shift    = want_shift && (!shift_fifo || fifo_ne);
// abort: finish the bursts whose AW went out, with no byte enabled
wire w_flush     = w_active && abort && !no_wr && w_slot && (aw_ahead != 4'd0);
// internal destination: take the read beats and drop them
wire w_drop      = w_active && !abort && no_wr && fifo_ne && shift_fifo;
wire w_beat_out  = w_emit || w_flush;
wire w_row_done  = no_wr ? (w_active && (pops_left == 32'd0))
                         : (w_beat_out && w_last_beat);

assign f_pop = (do_shift && shift_fifo) || w_drop;

wire [2*DATA_W-1:0] win     = {win_hi, win_lo};
wire [2*DATA_W-1:0] win_sh  = win >> {w_sh, 3'b000};
wire [BYTES-1:0]    ones    = {BYTES{1'b1}};
wire [LB-1:0]       last_ln = {LB{1'b1}} - w_e;
wire [BYTES-1:0]    strb    = (w_first ? (ones << w_d) : ones) & (w_last_beat ? (ones >> last_ln) : ones);

// ---------------------------------------------------------------------------
// Sequential logic
// ---------------------------------------------------------------------------
wire desc_done = (e_st == E_RUN) && (a_st == S_DONE) && (b_st == S_DONE) && (w_st == S_DONE)
                 && (rd_out == 4'd0) && (wr_out == 4'd0);
wire drained   = (rd_out == 4'd0) && (wr_out == 4'd0);
wire pop       = desc_done || skip;
wire push_ok   = push && (qn != 2'd2);
wire r_err     = r_valid && r_resp[1];
wire b_err     = b_fire && bresp[1];

always @(posedge clk or negedge rstn) begin
    if (!rstn) begin
        q0 <= {DW{1'b0}};
        q1 <= {DW{1'b0}};
        qn <= 2'd0;
    end else if (clr) begin
        q0 <= {DW{1'b0}};
        q1 <= {DW{1'b0}};
        qn <= 2'd0;
    end else if (e_st == E_DRAIN || (e_st == E_IDLE && abort)) begin
        qn <= 2'd0;                          // aborted: the queue is dropped
    end else begin
        case ({push_ok, pop})
            2'b01: begin
                q0 <= q1;
                qn <= qn - 2'd1;
            end
            2'b10: begin
                if (qn == 2'd0) q0 <= d_in;
                else            q1 <= d_in;
                qn <= qn + 2'd1;
            end
            2'b11: begin
                if (qn == 2'd1) begin
                    q0 <= d_in;
                end else begin
                    q0 <= q1;
                    q1 <= d_in;
                end
            end
            default: ;
        endcase
    end
end

always @(posedge clk or negedge rstn) begin
    if (!rstn) begin
        e_st        <= E_IDLE;
        faulted     <= 1'b0;
        fault       <= 1'b0;
        fault_write <= 1'b0;
        fault_port  <= 1'b0;
        src_port    <= 1'b0;
        src_lb      <= 4'd0;
        dst_lb      <= 4'd0;
        rd_lim      <= 9'd1;
        wr_lim      <= 9'd1;
        ar_cache_q  <= 4'd0;
        aw_cache_q  <= 4'd0;
        no_wr       <= 1'b0;
        a_st        <= S_DONE;
        b_st        <= S_DONE;
        w_st        <= S_DONE;
        a_beat      <= {BW{1'b0}};
        a_left      <= 32'd0;
        b_beat      <= {BW{1'b0}};
        b_left      <= 32'd0;
        rd_out      <= 4'd0;
        wr_out      <= 4'd0;
        aw_ahead    <= 4'd0;
        credit      <= FIFO_DEPTH;
        f_wp        <= {FIFO_AW{1'b0}};
        f_rp        <= {FIFO_AW{1'b0}};
        f_cnt       <= {(FIFO_AW+1){1'b0}};
        awvalid_q   <= 1'b0;
        awbeat_q    <= {BW{1'b0}};
        awlen_q     <= 8'd0;
        w_d         <= {LB{1'b0}};
        w_e         <= {LB{1'b0}};
        w_sh        <= {LB{1'b0}};
        deficit     <= 2'd0;
        pops_left   <= 32'd0;
        wb_left     <= 32'd0;
        w_beat      <= {BW{1'b0}};
        w_first     <= 1'b0;
        win_lo      <= {DATA_W{1'b0}};
        win_hi      <= {DATA_W{1'b0}};
        wvalid_q    <= 1'b0;
        wlast_q     <= 1'b0;
        wdata_q     <= {DATA_W{1'b0}};
        wstrb_q     <= {BYTES{1'b0}};
    end else if (clr) begin
        e_st        <= E_IDLE;
        faulted     <= 1'b0;
        fault       <= 1'b0;
        fault_write <= 1'b0;
        fault_port  <= 1'b0;
        a_st        <= S_DONE;
        b_st        <= S_DONE;
        w_st        <= S_DONE;
        rd_out      <= 4'd0;
        wr_out      <= 4'd0;
        aw_ahead    <= 4'd0;
        credit      <= FIFO_DEPTH;
        f_wp        <= {FIFO_AW{1'b0}};
        f_rp        <= {FIFO_AW{1'b0}};
        f_cnt       <= {(FIFO_AW+1){1'b0}};
        awvalid_q   <= 1'b0;
        wvalid_q    <= 1'b0;
    end else begin
        // ---- engine ----
        fault <= 1'b0;
        case (e_st)
            E_IDLE: if (start) begin
                e_st       <= E_RUN;
                src_port   <= cfg_port[h_src_cfg];
                src_lb     <= axi_burst_lb(lim_src[1:0]);
                dst_lb     <= axi_burst_lb(lim_dst[1:0]);
                rd_lim     <= {1'b0, lim_src[23:16]} + 9'd1;
                wr_lim     <= {1'b0, lim_dst[31:24]} + 9'd1;
                ar_cache_q <= axi_arcache(lim_src[7:4]);
                aw_cache_q <= axi_awcache(lim_dst[7:4]);
                no_wr      <= h_dst_int;
                a_st       <= S_ROW;
                b_st       <= h_dst_int ? S_DONE : S_ROW;
                w_st       <= S_ROW;
            end
            E_RUN: begin
                if (abort)
                    e_st <= E_DRAIN;
                else if (desc_done)
                    e_st <= E_IDLE;
            end
            default: if (drained) begin       // E_DRAIN
                e_st     <= E_IDLE;
                a_st     <= S_DONE;
                b_st     <= S_DONE;
                w_st     <= S_DONE;
                aw_ahead <= 4'd0;
                credit   <= FIFO_DEPTH;
                f_wp     <= {FIFO_AW{1'b0}};
                f_rp     <= {FIFO_AW{1'b0}};
                f_cnt    <= {(FIFO_AW+1){1'b0}};
            end
        endcase

        // ---- faults: the first error response only ----
        if (!faulted && (r_err || b_err)) begin
            faulted     <= 1'b1;
            fault       <= 1'b1;
            fault_write <= b_err;
            fault_port  <= b_err ? 1'b0 : src_port;
        end

        // ---- AR side ----
        case (a_st)
            S_ROW: begin
                a_beat <= a_src_row[ADDR_W-1:LB];
                a_left <= axi_beats(a_src_row[LB-1:0], h_len);
                a_st   <= S_BURST;
            end
            S_BURST: if (ar_gnt) begin
                a_beat <= a_beat + {{(BW-9){1'b0}}, a_bl};
                a_left <= a_left - {23'd0, a_bl};
                if (a_row_end)
                    a_st <= a_last_row ? S_DONE : S_NEXT;
            end
            S_NEXT: a_st <= S_ROW;
            default: ;
        endcase

        // ---- outstanding reads and FIFO ----
        rd_out <= rd_out + {3'd0, ar_gnt} - {3'd0, r_valid && r_last};
        if (e_st != E_DRAIN || !drained) begin
            credit <= credit - (ar_gnt ? a_bl[FIFO_AW:0] : {(FIFO_AW+1){1'b0}})
                             + {{FIFO_AW{1'b0}}, f_pop};
            if (f_push)
                f_wp <= f_wp + {{(FIFO_AW-1){1'b0}}, 1'b1};
            if (f_pop)
                f_rp <= f_rp + {{(FIFO_AW-1){1'b0}}, 1'b1};
            f_cnt <= f_cnt + {{FIFO_AW{1'b0}}, f_push} - {{FIFO_AW{1'b0}}, f_pop};
        end

        // ---- AW side ----
        case (b_st)
            S_ROW: begin
                b_beat <= b_dst_row[ADDR_W-1:LB];
                b_left <= axi_beats(b_dst_row[LB-1:0], h_len);
                b_st   <= S_BURST;
            end
            S_BURST: if (aw_load) begin
                b_beat <= b_beat + {{(BW-9){1'b0}}, b_bl};
                b_left <= b_left - {23'd0, b_bl};
                if (b_row_end)
                    b_st <= b_last_row ? S_DONE : S_NEXT;
            end
            S_NEXT: b_st <= S_ROW;
            default: ;
        endcase
        if (aw_load) begin
            awvalid_q <= 1'b1;
            awbeat_q  <= b_beat;
            awlen_q   <= b_bl[7:0] - 8'd1;
        end else if (aw_fire) begin
            awvalid_q <= 1'b0;
        end
        wr_out <= wr_out + {3'd0, aw_load} - {3'd0, b_fire};
        if (!(e_st == E_DRAIN && drained))
            aw_ahead <= aw_ahead + {3'd0, aw_fire} - {3'd0, w_beat_out && w_burst_end};

        // ---- W side ----
        case (w_st)
            S_ROW: begin
                w_d       <= w_d_row;
                w_e       <= w_d_row + len_lo - {{(LB-1){1'b0}}, 1'b1};
                w_sh      <= w_s - w_d_row;
                deficit   <= (w_d_row > w_s) ? 2'd1 : 2'd2;
                pops_left <= axi_beats(w_s, h_len);
                wb_left   <= axi_beats(w_d_row, h_len);
                w_beat    <= w_dst_row[ADDR_W-1:LB];
                w_first   <= 1'b1;
                win_lo    <= {DATA_W{1'b0}};
                win_hi    <= {DATA_W{1'b0}};
                w_st      <= S_BURST;
            end
            S_BURST: begin
                if (do_shift) begin
                    win_lo <= win_hi;
                    win_hi <= shift_fifo ? f_head : {DATA_W{1'b0}};
                end
                if (f_pop)
                    pops_left <= pops_left - 32'd1;
                deficit <= deficit + {1'b0, w_emit} - {1'b0, do_shift};
                if (w_beat_out) begin
                    wb_left <= wb_left - 32'd1;
                    w_beat  <= w_beat + {{(BW-1){1'b0}}, 1'b1};
                    w_first <= 1'b0;
                end
                if (w_row_done)
                    w_st <= w_last_row ? S_DONE : S_NEXT;
            end
            S_NEXT: w_st <= S_ROW;
            default: ;
        endcase
        if (w_beat_out) begin
            wvalid_q <= 1'b1;
            wdata_q  <= w_emit ? win_sh[DATA_W-1:0] : {DATA_W{1'b0}};
            wstrb_q  <= w_emit ? strb : {BYTES{1'b0}};
            wlast_q  <= w_burst_end;
        end else if (wvalid_q && wready && aclken) begin
            wvalid_q <= 1'b0;
        end
    end
end

assign count     = qn;
assign full      = (qn == 2'd2);
assign busy      = (qn != 2'd0) || (e_st != E_IDLE) || (rd_out != 4'd0) || (wr_out != 4'd0);
assign rd_active = ((e_st == E_RUN) && (a_st != S_DONE)) || (rd_out != 4'd0);
assign rd_port   = src_port;

assign awvalid = awvalid_q;
assign awid    = AWID;
assign awaddr  = {awbeat_q, {LB{1'b0}}};
assign awlen   = awlen_q;
assign awcache = aw_cache_q;
assign wvalid  = wvalid_q;
assign wdata   = wdata_q;
assign wstrb   = wstrb_q;
assign wlast   = wlast_q;

// Not needed: the other side's address of the AR/AW iterators, the upper
// bits of the AXI limits' reserved fields, burst lengths' top bit.
/* verilator lint_off UNUSEDSIGNAL */
wire unused_ok = &{1'b0, r_resp[0], bresp[0], w_src_row[ADDR_W-1:LB], a_dst_unused, b_src_unused, lim_src[31:24], lim_src[15:8], lim_src[3:2],
                   lim_dst[23:8], lim_dst[3:2], a_bl[8], b_bl[8], w_beat_lo1[8], win_sh[2*DATA_W-1:DATA_W],
                   h_dst_cfg[1]};
/* verilator lint_on UNUSEDSIGNAL */

endmodule
