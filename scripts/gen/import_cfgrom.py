#!/usr/bin/env python3
"""import_cfgrom.py: the ConfigROM each NVDLA configuration's real RTL reads
back, taken from the RTL `make nvdla-rtl` generated (NVDLA's own
NV_NVDLA_CFGROM_rom.v: one case line per register offset), into
scripts/gen/regdefs/nvdla_cfgrom_rtl.csv, the table the twin's and the stub's
ConfigROM are generated from (make regs).

  import_cfgrom.py [--rtl-root build/nvdla-rtl] [--csv FILE] [CONFIG ...]
  import_cfgrom.py --check DIR_OR_ROM CONFIG

The first form rewrites the CSV's columns of the configurations given (default:
every configuration generated under --rtl-root) and keeps the others. --check
compares one generated RTL (its build/nvdla-rtl/<config> folder or the ROM
file) with the CSV's column of CONFIG and lists every register that differs
(exit 1), so a user whose NVDLA checkout reads differently learns it before a
reset-value test fails. Exit 2 on bad input."""
import argparse
import csv
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REGS_CSV = os.path.join(ROOT, "scripts", "gen", "regdefs", "nvdla_nv_small.csv")
CONFIGS_CSV = os.path.join(ROOT, "scripts", "gen", "regdefs", "nvdla_configs.csv")
DEFAULT_CSV = os.path.join(ROOT, "scripts", "gen", "regdefs", "nvdla_cfgrom_rtl.csv")
CASE_RE = re.compile(r"\(32'h([0-9a-fA-F]+) & 32'h0*fff\): reg_rd_data = 32'h([0-9a-fA-F]+)\s*;")
HEADER = ("# The ConfigROM the real RTL of each NVDLA configuration reads back (register value), taken "
          "by scripts/gen/import_cfgrom.py from NV_NVDLA_CFGROM_rom.v of the RTL make nvdla-rtl "
          "generated from github.com/nvdla/hw (master). The public RTL has one ConfigROM for every "
          "configuration: nv_small's values. make regs generates the twin's and the stub's from it.")


def die(msg):
    print("import_cfgrom: " + msg, file=sys.stderr)
    sys.exit(2)


def cfgrom_registers():
    """[(name without the CFGROM_ prefix, offset)] of the register table, in address order."""
    seen = {}
    with open(REGS_CSV, newline="") as f:
        for row in csv.DictReader(f):
            if row["unit"] == "CFGROM":
                seen.setdefault(row["register"], int(row["address"], 0))
    return sorted(seen.items(), key=lambda kv: kv[1])


def config_names():
    with open(CONFIGS_CSV, newline="") as f:
        return next(csv.reader(f))[1:]


def rom_path(where, config):
    if os.path.isfile(where):
        return where
    p = os.path.join(where, "hw", "outdir", config, "vmod", "nvdla", "cfgrom", "NV_NVDLA_CFGROM_rom.v")
    if not os.path.isfile(p):
        die("%s: no generated ConfigROM (expected %s; run make nvdla-rtl NVDLA_CONFIG=%s first)"
            % (where, os.path.relpath(p), config))
    return p


def read_rom(path):
    """{offset: value} of one NV_NVDLA_CFGROM_rom.v."""
    values = {}
    with open(path) as f:
        for lineno, line in enumerate(f, start=1):
            m = CASE_RE.search(line)
            if m:
                off = int(m.group(1), 16)
                if off in values:
                    die("%s:%d: offset 0x%x twice" % (path, lineno, off))
                values[off] = int(m.group(2), 16)
    if not values:
        die("%s: no ConfigROM case lines found (not NVDLA's NV_NVDLA_CFGROM_rom.v?)" % path)
    return values


def rom_by_register(path):
    rom = read_rom(path)
    out = {}
    for name, off in cfgrom_registers():
        if off not in rom:
            die("%s: no value for %s (offset 0x%x)" % (path, name, off))
        out[name] = rom[off]
    return out


def read_csv(path):
    """(configurations, {register: {config: value}}) of the CSV; empty when it does not exist."""
    if not os.path.exists(path):
        return [], {}
    with open(path, newline="") as f:
        rows = [r for r in csv.reader(f) if r and not r[0].startswith("#")]
    if not rows or rows[0][0] != "register":
        die("%s:1: the header must start with 'register'" % path)
    configs = rows[0][1:]
    table = {}
    for i, r in enumerate(rows[1:], start=2):
        if len(r) != len(rows[0]):
            die("%s: row %d (%s) has %d columns, the header %d" % (path, i, r[0], len(r), len(rows[0])))
        table[r[0]] = {c: int(v, 16) for c, v in zip(configs, r[1:])}
    return configs, table


def write_csv(path, table):
    configs = config_names()
    with open(path, "w", newline="") as f:
        f.write(HEADER + "\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["register"] + configs)
        for name, _ in cfgrom_registers():
            w.writerow([name] + ["0x%08x" % table[name][c] for c in configs])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rtl-root", default=os.path.join(ROOT, "build", "nvdla-rtl"))
    ap.add_argument("--csv", default=DEFAULT_CSV)
    ap.add_argument("--check", metavar="DIR_OR_ROM")
    ap.add_argument("configs", nargs="*")
    a = ap.parse_args()
    known = config_names()
    for c in a.configs:
        if c not in known:
            die("unknown configuration %r (one of %s)" % (c, ", ".join(known)))
    if a.check:
        if len(a.configs) != 1:
            die("--check takes one configuration")
        c = a.configs[0]
        configs, table = read_csv(a.csv)
        if c not in configs:
            die("%s has no column %s" % (a.csv, c))
        rtl = rom_by_register(rom_path(a.check, c))
        diff = [(n, table[n][c], v) for n, v in rtl.items() if n not in table or table[n][c] != v]
        for n, want, got in diff:
            print("ConfigROM %s: the toolkit's %s table says 0x%x, this RTL reads 0x%x" % (n, c, want, got))
        print("ConfigROM of %s: %d of %d registers as the toolkit's table%s" % (
            c, len(rtl) - len(diff), len(rtl), "" if not diff else
            " (reg_reset_values will report the others; import_cfgrom.py rewrites the table)"))
        return 1 if diff else 0
    configs = a.configs or [c for c in known if os.path.isdir(os.path.join(a.rtl_root, c))]
    if not configs:
        die("no generated RTL under %s (make nvdla-rtl NVDLA_HW=... NVDLA_CONFIG=...)" % a.rtl_root)
    have, table = read_csv(a.csv)
    missing = [c for c in known if c not in have and c not in configs]
    if missing:
        die("the table would lack %s: generate their RTL too, or give every configuration" % ", ".join(missing))
    for c in configs:
        for name, v in rom_by_register(rom_path(os.path.join(a.rtl_root, c), c)).items():
            table.setdefault(name, {})[c] = v
        print("import_cfgrom: %s: read %s" % (c, os.path.relpath(rom_path(os.path.join(a.rtl_root, c), c))))
    write_csv(a.csv, table)
    print("import_cfgrom: wrote %s; run make regs" % os.path.relpath(a.csv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
