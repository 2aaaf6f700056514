#!/usr/bin/env bash
# system_tests.sh: the system tests of `make test`, every one run through
# `make sim` as a user would. Each sequence runs on both DUT kinds (rtl only
# when Verilator is installed) with knobs off and on; every injectable
# protocol fault must make the run fail naming its checker rule; waves,
# the watchdog and bad input are checked too. Prints "N passed, M failed".
# Usage: scripts/system_tests.sh [dut ...]   (default: twin rtl)
set -u
cd "$(dirname "$0")/.."
duts=("$@")
if [ ${#duts[@]} -eq 0 ]; then
    duts=(twin)
    command -v verilator >/dev/null && duts+=(rtl)
fi
pass=0 fail=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

ok()  { pass=$((pass + 1)); printf 'PASS  %s\n' "$1"; }
bad() { fail=$((fail + 1)); printf 'FAIL  %s\n' "$1"; sed 's/^/      /' "$log" | tail -n 15; }

# expect_pass NAME make-args...
expect_pass() {
    local name=$1; shift
    if make -s sim "$@" >"$log" 2>&1 && grep -q '^PASS:' "$log"; then ok "$name"; else bad "$name"; fi
}
# expect_fail NAME PATTERN make-args...: must exit non-zero and print PATTERN
expect_fail() {
    local name=$1 pattern=$2; shift 2
    if make -s sim "$@" >"$log" 2>&1; then bad "$name (passed, should have failed)"
    elif grep -qF -- "$pattern" "$log"; then ok "$name"
    else bad "$name (no '$pattern' in the output)"; fi
}

# the sequences (TEST=list also lists the nvdla/<name> traces: tested below)
tests=$(make -s sim TEST=list DUT=twin | awk '/^[^ ]/{seq = ($0 == "sequences:")} seq && /^  /{print $1}')
[ -n "$tests" ] || { echo "system_tests: no tests listed"; exit 1; }

for dut in "${duts[@]}"; do
    # build once up front so a build failure shows as one clear line
    if ! make -s sim TEST=list DUT="$dut" >"$log" 2>&1; then bad "build DUT=$dut"; continue; fi
    for t in $tests; do
        expect_pass "$t DUT=$dut"                         TEST="$t" DUT="$dut" SEED=1
        expect_pass "$t DUT=$dut AXI_STALL=50 SEED=7"     TEST="$t" DUT="$dut" SEED=7 AXI_STALL=50
        expect_pass "$t DUT=$dut CSB_GAP=0:3 NPOSTED=1 RD_LATENCY=1:30 AXI_OUTSTANDING=2 SEED=3" \
            TEST="$t" DUT="$dut" SEED=3 CSB_GAP=0:3 NPOSTED=1 RD_LATENCY=1:30 AXI_OUTSTANDING=2
    done
    # every checker rule fires in a full simulation
    make -s sim TEST=sdp_bypass_smoke DUT="$dut" INJECT=list >"$log" 2>&1
    grep -E "^  [a-z0-9-]+ " "$log" | while read -r fault rest; do
        rule=${rest##*checker rule \'}; rule=${rule%\'}
        echo "$fault|$rule"
    done >"$log.faults"
    while IFS='|' read -r fault rule; do
        expect_fail "INJECT=$fault DUT=$dut -> '$rule'" "$rule" \
            TEST=sdp_bypass_smoke DUT="$dut" SEED=1 INJECT="$fault"
    done <"$log.faults"
    rm -f "$log.faults"
    # waves: plain and gzip'd, with the pin names GTKWave will show
    rm -rf "logs/sdp_bypass_smoke/$dut"
    if make -s sim TEST=sdp_bypass_smoke DUT="$dut" SEED=2 WAVES=1 >"$log" 2>&1 &&
       f="logs/sdp_bypass_smoke/$dut/waves.vcd" && [ -s "$f" ] &&
       grep -q 'enddefinitions' "$f" && grep -q ' csb2nvdla_valid ' "$f" &&
       grep -q ' nvdla_core2dbb_w_wdata' "$f" && grep -q ' dla_intr ' "$f"; then
        ok "WAVES=1 DUT=$dut writes a VCD with csb2nvdla_* and nvdla_core2dbb_*"
    else bad "WAVES=1 DUT=$dut"; fi
    if make -s sim TEST=sdp_bypass_smoke DUT="$dut" SEED=2 WAVES=gz WAVES_FROM=20 WAVES_TO=60 >"$log" 2>&1 &&
       f="logs/sdp_bypass_smoke/$dut/waves.vcd.gz" && gzip -t "$f" &&
       zcat "$f" | grep -q ' csb2nvdla_valid '; then
        ok "WAVES=gz DUT=$dut with a cycle window"
    else bad "WAVES=gz DUT=$dut"; fi
    # the watchdog names what is outstanding
    expect_fail "watchdog DUT=$dut" "outstanding on every interface" \
        TEST=sdp_bypass_smoke DUT="$dut" SEED=1 MAX_CYCLES=60
done

# bring your own RTL: a file list, another top (with SRAMIF) and extra flags
if command -v verilator >/dev/null; then
    byo=(TEST=sdp_bypass_smoke DUT=rtl RTL_FILES=rtl_stubs/nvdla/nvdla_stub.f RTL_TOP=NV_nvdla_sramif
         RTL_FLAGS=-DUSER_DEFINE SEED=4 AXI_STALL=20)
    if make -s sim "${byo[@]}" >"$log" 2>&1 && grep -q 'with SRAMIF' "$log" && grep -q '^PASS:' "$log"; then
        ok "RTL_FILES=<.f> RTL_TOP=NV_nvdla_sramif RTL_FLAGS=-D...: SRAMIF found, test passes"
    else bad "bring your own RTL (NV_nvdla_sramif)"; fi
    expect_fail "missing RTL file" "cannot read RTL source" TEST=sdp_bypass_smoke DUT=rtl RTL_FILES=no/such.v
fi

# bad input: one-line reasons, non-zero exits
expect_fail "unknown test" "no test named 'nonexistent'" TEST=nonexistent DUT=twin
expect_fail "malformed knob" "is not a number" TEST=sdp_bypass_smoke DUT=twin AXI_STALL=abc
expect_fail "out-of-range knob" "out of range" TEST=sdp_bypass_smoke DUT=twin AXI_STALL=101
expect_fail "unknown DUT" "DUT must be rtl or twin" TEST=sdp_bypass_smoke DUT=fpga
expect_fail "unknown fault" "unknown fault" TEST=sdp_bypass_smoke DUT=twin INJECT=nosuch

echo "systest: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
