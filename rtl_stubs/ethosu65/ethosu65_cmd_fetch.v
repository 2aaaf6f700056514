// ethosu65_cmd_fetch: reads the command stream over AXI and hands it to the
// command processor one 32-bit word at a time.
//
// `start` (only while idle) samples the stream: words from QBASE + off up to
// QBASE + QSIZE (QSIZE is followed live, so a stream can grow while it
// runs; QBASE, the port and the limits are sampled), on the port and with the AXI_LIMITn settings of the counter
// QCONFIG selects (QCONFIG 0/1: M0, 2/3: M1). The aligned beats covering that
// range are read with INCR bursts cut at the burst-split alignment
// (AXI_LIMITn.max_beats) and at most the FIFO depth long, AxCACHE from AXI_LIMITn.memtype, at most
// max_outstanding_read_m1 + 1 bursts (and MAX_RD) outstanding. Space for a
// whole burst is reserved in the beat FIFO when its AR is issued, so RREADY
// can stay 1.
//
// Word interface: `w_valid` with the word at the current offset, `w_err` when
// its beat came back with SLVERR/DECERR (the command processor reports the
// bus fault when it gets there, so prefetched words that are never executed
// do not fault). `w_pop` moves to the next word.
//
// `stop` flushes the FIFO and stops issuing; beats still in flight are
// dropped when they arrive. `busy` stays high until no read is outstanding;
// `start` must wait for it to fall.
module ethosu65_cmd_fetch #(
    parameter integer DATA_W  = 128,
    parameter integer ADDR_W  = 40,
    parameter integer FIFO_AW = 4           // beat FIFO of 2**FIFO_AW beats (at most 8)
) (
    input                   clk,
    input                   rstn,
    input                   clr,

    input                   start,
    input                   stop,
    input  [ADDR_W-1:0]     base,           // QBASE
    input  [31:0]           size,           // QSIZE
    input  [31:0]           off,            // QREAD to start from
    input  [1:0]            cfg,            // QCONFIG[1:0]
    input  [127:0]          axi_limit,      // AXI_LIMIT3..0
    input  [3:0]            cfg_port,       // the port of each setting

    output                  ar_req,
    output                  ar_port,
    output [ADDR_W-1:0]     ar_addr,
    output [7:0]            ar_len,
    output [3:0]            ar_cache,
    input                   ar_gnt,

    input                   r_valid,
    input  [DATA_W-1:0]     r_data,
    input  [1:0]            r_resp,
    input                   r_last,

    output                  w_valid,
    output [31:0]           w_data,
    output                  w_err,
    input                   w_pop,

    output                  port,           // port of the current stream
    output                  active,         // fetching (between start and stop)
    output                  busy            // active, or reads outstanding
);

localparam integer BYTES = DATA_W / 8;
localparam integer LB    = $clog2(BYTES);
localparam integer BW    = ADDR_W - LB;
localparam integer WPB   = BYTES / 4;               // words per beat
localparam integer WB    = (LB > 2) ? LB - 2 : 1;   // word-select width
localparam [FIFO_AW:0] FIFO_DEPTH = 1 << FIFO_AW;
localparam [3:0] MAX_RD = 4'd4;

`include "ethosu65_axi_funcs.vh"

reg          act;
reg          port_q;
reg [3:0]    blb;                   // log2 burst-split alignment in beats
reg [8:0]    rd_lim;
reg [3:0]    cache_q;
reg [BW-1:0] f_beat;                // next beat address to read
reg [33:0]   f_rel;                 // its byte offset from QBASE (signed: the first
                                    // beat may start before QBASE)
reg [3:0]    rd_out;
reg [FIFO_AW:0] credit;

wire [31:0] lim = axi_limit[{cfg, 5'd0} +: 32];

wire [ADDR_W-1:0] start_addr = base + {{(ADDR_W-32){1'b0}}, off};

// Beats still to read: from f_rel up to QSIZE.
wire [33:0] size_s  = {2'b00, size};
wire [33:0] f_bytes = size_s - f_rel;
wire        f_more  = $signed(f_rel) < $signed(size_s);
wire [31:0] f_left  = f_more ? axi_beats({LB{1'b0}}, f_bytes[31:0]) : 32'd0;

// Burst: up to the alignment boundary, at most the FIFO depth.
wire [8:0] bound = axi_to_boundary(f_beat[8:0], blb);
wire [8:0] bcap  = (bound > {{(8-FIFO_AW){1'b0}}, FIFO_DEPTH}) ? {{(8-FIFO_AW){1'b0}}, FIFO_DEPTH} : bound;
wire [8:0] bl    = (f_left < {23'd0, bcap}) ? f_left[8:0] : bcap;

assign ar_req   = act && (f_left != 32'd0) && ({{(8-FIFO_AW){1'b0}}, credit} >= bl)
                  && ({5'd0, rd_out} < rd_lim) && (rd_out != MAX_RD);
assign ar_port  = port_q;
assign ar_addr  = {f_beat, {LB{1'b0}}};
assign ar_len   = bl[7:0] - 8'd1;
assign ar_cache = cache_q;

// Beat FIFO: data and error flag.
reg [DATA_W-1:0]  fifo_d [0:(1<<FIFO_AW)-1];
reg               fifo_e [0:(1<<FIFO_AW)-1];
reg [FIFO_AW-1:0] wp, rp;
reg [FIFO_AW:0]   cnt;
reg [WB-1:0]      wsel;             // word of the head beat
wire              push     = r_valid && act;
wire              w_last_w = (wsel == WPB[WB-1:0] - {{(WB-1){1'b0}}, 1'b1});
wire              pop_beat = w_pop && w_valid && w_last_w;

always @(posedge clk) begin
    if (push) begin
        fifo_d[wp] <= r_data;
        fifo_e[wp] <= r_resp[1];
    end
end

wire [DATA_W-1:0] head = fifo_d[rp];
assign w_valid = act && (cnt != {(FIFO_AW+1){1'b0}});
assign w_data  = head[{wsel, 5'd0} +: 32];
assign w_err   = fifo_e[rp];

always @(posedge clk or negedge rstn) begin
    if (!rstn) begin
        act     <= 1'b0;
        port_q  <= 1'b0;
        blb     <= 4'd0;
        rd_lim  <= 9'd1;
        cache_q <= 4'd0;
        f_beat  <= {BW{1'b0}};
        f_rel   <= 34'd0;
        rd_out  <= 4'd0;
        credit  <= FIFO_DEPTH;
        wp      <= {FIFO_AW{1'b0}};
        rp      <= {FIFO_AW{1'b0}};
        cnt     <= {(FIFO_AW+1){1'b0}};
        wsel    <= {WB{1'b0}};
    end else if (clr) begin
        act     <= 1'b0;
        rd_out  <= 4'd0;
        credit  <= FIFO_DEPTH;
        wp      <= {FIFO_AW{1'b0}};
        rp      <= {FIFO_AW{1'b0}};
        cnt     <= {(FIFO_AW+1){1'b0}};
        wsel    <= {WB{1'b0}};
    end else begin
        rd_out <= rd_out + {3'd0, ar_gnt} - {3'd0, r_valid && r_last};
        if (stop) begin
            act    <= 1'b0;
            credit <= FIFO_DEPTH;
            wp     <= {FIFO_AW{1'b0}};
            rp     <= {FIFO_AW{1'b0}};
            cnt    <= {(FIFO_AW+1){1'b0}};
        end else if (start) begin
            act     <= 1'b1;
            port_q  <= cfg_port[cfg];
            blb     <= axi_burst_lb(lim[1:0]);
            rd_lim  <= {1'b0, lim[23:16]} + 9'd1;
            cache_q <= axi_arcache(lim[7:4]);
            f_beat  <= start_addr[ADDR_W-1:LB];
            f_rel   <= {2'b00, off} - {{(34-LB){1'b0}}, start_addr[LB-1:0]};
            wsel    <= start_addr[LB-1:2];
            credit  <= FIFO_DEPTH;
            wp      <= {FIFO_AW{1'b0}};
            rp      <= {FIFO_AW{1'b0}};
            cnt     <= {(FIFO_AW+1){1'b0}};
        end else begin
            if (ar_gnt) begin
                f_beat <= f_beat + {{(BW-9){1'b0}}, bl};
                f_rel  <= f_rel + {{(25-LB){1'b0}}, bl, {LB{1'b0}}};
            end
            credit <= credit - (ar_gnt ? bl[FIFO_AW:0] : {(FIFO_AW+1){1'b0}})
                             + {{FIFO_AW{1'b0}}, pop_beat};
            if (push)
                wp <= wp + {{(FIFO_AW-1){1'b0}}, 1'b1};
            if (pop_beat)
                rp <= rp + {{(FIFO_AW-1){1'b0}}, 1'b1};
            cnt <= cnt + {{FIFO_AW{1'b0}}, push} - {{FIFO_AW{1'b0}}, pop_beat};
            if (w_pop && w_valid)
                wsel <= w_last_w ? {WB{1'b0}} : wsel + {{(WB-1){1'b0}}, 1'b1};
        end
    end
end

assign port   = port_q;
assign active = act;
assign busy   = act || (rd_out != 4'd0);

/* verilator lint_off UNUSEDSIGNAL */
wire unused_ok = &{1'b0, r_resp[0], lim[31:24], lim[15:8], lim[3:2], bl[8], start_addr[1:0],
                   f_bytes[33:32]};
/* verilator lint_on UNUSEDSIGNAL */

endmodule
