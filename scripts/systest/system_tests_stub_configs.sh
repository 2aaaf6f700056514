# system_tests_stub_configs.sh: the shipped NV_nvdla stub Verilated per
# hardware configuration (make sim DUT=rtl NVDLA_CONFIG=...). Sourced by
# scripts/systest/system_tests.sh (uses ok/bad, $log, $duts). For nv_small,
# nv_medium_512 (128-bit DBBIF, 64-bit addresses) and nv_large (256-bit
# DBBIF, 64-bit addresses, SRAMIF):
#   - the knob and dut lines name the configuration and the widths the
#     Verilated top really has;
#   - the register sequences pass (and on nv_small every stub sequence);
#   - an SDP copy written as a trace for the configuration (its atom is a
#     beat of its DBBIF: 8, 16 or 32 bytes; padded destination strides,
#     above 4 GiB where the addresses are 64-bit) passes its CRC check, with
#     and without AXI stalls: the stub's DMA moves the data at the width.
# Each configuration is Verilated once (scripts/build/rtl_build.sh caches it).
# And the port lists of the two stub tops (one description, nvdla_stub_top.vh):
# NV_nvdla with its default parameters is exactly the nv_small core's
# (testdata/nvdla-ports/nv_small.txt); NV_nvdla_sramif, and NV_nvdla
# with NVDLA_SECONDARY_MEMIF_ENABLE, add the SRAMIF set after them.

if [[ " ${duts[*]} " == *" rtl "* ]]; then
    sc_tmp=$(mktemp -d)
    # widths of each configuration: DBBIF bits, address bits, SRAMIF
    declare -A sc_dbb=([nv_small]=64 [nv_medium_512]=128 [nv_large]=256)
    declare -A sc_addr=([nv_small]=32 [nv_medium_512]=64 [nv_large]=64)
    declare -A sc_sram=([nv_small]="" [nv_medium_512]="" [nv_large]=", with SRAMIF (256-bit data)")

    # sc_trace CONFIG DIR: an SDP bypass copy as an NVDLA trace for a bus of
    # that configuration, its expected output computed here independently
    sc_trace() {
        python3 - "$1" "$2" "${sc_dbb[$1]}" "${sc_addr[$1]}" <<'EOF'
import os, sys, zlib, random
cfg, out, dbb, abits = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
atom = dbb // 8                       # MEMORY_ATOMIC_SIZE = one DBBIF beat
W, H, C = 5, 3, 2 * atom + 3          # three surfaces, the last one partial (int8)
S = -(-C // atom)
src = 0x180000000 if abits == 64 else 0x80000000
dst = 0x200001000 - 2 * atom if abits == 64 else 0x90001000 - 2 * atom   # crosses a 4 KB page
sl, ss = W * atom, W * atom * H                           # packed source
dl, ds = W * atom + atom, (W * atom + atom) * H + 2 * atom   # padded destination
rnd = random.Random(7)
inp = bytes(rnd.randrange(256) for _ in range(ss * S))
size = ds * S
exp = bytearray(size)
for s in range(S):
    for y in range(H):
        for x in range(W):
            a, o = s * ss + y * sl + x * atom, s * ds + y * dl + x * atom
            exp[o:o + atom] = inp[a:a + atom]
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "in.dat"), "w") as f:
    f.write("{\n")
    for o in range(0, len(inp), 16):
        ch = inp[o:o + 16]
        f.write("{offset:0x%x, size:%d, payload:%s} ,\n" % (o, len(ch), " ".join("0x%02x" % b for b in ch)))
    f.write("}\n")
r = []
def w(reg, v):
    r.append("reg_write(NVDLA_%s_0, 0x%x);" % (reg, v))
for u in ("SDP", "SDP_RDMA"):
    w(u + ".S_POINTER", 0)
for u in ("SDP_RDMA", "SDP"):
    w(u + ".D_DATA_CUBE_WIDTH", W - 1); w(u + ".D_DATA_CUBE_HEIGHT", H - 1); w(u + ".D_DATA_CUBE_CHANNEL", C - 1)
w("SDP_RDMA.D_SRC_BASE_ADDR_LOW", src & 0xffffffff); w("SDP_RDMA.D_SRC_BASE_ADDR_HIGH", src >> 32)
w("SDP_RDMA.D_SRC_LINE_STRIDE", sl); w("SDP_RDMA.D_SRC_SURFACE_STRIDE", ss)
for d in ("BRDMA", "NRDMA", "ERDMA"):
    w("SDP_RDMA.D_%s_CFG" % d, 1)
w("SDP_RDMA.D_FEATURE_MODE_CFG", 0); w("SDP_RDMA.D_SRC_DMA_CFG", 1)
w("SDP.D_DST_BASE_ADDR_LOW", dst & 0xffffffff); w("SDP.D_DST_BASE_ADDR_HIGH", dst >> 32)
w("SDP.D_DST_LINE_STRIDE", dl); w("SDP.D_DST_SURFACE_STRIDE", ds)
for st in ("BS", "BN", "EW"):
    w("SDP.D_DP_%s_CFG" % st, 0x53)
w("SDP.D_FEATURE_MODE_CFG", 0); w("SDP.D_DST_DMA_CFG", 1); w("SDP.D_DATA_FORMAT", 0)
w("SDP.D_CVT_OFFSET", 0); w("SDP.D_CVT_SCALE", 1); w("SDP.D_CVT_SHIFT", 0)
w("SDP.D_OP_ENABLE", 1); w("SDP_RDMA.D_OP_ENABLE", 1)
name = os.path.basename(out)
with open(os.path.join(out, name + ".cfg"), "w") as f:
    f.write("// SDP bypass copy %dx%dx%d int8, %d-byte atoms (%s)\n" % (W, H, C, atom, cfg))
    f.write("mem_load(pri_mem, 0x%x, \"in.dat\");\n" % src)
    f.write("mem_init(pri_mem, 0x%x, 0x%x, ALL_ZERO);\n" % (dst, size))
    f.write("\n".join(r) + "\n")
    f.write("intr_notify(SDP_0, sync_id_0);\n")
    f.write("check_crc(sync_id_0, 1, 0x%x, 0x%x, 0x%08x);\n" % (dst, size, zlib.crc32(bytes(exp)) & 0xffffffff))
EOF
    }

    # sc_ports TOP [verilator options]: "direction width name" per port, in order
    sc_ports() {
        local top=$1; shift
        verilator --xml-only -f rtl_stubs/nvdla/nvdla_stub.f --top-module "$top" "$@" \
            --xml-output "$sc_tmp/ports.xml" >"$sc_tmp/ports.log" 2>&1 || { cat "$sc_tmp/ports.log"; return 1; }
        python3 - "$sc_tmp/ports.xml" <<'EOF'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
types = {d.get("id"): d for d in root.iter() if d.get("id") and d.tag.endswith("dtype")}
top = next(m for m in root.iter("module") if m.get("topModule") == "1")
for v in top.findall("var"):
    if v.get("dir"):
        d = types[v.get("dtype_id")]
        w = int(d.get("left", 0)) - int(d.get("right", 0)) + 1
        print("%s %d %s" % (v.get("dir"), w, v.get("name")))
EOF
    }
    sc_spec=${NVDLA_PORTS_SPEC:-testdata/nvdla-ports/nv_small.txt}
    if [ -f "$sc_spec" ]; then
        grep -v '^#' "$sc_spec" | awk 'NF == 3 { print $1, $2, $3 }' >"$sc_tmp/spec"
        n=$(wc -l <"$sc_tmp/spec")
        if sc_ports NV_nvdla >"$sc_tmp/nv_nvdla" && [ "$n" -gt 0 ] && cmp -s "$sc_tmp/spec" "$sc_tmp/nv_nvdla"; then
            ok "NV_nvdla (default parameters): exactly the $n ports of $sc_spec"
        else bad "NV_nvdla port list differs from $sc_spec: $(diff "$sc_tmp/spec" "$sc_tmp/nv_nvdla" | head -n 4 | tr '\n' ' ')"; fi
        if sc_ports NV_nvdla_sramif >"$sc_tmp/sramif" && sc_ports NV_nvdla -DNVDLA_SECONDARY_MEMIF_ENABLE >"$sc_tmp/defined" &&
           cmp -s "$sc_tmp/sramif" "$sc_tmp/defined" && head -n "$n" "$sc_tmp/sramif" | cmp -s - "$sc_tmp/spec" &&
           [ "$(tail -n +$((n + 1)) "$sc_tmp/sramif" | grep -c ' nvdla_core2cvsram_')" = 23 ] &&
           [ "$(wc -l <"$sc_tmp/sramif")" = $((n + 23)) ]; then
            ok "NV_nvdla_sramif = NV_nvdla with NVDLA_SECONDARY_MEMIF_ENABLE: the nv_small ports, then 23 nvdla_core2cvsram_*"
        else bad "NV_nvdla_sramif / NV_nvdla -DNVDLA_SECONDARY_MEMIF_ENABLE port lists"; fi
    else echo "SKIP  stub port lists: $sc_spec not found"; fi

    for c in nv_small nv_medium_512 nv_large; do
        want="dut: NV_nvdla (rtl), DBBIF ${sc_dbb[$c]}-bit data, ${sc_addr[$c]}-bit address${sc_sram[$c]}"
        # every sequence the stub can run, on the stub and on the twin: the SDP
        # sequences place the configuration's atoms
        for t in $(list_sequences basic); do
            for dut in rtl twin; do
                w=$want
                [ $dut = twin ] && w="dut: NV_nvdla (C twin) (twin)${want#dut: NV_nvdla (rtl)}"
                if make -s sim TEST="$t" DUT=$dut NVDLA_CONFIG="$c" SEED=5 >"$log" 2>&1 &&
                   grep -q "^PASS: $t on $dut" "$log" && grep -qE "^knobs: .* nvdla_config=$c( |$)" "$log" &&
                   grep -qxF "$w" "$log"; then
                    ok "$t DUT=$dut NVDLA_CONFIG=$c (${w#dut: })"
                else bad "$t DUT=$dut NVDLA_CONFIG=$c: PASS with '$w'"; fi
            done
        done
        d=$sc_tmp/sdp_copy_$c
        if ! sc_trace "$c" "$d" >"$log" 2>&1; then bad "NVDLA_CONFIG=$c: writing the SDP copy trace"; continue; fi
        for stall in 0 40; do
            if make -s sim TRACE="$d" DUT=rtl NVDLA_CONFIG="$c" SEED=3 AXI_STALL=$stall >"$log" 2>&1 &&
               grep -q "^PASS: nvdla/sdp_copy_$c on rtl" "$log" && grep -qxF "$want" "$log"; then
                ok "SDP copy at $((${sc_dbb[$c]} / 8))-byte atoms DUT=rtl NVDLA_CONFIG=$c AXI_STALL=$stall: CRC matches"
            else bad "SDP copy trace DUT=rtl NVDLA_CONFIG=$c AXI_STALL=$stall"; fi
        done
    done

    # a real nv_large trace the stub can run (SDP bypass): the folder name picks
    # the configuration for the stub's build as for the run
    t=$(dirname "$traces_dir")/nv_large/sdp_passthrough_8x8x32_pack_inc_int8/sdp_passthrough_8x8x32_pack_inc_int8.cfg
    if [ -f "$t" ]; then
        if make -s sim TRACE="$t" DUT=rtl SEED=2 >"$log" 2>&1 && grep -q "^PASS: nvdla/sdp_passthrough" "$log" &&
           grep -q "nvdla_config=nv_large (from the trace folder name)" "$log" &&
           grep -qxF "dut: NV_nvdla (rtl), DBBIF 256-bit data, 64-bit address, with SRAMIF (256-bit data)" "$log"; then
            ok "nv_large trace on DUT=rtl without NVDLA_CONFIG: the folder name builds the nv_large stub, CRC matches"
        else bad "nv_large trace on DUT=rtl without NVDLA_CONFIG: nv_large stub from the folder name"; fi
    else echo "SKIP  nv_large trace on DUT=rtl: $t not found"; fi
    # a sequence whose fixed layout is nv_small's is refused elsewhere, with the reason
    expect_input_error "TEST=sdp_pdp_fused NVDLA_CONFIG=nv_large refused" \
        "TEST=sdp_pdp_fused: its layout (memory atoms, weight groups, CBUF banks) is written for nv_small, not nv_large" \
        TEST=sdp_pdp_fused DUT=twin NVDLA_CONFIG=nv_large
    # (a user's RTL checked against the configuration: system_tests_real_rtl.sh)
    expect_fail "DUT=rtl NVDLA_CONFIG=nv_huge: unknown configuration" "unknown configuration 'nv_huge'" \
        TEST=reg_readback DUT=rtl NVDLA_CONFIG=nv_huge
    rm -rf "$sc_tmp"
fi
