// nvdla_sdp_burst_gen: walks a data cube (surfaces x lines x atoms of 8
// bytes) and cuts every line into AXI INCR bursts of 64-bit beats.
//
// A burst has at most 16 beats and never crosses a 4 KB boundary. The
// current burst is presented on addr/beats while `more` is 1; `next`
// consumes it. `start` loads a new cube (the caller only starts when idle).
// Line l of surface s starts at base + s*surf_stride + l*line_stride.
//
// Addresses on the bus are 8-byte aligned: bits [2:0] of the configured
// base and strides are dropped from every burst address (the DBBIF only
// takes beat-aligned requests).
module nvdla_sdp_burst_gen (
    input             clk,
    input             rstn,
    input             start,
    input             next,
    input      [31:0] base,
    input      [31:0] line_stride,
    input      [31:0] surf_stride,
    input      [13:0] line_atoms,   // atoms per line, >= 1
    input      [12:0] last_line,    // lines per surface - 1
    input      [12:0] last_surf,    // surfaces - 1
    output reg        more,
    output     [31:0] addr,
    output     [4:0]  beats         // 1..16
);

reg [31:0] ls_q, ss_q;              // strides of the running cube
reg [13:0] atoms_q;                 // atoms per line
reg [12:0] last_line_q, last_surf_q;
reg [31:0] cur;                     // address of the current burst
reg [31:0] line_start, surf_start;  // first byte of the current line / surface
reg [13:0] atom;                    // atoms of the line already handed out
reg [12:0] line, surf;

// Burst length: the rest of the line, capped at 16 beats and at the 4 KB page.
wire [13:0] left_in_line = atoms_q - atom;
wire [9:0]  left_in_page = 10'd512 - {1'b0, cur[11:3]};
wire        line_short   = left_in_line < 14'd16;
wire [4:0]  by_line      = line_short ? left_in_line[4:0] : 5'd16;
wire        page_short   = left_in_page < {5'd0, by_line};
assign beats = page_short ? left_in_page[4:0] : by_line;
assign addr  = {cur[31:3], 3'b000};

wire line_end = (atom + {9'd0, beats}) == atoms_q;

always @(posedge clk) begin
    if (!rstn) begin
        more        <= 1'b0;
        ls_q        <= 32'd0;
        ss_q        <= 32'd0;
        atoms_q     <= 14'd1;
        last_line_q <= 13'd0;
        last_surf_q <= 13'd0;
        cur         <= 32'd0;
        line_start  <= 32'd0;
        surf_start  <= 32'd0;
        atom        <= 14'd0;
        line        <= 13'd0;
        surf        <= 13'd0;
    end else if (start) begin
        more        <= 1'b1;
        ls_q        <= line_stride;
        ss_q        <= surf_stride;
        atoms_q     <= line_atoms;
        last_line_q <= last_line;
        last_surf_q <= last_surf;
        cur         <= base;
        line_start  <= base;
        surf_start  <= base;
        atom        <= 14'd0;
        line        <= 13'd0;
        surf        <= 13'd0;
    end else if (next && more) begin
        if (!line_end) begin
            atom <= atom + {9'd0, beats};
            cur  <= cur + {24'd0, beats, 3'b000};
        end else begin
            atom <= 14'd0;
            if (line != last_line_q) begin
                line       <= line + 13'd1;
                line_start <= line_start + ls_q;
                cur        <= line_start + ls_q;
            end else if (surf != last_surf_q) begin
                line       <= 13'd0;
                surf       <= surf + 13'd1;
                surf_start <= surf_start + ss_q;
                line_start <= surf_start + ss_q;
                cur        <= surf_start + ss_q;
            end else begin
                more <= 1'b0;
            end
        end
    end
end

endmodule
