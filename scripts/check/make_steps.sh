#!/usr/bin/env bash
# make_steps.sh [--name NAME] STEP...: the steps of `make test` (or NAME), each `make STEP`, one after
# another; the first that fails ends the run (as make would). At the end, also
# after a failure, where the time went: a line per step with its seconds, and
# the total. Exit status: that of the failing step, else 0.
# MAKE: the make to run (the calling make's $(MAKE)).
set -u
make=${MAKE:-make}
name="make test"
[ "${1:-}" = --name ] && { name=$2; shift 2; }
now() { local t=${EPOCHREALTIME/./}; echo "${t#0}"; }
secs() { printf '%d.%d' $(($1 / 1000000)) $(($1 % 1000000 / 100000)); }
names=() took=() rc=0
t_start=$(now)
for step in "$@"; do
    t0=$(now)
    "$make" --no-print-directory "$step"; rc=$?
    names+=("$step") took+=($(( $(now) - t0 )))
    [ "$rc" = 0 ] || break
done
total=$(( $(now) - t_start ))
echo
echo "$name: where the time went$([ "$rc" = 0 ] || echo " (stopped: ${names[-1]} failed)")"
for i in "${!names[@]}"; do
    printf '  %-30s %7s s\n' "${names[$i]}" "$(secs "${took[$i]}")"
done
printf '  %-30s %7s s\n' total "$(secs "$total")"
exit "$rc"
