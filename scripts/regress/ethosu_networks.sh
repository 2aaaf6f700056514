#!/usr/bin/env bash
# make ethosu-networks: every network folder under a folder (recursively: a
# folder holding a *_vela.npz) through `scripts/sim TEST=ethosu/network
# NETWORK=<folder>`, one line per network, then "N passed, N failed, N
# skipped". Usage:
#   scripts/regress/ethosu_networks.sh NETWORKS_DIR [KNOB=value ...]
# The knobs (DUT=, AXI_STALL=, ETHOSU_CONFIG= ...) go to every run; each run
# logs in logs/ethosu_networks/<folder>/<dut>/sim.log.
# Exit status: 0 all passed or skipped, 1 a network failed (or was refused),
# 2 no networks found.
set -u
cd "$(dirname "$0")/../.."
root=${1:-}
shift || true
if [ -z "$root" ] || [ ! -d "$root" ]; then
    echo "make ethosu-networks: NETWORKS=${root:-<empty>} is not a folder (the folder of network folders: each holds a *_vela.npz, input_<i>.npy, expected_<i>.npy)" >&2
    exit 2
fi
dut=twin
for a in "$@"; do case $a in DUT=*) dut=${a#DUT=} ;; esac; done
mapfile -t dirs < <(find "$root" -name '*_vela.npz' -type f -printf '%h\n' | sort -u)
if [ ${#dirs[@]} -eq 0 ]; then
    echo "make ethosu-networks: no network folder (one holding a *_vela.npz) under $root" >&2
    exit 2
fi
pass=0 fail=0 skip=0
for d in "${dirs[@]}"; do
    rel=${d#"$root"}; rel=${rel#/}; [ -n "$rel" ] || rel=$(basename "$d")
    log=logs/ethosu_networks/${rel//\//_}/$dut
    mkdir -p "$log"
    out=$(scripts/sim TEST=ethosu/network NETWORK="$d" LOG_DIR="$log" "$@" 2>&1)
    rc=$?
    case $rc in
    0)  pass=$((pass + 1))
        printf 'PASS  %s  %s\n' "$d" "$(sed -n 's/^PASS: .* on [^,]*, \([0-9]* cycles\), \([0-9.]* s\) .*/\1, \2/p' <<<"$out")" ;;
    77) skip=$((skip + 1))
        printf 'SKIP  %s: %s\n' "$d" "$(grep -m 1 '^SKIP' <<<"$out" | sed 's/^SKIP: [^:]*: //')" ;;
    *)  fail=$((fail + 1))
        why=$(grep -m 1 '^first failure: ' <<<"$out" | sed -E 's/^first failure: //; s/^FAIL cycle ([0-9]+): test sequence: check failed: /cycle \1: /')
        [ -n "$why" ] || why=$(grep -m 1 '^sim: \|^make' <<<"$out")
        [ -n "$why" ] || why="exit status $rc"
        printf 'FAIL  %s: %s (log %s/sim.log)\n' "$d" "$why" "$log"
        [ -f "$log/sim.log" ] || printf '%s\n' "$out" > "$log/sim.log" ;;
    esac
done
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
