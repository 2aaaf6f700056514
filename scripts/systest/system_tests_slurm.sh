#!/usr/bin/env bash
# system_tests_slurm.sh: make regress RUNNER=slurm on a one-node Slurm cluster
# on this machine (make test-long; docs/regress-slurm.md).
#   - as root, installs Debian's slurm-wlm and munge when missing (apt-get -y,
#     no prompt); not root: SKIP with the reason;
#   - starts munged, slurmctld and slurmd as plain daemons (no systemd, no
#     cgroups: proctrack/linuxproc) on private state folders, ports and a
#     fresh munge key under a temporary folder, and stops them at the end,
#     also on failure or interrupt;
#   - RUNNER=slurm without Slurm's commands on PATH is refused, exit 2;
#   - the smoke list through make regress RUNNER=slurm: a job array, its id
#     printed, a task output per run, summary.md, junit.xml and results.json
#     as the local runner's, each run with its Slurm task and state and the
#     local `make sim ...` reproduce line;
#   - the same list locally: the verdicts (test, DUT, seed, knobs -> PASS,
#     FAIL or SKIP) are the same run by run;
#   - make hw-harvest RUNNER=slurm: the local harvest's layer lines and cases;
#   - a run that outlives Slurm's time limit is a failure naming TIMEOUT,
#     one whose task is cancelled names CANCELLED, runs never started
#     within SLURM_WAIT are cancelled and fail: never a pass;
#   - rerun-failed RUNNER=slurm runs those failures again on the cluster;
#   - the head stopped while the array runs cancels the job, writes the
#     reports, and fails the runs not finished.
# Sourced by scripts/systest/system_tests.sh (uses ok/bad and $log), or run
# alone (prints "N passed, M failed").
sl_alone=
if ! declare -F ok >/dev/null; then
    set -u
    cd "$(dirname "$0")/../.."
    sl_alone=1 pass=0 fail=0
    log=$(mktemp)
    ok()  { pass=$((pass + 1)); printf 'PASS  %s\n' "$1"; }
    bad() { fail=$((fail + 1)); printf 'FAIL  %s\n' "$1"; sed 's/^/      /' "$log" | tail -n 15; }
fi

sl_have_slurm() { command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v sbatch >/dev/null &&
                  command -v munged >/dev/null; }

# the daemons' pids, ended by sl_stop (EXIT trap)
sl_pids=()
sl_tmp=
sl_stop() {
    local p f
    for f in slurmd slurmctld; do
        [ -n "$sl_tmp" ] && [ -f "$sl_tmp/run/$f.pid" ] && sl_pids+=("$(cat "$sl_tmp/run/$f.pid")")
    done
    [ -n "$sl_tmp" ] && [ -f "$sl_tmp/munge/munged.pid" ] && sl_pids+=("$(cat "$sl_tmp/munge/munged.pid")")
    for p in "${sl_pids[@]}"; do
        [[ "$p" =~ ^[0-9]+$ ]] && kill "$p" 2>/dev/null
    done
    # their own ends take a moment; then nothing of ours is left
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        local alive=0
        for p in "${sl_pids[@]}"; do [[ "$p" =~ ^[0-9]+$ ]] && kill -0 "$p" 2>/dev/null && alive=1; done
        [ $alive = 0 ] && break
        sleep 0.5
    done
    for p in "${sl_pids[@]}"; do [[ "$p" =~ ^[0-9]+$ ]] && kill -9 "$p" 2>/dev/null; done
    [ -n "$sl_tmp" ] && rm -rf "$sl_tmp"
    rm -f "$log"
}

# two free TCP ports on localhost (slurmctld's, slurmd's)
sl_ports() {
    python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(" ".join(str(x.getsockname()[1]) for x in s))'
}

sl_start_cluster() {   # the one-node cluster under $sl_tmp; 0 when its node is idle
    local host ports cport dport
    mkdir -p "$sl_tmp/munge" "$sl_tmp/state" "$sl_tmp/spool" "$sl_tmp/run" "$sl_tmp/log" && chmod 700 "$sl_tmp/munge"
    # a fresh key for this cluster only
    if command -v mungekey >/dev/null; then mungekey --create --keyfile="$sl_tmp/munge/munge.key" >"$log" 2>&1 || return 1
    else dd if=/dev/urandom of="$sl_tmp/munge/munge.key" bs=1024 count=1 2>"$log" || return 1; fi
    chmod 600 "$sl_tmp/munge/munge.key"
    # --force: munged refuses root and a key under /tmp without it
    munged --force --key-file="$sl_tmp/munge/munge.key" --socket="$sl_tmp/munge/munge.socket" \
        --pid-file="$sl_tmp/munge/munged.pid" --log-file="$sl_tmp/log/munged.log" \
        --seed-file="$sl_tmp/munge/munged.seed" >"$log" 2>&1 || { cat "$sl_tmp/log/munged.log" >>"$log" 2>/dev/null; return 1; }
    # a task that must outlive its time limit or be cancelled while it runs:
    # the task prolog holds the array task REGRESS_SYSTEST_SLOW_TASK names
    printf '#!/bin/sh\nif [ -n "${REGRESS_SYSTEST_SLOW_TASK:-}" ] && [ "$REGRESS_SYSTEST_SLOW_TASK" = "${SLURM_ARRAY_TASK_ID:-}" ]; then sleep 200; fi\nexit 0\n' \
        >"$sl_tmp/task_prolog.sh" && chmod 755 "$sl_tmp/task_prolog.sh"
    host=$(hostname -s)
    ports=$(sl_ports) || return 1
    read -r cport dport <<<"$ports"
    cat >"$sl_tmp/slurm.conf" <<EOF
# a one-node cluster for scripts/systest/system_tests_slurm.sh
ClusterName=regresstest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$cport
SlurmdPort=$dport
SlurmUser=$(id -un)
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$sl_tmp/munge/munge.socket
StateSaveLocation=$sl_tmp/state
SlurmdSpoolDir=$sl_tmp/spool/%n
SlurmctldPidFile=$sl_tmp/run/slurmctld.pid
SlurmdPidFile=$sl_tmp/run/slurmd.pid
SlurmctldLogFile=$sl_tmp/log/slurmctld.log
SlurmdLogFile=$sl_tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
# sacct --completion reads it (there is no accounting database)
JobCompType=jobcomp/filetxt
JobCompLoc=$sl_tmp/log/jobcomp.txt
MpiDefault=none
ReturnToService=2
MinJobAge=600
TaskProlog=$sl_tmp/task_prolog.sh
KillWait=5
OverTimeLimit=0
InactiveLimit=0
SlurmctldTimeout=30
SlurmdTimeout=60
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=regress Nodes=localhost Default=YES MaxTime=INFINITE State=UP
# a minute for a job that gives no --time (TIMEOUT=0): the time limit test
PartitionName=short Nodes=localhost MaxTime=1 DefaultTime=1 State=UP
EOF
    export SLURM_CONF=$sl_tmp/slurm.conf
    slurmctld -f "$SLURM_CONF" >"$log" 2>&1 || { cat "$sl_tmp/log/slurmctld.log" >>"$log" 2>/dev/null; return 1; }
    slurmd -f "$SLURM_CONF" -N localhost >>"$log" 2>&1 || { cat "$sl_tmp/log/slurmd.log" >>"$log" 2>/dev/null; return 1; }
    for _ in $(seq 60); do
        if sinfo --noheader --nodes=localhost --format=%t 2>/dev/null | grep -qx 'idle'; then return 0; fi
        sleep 1
    done
    { sinfo; tail -n 20 "$sl_tmp/log/slurmctld.log" "$sl_tmp/log/slurmd.log"; } >>"$log" 2>&1
    return 1
}

# sl_verdicts RESULTS.JSON: a line per run, "name dut seed knobs result", sorted
sl_verdicts() {
    python3 - "$1" <<'EOF'
import json, sys
runs = json.load(open(sys.argv[1]))["runs"]
for r in sorted(runs, key=lambda r: r["n"]):
    print(r["n"], r["name"], r["dut"], r["seed"], " ".join(r["knobs"]), r["result"])
EOF
}

sl_case() {
    # slurmd starts jobs as their users: a cluster of one's own needs root
    if [ "$(id -u)" != 0 ]; then
        if sl_have_slurm; then echo "SKIP  slurm: not root (slurmd, which starts the jobs, runs as root)"
        else echo "SKIP  slurm: Slurm (slurm-wlm, munge) is not installed and this is not root to install it" \
                  "(apt-get install slurm-wlm munge) and start a one-node cluster"; fi
        return 0
    fi
    if ! sl_have_slurm; then
        echo "slurm: installing slurm-wlm and munge (apt-get -y)"
        # no service starts at install (the test starts its own daemons)
        local policy=/usr/sbin/policy-rc.d placed=
        if [ ! -e $policy ]; then printf '#!/bin/sh\nexit 101\n' >$policy && chmod 755 $policy && placed=1; fi
        DEBIAN_FRONTEND=noninteractive apt-get update -qq >"$log" 2>&1 &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge >>"$log" 2>&1
        local rc=$?
        [ -n "$placed" ] && rm -f $policy
        if [ $rc != 0 ] || ! sl_have_slurm; then bad "slurm: apt-get install slurm-wlm munge failed"; return 0; fi
        ok "slurm: slurm-wlm and munge installed"
    fi
    sl_tmp=$(mktemp -d /tmp/regress-slurm.XXXXXX)
    trap sl_stop EXIT
    trap 'exit 130' INT TERM

    # refused without Slurm's commands (a PATH with only python3), before anything runs
    local nopath py
    nopath=$(mktemp -d)
    py=$(python3 -c 'import sys; print(sys.executable)')
    ln -s "$py" "$nopath/python3"
    PATH=$nopath python3 scripts/regress/regress.py --list smoke --runner slurm --out "$sl_tmp/none" >"$log" 2>&1
    local rc=$?
    rm -rf "$nopath"
    if [ $rc = 2 ] && grep -q "RUNNER=slurm needs Slurm's commands sbatch/squeue/sacct" "$log" && [ ! -e "$sl_tmp/none" ]; then
        ok "slurm: RUNNER=slurm without sbatch/squeue/sacct on PATH: refused, exit 2, nothing run"
    else bad "slurm: RUNNER=slurm without Slurm's commands (exit $rc, should be 2 naming them)"; fi

    # the results folder's path goes into sbatch's --output pattern and the batch script
    python3 scripts/regress/regress.py --list smoke --runner slurm --out "$sl_tmp/50%" >"$log" 2>&1
    rc=$?
    if [ $rc = 2 ] && grep -qF "holds '%', which sbatch reads as a file name pattern" "$log" && [ ! -e "$sl_tmp/50%" ]; then
        ok "slurm: a results folder holding '%' refused, exit 2, before anything runs"
    else bad "slurm: a results folder holding '%' (exit $rc, should be 2)"; fi
    nopath=$(mktemp -d)
    ln -s "$py" "$nopath/python3"
    PATH=$nopath python3 scripts/regress/hw_harvest.py --runner slurm --config nv_small >"$log" 2>&1
    rc=$?
    rm -rf "$nopath"
    if [ $rc = 2 ] && grep -q "^hw-harvest: RUNNER=slurm needs Slurm's commands sbatch/squeue/sacct" "$log"; then
        ok "slurm: hw-harvest RUNNER=slurm without Slurm's commands: refused, exit 2"
    else bad "slurm: hw-harvest RUNNER=slurm without Slurm's commands (exit $rc, should be 2 naming them)"; fi

    if ! sl_start_cluster; then bad "slurm: the one-node cluster did not start (munged, slurmctld, slurmd)"; return 0; fi
    ok "slurm: one-node cluster up (munged, slurmctld, slurmd on private folders and ports)"

    # the smoke list on the cluster, then here (the results folder is on the
    # shared filesystem: this machine's /tmp is the node's)
    local sl_out=$sl_tmp/results/slurm lo_out=$sl_tmp/results/local
    make -s regress RUNNER=slurm SLURM_WAIT=1800 REGRESS_DIR="$sl_out" >"$log" 2>&1
    local src=$?
    cp "$log" "$sl_tmp/slurm-run.txt"
    local job
    job=$(sed -n 's/^regress: Slurm job \([0-9]*\): array 0-[0-9]*, .*/\1/p' "$log")
    if [ -n "$job" ] && grep -q '^regress: [0-9]* passed, 0 failed, [0-9]* skipped$' "$log" && [ $src = 0 ]; then
        ok "slurm: make regress RUNNER=slurm (smoke): job $job, $(tail -n 1 "$log" | sed 's/^regress: //')"
    else bad "slurm: make regress RUNNER=slurm (smoke) (exit $src)"; fi
    local f missing=
    for f in summary.md junit.xml results.json; do [ -s "$sl_out/$f" ] || missing+=" $f"; done
    if [ -z "$missing" ] && grep -q "^Slurm job $job " "$sl_out/summary.md" &&
       python3 - "$sl_out/results.json" "$job" >"$log" 2>&1 <<'EOF'
import json, os, sys
res = json.load(open(sys.argv[1]))
assert res["runner"] == "slurm" and res["slurm_job"] == sys.argv[2], (res["runner"], res["slurm_job"])
ran = [r for r in res["runs"] if "slurm" in r]
assert ran, "no run went through Slurm"
for r in ran:
    s = r["slurm"]
    assert s["job"].startswith(sys.argv[2] + "_") and s["state"] == "COMPLETED", s
    assert os.path.isfile(s["output"]), s["output"]
    assert os.path.isfile(r["log"]), r["log"]
    assert r["command"].startswith("make sim ") and "SEED=%d" % r["seed"] in r["command"], r["command"]
    assert "LOG_DIR" not in r["command"], r["command"]
# the batch script: one command, every word a path of ours (shell-quoted where needed)
import shlex
folder = os.path.dirname(os.path.abspath(sys.argv[1]))
lines = [l for l in open(os.path.join(folder, "slurm", "array.sh")) if l.strip() and not l.startswith("#")]
assert len(lines) == 1, lines
w = shlex.split(lines[0])
assert len(w) == 5 and w[0] == "exec" and os.path.isabs(w[1]), w
assert w[2].endswith("/scripts/regress/slurm_runner.py") and w[3:] == ["--task", os.path.join(folder, "slurm", "plan.json")], w
print(len(ran), "runs through Slurm")
EOF
    then ok "slurm: summary.md, junit.xml, results.json; every run its task (${job}_<i>, COMPLETED), output, log and make sim line; the batch script one quoted command"
    else bad "slurm: the reports of the Slurm run (missing:${missing:- none})"; fi

    make -s regress JOBS=2 REGRESS_DIR="$lo_out" >"$log" 2>&1
    if sl_verdicts "$sl_out/results.json" >"$sl_tmp/v-slurm" 2>>"$log" &&
       sl_verdicts "$lo_out/results.json" >"$sl_tmp/v-local" 2>>"$log" &&
       [ -s "$sl_tmp/v-local" ] && diff "$sl_tmp/v-local" "$sl_tmp/v-slurm" >>"$log" 2>&1; then
        ok "slurm: the same verdicts as the local runner, run by run ($(wc -l <"$sl_tmp/v-local") runs)"
    else bad "slurm: verdicts differ from the local run (diff local slurm)"; fi

    # make hw-harvest RUNNER=slurm on the shipped stub: the same layer lines
    # and case folders as the local harvest
    if command -v verilator >/dev/null; then
        local hh=(NVDLA_CONFIG=nv_small SEED=3 LAYER_COUNT=2 ENGINES="sdp conv" MAX_CYCLES=100000)
        make -s hw-harvest "${hh[@]}" RUNNER=slurm HARVEST_DIR="$sl_tmp/hs/nv_small" >"$sl_tmp/hs.txt" 2>&1
        local hrc=$?
        make -s hw-harvest "${hh[@]}" JOBS=2 HARVEST_DIR="$sl_tmp/hl/nv_small" >"$sl_tmp/hl.txt" 2>&1
        grep -E '^(MATCH|MISMATCH|HANG|ABSENT|ERROR) ' "$sl_tmp/hs.txt" | sed "s|$sl_tmp/hs/|H/|g" | sort >"$sl_tmp/hs.lines"
        grep -E '^(MATCH|MISMATCH|HANG|ABSENT|ERROR) ' "$sl_tmp/hl.txt" | sed "s|$sl_tmp/hl/|H/|g" | sort >"$sl_tmp/hl.lines"
        cat "$sl_tmp/hs.txt" >"$log"
        if [ $hrc = 0 ] && grep -q '^hw-harvest: Slurm job [0-9]*: array 0-0 (the first layer alone)' "$log" &&
           grep -q '^hw-harvest: Slurm job [0-9]*: array 0-2 (the other layers)' "$log" &&
           [ "$(wc -l <"$sl_tmp/hl.lines")" = 4 ] && diff "$sl_tmp/hl.lines" "$sl_tmp/hs.lines" >>"$log" 2>&1 &&
           diff -r -x README.md "$sl_tmp/hl/nv_small" "$sl_tmp/hs/nv_small" >>"$log" 2>&1; then
            ok "slurm: make hw-harvest RUNNER=slurm: the local harvest's layer lines and case folders (4 layers)"
        else bad "slurm: make hw-harvest RUNNER=slurm (exit $hrc) differs from the local harvest"; fi
    else
        echo "SKIP  slurm: make hw-harvest RUNNER=slurm: no verilator (the harvest runs the RTL)"
    fi

    # a run that outlives Slurm's time limit: TIMEOUT=0 (no --time, no
    # timeout of the run's own), the partition's minute, its task held by the
    # prolog; in the background while the next check runs
    local t_out=$sl_tmp/results/timeout t_list=$sl_tmp/timeout.txt
    printf 'nvdla/sdp_3x3x33_bs_bn_int8_0 DUT=twin\nnvdla/pdp_8x9x19_3x3_ave_int8_0 DUT=twin\n' >"$t_list"
    REGRESS_SYSTEST_SLOW_TASK=1 SBATCH_PARTITION=short make -s regress RUNNER=slurm TIMEOUT=0 LIST="$t_list" \
        REGRESS_DIR="$t_out" >"$sl_tmp/timeout-run.txt" 2>&1 &
    local tpid=$!

    # a task cancelled from outside while it runs (scancel JOB_5): its run
    # fails naming CANCELLED, the others pass
    local c_out=$sl_tmp/results/cancel j=
    REGRESS_SYSTEST_SLOW_TASK=5 make -s regress RUNNER=slurm DUTS=twin REGRESS_DIR="$c_out" >"$log" 2>&1 &
    local mpid=$!
    for _ in $(seq 3000); do   # (on one CPU, after the held task of the time limit check)
        j=$(sed -n 's/^regress: Slurm job \([0-9]*\): .*/\1/p' "$log")
        [ -n "$j" ] && squeue --noheader --array --jobs="$j" --format='%i %T' 2>/dev/null | grep -q "^${j}_5 RUNNING$" && break
        sleep 0.1
    done
    [ -n "$j" ] && scancel "${j}_5"
    wait $mpid
    if [ -n "$j" ] && python3 - "$c_out/results.json" "$j" >>"$log" 2>&1 <<'EOF'
import json, sys
runs = [r for r in json.load(open(sys.argv[1]))["runs"] if "slurm" in r]
for r in runs:
    if r["slurm"]["job"] == sys.argv[2] + "_5":
        assert r["result"] == "FAIL" and "state CANCELLED" in r["first_failure"], r
    else:
        assert r["result"] in ("PASS", "SKIP") and r["slurm"]["state"] == "COMPLETED", r
assert any(r["slurm"]["job"] == sys.argv[2] + "_5" for r in runs)
EOF
    then ok "slurm: task ${j}_5 cancelled while it ran (scancel): its run FAIL naming CANCELLED, the others pass"
    else bad "slurm: a task cancelled with scancel (job ${j:-not seen})"; fi

    wait $tpid
    rc=$?
    cp "$sl_tmp/timeout-run.txt" "$log"
    # (Slurm may end the held prolog and still start the task, which then
    # writes a result: the run fails all the same, naming the state)
    if [ $rc = 2 ] && grep -q '^regress: 1 passed, 1 failed, 0 skipped$' "$log" &&
       python3 - "$t_out/results.json" >>"$log" 2>&1 <<'EOF'
import json, sys
a, b = json.load(open(sys.argv[1]))["runs"]
assert a["result"] == "PASS" and a["slurm"]["state"] == "COMPLETED", a
assert b["result"] == "FAIL" and b["slurm"]["state"] == "TIMEOUT", b
assert "state TIMEOUT" in b["first_failure"] and b["slurm"]["job"] in b["first_failure"], b
EOF
    then
        ok "slurm: a run past Slurm's time limit (the partition's minute): FAIL naming TIMEOUT, the other passes"
    else bad "slurm: a run past Slurm's time limit (make's exit $rc; should fail naming TIMEOUT)"; fi

    # runs Slurm never runs: the node drained, the wait limit passes, the
    # runner cancels the job: each run fails naming CANCELLED and the limit
    scontrol update NodeName=localhost State=DRAIN Reason=systest >"$log" 2>&1
    local d_out=$sl_tmp/results/drained
    make -s regress RUNNER=slurm SLURM_WAIT=5 LIST=smoke DUTS=twin REGRESS_DIR="$d_out" >"$log" 2>&1
    rc=$?
    scontrol update NodeName=localhost State=RESUME >>"$log" 2>&1
    if [ $rc = 2 ] && grep -q '\] Error 1$' "$log" && grep -q '^regress: 0 passed, [1-9][0-9]* failed, [0-9]* skipped$' "$log" &&
       grep -q 'not finished within the wait limit of 5 s (SLURM_WAIT): job [0-9]* cancelled' "$log" &&
       grep -q "no result from Slurm task [0-9]*_0, state CANCELLED" "$d_out/summary.md" &&
       grep -q '<failure message="no result from Slurm task [0-9]*_0, state CANCELLED' "$d_out/junit.xml"; then
        ok "slurm: runs Slurm never ran (node drained, SLURM_WAIT=5): job cancelled, every run FAIL naming CANCELLED"
    else bad "slurm: the wait limit (should be regress's exit 1 with every run failed, naming CANCELLED)"; fi

    # the node back: its failures again on the cluster, with their seeds (make rerun-failed RUNNER=slurm)
    python3 scripts/regress/regress.py --rerun-failed "$d_out" --runner slurm --out "$sl_tmp/results/rerun" >"$log" 2>&1
    rc=$?
    if [ $rc = 0 ] && grep -q '^regress: rerun-failed of .*, [1-9][0-9]* runs, a Slurm job array, ' "$log" &&
       grep -q '^regress: [1-9][0-9]* passed, 0 failed, [0-9]* skipped$' "$log" &&
       ! sl_verdicts "$sl_tmp/results/rerun/results.json" | awk '{print $NF}' | grep -qv '^\(PASS\|SKIP\)$'; then
        ok "slurm: rerun-failed RUNNER=slurm: the cancelled runs again on the cluster, none fails"
    else bad "slurm: rerun-failed RUNNER=slurm (exit $rc)"; fi

    # the head stopped (SIGTERM, as Ctrl-C) while task 3 is held: the job is
    # cancelled, the reports written, the runs not finished failed
    local i_out=$sl_tmp/results/interrupted ij=
    REGRESS_SYSTEST_SLOW_TASK=3 python3 scripts/regress/regress.py --list smoke --dut twin --runner slurm \
        --out "$i_out" >"$log" 2>&1 &
    local ipid=$!
    for _ in $(seq 3000); do
        ij=$(sed -n 's/^regress: Slurm job \([0-9]*\): .*/\1/p' "$log")
        [ -n "$ij" ] && squeue --noheader --array --jobs="$ij" --format='%i %T' 2>/dev/null | grep -q "^${ij}_3 RUNNING$" && break
        sleep 0.1
    done
    kill -TERM $ipid
    wait $ipid
    rc=$?
    sleep 1
    if [ $rc = 1 ] && [ -n "$ij" ] && grep -q "^regress: interrupted: cancelling Slurm job $ij$" "$log" &&
       [ -z "$(squeue --noheader --jobs="$ij" 2>/dev/null)" ] && grep -q 'not run (interrupted)' "$i_out/summary.md" &&
       ! grep -q '^regress: [0-9]* passed, 0 failed' "$log"; then
        ok "slurm: the head stopped (SIGTERM) while the array runs: job $ij cancelled, reports written, unfinished runs FAIL"
    else bad "slurm: the head stopped while the array runs (exit $rc, job ${ij:-not seen})"; fi
}

if [ -n "$sl_alone" ]; then
    sl_case
    echo "$pass passed, $fail failed"
    [ "$fail" = 0 ]
else
    sl_case
fi
