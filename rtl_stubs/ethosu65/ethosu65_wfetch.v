// ethosu65_wfetch: the weight stream reader of the Ethos-U65 stub. A kernel
// operation with a weight stream starts it; it reads the aligned beats that
// cover [addr, addr + nbytes) over AXI and hands them, in address order, to the
// weight decoder (ethosu65_weight_dec), which skips the bytes before addr
// (lane = addr mod bytes per beat) and after the stream.
//
// AXI: ARID W_ID (TRM table A-10: 32-59 weight stream), INCR bursts of
// aligned beats cut at the burst-split alignment of the region's AXI_LIMITn
// (max_beats) and at most the beat FIFO deep, AxCACHE from its memtype, at
// most max_outstanding_read_m1 + 1 (and MAX_RD) bursts outstanding. The
// port and the limits are sampled at start. FIFO space for a whole burst is
// reserved when its AR is issued, so RREADY can stay 1.
//
// `fault` pulses on the first SLVERR/DECERR beat; the beat is still passed
// on (the command processor aborts the job). `stop` (decoder finished or
// failed, abort, soft reset) flushes the FIFO and stops issuing; beats
// still in flight are dropped when they arrive. `busy` stays high until no
// read is outstanding.
module ethosu65_wfetch #(
    parameter integer DATA_W  = 128,
    parameter integer ADDR_W  = 40,
    parameter integer FIFO_AW = 3           // beat FIFO of 2**FIFO_AW beats (at most 8)
) (
    input                   clk,
    input                   rstn,
    input                   clr,

    input                   start,
    input                   stop,
    input  [ADDR_W-1:0]     addr,           // first byte of the stream
    input  [31:0]           nbytes,         // stream length in bytes
    input                   port_in,        // 0: M0, 1: M1
    input  [31:0]           lim,            // AXI_LIMITn of the region's counter

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

    output                  b_valid,        // beats to the decoder
    output [DATA_W-1:0]     b_data,
    input                   b_ready,

    output reg              fault,          // pulse: first error response of the stream
    output                  port,
    output                  active,
    output                  busy
);

localparam integer BYTES = DATA_W / 8;
localparam integer LB    = $clog2(BYTES);
localparam integer BW    = ADDR_W - LB;
localparam [FIFO_AW:0] FIFO_DEPTH = 1 << FIFO_AW;
localparam [3:0] MAX_RD = 4'd4;

`include "ethosu65_axi_funcs.vh"

reg          act;
reg          port_q;
reg [3:0]    blb;
reg [8:0]    rd_lim;
reg [3:0]    cache_q;
reg [BW-1:0] f_beat;                // next beat to read
reg [31:0]   f_left;                // beats still to read
reg [3:0]    rd_out;
reg [FIFO_AW:0] credit;
reg          faulted;

wire [8:0] bound = axi_to_boundary(f_beat[8:0], blb);
wire [8:0] bcap  = (bound > {{(8-FIFO_AW){1'b0}}, FIFO_DEPTH}) ? {{(8-FIFO_AW){1'b0}}, FIFO_DEPTH} : bound;
wire [8:0] bl    = (f_left < {23'd0, bcap}) ? f_left[8:0] : bcap;

assign ar_req   = act && !stop && (f_left != 32'd0) && ({{(8-FIFO_AW){1'b0}}, credit} >= bl)
                  && ({5'd0, rd_out} < rd_lim) && (rd_out != MAX_RD);
assign ar_port  = port_q;
assign ar_addr  = {f_beat, {LB{1'b0}}};
assign ar_len   = bl[7:0] - 8'd1;
assign ar_cache = cache_q;

// beat FIFO
reg [DATA_W-1:0]  fifo [0:(1<<FIFO_AW)-1];
reg [FIFO_AW-1:0] wp, rp;
reg [FIFO_AW:0]   cnt;
wire              push = r_valid && act;
wire              pop  = b_valid && b_ready;

always @(posedge clk) begin
    if (push)
        fifo[wp] <= r_data;
end

assign b_valid = act && (cnt != {(FIFO_AW+1){1'b0}});
assign b_data  = fifo[rp];

always @(posedge clk or negedge rstn) begin
    if (!rstn) begin
        act     <= 1'b0;
        port_q  <= 1'b0;
        blb     <= 4'd0;
        rd_lim  <= 9'd1;
        cache_q <= 4'd0;
        f_beat  <= {BW{1'b0}};
        f_left  <= 32'd0;
        rd_out  <= 4'd0;
        credit  <= FIFO_DEPTH;
        wp      <= {FIFO_AW{1'b0}};
        rp      <= {FIFO_AW{1'b0}};
        cnt     <= {(FIFO_AW+1){1'b0}};
        faulted <= 1'b0;
        fault   <= 1'b0;
    end else if (clr) begin
        act     <= 1'b0;
        rd_out  <= 4'd0;
        credit  <= FIFO_DEPTH;
        wp      <= {FIFO_AW{1'b0}};
        rp      <= {FIFO_AW{1'b0}};
        cnt     <= {(FIFO_AW+1){1'b0}};
        faulted <= 1'b0;
        fault   <= 1'b0;
    end else begin
        fault  <= 1'b0;
        rd_out <= rd_out + {3'd0, ar_gnt} - {3'd0, r_valid && r_last};
        if (push && r_resp[1] && !faulted && !stop) begin
            faulted <= 1'b1;
            fault   <= 1'b1;
        end
        if (stop) begin
            act    <= 1'b0;
            credit <= FIFO_DEPTH;
            wp     <= {FIFO_AW{1'b0}};
            rp     <= {FIFO_AW{1'b0}};
            cnt    <= {(FIFO_AW+1){1'b0}};
        end else if (start) begin
            act     <= 1'b1;
            port_q  <= port_in;
            blb     <= axi_burst_lb(lim[1:0]);
            rd_lim  <= {1'b0, lim[23:16]} + 9'd1;
            cache_q <= axi_arcache(lim[7:4]);
            f_beat  <= addr[ADDR_W-1:LB];
            f_left  <= axi_beats(addr[LB-1:0], nbytes);
            credit  <= FIFO_DEPTH;
            wp      <= {FIFO_AW{1'b0}};
            rp      <= {FIFO_AW{1'b0}};
            cnt     <= {(FIFO_AW+1){1'b0}};
            faulted <= 1'b0;
        end else begin
            if (ar_gnt) begin
                f_beat <= f_beat + {{(BW-9){1'b0}}, bl};
                f_left <= f_left - {23'd0, bl};
            end
            credit <= credit - (ar_gnt ? bl[FIFO_AW:0] : {(FIFO_AW+1){1'b0}})
                             + {{FIFO_AW{1'b0}}, pop};
            if (push)
                wp <= wp + {{(FIFO_AW-1){1'b0}}, 1'b1};
            if (pop)
                rp <= rp + {{(FIFO_AW-1){1'b0}}, 1'b1};
            cnt <= cnt + {{FIFO_AW{1'b0}}, push} - {{FIFO_AW{1'b0}}, pop};
            // all beats read and handed over: done
            if (f_left == 32'd0 && rd_out == 4'd0 && cnt == {(FIFO_AW+1){1'b0}} && !push)
                act <= 1'b0;
        end
    end
end

assign port   = port_q;
assign active = act;
assign busy   = act || (rd_out != 4'd0);

/* verilator lint_off UNUSEDSIGNAL */
wire unused_ok = &{1'b0, r_resp[0], lim[31:24], lim[15:8], lim[3:2], bl[8]};
/* verilator lint_on UNUSEDSIGNAL */

endmodule
