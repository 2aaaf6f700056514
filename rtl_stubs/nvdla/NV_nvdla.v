// NV_nvdla: stub of the NVDLA top. With the default parameters it has
// exactly the 46 ports of the nv_small core, in the same order, names,
// directions and widths. The parameters give the other public
// configurations' port widths, as their generated tops have them:
//   PRIMARY_MEMIF_WIDTH  nvdla_core2dbb_w_wdata / r_rdata bits (64, 128, 256),
//                        w_wstrb one bit per byte
//   MEM_ADDRESS_WIDTH    nvdla_core2dbb_aw_awaddr / ar_araddr bits (32, 64)
// and `define NVDLA_SECONDARY_MEMIF_ENABLE adds the SRAMIF port set
// nvdla_core2cvsram_* after the 46 ports (as nv_small_256_full,
// nv_medium_1024_full and nv_large have it), shaped like the DBBIF.
// A port set cannot depend on a parameter in Verilog, hence the define.
// scripts/rtl_build.sh sets all three from NVDLA_CONFIG.
// The body is nvdla_stub_core (see there and README.md for what it does).
module NV_nvdla #(
    parameter integer PRIMARY_MEMIF_WIDTH = 64,   // DBBIF data bits: 64, 128 or 256
    parameter integer MEM_ADDRESS_WIDTH   = 32    // DBBIF address bits: 32 or 64
) (
    input                      dla_core_clk,
    input                      dla_csb_clk,
    input                      global_clk_ovr_on,
    input                      tmc2slcg_disable_clock_gating,
    input                      dla_reset_rstn,
    input                      direct_reset_,
    input                      test_mode,
    input                      csb2nvdla_valid,
    output                     csb2nvdla_ready,
    input  [15:0]              csb2nvdla_addr,
    input  [31:0]              csb2nvdla_wdat,
    input                      csb2nvdla_write,
    input                      csb2nvdla_nposted,
    output                     nvdla2csb_valid,
    output [31:0]              nvdla2csb_data,
    output                     nvdla2csb_wr_complete,
    output                     nvdla_core2dbb_aw_awvalid,
    input                      nvdla_core2dbb_aw_awready,
    output [7:0]               nvdla_core2dbb_aw_awid,
    output [3:0]               nvdla_core2dbb_aw_awlen,
    output [MEM_ADDRESS_WIDTH-1:0] nvdla_core2dbb_aw_awaddr,
    output                     nvdla_core2dbb_w_wvalid,
    input                      nvdla_core2dbb_w_wready,
    output [PRIMARY_MEMIF_WIDTH-1:0] nvdla_core2dbb_w_wdata,
    output [PRIMARY_MEMIF_WIDTH/8-1:0] nvdla_core2dbb_w_wstrb,
    output                     nvdla_core2dbb_w_wlast,
    output                     nvdla_core2dbb_ar_arvalid,
    input                      nvdla_core2dbb_ar_arready,
    output [7:0]               nvdla_core2dbb_ar_arid,
    output [3:0]               nvdla_core2dbb_ar_arlen,
    output [MEM_ADDRESS_WIDTH-1:0] nvdla_core2dbb_ar_araddr,
    input                      nvdla_core2dbb_b_bvalid,
    output                     nvdla_core2dbb_b_bready,
    input  [7:0]               nvdla_core2dbb_b_bid,
    input                      nvdla_core2dbb_r_rvalid,
    output                     nvdla_core2dbb_r_rready,
    input  [7:0]               nvdla_core2dbb_r_rid,
    input                      nvdla_core2dbb_r_rlast,
    input  [PRIMARY_MEMIF_WIDTH-1:0] nvdla_core2dbb_r_rdata,
    output                     dla_intr,
    input  [31:0]              nvdla_pwrbus_ram_c_pd,
    input  [31:0]              nvdla_pwrbus_ram_ma_pd,
    input  [31:0]              nvdla_pwrbus_ram_mb_pd,
    input  [31:0]              nvdla_pwrbus_ram_p_pd,
    input  [31:0]              nvdla_pwrbus_ram_o_pd,
    input  [31:0]              nvdla_pwrbus_ram_a_pd
`ifdef NVDLA_SECONDARY_MEMIF_ENABLE
    ,
    output                     nvdla_core2cvsram_aw_awvalid,
    input                      nvdla_core2cvsram_aw_awready,
    output [7:0]               nvdla_core2cvsram_aw_awid,
    output [3:0]               nvdla_core2cvsram_aw_awlen,
    output [MEM_ADDRESS_WIDTH-1:0] nvdla_core2cvsram_aw_awaddr,
    output                     nvdla_core2cvsram_w_wvalid,
    input                      nvdla_core2cvsram_w_wready,
    output [PRIMARY_MEMIF_WIDTH-1:0] nvdla_core2cvsram_w_wdata,
    output [PRIMARY_MEMIF_WIDTH/8-1:0] nvdla_core2cvsram_w_wstrb,
    output                     nvdla_core2cvsram_w_wlast,
    output                     nvdla_core2cvsram_ar_arvalid,
    input                      nvdla_core2cvsram_ar_arready,
    output [7:0]               nvdla_core2cvsram_ar_arid,
    output [3:0]               nvdla_core2cvsram_ar_arlen,
    output [MEM_ADDRESS_WIDTH-1:0] nvdla_core2cvsram_ar_araddr,
    input                      nvdla_core2cvsram_b_bvalid,
    output                     nvdla_core2cvsram_b_bready,
    input  [7:0]               nvdla_core2cvsram_b_bid,
    input                      nvdla_core2cvsram_r_rvalid,
    output                     nvdla_core2cvsram_r_rready,
    input  [7:0]               nvdla_core2cvsram_r_rid,
    input                      nvdla_core2cvsram_r_rlast,
    input  [PRIMARY_MEMIF_WIDTH-1:0] nvdla_core2cvsram_r_rdata
`endif
);

// Parameter values outside the public configurations are refused at
// elaboration. A missing module is used instead of $error because Icarus 11
// does not accept elaboration-time $error.
generate
    if (PRIMARY_MEMIF_WIDTH != 64 && PRIMARY_MEMIF_WIDTH != 128 && PRIMARY_MEMIF_WIDTH != 256) begin : g_bad_width
        NV_nvdla_PRIMARY_MEMIF_WIDTH_must_be_64_128_or_256 u_error ();
    end
    if (MEM_ADDRESS_WIDTH != 32 && MEM_ADDRESS_WIDTH != 64) begin : g_bad_addr
        NV_nvdla_MEM_ADDRESS_WIDTH_must_be_32_or_64 u_error ();
    end
endgenerate

`ifdef NVDLA_SECONDARY_MEMIF_ENABLE
nvdla_stub_core #(
    .SRAMIF (1),
    .DATA_W (PRIMARY_MEMIF_WIDTH),
    .ADDR_W (MEM_ADDRESS_WIDTH)
) u_core (
        .dla_core_clk                          (dla_core_clk),
        .dla_csb_clk                           (dla_csb_clk),
        .global_clk_ovr_on                     (global_clk_ovr_on),
        .tmc2slcg_disable_clock_gating         (tmc2slcg_disable_clock_gating),
        .dla_reset_rstn                        (dla_reset_rstn),
        .direct_reset_                         (direct_reset_),
        .test_mode                             (test_mode),
        .csb2nvdla_valid                       (csb2nvdla_valid),
        .csb2nvdla_ready                       (csb2nvdla_ready),
        .csb2nvdla_addr                        (csb2nvdla_addr),
        .csb2nvdla_wdat                        (csb2nvdla_wdat),
        .csb2nvdla_write                       (csb2nvdla_write),
        .csb2nvdla_nposted                     (csb2nvdla_nposted),
        .nvdla2csb_valid                       (nvdla2csb_valid),
        .nvdla2csb_data                        (nvdla2csb_data),
        .nvdla2csb_wr_complete                 (nvdla2csb_wr_complete),
        .nvdla_core2dbb_aw_awvalid             (nvdla_core2dbb_aw_awvalid),
        .nvdla_core2dbb_aw_awready             (nvdla_core2dbb_aw_awready),
        .nvdla_core2dbb_aw_awid                (nvdla_core2dbb_aw_awid),
        .nvdla_core2dbb_aw_awlen               (nvdla_core2dbb_aw_awlen),
        .nvdla_core2dbb_aw_awaddr              (nvdla_core2dbb_aw_awaddr),
        .nvdla_core2dbb_w_wvalid               (nvdla_core2dbb_w_wvalid),
        .nvdla_core2dbb_w_wready               (nvdla_core2dbb_w_wready),
        .nvdla_core2dbb_w_wdata                (nvdla_core2dbb_w_wdata),
        .nvdla_core2dbb_w_wstrb                (nvdla_core2dbb_w_wstrb),
        .nvdla_core2dbb_w_wlast                (nvdla_core2dbb_w_wlast),
        .nvdla_core2dbb_ar_arvalid             (nvdla_core2dbb_ar_arvalid),
        .nvdla_core2dbb_ar_arready             (nvdla_core2dbb_ar_arready),
        .nvdla_core2dbb_ar_arid                (nvdla_core2dbb_ar_arid),
        .nvdla_core2dbb_ar_arlen               (nvdla_core2dbb_ar_arlen),
        .nvdla_core2dbb_ar_araddr              (nvdla_core2dbb_ar_araddr),
        .nvdla_core2dbb_b_bvalid               (nvdla_core2dbb_b_bvalid),
        .nvdla_core2dbb_b_bready               (nvdla_core2dbb_b_bready),
        .nvdla_core2dbb_b_bid                  (nvdla_core2dbb_b_bid),
        .nvdla_core2dbb_r_rvalid               (nvdla_core2dbb_r_rvalid),
        .nvdla_core2dbb_r_rready               (nvdla_core2dbb_r_rready),
        .nvdla_core2dbb_r_rid                  (nvdla_core2dbb_r_rid),
        .nvdla_core2dbb_r_rlast                (nvdla_core2dbb_r_rlast),
        .nvdla_core2dbb_r_rdata                (nvdla_core2dbb_r_rdata),
        .dla_intr                              (dla_intr),
        .nvdla_pwrbus_ram_c_pd                 (nvdla_pwrbus_ram_c_pd),
        .nvdla_pwrbus_ram_ma_pd                (nvdla_pwrbus_ram_ma_pd),
        .nvdla_pwrbus_ram_mb_pd                (nvdla_pwrbus_ram_mb_pd),
        .nvdla_pwrbus_ram_p_pd                 (nvdla_pwrbus_ram_p_pd),
        .nvdla_pwrbus_ram_o_pd                 (nvdla_pwrbus_ram_o_pd),
        .nvdla_pwrbus_ram_a_pd                 (nvdla_pwrbus_ram_a_pd),
        .nvdla_core2cvsram_aw_awvalid          (nvdla_core2cvsram_aw_awvalid),
        .nvdla_core2cvsram_aw_awready          (nvdla_core2cvsram_aw_awready),
        .nvdla_core2cvsram_aw_awid             (nvdla_core2cvsram_aw_awid),
        .nvdla_core2cvsram_aw_awlen            (nvdla_core2cvsram_aw_awlen),
        .nvdla_core2cvsram_aw_awaddr           (nvdla_core2cvsram_aw_awaddr),
        .nvdla_core2cvsram_w_wvalid            (nvdla_core2cvsram_w_wvalid),
        .nvdla_core2cvsram_w_wready            (nvdla_core2cvsram_w_wready),
        .nvdla_core2cvsram_w_wdata             (nvdla_core2cvsram_w_wdata),
        .nvdla_core2cvsram_w_wstrb             (nvdla_core2cvsram_w_wstrb),
        .nvdla_core2cvsram_w_wlast             (nvdla_core2cvsram_w_wlast),
        .nvdla_core2cvsram_ar_arvalid          (nvdla_core2cvsram_ar_arvalid),
        .nvdla_core2cvsram_ar_arready          (nvdla_core2cvsram_ar_arready),
        .nvdla_core2cvsram_ar_arid             (nvdla_core2cvsram_ar_arid),
        .nvdla_core2cvsram_ar_arlen            (nvdla_core2cvsram_ar_arlen),
        .nvdla_core2cvsram_ar_araddr           (nvdla_core2cvsram_ar_araddr),
        .nvdla_core2cvsram_b_bvalid            (nvdla_core2cvsram_b_bvalid),
        .nvdla_core2cvsram_b_bready            (nvdla_core2cvsram_b_bready),
        .nvdla_core2cvsram_b_bid               (nvdla_core2cvsram_b_bid),
        .nvdla_core2cvsram_r_rvalid            (nvdla_core2cvsram_r_rvalid),
        .nvdla_core2cvsram_r_rready            (nvdla_core2cvsram_r_rready),
        .nvdla_core2cvsram_r_rid               (nvdla_core2cvsram_r_rid),
        .nvdla_core2cvsram_r_rlast             (nvdla_core2cvsram_r_rlast),
        .nvdla_core2cvsram_r_rdata             (nvdla_core2cvsram_r_rdata)
);
`else
// The core's SRAMIF outputs have no pin here.
wire                             nc_aw_awvalid, nc_w_wvalid, nc_w_wlast, nc_ar_arvalid;
wire                             nc_b_bready, nc_r_rready;
wire [7:0]                       nc_aw_awid, nc_ar_arid;
wire [3:0]                       nc_aw_awlen, nc_ar_arlen;
wire [MEM_ADDRESS_WIDTH-1:0]     nc_aw_awaddr, nc_ar_araddr;
wire [PRIMARY_MEMIF_WIDTH-1:0]   nc_w_wdata;
wire [PRIMARY_MEMIF_WIDTH/8-1:0] nc_w_wstrb;

nvdla_stub_core #(
    .SRAMIF (0),
    .DATA_W (PRIMARY_MEMIF_WIDTH),
    .ADDR_W (MEM_ADDRESS_WIDTH)
) u_core (
        .dla_core_clk                          (dla_core_clk),
        .dla_csb_clk                           (dla_csb_clk),
        .global_clk_ovr_on                     (global_clk_ovr_on),
        .tmc2slcg_disable_clock_gating         (tmc2slcg_disable_clock_gating),
        .dla_reset_rstn                        (dla_reset_rstn),
        .direct_reset_                         (direct_reset_),
        .test_mode                             (test_mode),
        .csb2nvdla_valid                       (csb2nvdla_valid),
        .csb2nvdla_ready                       (csb2nvdla_ready),
        .csb2nvdla_addr                        (csb2nvdla_addr),
        .csb2nvdla_wdat                        (csb2nvdla_wdat),
        .csb2nvdla_write                       (csb2nvdla_write),
        .csb2nvdla_nposted                     (csb2nvdla_nposted),
        .nvdla2csb_valid                       (nvdla2csb_valid),
        .nvdla2csb_data                        (nvdla2csb_data),
        .nvdla2csb_wr_complete                 (nvdla2csb_wr_complete),
        .nvdla_core2dbb_aw_awvalid             (nvdla_core2dbb_aw_awvalid),
        .nvdla_core2dbb_aw_awready             (nvdla_core2dbb_aw_awready),
        .nvdla_core2dbb_aw_awid                (nvdla_core2dbb_aw_awid),
        .nvdla_core2dbb_aw_awlen               (nvdla_core2dbb_aw_awlen),
        .nvdla_core2dbb_aw_awaddr              (nvdla_core2dbb_aw_awaddr),
        .nvdla_core2dbb_w_wvalid               (nvdla_core2dbb_w_wvalid),
        .nvdla_core2dbb_w_wready               (nvdla_core2dbb_w_wready),
        .nvdla_core2dbb_w_wdata                (nvdla_core2dbb_w_wdata),
        .nvdla_core2dbb_w_wstrb                (nvdla_core2dbb_w_wstrb),
        .nvdla_core2dbb_w_wlast                (nvdla_core2dbb_w_wlast),
        .nvdla_core2dbb_ar_arvalid             (nvdla_core2dbb_ar_arvalid),
        .nvdla_core2dbb_ar_arready             (nvdla_core2dbb_ar_arready),
        .nvdla_core2dbb_ar_arid                (nvdla_core2dbb_ar_arid),
        .nvdla_core2dbb_ar_arlen               (nvdla_core2dbb_ar_arlen),
        .nvdla_core2dbb_ar_araddr              (nvdla_core2dbb_ar_araddr),
        .nvdla_core2dbb_b_bvalid               (nvdla_core2dbb_b_bvalid),
        .nvdla_core2dbb_b_bready               (nvdla_core2dbb_b_bready),
        .nvdla_core2dbb_b_bid                  (nvdla_core2dbb_b_bid),
        .nvdla_core2dbb_r_rvalid               (nvdla_core2dbb_r_rvalid),
        .nvdla_core2dbb_r_rready               (nvdla_core2dbb_r_rready),
        .nvdla_core2dbb_r_rid                  (nvdla_core2dbb_r_rid),
        .nvdla_core2dbb_r_rlast                (nvdla_core2dbb_r_rlast),
        .nvdla_core2dbb_r_rdata                (nvdla_core2dbb_r_rdata),
        .dla_intr                              (dla_intr),
        .nvdla_pwrbus_ram_c_pd                 (nvdla_pwrbus_ram_c_pd),
        .nvdla_pwrbus_ram_ma_pd                (nvdla_pwrbus_ram_ma_pd),
        .nvdla_pwrbus_ram_mb_pd                (nvdla_pwrbus_ram_mb_pd),
        .nvdla_pwrbus_ram_p_pd                 (nvdla_pwrbus_ram_p_pd),
        .nvdla_pwrbus_ram_o_pd                 (nvdla_pwrbus_ram_o_pd),
        .nvdla_pwrbus_ram_a_pd                 (nvdla_pwrbus_ram_a_pd),
        .nvdla_core2cvsram_aw_awvalid          (nc_aw_awvalid),
        .nvdla_core2cvsram_aw_awready          (1'b0),
        .nvdla_core2cvsram_aw_awid             (nc_aw_awid),
        .nvdla_core2cvsram_aw_awlen            (nc_aw_awlen),
        .nvdla_core2cvsram_aw_awaddr           (nc_aw_awaddr),
        .nvdla_core2cvsram_w_wvalid            (nc_w_wvalid),
        .nvdla_core2cvsram_w_wready            (1'b0),
        .nvdla_core2cvsram_w_wdata             (nc_w_wdata),
        .nvdla_core2cvsram_w_wstrb             (nc_w_wstrb),
        .nvdla_core2cvsram_w_wlast             (nc_w_wlast),
        .nvdla_core2cvsram_ar_arvalid          (nc_ar_arvalid),
        .nvdla_core2cvsram_ar_arready          (1'b0),
        .nvdla_core2cvsram_ar_arid             (nc_ar_arid),
        .nvdla_core2cvsram_ar_arlen            (nc_ar_arlen),
        .nvdla_core2cvsram_ar_araddr           (nc_ar_araddr),
        .nvdla_core2cvsram_b_bvalid            (1'b0),
        .nvdla_core2cvsram_b_bready            (nc_b_bready),
        .nvdla_core2cvsram_b_bid               (8'd0),
        .nvdla_core2cvsram_r_rvalid            (1'b0),
        .nvdla_core2cvsram_r_rready            (nc_r_rready),
        .nvdla_core2cvsram_r_rid               (8'd0),
        .nvdla_core2cvsram_r_rlast             (1'b0),
        .nvdla_core2cvsram_r_rdata             ({PRIMARY_MEMIF_WIDTH{1'b0}})
);

// The SRAMIF outputs of the core end here (no pins on this top).
/* verilator lint_off UNUSEDSIGNAL */
wire unused_ok = &{1'b0, nc_aw_awvalid, nc_aw_awid, nc_aw_awlen, nc_aw_awaddr, nc_w_wvalid, nc_w_wdata, nc_w_wstrb, nc_w_wlast, nc_ar_arvalid, nc_ar_arid, nc_ar_arlen, nc_ar_araddr, nc_b_bready, nc_r_rready};
/* verilator lint_on UNUSEDSIGNAL */
`endif

endmodule
