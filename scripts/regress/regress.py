#!/usr/bin/env python3
"""regress.py: the nightly regression runner (make regress / make rerun-failed).

Expands a test list into runs (test x DUT x seed), runs each one as
`make sim` would, but starting the simulator directly (scripts/regress/simrun.py: one
make per kind of run builds and checks, none per run), JOBS at a time (a
thread pool, a per-run timeout that kills the whole process group), prints
live progress and writes, into the results folder:
one log per run (<n>_<name>_<dut>_<seed>.log), results.json, junit.xml and
summary.md. The last line is `regress: N passed, M failed, K skipped`; a
skipped run (a trace needing a unit the configuration leaves out: its SKIP
line says which; RUN_ABSENT=1 runs it) is a JUnit <skipped> with that reason.
Exit 0 when no run failed, 1 otherwise, 2 on bad input.

Usage:
  scripts/regress/regress.py --list smoke|nightly|FILE [--seeds N] [--dut twin|rtl|both]
                     [--jobs N] [--timeout S] [--shard k/N] [--out DIR] [--san]
                     [--dry-run] [--keep] [--knob KEY=value ...]
  scripts/regress/regress.py --rerun-failed DIR [--jobs N] [--timeout S] [--out DIR] ...
  ... [--runner local|slurm] [--slurm-wait S] [--slurm-max-running N] [--fork 0|1]
--fork 1 (make regress, REGRESS_FORK=1, the default): the local runner runs the runs that
share a command line but for the test forked from one reset of one long-lived simulator
(`sim --serve`, scripts/regress/simserve.py), as make hw-harvest does; a run the server
cannot take runs as a process of its own. Logs, verdicts and reproduce lines are a fresh
run's. --fork 0: a process per run.
--runner slurm (make regress RUNNER=slurm) runs the simulations as one Slurm job
array instead of JOBS threads, with the same reports and verdicts
(scripts/regress/slurm_runner.py, docs/regress-slurm.md).

List format (scripts/regress/lists/*.txt), one entry per line, `#` starts a comment:
  NAME [DUT=twin|rtl|both] [SEEDS=n] [KNOB=value ...]
NAME is anything `make sim TEST=...` accepts (a sequence, nvdla/<trace>,
ethosu/<name>), or
  TRACE=path          one generated trace (.cfg or its folder), run on the twin
  TRACES=dir          every trace folder in dir (as scripts/regress/conformance.py);
                      a missing dir is a failed entry (MISSING="text" sets its message)
  @sequences          every sequence of `make sim TEST=list` (on rtl only those
                      without [needs ...], unless RTL_FILES is set)
  @ethosu             every ethosu/<name> sequence but those with [needs ...] (ethosu/network: by name, with NETWORK=)
  @nvdla              every nvdla/<trace> of NVDLA_TRACES
Default DUT: both for sequences and ethosu tests, twin for traces. `--dut`
restricts every entry to that DUT. SEEDS=n runs seeds 1..n (default --seeds);
SEED=s in an entry fixes one seed. A line that expands to no runs (say a
sequence the shipped stub cannot run, with DUT=rtl) is an error naming the
line, or with EMPTY=skip a skipped JUnit case saying why. Other KEY=value words are passed to make
(AXI_STALL=50, RD_LATENCY=1:30, CSB_GAP=0:3, MAX_CYCLES=..., HARNESS=systemc|tlm): names of the
knob table (docs/knobs.md) in its syntax and character set, else the line is an error (file:line,
the nearest name) before anything runs; --knob likewise. LOG_DIR (each run's folder is the
runner's) and make's settings of other targets or of the build (JOBS, LIST, TIMEOUT, CFLAGS ...)
are refused on a line: a run would ignore them. SEEDS is at most 100000.
--knob KEY=value adds a knob to every run, over the list's own value
(make regress WAVES_ON_FAIL=200: each failing run comes with waves of its last
200 cycles and a GTKWave view, named in the failure report).
"""
import argparse
import concurrent.futures
import datetime
import fnmatch
import glob
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET

# the knob table's reader lives beside the table (scripts/gen/)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gen"))
import knobs as knob_table  # noqa: E402
import simrun  # noqa: E402
import simserve  # noqa: E402
import slurm_runner  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LISTS = os.path.join(ROOT, "scripts", "regress", "lists")
DUTS = ("twin", "rtl")
# variables of `make sim` an outer make may have put in the environment:
# never let them leak into the runs (RTL_FILES/RTL_TOP/RTL_FLAGS/NVDLA_TRACES stay)
SIM_VARS = ("TEST TRACE DUT HARNESS SEED SEEDS AXI_STALL RD_LATENCY WR_LATENCY AXI_OUTSTANDING AXI_REORDER "
            "CSB_GAP NPOSTED MAX_CYCLES WAVES WAVES_FROM WAVES_TO SRAMIF INJECT VERBOSE SAN LOG_DIR "
            "PLUSARGS RESET_CYCLES RESET_IDLE NVDLA_CONFIG RUN_ABSENT PROG_CHECK ALLOW_NO_CHECK MEM_LIMIT AXI_MAX_WAIT REG_MAX_WAIT CLOCK_PERIOD WAVES_ON_FAIL "
            "LIST JOBS SHARD TIMEOUT DUTS REGRESS_DIR TRACES FILTER MAKEFLAGS MFLAGS MAKELEVEL "
            "MAKEOVERRIDES GNUMAKEFLAGS").split()
SAN_PATTERNS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:")


# the knob table: list lines and --knob take its names, in its syntax
KNOB_ROWS = knob_table.load()
# seeds a line (SEEDS=) or --seeds may ask for: the run list is built in memory
MAX_SEEDS = 100000


def not_of_a_run(key):
    """None, or why a list line's KEY= is no setting of one run: LOG_DIR (each
    run's folder is the runner's) and make's settings of other targets or of the
    build (JOBS, LIST, CFLAGS ...), which a run would silently ignore."""
    if key == "LOG_DIR":
        return "LOG_DIR: each run's folder is the runner's (give REGRESS_DIR= on make's command line)"
    row = next((r for r in KNOB_ROWS if r["make"] == key), None)
    if row and row["kind"] == "make" and (row["applies"].startswith("make ") or row["applies"] in ("build", "install")):
        return "%s: a setting of %s, not of one run: give it on make's command line" % (key, row["applies"])
    return None


class ListError(Exception):
    pass


def clean_env(san):
    env = {k: v for k, v in os.environ.items() if k not in SIM_VARS}
    if san:
        env["SAN"] = "1"  # also on the command line; harmless here
        env.setdefault("ASAN_OPTIONS", "detect_leaks=1")
        env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
    return env


def make_base(san):
    return ["make", "-s", "--no-print-directory", "-C", ROOT, "sim"] + (["SAN=1"] if san else [])


# ---- the catalogue of `make sim TEST=list` -----------------------------------------
def catalogue(env, san):
    """{'sequences': [(name, needs)], 'ethosu': [...], 'nvdla': [...]} from TEST=list."""
    p = subprocess.run(make_base(san) + ["TEST=list", "DUT=twin"], cwd=ROOT, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if p.returncode != 0:
        raise ListError("make sim TEST=list DUT=twin failed:\n" + p.stdout)
    cat = {"sequences": [], "ethosu": [], "nvdla": []}
    section = None
    for line in p.stdout.splitlines():
        if not line.startswith(" "):
            low = line.lower()
            section = ("sequences" if line.strip() == "sequences:" else
                       "ethosu" if low.startswith("ethos-u65 sequences") else
                       "nvdla" if low.startswith("nvdla traces") else None)
            continue
        words = line.split()
        if section and words and words[0] != "-":
            cat[section].append((words[0], "[needs " in line))
    return cat


def parse_list(path):
    """[(lineno, kind, target, opts dict, knobs list)] of a list file."""
    entries = []
    seen = {}   # a line's words -> the line that had them first
    # bytes that are not UTF-8 come through as surrogates, refused on their line below
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        for no, raw in enumerate(f, 1):
            try:
                raw.encode("utf-8")
            except UnicodeEncodeError:
                raise ListError("%s:%d: not UTF-8 text" % (path, no))
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            try:
                words = shlex.split(line)
            except ValueError as e:
                raise ListError("%s:%d: %s" % (path, no, e))
            # the same runs twice under one JUnit name, which CI tools merge
            if tuple(words) in seen:
                raise ListError("%s:%d: the same line as line %d (its runs would repeat under the same names): "
                                "remove one, or give SEED=/SEEDS= to run other seeds" % (path, no, seen[tuple(words)]))
            seen[tuple(words)] = no
            head, rest = words[0], words[1:]
            opts, knobs = {}, []
            for w in rest:
                if "=" not in w:
                    raise ListError("%s:%d: '%s' is not KEY=value" % (path, no, w))
                k, v = w.split("=", 1)
                if k in ("DUT", "SEEDS", "SEED", "MISSING", "EMPTY"):
                    opts[k] = v
                    continue
                # a knob of the table (scripts/gen/regdefs/knobs.csv), in its syntax
                why = knob_table.check_word(w, KNOB_ROWS)
                if why:
                    raise ListError("%s:%d: %s" % (path, no, why))
                why = not_of_a_run(k)
                if why:
                    raise ListError("%s:%d: %s" % (path, no, why))
                knobs.append("%s=%s" % (k, v))
            if opts.get("DUT", "both") not in ("twin", "rtl", "both"):
                raise ListError("%s:%d: DUT must be twin, rtl or both" % (path, no))
            if opts.get("EMPTY", "skip") != "skip":
                raise ListError("%s:%d: EMPTY takes only 'skip'" % (path, no))
            for k in ("SEEDS", "SEED"):
                # ASCII digits only: str.isdigit() also takes '²', which int() refuses
                if k in opts and not (opts[k].isascii() and opts[k].isdigit()):
                    raise ListError("%s:%d: %s must be a number" % (path, no, k))
            if "SEEDS" in opts and not 1 <= int(opts["SEEDS"]) <= MAX_SEEDS:
                raise ListError("%s:%d: SEEDS=%s: from 1 to %d seeds a line" % (path, no, opts["SEEDS"], MAX_SEEDS))
            if head.startswith("TRACE="):
                kind, target = "trace", head[6:]
            elif head.startswith("TRACES="):
                kind, target = "traces", head[7:]
            elif head in ("@sequences", "@ethosu", "@nvdla"):
                kind, target = head[1:], None
            elif head.startswith("@"):
                raise ListError("%s:%d: unknown directive %s" % (path, no, head))
            elif "=" in head:
                raise ListError("%s:%d: the first word must be a test name, TRACE= or TRACES=" % (path, no))
            else:
                kind, target = "test", head
            entries.append((no, kind, target, opts, knobs))
    return entries


def resolve_list(arg):
    if os.path.isfile(arg):
        return arg
    p = os.path.join(LISTS, arg + ".txt")
    if os.path.isfile(p):
        return p
    raise ListError("no list '%s' (neither a file nor scripts/regress/lists/%s.txt)" % (arg, arg))


def rel(p):
    """p relative to the repository when inside it (make runs from there), else absolute."""
    if not os.path.isabs(p):
        return p
    r = os.path.relpath(p, ROOT)
    return p if r.startswith("..") else r


def expand(entries, cat, args, src):
    """The ordered run list plus skipped-run notes."""
    runs, notes = [], []
    have_rtl_user = bool(os.environ.get("RTL_FILES"))
    needs = {n for n, nd in cat["sequences"] if nd}
    seqs = [n for n, _ in cat["sequences"]]

    def seeds_of(opts):
        if "SEED" in opts:
            return [int(opts["SEED"])]
        return list(range(1, int(opts.get("SEEDS", args.seeds)) + 1))

    def duts_of(opts, default):
        d = opts.get("DUT", default)
        ds = list(DUTS) if d == "both" else [d]
        if args.dut != "both":
            ds = [x for x in ds if x == args.dut]
        return ds

    def add(name, kind, target, opts, knobs, default_dut, where):
        for dut in duts_of(opts, default_dut):
            if dut == "rtl" and kind == "test" and name in needs and not have_rtl_user:
                continue  # the shipped stub cannot run it (rtl_stubs/nvdla/README.md)
            for seed in seeds_of(opts):
                runs.append({"name": name, "kind": kind, "target": target, "dut": dut,
                             "seed": seed, "knobs": list(knobs), "where": where})

    for no, kind, target, opts, knobs in entries:
        where = "%s:%d" % (rel(src), no)
        before = len(runs)
        if kind == "test":
            default = "twin" if target.startswith("nvdla/") else "both"
            add(target, "test", target, opts, knobs, default, where)
        elif kind == "sequences":
            for n in seqs:
                add(n, "test", n, opts, knobs, "both", where)
        elif kind == "ethosu":
            # a test that needs an argument (ethosu/network: NETWORK=) is listed by name only
            for n, nd in cat["ethosu"]:
                if not nd:
                    add(n, "test", n, opts, knobs, "both", where)
        elif kind == "nvdla":
            for n, _ in cat["nvdla"]:
                add(n, "test", n, opts, knobs, "twin", where)
        elif kind == "trace":
            cfg = target if not os.path.isdir(os.path.join(ROOT, target)) else (simrun.cfg_of(os.path.join(ROOT, target)) or target)
            name = "nvdla/" + os.path.splitext(os.path.basename(cfg.rstrip("/")))[0]
            add(name, "trace", target, opts, knobs, "twin", where)
        elif kind == "traces":
            d = os.path.join(ROOT, target)
            folders = sorted(glob.glob(os.path.join(d, "*", ""))) if os.path.isdir(d) else []
            found = 0
            for f in folders:
                cfg = simrun.cfg_of(f)
                if not cfg:
                    continue
                found += 1
                add("%s/%s" % (os.path.basename(target.rstrip("/")), os.path.basename(f.rstrip("/"))),
                    "trace", rel(cfg), opts, knobs, "twin", where)
            if not found:
                msg = opts.get("MISSING") or ("%s: no trace folders (not a folder or empty)" % target)
                mdut = opts.get("DUT", "twin")
                mdut = "twin" if mdut == "both" else mdut
                if args.dut in ("both", mdut):
                    runs.append({"name": "TRACES=" + target, "kind": "missing", "target": target,
                                 "dut": mdut, "seed": 0, "knobs": list(knobs),
                                 "where": where, "message": msg, "opts": opts})
        line_dut = opts.get("DUT", "twin" if kind in ("trace", "traces", "nvdla") or
                            (kind == "test" and target.startswith("nvdla/")) else "both")
        if len(runs) == before and args.dut != "both" and line_dut not in ("both", args.dut):
            continue   # left out by --dut on purpose
        if len(runs) == before:
            why = "expands to no runs (%s)" % (
                "a test the shipped RTL stub cannot run, on DUT=rtl" if kind in ("test", "sequences")
                else "nothing matched")
            if opts.get("EMPTY") != "skip":
                raise ListError("%s: %s; EMPTY=skip on the line reports it as skipped instead" % (where, why))
            runs.append({"name": target or "@" + kind, "kind": "empty", "target": target, "dut": opts.get("DUT", "-"),
                         "seed": 0, "knobs": list(knobs), "where": where, "message": "%s: %s" % (where, why)})
    return runs, notes


# ---- one run ---------------------------------------------------------------------
def with_knobs(knobs, extra):
    """knobs with each KEY=value of extra set (replacing the same KEY)."""
    keys = {k.split("=", 1)[0] for k in extra}
    return [k for k in knobs if k.split("=", 1)[0] not in keys] + list(extra)


def stem(run):
    # zero-padded: the logs of a results folder sort in run order
    return "%04d_%s_%s_%d" % (run["n"], re.sub(r"[^A-Za-z0-9_.-]+", "_", run["name"]), run["dut"], run["seed"])


def command(run, args, workdir):
    cmd = make_base(args.san)
    if run["kind"] == "trace":
        cmd.append("TRACE=" + run["target"])
    else:
        cmd.append("TEST=" + run["target"])
    cmd += ["DUT=" + run["dut"], "SEED=%d" % run["seed"]] + run["knobs"]
    if workdir:
        cmd.append("LOG_DIR=" + workdir)
    return cmd


def user_command(run, args):
    """The command a user types to reproduce the run (no LOG_DIR, no -C)."""
    if run["kind"] == "missing":
        return "scripts/regress/conformance.py --traces %s --dut twin" % shlex.quote(run["target"])
    if run["kind"] == "empty":
        return "(list line %s)" % run["where"]
    words = ["make", "sim"] + (["SAN=1"] if args.san else [])
    words += command(run, args, None)[len(make_base(args.san)):]
    return " ".join(shlex.quote(w) for w in words)


RESULT_RE = re.compile(r"^(PASS|FAIL): ")
SKIP_RE = re.compile(r"^SKIP: [^:]*: (.*)$")
# the model's own error line first (a $fatal, a Verilator runtime error), then ours
WHY_RE = re.compile(r"^(%Error|%Fatal|first failure: |FAIL|sim: |make sim: |make: |rtl_build: |ERROR|.*runtime error:|"
                    r".*AddressSanitizer|.*LeakSanitizer|test: )")


def analyse(run, text, rc, timed_out, args):
    lines = text.splitlines()
    result_line = ""
    for l in lines:
        if RESULT_RE.match(l):
            result_line = l
    m = re.search(r"(\d+) cycles", result_line)
    run["cycles"] = int(m.group(1)) if m else None
    run["result_line"] = result_line
    views = [l.split()[1] for l in lines if l.startswith("view: ") and len(l.split()) > 1]
    if views:
        run["view"] = rel(views[-1])
    repro = [l[len("reproduce: "):] for l in lines if l.startswith("reproduce: ")]
    san_hit = args.san and any(p in text for p in SAN_PATTERNS)
    ok = rc == 0 and result_line.startswith("PASS:") and not timed_out and not san_hit
    skip = next((m.group(1) for m in map(SKIP_RE.match, lines) if m), None)
    run["result"] = "PASS" if ok else "FAIL"
    run["rc"] = rc
    if ok:
        run["first_failure"] = ""
        return
    if rc in (0, 77) and skip and not result_line and not timed_out and not san_hit:
        run["result"] = "SKIP"
        run["first_failure"] = ""
        run["skip_reason"] = skip
        return
    why = ""
    if timed_out:
        why = "timeout after %g s" % args.timeout
    elif san_hit:
        why = next(l.strip() for l in lines if any(p in l for p in SAN_PATTERNS))
    else:
        why = next((l for l in lines if l.startswith("%Error") or l.startswith("%Fatal")), "")
        for l in lines:
            if why:
                break
            if l.startswith("first failure: "):
                why = l[len("first failure: "):]
        if not why:
            why = next((l for l in lines if WHY_RE.match(l)), "")
        if not why:
            why = next((l for l in reversed(lines) if l.strip()), "no output, exit status %s" % rc)
            if rc == 0 and not result_line:
                why = "no PASS/FAIL line in the output (exit 0): " + why
    run["first_failure"] = why.strip()
    # the simulator's reproduce line omits some knobs (INJECT, SAN, ...): keep ours too
    run["reproduce"] = ("make " + repro[-1][len("make "):]) if repro else run["command"]
    if repro and repro[-1] != run["command"]:
        run["reproduce_sim"] = repro[-1]
        run["reproduce"] = run["command"]


PROCS = {}
PROCS_LOCK = threading.Lock()
STOP = threading.Event()
SERVERS = None   # the local runner's simserve.Pool (--fork 1), else None


def execute(run, args, env):
    log = os.path.join(args.out, stem(run) + ".log")
    run["log"] = log
    run["command"] = user_command(run, args)
    if run["kind"] == "empty":
        with open(log, "w") as f:
            f.write(run["message"] + "\n")
        run.update(result="SKIP", rc=None, cycles=None, wall=0.0, first_failure="", skip_reason=run["message"],
                   reproduce=run["command"])
        return run
    if run["kind"] == "missing" or run.get("not_run"):
        msg = run.get("message") or run.get("not_run")
        with open(log, "w") as f:
            f.write(msg + "\n")
        run.update(result="FAIL", rc=None, cycles=None, wall=0.0, first_failure=msg,
                   reproduce=run.get("reproduce") or run["command"])
        return run
    if STOP.is_set():
        run.update(result="FAIL", rc=None, cycles=None, wall=0.0, first_failure="interrupted",
                   reproduce=run["command"])
        return run
    workdir = os.path.join(args.out, "work", stem(run))
    tmpl = TEMPLATES[template_key(run)]
    trace = run["target"] if run["kind"] == "trace" else None
    test, trace, err = simrun.resolve(None if trace else run["target"], trace, tmpl.nvdla_traces)
    t0 = time.time()
    timed_out = False
    if err:
        rc, text = 2, err + "\n"
    else:
        cmd = simrun.argv(tmpl, test, trace, run["dut"], run["seed"], workdir)

        mine = []

        def started(p):   # a signal to regress stops it (on_signal)
            mine.append(p)
            with PROCS_LOCK:
                PROCS[p.pid] = p
        rc, text, timed_out = simrun.run(tmpl, test, trace, run["dut"], run["seed"], workdir, env=env,
                                         timeout=args.timeout if args.timeout > 0 else None, started=started,
                                         server=SERVERS)
        with PROCS_LOCK:
            for p in mine:
                PROCS.pop(p.pid, None)
        if timed_out:
            text += "\nregress: timeout after %g s: process group killed\n" % args.timeout
    log_err = None
    try:
        with open(log, "w") as f:
            f.write("# %s\n# exact: %s\n%s" % (run["command"], "-" if err else " ".join(shlex.quote(c) for c in cmd),
                                              text))
    except OSError as e:
        log_err = "cannot write the run's log %s: %s" % (log, e.strerror or e)
    run["wall"] = round(time.time() - t0, 2)
    analyse(run, text, rc, timed_out, args)
    if log_err:   # a run whose log is not there did not pass
        run.update(result="FAIL", first_failure=log_err)
    if STOP.is_set() and run["result"] == "FAIL":
        run["first_failure"] = "interrupted"
    if run["result"] != "FAIL" and not args.keep:
        subprocess.run(["rm", "-rf", workdir])
    else:
        run["workdir"] = workdir
    return run


# ---- reports ----------------------------------------------------------------------
def xml_text(s):
    return re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", "?", str(s))


def write_junit(path, runs, suite_name, elapsed):
    fails = sum(r["result"] == "FAIL" for r in runs)
    skips = sum(r["result"] == "SKIP" for r in runs)
    suites = ET.Element("testsuites", name="regress", tests=str(len(runs)), failures=str(fails),
                        errors="0", skipped=str(skips), time="%.2f" % elapsed)
    suite = ET.SubElement(suites, "testsuite", name=xml_text(suite_name), tests=str(len(runs)),
                          failures=str(fails), errors="0", skipped=str(skips), time="%.2f" % elapsed,
                          timestamp=datetime.datetime.now().isoformat(timespec="seconds"))
    names = set()
    for r in runs:
        cls = "regress.%s.%s" % (r["dut"], re.sub(r"[^A-Za-z0-9_.-]+", "_", r["name"].replace("/", ".")))
        name = "%s dut=%s seed=%d%s" % (r["name"], r["dut"], r["seed"],
                                       "".join(" " + k for k in r["knobs"]))
        # two lines that expand to the same run (@sequences and its test by
        # name): each testcase keeps its own name, the list line tells them apart
        if (cls, name) in names:
            name += " [%s]" % r.get("where", "")
            base, k = name, 2
            while (cls, name) in names:
                name, k = "%s #%d" % (base, k), k + 1
        names.add((cls, name))
        tc = ET.SubElement(suite, "testcase", classname=xml_text(cls), name=xml_text(name),
                           time="%.2f" % (r.get("wall") or 0.0))
        if r["result"] == "SKIP":
            ET.SubElement(tc, "skipped", message=xml_text(r.get("skip_reason", "")))
        elif r["result"] != "PASS":
            fe = ET.SubElement(tc, "failure", message=xml_text(r.get("first_failure", "")), type="FAIL")
            body = ["first failure: " + r.get("first_failure", ""), "reproduce: " + r.get("reproduce", "")]
            if r.get("reproduce_sim"):
                body.append("simulator's reproduce line: " + r["reproduce_sim"])
            body.append("log: " + r.get("log", ""))
            if r.get("view"):
                body.append("waves: gtkwave " + r["view"])
            fe.text = xml_text("\n".join(body))
        ET.SubElement(tc, "system-out").text = xml_text("log: %s\n%s" % (r.get("log", ""), r.get("result_line", "")))
    tree = ET.ElementTree(suites)
    tree.write(path, encoding="utf-8", xml_declaration=True)


def md_cell(s):
    return str(s).replace("|", "\\|").replace("\n", " ")


def write_summary(path, runs, title, elapsed, where=None):
    p = sum(r["result"] == "PASS" for r in runs)
    sk = sum(r["result"] == "SKIP" for r in runs)
    out = ["# Regression %s" % title, ""] + ([where, ""] if where else []) + [
           "%d runs: %d passed, %d failed, %d skipped, %.1f s" % (len(runs), p, len(runs) - p - sk, sk, elapsed), "",
           "| # | test | dut | seed | knobs | result | cycles | wall s | first failure |",
           "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in runs:
        out.append("| %d | %s | %s | %d | %s | %s | %s | %.2f | %s |" % (
            r["n"], md_cell(r["name"]), r["dut"], r["seed"], md_cell(" ".join(r["knobs"])), r["result"],
            r["cycles"] if r.get("cycles") is not None else "-", r.get("wall") or 0.0,
            md_cell(r.get("first_failure", "") or r.get("skip_reason", ""))))
    fails = [r for r in runs if r["result"] == "FAIL"]
    if fails:
        out += ["", "## Failures", ""]
        for r in fails:
            out += ["- `%s` %s seed %d: %s" % (r["name"], r["dut"], r["seed"], md_cell(r.get("first_failure", ""))),
                    "  - reproduce: `%s`" % r.get("reproduce", ""),
                    "  - log: `%s`" % rel(r.get("log", ""))]
            if r.get("view"):
                out.append("  - waves: `gtkwave %s`" % r["view"])
    skipped = [r for r in runs if r["result"] == "SKIP"]
    if skipped:
        out += ["", "## Skipped", ""]
        out += ["- `%s` %s seed %d: %s" % (r["name"], r["dut"], r["seed"], md_cell(r.get("skip_reason", "")))
                for r in skipped]
    out += ["", "**Total: %d passed, %d failed, %d skipped**" % (p, len(runs) - p - sk, sk), ""]
    with open(path, "w") as f:
        f.write("\n".join(out))


# ---- progress ----------------------------------------------------------------------
class Progress:
    def __init__(self, total):
        self.total, self.done, self.passed, self.failed, self.skipped = total, 0, 0, 0, 0
        self.t0 = time.time()
        self.tty = sys.stdout.isatty()
        self.lock = threading.Lock()
        self.width = max(len(str(total)), 1)

    def status(self):
        return "[%d/%d] pass %d fail %d skip %d elapsed %ds" % (self.done, self.total, self.passed, self.failed,
                                                                self.skipped, time.time() - self.t0)

    def finished(self, r):
        with self.lock:
            self.done += 1
            if r["result"] == "PASS":
                self.passed += 1
            elif r["result"] == "SKIP":
                self.skipped += 1
            else:
                self.failed += 1
            cyc = str(r["cycles"]) if r.get("cycles") is not None else "-"
            line = "%s  %-44s %-4s seed %-3d %10s cycles %7.2f s" % (
                r["result"], r["name"] + "".join(" " + k for k in r["knobs"]), r["dut"], r["seed"], cyc,
                r.get("wall") or 0.0)
            if r["result"] == "SKIP":
                line += "\n      %s" % r.get("skip_reason", "")
            elif r["result"] != "PASS":
                line += "\n      %s\n      reproduce: %s\n      log: %s" % (
                    r.get("first_failure", ""), r.get("reproduce", ""), rel(r["log"]))
                if r.get("view"):
                    line += "\n      waves: gtkwave %s" % r["view"]
            if self.tty:
                sys.stdout.write("\r\x1b[K" + line + "\n" + self.status())
            else:
                sys.stdout.write("%s %s\n" % ("[%*d/%d]" % (self.width, self.done, self.total), line))
            sys.stdout.flush()

    def tick(self):
        if self.tty:
            with self.lock:
                sys.stdout.write("\r\x1b[K" + self.status())
                sys.stdout.flush()

    def end(self):
        if self.tty:
            sys.stdout.write("\r\x1b[K" + self.status() + "\n")
        else:
            sys.stdout.write(self.status() + "\n")
        sys.stdout.flush()


# ---- RUNNER=slurm: the runs as one Slurm job array (scripts/regress/slurm_runner.py) ----
def slurm_task(common, task):
    """One array task: the run as execute() runs it here, its dict back."""
    args = argparse.Namespace(**common["args"])
    env = clean_env(args.san)
    run = task["run"]
    TEMPLATES[template_key(run)] = simrun.Template(*task["template"])

    def on_signal(signum, frame):   # Slurm's SIGTERM (time limit, scancel): the run's group too
        with PROCS_LOCK:
            for p in list(PROCS.values()):
                simrun.kill_group(p)
        sys.exit(128 + signum)
    signal.signal(signal.SIGTERM, on_signal)
    return execute(run, args, env)


def run_on_slurm(runs, args, env, prog):
    """Runs the simulations as a job array, the others (skipped lines, missing
    folders, runs whose build failed) here; (interrupted, the job id)."""
    here = [r for r in runs if r["kind"] not in ("test", "trace") or r.get("not_run")]
    there = [r for r in runs if not (r["kind"] not in ("test", "trace") or r.get("not_run"))]
    for r in here:
        prog.finished(execute(r, args, env))
    if not there:
        return False, None
    common = {"args": {"out": args.out, "san": args.san, "timeout": args.timeout, "keep": args.keep}}
    tasks = []
    for r in there:
        t = TEMPLATES[template_key(r)]
        tasks.append({"label": "%s %s seed %d" % (r["name"], r["dut"], r["seed"]), "run": r,
                      "template": [t.command, t.knob_args, t.nvdla_traces]})
    try:
        job = slurm_runner.ArrayJob(args.out, "regress", common, tasks, "regress", args.timeout, args.slurm_wait,
                                    args.slurm_max_running, env=env, tick=prog.tick)
        job_id = job.submit()
    except (slurm_runner.SlurmError, OSError) as e:
        msg = "not run: %s" % e
        print("regress: %s" % msg, file=sys.stderr)
        for r in there:
            r.update(result="FAIL", rc=None, cycles=None, wall=0.0, first_failure=msg,
                     command=user_command(r, args), reproduce=user_command(r, args),
                     log=os.path.join(args.out, stem(r) + ".log"))
            prog.finished(r)
        return False, None
    print("regress: Slurm job %s: array 0-%d, task i runs the i-th run of %s, its output in %s" % (
        job_id, len(tasks) - 1, rel(os.path.join(job.dir, "plan.json")), rel(os.path.join(job.dir, "task-<i>.out"))),
        flush=True)
    interrupted = False

    def on_signal(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, on_signal)
    try:
        for i, res in job.wait():
            r = there[i]
            if res is not None:
                r.clear()
                r.update(res)
            else:
                why = job.missing_reason(i)
                r.update(result="FAIL", rc=None, cycles=None, wall=0.0, first_failure=why,
                         command=user_command(r, args), reproduce=user_command(r, args), log=job.output(i))
            r["slurm"] = {"job": "%s_%d" % (job_id, i), "output": job.output(i)}
            prog.finished(r)
    except KeyboardInterrupt:
        interrupted = True
        print("regress: interrupted: cancelling Slurm job %s" % job_id, file=sys.stderr)
        job.cancel()
        prog.end()
        return True, job_id
    # the results that came before the states were known: a task Slurm ended
    # otherwise than COMPLETED after it wrote its result is still a failure
    for i, r in enumerate(there):
        r["slurm"]["state"] = job.states.get(i, "unknown")
        killed = job.verdict_of_state(i)
        if killed and r["result"] == "FAIL" and "Slurm" not in r.get("first_failure", ""):
            r["first_failure"] = "%s; the run: %s" % (killed, r.get("first_failure", ""))
        elif killed and r["result"] != "FAIL":
            print("regress: %s %s seed %d: %s: FAIL" % (r["name"], r["dut"], r["seed"], killed), flush=True)
            prog.passed -= r["result"] == "PASS"
            prog.skipped -= r["result"] == "SKIP"
            prog.failed += 1
            r.update(result="FAIL", first_failure=killed)
    prog.end()
    return interrupted, job_id


# ---- main ------------------------------------------------------------------------
def parse_shard(s):
    m = re.fullmatch(r"(\d+)/(\d+)", s or "")
    if not m or not (1 <= int(m.group(1)) <= int(m.group(2))):
        raise argparse.ArgumentTypeError("--shard wants k/N with 1 <= k <= N, got '%s'" % s)
    return int(m.group(1)), int(m.group(2))


def default_out():
    base = os.path.join(ROOT, "logs", "regress", datetime.datetime.now().strftime("%Y%m%d-%H%M%S"))
    out, i = base, 2
    while os.path.exists(out):
        out, i = "%s-%d" % (base, i), i + 1
    return out


def template_key(run):
    """Runs of one key share a simulator command and knob arguments (one
    `make sim-template`): DUT, knobs but the seed, and the kind of test
    (an Ethos-U65 test, an NVDLA trace, a sequence: the top and the checks
    make applies differ)."""
    t = run["target"]
    kind = ("trace" if run["kind"] == "trace" or t.startswith("nvdla/") else
            "ethosu" if t.startswith("ethosu/") else "sequence")
    knobs, _ = simrun.split_seed(run["knobs"])
    return (run["dut"], kind, tuple(knobs))


TEMPLATES = {}


def prepare(runs, args, env):
    """One `make sim-template` per key, serially before the parallel runs: it
    builds every simulator the runs need once (two runs must never link the
    same binary at the same time) and checks their knobs as make sim does. A
    key whose make fails marks its runs not run, with make's message."""
    for r in runs:
        if r["kind"] not in ("test", "trace") or r.get("not_run"):
            continue
        key = template_key(r)
        if key in TEMPLATES:
            if isinstance(TEMPLATES[key], str):
                r["not_run"] = TEMPLATES[key]
            continue
        knobs = list(key[2]) + ["DUT=" + r["dut"]] + (["SAN=1"] if args.san else [])
        target = ("TRACE=" if r["kind"] == "trace" else "TEST=") + r["target"]
        print("regress: preparing %s %s%s ..." % (r["dut"], key[1], "".join(" " + k for k in key[2])), flush=True)
        tmpl, out = simrun.make_template(knobs, target, env)
        if tmpl is None:
            lines = out.splitlines()
            why = next((l for l in lines if "***" in l or l.startswith(("make sim", "rtl_build", "sim:"))),
                       lines[-1] if lines else "make sim-template failed")
            TEMPLATES[key] = "%s (make sim %s %s)" % (why.strip(), target, " ".join(knobs))
            print("regress: %s" % TEMPLATES[key], flush=True)
            r["not_run"] = TEMPLATES[key]
        else:
            TEMPLATES[key] = tmpl


def main():
    ap = argparse.ArgumentParser(description="nightly regression runner (see the header of this file)")
    ap.add_argument("--list", help="smoke, nightly or a list file")
    ap.add_argument("--rerun-failed", metavar="DIR", help="re-run the failed runs of DIR/results.json")
    ap.add_argument("--seeds", type=int, default=1, help="seeds 1..N per entry without SEEDS= (default 1)")
    ap.add_argument("--dut", choices=("twin", "rtl", "both"), default="both",
                    help="restrict every entry to this DUT (default: as the list says)")
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=900, help="seconds per run, 0 = none (default 900)")
    ap.add_argument("--shard", type=parse_shard, help="k/N: run i (0-based) belongs to shard (i mod N)+1")
    ap.add_argument("--out", help="results folder (default logs/regress/<timestamp>)")
    ap.add_argument("--san", action="store_true", help="SAN=1: sanitizer builds (build-san)")
    ap.add_argument("--dry-run", action="store_true", help="print the runs, run nothing")
    ap.add_argument("--keep", action="store_true", help="keep the simulation folders of passing runs")
    ap.add_argument("--knob", action="append", default=[], metavar="KEY=value",
                    help="a make sim knob for every run, over the list's (e.g. WAVES_ON_FAIL=200)")
    ap.add_argument("--fork", choices=("0", "1"), default="1",
                    help="1: runs of one kind forked from one reset of a long-lived simulator (local runner)")
    ap.add_argument("--runner", choices=("local", "slurm"), default="local",
                    help="local: JOBS at a time here; slurm: a Slurm job array (docs/regress-slurm.md)")
    ap.add_argument("--slurm-wait", type=float, default=86400,
                    help="RUNNER=slurm: seconds to wait for the array before cancelling it (0: no limit)")
    ap.add_argument("--slurm-max-running", type=int, default=0,
                    help="RUNNER=slurm: array tasks running at once (0: as the cluster allows)")
    args = ap.parse_args()
    if args.runner == "slurm":
        why = slurm_runner.refuse_without_tools("regress")
        if why:
            print(why, file=sys.stderr)
            return 2
    if args.slurm_wait < 0 or args.slurm_max_running < 0:
        ap.error("--slurm-wait and --slurm-max-running must be >= 0")
    if bool(args.list) == bool(args.rerun_failed):
        ap.error("give exactly one of --list and --rerun-failed")
    if args.seeds < 1 or args.jobs < 1:
        ap.error("--seeds and --jobs must be >= 1")
    if args.seeds > MAX_SEEDS:
        ap.error("--seeds: at most %d" % MAX_SEEDS)
    for k in args.knob:
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", k) or k.split("=")[0] in ("DUT", "SEED", "SEEDS", "TEST", "TRACE", "LOG_DIR"):
            ap.error("--knob wants KEY=value of a make sim knob (not DUT/SEED/TEST/TRACE/LOG_DIR), got '%s'" % k)
        why = knob_table.check_word(k, KNOB_ROWS)
        if why:
            print("regress: --knob %s: %s" % (k, why), file=sys.stderr)
            return 2

    env = clean_env(args.san)
    try:
        if args.rerun_failed:
            src = os.path.join(args.rerun_failed, "results.json")
            if not os.path.isfile(src):
                raise ListError("no %s" % src)
            with open(src) as f:
                old = json.load(f)
            if "san" in old and not args.san:
                args.san = bool(old["san"])
                env = clean_env(args.san)
            title = "rerun-failed of %s" % rel(os.path.abspath(args.rerun_failed))
            runs = []
            for r in old["runs"]:
                if r["result"] != "FAIL":
                    continue
                if r["kind"] == "missing":  # the folder may exist now
                    tmp = argparse.Namespace(seeds=args.seeds, dut="both")
                    more, _ = expand([(0, "traces", r["target"], r.get("opts", {}), r["knobs"])],
                                     {"sequences": [], "ethosu": [], "nvdla": []}, tmp, "rerun")
                    for m in more:
                        m["where"] = r.get("where", "")
                    runs += more
                    continue
                runs.append({k: r[k] for k in ("n", "name", "kind", "target", "dut", "seed", "knobs", "where")})
            src_list = old.get("list", "")
        else:
            src_list = resolve_list(args.list)
            title = "list %s" % rel(src_list)
            entries = parse_list(src_list)
            cat = catalogue(env, args.san)
            runs, _ = expand(entries, cat, args, src_list)
    except ListError as e:
        print("regress: %s" % e, file=sys.stderr)
        return 2
    for r in runs:
        r["knobs"] = with_knobs(r["knobs"], args.knob)

    # a rerun keeps the numbers (and log names) of the first run; new runs number on
    top = max([r["n"] for r in runs if "n" in r] + [0])
    for i, r in enumerate(runs, 1):
        if "n" not in r:
            top += 1
            r["n"] = top
    total_all = len(runs)
    if args.shard:
        k, n = args.shard
        runs = [r for i, r in enumerate(runs) if i % n == k - 1]
        title += " shard %d/%d" % (k, n)

    if args.dry_run:
        for r in runs:
            print("%4d  %-44s %-4s seed %-3d %s" % (r["n"], r["name"], r["dut"], r["seed"],
                                                     r.get("message") or " ".join(r["knobs"])))
        print("regress: %d runs%s (dry run)" % (len(runs), " of %d" % total_all if args.shard else ""))
        return 0
    if not runs:
        print("regress: the list expands to no runs", file=sys.stderr)
        return 2

    args.out = os.path.abspath(args.out) if args.out else default_out()
    if args.runner == "slurm":
        try:   # its path goes into the batch script and sbatch's file patterns
            slurm_runner.safe_path(args.out, "the results folder")
        except slurm_runner.SlurmError as e:
            print("regress: RUNNER=slurm: %s" % e, file=sys.stderr)
            return 2
    try:
        os.makedirs(args.out, exist_ok=True)
    except OSError as e:
        print("regress: cannot create the results folder %s: %s" % (rel(args.out), e.strerror or e), file=sys.stderr)
        return 2
    print("regress: %s, %d runs, %s, results in %s" % (
        title, len(runs), "%d jobs" % args.jobs if args.runner == "local" else "a Slurm job array", rel(args.out)),
        flush=True)
    prepare(runs, args, env)

    prog = Progress(len(runs))
    results = []
    if args.runner == "slurm":
        return finish(args, runs, title, src_list, prog, *run_on_slurm(runs, args, env, prog))

    global SERVERS
    if args.fork == "1":
        SERVERS = simserve.Pool(env, os.path.join(args.out, ".servers"))

    def on_signal(signum, frame):
        STOP.set()
        with PROCS_LOCK:
            for p in list(PROCS.values()):
                try:
                    os.killpg(p.pid, signal.SIGTERM)
                except OSError:
                    pass
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, on_signal)

    interrupted = False
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = [pool.submit(execute, r, args, env) for r in runs]
        pending = set(futs)
        try:
            while pending:
                done, pending = concurrent.futures.wait(pending, timeout=1.0,
                                                        return_when=concurrent.futures.FIRST_COMPLETED)
                for fu in done:
                    prog.finished(fu.result())
                prog.tick()
        except KeyboardInterrupt:
            interrupted = True
            STOP.set()
            with PROCS_LOCK:
                for p in list(PROCS.values()):
                    try:
                        os.killpg(p.pid, signal.SIGTERM)
                    except OSError:
                        pass
            for fu in pending:
                fu.cancel()
        finally:
            if SERVERS:
                SERVERS.close(kill=STOP.is_set())   # interrupted: with the runs they have running
    prog.end()
    if SERVERS:
        print("regress: %d of %d runs forked from the reset of a server they share (REGRESS_FORK=0: a process "
              "each)" % (SERVERS.forked, len(runs)), flush=True)
    return finish(args, runs, title, src_list, prog, interrupted, None)


def finish(args, runs, title, src_list, prog, interrupted, slurm_job):
    """The runs not run marked failed, the reports written; the exit status."""
    for r in runs:
        if "result" not in r:
            r.update(result="FAIL", rc=None, cycles=None, wall=0.0, first_failure="not run (interrupted)",
                     command=user_command(r, args), reproduce=user_command(r, args),
                     log=os.path.join(args.out, stem(r) + ".log"))
    results = runs
    elapsed = time.time() - prog.t0
    npass = sum(r["result"] == "PASS" for r in results)
    nskip = sum(r["result"] == "SKIP" for r in results)
    nfail = len(results) - npass - nskip
    try:
        write_reports(args, results, title, src_list, elapsed, npass, nfail, nskip, interrupted, prog, slurm_job)
    except OSError as e:
        # a report that is not there is no result: the run fails, naming the file
        print("regress: cannot write %s: %s: the results are not recorded" % (e.filename or args.out, e.strerror or e),
              file=sys.stderr)
        return 2
    print("regress: results in %s (summary.md, junit.xml, results.json)" % rel(args.out))
    if nfail:
        print("regress: rerun the failures with: scripts/regress/regress.py --rerun-failed %s" % rel(args.out))
    print("regress: %d passed, %d failed, %d skipped" % (npass, nfail, nskip), flush=True)
    return 0 if nfail == 0 and not interrupted else 1


def write_reports(args, results, title, src_list, elapsed, npass, nfail, nskip, interrupted, prog, slurm_job=None):
    """results.json, junit.xml and summary.md in args.out, the latest link; OSError when one fails."""
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump({"title": title, "list": src_list, "shard": "%d/%d" % args.shard if args.shard else None,
                   "seeds": args.seeds, "dut": args.dut, "san": args.san, "timeout": args.timeout,
                   "jobs": args.jobs, "runner": args.runner, "slurm_job": slurm_job, "started": datetime.datetime.fromtimestamp(prog.t0).isoformat(timespec="seconds"),
                   "elapsed": round(elapsed, 2), "passed": npass, "failed": nfail, "skipped": nskip,
                   "interrupted": interrupted, "runs": results}, f, indent=1)
    write_junit(os.path.join(args.out, "junit.xml"), results, title, elapsed)
    write_summary(os.path.join(args.out, "summary.md"), results, title, elapsed,
                  "Slurm job %s (a task per run; outputs in slurm/)" % slurm_job if slurm_job else None)
    if not args.out.startswith(os.path.join(ROOT, "logs", "regress")):
        pass
    else:
        latest = os.path.join(ROOT, "logs", "regress", "latest")
        try:
            if os.path.islink(latest) or not os.path.exists(latest):
                if os.path.islink(latest):
                    os.unlink(latest)
                os.symlink(os.path.basename(args.out), latest)
        except OSError:
            pass


if __name__ == "__main__":
    # a full disk, an unreadable file, a run list too large: a message and exit 2, no traceback
    try:
        sys.exit(main())
    except OSError as e:
        print("regress: %s%s" % (e.strerror or e, ": %s" % e.filename if e.filename else ""), file=sys.stderr)
        sys.exit(2)
    except MemoryError:
        print("regress: out of memory (a list asking for too many runs?)", file=sys.stderr)
        sys.exit(2)
