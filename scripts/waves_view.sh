#!/usr/bin/env bash
# waves_view.sh LOG_DIR: after a run (make sim, scripts/sim), write the GTKWave
# view of the dump the run left in LOG_DIR (scripts/gtkw.py: groups per
# interface and channel, the failure cycle of sim.log marked) and print its
# path. Nothing to do without a dump; a view is never older than its dump.
# Exit status 2 when the view cannot be written (a full disk): the run's
# outputs are part of its verdict.
set -u
dir=${1:?usage: waves_view.sh LOG_DIR}
dump=
for f in "$dir/waves.fst" "$dir/waves.vcd.gz" "$dir/waves.vcd"; do
    [ -f "$f" ] && { dump=$f; break; }
done
[ -n "$dump" ] || exit 0
view=$dir/waves.gtkw
[ -f "$view" ] && [ "$view" -nt "$dump" ] && exit 0
[ -x scripts/gtkw.py ] || [ -f scripts/gtkw.py ] || exit 0
if python3 scripts/gtkw.py --dump "$dump" --log "$dir/sim.log" --out "$view" >/dev/null 2>"$dir/gtkw.err"; then
    rm -f "$dir/gtkw.err"
    echo "view: $view (gtkwave $view)"
else
    echo "view: could not write $view: $(tail -n 1 "$dir/gtkw.err")" >&2
    rm -f "$view.tmp" "$dir/gtkw.err"
    exit 2
fi
