#!/usr/bin/env bash
# system_tests_fuzz_build.sh: make fuzz end to end, a case of make test-long
# (building every target with clang, ASan and UBSan costs more CPU than make
# test's five minutes allow; the nightly list also runs make fuzz in full):
#   - with clang and libFuzzer's runtime installed: make fuzz FUZZ_SECONDS=2 on
#     two targets prints executions per target and 0 crashes (else SKIP).
# Sourced by scripts/systest/system_tests.sh (uses ok/bad and $log), or run
# alone (prints "N passed, M failed").
fb_alone=
if ! declare -F ok >/dev/null; then
    set -u
    cd "$(dirname "$0")/../.."
    fb_alone=1 pass=0 fail=0
    log=$(mktemp)
    ok()  { pass=$((pass + 1)); printf 'PASS  %s\n' "$1"; }
    bad() { fail=$((fail + 1)); printf 'FAIL  %s\n' "$1"; sed 's/^/      /' "$log" | tail -n 15; }
fi

# libFuzzer itself: only where clang and its runtime are (make fuzz installs
# them as root; the system tests do not)
if scripts/build/fuzz_deps.sh --check >/dev/null 2>&1; then
    if make -s --no-print-directory fuzz FUZZ_SECONDS=2 FUZZ_TARGETS="npy trace_dat" >"$log" 2>&1 &&
       grep -qE '^PASS  npy: [0-9]+ executions in 2s' "$log" && grep -qE '^PASS  trace_dat: [0-9]+ executions' "$log" &&
       grep -q '^fuzz: 2 targets, [0-9]* executions, 0 crashes' "$log"; then
        ok "make fuzz FUZZ_SECONDS=2: executions per target, 0 crashes"
    else bad "make fuzz FUZZ_SECONDS=2: executions per target, 0 crashes"; fi
else
    echo "SKIP  make fuzz FUZZ_SECONDS=2: clang and libFuzzer's runtime are not installed (make fuzz installs them as root)"
fi


if [ -n "$fb_alone" ]; then
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
fi
