# system_tests_verdicts.sh: verdicts a user can trust: no knob ignored, no
# silent pass, bounded memory, logs with the header first, regress lines
# that expand to nothing. Sourced by scripts/systest/system_tests.sh (uses its
# ok/bad/expect_* helpers, $log and $traces_dir).
vd_tmp=$(mktemp -d)

# ---- knobs a test family does not use, bad values: refused, exit 2 ----
expect_input_error "NPOSTED for an Ethos-U65 test" "NPOSTED: applies to nvdla only (non-posted writes are a CSB request; an APB register port has no posted writes); this run is ethosu/run_dma_stream: family ethosu, a sequence, on twin" \
    TEST=ethosu/run_dma_stream DUT=twin NPOSTED=1
expect_input_error "SRAMIF for an Ethos-U65 test" "SRAMIF: applies to nvdla twin only (the twin's second memory port; a Verilated top has the port set or not: the stub's NV_nvdla_sramif has it, RTL_TOP=NV_nvdla_sramif); this run is ethosu/run_dma_stream: family ethosu, a sequence, on twin" \
    TEST=ethosu/run_dma_stream DUT=twin SRAMIF=1
command -v verilator >/dev/null && expect_input_error "SRAMIF=1 with DUT=rtl" "SRAMIF: applies to nvdla twin only (the twin's second memory port; a Verilated top has the port set or not: the stub's NV_nvdla_sramif has it, RTL_TOP=NV_nvdla_sramif); this run is sdp_bypass_smoke: family nvdla, a sequence, on rtl" \
    TEST=sdp_bypass_smoke DUT=rtl SRAMIF=1
expect_input_error "INJECT=nosuch for an Ethos-U65 test" "unknown fault 'nosuch'" TEST=ethosu/run_dma_stream DUT=twin INJECT=nosuch
expect_input_error "an NVDLA fault for an Ethos-U65 test" "fault 'ar-4k' is one of the NVDLA sequences and traces" \
    TEST=ethosu/run_dma_stream DUT=twin INJECT=ar-4k
expect_input_error "a bounded-wait fault without its knob" "INJECT=r-stuck breaks the bounded-wait rule, which is off: set AXI_MAX_WAIT" \
    TEST=sdp_bypass_smoke DUT=twin INJECT=r-stuck
expect_input_error "ALLOW_NO_CHECK for a sequence" "ALLOW_NO_CHECK: applies to nvdla traces only (only traces are parsed for their checks and memory footprint); this run is sdp_bypass_smoke: family nvdla, a sequence, on twin" \
    TEST=sdp_bypass_smoke DUT=twin ALLOW_NO_CHECK=1
# make refuses these before anything is built ("*** ... Stop.", status 2)
expect_stop() {
    local name=$1 pattern=$2; shift 2
    if make -s sim "$@" >"$log" 2>&1; then bad "$name (accepted)"
    elif grep -qF -- "$pattern" "$log" && grep -q 'Stop\.$' "$log"; then ok "$name"
    else bad "$name (no '$pattern')"; fi
}
expect_stop "VERBOSE=3" "VERBOSE: '3' is not 0, 1 or 2" TEST=sdp_bypass_smoke DUT=twin VERBOSE=3
expect_stop "SRAMIF=2" "SRAMIF: '2' is not 0 or 1" TEST=sdp_bypass_smoke DUT=twin SRAMIF=2
expect_stop "SEED=' -1' (blank and sign)" "SEED: '-1' is not a decimal number" TEST=sdp_bypass_smoke DUT=twin SEED=" -1"
expect_stop "MAX_CYCLES=' -5'" "MAX_CYCLES: '-5' is not a decimal number" TEST=sdp_bypass_smoke DUT=twin MAX_CYCLES=" -5"
expect_stop "NPOSTED=2 (booleans are 0 or 1)" "NPOSTED: '2' is not 0 or 1" TEST=sdp_bypass_smoke DUT=twin NPOSTED=2
expect_stop "WAVES_FROM without WAVES" "WAVES_FROM/WAVES_TO set a window of the waves, but WAVES is off" \
    TEST=sdp_bypass_smoke DUT=twin WAVES_FROM=10
expect_stop "WAVES_TO with WAVES=0" "but WAVES is off" TEST=sdp_bypass_smoke DUT=twin WAVES=0 WAVES_TO=10
expect_stop "TEST and TRACE together" "name two tests: give one" TEST=sdp_bypass_smoke \
    TRACE="$traces_dir/sdp_1x1x1_pass_through_int8" DUT=twin
expect_stop "RTL_TOP with DUT=twin" "but DUT=twin runs the C twin: use DUT=rtl" TEST=sdp_bypass_smoke DUT=twin RTL_TOP=x
# SRAMIF=0 means off
if make -s sim TEST=sdp_bypass_smoke DUT=twin SEED=1 SRAMIF=0 >"$log" 2>&1 && ! grep -q 'with SRAMIF' "$log" &&
   make -s sim TEST=sdp_bypass_smoke DUT=twin SEED=1 SRAMIF=1 >"$log" 2>&1 && grep -q 'with SRAMIF' "$log"; then
    ok "SRAMIF=0 leaves SRAMIF off, SRAMIF=1 turns it on"
else bad "SRAMIF=0/1 mean off/on"; fi

# ---- no silent pass: a trace that compares nothing is refused ----
src=$traces_dir/sdp_1x1x1_pass_through_int8
mkdir -p "$vd_tmp/t" && printf '\n' >"$vd_tmp/t/empty.cfg" && printf '// only a comment\n\n' >"$vd_tmp/t/comment.cfg"
expect_input_error "empty .cfg refused" "empty.cfg: no directives: nothing would be run or compared" \
    TRACE="$vd_tmp/t/empty.cfg" DUT=twin
expect_input_error "comment-only .cfg refused" "comment.cfg: no directives" TRACE="$vd_tmp/t/comment.cfg" DUT=twin
expect_input_error "TRACE=/dev/null refused" "/dev/null: cannot open trace: not a regular file (a character device)" TRACE=/dev/null DUT=twin
cp -r "$src" "$vd_tmp/nc" && chmod -R u+w "$vd_tmp/nc"
sed -i 's/^check_crc(\([a-z_0-9]*\).*/check_nothing(\1);/' "$vd_tmp"/nc/*.cfg
expect_input_error "trace with no check_crc refused" "no check_crc: nothing would be compared (ALLOW_NO_CHECK=1 runs it anyway)" \
    TRACE="$vd_tmp/nc" DUT=twin
expect_pass "trace with no check_crc, ALLOW_NO_CHECK=1" TRACE="$vd_tmp/nc" DUT=twin SEED=1 ALLOW_NO_CHECK=1
cp -r "$src" "$vd_tmp/ed" && chmod -R u+w "$vd_tmp/ed"
printf '{\n}\n' >"$vd_tmp"/ed/*.dat
expect_input_error "empty .dat refused" "empty memory image (no records)" TRACE="$vd_tmp/ed" DUT=twin

# ---- memory: a 4 GiB mem_init in bounded memory; a footprint beyond the limit refused ----
cp -r "$src" "$vd_tmp/big" && chmod -R u+w "$vd_tmp/big"
sed -i '1i mem_init(pri_mem, 0x0, 0x100000000, ALL_ZERO);' "$vd_tmp"/big/*.cfg
# (the trace's footprint is just over 4 GiB: MEM_LIMIT=5G lets it run)
rss=$(python3 -c 'import resource, subprocess, sys
rc = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
print(rc, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' scripts/sim TRACE="$vd_tmp/big" DUT=twin SEED=1 MEM_LIMIT=5G)
if [ "${rss%% *}" = 0 ] && [ "${rss##* }" -lt 200000 ]; then
    ok "mem_init of 4 GiB: passes in ${rss##* } KB of peak memory"
else bad "mem_init of 4 GiB in bounded memory (exit and peak KB: $rss)"; fi
expect_input_error "footprint beyond the default limit (4 GiB) refused" "exceeds the limit of 4294967296 bytes" \
    TRACE="$vd_tmp/big" DUT=twin

# ---- logs: every make sim writes logs/<test>/<dut>/sim.log, the header first ----
rm -rf $logs_root/sdp_bypass_smoke/twin
make -s sim TEST=sdp_bypass_smoke DUT=twin SEED=1 MAX_CYCLES=60 >"$log" 2>&1
if [ -s $logs_root/sdp_bypass_smoke/twin/sim.log ] && head -n 1 $logs_root/sdp_bypass_smoke/twin/sim.log | grep -q '^seed: 1 ' &&
   grep -q '^FAIL cycle 60: sim watchdog' $logs_root/sdp_bypass_smoke/twin/sim.log &&
   [ "$(grep -n '^knobs: ' $logs_root/sdp_bypass_smoke/twin/sim.log | cut -d: -f1)" -lt \
     "$(grep -n '^FAIL cycle' $logs_root/sdp_bypass_smoke/twin/sim.log | cut -d: -f1)" ]; then
    ok "make sim writes $logs_root/sdp_bypass_smoke/twin/sim.log: seed and knobs first, then the failure"
else bad "make sim writes sim.log with the header first"; fi

# ---- regress: a list line that expands to no runs ----
printf 'conv_bias DUT=rtl\n' >"$vd_tmp/l.txt"
if python3 scripts/regress/regress.py --list "$vd_tmp/l.txt" --out "$vd_tmp/rg" >"$log" 2>&1; then bad "regress: a line expanding to no runs (accepted)"
elif grep -q "l.txt:1: expands to no runs" "$log"; then ok "regress: a line that expands to no runs is an error naming it"
else bad "regress: a line that expands to no runs names the line"; fi
printf 'conv_bias DUT=rtl EMPTY=skip\nsdp_bypass_smoke DUT=twin\nsdp_bypass_shapes DUT=twin\n' >"$vd_tmp/l.txt"
if python3 scripts/regress/regress.py --list "$vd_tmp/l.txt" --out "$vd_tmp/rg" --jobs 2 >"$log" 2>&1 &&
   grep -q '^regress: 2 passed, 0 failed, 1 skipped$' "$log" && grep -q '<skipped message=".*expands to no runs' "$vd_tmp/rg/junit.xml" &&
   [ "$(ls "$vd_tmp/rg" | grep '\.log$' | tr '\n' ' ')" = "0001_conv_bias_rtl_0.log 0002_sdp_bypass_smoke_twin_1.log 0003_sdp_bypass_shapes_twin_1.log " ]; then
    ok "regress: EMPTY=skip reports the line as a JUnit skipped case; per-run logs sort in run order"
else bad "regress: EMPTY=skip and log order"; fi
rm -rf "$vd_tmp"
