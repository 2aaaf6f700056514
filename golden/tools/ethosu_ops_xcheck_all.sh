#!/bin/sh
# By-hand cross-check of the Ethos-U65 golden operation models over a folder of Vela-compiled
# corpus networks (not part of make test): builds build/ethosu-ops-xcheck, prepares every
# <corpus>/<name>/ with ethosu_ops_xcheck_prep.py into a scratch folder and runs it.
#   golden/tools/ethosu_ops_xcheck_all.sh sequences/ethosu/networks/ethos-u65-256 [python]
# Exit status 1 when any network's output differs from TensorFlow Lite's.
set -u
corpus=${1:?usage: ethosu_ops_xcheck_all.sh <corpus folder of networks> [python]}
py=${2:-build/ethosu-venv/bin/python}   # make ethosu-venv
make -s build/libsimcore.a || exit 2
cc -std=c11 -O2 -Wall -Wextra -Werror -Igolden golden/tools/ethosu_ops_xcheck_main.c \
    build/libsimcore.a -lz -o build/ethosu-ops-xcheck || exit 2
scratch=$(mktemp -d) || exit 2
trap 'rm -rf "$scratch"' EXIT
fail=0
for d in "$corpus"/*/; do
    n=$(basename "$d")
    if ! "$py" golden/tools/ethosu_ops_xcheck_prep.py "$d" "$scratch/$n" >"$scratch/$n.log" 2>&1; then
        echo "$n: prepare failed: $(tail -n 1 "$scratch/$n.log")"
        fail=1
        continue
    fi
    build/ethosu-ops-xcheck "$scratch/$n" >"$scratch/$n.out" 2>&1 || fail=1
    tail -n 1 "$scratch/$n.out" | sed "s|$scratch/||"
done
exit $fail
