#!/usr/bin/env bash
# fuzz_run.sh: make fuzz's runs (docs/testing.md "Fuzzing"). Each target
# build/fuzz_<t> (libFuzzer) runs SECONDS from a scratch copy of its committed
# seed corpus fuzz/corpus/<t>/ (what it finds stays in the scratch copy, the
# committed corpus stays small), its reproducers fuzz/crashes/<t>/ replayed
# first; a crash is written to fuzz/crashes/<t>/ (libFuzzer's crash-<sha1>,
# leak-, timeout-, oom-). One line per target: executions, exec/s, corpus
# size, and what crashed. fuzz/dict/<t>.dict, when there, is its dictionary. Exit 0, 1 when any target crashed, 2 on bad use.
# Usage: scripts/fuzz/fuzz_run.sh --build DIR --seconds N TARGET...
set -u
build= seconds=
while [ $# -gt 0 ]; do
    case "$1" in
    --build) build=$2; shift 2;;
    --seconds) seconds=$2; shift 2;;
    --*) echo "fuzz_run.sh: unknown option $1" >&2; exit 2;;
    *) break;;
    esac
done
case "$seconds" in ''|*[!0-9]*|0) echo "fuzz_run.sh: --seconds must be a number of seconds above 0, got '$seconds'" >&2; exit 2;; esac
[ -n "$build" ] && [ $# -gt 0 ] || { echo "usage: fuzz_run.sh --build DIR --seconds N TARGET..." >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
crashed=0
total=0
for t in "$@"; do
    bin=$build/fuzz_$t
    # a Python parser's fuzzer (fuzz/fuzz_<t>.py): stdlib, its own mutations,
    # the same stat:: lines; what crashes is saved as crash-<sha1> too
    py=
    [ -f fuzz/fuzz_"$t".py ] && py=fuzz/fuzz_$t.py
    [ -n "$py" ] || [ -x "$bin" ] || { echo "fuzz_run.sh: $bin is not built" >&2; exit 2; }
    scratch=$build/corpus/$t
    crashes=fuzz/crashes/$t
    log=$build/logs/$t.log
    rm -rf "$scratch"
    mkdir -p "$scratch" "$crashes" "$build/logs"
    cp fuzz/corpus/"$t"/* "$scratch"/ 2>/dev/null
    before=$(ls "$crashes" | wc -l)
    # the known reproducers first: one still crashing is this run's crash
    if [ -n "$py" ]; then replay=(python3 "$py" --replay); else replay=("$bin" -close_fd_mask=3); fi
    if [ "$before" -gt 0 ] && ! "${replay[@]}" "$crashes"/* >"$build/logs/$t.replay.log" 2>&1; then
        echo "CRASH $t: a reproducer in $crashes/ still crashes (log $build/logs/$t.replay.log)"
        crashed=1
        continue
    fi
    # -close_fd_mask=3: the parsers' own messages off; libFuzzer's and the
    # sanitizers' reports still go to the log
    dict=()
    [ -f fuzz/dict/"$t".dict ] && dict=(-dict=fuzz/dict/"$t".dict)
    if [ -n "$py" ]; then
        nice python3 "$py" --seconds "$seconds" --corpus "$scratch" --crashes "$crashes" "$scratch" >"$log" 2>&1
    else
        nice "$bin" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
            -close_fd_mask=3 -artifact_prefix="$crashes/" "$scratch" >"$log" 2>&1
    fi
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    units=$(ls "$scratch" | wc -l)
    new=$(ls -t "$crashes" | head -n $(( $(ls "$crashes" | wc -l) - before )))
    total=$((total + ${execs:-0}))
    if [ $rc -ne 0 ] || [ -n "$new" ]; then
        crashed=1
        grep -m 1 -E 'ERROR: (AddressSanitizer|libFuzzer|LeakSanitizer)|runtime error:|SUMMARY:|^CRASH:' "$log" | sed "s/^/CRASH $t: /"
        for f in $new; do echo "CRASH $t: reproducer $crashes/$f   (replay: $bin $crashes/$f)"; done
        [ -n "$new" ] || echo "CRASH $t: exit $rc without a reproducer (log $log)"
        echo "FAIL  $t: ${execs:-?} executions in ${seconds}s (${rate:-?}/s), corpus $units (log $log)"
    else
        rmdir "$crashes" 2>/dev/null
        echo "PASS  $t: ${execs:-?} executions in ${seconds}s (${rate:-?}/s), corpus $units, 0 crashes"
    fi
done
echo "fuzz: $# targets, $total executions, $([ $crashed = 0 ] && echo 0 crashes || echo 'CRASHES: see above')"
exit $crashed
