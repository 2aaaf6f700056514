#!/usr/bin/env bash
# conformance.sh: run every NVDLA trace of a folder through `make sim`
# (scripts/sim, which keeps the simulator's exit status) and print one line
# per test, "PASS|FAIL|SKIP  name  cycles  wall-seconds", then "N passed,
# M failed, K skipped". A failure adds its reason (Verilator's own %Error
# line when the model stopped), a skip why (a unit the configuration leaves
# out; RUN_ABSENT=1 runs it anyway). Each subfolder <name>/ holding
# <name>/<name>.cfg (or exactly one .cfg) is one test. The output of each run
# is kept in logs/nvdla_<name>/<dut>/sim.log next to its CRC dumps (and,
# with WAVES_ON_FAIL=N among the knobs, a failure's waves and view).
# Usage: scripts/conformance.sh [--traces DIR] [--dut twin|rtl] [--filter GLOB]
#                               [--max-cycles N] [-- KNOB=value ...]
#        scripts/conformance.sh --list [--traces DIR]     (the nvdla/<name> tests)
# Exit: 0 none failed (skips allowed), 1 some failed, 2 bad input.
set -u
cd "$(dirname "$0")/.."
traces=../shared/testdata/nvdla-traces/nv_small dut=twin filter='*' max_cycles=3000000 list=0
while [ $# -gt 0 ]; do
    case $1 in
        --traces) traces=$2; shift 2 ;;
        --dut) dut=$2; shift 2 ;;
        --filter) filter=$2; shift 2 ;;
        --max-cycles) max_cycles=$2; shift 2 ;;
        --list) list=1; shift ;;
        --) shift; break ;;
        *) echo "conformance: unknown argument '$1' (see the header of $0)" >&2; exit 2 ;;
    esac
done
knobs=("$@")

# the .cfg of one trace folder, or nothing
cfg_of() {
    local d=${1%/} name
    name=$(basename "$d")
    if [ -f "$d/$name.cfg" ]; then echo "$d/$name.cfg"; return; fi
    local all=("$d"/*.cfg)
    [ ${#all[@]} -eq 1 ] && [ -f "${all[0]}" ] && echo "${all[0]}"
}

if [ ! -d "$traces" ]; then
    if [ "$list" = 1 ]; then echo "nvdla traces: none ($traces is not a folder; set NVDLA_TRACES)"; exit 0; fi
    echo "conformance: $traces is not a folder (TRACES=dir)" >&2
    exit 2
fi

if [ "$list" = 1 ]; then
    echo "nvdla traces in $traces (make sim TEST=nvdla/<name>):"
    for d in "$traces"/*/; do
        name=$(basename "$d")
        cfg=$(cfg_of "$d")
        if [ -f "$d/$name.cfg" ]; then printf '  nvdla/%-40s NVDLA trace %s\n' "$name" "$cfg"
        elif [ -n "$cfg" ]; then printf '  %-46s NVDLA trace (run with TRACE=%s)\n' "-" "$cfg"; fi
    done
    exit 0
fi

pass=0 fail=0 skip=0 found=0
for d in "$traces"/*/; do
    name=$(basename "$d")
    # shellcheck disable=SC2053
    [[ $name == $filter ]] || continue
    cfg=$(cfg_of "$d")
    [ -n "$cfg" ] || continue
    found=$((found + 1))
    logdir=logs/nvdla_$name/$dut
    # `make conformance HARNESS=systemc` passes HARNESS down: log where make sim does
    [ -n "${HARNESS:-}" ] && [ "$HARNESS" != c ] && logdir=$logdir-$HARNESS
    mkdir -p "$logdir"
    log=$logdir/sim.log
    t0=$(date +%s.%N)
    # scripts/sim writes the run's output to $log (LOG_DIR/sim.log) itself
    scripts/sim TRACE="$cfg" LOG_DIR="$logdir" DUT="$dut" MAX_CYCLES="$max_cycles" "${knobs[@]}" >/dev/null 2>&1
    rc=$?
    t1=$(date +%s.%N)
    secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
    result=$(grep -E '^(PASS|FAIL): ' "$log" | tail -n 1)
    cycles=$(sed -nE 's/.* ([0-9]+) cycles.*/\1/p' <<<"$result")
    if [ $rc -eq 0 ] && [[ $result == PASS:* ]]; then
        pass=$((pass + 1))
        printf 'PASS  %-40s %10s  %7s\n' "$name" "${cycles:--}" "$secs"
    elif [ $rc -eq 77 ] && grep -q '^SKIP: ' "$log"; then
        skip=$((skip + 1))
        printf 'SKIP  %-40s %10s  %7s\n' "$name" - "$secs"
        printf '      %s\n' "$(grep -m1 '^SKIP: ' "$log" | sed 's/^SKIP: [^:]*: //')"
    else
        fail=$((fail + 1))
        printf 'FAIL  %-40s %10s  %7s\n' "$name" "${cycles:--}" "$secs"
        # the model's own error line first (a $fatal, a Verilator runtime error)
        why=$(grep -m1 -E '^%(Error|Fatal)' "$log" || grep -m1 -E '^(first failure: |sim: |make sim: |rtl_build: |make: )' "$log" ||
              tail -n 1 "$log")
        [ -z "$why" ] && why="no output, exit status $rc"
        printf '      %s (log: %s)\n' "${why#first failure: }" "$log"
        # WAVES_ON_FAIL=N: the view of the failure's last N cycles
        [ "$logdir/waves.gtkw" -nt "$log" ] && printf '      waves: gtkwave %s\n' "$logdir/waves.gtkw"
    fi
done
if [ "$found" -eq 0 ]; then
    echo "conformance: no trace folder matching '$filter' in $traces" >&2
    exit 2
fi
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
