// ethosu65_dma_rows: walks the inner (1D) transfers of one mem2mem DMA
// descriptor and gives the absolute source and destination address of the
// current one. The DMA engine has three of them (AR side, AW side, W side),
// which step through the same rows independently.
//
// Rows of a descriptor (both sides step together):
//   mode = max(src_mode, dst_mode)  0: 1D, 1: 2D, 2: 3D (3, not in the TRM,
//   is taken as 3D like the C twin)
//   1D: one row; 2D: SIZE0 rows; 3D: SIZE1 planes of SIZE0 rows.
// Address of a side after each row (LEN bytes per row):
//   side in 1D mode: contiguous, next row = row + LEN
//   side in 2D/3D mode: next row = row + LEN + SKIP0; after the last row of
//   a plane a side in 3D mode skips SKIP1 more.
// An empty descriptor (LEN == 0, or 0 rows) is detected by the engine, which
// never loads it here.
//
// The descriptor inputs must be stable from `load` until the engine is done
// with it. `load` selects row 0; `next` moves to the following row (ignored
// on the last one).
module ethosu65_dma_rows #(
    parameter ADDR_W = 40
) (
    input                   clk,
    input                   rstn,
    input                   clr,

    input                   load,
    input                   next,

    input      [ADDR_W-1:0] src,        // address of row 0, source
    input      [ADDR_W-1:0] dst,        // address of row 0, destination
    input      [31:0]       len,
    input      [ADDR_W-1:0] skip0,
    input      [ADDR_W-1:0] skip1,
    input      [15:0]       size0,
    input      [15:0]       size1,
    input      [1:0]        src_mode,
    input      [1:0]        dst_mode,

    output reg [ADDR_W-1:0] src_row,
    output reg [ADDR_W-1:0] dst_row,
    output                  last        // the current row is the last one
);

wire [1:0] s_mode = (src_mode == 2'd3) ? 2'd2 : src_mode;
wire [1:0] d_mode = (dst_mode == 2'd3) ? 2'd2 : dst_mode;
wire [1:0] mode   = (s_mode > d_mode) ? s_mode : d_mode;

// Rows per plane - 1 and planes - 1 (sizes of 0 never get here).
wire [15:0] rows_m1   = (mode != 2'd0) ? size0 - 16'd1 : 16'd0;
wire [15:0] planes_m1 = (mode == 2'd2) ? size1 - 16'd1 : 16'd0;

reg  [15:0] row, plane;
wire        row_end = row == rows_m1;
assign      last    = row_end & (plane == planes_m1);

wire [ADDR_W-1:0] len_a = {{(ADDR_W-32){1'b0}}, len};

// Step of one side from the start of the current row to the next one.
function automatic [ADDR_W-1:0] step(input [1:0] m, input plane_end);
    begin
        if (m == 2'd0)
            step = len_a;
        else if (m == 2'd2 && plane_end)
            step = len_a + skip0 + skip1;
        else
            step = len_a + skip0;
    end
endfunction

always @(posedge clk or negedge rstn) begin
    if (!rstn) begin
        row     <= 16'd0;
        plane   <= 16'd0;
        src_row <= {ADDR_W{1'b0}};
        dst_row <= {ADDR_W{1'b0}};
    end else if (clr) begin
        row     <= 16'd0;
        plane   <= 16'd0;
        src_row <= {ADDR_W{1'b0}};
        dst_row <= {ADDR_W{1'b0}};
    end else if (load) begin
        row     <= 16'd0;
        plane   <= 16'd0;
        src_row <= src;
        dst_row <= dst;
    end else if (next && !last) begin
        src_row <= src_row + step(s_mode, row_end);
        dst_row <= dst_row + step(d_mode, row_end);
        if (row_end) begin
            row   <= 16'd0;
            plane <= plane + 16'd1;
        end else begin
            row   <= row + 16'd1;
        end
    end
end

endmodule
