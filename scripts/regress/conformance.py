#!/usr/bin/env python3
"""conformance.py: run every NVDLA trace of a folder (make conformance).

Each subfolder <name>/ holding <name>/<name>.cfg (or exactly one .cfg) is one
test. The runs start the simulator directly (scripts/regress/simrun.py: one make
builds and checks the knobs, none per trace), JOBS at a time, and print in
folder order one line per trace, "PASS|FAIL|SKIP  name  cycles  wall-seconds",
then "N passed, M failed, K skipped". A failure adds its reason (Verilator's
own %Error line when the model stopped) and, with WAVES_ON_FAIL=N among the
knobs, the view of its last N cycles; a skip says why (a unit the
configuration leaves out; RUN_ABSENT=1 runs it anyway). Each run's output is
kept in logs/nvdla_<name>/<dut>[-<harness>]/sim.log next to its CRC dumps.

Usage: scripts/regress/conformance.py [--traces DIR] [--dut twin|rtl] [--filter GLOB]
                              [--max-cycles N] [--jobs N] [-- KNOB=value ...]
       scripts/regress/conformance.py --list [--traces DIR]   (the nvdla/<name> tests)
Exit: 0 none failed (skips allowed), 1 some failed, 2 bad input.
"""
import argparse
import concurrent.futures
import fnmatch
import os
import re
import sys
import time

# the knob table's reader lives beside the table (scripts/gen/)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gen"))
import knobs as knob_table  # noqa: E402
import simrun  # noqa: E402

ROOT = simrun.ROOT
RESULT_RE = re.compile(r"^(PASS|FAIL): .*?(\d+) cycles")


def folders(traces):
    """(name, folder) of every subfolder, sorted."""
    return sorted((n, os.path.join(traces, n)) for n in os.listdir(traces) if os.path.isdir(os.path.join(traces, n)))


def list_traces(traces):
    print("nvdla traces in %s (make sim TEST=nvdla/<name>):" % traces)
    for name, d in folders(traces):
        cfg = simrun.cfg_of(d)
        if os.path.isfile(os.path.join(d, name + ".cfg")):
            print("  nvdla/%-40s NVDLA trace %s" % (name, cfg))
        elif cfg:
            print("  %-46s NVDLA trace (run with TRACE=%s)" % ("-", cfg))


def verdict(name, rc, text, secs, logdir):
    """The trace's lines, as the user reads them; (lines, PASS|FAIL|SKIP)."""
    lines = text.splitlines()
    result = [l for l in lines if l.startswith(("PASS: ", "FAIL: "))]
    m = RESULT_RE.match(result[-1]) if result else None
    cycles = m.group(2) if m else "-"
    log = os.path.join(logdir, "sim.log")
    if rc == 0 and result and result[-1].startswith("PASS:"):
        return ["PASS  %-40s %10s  %7.2f" % (name, cycles, secs)], "PASS"
    skip = next((l for l in lines if l.startswith("SKIP: ")), None)
    if rc == 77 and skip:
        return ["SKIP  %-40s %10s  %7.2f" % (name, "-", secs),
                "      %s" % re.sub(r"^SKIP: [^:]*: ", "", skip)], "SKIP"
    # the model's own error line first (a $fatal, a Verilator runtime error)
    why = (next((l for l in lines if re.match(r"^%(Error|Fatal)", l)), None) or
           next((l for l in lines if l.startswith(("first failure: ", "sim: ", "make sim: ", "rtl_build: ",
                                                     "make: "))), None) or
           next((l for l in reversed(lines) if l.strip()), None) or "no output, exit status %s" % rc)
    if why.startswith("first failure: "):
        why = why[len("first failure: "):]
    out = ["FAIL  %-40s %10s  %7.2f" % (name, cycles, secs), "      %s (log: %s)" % (why, log)]
    view = os.path.join(logdir, "waves.gtkw")
    if os.path.exists(os.path.join(ROOT, view)) and any(l.startswith("view: ") for l in lines):
        out.append("      waves: gtkwave %s" % view)
    return out, "FAIL"


def main():
    ap = argparse.ArgumentParser(description="run every NVDLA trace of a folder (see the header of this file)")
    ap.add_argument("--traces", default="testdata/nvdla-traces/nv_small")
    ap.add_argument("--dut", default="twin", choices=("twin", "rtl"))
    ap.add_argument("--filter", default="*")
    ap.add_argument("--max-cycles", default="3000000")
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("knobs", nargs="*", help="KNOB=value for every run (after --)")
    args = ap.parse_args()
    os.chdir(ROOT)
    traces = args.traces
    if not os.path.isdir(traces):
        if args.list:
            print("nvdla traces: none (%s is not a folder; set NVDLA_TRACES)" % traces)
            return 0
        print("conformance: %s is not a folder (TRACES=dir)" % traces, file=sys.stderr)
        return 2
    if args.list:
        list_traces(traces)
        return 0
    if args.jobs < 1:
        print("conformance: --jobs must be >= 1", file=sys.stderr)
        return 2
    # knobs of the table (scripts/gen/regdefs/knobs.csv), in its syntax
    why = knob_table.check_words(args.knobs)
    if why:
        print("conformance: %s" % why, file=sys.stderr)
        return 2
    runs = [(n, simrun.cfg_of(d)) for n, d in folders(traces) if fnmatch.fnmatchcase(n, args.filter)]
    runs = [(n, c) for n, c in runs if c]
    if not runs:
        print("conformance: no trace folder matching '%s' in %s" % (args.filter, traces), file=sys.stderr)
        return 2

    # `make conformance HARNESS=systemc` passes HARNESS down: log where make sim does
    harness = os.environ.get("HARNESS", "")
    knobs, seed = simrun.split_seed(args.knobs)
    knobs = ["DUT=" + args.dut, "MAX_CYCLES=" + args.max_cycles] + knobs
    env = dict(os.environ)
    tmpl, out = simrun.make_template(knobs, "TRACE=" + runs[0][1], env)
    if tmpl is None:
        print(out, file=sys.stderr)
        return 2
    suffix = "-" + harness if harness and harness != "c" else ""

    def one(name, cfg):
        logdir = os.path.join(os.environ.get("SIM_LOG_ROOT") or "logs", "nvdla_" + name, args.dut + suffix)
        test, trace, err = simrun.resolve(trace=cfg)
        t0 = time.time()
        if err:
            os.makedirs(logdir, exist_ok=True)
            with open(os.path.join(logdir, "sim.log"), "w") as f:
                f.write(err + "\n")
            return verdict(name, 2, err, time.time() - t0, logdir)
        rc, text, _ = simrun.run(tmpl, test, trace, args.dut, seed, logdir, env=env)
        return verdict(name, rc, text, time.time() - t0, logdir)

    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        # in folder order, each as soon as it and those before it are done
        for fut in [pool.submit(one, n, c) for n, c in runs]:
            lines, result = fut.result()
            counts[result] += 1
            print("\n".join(lines), flush=True)
    print("%d passed, %d failed, %d skipped" % (counts["PASS"], counts["FAIL"], counts["SKIP"]))
    return 1 if counts["FAIL"] else 0


if __name__ == "__main__":
    sys.exit(main())
