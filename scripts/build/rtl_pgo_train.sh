#!/usr/bin/env bash
# rtl_pgo_train.sh SIMV: the training runs of a profile-guided RTL build
# (RTL_PGO=1, scripts/build/rtl_build.sh). The instrumented simulator SIMV
# runs random layers of every engine, as make hw-harvest writes them
# (build/gen-layers, seed 1, PGO_LAYERS of each, default 4) for NVDLA_CONFIG
# (default nv_small); each run writes its profile counts beside the model's
# objects when it ends. A layer the RTL computes otherwise, or that hangs
# (its watchdog ends it), still trains: only a run that leaves no verdict,
# or no layer run at all, fails the training (exit 1).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
simv=${1:?usage: rtl_pgo_train.sh SIMV}
config=${NVDLA_CONFIG:-nv_small}
count=${PGO_LAYERS:-4}
[[ $count =~ ^[1-9][0-9]?$ ]] || { echo "rtl_pgo_train: PGO_LAYERS='$count': 1 to 99" >&2; exit 1; }
[ -x "$simv" ] || { echo "rtl_pgo_train: no simulator $simv" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rtl_pgo.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
"$root/build/gen-layers" --out "$tmp/layers" --count "$count" --seed 1 --engine all --nvdla-config "$config" \
    >"$tmp/gen.log" 2>&1 || { echo "rtl_pgo_train: gen-layers failed:"; cat "$tmp/gen.log"; exit 1; }
runs=0 verdicts=0
t0=$(date +%s)
for d in "$tmp"/layers/*/; do
    name=$(basename "$d")
    runs=$((runs + 1))
    mkdir -p "$tmp/runs/$name"
    # a run's own watchdog ends a hang; timeout only guards a model that stops answering
    timeout 600 "$simv" --test "nvdla/$name" --dut rtl --seed 1 --nvdla-config "$config" --trace "$d/$name.cfg" \
        --out-dir "$tmp/runs/$name" \
        >"$tmp/run.log" 2>&1
    if grep -qE '^(PASS|FAIL): ' "$tmp/run.log"; then
        verdicts=$((verdicts + 1))
    else
        echo "rtl_pgo_train: $name left no verdict:"; tail -n 5 "$tmp/run.log"
    fi
done
echo "rtl_pgo_train: $verdicts of $runs layers ($config, $count of each engine, seed 1) trained the profile in $(($(date +%s) - t0)) s"
[ "$runs" -gt 0 ] && [ "$verdicts" = "$runs" ]
