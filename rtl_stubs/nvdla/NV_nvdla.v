// NV_nvdla: stub of the NVDLA nv_small top. Exactly the 46 ports of the
// nv_small core, in the same order, names, directions and widths.
// The body is nvdla_stub_core (see there and README.md for what it does).
//
// SRAMIF must stay 0 here: Verilog cannot add ports under a parameter, so
// the variant with the SRAMIF (nvdla_core2cvsram_*) ports is the separate
// top NV_nvdla_sramif.
module NV_nvdla #(
    parameter SRAMIF = 0
) (
    input          dla_core_clk,
    input          dla_csb_clk,
    input          global_clk_ovr_on,
    input          tmc2slcg_disable_clock_gating,
    input          dla_reset_rstn,
    input          direct_reset_,
    input          test_mode,
    input          csb2nvdla_valid,
    output         csb2nvdla_ready,
    input  [15:0]  csb2nvdla_addr,
    input  [31:0]  csb2nvdla_wdat,
    input          csb2nvdla_write,
    input          csb2nvdla_nposted,
    output         nvdla2csb_valid,
    output [31:0]  nvdla2csb_data,
    output         nvdla2csb_wr_complete,
    output         nvdla_core2dbb_aw_awvalid,
    input          nvdla_core2dbb_aw_awready,
    output [7:0]   nvdla_core2dbb_aw_awid,
    output [3:0]   nvdla_core2dbb_aw_awlen,
    output [31:0]  nvdla_core2dbb_aw_awaddr,
    output         nvdla_core2dbb_w_wvalid,
    input          nvdla_core2dbb_w_wready,
    output [63:0]  nvdla_core2dbb_w_wdata,
    output [7:0]   nvdla_core2dbb_w_wstrb,
    output         nvdla_core2dbb_w_wlast,
    output         nvdla_core2dbb_ar_arvalid,
    input          nvdla_core2dbb_ar_arready,
    output [7:0]   nvdla_core2dbb_ar_arid,
    output [3:0]   nvdla_core2dbb_ar_arlen,
    output [31:0]  nvdla_core2dbb_ar_araddr,
    input          nvdla_core2dbb_b_bvalid,
    output         nvdla_core2dbb_b_bready,
    input  [7:0]   nvdla_core2dbb_b_bid,
    input          nvdla_core2dbb_r_rvalid,
    output         nvdla_core2dbb_r_rready,
    input  [7:0]   nvdla_core2dbb_r_rid,
    input          nvdla_core2dbb_r_rlast,
    input  [63:0]  nvdla_core2dbb_r_rdata,
    output         dla_intr,
    input  [31:0]  nvdla_pwrbus_ram_c_pd,
    input  [31:0]  nvdla_pwrbus_ram_ma_pd,
    input  [31:0]  nvdla_pwrbus_ram_mb_pd,
    input  [31:0]  nvdla_pwrbus_ram_p_pd,
    input  [31:0]  nvdla_pwrbus_ram_o_pd,
    input  [31:0]  nvdla_pwrbus_ram_a_pd
);

// SRAMIF != 0 is refused at elaboration. A missing module is used instead
// of $error because Icarus 11 does not accept elaboration-time $error.
generate
    if (SRAMIF != 0) begin : g_bad_param
        NV_nvdla_SRAMIF_needs_top_NV_nvdla_sramif u_error ();
    end
endgenerate

// The core's SRAMIF outputs have no pin here.
wire         nc_aw_awvalid;
wire [7:0]   nc_aw_awid;
wire [3:0]   nc_aw_awlen;
wire [31:0]  nc_aw_awaddr;
wire         nc_w_wvalid;
wire [63:0]  nc_w_wdata;
wire [7:0]   nc_w_wstrb;
wire         nc_w_wlast;
wire         nc_ar_arvalid;
wire [7:0]   nc_ar_arid;
wire [3:0]   nc_ar_arlen;
wire [31:0]  nc_ar_araddr;
wire         nc_b_bready;
wire         nc_r_rready;

nvdla_stub_core #(
    .SRAMIF(0)
) u_core (
        .dla_core_clk                         (dla_core_clk),
        .dla_csb_clk                          (dla_csb_clk),
        .global_clk_ovr_on                    (global_clk_ovr_on),
        .tmc2slcg_disable_clock_gating        (tmc2slcg_disable_clock_gating),
        .dla_reset_rstn                       (dla_reset_rstn),
        .direct_reset_                        (direct_reset_),
        .test_mode                            (test_mode),
        .csb2nvdla_valid                      (csb2nvdla_valid),
        .csb2nvdla_ready                      (csb2nvdla_ready),
        .csb2nvdla_addr                       (csb2nvdla_addr),
        .csb2nvdla_wdat                       (csb2nvdla_wdat),
        .csb2nvdla_write                      (csb2nvdla_write),
        .csb2nvdla_nposted                    (csb2nvdla_nposted),
        .nvdla2csb_valid                      (nvdla2csb_valid),
        .nvdla2csb_data                       (nvdla2csb_data),
        .nvdla2csb_wr_complete                (nvdla2csb_wr_complete),
        .nvdla_core2dbb_aw_awvalid            (nvdla_core2dbb_aw_awvalid),
        .nvdla_core2dbb_aw_awready            (nvdla_core2dbb_aw_awready),
        .nvdla_core2dbb_aw_awid               (nvdla_core2dbb_aw_awid),
        .nvdla_core2dbb_aw_awlen              (nvdla_core2dbb_aw_awlen),
        .nvdla_core2dbb_aw_awaddr             (nvdla_core2dbb_aw_awaddr),
        .nvdla_core2dbb_w_wvalid              (nvdla_core2dbb_w_wvalid),
        .nvdla_core2dbb_w_wready              (nvdla_core2dbb_w_wready),
        .nvdla_core2dbb_w_wdata               (nvdla_core2dbb_w_wdata),
        .nvdla_core2dbb_w_wstrb               (nvdla_core2dbb_w_wstrb),
        .nvdla_core2dbb_w_wlast               (nvdla_core2dbb_w_wlast),
        .nvdla_core2dbb_ar_arvalid            (nvdla_core2dbb_ar_arvalid),
        .nvdla_core2dbb_ar_arready            (nvdla_core2dbb_ar_arready),
        .nvdla_core2dbb_ar_arid               (nvdla_core2dbb_ar_arid),
        .nvdla_core2dbb_ar_arlen              (nvdla_core2dbb_ar_arlen),
        .nvdla_core2dbb_ar_araddr             (nvdla_core2dbb_ar_araddr),
        .nvdla_core2dbb_b_bvalid              (nvdla_core2dbb_b_bvalid),
        .nvdla_core2dbb_b_bready              (nvdla_core2dbb_b_bready),
        .nvdla_core2dbb_b_bid                 (nvdla_core2dbb_b_bid),
        .nvdla_core2dbb_r_rvalid              (nvdla_core2dbb_r_rvalid),
        .nvdla_core2dbb_r_rready              (nvdla_core2dbb_r_rready),
        .nvdla_core2dbb_r_rid                 (nvdla_core2dbb_r_rid),
        .nvdla_core2dbb_r_rlast               (nvdla_core2dbb_r_rlast),
        .nvdla_core2dbb_r_rdata               (nvdla_core2dbb_r_rdata),
        .dla_intr                             (dla_intr),
        .nvdla_pwrbus_ram_c_pd                (nvdla_pwrbus_ram_c_pd),
        .nvdla_pwrbus_ram_ma_pd               (nvdla_pwrbus_ram_ma_pd),
        .nvdla_pwrbus_ram_mb_pd               (nvdla_pwrbus_ram_mb_pd),
        .nvdla_pwrbus_ram_p_pd                (nvdla_pwrbus_ram_p_pd),
        .nvdla_pwrbus_ram_o_pd                (nvdla_pwrbus_ram_o_pd),
        .nvdla_pwrbus_ram_a_pd                (nvdla_pwrbus_ram_a_pd),
        .nvdla_core2cvsram_aw_awvalid         (nc_aw_awvalid),
        .nvdla_core2cvsram_aw_awready         (1'b0),
        .nvdla_core2cvsram_aw_awid            (nc_aw_awid),
        .nvdla_core2cvsram_aw_awlen           (nc_aw_awlen),
        .nvdla_core2cvsram_aw_awaddr          (nc_aw_awaddr),
        .nvdla_core2cvsram_w_wvalid           (nc_w_wvalid),
        .nvdla_core2cvsram_w_wready           (1'b0),
        .nvdla_core2cvsram_w_wdata            (nc_w_wdata),
        .nvdla_core2cvsram_w_wstrb            (nc_w_wstrb),
        .nvdla_core2cvsram_w_wlast            (nc_w_wlast),
        .nvdla_core2cvsram_ar_arvalid         (nc_ar_arvalid),
        .nvdla_core2cvsram_ar_arready         (1'b0),
        .nvdla_core2cvsram_ar_arid            (nc_ar_arid),
        .nvdla_core2cvsram_ar_arlen           (nc_ar_arlen),
        .nvdla_core2cvsram_ar_araddr          (nc_ar_araddr),
        .nvdla_core2cvsram_b_bvalid           (1'b0),
        .nvdla_core2cvsram_b_bready           (nc_b_bready),
        .nvdla_core2cvsram_b_bid              (8'd0),
        .nvdla_core2cvsram_r_rvalid           (1'b0),
        .nvdla_core2cvsram_r_rready           (nc_r_rready),
        .nvdla_core2cvsram_r_rid              (8'd0),
        .nvdla_core2cvsram_r_rlast            (1'b0),
        .nvdla_core2cvsram_r_rdata            (64'd0)
);

// The SRAMIF outputs of the core end here (no pins on this top).
/* verilator lint_off UNUSEDSIGNAL */
wire unused_ok = &{1'b0, nc_aw_awvalid, nc_aw_awid, nc_aw_awlen, nc_aw_awaddr,
                   nc_w_wvalid, nc_w_wdata, nc_w_wstrb, nc_w_wlast, nc_ar_arvalid,
                   nc_ar_arid, nc_ar_arlen, nc_ar_araddr, nc_b_bready, nc_r_rready};
/* verilator lint_on UNUSEDSIGNAL */

endmodule
