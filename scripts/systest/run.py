#!/usr/bin/env python3
"""Run the system tests (scripts/systest/system_tests.sh) as independent cases
in parallel.

  scripts/systest/run.py [--jobs N] [--list] [--long] [PATTERN ...]

1. The builds several cases need are made once, up front: the twin, the
   tools, the SystemC/TLM programs (with SystemC) and the Verilated RTL stub
   per family and trace mode (with Verilator). The builds are safe to start
   together anyway (temporary names renamed in place, rtl_build.sh under a
   lock); this only keeps every case from waiting on the same build.
2. The cases (system_tests.sh --list; PATTERNs, fnmatch globs, pick some) run
   with JOBS workers (--jobs, else $JOBS, else the number of cores), the
   longest first (by the last run's times). Each case runs in a process of its
   own with its own logs folder (SIM_LOG_ROOT=logs/systest/<case>/logs) and
   temporary folder (TMPDIR), its output in logs/systest/<case>/case.log.
   Cases marked serial (they touch sources) run alone afterwards. Cases marked
   long are make test-long's: only --long runs them (and only them).
3. One line per case as it ends (PASS, FAIL with its failing checks and the
   log's path, SKIP with the reason), the count of checks, and last exactly one
   line "N passed, N failed, N skipped" (cases).

Exit status: 0 when no case failed, 1 otherwise, 2 when a shared build failed.
Python 3 standard library only.
"""
import argparse
import concurrent.futures
import fnmatch
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = "scripts/systest/system_tests.sh"
OUT = os.path.join("logs", "systest")
TIMES = os.path.join(OUT, "times.json")
# a fresh clone's order: each case's wall time on the 2-core machine (a quiet make test),
# so the longest start first there too; the last run's own times take over
DEFAULT_TIMES = os.path.join(ROOT, "scripts", "systest", "case_times.json")
CHECKS_RE = re.compile(r"^checks: (\d+) passed, (\d+) failed$")

print_lock = threading.Lock()
running = set()   # process groups of the cases running, ended on Ctrl-C


def say(text):
    with print_lock:
        print(text, flush=True)


def have(cmd):
    return shutil.which(cmd) is not None


def have_systemc():
    if os.path.exists("/usr/include/systemc.h"):
        return True
    return subprocess.run(["pkg-config", "--exists", "systemc"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0


def list_cases():
    out = subprocess.run(["bash", SCRIPT, "--list"], capture_output=True, text=True, check=True).stdout
    cases = []   # (name, mode: "" | "serial" | "long")
    for line in out.splitlines():
        words = line.split()
        if words:
            cases.append((words[0], words[1] if len(words) > 1 else ""))
    return cases


def run_quiet(argv, what):
    """One build step; its output only when it fails."""
    t0 = time.time()
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        say("FAIL  build: %s (exit %d)\n%s" % (what, p.returncode, p.stdout.rstrip()))
        return False
    say("built %s (%.1f s)" % (what, time.time() - t0))
    return True


def prebuild(jobs):
    """The builds several cases share, before any case starts."""
    make = ["make", "-s", "--no-print-directory"]
    if not run_quiet(make + ["deps"], "deps"):
        return False
    # the Makefile's BUILD: sanitizer builds (SAN=1 from a calling make or the environment) live apart
    san = os.environ.get("SAN") or re.search(r"(^| )SAN=[^ ]", os.environ.get("MAKEFLAGS", ""))
    build = "build-san" if san else "build"
    progs = [build + p for p in ("/sim-twin", "/ethosu-cmd", "/mlw-decode", "/mlw-encode", "/gen-layers")]
    if have_systemc() and not san:   # (the SystemC harness refuses SAN)
        progs += [build + "/sim-twin-sc", build + "/tlm-platform"]
    if not run_quiet(make + ["-j%d" % jobs] + progs, "the twin and the tools (%s)" % " ".join(progs)):
        return False
    if not have("verilator"):
        return True
    # the RTL stub per family, trace mode and harness (make sim-argv builds what a run needs)
    variants = [("nvdla", ["TEST=sdp_bypass_smoke"]), ("ethosu", ["TEST=ethosu/run_dma_stream"]),
                ("nvdla, VCD tracing", ["TEST=sdp_bypass_smoke", "WAVES_ON_FAIL=1"]),
                ("ethosu, VCD tracing", ["TEST=ethosu/run_dma_stream", "WAVES_ON_FAIL=1"])]
    if have_systemc() and not san:
        variants += [("nvdla, SystemC", ["TEST=sdp_bypass_smoke", "HARNESS=systemc"]),
                     ("ethosu, SystemC", ["TEST=ethosu/run_dma_stream", "HARNESS=systemc"]),
                     ("nvdla, SystemC, VCD tracing", ["TEST=sdp_bypass_smoke", "HARNESS=systemc", "WAVES_ON_FAIL=1"])]
    tmp = tempfile.mkdtemp(prefix="systest-prebuild-")
    try:
        def one(i_v):
            i, (what, knobs) = i_v
            return run_quiet(make + ["sim-argv", "DUT=rtl", "LOG_DIR=%s/%d" % (tmp, i)] + knobs,
                             "the RTL stub (%s)" % what)
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
            return all(list(ex.map(one, enumerate(variants))))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def case_dir(name):
    return os.path.join(OUT, name.replace(":", "_").replace("/", "_"))


def run_case(name):
    """(name, status PASS|FAIL|SKIP, checks passed, checks failed, seconds, log path)"""
    d = case_dir(name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(os.path.join(d, "logs"))
    log = os.path.join(d, "case.log")
    tmp = tempfile.mkdtemp(prefix="systest-%s-" % name.replace(":", "_"))
    env = dict(os.environ, SIM_LOG_ROOT=os.path.join(d, "logs"), TMPDIR=tmp)
    t0 = time.time()
    try:
        with open(log, "w") as f:
            p = subprocess.Popen(["bash", SCRIPT, "--case", name], stdout=f, stderr=subprocess.STDOUT,
                                 env=env, start_new_session=True)
            running.add(p.pid)
            # wait4: the case's CPU time too (its processes and all they waited for)
            _, status, usage = os.wait4(p.pid, 0)
            p.returncode = rc = os.waitstatus_to_exitcode(status)
            running.discard(p.pid)
            cpu = usage.ru_utime + usage.ru_stime
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    secs = time.time() - t0
    with open(log, errors="replace") as f:
        text = f.read()
    npass = nfail = 0
    for line in text.splitlines():
        m = CHECKS_RE.match(line)
        if m:
            npass, nfail = int(m.group(1)), int(m.group(2))
    status = "SKIP" if rc == 77 else "PASS" if rc == 0 and nfail == 0 else "FAIL"
    return name, status, npass, nfail, secs, log, rc, text, cpu


def report(result):
    name, status, npass, nfail, secs, log, rc, text, cpu = result
    if status == "PASS":
        say("PASS  %-22s %4d checks %7.1f s  (cpu %.1f s)" % (name, npass, secs, cpu))
    elif status == "SKIP":
        why = [l[6:] for l in text.splitlines() if l.startswith("SKIP  ")]
        say("SKIP  %-22s %s" % (name, "; ".join(why) or "nothing to check here"))
    else:
        # the failing checks with their detail (the indented lines after each)
        lines, keep = [], False
        for l in text.splitlines():
            if l.startswith("FAIL  "):
                keep = True
            elif not l.startswith("      "):
                keep = False
            if keep:
                lines.append("    " + l)
        if not lines:   # it ended otherwise: its last lines
            lines = ["    " + l for l in text.splitlines()[-30:]]
        say("FAIL  %-22s %4d checks, %d failed, exit %d, %.1f s (log %s)\n%s"
            % (name, npass + nfail, nfail, rc, secs, log, "\n".join(lines)))


def main():
    ap = argparse.ArgumentParser(description="the system tests as parallel cases (see the header)")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS") or os.cpu_count() or 1))
    ap.add_argument("--list", action="store_true", help="list the cases and end")
    ap.add_argument("--no-prebuild", action="store_true", help="the cases build what they need themselves")
    ap.add_argument("--long", action="store_true", help="make test-long's cases (and only those)")
    ap.add_argument("patterns", nargs="*", help="cases to run (globs; default all)")
    args = ap.parse_args()
    os.chdir(ROOT)
    cases = [c for c in list_cases() if (c[1] == "long") == args.long]
    if args.patterns:
        cases = [c for c in cases if any(fnmatch.fnmatchcase(c[0], p) for p in args.patterns)]
        if not cases:
            print("run.py: no case matches %s (--list lists them)" % " ".join(args.patterns), file=sys.stderr)
            return 2
    if args.list:
        for name, mode in cases:
            print(name + ("   (%s)" % mode if mode else ""))
        return 0
    jobs = max(1, args.jobs)
    t0 = time.time()
    os.makedirs(OUT, exist_ok=True)
    if not args.no_prebuild and not prebuild(jobs):
        print("0 passed, %d failed, 0 skipped" % len(cases))
        return 2
    last = {}
    for path in (DEFAULT_TIMES, TIMES):
        try:
            with open(path) as f:
                last.update(json.load(f))
        except (OSError, ValueError):
            pass
    parallel = [c[0] for c in cases if c[1] != "serial"]
    serial = [c[0] for c in cases if c[1] == "serial"]
    # the longest first, so the last to end is a short one (stable: list order otherwise)
    # (a case not timed yet counts as long; stable: list order otherwise)
    parallel.sort(key=lambda n: -last.get(n, float("inf")))
    say("systest: %d cases, %d workers" % (len(cases), jobs))
    results = []
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
            for r in ex.map(lambda n: report_and_keep(run_case(n), results), parallel):
                pass
        for n in serial:
            report_and_keep(run_case(n), results)
    except KeyboardInterrupt:
        for pid in list(running):
            try:
                os.killpg(pid, signal.SIGTERM)
            except OSError:
                pass
        raise
    last.update({r[0]: round(r[4], 1) for r in results})
    with open(TIMES, "w") as f:
        json.dump(last, f, indent=1, sort_keys=True)
    npass = sum(r[1] == "PASS" for r in results)
    nfail = sum(r[1] == "FAIL" for r in results)
    nskip = sum(r[1] == "SKIP" for r in results)
    say("systest: %d checks passed, %d failed, in %.0f s, cpu %.0f s in the cases (logs: %s/<case>/case.log)"
        % (sum(r[2] for r in results), sum(r[3] for r in results), time.time() - t0, sum(r[8] for r in results), OUT))
    say("%d passed, %d failed, %d skipped" % (npass, nfail, nskip))
    return 1 if nfail else 0


def report_and_keep(result, results):
    report(result)
    with print_lock:
        results.append(result)
    return result


if __name__ == "__main__":
    sys.exit(main())
