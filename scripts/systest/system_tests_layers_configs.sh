# system_tests_layers_configs.sh: random layers per NVDLA configuration on the
# twin. Sourced by scripts/systest/system_tests.sh (uses ok/bad, $log). For nv_small,
# nv_medium_512 and nv_large:
#   - make random-layers NVDLA_CONFIG=... writes a few layers per engine for
#     that configuration (the generator's summary line names it), image-input
#     convolutions (img_<seed>_<n>) among them;
#   - make conformance on them as that configuration: every layer passes
#     (PROG_CHECK=error: the programming checker accepts every one);
#   - one layer copied with its expected CRC changed fails (a real verdict);
# and a seed writes the same layers every time, while nv_large's layers run as
# nv_small do not all pass. nv_large's layers with cubes in the SRAMIF memory
# (sec_mem) pass with AXI stalls too. Random SDP bypass copies (make
# random-bypass-layers, the stub's datapath) pass on the twin and on the stub
# built for each configuration, and one with a changed CRC fails on the stub.
# The generator's count of distinct output bytes (its saturation redraw goes
# by it) equals the count in the bytes the twin writes. Image layers: a few
# on the twin for the other three configurations too; 13 layers show every
# pixel format the twin models (summary and descriptions); --img-avoid keeps
# a corner out and refuses a name it does not know.

lc_tmp=$(mktemp -d)
for c in nv_small nv_medium_512 nv_large; do
    d="$lc_tmp/$c"
    if ! make -s random-layers NVDLA_CONFIG=$c LAYER_COUNT=3 SEED=1 RANDOM_LAYERS_DIR="$d" >"$log" 2>&1 ||
       ! grep -q "gen-layers: 15 layers written to $d for $c " "$log" ||
       [ "$(ls -d "$d"/img_1_* 2>/dev/null | wc -l)" != 3 ]; then
        bad "make random-layers NVDLA_CONFIG=$c LAYER_COUNT=3: 15 layers for $c, 3 of them image input"
        continue
    fi
    make -s conformance TRACES="$d" NVDLA_CONFIG=$c DUT=twin JOBS=2 >"$log" 2>&1
    if grep -qx "15 passed, 0 failed, 0 skipped" "$log" &&
       [ "$(grep -c "^PASS  img_1_" "$log")" = 3 ] &&
       grep -q "nvdla_config=$c " $logs_root/nvdla_conv_1_0/twin/sim.log &&
       grep -q "nvdla_config=$c " $logs_root/nvdla_img_1_0/twin/sim.log; then
        ok "random layers for $c on the twin as $c (3 image-input): $(tail -n 1 "$log")"
    else bad "random layers for $c on the twin as $c: 15 pass, 3 of them image input"; fi

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
           grep -q "nvdla_config=$c " $logs_root/nvdla_bypass_1_0/$dut/sim.log; then
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
if [ -n "$summary" ] && [ "$summary" != "15 passed, 0 failed, 0 skipped" ]; then
    ok "random layers for nv_large run as nv_small: not all pass ($summary)"
else bad "random layers for nv_large run as nv_small: not all pass"; fi
# image-input layers on the other configurations (their CBUF entries and
# atoms differ): a handful each, all pass on the twin as that configuration
for c in nv_small_256 nv_small_256_full nv_medium_1024_full; do
    d="$lc_tmp/img-$c"
    if build/gen-layers --out "$d" --count 4 --seed 1 --engine img --nvdla-config $c >"$log" 2>&1 &&
       grep -q "gen-layers: 4 layers written to $d for $c " "$log"; then
        make -s conformance TRACES="$d" NVDLA_CONFIG=$c DUT=twin JOBS=2 >"$log" 2>&1
        if grep -qx "4 passed, 0 failed, 0 skipped" "$log"; then
            ok "random image-input layers for $c on the twin as $c: $(tail -n 1 "$log")"
        else bad "random image-input layers for $c on the twin as $c: 4 pass"; fi
    else bad "gen-layers --engine img --nvdla-config $c: 4 layers"; fi
done

# every pixel format the twin models: layer n takes format n mod 13, so 13
# layers hold each once, in the summary and in the layers' own descriptions;
# they pass on the twin
img="$lc_tmp/img-formats"
fmts="R8 A8B8G8R8 A8R8G8B8 B8G8R8A8 R8G8B8A8 X8B8G8R8 X8R8G8B8 B8G8R8X8 R8G8B8X8 A8Y8U8V8 V8U8Y8A8
      Y8___U8V8_N444 Y8___V8U8_N444"
want="gen-layers: 13 image layers by pixel format:$(for f in $fmts; do printf ' %s 1' $f; done)"
missing=""
if build/gen-layers --out "$img" --count 13 --seed 2 --engine img >"$log" 2>&1 && grep -qx "$want" "$log"; then
    for f in $fmts; do
        n=$(head -qn 1 "$img"/img_2_*/img_2_*.cfg | grep -c "^// generated by gen-layers: img_2_[0-9]* (img $f ")
        [ "$n" = 1 ] || missing="$missing $f($n)"
    done
    make -s conformance TRACES="$img" DUT=twin JOBS=2 >"$log" 2>&1
    if [ -z "$missing" ] && grep -qx "13 passed, 0 failed, 0 skipped" "$log"; then
        ok "13 random image-input layers: each of the 13 pixel formats once, all pass on the twin"
    else bad "13 random image-input layers: each pixel format once (off:$missing), all pass on the twin"; fi
else bad "gen-layers --engine img --count 13: one layer per pixel format in the summary"; fi

# --img-avoid: the same layers without the corner (x offset with left padding
# is drawn in seed 2's 26 layers, absent with the switch); an unknown name is refused
corner='x_off [1-9][0-9]* pad l[1-9]'
build/gen-layers --out "$lc_tmp/img-all" --count 26 --seed 2 --engine img >"$log" 2>&1
with=$(head -qn 1 "$lc_tmp"/img-all/img_2_*/img_2_*.cfg | grep -cE "$corner")
build/gen-layers --out "$lc_tmp/img-avoid" --count 26 --seed 2 --engine img --img-avoid xoff-pad-left >"$log" 2>&1
without=$(head -qn 1 "$lc_tmp"/img-avoid/img_2_*/img_2_*.cfg | grep -cE "$corner")
layers=$(ls -d "$lc_tmp"/img-avoid/img_2_* | wc -l)
if [ "$with" -gt 0 ] && [ "$without" = 0 ] && [ "$layers" = 26 ]; then
    ok "gen-layers --img-avoid xoff-pad-left: $with of 26 image layers have the corner, none with the switch"
else bad "gen-layers --img-avoid xoff-pad-left: the corner drawn ($with), avoided ($without of $layers)"; fi
build/gen-layers --out "$lc_tmp/img-bad" --count 1 --seed 2 --engine img --img-avoid no-such >"$log" 2>&1
rc=$?
if [ $rc = 2 ] &&
   grep -q "^gen-layers: --img-avoid: unknown corner 'no-such' (the corners are xoff-pad-left: " "$log"; then
    ok "gen-layers --img-avoid no-such: refused (exit 2) naming the corners"
else bad "gen-layers --img-avoid no-such: refused (exit $rc)"; fi
rm -rf "$lc_tmp"
