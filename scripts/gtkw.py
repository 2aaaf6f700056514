#!/usr/bin/env python3
"""gtkw.py: write a GTKWave save file (.gtkw) for a dump of `make sim WAVES=...`.

Usage:
    scripts/gtkw.py --dump PATH [--log sim.log] [--period-ps P] [--out view.gtkw]

PATH is a VCD (.vcd), a gzip'd VCD (.vcd.gz) or an FST (.fst, read through
GTKWave's fst2vcd). The view, written beside the dump unless --out says
otherwise (waves.vcd, waves.vcd.gz and waves.fst all give waves.gtkw), shows:

  - the clock and reset first (dla_core_clk, dla_reset_rstn / CLK, nRESET,
    PORPL, PORSL), then the `cycle` counter in decimal;
  - one group per interface and channel the dump has, recognised by the pin
    names of the NVDLA top (CSB request csb2nvdla_*, CSB response
    nvdla2csb_*, DBBIF AR/R/AW/W/B nvdla_core2dbb_{ar,r,aw,w,b}_*, SRAMIF
    nvdla_core2cvsram_{ar,r,aw,w,b}_*, interrupt dla_intr) and of the
    Ethos-U65 top (APB P*, M0/M1 {AW,W,B,AR,R}*M0 / *M1 with the port's
    AWAKEUP/ACLKEN, IRQ, Q-channel, weight decoder WDVALID/WDWEIGHT/WDLAST),
    then the C twin's state (its `twin` scope), if any;
  - buses in hex, single bits in binary; only signals the dump has, named as
    GTKWave names them (TOP.csb2nvdla_addr[15:0]).

The pins are taken from the shallowest scope that holds the clock (TOP for
both the C twins and Verilator), so a user's RTL top with the NVDLA port
names gets the same view.

With --log, the failure cycle N of the run (the line `first failure: FAIL
cycle N: ...`) is marked (primary marker, and named marker A) and the view
zoomed on cycles N-40 .. N+10; otherwise (no --log, or a run that passed) the
view shows the whole run. The time of cycle N comes from the dump's `cycle`
counter, or N * P with --period-ps P (for a dump without the counter;
without either, 10000 ps is assumed and said so).

Exit status: 0 written, 1 nothing to show (no known pin in the dump), 2 bad
input (unreadable dump or log, fst2vcd missing for an FST).
"""

import argparse
import gzip
import math
import os
import re
import shutil
import subprocess
import sys

# The window around a failure, in cycles before and after it.
BEFORE, AFTER = 40, 10
DEFAULT_PERIOD_PS = 10000

# GTKWave trace flags (analyzer.h): TR_HEX 0x02, TR_DEC 0x04, TR_BIN 0x08,
# TR_RJUSTIFY 0x20, TR_BLANK 0x200, TR_GRP_BEGIN 0x800000, TR_GRP_END 0x1000000.
FLAG_HEX, FLAG_DEC, FLAG_BIN = "22", "24", "28"
FLAG_GROUP_BEGIN, FLAG_GROUP_END = "800200", "1000200"

# Window geometry written to the file; the zoom is computed for the wave
# pane it leaves (WAVE_PX, as GTKWave 3.3 lays it out). GTKWave shows
# 2^-zoom / ZOOM_PX_PER_FRAME time units per pixel (its 200 pixels per frame).
SIZE_W, SIZE_H = 1400, 900
SST_W, SIGNALS_W = 200, 330
WAVE_PX = 770
ZOOM_PX_PER_FRAME = 200

CLOCKS = ("dla_core_clk", "CLK")
# reset and reset-time levels, after the clock
RESETS = ("dla_reset_rstn", "nRESET", "PORPL", "PORSL")
CYCLE = "cycle"

# field order inside a channel; unknown fields follow in dump order
AXI_ORDER = ("valid", "ready", "id", "addr", "len", "size", "burst", "lock", "cache", "prot",
             "qos", "region", "user", "data", "strb", "resp", "last")
CSB_REQ_ORDER = ("valid", "ready", "addr", "wdat", "write", "nposted")
CSB_RSP_ORDER = ("valid", "data", "wr_complete")
APB_ORDER = ("sel", "enable", "write", "addr", "wdata", "strb", "prot", "wakeup", "clken",
             "ready", "rdata", "slverr")
AXI_CHANNELS = ("ar", "r", "aw", "w", "b")


def die(msg, status=2):
    print("gtkw: " + msg, file=sys.stderr)
    sys.exit(status)


class Signal:
    """One $var of the dump."""

    def __init__(self, scope, ref, width, vid, rng, vtype, index):
        self.scope = scope          # tuple of scope names
        self.ref = ref              # name as declared, without a range
        self.width = width
        self.id = vid
        self.index = index          # declaration order
        self.gtkname = ".".join(scope + (ref + gtkwave_range(ref, rng, width, vtype),))


def gtkwave_range(ref, rng, width, vtype):
    """The bit range GTKWave appends to a signal's name: the declared one
    ([7:0], [0:0] shown as [0]), else [width-1:0] for a vector of a net or
    variable type; integers, reals, events and the like get none."""
    if "[" in ref:
        return ""
    if rng:
        m = re.fullmatch(r"\[(-?\d+):(-?\d+)\]", rng)
        if m and m.group(1) == m.group(2):
            return "[%s]" % m.group(1)
        return rng
    if width > 1 and vtype not in ("integer", "real", "realtime", "time", "event", "parameter",
                                   "string", "real_parameter", "int", "shortint", "longint",
                                   "byte", "enum", "shortreal"):
        return "[%d:0]" % (width - 1)
    return ""


# ---- reading the dump -------------------------------------------------------

class Dump:
    """A dump's lines as VCD text: the file, through gzip, or through fst2vcd."""

    def __init__(self, path):
        self.path = path
        self.proc = None
        if not os.path.isfile(path):
            die("no dump %s" % path)
        if path.endswith(".fst"):
            if not shutil.which("fst2vcd"):
                die("%s is an FST: reading it needs GTKWave's fst2vcd (Debian package gtkwave)"
                    % path)
            self.proc = subprocess.Popen(["fst2vcd", "-f", path], stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, universal_newlines=True,
                                         errors="replace")
            self.f = self.proc.stdout
        elif path.endswith(".gz"):
            self.f = gzip.open(path, "rt", errors="replace")
        else:
            self.f = open(path, "r", errors="replace")

    def close(self, complete=False):
        """Close; complete: the whole output was read (an fst2vcd failure is an error)."""
        self.f.close()
        if self.proc:
            if not complete:
                self.proc.kill()
            err = self.proc.stderr.read().strip() if complete else ""
            rc = self.proc.wait()
            self.proc.stderr.close()
            if complete and rc != 0:
                die("fst2vcd %s failed (exit status %d): %s" % (self.path, rc, err))


def read_header(dump):
    """Signals and timescale from the declarations (up to $enddefinitions)."""
    signals, scope = [], []
    timescale = None
    it = iter(dump.f)

    def words():
        for line in it:
            for w in line.split():
                yield w
    w = words()
    try:
        for tok in w:
            if tok == "$enddefinitions":
                break
            if tok == "$scope":
                body = take_until_end(w)
                scope.append(body[1] if len(body) > 1 else body[0])
            elif tok == "$upscope":
                take_until_end(w)
                if scope:
                    scope.pop()
            elif tok == "$var":
                body = take_until_end(w)
                if len(body) < 4:
                    continue
                vtype, width, vid, ref = body[0], body[1], body[2], body[3]
                rng = "".join(body[4:]) if len(body) > 4 else ""
                try:
                    width = int(width)
                except ValueError:
                    continue
                signals.append(Signal(tuple(scope), ref, width, vid, rng, vtype, len(signals)))
            elif tok == "$timescale":
                timescale = "".join(take_until_end(w))
            elif tok.startswith("$"):
                take_until_end(w)
        else:
            die("%s: no $enddefinitions: not a VCD (or cut short)" % dump.path)
    except (OSError, EOFError, UnicodeDecodeError) as e:
        die("%s: cannot read: %s" % (dump.path, e))
    return signals, timescale or "1ns", it


def take_until_end(words):
    body = []
    for tok in words:
        if tok == "$end":
            return body
        body.append(tok)
    return body


def timescale_ps(ts):
    """GTKWave's time unit and multiplier for a $timescale: times in the save
    file are dump ticks times the multiplier, in the unit."""
    m = re.fullmatch(r"(1|10|100)\s*(s|ms|us|ns|ps|fs)", ts.strip())
    if not m:
        die("unsupported $timescale '%s'" % ts)
    unit_ps = {"s": 1e12, "ms": 1e9, "us": 1e6, "ns": 1e3, "ps": 1.0, "fs": 1e-3}[m.group(2)]
    return int(m.group(1)), unit_ps


def scan_times(lines, cycle_id, want_upto):
    """Walk the value changes: the first and last time, and the time each
    value of the cycle counter (cycle_id) first appears; stops once the
    counter passed want_upto (None: read to the end). Returns (first, last,
    {cycle: time}, complete)."""
    first = last = None
    cyc = {}
    t = 0
    for line in lines:
        if not line:
            continue
        c = line[0]
        if c == "#":
            try:
                t = int(line[1:])
            except ValueError:
                continue
            if first is None:
                first = t
            last = t
        elif cycle_id is not None and c in "bB":
            parts = line.split()
            if len(parts) == 2 and parts[1] == cycle_id:
                try:
                    v = int(parts[0][1:], 2)
                except ValueError:
                    continue
                cyc.setdefault(v, t)
                if want_upto is not None and v > want_upto:
                    return first, last, cyc, False
    return first, last, cyc, True


# ---- the failure ------------------------------------------------------------

def failure_cycle(log):
    try:
        with open(log, errors="replace") as f:
            for line in f:
                m = re.match(r"first failure: FAIL cycle (\d+):", line)
                if m:
                    return int(m.group(1))
    except OSError as e:
        die("cannot read the log %s: %s" % (log, e.strerror))
    return None


# ---- the layout -------------------------------------------------------------

def field_rank(field, order):
    f = field.lower()
    return order.index(f) if f in order else len(order)


def layout(signals):
    """[(group name or None, [Signal, ...]), ...] for what the dump has."""
    # the pins' scope: the shallowest holding a clock, else the shallowest
    # holding any known pin
    def depth_of(names):
        cands = [s for s in signals if s.ref in names]
        return min(cands, key=lambda s: (len(s.scope), s.index)).scope if cands else None
    top = depth_of(CLOCKS)
    if top is None:
        known = [s for s in signals if classify(s.ref)]
        if not known:
            return [], None
        top = min(known, key=lambda s: (len(s.scope), s.index)).scope
    pins = [s for s in signals if s.scope == top]
    byname = {}
    for s in pins:
        byname.setdefault(s.ref, s)

    out = []
    head = [byname[n] for n in CLOCKS + RESETS if n in byname]
    if head:
        out.append((None, head))
    # the cycle counter: beside the pins, or in a scope above them (the
    # SystemC harness's dut scope holds it, the pins one level down)
    counters = [s for s in signals if s.ref == CYCLE and s.scope == top[:len(s.scope)]]
    if counters:
        out.append((None, [max(counters, key=lambda s: (len(s.scope), -s.index))]))
    groups = {}
    for s in pins:
        c = classify(s.ref)
        if c:
            name, rank = c
            groups.setdefault(name, []).append((rank, s.index, s))
    for name in GROUP_ORDER:
        if name in groups:
            out.append((name, [s for _, _, s in sorted(groups.pop(name), key=lambda x: x[:2])]))
    for name in sorted(groups):     # (every group name is in GROUP_ORDER; kept for safety)
        out.append((name, [s for _, _, s in sorted(groups[name], key=lambda x: x[:2])]))
    twin = [s for s in signals if s.scope == top + ("twin",)]
    if twin:
        out.append(("twin state", twin))
    return out, top


GROUP_ORDER = (["CSB request", "CSB response", "interrupt"] +
               ["DBBIF " + c.upper() for c in AXI_CHANNELS] +
               ["SRAMIF " + c.upper() for c in AXI_CHANNELS] +
               ["APB", "IRQ", "Q-channel"] +
               [p + " " + x for p in ("M0", "M1") for x in ["clock/wakeup"] + [c.upper() for c in AXI_CHANNELS]] +
               ["weight decoder"])


def classify(ref):
    """(group, rank) of a pin name, or None."""
    if ref.startswith("csb2nvdla_"):
        return "CSB request", field_rank(ref[len("csb2nvdla_"):], CSB_REQ_ORDER)
    if ref.startswith("nvdla2csb_"):
        return "CSB response", field_rank(ref[len("nvdla2csb_"):], CSB_RSP_ORDER)
    if ref == "dla_intr":
        return "interrupt", 0
    for port, iface in (("nvdla_core2dbb_", "DBBIF"), ("nvdla_core2cvsram_", "SRAMIF")):
        if ref.startswith(port):
            m = re.fullmatch(r"(ar|r|aw|w|b)_(\1)?(\w+)", ref[len(port):])
            if m:
                return "%s %s" % (iface, m.group(1).upper()), field_rank(m.group(3), AXI_ORDER)
    if ref in CLOCKS or ref in RESETS or ref == CYCLE:
        return None
    if ref in ("WDVALID", "WDWEIGHT", "WDLAST"):
        return "weight decoder", ("WDVALID", "WDWEIGHT", "WDLAST").index(ref)
    if ref == "IRQ":
        return "IRQ", 0
    if ref in ("CLKQACTIVE", "CLKQREQn"):
        return "Q-channel", 0
    m = re.fullmatch(r"P([A-Z]+)", ref)
    if m:
        return "APB", field_rank(m.group(1), APB_ORDER)
    m = re.fullmatch(r"(AWAKEUP|ACLKEN)(M[01])", ref)
    if m:
        return m.group(2) + " clock/wakeup", 0
    m = re.fullmatch(r"(AW|AR|W|B|R)([A-Z]+)(M[01])", ref)
    if m:
        return "%s %s" % (m.group(3), m.group(1)), field_rank(m.group(2), AXI_ORDER)
    return None


# ---- the save file ----------------------------------------------------------

def write_gtkw(out, dump_path, groups, timestart, zoom, marker, fail_note):
    lines = ["[*]", "[*] GTKWave view written by scripts/gtkw.py%s" % fail_note, "[*]",
             '[dumpfile] "%s"' % os.path.abspath(dump_path),
             '[savefile] "%s"' % os.path.abspath(out),
             "[timestart] %d" % timestart,
             "[size] %d %d" % (SIZE_W, SIZE_H),
             "[pos] -1 -1",
             # zoom, primary marker, then the 26 named markers A..Z
             "*%f %d %s" % (zoom, marker, " ".join([str(marker)] + ["-1"] * 25)),
             ]
    if marker >= 0:
        lines.append("[markername] AFAIL")
    lines += ["[sst_width] %d" % SST_W, "[signals_width] %d" % SIGNALS_W, "[sst_expanded] 1",
              "[sst_vpaned_height] 200"]
    flag = None
    for name, sigs in groups:
        if name:
            lines += ["@" + FLAG_GROUP_BEGIN, "-" + name]
            flag = FLAG_GROUP_BEGIN
        for s in sigs:
            want = FLAG_DEC if s.ref == CYCLE else FLAG_BIN if s.width == 1 else FLAG_HEX
            if want != flag:
                lines.append("@" + want)
                flag = want
            lines.append(s.gtkname)
        if name:
            lines += ["@" + FLAG_GROUP_END, "-" + name]
            flag = FLAG_GROUP_END
    lines += ["[pattern_trace] 1", "[pattern_trace] 0"]
    tmp = out + ".tmp"
    try:
        with open(tmp, "w") as f:
            f.write("\n".join(lines) + "\n")
        os.replace(tmp, out)
    except OSError as e:
        try:
            os.remove(tmp)  # no half-written view left (a full disk)
        except OSError:
            pass
        die("cannot write %s: %s (nothing is left of it)" % (out, e.strerror))


def default_out(dump):
    base = dump[:-3] if dump.endswith(".gz") else dump
    root, ext = os.path.splitext(base)
    return (root if ext in (".vcd", ".fst") else base) + ".gtkw"


def main():
    ap = argparse.ArgumentParser(
        description="Write a GTKWave save file (.gtkw) for a dump of make sim WAVES=...: clock, "
                    "reset and cycle first, one group per interface and channel, the failure "
                    "of --log marked and zoomed on.")
    ap.add_argument("--dump", required=True, help="the dump: .vcd, .vcd.gz or .fst")
    ap.add_argument("--log", help="the run's sim.log: its first failure is marked and zoomed on")
    ap.add_argument("--period-ps", type=int, metavar="P",
                    help="clock period in ps, for a dump without a cycle counter "
                         "(default: read the dump's `cycle`)")
    ap.add_argument("--out", help="the save file (default: beside the dump, .gtkw)")
    a = ap.parse_args()
    if a.period_ps is not None and a.period_ps <= 0:
        die("--period-ps must be positive, got %d" % a.period_ps)
    out = a.out or default_out(a.dump)
    fail = failure_cycle(a.log) if a.log else None

    dump = Dump(a.dump)
    signals, timescale, rest = read_header(dump)
    mult, unit_ps = timescale_ps(timescale)
    groups, top = layout(signals)
    if not groups:
        dump.close()
        die("%s holds none of the NVDLA or Ethos-U65 top's pins (dla_core_clk, csb2nvdla_*, "
            "CLK, PSEL, ...)" % a.dump, 1)
    cyc_sig = next((s for g in groups for s in g[1] if s.ref == CYCLE), None)
    use_counter = cyc_sig is not None and a.period_ps is None
    want = fail + AFTER if fail is not None else None
    try:
        first, last, cyc, complete = scan_times((l.rstrip("\n") for l in rest),
                                                cyc_sig.id if use_counter and fail is not None else None,
                                                want)
    except (OSError, EOFError) as e:
        die("%s: cannot read: %s" % (a.dump, e))
    dump.close(complete)
    if first is None:
        first = last = 0

    def ticks_of_cycle(n):
        """Dump ticks of cycle n's low phase, or None if the dump lacks it."""
        if use_counter:
            return cyc.get(n)
        return int(round(n * period_ps / (unit_ps * mult)))
    period_ps = a.period_ps or DEFAULT_PERIOD_PS
    if fail is not None and not use_counter and a.period_ps is None:
        print("gtkw: %s has no cycle counter: cycle times from a %d ps period (--period-ps)"
              % (a.dump, DEFAULT_PERIOD_PS), file=sys.stderr)

    marker = -1
    lo, hi = first, last
    note = ""
    if fail is not None:
        t = ticks_of_cycle(fail)
        if t is None or t < first or (complete and t > last):
            if use_counter:
                span = "cycles %d..%d" % (min(cyc), max(cyc)) if cyc else "no cycle counted"
            else:
                span = "times %d..%d x %s" % (first, last, timescale)
            print("gtkw: failure cycle %d is not in %s (%s): whole run shown, nothing marked"
                  % (fail, a.dump, span), file=sys.stderr)
        else:
            marker = t
            lo = ticks_of_cycle(max(fail - BEFORE, 0))
            if lo is None or lo < first:
                lo = first
            hi = ticks_of_cycle(fail + AFTER)
            if hi is None or (complete and hi > last):
                hi = last if complete else max(cyc.values())
            note = ": first failure at cycle %d" % fail
    # GTKWave's times: dump ticks times the timescale's multiplier
    lo, hi = lo * mult, hi * mult
    marker = marker * mult if marker >= 0 else -1
    span = max(hi - lo, 1)
    zoom = -math.log2(span * ZOOM_PX_PER_FRAME / WAVE_PX)
    write_gtkw(out, a.dump, groups, lo, zoom, marker, note)
    nsig = sum(len(g[1]) for g in groups)
    ngrp = sum(1 for g in groups if g[0])
    msg = "gtkw: %s: %d signals of %s in %d groups" % (out, nsig, ".".join(top), ngrp)
    if marker >= 0:
        msg += ", failure cycle %d marked at %d %s" % (fail, marker, timescale.lstrip("0123456789 "))
    print(msg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
