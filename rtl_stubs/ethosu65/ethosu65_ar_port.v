// ethosu65_ar_port: the AR channel of one AXI manager port of the Ethos-U65
// stub, shared by the command fetch, the DMA read side and the weight stream
// reader.
//
// The AR payload is a register: a request is granted (and loaded) only on a
// cycle with ACLKEN = 1 when the register is empty or its burst is being
// accepted (ARREADY), so ARVALID and the payload stay stable until the
// handshake. Requesters that ask in the same cycle are served round-robin
// (the one after the last granted first: fetch, DMA, weights). Requests must
// not depend on the grants.
module ethosu65_ar_port #(
    parameter integer ADDR_W = 40,
    parameter [7:0]   F_ID   = 8'd0,        // command stream ARID
    parameter [7:0]   D_ID   = 8'd64,       // mem2mem ARID
    parameter [7:0]   W_ID   = 8'd32        // weight stream ARID
) (
    input                   clk,
    input                   rstn,
    input                   clr,
    input                   aclken,

    input                   f_req,
    input  [ADDR_W-1:0]     f_addr,
    input  [7:0]            f_len,
    input  [3:0]            f_cache,
    output                  f_gnt,

    input                   d_req,
    input  [ADDR_W-1:0]     d_addr,
    input  [7:0]            d_len,
    input  [3:0]            d_cache,
    output                  d_gnt,

    input                   w_req,
    input  [ADDR_W-1:0]     w_addr,
    input  [7:0]            w_len,
    input  [3:0]            w_cache,
    output                  w_gnt,

    output reg              arvalid,
    output reg [7:0]        arid,
    output reg [ADDR_W-1:0] araddr,
    output reg [7:0]        arlen,
    output reg [3:0]        arcache,
    input                   arready
);

reg  [1:0] last;             // last granted: 0 fetch, 1 DMA, 2 weights
wire slot = aclken && (!arvalid || arready);

reg sf, sd, sw;
always @(*) begin
    sf = 1'b0;
    sd = 1'b0;
    sw = 1'b0;
    case (last)
        2'd0:    begin if (d_req) sd = 1'b1; else if (w_req) sw = 1'b1; else if (f_req) sf = 1'b1; end
        2'd1:    begin if (w_req) sw = 1'b1; else if (f_req) sf = 1'b1; else if (d_req) sd = 1'b1; end
        default: begin if (f_req) sf = 1'b1; else if (d_req) sd = 1'b1; else if (w_req) sw = 1'b1; end
    endcase
end

assign f_gnt = slot && sf;
assign d_gnt = slot && sd;
assign w_gnt = slot && sw;

always @(posedge clk or negedge rstn) begin
    if (!rstn) begin
        last    <= 2'd2;
        arvalid <= 1'b0;
        arid    <= 8'd0;
        araddr  <= {ADDR_W{1'b0}};
        arlen   <= 8'd0;
        arcache <= 4'd0;
    end else if (clr) begin
        last    <= 2'd2;
        arvalid <= 1'b0;
    end else begin
        if (f_gnt) begin
            arvalid <= 1'b1;
            arid    <= F_ID;
            araddr  <= f_addr;
            arlen   <= f_len;
            arcache <= f_cache;
            last    <= 2'd0;
        end else if (d_gnt) begin
            arvalid <= 1'b1;
            arid    <= D_ID;
            araddr  <= d_addr;
            arlen   <= d_len;
            arcache <= d_cache;
            last    <= 2'd1;
        end else if (w_gnt) begin
            arvalid <= 1'b1;
            arid    <= W_ID;
            araddr  <= w_addr;
            arlen   <= w_len;
            arcache <= w_cache;
            last    <= 2'd2;
        end else if (arready && aclken) begin
            arvalid <= 1'b0;
        end
    end
end

endmodule
