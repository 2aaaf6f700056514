// ethosu65_ar_port: the AR channel of one AXI manager port of the Ethos-U65
// stub, shared by the command fetch and the DMA read side.
//
// The AR payload is a register: a request is granted (and loaded) only on a
// cycle with ACLKEN = 1 when the register is empty or its burst is being
// accepted (ARREADY), so ARVALID and the payload stay stable until the
// handshake. When both requesters ask in the same cycle the grant alternates.
// Requests must not depend on the grants.
module ethosu65_ar_port #(
    parameter integer ADDR_W = 40,
    parameter [7:0]   F_ID   = 8'd0,        // command stream ARID
    parameter [7:0]   D_ID   = 8'd64        // mem2mem ARID
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

    output reg              arvalid,
    output reg [7:0]        arid,
    output reg [ADDR_W-1:0] araddr,
    output reg [7:0]        arlen,
    output reg [3:0]        arcache,
    input                   arready
);

reg  prio_d;                 // 1: the DMA wins a tie
wire slot = aclken && (!arvalid || arready);

assign f_gnt = slot && f_req && (!d_req || !prio_d);
assign d_gnt = slot && d_req && (!f_req || prio_d);

always @(posedge clk or negedge rstn) begin
    if (!rstn) begin
        prio_d  <= 1'b0;
        arvalid <= 1'b0;
        arid    <= 8'd0;
        araddr  <= {ADDR_W{1'b0}};
        arlen   <= 8'd0;
        arcache <= 4'd0;
    end else if (clr) begin
        prio_d  <= 1'b0;
        arvalid <= 1'b0;
    end else begin
        if (f_gnt) begin
            arvalid <= 1'b1;
            arid    <= F_ID;
            araddr  <= f_addr;
            arlen   <= f_len;
            arcache <= f_cache;
            prio_d  <= 1'b1;
        end else if (d_gnt) begin
            arvalid <= 1'b1;
            arid    <= D_ID;
            araddr  <= d_addr;
            arlen   <= d_len;
            arcache <= d_cache;
            prio_d  <= 1'b0;
        end else if (arready && aclken) begin
            arvalid <= 1'b0;
        end
    end
end

endmodule
