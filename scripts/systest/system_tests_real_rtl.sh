# system_tests_real_rtl.sh: the system tests of what real RTL does to a
# harness, run on the shipped stub (which behaves the same way): it reads
# plusargs, synchronises its reset (requests sent too early are lost), and a
# configuration may leave units out. Also: reproduce lines that reproduce,
# exit statuses a CI can use, the RTL build's log. Sourced by
# scripts/systest/system_tests.sh (uses its ok/bad/expect_* helpers, $log, $duts,
# $traces_dir).

have_verilator=$(command -v verilator >/dev/null && echo 1)
have_systemc=$({ [ -e /usr/include/systemc.h ] || pkg-config --exists systemc 2>/dev/null; } && echo 1)
rr_tmp=$(mktemp -d)

# run_sim VAR make-args...: scripts/sim into $log, its exit status into VAR
run_sim() {
    local var=$1; shift
    scripts/sim "$@" >"$log" 2>&1
    printf -v "$var" '%s' $?
}
# first_failure_of FILE: the cycle-stamped first failure of a run
first_failure_of() { grep -m1 '^first failure: ' "$1"; }

# ---- reset: knobs, the synchroniser inside, a clear message when too early ----
for dut in "${duts[@]}"; do
    run_sim rc TEST=sdp_bypass_smoke DUT="$dut" SEED=1
    if [ "$rc" = 0 ] && grep -q ' reset_cycles=10 reset_idle=16 axi_max_wait=0 reg_max_wait=0 nvdla_config=nv_small' "$log"; then
        ok "DUT=$dut: the knob line shows reset_cycles=10 reset_idle=16 nvdla_config=nv_small"
    else bad "DUT=$dut: knob line with the reset and configuration defaults (exit $rc)"; fi
    # the core leaves reset 4 rising edges after the pin: 4 idle cycles are enough, 3 are not
    expect_pass "sdp_bypass_smoke DUT=$dut RESET_IDLE=4 RESET_CYCLES=1" TEST=sdp_bypass_smoke DUT="$dut" SEED=1 \
        RESET_IDLE=4 RESET_CYCLES=1
    for idle in 0 3; do
        run_sim rc TEST=sdp_bypass_smoke DUT="$dut" SEED=1 RESET_IDLE=$idle
        if [ "$rc" = 1 ] && grep -q "^hint: the DUT accepted the first CSB request $idle cycles\\? after dla_reset_rstn rose (RESET_IDLE=$idle)\\..*Rerun with RESET_IDLE=16 (the default) or more\\.$" "$log" &&
           grep -q '^FAIL: ' "$log" && ! grep -q 'watchdog' "$log"; then
            ok "DUT=$dut RESET_IDLE=$idle: lost CSB requests fail with the reset hint (exit 1, no watchdog)"
        else bad "DUT=$dut RESET_IDLE=$idle: fails with the reset hint (exit $rc)"; fi
    done
done

# ---- plusargs reach the Verilated model (C and SystemC harnesses) ----
if [ -n "$have_verilator" ]; then
    harnesses=(c)
    [ -n "$have_systemc" ] && harnesses+=(systemc)
    for h in "${harnesses[@]}"; do
        # +nvdla_stub_reset_sync=8: the stub's core now leaves reset 8 edges after the pin
        run_sim rc TEST=sdp_bypass_smoke DUT=rtl HARNESS=$h SEED=1 RESET_IDLE=6 PLUSARGS=+nvdla_stub_reset_sync=8
        run_sim rc2 TEST=sdp_bypass_smoke DUT=rtl HARNESS=$h SEED=1 RESET_IDLE=8 PLUSARGS="+nvdla_stub_reset_sync=8 +unused_flag"
        if [ "$rc" = 1 ] && [ "$rc2" = 0 ] && grep -q 'plusargs=+nvdla_stub_reset_sync=8 +unused_flag' "$log"; then
            ok "HARNESS=$h DUT=rtl PLUSARGS=+nvdla_stub_reset_sync=8: the model reads it (RESET_IDLE=6 fails, 8 passes)"
        else bad "HARNESS=$h DUT=rtl PLUSARGS reach the model (exits $rc, $rc2)"; fi
        # a model that stops itself ($stop on a bad plusarg) fails the test with Verilator's own line
        run_sim rc TEST=sdp_bypass_smoke DUT=rtl HARNESS=$h SEED=1 PLUSARGS=+nvdla_stub_reset_sync=99
        if [ "$rc" = 1 ] && grep -q '^%Error: nvdla_reset_sync: +nvdla_stub_reset_sync=99 is out of range 1..16' "$log" &&
           grep -q "^first failure: FAIL cycle [0-9]*: dut model: the model stopped the simulation: .*%Error: .*nvdla_reset_sync.v:[0-9]*: Verilog \$stop" "$log" &&
           grep -q '^reproduce: make sim ' "$log"; then
            ok "HARNESS=$h DUT=rtl: a model's \$stop fails the test (exit 1) with Verilator's %Error line and a reproduce line"
        else bad "HARNESS=$h DUT=rtl: a model's \$stop is a failing test (exit $rc)"; fi
    done
fi
expect_input_error "PLUSARGS on DUT=twin refused" "PLUSARGS: applies to rtl only (a Verilated model reads them; the C twins read none); this run is sdp_bypass_smoke: family nvdla, a sequence, on twin" \
    TEST=sdp_bypass_smoke DUT=twin PLUSARGS=+x
expect_fail "PLUSARGS word without +" "PLUSARGS: 'x' is not a plusarg" TEST=sdp_bypass_smoke DUT=twin PLUSARGS="+a x"
expect_fail "RESET_IDLE=-1 refused" "RESET_IDLE: '-1' is not a decimal number" TEST=sdp_bypass_smoke DUT=twin RESET_IDLE=-1

# ---- hardware configurations: knob checks, absent units skipped on every DUT ----
expect_input_error "NVDLA_CONFIG unknown" "NVDLA_CONFIG: unknown configuration 'nv_tiny' (one of nv_small, " \
    TEST=sdp_bypass_smoke DUT=twin NVDLA_CONFIG=nv_tiny
expect_input_error "NVDLA_CONFIG for an Ethos-U65 test" "NVDLA_CONFIG: applies to nvdla only (the hardware configurations of NVDLA; the other families have one); this run is ethosu/run_dma_stream: family ethosu, a sequence, on twin" \
    TEST=ethosu/run_dma_stream DUT=twin NVDLA_CONFIG=nv_small
expect_input_error "RUN_ABSENT for a sequence" "RUN_ABSENT: applies to nvdla traces only (traces are checked for units the configuration leaves out); this run is sdp_bypass_smoke: family nvdla, a sequence, on twin" \
    TEST=sdp_bypass_smoke DUT=twin RUN_ABSENT=1
# (the shipped stub takes the configuration's widths: a user's RTL, here
# the stub's file list as given, keeps its own)
[ -n "$have_verilator" ] && expect_input_error "NVDLA_CONFIG=nv_large on an nv_small top" \
    "NVDLA_CONFIG=nv_large expects a 256-bit DBBIF with 64-bit addresses, but NV_nvdla has 64-bit data" \
    TEST=sdp_bypass_smoke DUT=rtl NVDLA_CONFIG=nv_large RTL_FILES=rtl_stubs/nvdla/nvdla_stub.f
ew=sdp_3x3x32_ew_lo_lin_int8
if [ -d "$traces_dir/$ew" ]; then
    ew_runs=("DUT=twin")
    [ -n "$have_verilator" ] && ew_runs+=("DUT=rtl")
    [ -n "$have_systemc" ] && ew_runs+=("DUT=twin HARNESS=systemc" "HARNESS=tlm")
    for r in "${ew_runs[@]}"; do
        # shellcheck disable=SC2086
        run_sim rc TEST=nvdla/$ew $r SEED=1 NVDLA_TRACES="$traces_dir"
        if [ "$rc" = 77 ] && grep -q "^SKIP: nvdla/$ew on .*: needs SDP EW and SDP LUT, which nv_small leaves out (.*$ew.cfg:[0-9]*); RUN_ABSENT=1 runs it anyway$" "$log"; then
            ok "nvdla/$ew $r: SKIP with its reason, scripts/sim exit 77"
        else bad "nvdla/$ew $r: SKIP with its reason (exit $rc)"; fi
    done
    # make sim: a skip is not a failure (exit 0, the SKIP line says why)
    if make -s sim TEST=nvdla/$ew DUT=twin SEED=1 NVDLA_TRACES="$traces_dir" >"$log" 2>&1 && grep -q '^SKIP: ' "$log"; then
        ok "make sim of a skipped trace: exit 0 with the SKIP line"
    else bad "make sim of a skipped trace: exit 0 with the SKIP line"; fi
    if [ -n "$have_verilator" ]; then
        # run anyway on the stub, which has no EW: the verdict says why it differs
        run_sim rc TEST=nvdla/$ew DUT=rtl SEED=1 RUN_ABSENT=1 NVDLA_TRACES="$traces_dir"
        if [ "$rc" = 1 ] && grep -q "^note: nvdla/$ew needs SDP EW and SDP LUT, which nv_small leaves out .*running it anyway (RUN_ABSENT=1)" "$log" &&
           grep -q 'the trace needs a unit the configuration leaves out (RUN_ABSENT=1): a DUT without it is expected to differ' "$log"; then
            ok "nvdla/$ew DUT=rtl RUN_ABSENT=1: runs, fails, and the verdict names the absent unit"
        else bad "nvdla/$ew DUT=rtl RUN_ABSENT=1: verdict names the absent unit (exit $rc)"; fi
    fi
    # conformance and regress count skips apart
    mkdir -p "$rr_tmp/conf"
    cp -r "$traces_dir/$ew" "$traces_dir/sdp_1x1x1_pass_through_int8" "$rr_tmp/conf/"
    if make -s conformance TRACES="$rr_tmp/conf" >"$log" 2>&1 && grep -qE "^SKIP  $ew +- +[0-9.]+$" "$log" &&
       grep -q "^      needs SDP EW and SDP LUT, which nv_small leaves out" "$log" &&
       grep -q '^1 passed, 0 failed, 1 skipped$' "$log"; then
        ok "make conformance: the EW trace counted as skipped with its reason (1 passed, 0 failed, 1 skipped)"
    else bad "make conformance: skipped trace counted apart"; fi
    if make -s conformance TRACES="$rr_tmp/conf" RUN_ABSENT=1 >"$log" 2>&1 && grep -q '^2 passed, 0 failed, 0 skipped$' "$log"; then
        ok "make conformance RUN_ABSENT=1: the twin computes EW as the reference (2 passed)"
    else bad "make conformance RUN_ABSENT=1: 2 passed"; fi
    printf 'TRACES=%s DUT=twin\n' "$rr_tmp/conf" >"$rr_tmp/list.txt"
    if python3 scripts/regress/regress.py --list "$rr_tmp/list.txt" --jobs 2 --out "$rr_tmp/rg" >"$log" 2>&1 &&
       grep -q '^regress: 1 passed, 0 failed, 1 skipped$' "$log" &&
       grep -q "<skipped message=\"needs SDP EW and SDP LUT, which nv_small leaves out" "$rr_tmp/rg/junit.xml" &&
       grep -q 'skipped="1"' "$rr_tmp/rg/junit.xml"; then
        ok "make regress: the EW trace is a JUnit <skipped> with its reason"
    else bad "make regress: JUnit skipped with its reason"; fi
    # a model's own %Error is the reason conformance gives
    if [ -n "$have_verilator" ]; then
        rm -rf "$rr_tmp/conf/$ew"
        make -s conformance TRACES="$rr_tmp/conf" DUT=rtl PLUSARGS=+nvdla_stub_reset_sync=99 >"$log" 2>&1
        if grep -q '^      %Error: nvdla_reset_sync: +nvdla_stub_reset_sync=99 is out of range' "$log" &&
           grep -q '^0 passed, 1 failed, 0 skipped$' "$log"; then
            ok "make conformance DUT=rtl: a run the model stopped shows Verilator's %Error line as the reason"
        else bad "make conformance DUT=rtl: %Error line as the reason"; fi
        printf 'sdp_bypass_smoke DUT=rtl PLUSARGS=+nvdla_stub_reset_sync=99\n' >"$rr_tmp/stop.txt"
        python3 scripts/regress/regress.py --list "$rr_tmp/stop.txt" --jobs 1 --out "$rr_tmp/rg_stop" >"$log" 2>&1
        if grep -q '^      %Error: nvdla_reset_sync: +nvdla_stub_reset_sync=99 is out of range' "$log" &&
           grep -q 'failure message="%Error: nvdla_reset_sync' "$rr_tmp/rg_stop/junit.xml"; then
            ok "make regress: a run the model stopped shows Verilator's %Error line as the reason"
        else bad "make regress: %Error line as the reason"; fi
    fi
fi

# ---- the programming checker: before a trace runs (any DUT), in the twin ----
hwo=${HW_OBSERVED:-testdata/nvdla-hw-observed}
[ -d "$hwo/nv_small" ] && hwo=$hwo/nv_small   # a folder of configuration folders
if [ -d "$hwo/conv_1_0" ] && [ -d "$hwo/sdpnoew_1_82" ]; then
    for dut in "${duts[@]}"; do
        run_sim rc TRACE="$hwo/conv_1_0" DUT="$dut" SEED=1
        if [ "$rc" = 1 ] && grep -q "^programming: .*conv_1_0.cfg:[0-9]*: layer enabled here breaks programming rule 'cbuf-entry-per-slice': CDMA D_ENTRY_PER_SLICE = 1 (2 entries) for a 9x6x1 input" "$log" &&
           grep -q "rule 'weight-bytes-align': CDMA D_WEIGHT_BYTES = 42" "$log" && grep -q "rule 'cbuf-flush-wait'" "$log" &&
           grep -q "^FAIL: nvdla/conv_1_0 on $dut: the trace breaks 3 programming rules of nv_small" "$log" &&
           grep -q '^reproduce: make sim TRACE=' "$log" && ! grep -q '^trace: ' "$log"; then
            ok "DUT=$dut: a trace breaking programming rules fails before it runs, naming each rule (exit 1)"
        else bad "DUT=$dut: programming rules named before the run (exit $rc)"; fi
    done
    # PROG_CHECK=warn: it runs; the twin warns at the layer's start; a mismatch's verdict names the rule
    cp -r "$hwo/sdpnoew_1_82" "$rr_tmp/du" && chmod -R u+w "$rr_tmp/du"
    sed -i '/^check_crc/s/0x[0-9a-fA-F]*);/0x12345678);/' "$rr_tmp"/du/*.cfg
    run_sim rc TRACE="$rr_tmp/du" DUT=twin SEED=1 PROG_CHECK=warn
    if [ "$rc" = 1 ] && grep -q "^warning: .*breaks programming rule 'sdp-data-use'" "$log" &&
       grep -q "^warning: twin: SDP layer (group 0) breaks programming rule 'sdp-data-use'" "$log" &&
       grep -q 'the trace breaks a programming rule (PROG_CHECK=warn), so what the hardware writes is undefined' "$log" &&
       grep -q 'reproduce: .* PROG_CHECK=warn' "$log"; then
        ok "PROG_CHECK=warn: runs with warnings (trace runner and twin), the verdict names the broken rule"
    else bad "PROG_CHECK=warn: warnings and verdict (exit $rc)"; fi
fi
# the rules table of docs/programming-rules.md is what the C table prints
if make -s prog-rules >"$rr_tmp/rules.md" 2>"$log" &&
   sed -n '/^<!-- prog-rules -->$/,/^<!-- \/prog-rules -->$/p' docs/programming-rules.md | sed '1d;$d' | diff -q - "$rr_tmp/rules.md" >/dev/null; then
    ok "docs/programming-rules.md: the programming rules table equals make prog-rules"
else bad "docs/programming-rules.md: the programming rules table differs from make prog-rules (paste its output between the markers)"; fi
expect_fail "PROG_CHECK=maybe refused" "PROG_CHECK: 'maybe' is not error or warn" TEST=sdp_bypass_smoke DUT=twin PROG_CHECK=maybe
[ -n "$have_verilator" ] && expect_input_error "PROG_CHECK for a sequence on RTL refused" \
    "PROG_CHECK: applies to nvdla twin or nvdla traces only (the programming checker runs in the twin and in the trace runner); this run is sdp_bypass_smoke: family nvdla, a sequence, on rtl" TEST=sdp_bypass_smoke DUT=rtl PROG_CHECK=warn

# ---- exit statuses: scripts/sim keeps the simulator's (make sim: 0 or 2) ----
run_sim a TEST=sdp_bypass_smoke DUT=twin SEED=1
run_sim b TEST=sdp_bypass_smoke DUT=twin SEED=1 MAX_CYCLES=60
run_sim c TEST=sdp_bypass_smoke DUT=twin AXI_STALL=abc
run_sim d TEST=no_such_test DUT=twin
if [ "$a/$b/$c/$d" = 0/1/2/2 ]; then ok "scripts/sim exit statuses: pass 0, failure 1, bad knob 2, unknown test 2"
else bad "scripts/sim exit statuses: pass 0, failure 1, bad input 2 (got $a/$b/$c/$d)"; fi

# ---- reproduce lines: every knob that differs, and they reproduce ----
# check_reproduce NAME make-args...: the run fails; its reproduce line names
# every knob given (but SEED and NVDLA_TRACES, which it resolves); run as
# printed it fails the same way on the same cycle.
check_reproduce() {
    local name=$1 line first again k; shift
    run_sim rc "$@"
    line=$(grep -m1 '^reproduce: ' "$log"); line=${line#reproduce: }
    first=$(first_failure_of "$log")
    if [ "$rc" != 1 ] || [ -z "$line" ] || [ -z "$first" ]; then
        bad "$name: a failing run with a reproduce line (exit $rc)"; return
    fi
    for k in "$@"; do
        case $k in NVDLA_TRACES=*|TEST=nvdla/*) continue ;; esac
        local key=${k%%=*} val=${k#*=}
        if ! grep -qF -- "$key=" <<<"$line" || { ! grep -qF -- "$key=$val" <<<"$line" &&
                                                   ! grep -qF -- "$key='$val'" <<<"$line"; }; then
            bad "$name: the reproduce line lacks $k: $line"; return
        fi
    done
    eval "$line" >"$log" 2>&1
    again=$(first_failure_of "$log")
    if [ "$first" = "$again" ] && grep -q '^FAIL: ' "$log"; then ok "$name: the reproduce line names every knob and fails the same way ($first)"
    else bad "$name: reproduce line '$line' gave '$again', first run '$first'"; fi
}
trace_src=$traces_dir/sdp_1x1x1_pass_through_int8
cp -r "$trace_src" "$rr_tmp/bad" && chmod -R u+w "$rr_tmp/bad"
sed -i '/^check_crc/s/0x[0-9a-fA-F]*);/0x12345678);/' "$rr_tmp/bad/sdp_1x1x1_pass_through_int8.cfg"
check_reproduce "trace DUT=twin" TRACE="$rr_tmp/bad/sdp_1x1x1_pass_through_int8.cfg" DUT=twin SEED=3 AXI_STALL=30 \
    RD_LATENCY=2:9 WR_LATENCY=5 AXI_OUTSTANDING=3 CSB_GAP=0:2 NPOSTED=1 MAX_CYCLES=90000 RESET_CYCLES=12 RESET_IDLE=20
check_reproduce "ethosu DUT=twin" TEST=ethosu/run_dma_stream DUT=twin SEED=5 AXI_STALL=40 RD_LATENCY=3 MAX_CYCLES=150 \
    RESET_IDLE=7
if [ -n "$have_verilator" ]; then
    check_reproduce "sequence DUT=rtl with a user's RTL" TEST=sdp_bypass_random DUT=rtl SEED=6 AXI_STALL=25 \
        RD_LATENCY=1:7 CSB_GAP=1 INJECT=ar-payload RESET_IDLE=9 PLUSARGS="+nvdla_stub_reset_sync=5 +x" \
        RTL_FILES=rtl_stubs/nvdla/nvdla_stub.f RTL_TOP=NV_nvdla_sramif RTL_FLAGS=-DUSER_DEFINE
fi
if [ -n "$have_systemc" ]; then
    check_reproduce "trace HARNESS=tlm" TRACE="$rr_tmp/bad/sdp_1x1x1_pass_through_int8.cfg" HARNESS=tlm SEED=2 \
        AXI_STALL=20 NPOSTED=1 RESET_IDLE=30
fi

# ---- the RTL build keeps its own log; an up-to-date check writes check.log ----
if [ -n "$have_verilator" ]; then
    # the default configuration's build (others, built earlier, may sort first):
    # the folder whose log the smoke run touches last
    make -s sim TEST=sdp_bypass_smoke DUT=rtl SEED=1 >"$log" 2>&1
    blog=$(ls -t build/rtl/NV_nvdla-[0-9a-f]*/check.log build/rtl/NV_nvdla-[0-9a-f]*/build.log 2>/dev/null | head -n 1)
    blog=${blog:+$(dirname "$blog")/build.log}
    if [ -n "$blog" ]; then
        before=$(md5sum <"$blog")
        make -s sim TEST=sdp_bypass_smoke DUT=rtl SEED=1 >"$log" 2>&1
        if [ "$(md5sum <"$blog")" = "$before" ] && grep -q '^# built .*/simv in [0-9]* s$' "$blog" &&
           grep -q '^# up to date: ' "$(dirname "$blog")/check.log"; then
            ok "RTL build: build.log keeps the last real build's log, the up-to-date check writes check.log"
        else bad "RTL build: build.log kept over an up-to-date check"; fi
    else bad "RTL build: no build/rtl/NV_nvdla-*/build.log"; fi
fi
rm -rf "$rr_tmp"
