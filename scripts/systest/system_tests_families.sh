#!/usr/bin/env bash
# system_tests_families.sh: the third family, the copy engine that follows
# docs/families.md (sim/copyeng, sequences/copyeng with its entry copyeng_main.c).
# Sourced by scripts/systest/system_tests.sh (uses ok/bad/expect_* and $log), or
# run alone (prints "N passed, M failed"):
#   - copyeng/copy passes on the twin, with knobs, on the SystemC harness;
#   - DUT=rtl is refused with the reason; INJECT is refused (no faults);
#   - a broken variant (a copy of the tree whose twin writes one byte too
#     far) fails naming the byte check.
cf_alone=
if ! declare -F ok >/dev/null; then
    set -u
    cd "$(dirname "$0")/../.."
    cf_alone=1 pass=0 fail=0
    log=$(mktemp)
    ok()  { pass=$((pass + 1)); printf 'PASS  %s\n' "$1"; }
    bad() { fail=$((fail + 1)); printf 'FAIL  %s\n' "$1"; sed 's/^/      /' "$log" | tail -n 15; }
    expect_pass() {
        local name=$1; shift
        if make -s sim "$@" >"$log" 2>&1 && grep -q '^PASS:' "$log"; then ok "$name"; else bad "$name"; fi
    }
    expect_fail() {
        local name=$1 pattern=$2; shift 2
        if make -s sim "$@" >"$log" 2>&1; then bad "$name (passed, should have failed)"
        elif grep -qF -- "$pattern" "$log"; then ok "$name"
        else bad "$name (no '$pattern' in the output)"; fi
    }
fi

expect_pass "copyeng/copy DUT=twin" TEST=copyeng/copy DUT=twin SEED=1
expect_pass "copyeng/copy DUT=twin AXI_STALL=50 RD_LATENCY=1:30 SEED=7" TEST=copyeng/copy DUT=twin SEED=7 AXI_STALL=50 RD_LATENCY=1:30
if [ -e /usr/include/systemc.h ]; then
    expect_pass "copyeng/copy DUT=twin HARNESS=systemc" TEST=copyeng/copy DUT=twin HARNESS=systemc SEED=1
fi
expect_fail "copyeng/copy DUT=rtl refused" "the copy engine has no RTL" TEST=copyeng/copy DUT=rtl
expect_fail "copyeng/copy INJECT refused" "the copyeng family has no faults to inject" TEST=copyeng/copy DUT=twin INJECT=ar-unaligned
make -s sim TEST=list DUT=twin >"$log" 2>&1
if grep -q '^  copyeng/copy ' "$log"; then ok "TEST=list lists copyeng/copy"; else bad "TEST=list lists copyeng/copy"; fi

# the broken variant: the twin writes at DST + 1
cf_tmp=$(mktemp -d)
# timestamps kept and the objects taken along: only the broken file recompiles
cp -a Makefile mk golden bfm sim sequences scripts "$cf_tmp/"
if [ -d build/obj ]; then mkdir -p "$cf_tmp/build" && cp -a build/obj "$cf_tmp/build/"; fi
sed -i 's/axi_manager_write(t->m, t->dst, t->len, t->buf);/axi_manager_write(t->m, t->dst + 1, t->len, t->buf);/' \
    "$cf_tmp/sim/copyeng/copyeng_twin.c"
if ! grep -q 't->dst + 1' "$cf_tmp/sim/copyeng/copyeng_twin.c"; then bad "copyeng broken variant: the sed found nothing to break"
elif ! (cd "$cf_tmp" && nice make -s build/sim-twin) >"$log" 2>&1; then bad "copyeng broken variant builds"
else
    "$cf_tmp/build/sim-twin" --test copyeng/copy --dut twin --seed 1 --out-dir "$cf_tmp/out" >"$log" 2>&1
    rc=$?
    if [ "$rc" -eq 1 ] && grep -q '^FAIL: copyeng/copy on twin' "$log" && grep -q 'byte at DST + offset' "$log"; then
        ok "copyeng broken variant (writes at DST + 1) fails naming the byte"
    else bad "copyeng broken variant (writes at DST + 1) fails naming the byte (exit $rc)"; fi
fi
rm -rf "$cf_tmp"

if [ -n "$cf_alone" ]; then
    rm -f "$log"
    echo "system_tests_families: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
fi
