#!/usr/bin/env bash
# sim_logged.sh LOG_DIR [FILE...] -- COMMAND [ARG...]: one simulator run of
# `make sim` and scripts/sim, its whole output (header first) also in
# LOG_DIR/sim.log. The command is an argument vector, run as it is: no word of
# it is read by a shell again.
# - One run per folder: a second run of the same test (same LOG_DIR) while one
#   is running is refused with exit 2, naming the other run (its pid and
#   command); two runs writing one sim.log interleave (issue 27). The lock is
#   flock(1) on LOG_DIR/.sim.lock: the kernel drops it when the run ends, even
#   killed, so no stale lock is left to clear by hand.
# - The old sim.log and the FILEs (the last run's waves) are removed first, so
#   nothing old looks current; a log that cannot be written (an unwritable
#   folder, a full disk) fails the run with exit 2, the path and the reason,
#   whatever the simulator said.
# Exit status: the simulator's, or 2 as above. The GTKWave view of a dump is
# written under the lock (scripts/waves_view.sh).
set -u
usage="usage: sim_logged.sh LOG_DIR [FILE...] -- COMMAND [ARG...]"
dir=${1:?$usage}
shift
files=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do files+=("$1"); shift; done
[ "${1:-}" = -- ] && [ $# -ge 2 ] || { echo "sim_logged.sh: $usage" >&2; exit 2; }
shift
cmd=("$@")
fail() { echo "make sim: $*" >&2; exit 2; }

why=$(mkdir -p -- "$dir" 2>&1) || fail "cannot create the log folder $dir: ${why##*: }"
lock=$dir/.sim.lock
if ! { exec 9>>"$lock"; } 2>/dev/null; then fail "cannot write $lock: the log folder $dir is not writable"; fi
if ! flock -n 9; then
    other=$(head -n 1 "$lock" 2>/dev/null)
    fail "another run is writing the log folder $dir (${other:-its pid unknown}): wait for it, or give this run its own LOG_DIR=<folder>"
fi
# who holds the lock, for the message of a run refused meanwhile
printf 'pid %s, since %s: %s\n' "$$" "$(date +%H:%M:%S)" "${cmd[*]}" >"$lock" 2>/dev/null

log=$dir/sim.log
for f in sim.log ${files[@]+"${files[@]}"}; do
    why=$(rm -f -- "$dir/$f" 2>&1) || fail "cannot remove the last run's $dir/$f: ${why##*: }"
done
why=$( (: >"$log") 2>&1) || fail "cannot write $log: ${why##*: }"

"${cmd[@]}" 2>&1 | tee "$log"
st=("${PIPESTATUS[@]}")
rc=${st[0]}
# tee goes on to the terminal when the file fails (a full disk): the verdict does not count
[ "${st[1]}" = 0 ] || fail "$log was not written in full (tee exited ${st[1]}): the verdict above is not recorded, the run fails"
scripts/waves_view.sh "$dir"
exit "$rc"
