// nvdla_reset_sync: the reset synchroniser at the stub's pins. The real
// NV_nvdla top has one: dla_reset_rstn asserts the internal reset at once
// and releases it some rising edges of the core clock after the pin rises
// (about 4 for the nv_small core). Until then the core is in reset while
// the CSB port still shows ready, so requests a harness sends too early
// are lost, as on the real top.
//
// The release delay is 4 rising edges, or what the plusarg
// +nvdla_stub_reset_sync=N (1..16) says. Reading a plusarg is also what
// real RTL does (about 120 of NVDLA's files do): a harness that never calls
// Verilated::commandArgs stops here as it would on the real top.
module nvdla_reset_sync (
    input  clk,
    input  rstn_pin,
    output rstn_core
);

localparam DEFAULT_CYCLES = 4;

reg [3:0] last;   // release delay - 1: index of the stage that releases

integer cycles;
initial begin
    if (!$value$plusargs("nvdla_stub_reset_sync=%d", cycles))
        cycles = DEFAULT_CYCLES;
    if (cycles < 1 || cycles > 16) begin
        $display("%%Error: nvdla_reset_sync: +nvdla_stub_reset_sync=%0d is out of range 1..16", cycles);
        $stop;
    end
    last = 4'(cycles - 1);
end

// Asserted asynchronously, released through the shift register.
reg [15:0] stages;
always @(posedge clk or negedge rstn_pin) begin
    if (!rstn_pin)
        stages <= 16'd0;
    else
        stages <= {stages[14:0], 1'b1};
end

assign rstn_core = stages[last];

endmodule
