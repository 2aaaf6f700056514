# system_tests_layers_configs.sh: random layers per NVDLA configuration on the
# twin. Sourced by scripts/systest/system_tests.sh (uses ok/bad, $log). For nv_small,
# nv_medium_512 and nv_large:
#   - make random-layers NVDLA_CONFIG=... writes a few layers per engine for
#     that configuration (the generator's last line names it);
#   - make conformance on them as that configuration: every layer passes;
#   - one layer copied with its expected CRC changed fails (a real verdict);
# and a seed writes the same layers every time, while nv_large's layers run as
# nv_small do not all pass. nv_large's layers with cubes in the SRAMIF memory
# (sec_mem) pass with AXI stalls too. Random SDP bypass copies (make
# random-bypass-layers, the stub's datapath) pass on the twin and on the stub
# built for each configuration, and one with a changed CRC fails on the stub.
# The generator's count of distinct output bytes (its saturation redraw goes
# by it) equals the count in the bytes the twin writes.

lc_tmp=$(mktemp -d)
for c in nv_small nv_medium_512 nv_large; do
    d="$lc_tmp/$c"
    if ! make -s random-layers NVDLA_CONFIG=$c LAYER_COUNT=3 SEED=1 RANDOM_LAYERS_DIR="$d" >"$log" 2>&1 ||
       ! grep -q "gen-layers: 12 layers written to $d for $c " "$log"; then
        bad "make random-layers NVDLA_CONFIG=$c LAYER_COUNT=3: 12 layers for $c"
        continue
    fi
    make -s conformance TRACES="$d" NVDLA_CONFIG=$c DUT=twin JOBS=2 >"$log" 2>&1
    if grep -qx "12 passed, 0 failed, 0 skipped" "$log" &&
       grep -q "nvdla_config=$c " logs/nvdla_conv_1_0/twin/sim.log; then
        ok "random layers for $c on the twin as $c: $(tail -n 1 "$log")"
    else bad "random layers for $c on the twin as $c: 12 pass"; fi

    # a copied layer whose expected CRC is off by one bit must fail
    mkdir -p "$lc_tmp/broken-$c" && cp -r "$d/conv_1_0" "$lc_tmp/broken-$c/"
    f="$lc_tmp/broken-$c/conv_1_0/conv_1_0.cfg"
    crc=$(sed -nE 's/^check_crc\(.*, (0x[0-9a-f]+)\);$/\1/p' "$f")
    [ -n "$crc" ] && sed -i "s/, $crc);/, $(printf '0x%08x' $((crc ^ 1))));/" "$f"
    make -s conformance TRACES="$lc_tmp/broken-$c" NVDLA_CONFIG=$c DUT=twin >"$log" 2>&1
    if [ -n "$crc" ] && grep -qx "0 passed, 1 failed, 0 skipped" "$log" && grep -q "^FAIL  conv_1_0" "$log"; then
        ok "random layer for $c with its expected CRC changed ($crc -> $(printf '0x%08x' $((crc ^ 1)))): fails"
    else bad "random layer for $c with a changed CRC fails"; fi

    # random SDP bypass copies on the twin and on the stub for this configuration
    b="$lc_tmp/bypass-$c"
    if ! make -s random-bypass-layers NVDLA_CONFIG=$c LAYER_COUNT=4 SEED=1 RANDOM_BYPASS_DIR="$b" >"$log" 2>&1 ||
       ! grep -q "gen-layers: 4 layers written to $b for $c " "$log"; then
        bad "make random-bypass-layers NVDLA_CONFIG=$c LAYER_COUNT=4: 4 layers for $c"
        continue
    fi
    for dut in twin rtl; do
        if [ $dut = rtl ] && [[ " ${duts[*]} " != *" rtl "* ]]; then
            echo "SKIP  random bypass layers for $c on DUT=rtl: no Verilator"
            continue
        fi
        make -s conformance TRACES="$b" NVDLA_CONFIG=$c DUT=$dut JOBS=2 AXI_STALL=20 >"$log" 2>&1
        if grep -qx "4 passed, 0 failed, 0 skipped" "$log" &&
           grep -q "nvdla_config=$c " logs/nvdla_bypass_1_0/$dut/sim.log; then
            ok "random SDP bypass copies for $c on DUT=$dut: $(tail -n 1 "$log")"
        else bad "random SDP bypass copies for $c on DUT=$dut: 4 pass"; fi
    done
    if [[ " ${duts[*]} " == *" rtl "* ]]; then
        mkdir -p "$lc_tmp/broken-bypass-$c" && cp -r "$b/bypass_1_1" "$lc_tmp/broken-bypass-$c/"
        f="$lc_tmp/broken-bypass-$c/bypass_1_1/bypass_1_1.cfg"
        crc=$(sed -nE 's/^check_crc\(.*, (0x[0-9a-f]+)\);$/\1/p' "$f")
        [ -n "$crc" ] && sed -i "s/, $crc);/, $(printf '0x%08x' $((crc ^ 0x100))));/" "$f"
        make -s conformance TRACES="$lc_tmp/broken-bypass-$c" NVDLA_CONFIG=$c DUT=rtl >"$log" 2>&1
        if [ -n "$crc" ] && grep -qx "0 passed, 1 failed, 0 skipped" "$log" && grep -q "^FAIL  bypass_1_1" "$log"; then
            ok "random SDP bypass copy for $c with its expected CRC changed: fails on DUT=rtl"
        else bad "random SDP bypass copy for $c with a changed CRC fails on DUT=rtl"; fi
    fi
done

# nv_large's layers with cubes in the SRAMIF memory: RAM type CV, sec_mem in
# the trace; they pass with AXI stalls on both ports as well
mkdir -p "$lc_tmp/sram"
for f in $(grep -l "sec_mem" "$lc_tmp"/nv_large/*/*.cfg 2>/dev/null); do cp -r "$(dirname "$f")" "$lc_tmp/sram/"; done
n=$(ls "$lc_tmp/sram" | wc -l)
make -s conformance TRACES="$lc_tmp/sram" NVDLA_CONFIG=nv_large DUT=twin JOBS=2 AXI_STALL=50 >"$log" 2>&1
if [ "$n" -gt 0 ] && grep -qx "$n passed, 0 failed, 0 skipped" "$log"; then
    ok "random layers for nv_large with cubes in SRAMIF memory (sec_mem), AXI_STALL=50: $(tail -n 1 "$log")"
else bad "random layers for nv_large with cubes in SRAMIF memory pass with AXI_STALL=50 ($n such layers)"; fi

# the same seed writes the same layers (the reproduce line of a random layer
# depends on it), the default folder's nv_small as the named one
make -s random-layers NVDLA_CONFIG=nv_small LAYER_COUNT=3 SEED=1 RANDOM_LAYERS_DIR="$lc_tmp/again" >"$log" 2>&1
if [ -d "$lc_tmp/nv_small/conv_1_0" ] && diff -r -q "$lc_tmp/nv_small" "$lc_tmp/again" >/dev/null 2>&1; then
    ok "random layers for nv_small: the same seed writes byte-identical layers"
else bad "random layers for nv_small: the same seed writes byte-identical layers"; fi

# the generator's count of distinct output byte values (what its redraw of
# saturated layers goes by) is the count in the bytes the layer really writes
gen="$lc_tmp/distinct"
if build/gen-layers --out "$gen" --count 1 --seed 5 --engine cdp -v >"$log" 2>&1; then
    said=$(sed -nE 's/^cdp_5_0: .*, ([0-9]+) distinct output byte values$/\1/p' "$log")
    f="$gen/cdp_5_0/cdp_5_0.cfg"
    sed -i -E 's/^(check_crc\(.*, )0x[0-9a-f]+\);$/\10x00000000);/' "$f"
    make -s sim TRACE="$gen/cdp_5_0" DUT=twin >"$log" 2>&1
    dump=$(sed -nE 's/^  dump: ([^ ]+) .*/\1/p' "$log")
    got=$([ -f "$dump" ] && od -An -v -tu1 "$dump" | tr -s ' ' '\n' | sed '/^$/d' | sort -u | wc -l)
    if [ -n "$said" ] && [ -n "$got" ] && [ "$said" = "$got" ]; then
        ok "gen-layers -v: $said distinct output byte values, as in the bytes the twin writes ($(stat -c %s "$dump") bytes)"
    else bad "gen-layers -v: distinct output byte values ($said) equal those the twin writes ($got)"; fi
else bad "gen-layers --engine cdp -v writes a layer"; fi

# nv_large's layers are nv_large's: run as nv_small they do not all pass
make -s conformance TRACES="$lc_tmp/nv_large" NVDLA_CONFIG=nv_small DUT=twin >"$log" 2>&1
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log")
if [ -n "$summary" ] && [ "$summary" != "12 passed, 0 failed, 0 skipped" ]; then
    ok "random layers for nv_large run as nv_small: not all pass ($summary)"
else bad "random layers for nv_large run as nv_small: not all pass"; fi
rm -rf "$lc_tmp"
