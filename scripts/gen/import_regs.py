#!/usr/bin/env python3
"""One-time import of the NVDLA nv_small register map into the project's own
register description, scripts/gen/regdefs/nvdla_nv_small.csv, which is the single
source of truth that gen_regs.py turns into C and Verilog.

Inputs (read-only tables kept outside the repository, made from NVDLA's public hardware
repository github.com/nvdla/hw: its register descriptions spec/manual/*.rdl and its C
reference model cmod/):
  --fields    nvdla-registers-nv_small.csv  (unit, register, address, field, lsb, width, enums)
  --full      nvdla-registers-nv_full.csv   (register reset values, for units the
                                             arithmetic notes do not table)
  --notes     nvdla-arithmetic.md            (Appendix A: per-field reset and RO marks)
  --configrom scripts/gen/regdefs/nvdla_nv_small_configrom.csv (ConfigROM constants)
Rerun it only when those inputs change; then run gen_regs.py.
"""
import argparse
import csv
import re
import sys

FIELD_RE = re.compile(r"^([A-Z0-9_]+)\[(\d+)(?::(\d+))?\](.*)$")


def parse_notes(path):
    """Appendix A rows: '| 0x058 | D_DP_BS_CFG | BS_BYPASS[0] {..} rst=0x1; ... |'
    -> {(unit, reg): {field: (reset, ro)}}"""
    out = {}
    unit = None
    in_appendix = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("## Appendix A"):
                in_appendix = True
                continue
            if not in_appendix:
                continue
            m = re.match(r"^#### (\w+)", line)
            if m:
                unit = m.group(1)
                continue
            if not line.startswith("| 0x") or unit is None:
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) < 3:
                continue
            reg, fields = cells[1], cells[2]
            d = out.setdefault((unit, reg), {})
            for part in fields.split(";"):
                part = part.strip()
                m = FIELD_RE.match(part)
                if not m:
                    continue
                name, rest = m.group(1), m.group(4)
                rst = re.search(r"rst=(0x[0-9a-fA-F]+|\d+)", rest)
                d[name] = (int(rst.group(1), 0) if rst else 0, " RO" in " " + rest.replace(";", " "))
    # CMAC_B is tabled as identical to CMAC_A
    for (u, r), v in list(out.items()):
        if u == "CMAC_A":
            out.setdefault(("CMAC_B", r), v)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fields", required=True)
    ap.add_argument("--full", required=True)
    ap.add_argument("--notes", required=True)
    ap.add_argument("--configrom", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()

    notes = parse_notes(a.notes)
    full_reset = {}
    with open(a.full, newline="") as f:
        for row in csv.DictReader(f):
            if row["reset"]:
                full_reset[(row["unit"], row["register"])] = int(row["reset"], 0)
    rom = {}
    with open(a.configrom, newline="") as f:
        for row in csv.DictReader(f):
            rom[row["register"]] = int(row["value"], 0)

    rows = []
    missing_rom = []
    with open(a.fields, newline="") as f:
        for row in csv.DictReader(f):
            unit, reg, field = row["unit"], row["register"], row["field"]
            lsb, width = int(row["lsb"]), int(row["width"])
            mask = (1 << width) - 1
            if unit == "CFGROM":
                if reg not in rom:
                    missing_rom.append(reg)
                    continue
                reset, access = (rom[reg] >> lsb) & mask, "RO"
            elif (unit, reg) in notes and field in notes[(unit, reg)]:
                reset, ro = notes[(unit, reg)][field]
                access = "RO" if ro else "RW"
            else:
                reset = (full_reset.get((unit, reg), 0) >> lsb) & mask
                access = "RW"
            if reg in ("S_STATUS",) or (reg == "S_POINTER" and field == "CONSUMER"):
                access = "RO"
            if unit == "GLB" and reg == "S_INTR_STATUS":
                access = "W1C"
            if unit == "GLB" and reg == "S_NVDLA_HW_VERSION":
                access = "RO"
            if unit == "CDMA" and reg == "S_CBUF_FLUSH_STATUS":
                reset = 1  # reads 1 from reset onwards (nothing to flush)
            rows.append([unit, reg, row["address"], field, lsb, width,
                         "0x%x" % reset, access, row["enums"]])
    if missing_rom:
        sys.exit("import_regs: no ConfigROM value for: " + ", ".join(missing_rom))
    with open(a.out, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["unit", "register", "address", "field", "lsb", "width", "reset", "access", "enums"])
        w.writerows(rows)
    print("import_regs: wrote %d fields to %s" % (len(rows), a.out))


if __name__ == "__main__":
    main()
