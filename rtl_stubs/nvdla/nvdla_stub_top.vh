// nvdla_stub_top.vh: the one description of both NV_nvdla stub tops, their
// ports and their body. Not a file to compile on its own: NV_nvdla.v and
// NV_nvdla_sramif.v include it, each after defining
//   NVDLA_STUB_TOP         the module name (NV_nvdla, NV_nvdla_sramif)
//   NVDLA_STUB_TOP_SRAMIF  (optional) add the SRAMIF port set
// and undefine both afterwards.
//
// Ports: the 46 of the nv_small core, in its order, names, directions and
// widths with the default parameters; with NVDLA_STUB_TOP_SRAMIF the
// nvdla_core2cvsram_* set follows, shaped like the DBBIF (the SRAMIF of every
// public configuration that has one is as wide as its DBBIF). A port set
// cannot depend on a parameter in Verilog, hence the define.
// Parameters (scripts/build/rtl_build.sh sets them from NVDLA_CONFIG):
//   PRIMARY_MEMIF_WIDTH  *_w_wdata / *_r_rdata bits (64, 128, 256), *_w_wstrb
//                        one bit per byte
//   MEM_ADDRESS_WIDTH    *_awaddr / *_araddr bits (32, 64)
//   NVDLA_CONFIG         the configuration whose ConfigROM values the CFGROM
//                        registers read ("nv_small", "nv_large", ...); its
//                        DBBIF and address widths must be the two above
//
// Clocking: everything runs on dla_core_clk. The CSB is assumed to be
// clocked by the same clock (dla_csb_clk == dla_core_clk); dla_csb_clk is
// not used. Reset: dla_reset_rstn, active low; like the real top's, it is
// synchronised inside (nvdla_reset_sync): the core leaves reset 4 rising
// edges after the pin (+nvdla_stub_reset_sync=N changes that), and CSB
// requests accepted earlier (csb2nvdla_ready is high meanwhile) are lost.
//
// SRAMIF: the stub never uses it (all traffic, whatever the RAM_TYPE
// registers say, goes to the DBBIF). When present its outputs are tied off
// as an idle manager: valids 0, bready/rready 1.
/* verilator lint_off DECLFILENAME */
module `NVDLA_STUB_TOP #(
    parameter integer    PRIMARY_MEMIF_WIDTH = 64,          // DBBIF data bits: 64, 128 or 256
    parameter integer    MEM_ADDRESS_WIDTH   = 32,          // DBBIF address bits: 32 or 64
    parameter [8*32-1:0] NVDLA_CONFIG        = "nv_small"   // ConfigROM values (a name of up to 32 characters)
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
`ifdef NVDLA_STUB_TOP_SRAMIF
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
/* verilator lint_on DECLFILENAME */

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

wire clk  = dla_core_clk;

// The core leaves reset a few cycles after the pin (nvdla_reset_sync); CSB
// requests accepted before that reach no register and are lost.
wire rstn;
nvdla_reset_sync u_reset_sync (
    .clk       (clk),
    .rstn_pin  (dla_reset_rstn),
    .rstn_core (rstn)
);
wire regfile_csb_ready;
assign csb2nvdla_ready = rstn ? regfile_csb_ready : 1'b1;

// Like the real top, the CBUF flushes itself after reset: CDMA
// S_CBUF_FLUSH_STATUS.FLUSH_DONE reads 0 for CBUF_FLUSH_CYCLES cycles.
localparam [13:0] CBUF_FLUSH_CYCLES = 14'd8192 - 14'd1;
reg [13:0] flush_left;
reg        cbuf_flush_done;
always @(posedge clk) begin
    if (!rstn) begin
        flush_left      <= CBUF_FLUSH_CYCLES;
        cbuf_flush_done <= 1'b0;
    end else if (!cbuf_flush_done) begin
        if (flush_left == 14'd0)
            cbuf_flush_done <= 1'b1;
        else
            flush_left <= flush_left - 14'd1;
    end
end

// Register file <-> SDP engine
wire        sdp_op_en, sdp_rdma_op_en, sdp_busy, sdp_done;
wire [31:0] rdma_cube_width, rdma_cube_height, rdma_cube_channel, rdma_feature_mode;
wire [63:0] rdma_src_base, sdp_dst_base;
wire [31:0] rdma_src_line_stride, rdma_src_surf_stride;
wire [31:0] sdp_dst_line_stride, sdp_dst_surf_stride;

nvdla_csb_regfile #(
    .NVDLA_CONFIG (NVDLA_CONFIG),
    .DBBIF_W      (PRIMARY_MEMIF_WIDTH),
    .ADDR_W       (MEM_ADDRESS_WIDTH)
) u_regfile (
    .clk                   (clk),
    .rstn                  (rstn),
    .csb2nvdla_valid       (csb2nvdla_valid & rstn),
    .csb2nvdla_ready       (regfile_csb_ready),
    .csb2nvdla_addr        (csb2nvdla_addr),
    .csb2nvdla_wdat        (csb2nvdla_wdat),
    .csb2nvdla_write       (csb2nvdla_write),
    .csb2nvdla_nposted     (csb2nvdla_nposted),
    .nvdla2csb_valid       (nvdla2csb_valid),
    .nvdla2csb_data        (nvdla2csb_data),
    .nvdla2csb_wr_complete (nvdla2csb_wr_complete),
    .dla_intr              (dla_intr),
    .sdp_op_en             (sdp_op_en),
    .sdp_rdma_op_en        (sdp_rdma_op_en),
    .rdma_cube_width       (rdma_cube_width),
    .rdma_cube_height      (rdma_cube_height),
    .rdma_cube_channel     (rdma_cube_channel),
    .rdma_feature_mode     (rdma_feature_mode),
    .rdma_src_base         (rdma_src_base),
    .rdma_src_line_stride  (rdma_src_line_stride),
    .rdma_src_surf_stride  (rdma_src_surf_stride),
    .sdp_dst_base          (sdp_dst_base),
    .sdp_dst_line_stride   (sdp_dst_line_stride),
    .sdp_dst_surf_stride   (sdp_dst_surf_stride),
    .sdp_busy              (sdp_busy),
    .sdp_done              (sdp_done),
    .cbuf_flush_done       (cbuf_flush_done)
);

nvdla_sdp_bypass #(
    .DATA_W (PRIMARY_MEMIF_WIDTH),
    .ADDR_W (MEM_ADDRESS_WIDTH)
) u_sdp (
    .clk                  (clk),
    .rstn                 (rstn),
    .sdp_op_en            (sdp_op_en),
    .sdp_rdma_op_en       (sdp_rdma_op_en),
    .rdma_cube_width      (rdma_cube_width),
    .rdma_cube_height     (rdma_cube_height),
    .rdma_cube_channel    (rdma_cube_channel),
    .rdma_feature_mode    (rdma_feature_mode),
    .rdma_src_base        (rdma_src_base),
    .rdma_src_line_stride (rdma_src_line_stride),
    .rdma_src_surf_stride (rdma_src_surf_stride),
    .sdp_dst_base         (sdp_dst_base),
    .sdp_dst_line_stride  (sdp_dst_line_stride),
    .sdp_dst_surf_stride  (sdp_dst_surf_stride),
    .busy                 (sdp_busy),
    .done                 (sdp_done),
    .aw_awvalid           (nvdla_core2dbb_aw_awvalid),
    .aw_awready           (nvdla_core2dbb_aw_awready),
    .aw_awid              (nvdla_core2dbb_aw_awid),
    .aw_awlen             (nvdla_core2dbb_aw_awlen),
    .aw_awaddr            (nvdla_core2dbb_aw_awaddr),
    .w_wvalid             (nvdla_core2dbb_w_wvalid),
    .w_wready             (nvdla_core2dbb_w_wready),
    .w_wdata              (nvdla_core2dbb_w_wdata),
    .w_wstrb              (nvdla_core2dbb_w_wstrb),
    .w_wlast              (nvdla_core2dbb_w_wlast),
    .ar_arvalid           (nvdla_core2dbb_ar_arvalid),
    .ar_arready           (nvdla_core2dbb_ar_arready),
    .ar_arid              (nvdla_core2dbb_ar_arid),
    .ar_arlen             (nvdla_core2dbb_ar_arlen),
    .ar_araddr            (nvdla_core2dbb_ar_araddr),
    .b_bvalid             (nvdla_core2dbb_b_bvalid),
    .b_bready             (nvdla_core2dbb_b_bready),
    .b_bid                (nvdla_core2dbb_b_bid),
    .r_rvalid             (nvdla_core2dbb_r_rvalid),
    .r_rready             (nvdla_core2dbb_r_rready),
    .r_rid                (nvdla_core2dbb_r_rid),
    .r_rlast              (nvdla_core2dbb_r_rlast),
    .r_rdata              (nvdla_core2dbb_r_rdata)
);

`ifdef NVDLA_STUB_TOP_SRAMIF
// SRAMIF: an idle manager.
assign nvdla_core2cvsram_aw_awvalid = 1'b0;
assign nvdla_core2cvsram_aw_awid    = 8'd0;
assign nvdla_core2cvsram_aw_awlen   = 4'd0;
assign nvdla_core2cvsram_aw_awaddr  = {MEM_ADDRESS_WIDTH{1'b0}};
assign nvdla_core2cvsram_w_wvalid   = 1'b0;
assign nvdla_core2cvsram_w_wdata    = {PRIMARY_MEMIF_WIDTH{1'b0}};
assign nvdla_core2cvsram_w_wstrb    = {(PRIMARY_MEMIF_WIDTH/8){1'b0}};
assign nvdla_core2cvsram_w_wlast    = 1'b0;
assign nvdla_core2cvsram_ar_arvalid = 1'b0;
assign nvdla_core2cvsram_ar_arid    = 8'd0;
assign nvdla_core2cvsram_ar_arlen   = 4'd0;
assign nvdla_core2cvsram_ar_araddr  = {MEM_ADDRESS_WIDTH{1'b0}};
assign nvdla_core2cvsram_b_bready   = 1'b1;
assign nvdla_core2cvsram_r_rready   = 1'b1;

// The SRAMIF inputs are ignored (see above).
/* verilator lint_off UNUSEDSIGNAL */
wire unused_sramif_ok = &{1'b0, nvdla_core2cvsram_aw_awready, nvdla_core2cvsram_w_wready,
                          nvdla_core2cvsram_ar_arready, nvdla_core2cvsram_b_bvalid,
                          nvdla_core2cvsram_b_bid, nvdla_core2cvsram_r_rvalid,
                          nvdla_core2cvsram_r_rid, nvdla_core2cvsram_r_rlast,
                          nvdla_core2cvsram_r_rdata};
/* verilator lint_on UNUSEDSIGNAL */
`endif

// Tie-off and test inputs have no function in the stub.
/* verilator lint_off UNUSEDSIGNAL */
wire unused_ok = &{1'b0, dla_csb_clk, global_clk_ovr_on, tmc2slcg_disable_clock_gating,
                   direct_reset_, test_mode,
                   nvdla_pwrbus_ram_c_pd, nvdla_pwrbus_ram_ma_pd, nvdla_pwrbus_ram_mb_pd,
                   nvdla_pwrbus_ram_p_pd, nvdla_pwrbus_ram_o_pd, nvdla_pwrbus_ram_a_pd};
/* verilator lint_on UNUSEDSIGNAL */

endmodule
