#!/usr/bin/env python3
"""test_strength.py: how much of each test's program its check sees (make test-strength).

A test that still passes after its program was changed cannot tell the
change from the original: that part of the program is not checked. For every
shipped NVDLA trace and every Ethos-U65 corpus network this runs mutants on
the twin and tables those that still pass:

  trace    no-input   every mem_load removed (memory starts zeroed)
           field      one field of one reg_write changed (its lowest bit
                      flipped; an enumerated field takes another of its values)
  network  no-input   the input_<i>.npy files zeroed (same shape and type)
           cmd-byte   one byte of the payload (command stream) flipped, named by
                      the command (and part) or driver payload action holding it
           weight-byte one byte of the weight data flipped

The unchanged test runs first; a test whose own run does not pass has no
mutants. SAMPLE=N keeps N field mutants per trace (a seeded sample, SEED);
0 keeps them all. Each surviving mutant is explained by the first line of
the reasons file (scripts/regress/strength_reasons.csv: test glob, mutant
glob, reason), then of scripts/regress/strength_reasons_rtl.csv (the ones
the real RTL agrees with, make test-strength-rtl), that matches it, or is
UNEXPLAINED.

Writes OUT/table.md (per test: mutants run, still passing and which, with
their reasons; then per field), OUT/survivors.csv, and keeps each survivor's
folder in OUT/mutants/. Prints one line per test and `test-strength: N
mutants, S still pass (U unexplained)`; exit 0 (with --strict: 1 when a
survivor is unexplained), 2 on bad input.
Usage: scripts/regress/test_strength.py [--traces DIR ...] [--networks DIR] [--sample N]
       [--seed N] [--jobs N] [--filter GLOB] [--out DIR] [--reasons FILE] [--net-flips N] [--strict]
"""
import argparse
import ast
import concurrent.futures
import csv
import fnmatch
import functools
import os
import random
import re
import shutil
import struct
import sys
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simrun  # noqa: E402

ROOT = simrun.ROOT
REGDEFS = os.path.join(ROOT, "scripts", "gen", "regdefs", "nvdla_nv_small.csv")
CONFIGS_CSV = os.path.join(ROOT, "scripts", "gen", "regdefs", "nvdla_configs.csv")
DEFAULT_TRACES = [os.path.join("testdata", "nvdla-traces", "nv_small"), os.path.join("testdata", "nvdla-traces", "nv_large")]
DEFAULT_NETWORKS = os.path.join("sequences", "ethosu", "networks")
DEFAULT_REASONS = os.path.join(ROOT, "scripts", "regress", "strength_reasons.csv")
# the survivors the real RTL agrees with (make test-strength-rtl writes it), read after the above
RTL_REASONS = os.path.join(ROOT, "scripts", "regress", "strength_reasons_rtl.csv")
CMDS_CSV = os.path.join(ROOT, "scripts", "gen", "regdefs", "ethosu_cmds.csv")
ETHOSU_REGS_CSV = os.path.join(ROOT, "scripts", "gen", "regdefs", "ethosu65.csv")
REG_WRITE_RE = re.compile(r"^(\s*reg_write\(\s*NVDLA_(\w+)\.(\w+?)_0\s*,\s*)(0x[0-9a-fA-F]+|\d+)(\s*\);.*)$")
TIMEOUT = 300


class Field:
    def __init__(self, name, lsb, width, enums):
        self.name, self.lsb, self.width, self.enums = name, lsb, width, enums


def load_regdefs(path):
    """{(unit, register): [Field]} of the writable fields."""
    regs = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            if row["access"] not in ("RW", "WO", "W1C", "W1S") or row["field"] == "":
                continue
            enums = []
            for e in filter(None, row["enums"].split("|")):
                try:
                    enums.append(int(e.split("=", 1)[1], 0))
                except (IndexError, ValueError):
                    pass
            regs.setdefault((row["unit"], row["register"]), []).append(
                Field(row["field"], int(row["lsb"]), int(row["width"]), enums))
    return regs


def known_configs():
    with open(CONFIGS_CSV, newline="") as f:
        return set(next(csv.reader(f))[1:])


def other_value(old, fld):
    """Another legal value of the field: another enumerated value, else the
    old one with its lowest bit flipped."""
    if fld.enums and old in fld.enums and len(fld.enums) > 1:
        return fld.enums[(fld.enums.index(old) + 1) % len(fld.enums)]
    return old ^ 1


# ---- mutants ------------------------------------------------------------------
# A mutant: (id, kind, what, make(folder)) where make writes the mutated test
# into folder and returns the path to run; what names the mutated field or
# byte class for the reasons file and the per-field table.

def trace_mutants(folder, regs, sample, rng):
    cfg = simrun.cfg_of(folder)
    with open(cfg) as f:
        lines = f.read().split("\n")
    name = os.path.basename(cfg)

    def writer(new_lines):
        def make(dst):
            for e in os.listdir(folder):
                src = os.path.join(folder, e)
                if os.path.isfile(src) and not e.endswith(".cfg"):
                    shutil.copyfile(src, os.path.join(dst, e))
            with open(os.path.join(dst, name), "w") as f:
                f.write("\n".join(new_lines))
            return dst
        return make

    out = [("no-input", "no-input", "no-input",
            writer(["// mem_load removed: " + x if x.lstrip().startswith("mem_load(") else x for x in lines]))]
    fields = []
    for i, line in enumerate(lines):
        m = REG_WRITE_RE.match(line)
        if not m or (m.group(2), m.group(3)) not in regs:
            continue
        value = int(m.group(4), 0)
        for fld in regs[(m.group(2), m.group(3))]:
            mask = ((1 << fld.width) - 1) << fld.lsb
            old = (value & mask) >> fld.lsb
            new = other_value(old, fld) & ((1 << fld.width) - 1)
            if new == old:
                continue
            nv = (value & ~mask) | (new << fld.lsb)
            what = "%s.%s.%s" % (m.group(2), m.group(3), fld.name)
            mid = "L%d:%s %#x->%#x" % (i + 1, what, old, new)
            mutated = list(lines)
            mutated[i] = "%s%#x%s" % (m.group(1), nv, m.group(5))
            fields.append((mid, "field", what, writer(mutated)))
    if sample and len(fields) > sample:
        keep = set(rng.sample(range(len(fields)), sample))
        fields = [x for k, x in enumerate(fields) if k in keep]
    return out + fields


@functools.lru_cache(maxsize=None)   # read once: every network names its mutants with it
def load_cmds(path=CMDS_CSV):
    """The Ethos-U commands: {product (u65, u85): {opcode: (name, [(field, lsb, width)])}}."""
    out = {"u65": {}, "u85": {}}
    with open(path, newline="") as f:
        rows = [r for r in csv.reader(f) if r and not r[0].startswith("#")]
    for r in rows[1:]:
        fields = [(n, int(lsb), int(w)) for n, lsb, w in (x.split(":") for x in r[4].split())]
        for product in r[0].split():
            out[product][int(r[1], 16)] = (r[2], fields)
    return out


@functools.lru_cache(maxsize=None)
def config_fields(path=ETHOSU_REGS_CSV):
    """The fields of the ID and CONFIG registers: {(register, product 0/1/2): [(field, lsb, width)]}
    (a product's column '-' leaves the field out)."""
    out = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            if r["page"] == "BASE" and r["register"] in ("ID", "CONFIG"):
                for prod, col in enumerate(("u55", "u65", "u85")):
                    if r[col].strip() != "-":
                        out.setdefault((r["register"], prod), []).append((r["field"], int(r["lsb"]), int(r["width"])))
    return out


def config_action_part(words, i, at):
    """Byte `at` of the CONFIG action at word i (the tag, the CONFIG word, the ID word)."""
    k = (at - 4 * i) // 4
    if k == 0:
        return "driver payload CONFIG action tag bit %d" % (8 * (at % 4))
    reg, bit = ("CONFIG", "ID")[k - 1], 8 * (at % 4)
    product = words[i + 1] >> 28 if i + 1 < len(words) else 0
    f = next((x for x in config_fields().get((reg, product), []) if x[1] <= bit < x[1] + x[2]), None)
    return "driver payload CONFIG action: %s %s" % (reg, "%s bit %d" % (f[0], bit - f[1]) if f else "bit %d" % bit)


def cmd_byte_name(payload, at, commands):
    """What bit 0 of byte `at` of a driver payload (Vela's cmd_data: the COP1
    header, then actions: CONFIG 3 words, CMD_STREAM 1 and its length, the
    others 1) is: the header, an action, or the command holding it and its
    part (opcode, a param field, the payload)."""
    words = [struct.unpack_from("<I", payload, 4 * i)[0] for i in range(len(payload) // 4)]
    if not words or words[0] != 0x31504F43:
        return "not a COP1 driver payload"
    if at < 4:
        return "driver payload header (COP1)"
    i = 1
    while i < len(words):
        tag = words[i]
        size = 3 if tag & 0xFF == 1 else 1
        if tag & 0xFF == 2:
            n = ((tag >> 8) & 0xFF) << 16 | tag >> 16
            if at < 4 * (i + 1 + n):
                return command_part(words[i + 1:i + 1 + n], at - 4 * (i + 1), commands) if at >= 4 * (i + 1) \
                    else "driver payload CMD_STREAM action"
            i += 1 + n
            continue
        if at < 4 * (i + size):
            return config_action_part(words, i, at) if tag & 0xFF == 1 else "driver payload action %d" % (tag & 0xFF)
        i += size
    return "past the driver payload's actions"


def command_part(words, at, commands):
    i = 0
    while i < len(words):
        size = 2 if words[i] & 0x4000 else 1
        if at < 4 * (i + size):
            op = words[i] & 0xFFFF
            name, fields = commands.get(op, ("opcode 0x%04x" % op, []))
            k = at - 4 * i
            if k < 2:
                return "%s opcode bit %d" % (name, 8 * k)
            if k >= 4:
                return "%s payload bit %d" % (name, 8 * (k - 4))
            bit = 8 * (k - 2)
            f = next((x for x in fields if x[1] <= bit < x[1] + x[2]), None)
            return "%s param %s" % (name, "%s bit %d" % (f[0], bit - f[1]) if f else "bit %d" % bit)
        i += size
    return "past the command stream"


def stream_words(payload):
    """The command stream words of a driver payload (None if it holds none)."""
    words = [struct.unpack_from("<I", payload, 4 * i)[0] for i in range(len(payload) // 4)]
    if not words or words[0] != 0x31504F43:
        return None
    i = 1
    while i < len(words):
        tag = words[i]
        if tag & 0xFF == 2:
            n = ((tag >> 8) & 0xFF) << 16 | tag >> 16
            return words[i + 1:i + 1 + n]
        i += 3 if tag & 0xFF == 1 else 1
    return None


# an operation's weight and scale streams: the region command, the streams' BASE/LENGTH names
OP_STREAMS = (("NPU_SET_WEIGHT_REGION", ("WEIGHT", "WEIGHT1", "WEIGHT2", "WEIGHT3")),
              ("NPU_SET_SCALE_REGION", ("SCALE", "SCALE1")))
READ_OPS = ("NPU_OP_CONV", "NPU_OP_DEPTHWISE", "NPU_OP_POOL", "NPU_OP_ELEMENTWISE", "NPU_OP_RESIZE")


def region_reads(payload, commands, region):
    """What the command stream may read of one memory region, over-estimated:
    [(start, end)] byte ranges (end None: to the region's end). Each operation's
    weight and scale streams (base, length), and from its first byte on, an IFM,
    IFM2 or DMA source there (their extents are not worked out); None when the
    payload holds no command stream."""
    words = stream_words(payload)
    if words is None:
        return None
    names = {op: n for op, (n, _) in commands.items()}
    state, reads, i = {}, [], 0

    def addr(name):
        p, v = state.get(name, (0, 0))
        return v | (p & 0xFFFF) << 32

    while i < len(words):
        op = words[i] & 0xFFFF
        name = names.get(op, "")
        if words[i] & 0x4000:
            state[name] = (words[i] >> 16, words[i + 1] if i + 1 < len(words) else 0)
            i += 2
            continue
        state[name] = (words[i] >> 16, 0)
        i += 1
        if name in READ_OPS:
            for reg, kinds in OP_STREAMS:
                if state.get(reg, (None,))[0] is not None and state[reg][0] & 7 == region:
                    for k in kinds:
                        if "NPU_SET_%s_BASE" % k in state and addr("NPU_SET_%s_LENGTH" % k):
                            base = addr("NPU_SET_%s_BASE" % k)
                            reads.append((base, base + addr("NPU_SET_%s_LENGTH" % k)))
            for t in ("IFM", "IFM2"):
                if state.get("NPU_SET_%s_REGION" % t, (None,))[0] is not None and \
                        state["NPU_SET_%s_REGION" % t][0] & 7 == region:
                    bases = [addr("NPU_SET_%s_BASE%d" % (t, b)) for b in range(4) if "NPU_SET_%s_BASE%d" % (t, b) in state]
                    reads.append((min(bases) if bases else 0, None))
        elif name == "NPU_OP_DMA_START" and state.get("NPU_SET_DMA0_SRC_REGION", (None,))[0] is not None:
            if state["NPU_SET_DMA0_SRC_REGION"][0] & 7 == region:
                reads.append((addr("NPU_SET_DMA0_SRC"), None))
    return reads


def npy_scalar(blob):
    """The value of a one-element integer .npy (None if it is not one)."""
    try:
        data = npy_data_offset(blob)
        head = ast.literal_eval(blob[10 if blob[6] == 1 else 12:data].decode("latin-1").strip())
        fmt = {"i1": "b", "u1": "B", "i2": "h", "u2": "H", "i4": "i", "u4": "I", "i8": "q", "u8": "Q"}[head["descr"][1:]]
        return struct.unpack_from(head["descr"][0].replace("|", "<") + fmt, blob, data)[0]
    except (ValueError, KeyError, IndexError, SyntaxError, TypeError, struct.error):
        return None


def npy_data_offset(blob):
    """Where an .npy's data starts (after its header)."""
    if blob[:6] != b"\x93NUMPY":
        raise ValueError("not an .npy")
    if blob[6] == 1:
        return 10 + struct.unpack("<H", blob[8:10])[0]
    return 12 + struct.unpack("<I", blob[8:12])[0]


def npz_with(npz, member, flip_at):
    """The npz's members, with one byte of member's data flipped (bit 0 of
    byte flip_at of its data); None if the member holds no data."""
    with zipfile.ZipFile(npz) as z:
        members = [(i, z.read(i.filename)) for i in z.infolist()]
    out = []
    for info, blob in members:
        if info.filename == member:
            start = npy_data_offset(blob)
            if len(blob) <= start:
                return None
            at = start + flip_at % (len(blob) - start)
            blob = blob[:at] + bytes([blob[at] ^ 0x01]) + blob[at + 1:]
        out.append((info, blob))
    return out


def write_npz(path, members):
    with zipfile.ZipFile(path, "w") as z:
        for info, blob in members:
            z.writestr(info, blob)


def network_mutants(folder, flips, rng):
    files = sorted(os.listdir(folder))
    npz = [f for f in files if f.endswith("_vela.npz")][0]

    def copy_all(dst, skip=()):
        for e in files:
            if e not in skip and os.path.isfile(os.path.join(folder, e)):
                shutil.copyfile(os.path.join(folder, e), os.path.join(dst, e))

    def zero_inputs(dst):
        copy_all(dst)
        for e in files:
            if re.match(r"input_\d+\.npy$", e):
                with open(os.path.join(dst, e), "rb") as f:
                    blob = f.read()
                start = npy_data_offset(blob)
                with open(os.path.join(dst, e), "wb") as f:
                    f.write(blob[:start] + bytes(len(blob) - start))
        return dst

    def flip(member, at):
        def make(dst):
            copy_all(dst, skip=(npz,))
            write_npz(os.path.join(dst, npz), npz_with(os.path.join(folder, npz), member, at))
            return dst
        return make

    out = [("no-input", "no-input", "no-input", zero_inputs)]
    with zipfile.ZipFile(os.path.join(folder, npz)) as z:
        blobs = {i.filename: z.read(i.filename) for i in z.infolist()}
    heads = {n: npy_data_offset(b) for n, b in blobs.items()}
    # the command a flipped byte belongs to names the mutant (the product from the folder's configuration)
    commands = load_cmds()["u85" if "ethos-u85" in folder else "u65"]
    # what the stream may read of the weight region, where weight_data is placed (from 0)
    region = npy_scalar(blobs["weight_region.npy"]) if "weight_region.npy" in blobs else None
    reads = region_reads(blobs["cmd_data.npy"][heads["cmd_data.npy"]:], commands, region) \
        if region is not None and "cmd_data.npy" in blobs else None
    for member, kind in (("cmd_data.npy", "cmd-byte"), ("weight_data.npy", "weight-byte")):
        n = len(blobs.get(member, b"")) - heads.get(member, 0)
        for _ in range(flips if n > 0 else 0):
            at = rng.randrange(n)
            what = "%s %d" % (kind, at)
            if kind == "cmd-byte":
                what += ": " + cmd_byte_name(blobs[member][heads[member]:], at, commands)
            elif reads is not None and not any(a <= at and (b is None or at < b) for a, b in reads):
                what += ": read by no command"
            out.append(("%s %d bit 0" % (kind, at) + (" (%s)" % what.split(": ", 1)[1] if ": " in what else ""),
                        kind, what, flip(member, at)))
    return out


# ---- reasons ------------------------------------------------------------------

def load_reasons(path):
    """[(test glob, mutant glob, reason)]: the mutant glob matches
    `<kind>:<what>` (field:PDP.D_CYA.CYA, no-input:no-input,
    cmd-byte:cmd-byte 12: NPU_SET_IFM_BASE1 payload bit 16)."""
    out = []
    with open(path, newline="") as f:
        for n, row in enumerate(csv.reader(f), 1):
            if not row or row[0].startswith("#"):
                continue
            if len(row) != 3 or not all(x.strip() for x in row):
                raise ValueError("%s:%d: want test glob, mutant glob, reason" % (path, n))
            out.append(tuple(x.strip() for x in row))
    return out


def reason_of(reasons, test, kind, what):
    key = "%s:%s" % (kind, what)
    for tglob, mglob, why in reasons:
        if fnmatch.fnmatchcase(test, tglob) and fnmatch.fnmatchcase(key, mglob):
            return why
    return "UNEXPLAINED"


# ---- running ------------------------------------------------------------------

def safe(s):
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", s).strip("_")[:120]


class Runner:
    def __init__(self, out, env):
        self.out, self.env, self.templates = out, env, {}

    def template(self, key, knobs, target):
        if key not in self.templates:
            if key == ("network",):
                self.network_of_template = knobs[-1][len("NETWORK="):]
            t, err = simrun.make_template(knobs, target, self.env)
            if not t:
                raise RuntimeError(err)
            self.templates[key] = t
        return self.templates[key]

    def run(self, test, mutant_dir, base_dir):
        """Exit status of one run (0 pass) of the test in mutant_dir."""
        if test["kind"] == "trace":
            t = self.template(("trace", test["config"]), ["DUT=twin", "RUN_ABSENT=1", "NVDLA_CONFIG=" + test["config"]],
                              "TRACE=" + test["folder"])
            name, trace, _ = simrun.resolve(trace=mutant_dir)
            rc, _, to = simrun.run(t, name, trace, "twin", 1, os.path.join(base_dir, "log"), env=self.env,
                                   timeout=TIMEOUT)
        else:
            t = self.template(("network",), ["DUT=twin", "NETWORK=" + test["folder"]], "TEST=ethosu/network")
            first = self.network_of_template
            if first not in t.knob_args:
                raise RuntimeError("make sim-template printed no --network %s" % first)
            t2 = simrun.Template(t.command, [mutant_dir if w == first else w for w in t.knob_args], t.nvdla_traces)
            rc, _, to = simrun.run(t2, "ethosu/network", None, "twin", 1, os.path.join(base_dir, "log"),
                                   env=self.env, timeout=TIMEOUT)
        return 124 if to else rc


def discover(traces, networks, flt):
    configs = known_configs()
    tests = []
    for d in traces:
        full = d if os.path.isabs(d) else os.path.join(ROOT, d)
        config = os.path.basename(full.rstrip("/")) if os.path.basename(full.rstrip("/")) in configs else "nv_small"
        for e in sorted(os.listdir(full)):
            f = os.path.join(full, e)
            if os.path.isdir(f) and simrun.cfg_of(f):
                tests.append({"kind": "trace", "name": "%s/%s" % (config, e), "folder": os.path.relpath(f, ROOT),
                              "config": config})
    if networks:
        full = networks if os.path.isabs(networks) else os.path.join(ROOT, networks)
        for dirpath, _, files in sorted(os.walk(full)):
            if any(x.endswith("_vela.npz") for x in files):
                tests.append({"kind": "network", "name": os.path.relpath(dirpath, full),
                              "folder": os.path.relpath(dirpath, ROOT)})
    tests.sort(key=lambda t: (t["kind"] != "trace", t["name"]))
    return [t for t in tests if not flt or fnmatch.fnmatchcase(t["name"], flt)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--traces", nargs="*", default=DEFAULT_TRACES)
    ap.add_argument("--networks", default=DEFAULT_NETWORKS, help="folder of network folders ('' for none)")
    ap.add_argument("--sample", type=int, default=0, help="field mutants per trace (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--net-flips", type=int, default=1, help="command and weight byte flips per network")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--filter", default="")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "test-strength"))
    ap.add_argument("--reasons", default=DEFAULT_REASONS)
    ap.add_argument("--strict", action="store_true", help="exit 1 when a survivor is unexplained")
    a = ap.parse_args()
    if a.sample < 0 or a.jobs < 1 or a.net_flips < 0:
        print("test-strength: SAMPLE, JOBS and --net-flips must be >= 0 (JOBS >= 1)", file=sys.stderr)
        return 2
    try:
        reasons = load_reasons(a.reasons) + (load_reasons(RTL_REASONS) if os.path.exists(RTL_REASONS) else [])
        regs = load_regdefs(REGDEFS)
        tests = discover(a.traces, a.networks, a.filter)
    except (OSError, ValueError) as e:
        print("test-strength: %s" % e, file=sys.stderr)
        return 2
    if not tests:
        print("test-strength: no trace or network matches", file=sys.stderr)
        return 2
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    work = os.path.join(a.out, "mutants")
    shutil.rmtree(work, ignore_errors=True)
    runner = Runner(a.out, env)
    # the templates (make builds what is missing) before any parallel run
    try:
        for t in tests:
            if t["kind"] == "trace":
                runner.template(("trace", t["config"]), ["DUT=twin", "RUN_ABSENT=1", "NVDLA_CONFIG=" + t["config"]],
                                "TRACE=" + t["folder"])
            else:
                runner.template(("network",), ["DUT=twin", "NETWORK=" + t["folder"]], "TEST=ethosu/network")
    except RuntimeError as e:
        print("test-strength: %s" % e, file=sys.stderr)
        return 2

    def one(test, mid, kind, what, make):
        d = os.path.join(work, safe(test["name"]), safe(mid) or "m")
        os.makedirs(d, exist_ok=True)
        src = os.path.join(d, os.path.basename(test["folder"]) if kind == "baseline" else "test")
        os.makedirs(src, exist_ok=True)
        path = make(src)
        rc = runner.run(test, os.path.relpath(path, ROOT) if os.path.isabs(path) and path.startswith(ROOT + os.sep) else path, d)
        if rc != 0:
            shutil.rmtree(d, ignore_errors=True)
        return rc

    def baseline(test):
        def make(dst):
            return test["folder"]
        return one(test, "baseline", "baseline", "", make)

    results = {}   # name -> dict
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        base = {t["name"]: pool.submit(baseline, t) for t in tests}
        futs = {}
        for t in tests:
            rng = random.Random("%d/%s" % (a.seed, t["name"]))
            try:
                ms = trace_mutants(os.path.join(ROOT, t["folder"]), regs, a.sample, rng) if t["kind"] == "trace" \
                    else network_mutants(os.path.join(ROOT, t["folder"]), a.net_flips, rng)
            except (OSError, ValueError, zipfile.BadZipFile) as e:
                print("test-strength: %s: %s" % (t["name"], e), file=sys.stderr)
                return 2
            results[t["name"]] = {"test": t, "mutants": ms, "rc": {}}
            futs[t["name"]] = [(m, pool.submit(one, t, *m)) for m in ms]
        total = surv = unexpl = 0
        rows = []
        for t in tests:
            r = results[t["name"]]
            b = base[t["name"]].result()
            shutil.rmtree(os.path.join(work, safe(t["name"]), "baseline"), ignore_errors=True)
            if b != 0:
                for _, f in futs[t["name"]]:
                    f.cancel()
                r["baseline"] = b
                print("SKIP  %s: its own run exits %d" % (t["name"], b))
                continue
            r["baseline"] = 0
            r["survivors"] = []
            for m, f in futs[t["name"]]:
                rc = f.result()
                total += 1
                if rc == 0:
                    why = reason_of(reasons, t["name"], m[1], m[2])
                    r["survivors"].append((m, why))
                    surv += 1
                    unexpl += why == "UNEXPLAINED"
                    rows.append((t["name"], m[0], m[1], m[2], why))
                else:
                    shutil.rmtree(os.path.join(work, safe(t["name"]), safe(m[0])), ignore_errors=True)
            n = len(futs[t["name"]])
            print("%s  %s: %d mutants, %d still pass%s" % (
                "WEAK" if any(w == "UNEXPLAINED" for _, w in r["survivors"]) else "OK  ", t["name"], n,
                len(r["survivors"]), "".join("\n        %s: %s" % (m[0], w) for m, w in r["survivors"]
                                             if w == "UNEXPLAINED")))
    os.makedirs(a.out, exist_ok=True)
    write_table(os.path.join(a.out, "table.md"), tests, results, a, total, surv, unexpl)
    with open(os.path.join(a.out, "survivors.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["test", "mutant", "kind", "what", "reason"])
        w.writerows(rows)
    print("test-strength: %d mutants, %d still pass (%d unexplained); table %s" % (
        total, surv, unexpl, os.path.relpath(os.path.join(a.out, "table.md"), ROOT)))
    return 1 if unexpl and a.strict else 0


def write_table(path, tests, results, a, total, surv, unexpl):
    L = ["# Mutants that still pass", "",
         "Written by `make test-strength` (scripts/regress/test_strength.py%s, seed %d); reasons from "
         "scripts/regress/strength_reasons.csv and strength_reasons_rtl.csv." % (", SAMPLE=%d" % a.sample if a.sample else ", every field", a.seed),
         "", "%d mutants, %d still pass (%d unexplained)." % (total, surv, unexpl), "",
         "## Per test", "", "| test | mutants | still pass | which (reason) |", "| --- | ---: | ---: | --- |"]
    fields = {}
    for t in tests:
        r = results[t["name"]]
        if r.get("baseline"):
            L.append("| %s | - | - | its own run exits %d |" % (t["name"], r["baseline"]))
            continue
        s = r["survivors"]
        by_reason = {}
        for m, why in s:
            by_reason.setdefault(why, []).append(m[0])
        which = "<br>".join("%s (%s)" % (", ".join("`%s`" % x for x in ms), why) for why, ms in by_reason.items())
        L.append("| %s | %d | %d | %s |" % (t["name"], len(r["mutants"]), len(s), which))
        for m in r["mutants"]:
            f = fields.setdefault((m[1], m[2] if m[1] == "field" else m[1]), [0, 0, set()])
            f[0] += 1
        for m, why in s:
            f = fields[(m[1], m[2] if m[1] == "field" else m[1])]
            f[1] += 1
            f[2].add(why)
    L += ["", "## Per field (mutants of every test that set it)", "",
          "| field or class | mutants | still pass | reason |", "| --- | ---: | ---: | --- |"]
    for (kind, what), (n, s, why) in sorted(fields.items(), key=lambda x: (-x[1][1], x[0])):
        if s:
            L.append("| %s | %d | %d | %s |" % (what, n, s, "; ".join(sorted(why))))
    killed = sum(1 for v in fields.values() if not v[1])
    L += ["", "%d further fields or classes were mutated and no mutant of them passed." % killed, ""]
    with open(path, "w") as f:
        f.write("\n".join(L))


if __name__ == "__main__":
    sys.exit(main())
