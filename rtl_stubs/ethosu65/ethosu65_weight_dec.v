// ethosu65_weight_dec: weight stream decoder of the Ethos-U65 stub (TRM 4.7,
// read as the golden C decoder golden/ethosu/ethosu_mlw_decode.c reads it, which is
// the reference). It takes the raw stream bytes as
// DATA_W-bit beats and produces the signed weights -255..255 in stream order,
// zero runs expanded, at most one per cycle.
//
// Interface
//   start, len, lane   start a stream of `len` bytes whose first byte is byte
//                      lane `lane` of the first beat (ignored while busy)
//   in_valid/in_ready  the beats: every beat covering the stream, in address
//                      order, from the beat holding the first byte (bytes
//                      outside the stream are ignored)
//   out_valid/out_ready/out_weight/out_last
//                      the weights; out_last marks the last weight of a
//                      stream that decoded without error
//   stop               stop at once (soft reset, bus fault): outputs end, the
//                      decoder is idle the next cycle
//   busy               from start until the last weight has been taken (or
//                      the decoder has stopped after an error)
//   error              the stream is malformed (kept until the next start)
//
// Structure
//   bit window   WIN bits, LSB = the next stream bit; a beat is appended when
//                at most WIN - DATA_W bits are buffered, any number of bits
//                (up to 144) is consumed per cycle.
//   parser       one step per cycle: a slice header (ZDIV..PALBITS, 23 or 36
//                bits), four palette entries, one whole chunk (WUNARY0,
//                ZUNARY, WUNARY1, then the WREMAINs and ZREMAINs of the
//                previous chunk's quotients, at most 144 bits), an end
//                marker with its alignment bits, or a run of 0xFF padding
//                bytes (up to 16 per cycle).
//   FIFOs        a chunk step pushes the weights (sign-magnitude code and
//                the number of zero runs that precede it) and the zero runs
//                whose remainders it read: up to 12 of each per cycle.
//   merger       expands the runs and interleaves them with the weights,
//                one output per cycle.
//   hold         the last output is held until the decoder knows whether it
//                is the last of the stream (out_last), so WDLAST comes with
//                the last weight and not a cycle later.
//
// Rate: one weight per cycle while a chunk yields at least one weight or
// zero per cycle, which holds for the shipped and random Vela-style streams
// (measured 1.000 while streaming). Slower only on headers (1 cycle), palette
// loads (4 entries per cycle) and long non-truncated quotients (a quotient
// of 31 takes 16 of a chunk's 12 positions: 0.75 weights per cycle).
//
// Checks (the golden decoder's; each makes `error` high):
// ZDIV 4/5, WDIV 6, NEWPAL 0 in the first slice of a stream, a slice without
// NEWPAL that changes between alternating and non-alternating mode, weight
// quotient over 31, weight index (quotient << WDIV) over 511, direct code
// over 511, a padding bit 0 after an end marker, the stream ending inside a
// slice (truncated) or without an end marker, no slice at all, `len` not a
// multiple of 16. One check is the decoder's own: a zero-run quotient over
// 2**ZQW - 13 (a run of about 2**(ZQW+3) zeros; the golden decoder has no
// practical limit).
//
// After an error the parser stops and takes no more input; the weights it
// had completely decoded before the error (their remainders read and the
// runs before them known) are still output, without out_last, then busy
// falls. They are a prefix of the stream's weights, the same for every run
// of the same stream, at chunk granularity. The golden decoder returns no
// weights for such a stream.
module ethosu65_weight_dec #(
    parameter integer DATA_W = 128,
    parameter integer ZQW    = 28           // zero-run quotient width
) (
    input                        clk,
    input                        rstn,
    input                        clr,

    input                        start,
    input  [31:0]                len,
    input  [$clog2(DATA_W/8)-1:0] lane,
    input                        stop,

    input                        in_valid,
    input  [DATA_W-1:0]          in_data,
    output                       in_ready,

    output                       out_valid,
    output [8:0]                 out_weight,
    output                       out_last,
    input                        out_ready,

    output                       busy,
    output                       error,
    output                       fin            // the parser has finished (ok or error)
);

localparam integer LB   = $clog2(DATA_W / 8);
localparam integer WIN  = DATA_W + 160;         // window: a beat fits whenever a step may stall
localparam integer VBW  = $clog2(WIN + 1);
localparam integer TW   = $clog2(DATA_W + 1);  // bits of one beat
localparam integer RW   = ZQW + 3;             // zero-run length width
localparam integer FD   = 32;                  // FIFO depth (a chunk pushes at most 12)
localparam [ZQW-1:0] ZQ_LIM = {ZQW{1'b1}} - 13; // a chunk adds at most 12 to a run quotient

// ---------------------------------------------------------------------------
// Parser state
// ---------------------------------------------------------------------------
localparam [2:0] S_IDLE = 3'd0, S_HDR = 3'd1, S_PAL = 3'd2, S_CHUNK = 3'd3, S_END = 3'd4,
                 S_ERR = 3'd5;
reg [2:0]      st;

reg [WIN-1:0]  win;             // buffered stream bits, bit 0 next; bits >= vb are 0
reg [VBW-1:0]  vb;              // valid bits in win
reg [35:0]     rem;             // stream bits not yet received
reg            first;           // the next beat is the first
reg [LB-1:0]   lane_q;
reg [2:0]      bpos;            // stream bit position mod 8

reg            after_eos;       // the last element was an end marker (or padding)
reg            in_stream;       // a slice was read since the last end marker
reg            any_slice;
reg            prev_alt;        // alternating mode of the last slice

// palette state (kept by slices without NEWPAL)
reg [4:0]      dirofs;
reg [5:0]      ps;              // palette size 0, 2..32
reg [3:0]      pb;              // palette entry bits 2..9
reg [8:0]      pal [0:31];
reg [5:0]      pal_i;

// slice state
reg            s_alt;
reg [1:0]      s_zdiv;
reg [2:0]      s_wdiv;          // 0..5, 0 when uncompressed
reg            s_unc, s_wtrunc;
reg [3:0]      s_wbits;         // WREMAIN width
reg [15:0]     w_cnt, z_cnt;
reg [15:0]     wq_i, zq_i;      // quotients completed in the slice
reg [4:0]      wq_acc;          // quotient in progress
reg [ZQW-1:0]  zq_acc;
reg [59:0]     pv_wq;           // quotients completed in the previous chunk (12 x 5)
reg [3:0]      pv_nw;
reg [12*ZQW-1:0] pv_zq;
reg [3:0]      pv_nz;
reg            sec_first;       // the next weight is the first of a section
reg            sec_pre;         // the previous section was alternating: its last run precedes it

// FIFOs
reg [10:0]     wf_mem [0:FD-1];  // {runs before it (0..2), code}
reg [4:0]      wf_wp, wf_rp;
reg [5:0]      wf_n;
reg [RW-1:0]   rf_mem [0:FD-1];
reg [4:0]      rf_wp, rf_rp;
reg [5:0]      rf_n;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------
function automatic [3:0] pop12(input [11:0] v);
    integer k;
    begin
        pop12 = 4'd0;
        for (k = 0; k < 12; k = k + 1)
            pop12 = pop12 + {3'd0, v[k]};
    end
endfunction

function automatic [8:0] lowmask9(input [3:0] n);
    lowmask9 = ~(9'h1FF << n);
endfunction

// width of an uncompressed index with a palette of p entries: ceil(log2(p))
function automatic [3:0] clog2_ps(input [5:0] p);
    clog2_ps = (p <= 6'd2) ? 4'd1 : (p <= 6'd4) ? 4'd2 : (p <= 6'd8) ? 4'd3 :
               (p <= 6'd16) ? 4'd4 : 4'd5;
endfunction

// ---------------------------------------------------------------------------
// Input: a beat is appended at bit vb - consumed
// ---------------------------------------------------------------------------
wire           parsing  = (st == S_HDR) || (st == S_PAL) || (st == S_CHUNK);
wire           in_done  = (rem == 36'd0);
assign in_ready = parsing && !in_done && ({{(32-VBW){1'b0}}, vb} <= WIN - DATA_W) && !stop;
wire           in_take  = in_ready && in_valid;

wire [LB+2:0]  skip     = first ? {lane_q, 3'd0} : {(LB+3){1'b0}};
wire [TW-1:0]  beat_bits = DATA_W[TW-1:0] - {{(TW-LB-3){1'b0}}, skip};
wire [TW-1:0]  take     = (rem < {{(36-TW){1'b0}}, beat_bits}) ? rem[TW-1:0] : beat_bits;
wire [DATA_W-1:0] in_sh = in_data >> skip;
wire [DATA_W-1:0] in_m  = in_sh & ~({DATA_W{1'b1}} << take);

// ---------------------------------------------------------------------------
// Chunk step: enables, unary fields (part A), remainders (part B)
// ---------------------------------------------------------------------------
wire [16:0] bal   = {1'b0, wq_i} - {1'b0, zq_i};
wire        bal_lt8 = $signed(bal) < 17'sd8;
wire        bal_ge0 = !bal[16];
wire        w_en  = (wq_i < w_cnt) && (!s_alt || bal_lt8);
wire        z_en  = s_alt && bal_ge0 && (zq_i < z_cnt);
wire        a_wu  = w_en && !s_unc;
wire [3:0]  zlen  = (s_zdiv == 2'd3) ? 4'd8 : 4'd12;
wire [3:0]  upc   = (s_wbits <= 4'd5) ? 4'd12 : 4'd8;

// a chunk is at most 144 bits: 36 of unary fields, 72 of WREMAIN, 36 of ZREMAIN
wire [143:0] wlo  = win[143:0];
wire [11:0] wu0   = a_wu ? wlo[11:0] : 12'd0;
wire [4:0]  p0    = a_wu ? 5'd12 : 5'd0;
wire [35:0] wun   = wlo[35:0];                         // the unary fields
wire [11:0] zu    = wun[{1'b0, p0} +: 12] & ~(12'hFFF << zlen);
wire [4:0]  p1    = p0 + (z_en ? {1'b0, zlen} : 5'd0);
wire [11:0] wu1   = wun[{1'b0, p1} +: 12];             // p1 <= 24
wire [3:0]  pc    = pop12(wu0);
wire [5:0]  pa    = {1'b0, p1} + {2'd0, pc};

// part A: weight quotients. The loops below are written so that every shift
// is unconditional (Yosys' resource sharing explodes on shifts under
// data-dependent conditions): completed quotients are shifted in at the top
// of a_wq_sh and aligned once at the end.
wire [8:0]  wq_lim = 9'd511 >> s_wdiv;                  // largest quotient with index <= 511
reg [59:0]  a_wq_sh;
reg [3:0]   a_nw;
reg [15:0]  a_wcnt;
reg [6:0]   a_wacc;
reg         a_werr;
reg [3:0]   a_j;
reg [1:0]   a_c;
reg [15:0]  a_left;
integer     i;
always @(*) begin
    a_wq_sh = 60'd0;
    a_nw   = 4'd0;
    a_wcnt = wq_i;
    a_wacc = {2'd0, wq_acc};
    a_werr = 1'b0;
    a_j    = 4'd0;
    a_c    = 2'd0;
    a_left = w_cnt - wq_i;
    if (a_wu) begin
        for (i = 0; i < 12; i = i + 1) begin
            if (a_wcnt < w_cnt) begin
                a_c = wu0[i] ? (2'd1 + {1'b0, wu1[a_j]}) : 2'd0;
                if (wu0[i])
                    a_j = a_j + 4'd1;
                a_wacc = a_wacc + {5'd0, a_c};
                if (a_wacc > 7'd31)
                    a_werr = 1'b1;
                if (a_c != 2'd2 || s_wtrunc) begin
                    // index = quotient << wdiv must be at most 511
                    if ({2'd0, a_wacc} > wq_lim)
                        a_werr = 1'b1;
                    a_wq_sh = {a_wacc[4:0], a_wq_sh[59:5]};
                    a_nw   = a_nw + 4'd1;
                    a_wacc = 7'd0;
                    a_wcnt = a_wcnt + 16'd1;
                end
            end
        end
    end else if (w_en) begin
        // uncompressed: the next indices, quotient 0
        a_nw   = (a_left < {12'd0, upc}) ? a_left[3:0] : upc;
        a_wcnt = wq_i + {12'd0, a_nw};
    end
end
wire [6:0]  a_wal = 7'd60 - {3'd0, a_nw} * 7'd5;
wire [59:0] a_wq  = a_wq_sh >> a_wal;                   // quotient n at [5n +: 5]

// part A: run quotients
reg [12*ZQW-1:0] a_zq_sh;
reg [3:0]        a_nz;
reg [15:0]       a_zcnt;
reg [ZQW-1:0]    a_zacc;
reg              a_zerr;
integer          iz;
always @(*) begin
    a_zq_sh = {(12*ZQW){1'b0}};
    a_nz   = 4'd0;
    a_zcnt = zq_i;
    a_zacc = zq_acc;
    a_zerr = 1'b0;
    if (z_en) begin
        if (zq_acc > ZQ_LIM)
            a_zerr = 1'b1;
        for (iz = 0; iz < 12; iz = iz + 1) begin
            if (iz < {28'd0, zlen} && a_zcnt < z_cnt) begin
                if (zu[iz]) begin
                    a_zacc = a_zacc + {{(ZQW-1){1'b0}}, 1'b1};
                end else begin
                    a_zq_sh = {a_zacc, a_zq_sh[12*ZQW-1:ZQW]};
                    a_nz   = a_nz + 4'd1;
                    a_zacc = {ZQW{1'b0}};
                    a_zcnt = a_zcnt + 16'd1;
                end
            end
        end
    end
end

wire [3:0]       a_zsl = 4'd12 - a_nz;
wire [12*ZQW-1:0] a_zq = a_zq_sh >> (a_zsl * ZQW);     // run quotient n at [ZQW*n +: ZQW]

// part B: remainders of the previous chunk's quotients, after part A
/* verilator lint_off UNUSEDSIGNAL */
wire [143:0] bw_full = wlo >> pa;                           // pa <= 36
/* verilator lint_on UNUSEDSIGNAL */
wire [107:0] bw  = bw_full[107:0];
wire [6:0]  pw  = {3'd0, pv_nw} * {3'd0, s_wbits};          // WREMAIN bits (<= 72)
wire [1:0]  zd  = s_alt ? s_zdiv : 2'd0;
wire [5:0]  pz  = {2'd0, pv_nz} * {4'd0, zd};               // ZREMAIN bits (<= 36)
wire [7:0]  chunk_bits = {2'd0, pa} + {1'b0, pw} + {2'd0, pz};

reg [11*12-1:0] b_w;       // {npre, code} per weight
reg             b_err;
reg [10:0]      b_idx;
reg [10:0]      b_code;
reg [8:0]       b_r;
reg [1:0]       b_npre;
reg [12*RW-1:0] b_z;
reg [2:0]       b_zr;
integer         k;
// Every slot is computed; only those below pv_nw / pv_nz are used.
wire [8:0] wr_mask = lowmask9(s_wbits);
wire [2:0] zr_mask = ~(3'b111 << zd);
always @(*) begin
    b_w    = {(11*12){1'b0}};
    b_err  = 1'b0;
    b_idx  = 11'd0;
    b_code = 11'd0;
    b_r    = 9'd0;
    b_npre = 2'd0;
    for (k = 0; k < 12; k = k + 1) begin
        // WREMAIN k at k * width: k * width + 9 <= 108 (width 9: 8 per chunk)
        b_r   = bw[k * s_wbits +: 9] & wr_mask;
        b_idx = ({6'd0, pv_wq[k*5 +: 5]} << s_wdiv) + {2'd0, b_r};
        b_code = (b_idx < {5'd0, ps}) ? {2'd0, pal[b_idx[4:0]]}
                                      : b_idx - {5'd0, ps} + {6'd0, dirofs};
        if (k < {28'd0, pv_nw} && b_code > 11'd511)
            b_err = 1'b1;
        b_npre = {1'b0, s_alt} + ((k == 0 && sec_first) ? {1'b0, sec_pre} : 2'd0);
        b_w[k*11 +: 11] = {b_npre, b_code[8:0]};
    end
end

always @(*) begin
    b_z   = {(12*RW){1'b0}};
    b_zr  = 3'd0;
    for (k = 0; k < 12; k = k + 1) begin
        // ZREMAIN k after the WREMAINs: pw + 3 * 11 + 3 <= 108
        b_zr = bw[{25'd0, pw} + k * zd +: 3] & zr_mask;
        b_z[k*RW +: RW] = ({3'd0, pv_zq[k*ZQW +: ZQW]} << zd) + {{(RW-3){1'b0}}, b_zr};
    end
end

wire chunk_space = ({1'b0, wf_n} + {3'd0, pv_nw} <= 7'd32) && ({1'b0, rf_n} + {3'd0, pv_nz} <= 7'd32);

// ---------------------------------------------------------------------------
// Header, palette and end-marker steps
// ---------------------------------------------------------------------------
wire [2:0]  h_zdiv    = win[2:0];
wire [14:0] h_slicelen = win[17:3];
wire [2:0]  h_wdiv    = win[20:18];
wire        h_wtrunc  = win[21];
wire        h_newpal  = win[22];
wire [4:0]  h_dirofs  = win[27:23];
wire [4:0]  h_palsize = win[32:28];
wire [2:0]  h_palbits = win[35:33];
wire        h_alt     = !h_zdiv[2];
wire [5:0]  h_need    = h_newpal ? 6'd36 : 6'd23;
wire [5:0]  h_ps      = (h_palsize == 5'd0) ? 6'd0 : {1'b0, h_palsize} + 6'd1;
wire [3:0]  h_pb      = {1'b0, h_palbits} + 4'd2;

// end marker: ZDIV = 7, then 1 bits to the byte boundary
wire [2:0]  e_al      = 3'd0 - (bpos + 3'd3);        // alignment bits after the marker
wire [3:0]  e_need    = 4'd3 + {1'b0, e_al};
wire [7:0]  e_albits  = win[10:3] | (8'hFF << e_al);
// 0xFF padding bytes at a byte boundary after an end marker (each is ZDIV 7 and 5 ones)
reg  [4:0]  ff_n;
integer     f;
always @(*) begin
    ff_n = 5'd0;
    for (f = 0; f < 16; f = f + 1)
        if (ff_n == f[4:0] && win[f*8 +: 8] == 8'hFF && {{(32-VBW){1'b0}}, vb} >= (f + 1) * 8)
            ff_n = ff_n + 5'd1;
end

// palette: up to four entries per step
wire [5:0]  pal_left  = ps - pal_i;
wire [2:0]  pal_n     = (pal_left < 6'd4) ? pal_left[2:0] : 3'd4;
wire [5:0]  pal_need  = {3'd0, pal_n} * {2'd0, pb};

// ---------------------------------------------------------------------------
// Step decision: what this cycle consumes
// ---------------------------------------------------------------------------
reg        go;            // the step executes
reg        bad;           // the step finds an error
reg        stall_end;     // not enough bits, none will come: truncated
reg [7:0]  cons;
always @(*) begin
    go        = 1'b0;
    bad       = 1'b0;
    stall_end = 1'b0;
    cons      = 8'd0;
    case (st)
        S_HDR: begin
            if (vb == {VBW{1'b0}} && in_done) begin
                go  = 1'b1;                                 // end of the buffer
                bad = !after_eos || !any_slice;
            end else if (after_eos && bpos == 3'd0 && ff_n != 5'd0) begin
                go   = 1'b1;
                cons = {ff_n, 3'd0};
            end else if ({{(32-VBW){1'b0}}, vb} < 3) begin
                stall_end = in_done;
            end else if (h_zdiv == 3'd7) begin
                if ({{(32-VBW){1'b0}}, vb} < {28'd0, e_need}) begin
                    stall_end = in_done;
                end else begin
                    go   = 1'b1;
                    bad  = e_albits != 8'hFF;
                    cons = {4'd0, e_need};
                end
            end else if (h_zdiv == 3'd4 || h_zdiv == 3'd5) begin
                go  = 1'b1;
                bad = 1'b1;
            end else if ({{(32-VBW){1'b0}}, vb} < {26'd0, h_need}) begin
                stall_end = in_done;
            end else begin
                go   = 1'b1;
                bad  = (h_wdiv == 3'd6) || (!h_newpal && (!in_stream || h_alt != prev_alt));
                cons = {2'd0, h_need};
            end
        end
        S_PAL: begin
            if ({{(32-VBW){1'b0}}, vb} < {26'd0, pal_need}) begin
                stall_end = in_done;
            end else begin
                go   = 1'b1;
                cons = {2'd0, pal_need};
            end
        end
        S_CHUNK: begin
            if ({{(32-VBW){1'b0}}, vb} < {24'd0, chunk_bits}) begin
                stall_end = in_done;
            end else if (chunk_space) begin
                go   = 1'b1;
                bad  = a_werr || a_zerr || b_err;
                cons = chunk_bits;
            end
        end
        default: ;
    endcase
    if (bad)
        cons = 8'd0;
end

wire        step   = go && !bad && !stop;
wire        to_err = (go && bad) || stall_end;
wire [7:0]  used   = step ? cons : 8'd0;
wire        push   = step && (st == S_CHUNK);

// ---------------------------------------------------------------------------
// Merger: runs and weights in stream order, one output per cycle
// ---------------------------------------------------------------------------
reg [RW-1:0] zcnt;          // zeros still to output of the current run
reg [1:0]    pre_done;      // runs already taken for the head weight
reg          hold_v;
reg [8:0]    hold_w;

wire         fin_ok   = (st == S_END);
wire         fin_any  = (st == S_END) || (st == S_ERR);
wire         wv       = wf_n != 6'd0;
wire         rv       = rf_n != 6'd0;
wire [10:0]  wh       = wf_mem[wf_rp];
wire [1:0]   wh_pre   = wh[10:9];
wire [RW-1:0] rh      = rf_mem[rf_rp];
wire [8:0]   wh_val   = wh[0] ? (9'd0 - {1'b0, wh[8:1]}) : {1'b0, wh[8:1]};

reg          m_any, m_item, m_wpop, m_rpop;
reg [8:0]    m_val;
reg [RW-1:0] m_zcnt;
reg [1:0]    m_pre;
always @(*) begin
    m_any  = 1'b0;
    m_item = 1'b0;
    m_wpop = 1'b0;
    m_rpop = 1'b0;
    m_val  = 9'd0;
    m_zcnt = zcnt;
    m_pre  = pre_done;
    if (zcnt != {RW{1'b0}}) begin
        m_any  = 1'b1;
        m_item = 1'b1;
        m_zcnt = zcnt - {{(RW-1){1'b0}}, 1'b1};
    end else if (wv && wh_pre == pre_done) begin
        m_any  = 1'b1;
        m_item = 1'b1;
        m_val  = wh_val;
        m_wpop = 1'b1;
        m_pre  = 2'd0;
    end else if (rv && (wv ? (wh_pre > pre_done) : fin_ok)) begin
        // the run before the head weight; with no weight left after a good
        // stream: the last run of the stream
        m_any  = 1'b1;
        m_rpop = 1'b1;
        m_pre  = pre_done + 2'd1;
        if (rh != {RW{1'b0}}) begin
            m_item = 1'b1;
            m_zcnt = rh - {{(RW-1){1'b0}}, 1'b1};
        end else if (wv && wh_pre == pre_done + 2'd1) begin
            m_item = 1'b1;
            m_val  = wh_val;
            m_wpop = 1'b1;
            m_pre  = 2'd0;
        end
    end
end

// hold: released when the merger has the next item, or at the end
wire   h_end   = fin_any && !m_any;
assign out_valid  = hold_v && (m_item || h_end) && !stop;
assign out_weight = hold_w;
assign out_last   = out_valid && !m_item && fin_ok;
wire   fire    = out_valid && out_ready;
wire   m_step  = m_any && (!m_item || !hold_v || fire) && !stop;

assign busy  = (st != S_IDLE) && !(h_end && !hold_v);
assign error = (st == S_ERR);
assign fin   = fin_any;

// ---------------------------------------------------------------------------
// Sequential
// ---------------------------------------------------------------------------
wire [VBW-1:0] vb_after = vb - {{(VBW-8){1'b0}}, used};
wire [WIN-1:0] win_sh   = win >> used;
wire [WIN-1:0] in_ext   = {{(WIN-DATA_W){1'b0}}, in_m};
wire [5:0]     wf_nn    = wf_n + (push ? {2'd0, pv_nw} : 6'd0) - {5'd0, m_step && m_wpop};
wire [5:0]     rf_nn    = rf_n + (push ? {2'd0, pv_nz} : 6'd0) - {5'd0, m_step && m_rpop};
integer        q;

always @(posedge clk) begin
    if (push) begin
        for (q = 0; q < 12; q = q + 1) begin
            if (q < {28'd0, pv_nw})
                wf_mem[wf_wp + q[4:0]] <= b_w[q*11 +: 11];
            if (q < {28'd0, pv_nz})
                rf_mem[rf_wp + q[4:0]] <= b_z[q*RW +: RW];
        end
    end
    if (st == S_PAL && step) begin
        for (q = 0; q < 4; q = q + 1)
            if (q < {29'd0, pal_n})
                pal[pal_i[4:0] + q[4:0]] <= win[q*pb +: 9] & lowmask9(pb);
    end
end

always @(posedge clk or negedge rstn) begin
    if (!rstn) begin
        st        <= S_IDLE;
        win       <= {WIN{1'b0}};
        vb        <= {VBW{1'b0}};
        rem       <= 36'd0;
        first     <= 1'b0;
        lane_q    <= {LB{1'b0}};
        bpos      <= 3'd0;
        after_eos <= 1'b0;
        in_stream <= 1'b0;
        any_slice <= 1'b0;
        prev_alt  <= 1'b0;
        dirofs    <= 5'd0;
        ps        <= 6'd0;
        pb        <= 4'd2;
        pal_i     <= 6'd0;
        s_alt     <= 1'b0;
        s_zdiv    <= 2'd0;
        s_wdiv    <= 3'd0;
        s_unc     <= 1'b0;
        s_wtrunc  <= 1'b0;
        s_wbits   <= 4'd0;
        w_cnt     <= 16'd0;
        z_cnt     <= 16'd0;
        wq_i      <= 16'd0;
        zq_i      <= 16'd0;
        wq_acc    <= 5'd0;
        zq_acc    <= {ZQW{1'b0}};
        pv_wq     <= 60'd0;
        pv_nw     <= 4'd0;
        pv_zq     <= {(12*ZQW){1'b0}};
        pv_nz     <= 4'd0;
        sec_first <= 1'b0;
        sec_pre   <= 1'b0;
        wf_wp     <= 5'd0;
        wf_rp     <= 5'd0;
        wf_n      <= 6'd0;
        rf_wp     <= 5'd0;
        rf_rp     <= 5'd0;
        rf_n      <= 6'd0;
        zcnt      <= {RW{1'b0}};
        pre_done  <= 2'd0;
        hold_v    <= 1'b0;
        hold_w    <= 9'd0;
    end else if (clr || stop || (start && !busy)) begin
        st        <= (start && !busy && !clr && !stop)
                     ? ((len[3:0] != 4'd0) ? S_ERR : S_HDR) : S_IDLE;
        win       <= {WIN{1'b0}};
        vb        <= {VBW{1'b0}};
        rem       <= {1'b0, len, 3'd0};
        first     <= 1'b1;
        lane_q    <= lane;
        bpos      <= 3'd0;
        after_eos <= 1'b0;
        in_stream <= 1'b0;
        any_slice <= 1'b0;
        prev_alt  <= 1'b0;
        pv_nw     <= 4'd0;
        pv_nz     <= 4'd0;
        sec_first <= 1'b0;
        sec_pre   <= 1'b0;
        wf_wp     <= 5'd0;
        wf_rp     <= 5'd0;
        wf_n      <= 6'd0;
        rf_wp     <= 5'd0;
        rf_rp     <= 5'd0;
        rf_n      <= 6'd0;
        zcnt      <= {RW{1'b0}};
        pre_done  <= 2'd0;
        hold_v    <= 1'b0;
    end else begin
        // ---- bit window ----
        win <= win_sh | (in_take ? (in_ext << (vb_after)) : {WIN{1'b0}});
        vb  <= vb_after + (in_take ? {{(VBW-TW){1'b0}}, take} : {VBW{1'b0}});
        if (in_take) begin
            rem   <= rem - {{(36-TW){1'b0}}, take};
            first <= 1'b0;
        end
        bpos <= bpos + used[2:0];

        // ---- parser ----
        if (to_err && !stop) begin
            st <= S_ERR;
        end else if (step) begin
            case (st)
                S_HDR: begin
                    if (vb == {VBW{1'b0}} && in_done) begin
                        st <= S_END;
                    end else if ((after_eos && bpos == 3'd0 && ff_n != 5'd0) || h_zdiv == 3'd7) begin
                        after_eos <= 1'b1;
                        in_stream <= 1'b0;
                    end else begin
                        // slice header
                        after_eos <= 1'b0;
                        in_stream <= 1'b1;
                        any_slice <= 1'b1;
                        prev_alt  <= h_alt;
                        s_alt     <= h_alt;
                        s_zdiv    <= h_zdiv[1:0];
                        s_unc     <= (h_wdiv == 3'd7);
                        s_wdiv    <= (h_wdiv == 3'd7) ? 3'd0 : h_wdiv;
                        s_wtrunc  <= h_wtrunc;
                        w_cnt     <= {1'b0, h_slicelen} + 16'd1;
                        z_cnt     <= h_alt ? ({1'b0, h_slicelen} + 16'd1 + {15'd0, h_newpal}) : 16'd0;
                        wq_i      <= 16'd0;
                        zq_i      <= 16'd0;
                        wq_acc    <= 5'd0;
                        zq_acc    <= {ZQW{1'b0}};
                        pv_nw     <= 4'd0;
                        pv_nz     <= 4'd0;
                        if (h_newpal) begin
                            dirofs    <= h_dirofs;
                            ps        <= h_ps;
                            pb        <= h_pb;
                            pal_i     <= 6'd0;
                            sec_first <= 1'b1;
                            sec_pre   <= prev_alt && any_slice;
                            s_wbits   <= (h_wdiv != 3'd7) ? {1'b0, h_wdiv}
                                         : (h_ps == 6'd0) ? h_pb : clog2_ps(h_ps);
                            st        <= (h_ps == 6'd0) ? S_CHUNK : S_PAL;
                        end else begin
                            s_wbits   <= (h_wdiv != 3'd7) ? {1'b0, h_wdiv}
                                         : (ps == 6'd0) ? pb : clog2_ps(ps);
                            st        <= S_CHUNK;
                        end
                    end
                end
                S_PAL: begin
                    pal_i <= pal_i + {3'd0, pal_n};
                    if (pal_i + {3'd0, pal_n} == ps)
                        st <= S_CHUNK;
                end
                S_CHUNK: begin
                    wq_i   <= a_wcnt;
                    zq_i   <= a_zcnt;
                    if (a_wu)
                        wq_acc <= a_wacc[4:0];
                    if (z_en)
                        zq_acc <= a_zacc;
                    pv_wq  <= a_wq;
                    pv_nw  <= a_nw;
                    pv_zq  <= a_zq;
                    pv_nz  <= a_nz;
                    if (pv_nw != 4'd0)
                        sec_first <= 1'b0;
                    if (!w_en && !z_en)
                        st <= S_HDR;
                end
                default: ;
            endcase
        end

        // ---- FIFO pointers ----
        if (push) begin
            wf_wp <= wf_wp + {1'b0, pv_nw};
            rf_wp <= rf_wp + {1'b0, pv_nz};
        end
        if (m_step && m_wpop)
            wf_rp <= wf_rp + 5'd1;
        if (m_step && m_rpop)
            rf_rp <= rf_rp + 5'd1;
        wf_n <= wf_nn;
        rf_n <= rf_nn;

        // ---- merger and hold ----
        if (m_step) begin
            zcnt     <= m_zcnt;
            pre_done <= m_pre;
        end
        if (m_step && m_item) begin
            hold_v <= 1'b1;
            hold_w <= m_val;
        end else if (fire) begin
            hold_v <= 1'b0;
        end
    end
end

endmodule
