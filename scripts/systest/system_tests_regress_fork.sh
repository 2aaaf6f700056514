# system_tests_regress_fork.sh: make regress with its runs forked from the
# reset of a server they share (REGRESS_FORK=1, the default; sim --serve)
# gives what a process per run gives (REGRESS_FORK=0): the smoke list's
# verdict, cycles, first failure and reproduce line of every run
# (results.json), and every run's log the same but for the wall-clock time of
# its verdict line and the results folder; and the forked flow did fork.
# make test-long, case regress-fork. Sourced by scripts/systest/system_tests.sh
# (uses ok/bad and $log).
rf_tmp=$(mktemp -d)
for f in 0 1; do
    make -s regress LIST=smoke JOBS=2 REGRESS_FORK=$f REGRESS_DIR="$rf_tmp/r$f" >"$rf_tmp/out$f" 2>&1
    echo "exit $?" >>"$rf_tmp/out$f"
done
cp "$rf_tmp/out1" "$log"
rf_norm() { sed -E -e 's/(cycles), [0-9.]+ s \([0-9]+ cycles\/s\)/\1/' -e "s|$rf_tmp/r[01]/|R/|g" "$1"; }
rf_why=
rf_forked=$(sed -n 's/^regress: \([0-9]*\) of \([0-9]*\) runs forked.*/\1/p' "$rf_tmp/out1")
if ! grep -q '^exit 0$' "$rf_tmp/out0" || ! grep -q '^exit 0$' "$rf_tmp/out1"; then
    rf_why="a regress failed ($(tail -n 2 "$rf_tmp/out0" "$rf_tmp/out1" | tr '\n' ' '))"
elif [ -z "$rf_forked" ] || [ "$rf_forked" -eq 0 ]; then
    rf_why="REGRESS_FORK=1 forked no run ($(grep '^regress: ' "$rf_tmp/out1" | head -n 3 | tr '\n' ' '))"
elif ! python3 - "$rf_tmp/r0/results.json" "$rf_tmp/r1/results.json" >"$log" 2>&1 <<'PY'
import json, sys
runs = [json.load(open(p))["runs"] for p in sys.argv[1:]]
if len(runs[0]) != len(runs[1]) or not runs[0]:
    sys.exit("%d runs against %d" % (len(runs[0]), len(runs[1])))
for a, b in zip(*runs):
    for f in ("target", "dut", "seed", "result", "cycles", "first_failure", "reproduce"):
        if a.get(f) != b.get(f):
            sys.exit("%s %s: %s %r against %r" % (a.get("target"), a.get("dut"), f, a.get(f), b.get(f)))
PY
then
    rf_why="results.json differs: $(tail -n 1 "$log")"
else
    rf_n=0
    for l in "$rf_tmp"/r0/*.log; do
        o=$rf_tmp/r1/${l#"$rf_tmp"/r0/}
        rf_n=$((rf_n + 1))
        diff <(rf_norm "$l") <(rf_norm "$o") >"$log" 2>&1 || { rf_why="${l#"$rf_tmp"/r0/} differs"; break; }
    done
    [ -n "$rf_why" ] || [ "$rf_n" -gt 0 ] || rf_why="no run logs"
fi
if [ -z "$rf_why" ]; then
    ok "make regress LIST=smoke REGRESS_FORK=1 = REGRESS_FORK=0: every run's verdict, cycles, reproduce line and log but its wall time ($rf_n runs, $rf_forked forked)"
else bad "make regress REGRESS_FORK=1 vs 0: $rf_why"; fi
rm -rf "$rf_tmp"
