#!/usr/bin/env python3
"""strength_rtl.py: the real RTL decides make test-strength's survivors (make test-strength-rtl).

A mutant that still passes on the twin is a change the test cannot see. The
real RTL says which kind it is: when the RTL also writes the trace's bytes,
the layer does not use what the mutant changed (the twin agrees with the
hardware); when the RTL writes other bytes or never finishes, the twin
ignores something the hardware uses: a gap to close in the twin or in the
programming checker (docs/test-strength.md).

Reads OUT/survivors.csv and the survivors' folders that make test-strength
kept (OUT/mutants/), runs every trace survivor of CONFIG (field and no-input
mutants; --unexplained: only those without a reason) on the RTL the make
knobs name (DUT=rtl NVDLA_RTL=<config> ...), each test's own trace first (a
test whose own trace does not pass on that RTL decides nothing), forked from
one reset per worker (scripts/regress/simserve.py). Writes
OUT/rtl-<config>.csv (test, mutant, kind, what, twin reason, rtl verdict,
exit status, log) and OUT/rtl-<config>.md, and each gap as a
hardware-observed case folder (the mutant and what the RTL did:
hardware.txt, the bytes it wrote) in OUT/hw-observed/<config>/ for make
hw-observed. --write-reasons FILE merges into FILE a reason for each
unexplained survivor the RTL agrees with (make test-strength reads
scripts/regress/strength_reasons_rtl.csv after its own reasons). Prints one
line per survivor the RTL tells apart, then `strength-rtl: N survivors on
CONFIG: A the RTL agrees with, G gaps (H hang), S not decided`. Exit 0,
with --strict 1 while a gap is left; 2 on bad input or when nothing ran.
Usage: scripts/regress/strength_rtl.py --config NAME [--in DIR] [--unexplained] [--jobs N]
       [--write-reasons FILE] [--strict] KNOB=value ...
"""
import argparse
import concurrent.futures
import csv
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hw_harvest  # noqa: E402
import simrun  # noqa: E402
import simserve  # noqa: E402
import test_strength  # noqa: E402

ROOT = simrun.ROOT
TIMEOUT = 600
REASONS_HEADER = """# Survivors of make test-strength the real RTL agrees with: written by
# scripts/regress/strength_rtl.py (make test-strength-rtl), read by make
# test-strength after scripts/regress/strength_reasons.csv. Each line: the
# mutant of that test ran on the real RTL and wrote the trace's own bytes.
"""


def load_survivors(path, config, unexplained):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if rows and not {"test", "mutant", "kind", "what", "reason"} <= set(rows[0]):
        raise ValueError("%s: not a make test-strength survivors.csv (its columns: %s)" % (path, ", ".join(rows[0])))
    return [r for r in rows if r["test"].startswith(config + "/") and r["kind"] in ("field", "no-input")
            and (not unexplained or r["reason"] == "UNEXPLAINED")]


def verdict_of(rc, text, timed_out):
    if rc == 0:
        return "same"
    if timed_out or "watchdog" in text:
        return "hang"
    return "differs" if rc == 1 else "error"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--config", required=True)
    ap.add_argument("--in", dest="inp", default=os.path.join(ROOT, "build", "test-strength"))
    ap.add_argument("--unexplained", action="store_true", help="only the survivors without a reason")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--write-reasons", default="")
    ap.add_argument("--strict", action="store_true", help="exit 1 while the RTL tells a survivor apart")
    ap.add_argument("knobs", nargs="*", help="make knobs of the RTL runs (DUT=rtl NVDLA_RTL=...)")
    a = ap.parse_args()
    if a.jobs < 1:
        print("strength-rtl: JOBS must be at least 1", file=sys.stderr)
        return 2
    if a.config not in test_strength.known_configs():
        print("strength-rtl: no NVDLA configuration '%s' (scripts/gen/regdefs/nvdla_configs.csv)" % a.config,
              file=sys.stderr)
        return 2
    bad = [k for k in a.knobs if "=" not in k or k.split("=", 1)[0] in ("TEST", "TRACE", "SEED", "LOG_DIR")]
    if bad:
        print("strength-rtl: %s: knobs are KEY=value, and TEST, TRACE, SEED and LOG_DIR are the tool's own"
              % " ".join(bad), file=sys.stderr)
        return 2
    rtl_files = next((k.split("=", 1)[1] for k in a.knobs if k.startswith("RTL_FILES=")),
                     os.environ.get("RTL_FILES", "")).strip()
    if "DUT=rtl" not in a.knobs or not rtl_files:
        print("strength-rtl: the survivors are decided on your RTL: give DUT=rtl and the RTL (NVDLA_RTL=<config> "
              "or RTL_FILES=...); the shipped stub is no hardware and decides nothing", file=sys.stderr)
        return 2
    words = rtl_files.split()
    rtl_name = "the real %s RTL" % a.config if len(words) == 1 and words[0].endswith(
        "/%s/nvdla.f" % a.config) else "the RTL of %s" % rtl_files
    survivors_csv = os.path.join(a.inp, "survivors.csv")
    try:
        rows = load_survivors(survivors_csv, a.config, a.unexplained)
    except (OSError, ValueError) as e:
        print("strength-rtl: %s (run make test-strength first)" % e, file=sys.stderr)
        return 2
    if not rows:
        print("strength-rtl: %s holds no %strace survivor of %s" % (
            os.path.relpath(survivors_csv, ROOT), "unexplained " if a.unexplained else "", a.config), file=sys.stderr)
        return 2
    tests = {}
    for r in rows:
        tests.setdefault(r["test"], []).append(r)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    originals = {t: os.path.join("testdata", "nvdla-traces", a.config, t.split("/", 1)[1]) for t in tests}
    first = next(iter(originals.values()))
    knobs = list(a.knobs) + ["NVDLA_CONFIG=" + a.config] * (not any(k.startswith("NVDLA_CONFIG=") for k in a.knobs))
    # the RTL is asked what it does with the mutant, also where a programming rule already names it
    knobs += ["PROG_CHECK=warn"] * (not any(k.startswith("PROG_CHECK=") for k in a.knobs))
    print("strength-rtl: %d survivors of %d tests on %s; building the RTL ..." % (len(rows), len(tests), a.config),
          flush=True)
    tmpl = simrun.make_template_or_say(knobs, "TRACE=" + first, env, "strength-rtl")
    if tmpl is None:
        return 2
    logs = os.path.join(a.inp, "rtl-" + a.config)
    shutil.rmtree(logs, ignore_errors=True)
    shutil.rmtree(os.path.join(a.inp, "hw-observed", a.config), ignore_errors=True)
    servers = simserve.Pool(env, os.path.join(logs, ".servers"))

    def run(name, trace_dir, log_dir):
        t, trace, why = simrun.resolve(trace=trace_dir)
        if why:
            return 2, why, False
        return simrun.run(tmpl, t, trace, "rtl", 1, log_dir, env=env, timeout=TIMEOUT, server=servers)

    def baseline(test):
        return run(test, originals[test], os.path.join(logs, test_strength.safe(test), "own"))

    def log_dir(r):
        return os.path.join(logs, test_strength.safe(r["test"]), test_strength.safe(r["mutant"]))

    def mutant(r):
        d = mutant_dir(a.inp, r)
        if not os.path.isdir(d):
            return 2, "no folder %s (make test-strength keeps each survivor's)" % os.path.relpath(d, ROOT), False
        return run(r["test"], os.path.relpath(d, ROOT), log_dir(r))

    results = []
    try:
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
            own = {t: pool.submit(baseline, t) for t in tests}
            futs = {t: [(r, pool.submit(mutant, r)) for r in rs] for t, rs in tests.items()}
            for t in tests:
                rc, text, _ = own[t].result()
                for r, f in futs[t]:
                    mrc, mtext, mto = f.result()
                    if rc != 0:
                        results.append((r, "undecided", mrc, "the test's own trace exits %d on this RTL" % rc))
                        continue
                    v = verdict_of(mrc, mtext, mto)
                    note = ""
                    if v in ("differs", "hang"):
                        note = write_gap_case(a.inp, a.config, r, mrc, mtext, mto, log_dir(r))
                        v = v if note.startswith("case ") else "undecided"
                    results.append((r, v if v != "error" else "undecided", mrc, note))
    finally:
        servers.close()

    gaps = [x for x in results if x[1] in ("differs", "hang")]
    for r, v, rc, _ in gaps:
        print("GAP   %s %s: the twin writes the trace's bytes, the RTL %s (exit %d); twin reason: %s" % (
            r["test"], r["mutant"], "never finishes" if v == "hang" else "writes others", rc, r["reason"]))
    same = [x for x in results if x[1] == "same"]
    undecided = [x for x in results if x[1] == "undecided"]
    out_csv = os.path.join(a.inp, "rtl-%s.csv" % a.config)
    with open(out_csv, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["test", "mutant", "kind", "what", "twin reason", "rtl", "exit", "log", "note"])
        for r, v, rc, note in results:
            w.writerow([r["test"], r["mutant"], r["kind"], r["what"], r["reason"], v, rc,
                        os.path.relpath(os.path.join(logs, test_strength.safe(r["test"]),
                                                     test_strength.safe(r["mutant"]), "sim.log"), ROOT), note])
    write_table(os.path.join(a.inp, "rtl-%s.md" % a.config), rtl_name, results)
    if a.write_reasons and (same or gaps):
        write_reasons(a.write_reasons, rtl_name, results)
    print("strength-rtl: %d survivors on %s: %d the RTL agrees with, %d gaps (%d hang), %d not decided; table %s"
          % (len(results), a.config, len(same), len(gaps), sum(1 for x in gaps if x[1] == "hang"), len(undecided),
             os.path.relpath(os.path.join(a.inp, "rtl-%s.md" % a.config), ROOT)))
    if not same and not gaps:
        return 2
    return 1 if gaps and a.strict else 0


def mutant_dir(inp, r):
    return os.path.join(inp, "mutants", test_strength.safe(r["test"]), test_strength.safe(r["mutant"]), "test")


def write_gap_case(inp, config, r, rc, text, timed_out, logdir):
    """The mutant as a hardware-observed case (what the RTL did in hardware.txt):
    'case <folder>', or why none was written."""
    kind, detail = hw_harvest.classify(rc, text, logdir, timed_out)
    if kind not in ("hang", "mismatch"):
        return "the RTL run ended otherwise (%s): %s" % (kind, detail)
    out = os.path.join(inp, "hw-observed", config)
    os.makedirs(out, exist_ok=True)
    name = "strength_" + test_strength.safe("%s_%s" % (r["test"].split("/", 1)[1], r["mutant"].split(" ")[0]))
    shutil.rmtree(os.path.join(out, name), ignore_errors=True)
    desc = "%s with %s" % (r["test"].split("/", 1)[1], r["mutant"])
    src = mutant_dir(inp, r)
    if kind == "hang":
        case = hw_harvest.write_case(out, src, name, detail.replace(src + "/", "").replace(
            os.path.relpath(src, ROOT) + "/", ""), desc)
    else:
        hw_crc, _, dump, base, size = detail
        case = hw_harvest.write_case(out, src, name, "crc " + hw_crc, desc, (dump, base, size))
    return "case " + os.path.relpath(case, ROOT)


def write_table(path, rtl_name, results):
    L = ["# make test-strength's survivors on %s" % rtl_name, "",
         "Written by `make test-strength-rtl` (scripts/regress/strength_rtl.py). *gap*: the twin writes the "
         "trace's bytes, the RTL other bytes or none (it never finishes); *same*: the RTL writes the trace's "
         "bytes too.", "", "## Per field", "", "| field or class | survivors | gap | hang | same | undecided |",
         "| --- | ---: | ---: | ---: | ---: | ---: |"]
    fields = {}
    for r, v, _, _ in results:
        key = r["what"] if r["kind"] == "field" else r["kind"]
        c = fields.setdefault(key, {"n": 0, "differs": 0, "hang": 0, "same": 0, "undecided": 0})
        c["n"] += 1
        c[v] += 1
    for k, c in sorted(fields.items(), key=lambda x: (-(x[1]["differs"] + x[1]["hang"]), -x[1]["n"], x[0])):
        L.append("| %s | %d | %d | %d | %d | %d |" % (k, c["n"], c["differs"], c["hang"], c["same"], c["undecided"]))
    L += ["", "## The gaps", "", "| test | mutant | rtl |", "| --- | --- | --- |"]
    L += ["| %s | `%s` | %s |" % (r["test"], r["mutant"], v) for r, v, _, _ in results if v in ("differs", "hang")]
    L.append("")
    with open(path, "w") as f:
        f.write("\n".join(L))


def write_reasons(path, rtl_name, results):
    """Merge into the file: a line for each unexplained survivor the RTL
    agrees with; the lines of survivors it told apart go; every other line
    (other tests, configurations, survivors not decided here) stays."""
    tag = "%s writes the same bytes" % rtl_name

    def key(r):
        return r["test"], "no-input:no-input" if r["kind"] == "no-input" else "field:" + r["what"]
    decided = {key(r) for r, v, _, _ in results if v in ("same", "differs", "hang")}
    lines = set()
    if os.path.exists(path):
        with open(path, newline="") as f:
            for row in csv.reader(f):
                if row and not row[0].startswith("#") and len(row) == 3 and (row[0], row[1]) not in decided:
                    lines.add(tuple(row))
    for r, v, _, _ in results:
        if v == "same" and (r["reason"] == "UNEXPLAINED" or tag in r["reason"]):
            lines.add(key(r) + ("%s (make test-strength-rtl)" % tag,))
    with open(path, "w", newline="") as f:
        f.write(REASONS_HEADER)
        csv.writer(f, lineterminator="\n").writerows(sorted(lines))


if __name__ == "__main__":
    sys.exit(main())
