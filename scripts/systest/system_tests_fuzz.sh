#!/usr/bin/env bash
# system_tests_fuzz.sh: the fuzz targets of fuzz/ (docs/testing.md "Fuzzing").
# Sourced by scripts/systest/system_tests.sh (uses ok/bad and $log), or run
# alone (prints "N passed, M failed"):
#   - make fuzz-replay: every target over its committed corpus, no clang;
#   - a reproducer in fuzz/crashes/<target>/ is replayed by make fuzz-replay
#     (a planted input that crashes the replay build of a scratch target);
#   - make fuzz refuses an unknown FUZZ_TARGETS name and a FUZZ_SECONDS that
#     is no number;
#   (make fuzz itself, with clang and libFuzzer's runtime: system_tests_fuzz_build.sh,
#   a case of make test-long).
fz_alone=
if ! declare -F ok >/dev/null; then
    set -u
    cd "$(dirname "$0")/../.."
    fz_alone=1 pass=0 fail=0
    log=$(mktemp)
    ok()  { pass=$((pass + 1)); printf 'PASS  %s\n' "$1"; }
    bad() { fail=$((fail + 1)); printf 'FAIL  %s\n' "$1"; sed 's/^/      /' "$log" | tail -n 15; }
fi

fz_targets=$(ls fuzz/fuzz_*.c fuzz/fuzz_*.py | sed 's|fuzz/fuzz_||; s|\.c$||; s|\.py$||')
if make -s --no-print-directory fuzz-replay >"$log" 2>&1 &&
   [ "$(grep -c '^PASS  fuzz-replay ' "$log")" -eq "$(echo "$fz_targets" | wc -w)" ]; then
    ok "make fuzz-replay: $(echo $fz_targets | wc -w) targets over their corpus ($(echo $fz_targets))"
else bad "make fuzz-replay: every target over its corpus"; fi

# a planted reproducer: a scratch target that crashes on the byte 'X' must
# fail its replay, which names it
fz_tmp=$(mktemp -d)
mkdir -p "$fz_tmp/corpus" && printf 'ok' >"$fz_tmp/corpus/a" && printf 'X' >"$fz_tmp/crash-planted"
cat >"$fz_tmp/fuzz_planted.c" <<'EOC'
#include <stdint.h>
#include <stdlib.h>
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 1 && data[0] == 'X')
        abort();
    return 0;
}
EOC
if gcc -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L fuzz/replay_main.c "$fz_tmp/fuzz_planted.c" \
       -o "$fz_tmp/replay" >"$log" 2>&1 &&
   "$fz_tmp/replay" "$fz_tmp/corpus" >>"$log" 2>&1 &&
   ! ( "$fz_tmp/replay" "$fz_tmp/corpus" "$fz_tmp/crash-planted"; rc=$?; exit $rc ) >>"$log" 2>&1; then
    ok "fuzz replay: a corpus passes, a crashing reproducer fails"
else bad "fuzz replay: a corpus passes, a crashing reproducer fails"; fi
rm -rf "$fz_tmp"

if ! make -s --no-print-directory fuzz FUZZ_TARGETS=nonesuch >"$log" 2>&1 && grep -q "FUZZ_TARGETS: no target nonesuch" "$log"; then
    ok "make fuzz FUZZ_TARGETS=nonesuch refused, naming it"
else bad "make fuzz FUZZ_TARGETS=nonesuch refused, naming it"; fi
if ! make -s --no-print-directory fuzz FUZZ_SECONDS=5s >"$log" 2>&1 && grep -q "FUZZ_SECONDS: '5s' is not a decimal number" "$log"; then
    ok "make fuzz FUZZ_SECONDS=5s refused"
else bad "make fuzz FUZZ_SECONDS=5s refused"; fi

if [ -n "$fz_alone" ]; then
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
fi
