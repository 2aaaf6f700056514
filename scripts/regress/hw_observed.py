#!/usr/bin/env python3
"""hw_observed.py: the cases where the real hardware disagreed with the golden
models, as regression tests (make hw-observed; part of make test).

DIR (default testdata/nvdla-hw-observed) holds a folder per NVDLA
configuration (nv_small, nv_large, ...), or is one such folder. Each folder
in it is one layer in the trace format plus `hardware.txt`: first line `crc
0x...` (the CRC-32 the real RTL of that configuration left in the checked
region) or `hangs: ...`, and
`hardware_<base>_<size>.bin` (its bytes). Every case must be explained on the
twin of that configuration (DUT=twin NVDLA_CONFIG=<the folder's name>; a
unit the configuration leaves out is run anyway, RUN_ABSENT=1):

  crc 0x...  the twin writes the hardware's bytes: the trace is run with its
             check_crc expecting the hardware's CRC (a copy in a temporary
             folder, PROG_CHECK=warn since the hardware did complete it); on
             a mismatch the bytes the twin left are compared with
             hardware_*.bin and the first difference is printed. A layer
             whose programming breaks a rule may instead be named by the
             programming checker (what the hardware writes is then undefined).
  hangs      the programming checker names the rule the layer breaks
             (`first failure: ...programming rule 'NAME'...`) and the run
             fails before it starts.

Cases listed in scripts/regress/hw_observed_unexplained.txt (NAME reason) are known
to be unexplained: each prints XFAIL with its reason, and one that has become
explained fails the run until its line is removed.

Prints one line per case and `hw-observed: N explained (C hardware CRCs, R
programming rules), K known unexplained, M not`; exit 0 when every case not
listed is explained and no listed case is, 1 if not, 2 on bad input.
Usage: scripts/regress/hw_observed.py [--dir DIR] [--filter GLOB] [--known FILE] [--jobs N] [-v]
Case names in the output and in --known are <configuration>/<case>.
"""
import argparse
import concurrent.futures
import fnmatch
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_DIR = os.path.join(ROOT, "testdata", "nvdla-hw-observed")
CONFIGS_CSV = os.path.join(ROOT, "scripts", "gen", "regdefs", "nvdla_configs.csv")
RULE_RE = re.compile(r"^first failure: .*programming rule '([a-z0-9-]+)'", re.M)
WARN_RULE_RE = re.compile(r"^warning: .*breaks programming rule '([a-z0-9-]+)'", re.M)
CRC_LINE_RE = re.compile(r"^(\s*check_crc\([^,]+,[^,]+,[^,]+,[^,]+,\s*)(\w+)(\s*\);.*)$", re.M)
SIM_CRC_RE = re.compile(r"^check_crc \S+ \S+: 0x([0-9a-f]+)\.\.\+0x([0-9a-f]+) crc (0x[0-9a-f]+)", re.M)


def run_sim(trace, config, extra, verbose):
    cmd = [os.path.join(ROOT, "scripts", "sim"), "TRACE=" + trace, "DUT=twin", "SEED=1", "RUN_ABSENT=1",
           "NVDLA_CONFIG=" + config] + extra
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    p = subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    if verbose:
        sys.stdout.write(p.stdout)
    return p.returncode, p.stdout


def first_difference(dump, hw_bin):
    try:
        with open(dump, "rb") as f:
            a = f.read()
        with open(hw_bin, "rb") as f:
            b = f.read()
    except OSError as e:
        return "cannot compare with the hardware's bytes: %s" % e
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            n = sum(p != q for p, q in zip(a, b))
            return "first difference at offset 0x%x: twin 0x%02x, hardware 0x%02x (%d of %d bytes differ)" % (
                i, x, y, n, len(b))
    return "sizes differ: twin %d bytes, hardware %d" % (len(a), len(b)) if len(a) != len(b) else "bytes equal"


def one_case(folder, config, verbose):
    """(explained, kind, message)"""
    name = os.path.basename(folder.rstrip("/"))
    try:
        with open(os.path.join(folder, "hardware.txt")) as f:
            lines = f.read().splitlines()
    except OSError as e:
        return None, "input", "%s: %s" % (name, e)
    head = lines[0] if lines else ""
    what = lines[1] if len(lines) > 1 else ""
    cfgs = glob.glob(os.path.join(folder, "*.cfg"))
    if len(cfgs) != 1:
        return None, "input", "%s: expected one .cfg, found %d" % (name, len(cfgs))
    m = re.match(r"crc (0x[0-9a-fA-F]+)$", head)
    if head.startswith("hangs"):
        rc, out = run_sim(folder, config, [], verbose)
        r = RULE_RE.search(out)
        if rc == 1 and r:
            return True, "rule", "%s: hangs on the hardware; programming rule '%s' (%s)" % (name, r.group(1), what)
        return False, "rule", "%s: hangs on the hardware, but no programming rule names it (exit %d; %s)" % (
            name, rc, what)
    if not m:
        return None, "input", "%s/hardware.txt:1: expected 'crc 0x...' or 'hangs: ...', got '%s'" % (name, head)
    hw_crc = int(m.group(1), 16)
    tmp = tempfile.mkdtemp(prefix="hw_observed.")
    try:
        copy = os.path.join(tmp, name)
        shutil.copytree(folder, copy)
        cfg = os.path.join(copy, os.path.basename(cfgs[0]))
        with open(cfg) as f:
            text = f.read()
        text, n = CRC_LINE_RE.subn(lambda mm: "%s0x%08x%s" % (mm.group(1), hw_crc, mm.group(3)), text)
        if n != 1:
            return None, "input", "%s: expected one check_crc in %s, found %d" % (name, cfgs[0], n)
        with open(cfg, "w") as f:
            f.write(text)
        # run even a layer that breaks a rule: the hardware completed it
        rc, out = run_sim(copy, config, ["PROG_CHECK=warn"], verbose)
        r = WARN_RULE_RE.search(out)
        if rc == 0 and re.search(r"^PASS: ", out, re.M):
            return True, "crc", "%s: the twin writes the hardware's CRC 0x%08x%s (%s)" % (
                name, hw_crc, " (the layer breaks programming rule '%s')" % r.group(1) if r else "", what)
        if r:
            return True, "rule", "%s: hardware CRC 0x%08x of a layer breaking programming rule '%s' (%s)" % (
                name, hw_crc, r.group(1), what)
        c = SIM_CRC_RE.search(out)
        if not c:
            tail = [l for l in out.splitlines() if l.strip()][-1:] or ["no output"]
            return False, "crc", "%s: hardware CRC 0x%08x, the run did not reach its check (exit %d: %s)" % (
                name, hw_crc, rc, tail[0])
        base, size, crc = int(c.group(1), 16), int(c.group(2), 16), c.group(3)
        dump = os.path.join(ROOT, os.environ.get("SIM_LOG_ROOT") or "logs", "nvdla_" + os.path.splitext(os.path.basename(cfg))[0], "twin",
                            "crc_0x%x_0x%x.bin" % (base, size))
        hw_bin = os.path.join(folder, "hardware_0x%x_0x%x.bin" % (base, size))
        return False, "crc", "%s: hardware CRC 0x%08x, twin %s: %s (%s)" % (
            name, hw_crc, crc, first_difference(dump, hw_bin), what)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description="hardware-observed cases as regression tests (see the header)")
    ap.add_argument("--dir", default=os.environ.get("HW_OBSERVED") or DEFAULT_DIR)
    ap.add_argument("--filter", default="*")
    ap.add_argument("--known", default=os.path.join(ROOT, "scripts", "regress", "hw_observed_unexplained.txt"),
                    help="the cases known to be unexplained, with their reasons")
    ap.add_argument("-v", "--verbose", action="store_true", help="print each simulation's output")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS") or os.cpu_count() or 1),
                    help="cases run at once (default: JOBS, else the cores)")
    args = ap.parse_args()
    known = {}
    try:
        with open(args.known) as f:
            for no, line in enumerate(f, 1):
                line = line.strip()
                if line and not line.startswith("#"):
                    parts = line.split(None, 1)
                    if len(parts) != 2:
                        print("hw-observed: %s:%d: expected 'NAME reason'" % (args.known, no), file=sys.stderr)
                        return 2
                    known[parts[0]] = parts[1]
    except OSError as e:
        print("hw-observed: %s: %s" % (args.known, e), file=sys.stderr)
        return 2
    if not os.path.isdir(args.dir):
        print("hw-observed: %s is not a folder (HW_OBSERVED=dir)" % args.dir, file=sys.stderr)
        return 2
    try:
        with open(CONFIGS_CSV) as f:
            configs = f.readline().strip().split(",")[1:]
    except OSError as e:
        print("hw-observed: %s: %s" % (CONFIGS_CSV, e), file=sys.stderr)
        return 2
    top = args.dir.rstrip("/")
    if os.path.basename(top) in configs:
        groups = [(os.path.basename(top), top)]
    else:
        groups = [(c, os.path.join(top, c)) for c in configs if os.path.isdir(os.path.join(top, c))]
        others = sorted(os.path.basename(d.rstrip("/")) for d in glob.glob(os.path.join(top, "*", ""))
                        if os.path.basename(d.rstrip("/")) not in configs)
        if others:
            print("hw-observed: %s: %s is not a configuration (%s)" % (top, others[0], ", ".join(configs)),
                  file=sys.stderr)
            return 2
    folders = []
    for config, d in groups:
        folders += [(config, c) for c in sorted(glob.glob(os.path.join(d, "*", "")))
                    if fnmatch.fnmatch(os.path.basename(c.rstrip("/")), args.filter)]
    if not folders:
        print("hw-observed: no case folder matching '%s' in %s (a folder per configuration: %s)" % (
            args.filter, args.dir, ", ".join(configs)), file=sys.stderr)
        return 2
    explained = unexplained = bad = xfail = 0
    kinds = {"crc": 0, "rule": 0}
    # the cases run side by side (each its own trace folder and logs), printed in order
    jobs = max(1, args.jobs)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda cd: one_case(cd[1], cd[0], args.verbose), folders))
    for (config, d), (ok, kind, msg) in zip(folders, results):
        name = config + "/" + os.path.basename(d.rstrip("/"))
        msg = config + "/" + msg
        if ok is None:
            bad += 1
            print("ERROR %s" % msg)
        elif name in known and not ok:
            xfail += 1
            print("XFAIL %s: known unexplained: %s" % (name, known[name]))
        elif name in known:
            unexplained += 1
            print("FAIL  %s (explained now: remove its line from %s)" % (msg, os.path.relpath(args.known, ROOT)))
        elif ok:
            explained += 1
            kinds[kind] += 1
            print("PASS  %s" % msg)
        else:
            unexplained += 1
            print("FAIL  %s" % msg)
        sys.stdout.flush()
    print("hw-observed: %d explained (%d hardware CRCs, %d programming rules), %d known unexplained, %d not%s" % (
        explained, kinds["crc"], kinds["rule"], xfail, unexplained, ", %d bad case folders" % bad if bad else ""))
    return 2 if bad else 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
