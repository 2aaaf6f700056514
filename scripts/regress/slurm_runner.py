#!/usr/bin/env python3
"""slurm_runner.py: run a campaign's runs as one Slurm job array (RUNNER=slurm).

make regress RUNNER=slurm and make hw-harvest RUNNER=slurm hand their runs
here instead of to their thread pool. The head (the machine running make)
builds everything first, as for a local run; then:

1. it writes, into the results folder, slurm/plan.json (each run: what to
   run, as data) and slurm/array.sh, the batch script, whose only line runs
   this file with --task on the plan: every word in it is a path checked
   for line breaks and shell-quoted, nothing else is in it;
2. it submits the array with sbatch's argument vector (no shell): one array
   task per run, --time the run's timeout plus a margin (Slurm's own
   watchdog), each task's output in slurm/task-<index>.out;
3. each task runs its run as the local runner would (the campaign's own
   function, by name in the plan) and writes slurm/result-<index>.json (a
   temporary name renamed: a result file is whole or absent);
4. the head looks for the result files every 2 s and asks squeue (every 2 s
   at first, every 30 s in a long wait) until no task is left or the wait
   limit passes (then it cancels the job), and asks sacct (scontrol when
   the cluster keeps no accounting) for each task's state.

A run whose task did not end COMPLETED (TIMEOUT, OUT_OF_MEMORY, NODE_FAIL,
CANCELLED, FAILED ...) or left no result is a failure naming Slurm's state,
never a pass. The results folder and the repository (its build/ with the
simulators) must be on a filesystem every node sees at the same path
(docs/regress-slurm.md).

Used as a module (scripts/regress/regress.py, scripts/regress/hw_harvest.py);
`slurm_runner.py --task PLAN` is what each array task runs.
"""
import importlib
import json
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOLS = ("sbatch", "squeue", "sacct", "scontrol", "scancel")
# Slurm's states of a task that did not end by itself (squeue --states, sacct)
ACTIVE = ("PENDING", "RUNNING", "CONFIGURING", "COMPLETING", "SUSPENDED", "REQUEUED", "RESIZING",
          "SIGNALING", "STAGE_OUT", "STOPPED", "REQUEUE_HOLD", "REQUEUE_FED", "RESV_DEL_HOLD")
# seconds Slurm's --time gives a task beyond the run's own timeout (the task
# ends the run itself at the timeout; Slurm's limit is the watchdog of the task)
TIME_MARGIN = 120
POLL = 2.0
# seconds a task that ended COMPLETED has for its result file to show on the
# head (a network filesystem's attribute cache can hide a new file that long)
RESULT_GRACE = 60
# the campaigns whose runs may be named in a plan (the task imports them)
MODULES = ("regress", "hw_harvest")


class SlurmError(Exception):
    pass


def missing_tools():
    """The Slurm commands not on PATH (empty: all there)."""
    return [t for t in TOOLS if shutil.which(t) is None]


def refuse_without_tools(who):
    """None when the Slurm commands are there, else the message of the refusal (exit 2)."""
    gone = missing_tools()
    if not gone:
        return None
    return ("%s: RUNNER=slurm needs Slurm's commands %s on PATH; %s missing (Debian: apt-get install slurm-client; "
            "RUNNER=local runs here)" % (who, "/".join(TOOLS), ", ".join(gone)))


def safe_path(p, what):
    """An absolute path fit for the batch script and sbatch's file patterns."""
    p = os.path.abspath(p)
    if re.search(r"[\x00-\x1f\x7f]", p):
        raise SlurmError("%s %r holds a control character (a line break?): not written into a batch script" % (what, p))
    if "%" in p:
        raise SlurmError("%s %s holds '%%', which sbatch reads as a file name pattern: give another folder" % (what, p))
    return p


def batch_script(plan):
    """The text of the batch script: one line running this file on the plan."""
    words = [safe_path(sys.executable or "/usr/bin/python3", "the Python interpreter"),
             safe_path(os.path.abspath(__file__), "the runner"), "--task", safe_path(plan, "the plan")]
    return ("#!/bin/sh\n"
            "# written by scripts/regress/slurm_runner.py: array task $SLURM_ARRAY_TASK_ID runs\n"
            "# the run of that index in the plan (every word below is quoted)\n"
            "exec %s\n" % " ".join(shlex.quote(w) for w in words))


def time_limit(timeout):
    """sbatch --time for a run of timeout seconds (0: none, the partition's)."""
    if not timeout or timeout <= 0:
        return None
    return str(int(math.ceil((timeout + TIME_MARGIN) / 60.0)))


def run_tool(argv, env=None, timeout=60):
    """(exit status, stdout, stderr) of a Slurm command (argument vector, no shell)."""
    try:
        p = subprocess.run(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, stdin=subprocess.DEVNULL, timeout=timeout)
    except subprocess.TimeoutExpired:
        return 124, "", "%s did not answer within %d s" % (argv[0], timeout)
    except OSError as e:
        return 127, "", "%s: %s" % (argv[0], e.strerror or e)
    return p.returncode, p.stdout, p.stderr


def task_indices(spec):
    """The indices of scontrol's ArrayTaskId (3, 0-21, 1,4-6)."""
    out = []
    for part in spec.split(","):
        a, _, b = part.partition("-")
        if a.isdigit() and (not b or b.isdigit()):
            out += range(int(a), int(b or a) + 1)
    return out


# ---- the task side -----------------------------------------------------------------------
def task_main(plan_path):
    """Runs the plan's run number SLURM_ARRAY_TASK_ID and writes its result."""
    index = os.environ.get("SLURM_ARRAY_TASK_ID", "")
    if not re.fullmatch(r"[0-9]+", index):
        print("slurm_runner: SLURM_ARRAY_TASK_ID is '%s', not an array index (run by sbatch --array?)" % index,
              file=sys.stderr)
        return 2
    with open(plan_path) as f:
        plan = json.load(f)
    i = int(index)
    if i >= len(plan["tasks"]) or plan["module"] not in MODULES:
        print("slurm_runner: no task %d in %s" % (i, plan_path), file=sys.stderr)
        return 2
    os.chdir(ROOT)
    sys.path.insert(0, HERE)
    module = importlib.import_module(plan["module"])
    print("slurm_runner: task %d of job %s_%s on %s: %s" % (
        i, os.environ.get("SLURM_ARRAY_JOB_ID", "?"), index, os.uname().nodename,
        plan["tasks"][i].get("label", "")), flush=True)
    result = module.slurm_task(plan["common"], plan["tasks"][i])
    out = os.path.join(os.path.dirname(os.path.abspath(plan_path)), "result-%d.json" % i)
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        json.dump(result, f)
    os.replace(tmp, out)
    print("slurm_runner: task %d done" % i, flush=True)
    return 0


# ---- the head side -----------------------------------------------------------------------
class ArrayJob:
    """One campaign's job array: submit(), then wait() yields results as they come."""

    def __init__(self, folder, module, common, tasks, name, timeout, wait_limit, max_running=0, env=None,
                 say=print, sub="slurm", tick=None):
        self.folder = safe_path(folder, "the results folder")
        self.dir = os.path.join(self.folder, sub)
        self.module, self.common, self.tasks = module, common, tasks
        self.name = re.sub(r"[^A-Za-z0-9_.-]", "_", name)[:64] or "runs"
        self.timeout, self.wait_limit, self.max_running = timeout, wait_limit, max_running
        self.env, self.say, self.tick = env, say, tick   # tick(): called at each poll (a progress line)
        self.job = None
        self.states = {}

    def output(self, i):
        return os.path.join(self.dir, "task-%d.out" % i)

    def submit(self):
        """Writes the plan and the batch script, submits the array; the job id."""
        if not self.tasks:
            raise SlurmError("no runs to submit")
        os.makedirs(self.dir, exist_ok=True)
        for f in os.listdir(self.dir):   # an earlier submission's results are not this one's
            if f.startswith(("result-", "task-")):
                os.remove(os.path.join(self.dir, f))
        plan = os.path.join(self.dir, "plan.json")
        with open(plan, "w") as f:
            json.dump({"module": self.module, "common": self.common, "tasks": self.tasks}, f, indent=1)
        script = os.path.join(self.dir, "array.sh")
        with open(script, "w") as f:
            f.write(batch_script(plan))
        os.chmod(script, 0o755)
        array = "0-%d" % (len(self.tasks) - 1)
        if self.max_running:
            array += "%%%d" % self.max_running
        argv = ["sbatch", "--parsable", "--job-name=" + self.name, "--array=" + array,
                "--output=" + os.path.join(self.dir, "task-%a.out"), "--chdir=" + ROOT,
                "--ntasks=1", "--cpus-per-task=1", "--export=ALL"]
        limit = time_limit(self.timeout)
        if limit:
            argv.append("--time=" + limit)
        argv.append(script)
        rc, out, err = run_tool(argv, env=self.env)
        m = re.match(r"^([0-9]+)(;\S+)?\s*$", out.strip())
        if rc != 0 or not m:
            why = (err or out).strip()
            if "array" in why.lower():
                why += " (%d tasks: more than the cluster's MaxArraySize? SHARD=k/N splits the runs)" % len(self.tasks)
            raise SlurmError("sbatch refused the job array (exit %d): %s" % (rc, why))
        self.job = m.group(1)
        return self.job

    def result_path(self, i):
        return os.path.join(self.dir, "result-%d.json" % i)

    def left_in_queue(self):
        """The number of the job's tasks squeue still shows, None when squeue failed."""
        rc, out, err = run_tool(["squeue", "--noheader", "--array", "--jobs=" + self.job, "--format=%i %T"],
                                env=self.env)
        if rc != 0:
            # once the job has left the controller's memory squeue calls its id invalid
            return 0 if "Invalid job id" in err else None
        return len([l for l in out.splitlines() if l.strip()])

    def wait(self):
        """Yields (index, result dict or None) as each task's result appears,
        then every task without one; self.states has Slurm's state per index."""
        seen = set()
        t0 = time.time()
        quiet = 0   # polls in a row with no task in the queue
        next_ask = t0   # when to ask squeue next
        cancelled = None
        while True:
            for i in range(len(self.tasks)):
                if i not in seen and os.path.exists(self.result_path(i)):
                    seen.add(i)
                    yield i, self._load(i)
            if len(seen) == len(self.tasks):
                break
            # the controller is asked less often as the wait grows (every 2 s
            # at first, at most every 30 s): a nightly array waits for hours
            if time.time() >= next_ask:
                left = self.left_in_queue()
                quiet = quiet + 1 if left == 0 else 0
                if quiet >= 2:   # gone from the queue twice: no more results will come
                    break
                next_ask = time.time() + (POLL if quiet else min(30.0, max(POLL, (time.time() - t0) / 20)))
            if self.wait_limit and time.time() - t0 > self.wait_limit:
                cancelled = "not finished within the wait limit of %g s (SLURM_WAIT): job %s cancelled" % (
                    self.wait_limit, self.job)
                self.say("slurm: %s" % cancelled)
                self.cancel()
                break
            if self.tick:
                self.tick()
            time.sleep(POLL)
        # a result that came between the last look and the end
        for i in range(len(self.tasks)):
            if i not in seen and os.path.exists(self.result_path(i)):
                seen.add(i)
                yield i, self._load(i)
        self.states = self.task_states()
        # a task COMPLETED whose result the shared filesystem does not show yet
        late = [i for i in range(len(self.tasks)) if i not in seen and self.states.get(i) == "COMPLETED"]
        t_late = time.time()
        while late and time.time() - t_late < RESULT_GRACE:
            time.sleep(POLL)
            for i in list(late):
                if os.path.exists(self.result_path(i)):
                    late.remove(i)
                    seen.add(i)
                    yield i, self._load(i)
        if cancelled:
            for i in range(len(self.tasks)):
                if i not in seen:
                    self.states[i] = "CANCELLED (%s; its state then %s)" % (cancelled, self.states.get(i, "unknown"))
        for i in range(len(self.tasks)):
            if i not in seen:
                yield i, None

    def _load(self, i):
        try:
            with open(self.result_path(i)) as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    def cancel(self):
        if self.job:
            run_tool(["scancel", self.job], env=self.env)

    def task_states(self):
        """{index: Slurm state} from sacct, else scontrol (a cluster without
        accounting keeps finished jobs for MinJobAge seconds)."""
        states = {}
        # the accounting database may lag the end of the job by a moment
        for _ in range(5):
            rc, out, _err = run_tool(["sacct", "--noheader", "--parsable2", "--allocations", "--jobs=" + self.job,
                                      "--format=JobID,State"], env=self.env)
            if rc != 0:
                break
            for line in out.splitlines():
                m = re.match(r"^%s_([0-9]+)\|(\S+)" % re.escape(self.job), line.strip())
                if m:
                    states[int(m.group(1))] = m.group(2)
            if len(states) == len(self.tasks) and not any(s in ACTIVE for s in states.values()):
                return states
            time.sleep(1)
        rc, out, _err = run_tool(["scontrol", "--oneliner", "show", "job", self.job], env=self.env)
        if rc == 0:
            for line in out.splitlines():
                t = re.search(r"\bArrayTaskId=([0-9,-]+)", line)
                s = re.search(r"\bJobState=(\S+)", line)
                if t and s:   # a task of its own, or the tasks not started yet as one record (0-21)
                    for i in task_indices(t.group(1)):
                        states.setdefault(i, s.group(1))
        return states

    def verdict_of_state(self, i):
        """None when task i ended COMPLETED (or its state is unknown but it
        wrote its result), else the reason its run failed, naming the state."""
        state = self.states.get(i)
        if state is None:
            return None
        if state == "COMPLETED":
            return None
        return "Slurm ended task %s_%d with state %s (output %s)" % (self.job, i, state, self.output(i))

    def missing_reason(self, i):
        state = self.states.get(i, "unknown (neither sacct nor scontrol knows the task)")
        return "no result from Slurm task %s_%d, state %s (output %s)" % (self.job, i, state, self.output(i))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--task":
        sys.exit(task_main(sys.argv[2]))
    print("usage: slurm_runner.py --task PLAN (what each Slurm array task runs; see the header)", file=sys.stderr)
    sys.exit(2)
