#!/usr/bin/env bash
# bench_harvest.sh: make hw-harvest's layers per CPU-second, a process per
# layer (HARVEST_FORK=0, the flow before sim --serve) against the layers
# forked from one reset per worker (HARVEST_FORK=1), same RTL, seed, layers
# and jobs, one after the other; the verdict counts of both must agree.
#   scripts/bench/bench_harvest.sh [--new "KNOB=value ..."] [make hw-harvest knobs ...]
#   e.g. scripts/bench/bench_harvest.sh NVDLA_RTL=nv_small SEED=41 LAYER_COUNT=40 JOBS=2
# --new: knobs of the forked run only (e.g. "RESET_IDLE=10000": its layers
# start after the CBUF flush, which its snapshot then holds), against
# today's flow with the knobs as given.
# CPU time is user + system of the whole make (generation, the RTL check,
# every simulator and the runner), from /usr/bin/time's children accounting.
# The harvests go to build/bench-harvest/fork<0|1>/<config>, their logs to
# build/bench-harvest/logs<0|1>. Exit 1 when the two flows' counts differ.
set -u
cd "$(dirname "$0")/../.."
new=()
if [ "${1:-}" = --new ]; then
    read -r -a new <<<"${2:-}"
    shift 2 || { echo "bench_harvest: --new takes the knobs" >&2; exit 2; }
fi
for a in ${new[@]+"${new[@]}"} "$@"; do
    [[ $a =~ ^[A-Z_][A-Z0-9_]*= ]] || { echo "bench_harvest: '$a' is not KEY=value" >&2; exit 2; }
    case $a in HARVEST_FORK=*|HARVEST_DIR=*) echo "bench_harvest: $a is the bench's own" >&2; exit 2 ;; esac
done
config=nv_small
for a in "$@"; do
    case $a in NVDLA_RTL=*) config=${a#NVDLA_RTL=} ;; NVDLA_CONFIG=*) config=${a#NVDLA_CONFIG=} ;; esac
done
[[ $config =~ ^[A-Za-z0-9_]+$ ]] || { echo "bench_harvest: bad configuration '$config'" >&2; exit 2; }
out=build/bench-harvest
mkdir -p "$out"
declare -A rate counts
for f in 0 1; do
    rm -rf "$out/logs$f"
    extra=()
    [ "$f" = 1 ] && extra=(${new[@]+"${new[@]}"})
    t0=$(date +%s.%N)
    SIM_LOG_ROOT=$out/logs$f /usr/bin/time -f "%U %S" -o "$out/time$f" \
        make -s --no-print-directory hw-harvest "$@" ${extra[@]+"${extra[@]}"} \
        HARVEST_FORK=$f HARVEST_DIR="$out/fork$f/$config" \
        >"$out/harvest$f.log" 2>&1
    rc=$?
    t1=$(date +%s.%N)
    line=$(grep '^hw-harvest: [0-9]* layers:' "$out/harvest$f.log" | tail -1)
    [ -n "$line" ] || { echo "bench_harvest: HARVEST_FORK=$f failed (exit $rc): $out/harvest$f.log" >&2; tail -5 "$out/harvest$f.log" >&2; exit 1; }
    n=$(sed -E 's/^hw-harvest: ([0-9]+) layers:.*/\1/' <<<"$line")
    cpu=$(awk '{print $1 + $2}' "$out/time$f")
    rate[$f]=$(awk -v n="$n" -v c="$cpu" 'BEGIN { printf "%.1f", (c > 0 ? n / c : 0) }')
    counts[$f]=$(sed -E 's/^hw-harvest: [0-9]+ layers: ([^;]*);.*/\1/' <<<"$line")
    printf 'HARVEST_FORK=%s%s: %s layers, %.1f CPU-s, %.1f s wall, %s layers per CPU-second (%s)\n' \
        "$f" "${extra[*]:+ ${extra[*]}}" "$n" "$cpu" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" "${rate[$f]}" "${counts[$f]}"
done
printf 'ratio: %sx the layers per CPU-second (load average: %s)\n' \
    "$(awk -v a="${rate[1]}" -v b="${rate[0]}" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')" \
    "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
[ "${counts[0]}" = "${counts[1]}" ] || { echo "bench_harvest: the verdict counts differ" >&2; exit 1; }
