#!/usr/bin/env python3
"""func_coverage.py: functional coverage of the NVDLA register space.

    scripts/regress/func_coverage.py [--csv scripts/gen/regdefs/nvdla_nv_small.csv] [--out FILE.md] PATH...

PATH: .cfg trace files, or folders searched recursively for *.cfg (shipped or generated
traces) and *.log (run logs: PASS/FAIL lines, ethosu/<name> tests). Each trace is replayed
register by register (reg_write lines; S_POINTER selects the ping-pong group of the D_
registers); every D_OP_ENABLE write with OP_EN=1 of CDMA (convolution), SDP, PDP or CDP
samples the bins of that layer from the programmed register values. Field positions and enum
names come from the register CSV. Prints (and writes with --out) a Markdown report: per
bin group the covered / uncovered bins with hit counts, and the total percentage.
Exit: 0, 2 on bad usage / no trace found.
"""
import argparse
import collections
import csv
import os
import re
import sys

RW = re.compile(r"reg_write\(\s*NVDLA_([A-Z0-9_]+)\.([A-Z0-9_]+)\s*,\s*([^)]+?)\s*\)")
RUNLINE = re.compile(r"^(PASS|FAIL): (\S+) on (\S+), (\d+) cycles")


class Regs:
    def __init__(self, path):
        self.regs = {}      # (unit, reg) -> [(field, lsb, width, reset_field, enums)]
        self.field = {}     # (unit, field) -> (reg, lsb, width, enums{name: val})
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                enums = {}
                for e in (row.get("enums") or "").split("|"):
                    if "=" in e:
                        k, v = e.split("=", 1)
                        enums[k] = int(v, 0)
                lsb, width = int(row["lsb"]), int(row["width"])
                reset = int(row["reset"], 0) if row["reset"] else 0
                key = (row["unit"], row["register"])
                self.regs.setdefault(key, []).append((row["field"], lsb, width, reset, enums))
                self.field.setdefault((row["unit"], row["field"]), (row["register"], lsb, width, enums))

    def reg_name(self, unit, name):
        if (unit, name) in self.regs:
            return name
        if name.endswith("_0") and (unit, name[:-2]) in self.regs:
            return name[:-2]
        return None

    def reset_value(self, unit, reg):
        v = 0
        for _, lsb, width, reset, _ in self.regs[(unit, reg)]:
            v |= (reset & ((1 << width) - 1)) << lsb
        return v


class Layer:
    """Field reader over the register state at one OP_EN."""

    def __init__(self, regs, state):
        self.r, self.state = regs, state

    def f(self, unit, field):
        reg, lsb, width, _ = self.r.field[(unit, field)]
        v = self.state(unit, reg)
        return (v >> lsb) & ((1 << width) - 1)

    def e(self, unit, field):
        """the enum name of a field (or its number)"""
        v = self.f(unit, field)
        enums = self.r.field[(unit, field)][3]
        for k, x in enums.items():
            if x == v:
                return k
        return str(v)


class Bins:
    def __init__(self):
        self.groups = collections.OrderedDict()   # group -> OrderedDict(bin -> count)

    def declare(self, group, names):
        g = self.groups.setdefault(group, collections.OrderedDict())
        for n in names:
            g.setdefault(str(n), 0)

    def hit(self, group, name):
        g = self.groups.setdefault(group, collections.OrderedDict())
        g[str(name)] = g.get(str(name), 0) + 1


def enum_names(regs, unit, field):
    return list(regs.field[(unit, field)][3].keys())


def declare_all(regs, b):
    b.declare("PDP pooling method", [n.replace("POOLING_METHOD_", "") for n in enum_names(regs, "PDP", "POOLING_METHOD")])
    b.declare("PDP kernel width", range(1, 9))
    b.declare("PDP kernel height", range(1, 9))
    b.declare("PDP stride x", range(1, 9))
    b.declare("PDP stride y", range(1, 9))
    b.declare("PDP padding", ["none", "left", "right", "top", "bottom", "nonzero pad value"])
    b.declare("PDP split", ["no split (SPLIT_NUM=0)", "split (SPLIT_NUM>0)"])
    b.declare("PDP flying mode", enum_names(regs, "PDP", "FLYING_MODE"))
    b.declare("CDP LRN size", [n.replace("LEN", "") for n in enum_names(regs, "CDP", "NORMALZ_LEN")])
    b.declare("CDP LUT", ["LE " + n for n in enum_names(regs, "CDP", "LUT_LE_FUNCTION")] +
              ["%s priority %s" % (p, v) for p in ("UFLOW", "OFLOW", "HYBRID") for v in ("LE", "LO")])
    for st in ("BS", "BN"):
        b.declare("SDP %s stage" % st, ["bypassed", "used"])
        b.declare("SDP %s ALU algo" % st, enum_names(regs, "SDP", st + "_ALU_ALGO"))
        b.declare("SDP %s ops" % st, ["MUL", "PReLU", "ReLU", "ALU src REG", "ALU src MEM", "MUL src REG", "MUL src MEM"])
    b.declare("SDP EW stage", ["bypassed", "used"])
    b.declare("SDP EW ALU algo", enum_names(regs, "SDP", "EW_ALU_ALGO"))
    b.declare("SDP EW ops", ["MUL", "PReLU", "LUT", "ALU src REG", "ALU src MEM", "MUL src REG", "MUL src MEM",
                             "ALU CVT", "MUL CVT"])
    for d in ("BRDMA", "NRDMA", "ERDMA"):
        b.declare("SDP_RDMA %s" % d, ["USE " + n for n in enum_names(regs, "SDP_RDMA", d + "_DATA_USE")] +
                  ["SIZE " + n for n in enum_names(regs, "SDP_RDMA", d + "_DATA_SIZE")] +
                  ["MODE " + n for n in enum_names(regs, "SDP_RDMA", d + "_DATA_MODE")])
    b.declare("SDP LUT (EW LUT used)", ["LE " + n for n in enum_names(regs, "SDP", "LUT_LE_FUNCTION")] +
              ["%s priority %s" % (p, v) for p in ("UFLOW", "OFLOW", "HYBRID") for v in ("LE", "LO")])
    b.declare("SDP output", ["MEM", "PDP (fused)", "flying ON (from CACC)", "flying OFF (from memory)"])
    b.declare("Conv stride x", range(1, 9))
    b.declare("Conv stride y", range(1, 9))
    b.declare("Conv dilation", ["x=1", "x>1", "y=1", "y>1"])
    b.declare("Conv padding", ["none", "left", "right", "top", "bottom", "nonzero pad value"])
    b.declare("Conv CVT", ["disabled", "enabled"])
    b.declare("Conv input", enum_names(regs, "CDMA", "DATAIN_FORMAT") + ["DATA_REUSE", "WEIGHT_REUSE"])
    b.declare("Conv kernel RxS", ["1x1", "3x3", "other square", "non-square"])


def sample(unit, L, b):
    if unit == "PDP":
        b.hit("PDP pooling method", L.e("PDP", "POOLING_METHOD").replace("POOLING_METHOD_", ""))
        b.hit("PDP kernel width", L.f("PDP", "KERNEL_WIDTH") + 1)
        b.hit("PDP kernel height", L.f("PDP", "KERNEL_HEIGHT") + 1)
        b.hit("PDP stride x", L.f("PDP", "KERNEL_STRIDE_WIDTH") + 1)
        b.hit("PDP stride y", L.f("PDP", "KERNEL_STRIDE_HEIGHT") + 1)
        pads = {s: L.f("PDP", "PAD_" + s.upper()) for s in ("left", "right", "top", "bottom")}
        if not any(pads.values()):
            b.hit("PDP padding", "none")
        for s, v in pads.items():
            if v:
                b.hit("PDP padding", s)
        if any(pads.values()) and any(L.f("PDP", "PAD_VALUE_%dX" % i) for i in range(1, 8)):
            b.hit("PDP padding", "nonzero pad value")
        b.hit("PDP split", "split (SPLIT_NUM>0)" if L.f("PDP", "SPLIT_NUM") else "no split (SPLIT_NUM=0)")
        b.hit("PDP flying mode", L.e("PDP", "FLYING_MODE"))
    elif unit == "CDP":
        b.hit("CDP LRN size", L.e("CDP", "NORMALZ_LEN").replace("LEN", ""))
        b.hit("CDP LUT", "LE " + L.e("CDP", "LUT_LE_FUNCTION"))
        for p in ("UFLOW", "OFLOW", "HYBRID"):
            b.hit("CDP LUT", "%s priority %s" % (p, L.e("CDP", "LUT_%s_PRIORITY" % p)))
    elif unit == "SDP":
        for st in ("BS", "BN", "EW"):
            if L.f("SDP", st + "_BYPASS"):
                b.hit("SDP %s stage" % st, "bypassed")
                continue
            b.hit("SDP %s stage" % st, "used")
            ops = "SDP %s ops" % st
            if not L.f("SDP", st + "_ALU_BYPASS"):
                b.hit("SDP %s ALU algo" % st, L.e("SDP", st + "_ALU_ALGO"))
                b.hit(ops, "ALU src " + L.e("SDP", st + "_ALU_SRC"))
                if st == "EW" and not L.f("SDP", "EW_ALU_CVT_BYPASS"):
                    b.hit(ops, "ALU CVT")
            if not L.f("SDP", st + "_MUL_BYPASS"):
                b.hit(ops, "MUL")
                b.hit(ops, "MUL src " + L.e("SDP", st + "_MUL_SRC"))
                if L.f("SDP", st + "_MUL_PRELU"):
                    b.hit(ops, "PReLU")
                if st == "EW" and not L.f("SDP", "EW_MUL_CVT_BYPASS"):
                    b.hit(ops, "MUL CVT")
            if st != "EW" and not L.f("SDP", st + "_RELU_BYPASS"):
                b.hit(ops, "ReLU")
            if st == "EW" and not L.f("SDP", "EW_LUT_BYPASS"):
                b.hit(ops, "LUT")
                b.hit("SDP LUT (EW LUT used)", "LE " + L.e("SDP", "LUT_LE_FUNCTION"))
                for p in ("UFLOW", "OFLOW", "HYBRID"):
                    b.hit("SDP LUT (EW LUT used)", "%s priority %s" % (p, L.e("SDP", "LUT_%s_PRIORITY" % p)))
        for d in ("BRDMA", "NRDMA", "ERDMA"):
            if not L.f("SDP_RDMA", d + "_DISABLE"):
                for k in ("USE", "SIZE", "MODE"):
                    b.hit("SDP_RDMA %s" % d, "%s %s" % (k, L.e("SDP_RDMA", "%s_DATA_%s" % (d, k))))
        b.hit("SDP output", "PDP (fused)" if L.f("SDP", "OUTPUT_DST") else "MEM")
        b.hit("SDP output", "flying ON (from CACC)" if L.f("SDP", "FLYING_MODE") else "flying OFF (from memory)")
    elif unit == "CDMA":
        b.hit("Conv stride x", L.f("CDMA", "CONV_X_STRIDE") + 1)
        b.hit("Conv stride y", L.f("CDMA", "CONV_Y_STRIDE") + 1)
        b.hit("Conv dilation", "x>1" if L.f("CSC", "X_DILATION_EXT") else "x=1")
        b.hit("Conv dilation", "y>1" if L.f("CSC", "Y_DILATION_EXT") else "y=1")
        pads = {s: L.f("CDMA", "PAD_" + s.upper()) for s in ("left", "right", "top", "bottom")}
        if not any(pads.values()):
            b.hit("Conv padding", "none")
        for s, v in pads.items():
            if v:
                b.hit("Conv padding", s)
        if any(pads.values()) and L.f("CDMA", "PAD_VALUE"):
            b.hit("Conv padding", "nonzero pad value")
        b.hit("Conv CVT", "enabled" if L.f("CDMA", "CVT_EN") else "disabled")
        b.hit("Conv input", L.e("CDMA", "DATAIN_FORMAT"))
        if L.f("CDMA", "DATA_REUSE"):
            b.hit("Conv input", "DATA_REUSE")
        if L.f("CDMA", "WEIGHT_REUSE"):
            b.hit("Conv input", "WEIGHT_REUSE")
        r, s = L.f("CSC", "WEIGHT_HEIGHT_EXT") + 1, L.f("CSC", "WEIGHT_WIDTH_EXT") + 1
        b.hit("Conv kernel RxS", "1x1" if r == s == 1 else "3x3" if r == s == 3 else
              "other square" if r == s else "non-square")


def replay(path, regs, b, stats):
    state = {}
    pointer = collections.defaultdict(int)

    def key(unit, reg):
        return (unit, pointer[unit] if reg.startswith("D_") else "S", reg)

    def get(unit, reg):
        k = key(unit, reg)
        if k not in state:
            state[k] = regs.reset_value(unit, reg)
        return state[k]

    with open(path, errors="replace") as f:
        for line in f:
            s = line.strip()
            if s.startswith("//"):
                continue
            m = RW.search(s)
            if not m:
                continue
            unit, name, val = m.group(1), m.group(2), m.group(3)
            reg = regs.reg_name(unit, name)
            try:
                v = int(val, 0)
            except ValueError:
                stats["unparsed"] += 1
                continue
            if reg is None:
                stats["unknown registers"] += 1
                continue
            stats["reg_write"] += 1
            if reg == "S_POINTER":
                pointer[unit] = v & 1
            state[key(unit, reg)] = v
            if reg == "D_OP_ENABLE" and (v & 1) and unit in ("CDMA", "SDP", "PDP", "CDP"):
                stats["layers " + unit] += 1
                sample(unit, Layer(regs, get), b)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--csv", default=os.path.join(here, "..", "gen", "regdefs", "nvdla_nv_small.csv"))
    ap.add_argument("--out", help="also write the Markdown report here")
    ap.add_argument("paths", nargs="+")
    a = ap.parse_args()
    regs = Regs(a.csv)
    cfgs, logs = [], []
    for p in a.paths:
        if os.path.isdir(p):
            for d, _, files in os.walk(p):
                for fn in sorted(files):
                    if fn.endswith(".cfg"):
                        cfgs.append(os.path.join(d, fn))
                    elif fn.endswith(".log"):
                        logs.append(os.path.join(d, fn))
        elif p.endswith(".cfg"):
            cfgs.append(p)
        elif os.path.isfile(p):
            logs.append(p)
        else:
            print("func_coverage: no such file or folder: %s" % p, file=sys.stderr)
            return 2
    seen, uniq = set(), []
    for c in cfgs:
        r = os.path.realpath(c)
        if r not in seen:
            seen.add(r)
            uniq.append(c)
    if not uniq and not logs:
        print("func_coverage: no .cfg trace or log found", file=sys.stderr)
        return 2
    b = Bins()
    declare_all(regs, b)
    stats = collections.Counter()
    for c in uniq:
        replay(c, regs, b, stats)
    runs = collections.Counter()
    for lg in logs:
        try:
            for line in open(lg, errors="replace"):
                m = RUNLINE.match(line)
                if m:
                    runs[(m.group(2), m.group(3), m.group(1))] += 1
        except OSError:
            pass

    out = ["# NVDLA register-space functional coverage", ""]
    out.append("%d trace files, %d reg_write lines; layers sampled at OP_EN: %s%s" % (
        len(uniq), stats["reg_write"],
        ", ".join("%s %d" % (u, stats["layers " + u]) for u in ("CDMA", "SDP", "PDP", "CDP")),
        "; %d writes to unknown registers" % stats["unknown registers"] if stats["unknown registers"] else ""))
    out.append("")
    out.append("| group | covered | bins | % | covered bins (hits) | uncovered bins |")
    out.append("|---|---:|---:|---:|---|---|")
    tot = cov = 0
    for g, bins in b.groups.items():
        c = [k for k, v in bins.items() if v]
        u = [k for k, v in bins.items() if not v]
        tot += len(bins)
        cov += len(c)
        out.append("| %s | %d | %d | %.0f%% | %s | %s |" % (
            g, len(c), len(bins), 100.0 * len(c) / len(bins) if bins else 0,
            ", ".join("%s (%d)" % (k, bins[k]) for k in c) or "-", ", ".join(u) or "-"))
    out.append("")
    out.append("**Total: %d of %d bins covered (%.1f%%)**" % (cov, tot, 100.0 * cov / tot if tot else 0))
    if runs:
        out += ["", "## Runs seen in the logs", "", "| test | dut | PASS | FAIL |", "|---|---|---:|---:|"]
        names = sorted({(t, d) for t, d, _ in runs})
        for t, d in names:
            out.append("| %s | %s | %d | %d |" % (t, d, runs[(t, d, "PASS")], runs[(t, d, "FAIL")]))
        eth = sorted({t for t, _ in names if t.startswith("ethosu/")})
        if eth:
            out += ["", "Ethos-U65 sequences exercised: " + ", ".join(eth)]
    text = "\n".join(out) + "\n"
    sys.stdout.write(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
