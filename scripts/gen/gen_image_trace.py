#!/usr/bin/env python3
"""gen_image_trace.py: a hand-written image-input (pixel) convolution trace
for the system tests (scripts/systest/system_tests_image.sh).

  gen_image_trace.py DIR CASE CONFIG [X_OFFSET]

writes DIR/<name>.cfg and its .dat images. CASE: abgr (A8B8G8R8, 2x2
pixels, x offset 1, per-component means, CDMA pad left 1 value -1, one
kernel S = 2 / R = 1) or yuv (Y8___U8V8_N444 semi-planar, 2x1 pixels, two
1x1 kernels). The check_crc CRC is zlib's CRC-32 of the output bytes worked
out by hand (the working is in sequences/tests/test_nvdla_ref.c, the same
layers), not a model's: one int8 result in lane k of atom (x, y), the
memory atom of NVDLA configuration CONFIG (scripts/gen/regdefs/nvdla_configs.csv),
everything else 0. The CBUF holds each padded pixel line in whole entries
of that configuration (rule cbuf-entry-per-slice). X_OFFSET overrides the pixel x offset
(for refusals; the CRC then means nothing)."""
import os
import sys
import zlib

IMG_Y, IMG_UV, IMG_WT, DST = 0x80000000, 0x80001000, 0x80002000, 0x90000000

CASES = {
    # format, x_off, w, h, pad_left, pad_value, line, uv, mean_format, means, cvt_offset, clip,
    # R, C', K, out_w, out_h, {(x, y, k): value}
    "abgr": dict(fmt=12, cp=4, x_off=1, w=2, h=2, pl=1, pv=0xff, line=32, uv=0, mf=1, mean=(10, 20, 30, 40),
                 off=0, clip=5, kr=1, kc=8, kk=1, ow=2, oh=2,
                 out={(0, 0, 0): 64, (1, 0, 0): 91, (0, 1, 0): 72, (1, 1, 0): 102}),
    "yuv": dict(fmt=28, cp=3, x_off=0, w=2, h=1, pl=0, pv=0, line=64, uv=64, mf=0, mean=(0, 0, 0, 0),
                off=128, clip=0, kr=1, kc=3, kk=2, ow=2, oh=1,
                out={(0, 0, 0): 12, (1, 0, 0): 52, (0, 0, 1): 20, (1, 0, 1): -20}),
}


def dat(path, data):
    with open(path, "w") as f:
        f.write("{\n{offset:0x0, size:%d, payload:%s} ,\n}\n" % (len(data), " ".join("0x%02x" % b for b in data)))


def config_values(name):
    """MEMORY_ATOMIC_SIZE and CBUF_BANK_WIDTH of configuration name."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "regdefs", "nvdla_configs.csv")
    with open(path) as f:
        rows = [line.rstrip("\n").split(",") for line in f]
    if name not in rows[0][1:]:
        sys.exit("gen_image_trace.py: unknown configuration %r (one of %s)" % (name, ", ".join(rows[0][1:])))
    col = rows[0].index(name)
    value = {r[0]: r[col] for r in rows[1:]}
    return int(value["MEMORY_ATOMIC_SIZE"]), int(value["CBUF_BANK_WIDTH"])


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    out_dir, case = sys.argv[1], sys.argv[2]
    atom, entry = config_values(sys.argv[3])
    # the weights padded with zeros to whole CBUF entries (rule weight-bytes-align):
    # 64 bytes covers nv_large's 64-byte entries and every smaller one
    wbytes = 32 if atom < 32 else 64
    p = CASES[case]
    if len(sys.argv) > 4:
        p["x_off"] = int(sys.argv[4])
    name = os.path.basename(os.path.normpath(out_dir))
    os.makedirs(out_dir, exist_ok=True)
    if case == "abgr":
        # byte b of pixel P of line y = 100 + 10y + 4P + b; pixel 0 is skipped (0xEE)
        pix = bytearray(p["line"] * p["h"])
        for y in range(p["h"]):
            for P in range(3):
                for b in range(4):
                    pix[y * p["line"] + 4 * P + b] = (100 + 10 * y + 4 * P + b) if P else 0xEE
        uv = None
        wt = bytes([1, 2, 3, 4, 5, 6, 7, 8]) + bytes(wbytes - 8)
    else:
        pix = bytes([130, 140]) + bytes(62)
        uv = bytes([150, 100, 120, 160]) + bytes(60)
        wt = bytes([1, 2, 3, 0xff, 0, 1]) + bytes(wbytes - 6)
    dat(os.path.join(out_dir, name + "_y.dat"), pix)
    if uv:
        dat(os.path.join(out_dir, name + "_uv.dat"), uv)
    dat(os.path.join(out_dir, name + "_wt.dat"), wt)
    ow, oh, kk = p["ow"], p["oh"], p["kk"]
    # CBUF entries of one padded pixel line (no right pad in these cases)
    entries = ((p["pl"] + p["w"]) * p["cp"] + entry - 1) // entry
    surfaces = (kk + atom - 1) // atom
    size = ow * oh * atom * surfaces
    expect = bytearray(size)
    for (x, y, k), v in p["out"].items():
        expect[(k // atom) * ow * oh * atom + (y * ow + x) * atom + k % atom] = v & 0xff
    crc = zlib.crc32(bytes(expect)) & 0xffffffff
    regs = [
        ("SDP", "D_DATA_CUBE_WIDTH", ow - 1), ("SDP", "D_DATA_CUBE_HEIGHT", oh - 1),
        ("SDP", "D_DATA_CUBE_CHANNEL", kk - 1), ("SDP", "D_DST_BASE_ADDR_LOW", DST),
        ("SDP", "D_DST_LINE_STRIDE", ow * atom), ("SDP", "D_DST_SURFACE_STRIDE", ow * oh * atom),
        ("SDP", "D_DP_BS_CFG", 0x53), ("SDP", "D_DP_BN_CFG", 0x53), ("SDP", "D_DP_EW_CFG", 0x53),
        ("SDP", "D_FEATURE_MODE_CFG", 1), ("SDP", "D_DATA_FORMAT", 0), ("SDP", "D_CVT_SCALE", 1),
        ("SDP", "D_DST_DMA_CFG", 1),
        ("SDP_RDMA", "D_DATA_CUBE_WIDTH", ow - 1), ("SDP_RDMA", "D_DATA_CUBE_HEIGHT", oh - 1),
        ("SDP_RDMA", "D_DATA_CUBE_CHANNEL", kk - 1), ("SDP_RDMA", "D_FEATURE_MODE_CFG", 1),
        ("SDP_RDMA", "D_BRDMA_CFG", 1), ("SDP_RDMA", "D_NRDMA_CFG", 1), ("SDP_RDMA", "D_ERDMA_CFG", 1),
        ("CDMA", "D_MISC_CFG", 0), ("CDMA", "D_DATAIN_FORMAT", 1 | p["fmt"] << 8),
        ("CDMA", "D_DATAIN_SIZE_0", (p["h"] - 1) << 16 | (p["w"] - 1)), ("CDMA", "D_DATAIN_SIZE_1", p["cp"] - 1),
        ("CDMA", "D_PIXEL_OFFSET", p["x_off"]), ("CDMA", "D_DAIN_ADDR_LOW_0", IMG_Y),
        ("CDMA", "D_DAIN_ADDR_LOW_1", IMG_UV), ("CDMA", "D_LINE_STRIDE", p["line"]),
        ("CDMA", "D_LINE_UV_STRIDE", p["uv"]), ("CDMA", "D_DAIN_RAM_TYPE", 1), ("CDMA", "D_WEIGHT_RAM_TYPE", 1),
        ("CDMA", "D_WEIGHT_ADDR_LOW", IMG_WT), ("CDMA", "D_WEIGHT_BYTES", wbytes),
        ("CDMA", "D_WEIGHT_SIZE_0", p["kr"] * p["kc"] - 1), ("CDMA", "D_WEIGHT_SIZE_1", kk - 1),
        ("CDMA", "D_MEAN_FORMAT", p["mf"]), ("CDMA", "D_MEAN_GLOBAL_0", p["mean"][1] << 16 | p["mean"][0]),
        ("CDMA", "D_MEAN_GLOBAL_1", p["mean"][3] << 16 | p["mean"][2]), ("CDMA", "D_CVT_CFG", 1),
        ("CDMA", "D_CVT_OFFSET", p["off"]), ("CDMA", "D_CVT_SCALE", 1), ("CDMA", "D_ZERO_PADDING", p["pl"]),
        ("CDMA", "D_ZERO_PADDING_VALUE", p["pv"]), ("CDMA", "D_ENTRY_PER_SLICE", entries - 1), ("CDMA", "D_BANK", 0),
        ("CSC", "D_MISC_CFG", 0), ("CSC", "D_DATAIN_FORMAT", 1),
        ("CSC", "D_DATAIN_SIZE_EXT_0", (p["h"] - 1) << 16 | (p["w"] - 1)),
        ("CSC", "D_DATAIN_SIZE_EXT_1", p["cp"] - 1), ("CSC", "D_WEIGHT_SIZE_EXT_0", (p["kr"] - 1) << 16),
        ("CSC", "D_WEIGHT_SIZE_EXT_1", (kk - 1) << 16 | (p["kc"] - 1)),
        ("CSC", "D_DATAOUT_SIZE_0", (oh - 1) << 16 | (ow - 1)), ("CSC", "D_DATAOUT_SIZE_1", kk - 1),
        ("CSC", "D_WEIGHT_BYTES", wbytes), ("CSC", "D_ENTRY_PER_SLICE", entries - 1), ("CSC", "D_BANK", 0),
        ("CMAC_A", "D_MISC_CFG", 0), ("CMAC_B", "D_MISC_CFG", 0), ("CACC", "D_MISC_CFG", 0),
        ("CACC", "D_CLIP_CFG", p["clip"]),
    ]
    with open(os.path.join(out_dir, name + ".cfg"), "w") as f:
        f.write("// hand-written image-input convolution (%s), scripts/gen/gen_image_trace.py\n" % case)
        f.write('mem_init(pri_mem, 0x%x, 0x100, ALL_ZERO);\n' % IMG_Y)
        f.write('mem_load(pri_mem, 0x%x, "%s_y.dat");\n' % (IMG_Y, name))
        if uv:
            f.write('mem_load(pri_mem, 0x%x, "%s_uv.dat");\n' % (IMG_UV, name))
        f.write('mem_load(pri_mem, 0x%x, "%s_wt.dat");\n' % (IMG_WT, name))
        f.write('mem_init(pri_mem, 0x%x, 0x%x, ALL_ZERO);\n' % (DST, size))
        for unit, reg, v in regs:
            f.write("reg_write(NVDLA_%s.%s_0, 0x%x);\n" % (unit, reg, v))
        f.write("poll_reg_equal(NVDLA_CDMA.S_CBUF_FLUSH_STATUS_0, 0x1);\n")
        for unit in ("SDP_RDMA", "SDP", "CACC", "CMAC_A", "CMAC_B", "CSC", "CDMA"):
            f.write("reg_write(NVDLA_%s.D_OP_ENABLE_0, 0x1);\n" % unit)
        f.write("intr_notify(SDP_0, sync_id_0);\n")
        f.write("check_crc(sync_id_0, 1, 0x%x, 0x%x, 0x%08x);\n" % (DST, size, crc))


if __name__ == "__main__":
    main()
