// ethosu65_axi_funcs.vh: AXI attribute helpers shared by the AXI managers of
// the Ethos-U65 stub. Included inside a module body after the module has
// declared `localparam integer LB` = log2(bytes per beat).
//
// An AXI_LIMITn register (TRM 4.2.14-4.2.17) configures the outstanding
// counter n that a REGIONCFG / QCONFIG value selects:
//   [1:0]   max_beats   burst-split alignment 0: 64, 1: 128, 2: 256 bytes
//                       (3 is reserved: used as 256 bytes here)
//   [7:4]   memtype     AxCACHE encoding (table below)
//   [23:16] max_outstanding_read_m1
//   [31:24] max_outstanding_write_m1

// ARCACHE of a memtype (TRM table "Field memtype values"); reserved
// encodings 0xC-0xF give 0000 (device non-bufferable).
function automatic [3:0] axi_arcache(input [3:0] memtype);
    case (memtype)
        4'h0: axi_arcache = 4'b0000;
        4'h1: axi_arcache = 4'b0001;
        4'h2: axi_arcache = 4'b0010;
        4'h3: axi_arcache = 4'b0011;
        4'h4: axi_arcache = 4'b1010;
        4'h5: axi_arcache = 4'b1110;
        4'h6: axi_arcache = 4'b1010;
        4'h7: axi_arcache = 4'b1110;
        4'h8: axi_arcache = 4'b1011;
        4'h9: axi_arcache = 4'b1111;
        4'hA: axi_arcache = 4'b1011;
        4'hB: axi_arcache = 4'b1111;
        default: axi_arcache = 4'b0000;
    endcase
endfunction

// AWCACHE of a memtype.
function automatic [3:0] axi_awcache(input [3:0] memtype);
    case (memtype)
        4'h0: axi_awcache = 4'b0000;
        4'h1: axi_awcache = 4'b0001;
        4'h2: axi_awcache = 4'b0010;
        4'h3: axi_awcache = 4'b0011;
        4'h4: axi_awcache = 4'b0110;
        4'h5: axi_awcache = 4'b0110;
        4'h6: axi_awcache = 4'b1110;
        4'h7: axi_awcache = 4'b1110;
        4'h8: axi_awcache = 4'b0111;
        4'h9: axi_awcache = 4'b0111;
        4'hA: axi_awcache = 4'b1111;
        4'hB: axi_awcache = 4'b1111;
        default: axi_awcache = 4'b0000;
    endcase
endfunction

// log2 of the burst-split alignment in beats for a max_beats field:
// log2(64 << max_beats) - LB, at least 0 (one beat).
function automatic [3:0] axi_burst_lb(input [1:0] max_beats);
    integer b;
    begin
        b = (max_beats == 2'd3) ? 2 : {30'd0, max_beats};
        b = 6 + b - LB;
        axi_burst_lb = (b < 0) ? 4'd0 : b[3:0];
    end
endfunction

// Beats from beat address `beat` (address >> LB) to the next alignment
// boundary of 2**lb beats.
function automatic [8:0] axi_to_boundary(input [8:0] beat_lo, input [3:0] lb);
    reg [8:0] span;
    begin
        span = 9'd1 << lb;
        axi_to_boundary = span - (beat_lo & (span - 9'd1));
    end
endfunction

// Beats of an access of `len` bytes starting at byte lane `lane`:
// ceil((lane + len) / bytes per beat).
/* verilator lint_off UNUSEDSIGNAL */
function automatic [31:0] axi_beats(input [LB-1:0] lane, input [31:0] len);
    reg [32:0] end_byte;
    begin
        end_byte  = {1'b0, len} + {{(33-LB){1'b0}}, lane} + ((33'd1 << LB) - 33'd1);
        axi_beats = {{(LB-1){1'b0}}, end_byte[32:LB]};
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */
