// nvdla_sdp_burst_gen: walks a data cube (surfaces x lines x atoms) and
// cuts every line into AXI INCR bursts. One memory atom is one beat of the
// data bus: ATOM_BYTES = DATA_W/8 (8, 16 or 32 bytes), as in every public
// NVDLA configuration (MEMORY_ATOMIC_SIZE equals PRIMARY_MEMIF_WIDTH/8).
//
// A burst has at most 16 beats and never crosses a 4 KB boundary. The
// current burst is presented on addr/beats while `more` is 1; `next`
// consumes it. `start` loads a new cube (the caller only starts when idle).
// Line l of surface s starts at base + s*surf_stride + l*line_stride.
//
// Addresses on the bus are atom aligned: the bits below the atom size of
// the configured base and strides are dropped from every burst address (the
// DBBIF only takes beat-aligned requests).
module nvdla_sdp_burst_gen #(
    parameter integer DATA_W = 64,      // 64, 128 or 256
    parameter integer ADDR_W = 32       // 32 or 64
) (
    input                   clk,
    input                   rstn,
    input                   start,
    input                   next,
    input      [ADDR_W-1:0] base,
    input      [31:0]       line_stride,
    input      [31:0]       surf_stride,
    input      [13:0]       line_atoms,   // atoms per line, >= 1
    input      [12:0]       last_line,    // lines per surface - 1
    input      [12:0]       last_surf,    // surfaces - 1
    output reg              more,
    output     [ADDR_W-1:0] addr,
    output     [4:0]        beats         // 1..16
);

// log2 of the atom (beat) size in bytes: 3, 4 or 5
localparam integer AL = DATA_W == 256 ? 5 : DATA_W == 128 ? 4 : 3;
// beats in a 4 KB page: 512, 256 or 128
localparam [9:0] PAGE_BEATS = 10'd512 >> (AL - 3);

reg [ADDR_W-1:0] ls_q, ss_q;              // strides of the running cube
reg [13:0]       atoms_q;                 // atoms per line
reg [12:0]       last_line_q, last_surf_q;
reg [ADDR_W-1:0] cur;                     // address of the current burst
reg [ADDR_W-1:0] line_start, surf_start;  // first byte of the current line / surface
reg [13:0]       atom;                    // atoms of the line already handed out
reg [12:0]       line, surf;

// Burst length: the rest of the line, capped at 16 beats and at the 4 KB page.
wire [11:0] off_beats    = cur[11:0] >> AL;   // beats before cur in its page (< 512)
wire [13:0] left_in_line = atoms_q - atom;
wire [9:0]  left_in_page = PAGE_BEATS - off_beats[9:0];
wire        line_short   = left_in_line < 14'd16;
wire [4:0]  by_line      = line_short ? left_in_line[4:0] : 5'd16;
wire        page_short   = left_in_page < {5'd0, by_line};
assign beats = page_short ? left_in_page[4:0] : by_line;
assign addr  = {cur[ADDR_W-1:AL], {AL{1'b0}}};

wire line_end = (atom + {9'd0, beats}) == atoms_q;
// Widened to 64 bits, then cut to the address width (a zero-width
// replication is not Verilog-2005).
wire [63:0] bytes64 = {59'd0, beats} << AL;     // bytes of one burst
wire [63:0] ls64    = {32'd0, line_stride};
wire [63:0] ss64    = {32'd0, surf_stride};
wire [ADDR_W-1:0] burst_bytes = bytes64[ADDR_W-1:0];

always @(posedge clk) begin
    if (!rstn) begin
        more        <= 1'b0;
        ls_q        <= {ADDR_W{1'b0}};
        ss_q        <= {ADDR_W{1'b0}};
        atoms_q     <= 14'd1;
        last_line_q <= 13'd0;
        last_surf_q <= 13'd0;
        cur         <= {ADDR_W{1'b0}};
        line_start  <= {ADDR_W{1'b0}};
        surf_start  <= {ADDR_W{1'b0}};
        atom        <= 14'd0;
        line        <= 13'd0;
        surf        <= 13'd0;
    end else if (start) begin
        more        <= 1'b1;
        ls_q        <= ls64[ADDR_W-1:0];
        ss_q        <= ss64[ADDR_W-1:0];
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
            cur  <= cur + burst_bytes;
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

// Only the 4 KB page offset's beat index is needed (its top bits are 0);
// the widened values have more bits than a 32-bit address takes.
/* verilator lint_off UNUSEDSIGNAL */
wire unused_ok = &{1'b0, off_beats[11:10], bytes64, ls64, ss64};
/* verilator lint_on UNUSEDSIGNAL */

endmodule
