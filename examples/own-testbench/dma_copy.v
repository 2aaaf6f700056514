// dma_copy: a user's own small top, the kind of block a testbench around
// the nvdla-cosim library drives. An APB register block programs one copy
// (source, destination, beat count); START makes the AXI4 manager read
// those beats in one INCR burst, keep them, write them back in one INCR
// burst at the destination and raise STATUS.DONE. A non-OKAY response
// sets STATUS.ERROR (the copy still finishes, so nothing hangs).
//
// Registers (byte addresses, 32 bits):
//   0x00 SRC     source address (8-byte aligned)
//   0x04 DST     destination address (8-byte aligned)
//   0x08 BEATS   beats to copy, 1..16 (0 is taken as 16)
//   0x0C CTRL    write bit 0 = 1: start (ignored while busy)
//   0x10 STATUS  bit 0 DONE, bit 1 BUSY, bit 2 ERROR (read-only; START clears DONE and ERROR)
// Any other address answers PSLVERR.
module dma_copy (
    input  wire        clk,
    input  wire        rstn,
    // APB completer (register port)
    input  wire        psel,
    input  wire        penable,
    input  wire        pwrite,
    input  wire [11:0] paddr,
    input  wire [31:0] pwdata,
    output wire        pready,
    output reg  [31:0] prdata,
    output wire        pslverr,
    // AXI4 manager, 64-bit data, 32-bit addresses
    output reg         awvalid,
    input  wire        awready,
    output wire [31:0] awaddr,
    output wire [7:0]  awlen,
    output wire [2:0]  awsize,
    output wire [1:0]  awburst,
    output reg         wvalid,
    input  wire        wready,
    output wire [63:0] wdata,
    output wire [7:0]  wstrb,
    output wire        wlast,
    input  wire        bvalid,
    output wire        bready,
    input  wire [1:0]  bresp,
    output reg         arvalid,
    input  wire        arready,
    output wire [31:0] araddr,
    output wire [7:0]  arlen,
    output wire [2:0]  arsize,
    output wire [1:0]  arburst,
    input  wire        rvalid,
    output wire        rready,
    input  wire [63:0] rdata,
    input  wire [1:0]  rresp,
    input  wire        rlast
);

localparam [2:0] IDLE = 3'd0, AR = 3'd1, R = 3'd2, AW = 3'd3, W = 3'd4, B = 3'd5;

reg [2:0]  state;
reg [31:0] src, dst;
reg [3:0]  last_beat;          // BEATS - 1
reg [3:0]  beat;
reg        done, error;
reg [63:0] buffer [0:15];

// ---- APB: no wait states; an access completes in its access phase
wire access   = psel && penable;
wire known    = paddr[11:5] == 7'd0 && paddr[1:0] == 2'd0 && paddr[4:2] <= 3'd4;
assign pready  = 1'b1;
assign pslverr = access && !known;
wire start     = access && pwrite && paddr == 12'h00C && pwdata[0] && state == IDLE;

always @(*) begin
    case (paddr)
        12'h000: prdata = src;
        12'h004: prdata = dst;
        12'h008: prdata = {28'd0, last_beat} + 32'd1;
        12'h010: prdata = {29'd0, error, state != IDLE, done};
        default: prdata = 32'd0;
    endcase
end

// ---- AXI: fixed burst shape (INCR, 8 bytes a beat, every byte lane)
assign araddr  = src;
assign arlen   = {4'd0, last_beat};
assign arsize  = 3'd3;
assign arburst = 2'b01;
assign awaddr  = dst;
assign awlen   = {4'd0, last_beat};
assign awsize  = 3'd3;
assign awburst = 2'b01;
assign rready  = state == R;
assign wdata   = buffer[beat];
assign wstrb   = 8'hFF;
assign wlast   = beat == last_beat;
assign bready  = state == B;

always @(posedge clk) begin
    if (state == R && rvalid)
        buffer[beat] <= rdata;
end

always @(posedge clk or negedge rstn) begin
    if (!rstn) begin
        state     <= IDLE;
        src       <= 32'd0;
        dst       <= 32'd0;
        last_beat <= 4'd15;
        beat      <= 4'd0;
        done      <= 1'b0;
        error     <= 1'b0;
        arvalid   <= 1'b0;
        awvalid   <= 1'b0;
        wvalid    <= 1'b0;
    end else begin
        if (access && pwrite && state == IDLE) begin
            case (paddr)
                12'h000: src <= pwdata;
                12'h004: dst <= pwdata;
                12'h008: last_beat <= pwdata[3:0] - 4'd1;
                default: ;
            endcase
        end
        case (state)
            IDLE: if (start) begin
                done    <= 1'b0;
                error   <= 1'b0;
                beat    <= 4'd0;
                arvalid <= 1'b1;
                state   <= AR;
            end
            AR: if (arready) begin
                arvalid <= 1'b0;
                state   <= R;
            end
            R: if (rvalid) begin
                if (rresp != 2'b00)
                    error <= 1'b1;
                if (rlast != (beat == last_beat))
                    error <= 1'b1;
                beat <= beat + 4'd1;
                if (rlast) begin
                    beat    <= 4'd0;
                    awvalid <= 1'b1;
                    state   <= AW;
                end
            end
            AW: if (awready) begin
                awvalid <= 1'b0;
                wvalid  <= 1'b1;
                state   <= W;
            end
            W: if (wready) begin
                beat <= beat + 4'd1;
                if (wlast) begin
                    wvalid <= 1'b0;
                    state  <= B;
                end
            end
            B: if (bvalid) begin
                if (bresp != 2'b00)
                    error <= 1'b1;
                done  <= 1'b1;
                state <= IDLE;
            end
            default: state <= IDLE;
        endcase
    end
end

// the upper data bits of BEATS and CTRL are reserved
wire unused_ok = &{1'b0, pwdata[31:4], 1'b0};

endmodule
