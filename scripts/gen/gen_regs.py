#!/usr/bin/env python3
"""gen_regs.py: the one generator of the register ground floor (make regs,
make regs-check). From the descriptions in scripts/gen/regdefs/ it writes,
per family:

  nvdla    nvdla_nv_small.csv  sim/regs/generated/nvdla_regs.[ch], rtl_stubs/nvdla/generated/nvdla_regs.vh
  ethosu   ethosu65.csv        sim/regs/generated/ethosu_regs.[ch], rtl_stubs/ethosu65/generated/ethosu65_regs.vh
           ethosu_configs.csv  (the U55, U65 and U85 in one table; the ethosu85 stub includes the same .vh)
  configs  nvdla_configs.csv   sim/regs/generated/nvdla_config.[ch], sim/regs/generated/nvdla_cfgrom.c,
           nvdla_cfgrom_rtl.csv rtl_stubs/nvdla/generated/nvdla_cfgrom.vh, and the configuration
                               table of --readme (between its markers)

  gen_regs.py [--readme README.md [--readme-out FILE]] [--out-dir DIR]
  gen_regs.py --check [--readme README.md] [--out-dir DIR]

Every file is rewritten in place (--out-dir DIR: into DIR instead, by base
name). --check writes them into --out-dir (default build/gen) and compares
each with the committed one: a stale file is named and the exit status is 1.
--readme rewrites the table between the document's markers
"<!-- nvdla-configs: begin -->" and "<!-- nvdla-configs: end -->" (in place,
or into --readme-out), so the documented table of the configurations comes
from the same CSV as the C table.

Register CSVs (nvdla, ethosu): one row per field (columns below). Both fail
on duplicate names, overlapping fields and misaligned or out-of-range
addresses.

NVDLA (nvdla_nv_small.csv): unit, register, address (CSB byte address,
0..0x3FFFF), field, lsb, width, reset, access, enums. Access kinds: RW, RO
(writes ignored), W1C (write 1 to clear). A register is "dual" (ping-pong,
two groups) when its unit has D_OP_ENABLE and its address is at or above
it; all others exist once.

Ethos-U55/U65/U85 (ethosu65.csv): page, register, address (APB byte offset,
12 bits), field, lsb, width, reset (field value, not shifted), u55, u65, u85
(the product columns: the field's reset in that product, empty for the reset
column's, '-' where the product lacks the field; two rows may name one field
for products that differ in its width; a register exists in the products of
its fields, and two registers may share an address when no product has
both), access, perm, enums
("name=value|..."), note (free text, copied into the C header as a comment).
The configurations (ethosu_configs.csv, one row per configuration Vela
targets): config, product (u55|u65|u85), macs, cores, shram_kb,
ofm_ublock_depth (0: per operation, ofm_ublocks), addr_bits, dma_dims,
axi_sram_ports, axi_ext_ports, ofm_ublocks ("HxWxC|..."), note; a
configuration's CONFIG register is its product's with macs_per_cc =
log2(macs) and, where the product has them, shram_size = shram_kb,
num_axi_sram/num_axi_ext = log2 of the port counts, num_wd = log2(cores).
  Access kinds (per field):
    RW   read/write storage
    RO   read-only constant (ID, CONFIG, PID, CID); writes ignored
    RS   read-only status the hardware updates (STATUS, QREAD, PROT); writes ignored
    W1A  writing 1 triggers an action; the bit reads back as last written (CMD)
  Permission classes (per register, '+'-joined tokens; the same on every field):
    prot      every access is checked against PROT as the TRM states: permitted
              iff PPROT[0] >= active_CPL and PPROT[1] <= active_CSL; a refused
              read returns 0, a refused write is ignored
    in_reset  the register stays accessible while STATUS.reset_status is 1
              (all others read 0 and ignore writes then)
    lvl_clamp a permitted write makes the new PROT levels from the written
              pending levels clamped by the writer's PPROT (RESET)

NVDLA configurations (nvdla_configs.csv): the defines of each configuration's
spec/defs/<config>.spec in NVDLA's public hardware repository
(github.com/nvdla/hw): one row per parameter, one column per
configuration, the first column `parameter`. Values:
  yes / no           the <NAME>_ENABLE / _DISABLE features (one bit each in C)
  INT8, INT16, FP16  FEATURE_DATA_TYPE and WEIGHT_DATA_TYPE, '|'-joined when a
                     configuration has several (INT8 is required; INT16 and
                     FP16 become feature bits)
  a number           decimal, at least 1: atomic sizes in elements,
                     MEMORY_ATOMIC_SIZE and CBUF_BANK_WIDTH in bytes,
                     memory-interface widths in bits, latencies in cycles
  x                  unset; allowed only for MAX_BATCH_SIZE, SDP_EW_THROUGHPUT
                     and SECONDARY_MEMIF_*; 0 in C
Fails (file:line) on an unknown, duplicate or missing parameter, an unknown,
duplicate or missing configuration column, a value of the wrong kind, x where
the parameter cannot be unset, SECONDARY_MEMIF_* set without SECONDARY_MEMIF
(or missing with it), SDP_EW_THROUGHPUT likewise for SDP_EW, and
FEATURE_DATA_TYPE different from WEIGHT_DATA_TYPE (the C table has one bit
per data type). The ConfigROM is not derived from these parameters: it is
what each configuration's real RTL reads back (nvdla_cfgrom_rtl.csv, taken from
NVDLA's generated RTL by scripts/gen/import_cfgrom.py); the twin's
nvdla_cfgrom_apply() and the NV_nvdla stub's ConfigROM (parameter
NVDLA_CONFIG) take the registers where a configuration differs from the
register table.
"""
import argparse
import csv
import filecmp
import os
import sys
from collections import OrderedDict

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REGDEFS = "scripts/gen/regdefs"
REGS_ROOM = "sim/regs/generated"


# ==== common: errors, output, the field rows both register CSVs share ========

def die(msg):
    sys.exit("gen_regs: " + msg)


def write(out, lines):
    try:
        with open(out, "w") as f:
            f.write("\n".join(lines) + "\n")
    except OSError as ex:
        die("%s: %s" % (out, ex.strerror))


def field_row(path, lineno, r, row, access_kinds):
    """The checked field of a CSV row (lsb, width, access, mask) not yet in
    register r: it fits in 32 bits and overlaps none of r's fields."""
    lsb, width = int(row["lsb"]), int(row["width"])
    if width < 1 or lsb + width > 32:
        die("%s:%d: field %s does not fit in 32 bits" % (path, lineno, row["field"]))
    if row["access"] not in access_kinds:
        die("%s:%d: unknown access %r" % (path, lineno, row["access"]))
    mask = ((1 << width) - 1) << lsb
    for fl in r["fields"]:
        if fl["mask"] & mask:
            die("%s:%d: field %s overlaps %s" % (path, lineno, row["field"], fl["name"]))
        if fl["name"] == row["field"]:
            die("%s:%d: duplicate field %s" % (path, lineno, row["field"]))
    return lsb, width, mask


def one_register_per_address(regs, name):
    """Fails when two registers share an address; name(r) names one."""
    by_addr = {}
    for r in regs.values():
        if r["addr"] in by_addr:
            die("%s and %s share address 0x%x" % (name(r), by_addr[r["addr"]], r["addr"]))
        by_addr[r["addr"]] = name(r)


def c_by_addr(regs, count, digits):
    """The C table of (address, register index) sorted by address, for
    <family>_reg_index()'s binary search."""
    L = ["static const struct { uint32_t addr; uint16_t index; } by_addr[%s] = {" % count]
    for r in sorted(regs.values(), key=lambda r: r["addr"]):
        L.append("    { 0x%0*xu, %d }," % (digits, r["addr"], r["index"]))
    L.append("};\n")
    return L


C_REG_INDEX = """int %(lo)s_reg_index(uint32_t addr)
{
    int lo = 0, hi = %(pfx)s_REG_COUNT - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (by_addr[mid].addr == addr)
            return by_addr[mid].index;
        if (by_addr[mid].addr < addr)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}"""


# ==== NVDLA registers (nvdla_nv_small.csv) ====================================

NVDLA_BANNER = "generated by scripts/gen/gen_regs.py from scripts/gen/regdefs/nvdla_nv_small.csv: do not edit"


def nvdla_load(path):
    regs = OrderedDict()
    with open(path, newline="") as f:
        for lineno, row in enumerate(csv.DictReader(f), start=2):
            key = (row["unit"], row["register"])
            addr = int(row["address"], 0)
            if addr % 4 or addr > 0x3FFFF:
                die("%s:%d: bad address %s" % (path, lineno, row["address"]))
            r = regs.get(key)
            if r is None:
                r = regs[key] = {"unit": row["unit"], "name": row["register"], "addr": addr, "fields": []}
            elif r["addr"] != addr:
                die("%s:%d: %s.%s at two addresses" % (path, lineno, *key))
            lsb, width, mask = field_row(path, lineno, r, row, ("RW", "RO", "W1C"))
            r["fields"].append({"name": row["field"], "lsb": lsb, "width": width, "mask": mask,
                                "reset": int(row["reset"], 0), "access": row["access"],
                                "enums": row["enums"]})
    one_register_per_address(regs, lambda r: "%s.%s" % (r["unit"], r["name"]))
    units = OrderedDict()
    for r in regs.values():
        units.setdefault(r["unit"], []).append(r)
    for uname, rl in units.items():
        op = [r for r in rl if r["name"] == "D_OP_ENABLE"]
        for r in rl:
            r["dual"] = bool(op) and r["addr"] >= op[0]["addr"]
            r["reset"] = 0
            r["rw"] = r["ro"] = r["w1c"] = 0
            for fl in r["fields"]:
                r["reset"] |= (fl["reset"] << fl["lsb"]) & fl["mask"]
                r[{"RW": "rw", "RO": "ro", "W1C": "w1c"}[fl["access"]]] |= fl["mask"]
    for i, r in enumerate(regs.values()):
        r["index"] = i
    return regs, units


def cname(*parts):
    return "_".join(parts).upper()


def nvdla_c_header(regs, units, out):
    L = []
    L.append("/* nvdla_regs.h: NVDLA nv_small register map; %s */" % NVDLA_BANNER)
    L.append("#ifndef NVDLA_REGS_H\n#define NVDLA_REGS_H\n\n#include <stdint.h>\n")
    L.append("enum nvdla_unit {")
    for u in units:
        L.append("    NVDLA_UNIT_%s," % u)
    L.append("    NVDLA_UNIT_COUNT\n};\n")
    L.append("enum nvdla_access { NVDLA_RW = 0, NVDLA_RO = 1, NVDLA_W1C = 2 };\n")
    L.append("""struct nvdla_field_desc {
    const char *name;
    uint8_t lsb, width;
    uint8_t access;          /* enum nvdla_access */
    uint32_t reset;          /* field value at reset (not shifted) */
    const char *enums;       /* "NAME=value|..." or "" */
};

struct nvdla_reg_desc {
    const char *unit_name;   /* e.g. "SDP" */
    const char *name;        /* e.g. "D_OP_ENABLE" */
    uint32_t addr;           /* CSB byte address */
    uint8_t unit;            /* enum nvdla_unit */
    uint8_t dual;            /* 1: ping-pong register (two groups) */
    uint32_t reset;          /* register value at reset */
    uint32_t rw_mask, ro_mask, w1c_mask; /* bits by access kind; others read 0 */
    uint16_t first_field, n_fields;
};

struct nvdla_unit_desc {
    const char *name;
    uint32_t base;           /* first register address */
    int op_enable;           /* register index of D_OP_ENABLE, or -1 */
    int s_status, s_pointer; /* register indexes, or -1 */
};
""")
    L.append("#define NVDLA_REG_COUNT %d" % len(regs))
    L.append("#define NVDLA_FIELD_COUNT %d\n" % sum(len(r["fields"]) for r in regs.values()))
    L.append("extern const struct nvdla_reg_desc nvdla_regs[NVDLA_REG_COUNT];")
    L.append("extern const struct nvdla_field_desc nvdla_fields[NVDLA_FIELD_COUNT];")
    L.append("extern const struct nvdla_unit_desc nvdla_units[NVDLA_UNIT_COUNT];\n")
    L.append("/* Register index for a CSB byte address, or -1 for an address hole. */")
    L.append("int nvdla_reg_index(uint32_t addr);")
    L.append("/* Find by unit and register name; a trailing \"_0\" on the register name")
    L.append(" * (as the trace files write it) is accepted. NULL if unknown. */")
    L.append("const struct nvdla_reg_desc *nvdla_reg_find(const char *unit, const char *reg);")
    L.append("/* Find a field of a register by name, or NULL. */")
    L.append("const struct nvdla_field_desc *nvdla_field_find(const struct nvdla_reg_desc *r, const char *field);\n")
    L.append("/* Byte addresses, register indexes and field positions. */")
    for r in regs.values():
        base = cname("NVDLA", r["unit"], r["name"])
        L.append("#define %s 0x%05xu" % (base, r["addr"]))
        L.append("#define %s_IDX %d" % (base, r["index"]))
        for fl in r["fields"]:
            fb = base + "_" + fl["name"].upper()
            if fl["name"] == r["name"]:
                fb = base + "_FIELD"
            L.append("#define %s_SHIFT %d" % (fb, fl["lsb"]))
            L.append("#define %s_MASK 0x%08xu" % (fb, fl["mask"]))
    L.append("\n#endif")
    write(out, L)


def nvdla_c_source(regs, units, out):
    L = ["/* nvdla_regs.c: %s */" % NVDLA_BANNER, '#include <string.h>', '#include "nvdla_regs.h"', ""]
    L.append("const struct nvdla_field_desc nvdla_fields[NVDLA_FIELD_COUNT] = {")
    for r in regs.values():
        for fl in r["fields"]:
            acc = {"RW": "NVDLA_RW", "RO": "NVDLA_RO", "W1C": "NVDLA_W1C"}[fl["access"]]
            L.append('    { "%s", %d, %d, %s, 0x%xu, "%s" },' % (fl["name"], fl["lsb"], fl["width"], acc,
                                                              fl["reset"], fl["enums"]))
    L.append("};\n")
    L.append("const struct nvdla_reg_desc nvdla_regs[NVDLA_REG_COUNT] = {")
    fi = 0
    for r in regs.values():
        L.append('    { "%s", "%s", 0x%05xu, NVDLA_UNIT_%s, %d, 0x%08xu, 0x%08xu, 0x%08xu, 0x%08xu, %d, %d },'
                 % (r["unit"], r["name"], r["addr"], r["unit"], int(r["dual"]), r["reset"],
                    r["rw"], r["ro"], r["w1c"], fi, len(r["fields"])))
        fi += len(r["fields"])
    L.append("};\n")
    L.append("const struct nvdla_unit_desc nvdla_units[NVDLA_UNIT_COUNT] = {")
    for u, rl in units.items():
        def idx(n):
            m = [r for r in rl if r["name"] == n]
            return m[0]["index"] if m else -1
        L.append('    { "%s", 0x%05xu, %d, %d, %d },' % (u, min(r["addr"] for r in rl),
                                                        idx("D_OP_ENABLE"), idx("S_STATUS"), idx("S_POINTER")))
    L.append("};\n")
    # each unit's registers are one run of the table (checked here): nvdla_reg_find walks that run only
    order = [r["unit"] for r in regs.values()]
    first = []
    for u in units:
        at = [i for i, x in enumerate(order) if x == u]
        if at != list(range(at[0], at[0] + len(at))):
            raise SystemExit("gen_regs: the registers of unit %s are not one run of the table" % u)
        first.append(at[0])
    L.append("/* the index of each unit's first register; its registers run to the next unit's */")
    L.append("static const int unit_first[NVDLA_UNIT_COUNT + 1] = { %s, NVDLA_REG_COUNT };\n"
             % ", ".join(str(f) for f in first))
    if max(len(r["name"]) for r in regs.values()) > 255:
        raise SystemExit("gen_regs: a register name longer than 255 characters")
    L.append("/* each register name's length: nvdla_reg_find compares only names of the length asked */")
    L.append("static const unsigned char name_len[NVDLA_REG_COUNT] = { %s };\n"
             % ", ".join(str(len(r["name"])) for r in regs.values()))
    L += c_by_addr(regs, "NVDLA_REG_COUNT", 5)
    L.append(C_REG_INDEX % {"lo": "nvdla", "pfx": "NVDLA"} + """

const struct nvdla_reg_desc *nvdla_reg_find(const char *unit, const char *reg)
{
    /* the unit by name once, then its run of registers: a trace or a
     * generated layer names hundreds of registers */
    int u = 0;
    while (u < NVDLA_UNIT_COUNT && strcmp(nvdla_units[u].name, unit) != 0)
        u++;
    if (u == NVDLA_UNIT_COUNT)
        return NULL;
    /* the name as it is, or without the "_0" the traces add */
    size_t n = strlen(reg), bare = n > 2 && reg[n - 2] == '_' && reg[n - 1] == '0' ? n - 2 : n;
    for (int i = unit_first[u]; i < unit_first[u + 1]; i++)
        if ((name_len[i] == n || name_len[i] == bare) && memcmp(nvdla_regs[i].name, reg, name_len[i]) == 0)
            return &nvdla_regs[i];
    return NULL;
}

const struct nvdla_field_desc *nvdla_field_find(const struct nvdla_reg_desc *r, const char *field)
{
    for (unsigned i = 0; i < r->n_fields; i++)
        if (strcmp(nvdla_fields[r->first_field + i].name, field) == 0)
            return &nvdla_fields[r->first_field + i];
    return NULL;
}""")
    write(out, L)


def nvdla_verilog(regs, units, out):
    n = len(regs)
    ib = max(1, (n - 1).bit_length())
    ub = max(1, (len(units) - 1).bit_length())
    L = ["// nvdla_regs.vh: %s" % NVDLA_BANNER,
         "// Included inside a module body. Register storage is indexed by REG_*",
         "// indexes; reg_index() decodes a CSB word address.",
         "localparam integer NVDLA_NREGS = %d;" % n,
         "localparam integer NVDLA_IDXW = %d;" % ib,
         "localparam integer NVDLA_NUNITS = %d;" % len(units),
         "localparam integer NVDLA_UNITW = %d;" % ub, ""]
    for ui, u in enumerate(units):
        L.append("localparam [%d:0] UNIT_%s = %d'd%d;" % (ub - 1, u, ub, ui))
    L.append("")
    for r in regs.values():
        L.append("localparam [%d:0] REG_%s = %d'd%d;" % (ib - 1, cname(r["unit"], r["name"]), ib, r["index"]))
    L.append("")

    def case_fn(name, width, value, default):
        L.append("function automatic [%d:0] %s(input [%d:0] idx);" % (width - 1, name, ib - 1))
        L.append("    case (idx)")
        groups = OrderedDict()
        for r in regs.values():
            v = value(r)
            if v != default:
                groups.setdefault(v, []).append(r["index"])
        for v, idxs in groups.items():
            for i in range(0, len(idxs), 12):
                chunk = idxs[i:i + 12]
                last = i + 12 >= len(idxs)
                L.append("        %s%s" % (", ".join("%d'd%d" % (ib, x) for x in chunk),
                                          (": %s = %d'h%x;" % (name, width, v)) if last else ","))
        L.append("        default: %s = %d'h%x;" % (name, width, default))
        L.append("    endcase")
        L.append("endfunction\n")

    # Address decode: {hit, index}
    L.append("function automatic [%d:0] reg_index(input [15:0] waddr);" % ib)
    L.append("    case (waddr)")
    for r in sorted(regs.values(), key=lambda r: r["addr"]):
        L.append("        16'h%04x: reg_index = {1'b1, %d'd%d}; // %s.%s" % (r["addr"] >> 2, ib, r["index"], r["unit"], r["name"]))
    L.append("        default: reg_index = {1'b0, %d'd0};" % ib)
    L.append("    endcase")
    L.append("endfunction\n")
    case_fn("reg_reset", 32, lambda r: r["reset"], 0)
    case_fn("reg_rw_mask", 32, lambda r: r["rw"], 0)
    case_fn("reg_ro_mask", 32, lambda r: r["ro"], 0)
    case_fn("reg_w1c_mask", 32, lambda r: r["w1c"], 0)
    case_fn("reg_dual", 1, lambda r: int(r["dual"]), 0)
    uidx = {u: i for i, u in enumerate(units)}
    case_fn("reg_unit", ub, lambda r: uidx[r["unit"]], 0)
    write(out, L)



# ==== Ethos-U65 registers (ethosu65.csv) =====================================

ETHOSU_ACCESS = ("RW", "RO", "RS", "W1A")
ETHOSU_PERMS = OrderedDict([("prot", 1), ("in_reset", 2), ("lvl_clamp", 4)])


def ethosu_banner(csv_path):
    return "generated by scripts/gen/gen_regs.py from %s: do not edit" % csv_path.replace(os.sep, "/")


# The products of the family, by CONFIG.product: the CSV's product columns
# (u55, u65, u85) and ethosu_configs.csv's product column name them. The first
# columns' legacy view (reset, masks of ethosu_regs[]) is DEFAULT_PRODUCT's.
ETHOSU_PRODUCTS = OrderedDict([("u55", (0, "Ethos-U55")), ("u65", (1, "Ethos-U65")), ("u85", (2, "Ethos-U85"))])
ETHOSU_DEFAULT_PRODUCT = "u65"
ETHOSU_DEFAULT_CONFIG = "ethos-u65-256"


def ethosu_load(path):
    """Rows per field; a field's product columns (u55, u65, u85) hold its reset in
    that product (empty: the reset column's; '-': the field does not exist there).
    Two rows may name one field when their products differ (another width). A
    register exists in the products of its fields; two registers may share an
    address when no product has both (the U85's MEM_ATTR0-3 at AXI_LIMIT0-3's)."""
    regs = OrderedDict()
    with open(path, newline="") as f:
        for lineno, row in enumerate(csv.DictReader(f), start=2):
            name = row["register"]
            addr = int(row["address"], 0)
            if addr % 4 or addr > 0xFFF:
                die("%s:%d: bad address %s" % (path, lineno, row["address"]))
            perm = 0
            for tok in row["perm"].split("+"):
                if tok not in ETHOSU_PERMS:
                    die("%s:%d: unknown permission token %r" % (path, lineno, tok))
                perm |= ETHOSU_PERMS[tok]
            r = regs.get(name)
            if r is None:
                r = regs[name] = {"page": row["page"], "name": name, "addr": addr, "perm": perm,
                                  "perm_text": row["perm"], "fields": []}
            elif r["addr"] != addr or r["page"] != row["page"]:
                die("%s:%d: %s at two addresses or pages" % (path, lineno, name))
            elif r["perm"] != perm:
                die("%s:%d: %s: permission differs between fields" % (path, lineno, name))
            width = int(row["width"])
            products = OrderedDict()
            for p in ETHOSU_PRODUCTS:
                v = (row.get(p) or "").strip()
                if v == "-":
                    continue
                val = int(v or row["reset"], 0)
                if val >> width:
                    die("%s:%d: %s reset of %s wider than the field" % (path, lineno, p, row["field"]))
                products[p] = val
            if not products:
                die("%s:%d: field %s exists in no product" % (path, lineno, row["field"]))
            # overlaps and duplicates only among the fields of a shared product
            shared = {"fields": [fl for fl in r["fields"] if set(fl["products"]) & set(products)]}
            lsb, width, mask = field_row(path, lineno, shared, row, ETHOSU_ACCESS)
            reset = int(row["reset"], 0)
            if reset >> width:
                die("%s:%d: reset of %s wider than the field" % (path, lineno, row["field"]))
            enums = []
            for e in filter(None, row["enums"].split("|")):
                n, _, v = e.partition("=")
                if not n or not v:
                    die("%s:%d: bad enum %r" % (path, lineno, e))
                enums.append((n, int(v, 0)))
            twin = [fl for fl in r["fields"] if fl["name"] == row["field"]]
            r["fields"].append({"name": row["field"], "lsb": lsb, "width": width, "mask": mask,
                                "reset": products.get(ETHOSU_DEFAULT_PRODUCT, reset), "access": row["access"],
                                "enums": enums, "enums_text": row["enums"], "note": row.get("note") or "",
                                "products": products,
                                # a second row of one name is named by its products in the defines
                                "suffix": "_" + "_".join(p.upper() for p in products) if twin else ""})
    by_addr = {}
    for r in regs.values():
        r["in"] = set(p for fl in r["fields"] for p in fl["products"])
        for o in by_addr.get(r["addr"], []):
            if o["in"] & r["in"]:
                die("%s: %s and %s share address 0x%x in %s" % (path, o["name"], r["name"], r["addr"],
                                                                 ", ".join(sorted(o["in"] & r["in"]))))
        by_addr.setdefault(r["addr"], []).append(r)
    pages = OrderedDict()
    for i, r in enumerate(regs.values()):
        r["index"] = i
        pages.setdefault(r["page"], []).append(r)
        r["preset"] = {p: 0 for p in ETHOSU_PRODUCTS}
        r["pmasks"] = {p: {a: 0 for a in ETHOSU_ACCESS} for p in ETHOSU_PRODUCTS}
        for fl in r["fields"]:
            for p, val in fl["products"].items():
                r["preset"][p] |= val << fl["lsb"]
                r["pmasks"][p][fl["access"]] |= fl["mask"]
        r["reset"] = r["preset"][ETHOSU_DEFAULT_PRODUCT]
        r["masks"] = r["pmasks"][ETHOSU_DEFAULT_PRODUCT]
    return regs, pages


def ethosu_configs_load(path, regs):
    """ethosu_configs.csv: one row per configuration Vela targets. Its CONFIG
    register value is the product's with macs_per_cc = log2(macs) and, where
    the product has the field, shram_size = shram_kb, num_axi_sram =
    log2(axi_sram_ports), num_axi_ext = log2(axi_ext_ports), num_wd =
    log2(cores); its ID the product's. A column whose CONFIG field the product
    lacks must hold the value that says nothing: shram_kb 0 (no SHRAM), one
    port of each kind (M0, M1), cores as given (U65-512's two cores are not
    in its CONFIG)."""
    cfgs = []
    by_product = {}
    with open(path, newline="") as f:
        for lineno, row in enumerate(csv.DictReader(f), start=2):
            p = row["product"]
            if p not in ETHOSU_PRODUCTS:
                die("%s:%d: unknown product %r (one of %s)" % (path, lineno, p, ", ".join(ETHOSU_PRODUCTS)))
            try:
                num = {k: int(row[k]) for k in ("macs", "cores", "shram_kb", "ofm_ublock_depth", "addr_bits",
                                                  "dma_dims", "axi_sram_ports", "axi_ext_ports")}
            except ValueError:
                die("%s:%d: a number column is not a number" % (path, lineno))
            ublocks = []
            for u in filter(None, (row.get("ofm_ublocks") or "").split("|")):
                try:
                    hwc = [int(x) for x in u.split("x")]
                except ValueError:
                    hwc = []
                if len(hwc) != 3 or min(hwc) < 1 or max(hwc) > 255:
                    die("%s:%d: ofm_ublocks %r: HxWxC, 1..255 each" % (path, lineno, u))
                ublocks.append(hwc)
            if len(ublocks) > ETHOSU_MAX_UBLOCKS:
                die("%s:%d: more than %d ofm_ublocks" % (path, lineno, ETHOSU_MAX_UBLOCKS))
            macs = num["macs"]
            if macs < 1 or macs & (macs - 1):
                die("%s:%d: macs %d is not a power of two" % (path, lineno, macs))
            if num["cores"] not in (1, 2, 4) or num["ofm_ublock_depth"] not in (0, 4, 8) or \
                    num["addr_bits"] not in (32, 40) or num["dma_dims"] not in (1, 3) or \
                    num["axi_sram_ports"] not in (1, 2, 4) or num["axi_ext_ports"] not in (1, 2):
                die("%s:%d: cores 1|2|4, ofm_ublock_depth 0|4|8, addr_bits 32|40, dma_dims 1|3, axi_sram_ports "
                    "1|2|4, axi_ext_ports 1|2" % (path, lineno))
            if (num["ofm_ublock_depth"] == 0) != bool(ublocks):
                die("%s:%d: either ofm_ublock_depth (one microblock depth) or ofm_ublocks (the product chooses "
                    "per operation), not both" % (path, lineno))
            same = by_product.setdefault(p, (num["addr_bits"], num["dma_dims"]))
            if same != (num["addr_bits"], num["dma_dims"]):
                die("%s:%d: addr_bits and dma_dims are the product's: one value per product" % (path, lineno))
            cfg = regs["CONFIG"]
            word = cfg["preset"][p]
            log2 = lambda v: v.bit_length() - 1
            for fname, col, val, silent in (("macs_per_cc", "macs", log2(macs), None),
                                            ("shram_size", "shram_kb", num["shram_kb"], 0),
                                            ("num_axi_sram", "axi_sram_ports", log2(num["axi_sram_ports"]), 0),
                                            ("num_axi_ext", "axi_ext_ports", log2(num["axi_ext_ports"]), 0),
                                            ("num_wd", "cores", log2(num["cores"]), -1)):
                fl = [x for x in cfg["fields"] if x["name"] == fname and p in x["products"]]
                if not fl:
                    if silent is None or (silent == 0 and val):
                        die("%s:%d: %s has no CONFIG.%s: %s must say nothing (%s)" % (
                            path, lineno, ETHOSU_PRODUCTS[p][1], fname, col, "0" if col == "shram_kb" else "1"))
                    continue
                if val >> fl[0]["width"] or (fname == "shram_size" and not val):
                    die("%s:%d: %s %d does not fit CONFIG.%s" % (path, lineno, col, num[col] if col in num else macs,
                                                                   fname))
                word = (word & ~fl[0]["mask"]) | val << fl[0]["lsb"]
            cfgs.append(dict(num, name=row["config"], product=p, product_code=ETHOSU_PRODUCTS[p][0], config_reset=word,
                             id_reset=regs["ID"]["preset"][p], note=row.get("note") or "", ofm_ublocks=ublocks))
    if ETHOSU_DEFAULT_CONFIG not in [c["name"] for c in cfgs]:
        die("%s: the default configuration %s is missing" % (path, ETHOSU_DEFAULT_CONFIG))
    return cfgs


ETHOSU_MAX_UBLOCKS = 4


def ethosu_cfg_enum(pfx, c):
    return "%s_CFG_%s" % (pfx, c["name"].replace("ethos-", "").replace("-", "_").upper())


def ethosu_fbase(pfx, r, fl):
    if fl["name"] == r["name"]:
        return "%s_%s_FIELD" % (pfx, r["name"].upper())
    return "%s_%s_%s" % (pfx, r["name"].upper(), fl["name"].upper())


def ethosu_c_header(regs, pages, cfgs, out, pfx, ban):
    lo = pfx.lower()
    guard = "%s_REGS_H" % pfx
    L = ["/* %s_regs.h: Ethos-U55/U65 register map (TRM chapter 4) and the configurations;\n * %s */" % (lo, ban),
         "#ifndef %s\n#define %s\n\n#include <stdint.h>\n" % (guard, guard)]
    L.append("enum %s_page {" % lo)
    for p in pages:
        L.append("    %s_PAGE_%s," % (pfx, p))
    L.append("    %s_PAGE_COUNT\n};\n" % pfx)
    L.append("/* Field access kinds: RW storage; RO constant; RS hardware status (writes")
    L.append(" * ignored); W1A writing 1 acts, the bit reads back as last written. */")
    L.append("enum %s_access { %s_RW = 0, %s_RO = 1, %s_RS = 2, %s_W1A = 3 };\n" % ((lo,) + (pfx,) * 4))
    L.append("/* Register permission flags. PROT: checked against PROT (permitted iff")
    L.append(" * PPROT[0] >= active_CPL && PPROT[1] <= active_CSL; refused read -> 0,")
    L.append(" * refused write ignored). IN_RESET: accessible while STATUS.reset_status")
    L.append(" * is 1. LVL_CLAMP: a write sets the pending levels a soft reset clamps")
    L.append(" * by the writer's PPROT (RESET). */")
    for t, v in ETHOSU_PERMS.items():
        L.append("#define %s_PERM_%s %du" % (pfx, t.upper(), v))
    L.append("")
    L.append("""struct %(lo)s_field_desc {
    const char *name;
    uint8_t lsb, width;
    uint8_t access;          /* enum %(lo)s_access */
    uint32_t reset;          /* field value at reset (not shifted; the default product's) */
    const char *enums;       /* "name=value|..." or "" */
    uint8_t products;        /* bit k: the field exists in the product CONFIG.product == k */
};

struct %(lo)s_reg_desc {
    const char *page_name;   /* "BASE", "BASE_POINTERS", "ID" */
    const char *name;        /* e.g. "STATUS" */
    uint32_t addr;           /* APB byte offset */
    uint8_t page;            /* enum %(lo)s_page */
    uint8_t perm;            /* %(pfx)s_PERM_* flags */
    uint32_t reset;          /* register value at reset (the default product's) */
    uint32_t rw_mask, ro_mask, rs_mask, w1a_mask; /* bits by access kind; others read 0 */
    uint16_t first_field, n_fields;
};

/* A register in one product: reset value and bits by access kind (a field
 * the product lacks reads 0 and ignores writes). */
struct %(lo)s_reg_product {
    uint32_t reset;
    uint32_t rw_mask, ro_mask, rs_mask, w1a_mask;
};

#define %(pfx)s_MAX_UBLOCKS %(nub)d

/* A configuration Vela targets (ethosu_configs.csv). */
struct %(lo)s_config_desc {
    const char *name;        /* "ethos-u55-128" */
    uint8_t product;         /* CONFIG.product: %(pfx)s_PRODUCT_* */
    uint16_t macs;           /* MACs per cycle, all cores */
    uint8_t cores;           /* 1, or 2 (PARALLEL_MODE splits the OFM depth) */
    uint16_t shram_kb;       /* CONFIG.shram_size; 0: no SHRAM (Ethos-U85) */
    uint8_t ofm_ublock_depth;/* OFM microblock depth: the weight order's ublk_depth; 0: per
                                operation, one of ofm_ublocks (Ethos-U85) */
    uint8_t addr_bits;       /* AXI address width: 32 or 40 */
    uint8_t dma_dims;        /* 1: one-dimensional DMA only; 3: SIZE0/1, SKIP0/1 too */
    uint8_t axi_sram_ports;  /* SRAM AXI ports (Ethos-U85: 1 << CONFIG.num_axi_sram); 1 (M0) before */
    uint8_t axi_ext_ports;   /* EXT AXI ports (Ethos-U85: 1 << CONFIG.num_axi_ext); 1 (M1) before */
    uint8_t n_ofm_ublocks;   /* Ethos-U85: the OFM microblocks the configuration offers */
    uint8_t ofm_ublocks[%(pfx)s_MAX_UBLOCKS][3];   /* each height, width, depth */
    uint32_t config_reset;   /* CONFIG register value */
    uint32_t id_reset;       /* ID register value */
};
""" % {"lo": lo, "pfx": pfx, "nub": ETHOSU_MAX_UBLOCKS})
    L.append("#define %s_REG_COUNT %d" % (pfx, len(regs)))
    L.append("#define %s_FIELD_COUNT %d\n" % (pfx, sum(len(r["fields"]) for r in regs.values())))
    L.append("/* Products (the value of CONFIG.product). */")
    for p, (code, pname) in ETHOSU_PRODUCTS.items():
        L.append("#define %s_PRODUCT_%s %du   /* %s */" % (pfx, p.upper(), code, pname))
    L.append("#define %s_PRODUCT_COUNT %d" % (pfx, len(ETHOSU_PRODUCTS)))
    L.append("extern const char *const %s_product_names[%s_PRODUCT_COUNT];   /* \"Ethos-U55\", ... */" % (lo, pfx))
    L.append("extern const struct %s_reg_product %s_reg_products[%s_PRODUCT_COUNT][%s_REG_COUNT];\n"
             % (lo, lo, pfx, pfx))
    L.append("/* Configurations, in the order of %s_configs[]. */" % lo)
    L.append("enum %s_config_id {" % lo)
    for c in cfgs:
        L.append("    %s,   /* %s */" % (ethosu_cfg_enum(pfx, c), c["name"]))
    L.append("    %s_CFG_COUNT\n};" % pfx)
    dflt = [c for c in cfgs if c["name"] == ETHOSU_DEFAULT_CONFIG][0]
    L.append("#define %s_CFG_DEFAULT %s" % (pfx, ethosu_cfg_enum(pfx, dflt)))
    L.append("#define %s_CFG_NAMES \"%s\"" % (pfx, "|".join(c["name"] for c in cfgs)))
    L.append("extern const struct %s_config_desc %s_configs[%s_CFG_COUNT];" % (lo, lo, pfx))
    L.append("/* A configuration by name (\"ethos-u55-32\"), or -1. */")
    L.append("int %s_config_find(const char *name);" % lo)
    L.append("/* The configuration of a CONFIG register value (product and macs_per_cc), or -1. */")
    L.append("int %s_config_of_word(uint32_t config);\n" % lo)
    L.append("extern const struct %s_reg_desc %s_regs[%s_REG_COUNT];" % (lo, lo, pfx))
    L.append("extern const struct %s_field_desc %s_fields[%s_FIELD_COUNT];\n" % (lo, lo, pfx))
    L.append("/* Register index for an APB byte offset, or -1 for an address hole: the default")
    L.append(" * product's register where products differ at the address (AXI_LIMIT0 or the")
    L.append(" * Ethos-U85's MEM_ATTR0), else the one register any product has there. */")
    L.append("int %s_reg_index(uint32_t addr);" % lo)
    L.append("/* Register index of an APB byte offset in one product (%s_PRODUCT_*), or -1" % pfx)
    L.append(" * where the product has no register. */")
    L.append("int %s_reg_index_in(unsigned product, uint32_t addr);" % lo)
    L.append("/* Find by name: \"STATUS\" or \"BASE.STATUS\" (case-insensitive). NULL if unknown. */")
    L.append("const struct %s_reg_desc *%s_reg_find(const char *name);" % (lo, lo))
    L.append("/* Find a field of a register by name (case-insensitive), or NULL. */")
    L.append("const struct %s_field_desc *%s_field_find(const struct %s_reg_desc *r, const char *field);\n"
             % (lo, lo, lo))
    L.append("/* BASEPn pairs: region k's 64-bit base is BASEP(2k) | BASEP(2k+1) << 32. */")
    L.append("#define %s_BASEP_LO(k) (%s_BASEP0 + 8u * (k))" % (pfx, pfx))
    L.append("#define %s_BASEP_HI(k) (%s_BASEP0 + 8u * (k) + 4u)" % (pfx, pfx))
    L.append("#define %s_REGION_COUNT 8\n" % pfx)
    L.append("/* Byte offsets, indexes, reset values, writable bits; field positions and enums. */")
    for r in regs.values():
        b = "%s_%s" % (pfx, r["name"].upper())
        L.append("\n/* %s.%s (%s) */" % (r["page"], r["name"], r["perm_text"]))
        L.append("#define %s 0x%03xu" % (b, r["addr"]))
        L.append("#define %s_IDX %d" % (b, r["index"]))
        L.append("#define %s_RESET 0x%08xu" % (b, r["reset"]))
        for fl in r["fields"]:
            fb = ethosu_fbase(pfx, r, fl) + fl["suffix"]
            note = ("  /* %s */" % fl["note"]) if fl["note"] else ""
            L.append("#define %s_SHIFT %d%s" % (fb, fl["lsb"], note))
            L.append("#define %s_WIDTH %d" % (fb, fl["width"]))
            L.append("#define %s_MASK 0x%08xu" % (fb, fl["mask"]))
            for n, v in fl["enums"]:
                L.append("#define %s_%s %du" % (fb, n.upper(), v))
    L.append("\n#endif")
    write(out, L)


def ethosu_c_source(regs, pages, cfgs, out, pfx, ban):
    lo = pfx.lower()
    L = ["/* %s_regs.c: %s */" % (lo, ban), "#include <ctype.h>", "#include <string.h>",
         '#include "%s_regs.h"' % lo, ""]
    L.append("const struct %s_field_desc %s_fields[%s_FIELD_COUNT] = {" % (lo, lo, pfx))
    for r in regs.values():
        for fl in r["fields"]:
            pbits = sum(1 << ETHOSU_PRODUCTS[p][0] for p in fl["products"])
            L.append('    { "%s", %d, %d, %s_%s, 0x%xu, "%s", 0x%xu },' % (fl["name"], fl["lsb"], fl["width"], pfx,
                                                                       fl["access"], fl["reset"], fl["enums_text"],
                                                                       pbits))
    L.append("};\n")
    L.append("const struct %s_reg_desc %s_regs[%s_REG_COUNT] = {" % (lo, lo, pfx))
    fi = 0
    for r in regs.values():
        m = r["masks"]
        L.append('    { "%s", "%s", 0x%03xu, %s_PAGE_%s, %du, 0x%08xu, 0x%08xu, 0x%08xu, 0x%08xu, 0x%08xu, %d, %d },'
                 % (r["page"], r["name"], r["addr"], pfx, r["page"], r["perm"], r["reset"],
                    m["RW"], m["RO"], m["RS"], m["W1A"], fi, len(r["fields"])))
        fi += len(r["fields"])
    L.append("};\n")
    L.append("const char *const %s_product_names[%s_PRODUCT_COUNT] = { %s };\n"
             % (lo, pfx, ", ".join('"%s"' % n for _, n in ETHOSU_PRODUCTS.values())))
    L.append("const struct %s_reg_product %s_reg_products[%s_PRODUCT_COUNT][%s_REG_COUNT] = {" % (lo, lo, pfx, pfx))
    for p in ETHOSU_PRODUCTS:
        L.append("    {   /* %s */" % ETHOSU_PRODUCTS[p][1])
        for r in regs.values():
            m = r["pmasks"][p]
            L.append("        { 0x%08xu, 0x%08xu, 0x%08xu, 0x%08xu, 0x%08xu },   /* %s */"
                     % (r["preset"][p], m["RW"], m["RO"], m["RS"], m["W1A"], r["name"]))
        L.append("    },")
    L.append("};\n")
    L.append("const struct %s_config_desc %s_configs[%s_CFG_COUNT] = {" % (lo, lo, pfx))
    for c in cfgs:
        ub = ", ".join("{ %d, %d, %d }" % tuple(u) for u in c["ofm_ublocks"]) or "{ 0 }"
        L.append('    { "%s", %s_PRODUCT_%s, %d, %d, %d, %d, %d, %d, %d, %d, %d, { %s }, 0x%08xu, 0x%08xu },'
                 % (c["name"], pfx, c["product"].upper(), c["macs"], c["cores"], c["shram_kb"],
                    c["ofm_ublock_depth"], c["addr_bits"], c["dma_dims"], c["axi_sram_ports"], c["axi_ext_ports"],
                    len(c["ofm_ublocks"]), ub, c["config_reset"], c["id_reset"]))
    L.append("};\n")
    L.append("""int %(lo)s_config_find(const char *name)
{
    for (int i = 0; i < %(pfx)s_CFG_COUNT; i++)
        if (!strcmp(%(lo)s_configs[i].name, name))
            return i;
    return -1;
}

int %(lo)s_config_of_word(uint32_t config)
{
    uint32_t key = %(pfx)s_CONFIG_PRODUCT_MASK | %(pfx)s_CONFIG_MACS_PER_CC_MASK;
    for (int i = 0; i < %(pfx)s_CFG_COUNT; i++)
        if ((%(lo)s_configs[i].config_reset & key) == (config & key))
            return i;
    return -1;
}
""" % {"lo": lo, "pfx": pfx})
    # one (address, index) row per register and product it exists in, sorted
    rows = sorted((r["addr"], ETHOSU_PRODUCTS[p][0], r["index"]) for r in regs.values() for p in r["in"])
    L.append("/* (address, product, register) sorted, for the binary searches below. */")
    L.append("static const struct { uint16_t addr; uint8_t product; uint16_t index; } by_addr[%d] = {" % len(rows))
    for a, pc, i in rows:
        L.append("    { 0x%03xu, %d, %d }," % (a, pc, i))
    L.append("};\n")
    L.append("""int %(lo)s_reg_index_in(unsigned product, uint32_t addr)
{
    int lo = 0, hi = (int)(sizeof by_addr / sizeof by_addr[0]) - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (by_addr[mid].addr == addr && by_addr[mid].product == product)
            return by_addr[mid].index;
        if (by_addr[mid].addr < addr || (by_addr[mid].addr == addr && by_addr[mid].product < product))
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

int %(lo)s_reg_index(uint32_t addr)
{
    int i = %(lo)s_reg_index_in(%(pfx)s_PRODUCT_%(dp)s, addr);
    for (unsigned p = 0; i < 0 && p < %(pfx)s_PRODUCT_COUNT; p++)
        i = %(lo)s_reg_index_in(p, addr);
    return i;
}""" % {"lo": lo, "pfx": pfx, "dp": ETHOSU_DEFAULT_PRODUCT.upper()} + """

static int name_eq(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]))
            return 0;
    return 1;
}

const struct %(lo)s_reg_desc *%(lo)s_reg_find(const char *name)
{
    const char *dot = strrchr(name, '.');
    const char *reg = dot ? dot + 1 : name;
    size_t n = strlen(reg);
    for (int i = 0; i < %(pfx)s_REG_COUNT; i++) {
        const struct %(lo)s_reg_desc *r = &%(lo)s_regs[i];
        if (strlen(r->name) != n || !name_eq(r->name, reg, n))
            continue;
        if (dot && (strlen(r->page_name) != (size_t)(dot - name) ||
                    !name_eq(r->page_name, name, (size_t)(dot - name))))
            continue;
        return r;
    }
    return NULL;
}

const struct %(lo)s_field_desc *%(lo)s_field_find(const struct %(lo)s_reg_desc *r, const char *field)
{
    size_t n = strlen(field);
    for (unsigned i = 0; i < r->n_fields; i++) {
        const struct %(lo)s_field_desc *f = &%(lo)s_fields[r->first_field + i];
        if (strlen(f->name) == n && name_eq(f->name, field, n))
            return f;
    }
    return NULL;
}""" % {"lo": lo, "pfx": pfx})
    write(out, L)


def ethosu_verilog(regs, pages, cfgs, out, pfx, ban):
    L = ["// %s65_regs.vh: %s" % (pfx.lower(), ban),
         "// Included inside a module body: localparams only. Per register:",
         "//   <P>_<REG>_ADDR (12-bit APB byte offset), _RESET, _WMASK (RW + W1A bits:",
         "//   what a permitted write changes), _ROMASK (RO + RS bits), _W1AMASK (action",
         "//   bits, read back as last written), _PERM (PERM_* flags); per field",
         "//   <P>_<REG>_<FIELD>_LSB, _WIDTH, _RESET and enum values.",
         "// Permission (TRM 4.1): an access is permitted iff PPROT[0] >= PROT.active_CPL",
         "// && PPROT[1] <= PROT.active_CSL; a refused read returns 0, a refused write is",
         "// ignored (no PSLVERR). While STATUS.reset_status is 1 only PERM_IN_RESET",
         "// registers are accessible.",
         "// Per configuration: the includer declares `parameter integer %s_CFG` (the" % pfx,
         "// index of the configuration in ethosu_configs.csv, listed below); values that",
         "// differ between products or configurations are chosen by it (a field's _RESET",
         "// is the default product's; the register's _RESET is the configuration's).",
         "localparam integer %s_NREGS = %d;" % (pfx, len(regs))]

    def by_cfg(key, width):
        dflt = [c for c in cfgs if c["name"] == ETHOSU_DEFAULT_CONFIG][0][key]
        vals = [c[key] for c in cfgs]
        if all(v == vals[0] for v in vals):
            return "%d'h%x" % (width, vals[0]) if width else "%d" % vals[0]
        lit = (lambda v: "%d'h%x" % (width, v)) if width else (lambda v: "%d" % v)
        return "".join("(%s_CFG == %d) ? %s : " % (pfx, i, lit(v)) for i, v in enumerate(vals)) + lit(dflt)

    def by_product(vals, width):
        d = vals[ETHOSU_DEFAULT_PRODUCT]
        if all(v == d for v in vals.values()):
            return "%d'h%0*x" % (width, width // 4, d)
        return "".join("(%s_PRODUCT == %d) ? %d'h%0*x : " % (pfx, ETHOSU_PRODUCTS[p][0], width, width // 4, v)
                       for p, v in vals.items() if p != ETHOSU_DEFAULT_PRODUCT) + "%d'h%0*x" % (width, width // 4, d)
    for i, c in enumerate(cfgs):
        L.append("localparam integer %s_CFG_%s = %d;   // %s" % (pfx, ethosu_cfg_enum(pfx, c)[len(pfx) + 5:], i,
                                                               c["name"]))
    for key, what in (("product_code", "CONFIG.product"), ("macs", "MACs per cycle"), ("cores", "cores"),
                      ("shram_kb", "SHRAM KiB"), ("ofm_ublock_depth", "OFM microblock depth"),
                      ("addr_bits", "AXI address bits"), ("dma_dims", "DMA dimensions (1: 1-D only)")):
        name = {"product_code": "PRODUCT", "shram_kb": "SHRAM_KB", "ofm_ublock_depth": "OFM_UBLOCK_DEPTH"}.get(
            key, key.upper())
        L.append("localparam integer %s_%s = %s;   // %s" % (pfx, name, by_cfg(key, 0), what))
    for t, v in ETHOSU_PERMS.items():
        L.append("localparam [2:0] %s_PERM_%s = 3'd%d;" % (pfx, t.upper(), v))
    for r in regs.values():
        b = "%s_%s" % (pfx, r["name"].upper())
        m = r["masks"]
        L.append("")
        L.append("// %s.%s (%s)" % (r["page"], r["name"], r["perm_text"]))
        L.append("localparam [11:0] %s_ADDR = 12'h%03x;" % (b, r["addr"]))
        pm = r["pmasks"]
        if r["name"] == "CONFIG":
            reset = by_cfg("config_reset", 32)
        else:
            reset = by_product(r["preset"], 32)
        L.append("localparam [31:0] %s_RESET = %s;" % (b, reset))
        L.append("localparam [31:0] %s_WMASK = %s;" % (b, by_product({p: pm[p]["RW"] | pm[p]["W1A"] for p in pm}, 32)))
        L.append("localparam [31:0] %s_ROMASK = %s;" % (b, by_product({p: pm[p]["RO"] | pm[p]["RS"] for p in pm}, 32)))
        L.append("localparam [31:0] %s_W1AMASK = %s;" % (b, by_product({p: pm[p]["W1A"] for p in pm}, 32)))
        L.append("localparam [2:0] %s_PERM = 3'd%d;" % (b, r["perm"]))
        for fl in r["fields"]:
            fb = ethosu_fbase(pfx, r, fl) + fl["suffix"]
            w = fl["width"]
            L.append("localparam integer %s_LSB = %d;" % (fb, fl["lsb"]))
            L.append("localparam integer %s_WIDTH = %d;" % (fb, w))
            L.append("localparam [%d:0] %s_RESET = %d'h%x;" % (w - 1, fb, w, fl["reset"]))
            for n, v in fl["enums"]:
                L.append("localparam [%d:0] %s_%s = %d'h%x;" % (w - 1, fb, n.upper(), w, v))
    write(out, L)



# ==== NVDLA configurations and ConfigROM (nvdla_configs.csv) =================

CONFIGS_BANNER = "generated by scripts/gen/gen_regs.py from scripts/gen/regdefs/nvdla_configs.csv: do not edit"
DEFAULT_CONFIG = "nv_small"

# The public configurations, in the order of the C table.
CONFIGS = ["nv_small", "nv_small_256", "nv_small_256_full",
           "nv_medium_512", "nv_medium_1024_full", "nv_large"]

# Data types with a feature bit (INT8 is in every configuration).
DATA_TYPES = OrderedDict([("INT16", "INT16 data"), ("FP16", "FP16 data")])

# Every parameter the CSV must hold, in the order of the C enum and struct:
#   ("bool", name, user-facing feature name)
#   ("types", name)   FEATURE_DATA_TYPE / WEIGHT_DATA_TYPE (the DATA_TYPES bits
#                     are emitted where the second of them stands)
#   ("num", name, C field or None for name.lower(), comment, unset allowed)
SCHEMA = [
    ("bool", "SDP_BS", "SDP BS"),
    ("bool", "SDP_BN", "SDP BN"),
    ("bool", "SDP_EW", "SDP EW"),
    ("bool", "SDP_LUT", "SDP LUT"),
    ("bool", "PDP", "PDP"),
    ("bool", "CDP", "CDP"),
    ("bool", "BDMA", "BDMA"),
    ("bool", "RUBIK", "Rubik"),
    ("bool", "RUBIK_CONTRACT", "Rubik contract"),
    ("bool", "RUBIK_RESHAPE", "Rubik reshape"),
    ("bool", "SECONDARY_MEMIF", "SRAMIF"),
    ("bool", "WINOGRAD", "Winograd"),
    ("bool", "BATCH", "batch"),
    ("bool", "WEIGHT_COMPRESSION", "weight compression"),
    ("types", "FEATURE_DATA_TYPE"),
    ("types", "WEIGHT_DATA_TYPE"),
    ("bool", "RETIMING", "retiming"),
    ("num", "MAC_ATOMIC_C_SIZE", "atomic_c", "input channels per MAC atomic operation", False),
    ("num", "MAC_ATOMIC_K_SIZE", "atomic_k", "output kernels per MAC atomic operation", False),
    ("num", "MEMORY_ATOMIC_SIZE", None, "bytes; data cubes move in 1x1xN atoms", False),
    ("num", "MAX_BATCH_SIZE", None, "0 when unset", True),
    ("num", "CBUF_BANK_NUMBER", None, "convolution buffer banks", False),
    ("num", "CBUF_BANK_WIDTH", None, "bytes per bank entry", False),
    ("num", "CBUF_BANK_DEPTH", None, "entries per bank", False),
    ("num", "SDP_BS_THROUGHPUT", None, "", False),
    ("num", "SDP_BN_THROUGHPUT", None, "", False),
    ("num", "SDP_EW_THROUGHPUT", None, "0 when unset", True),
    ("num", "PDP_THROUGHPUT", None, "", False),
    ("num", "CDP_THROUGHPUT", None, "", False),
    ("num", "PRIMARY_MEMIF_LATENCY", None, "DBBIF read latency, cycles", False),
    ("num", "PRIMARY_MEMIF_MAX_BURST_LENGTH", None, "DBBIF", False),
    ("num", "PRIMARY_MEMIF_WIDTH", None, "DBBIF data width in bits", False),
    ("num", "SECONDARY_MEMIF_LATENCY", None, "SRAMIF read latency, cycles; 0 when absent", True),
    ("num", "SECONDARY_MEMIF_MAX_BURST_LENGTH", None, "SRAMIF; 0 when absent", True),
    ("num", "SECONDARY_MEMIF_WIDTH", None, "SRAMIF data width in bits; 0 when absent", True),
    ("num", "MEM_ADDRESS_WIDTH", None, "bits", False),
    ("num", "NUM_DMA_READ_CLIENTS", None, "", False),
    ("num", "NUM_DMA_WRITE_CLIENTS", None, "", False),
]
CONFIG_KIND = {e[1]: e for e in SCHEMA}

# Parameters that must be set exactly when a feature is present.
REQUIRES = [("SECONDARY_MEMIF", ["SECONDARY_MEMIF_LATENCY", "SECONDARY_MEMIF_MAX_BURST_LENGTH",
                                 "SECONDARY_MEMIF_WIDTH"]),
            ("SDP_EW", ["SDP_EW_THROUGHPUT"])]


def config_value(path, lineno, param, config, text):
    e = CONFIG_KIND[param]
    where = "%s:%d: %s for %s" % (path, lineno, param, config)
    if e[0] == "bool":
        if text not in ("yes", "no"):
            die("%s: expected yes or no, got %r" % (where, text))
        return text == "yes"
    if e[0] == "types":
        toks = text.split("|")
        for t in toks:
            if t != "INT8" and t not in DATA_TYPES:
                die("%s: unknown data type %r (INT8, %s)" % (where, t, ", ".join(DATA_TYPES)))
        if len(set(toks)) != len(toks):
            die("%s: data type listed twice in %r" % (where, text))
        if "INT8" not in toks:
            die("%s: INT8 missing from %r (every configuration computes INT8)" % (where, text))
        return frozenset(toks)
    if text == "x":
        if not e[4]:
            die("%s: x (unset) is not allowed for this parameter" % where)
        return 0
    if not text.isdigit() or int(text) < 1 or int(text) > 0xFFFFFFFF:
        die("%s: expected a decimal number 1..4294967295%s, got %r"
            % (where, " or x" if e[4] else "", text))
    return int(text)


def configs_load(path):
    """Returns (config names in C order, {config: {param: value}})."""
    try:
        f = open(path, newline="")
    except OSError as ex:
        die("%s: %s" % (path, ex.strerror))
    with f:
        rd = csv.reader(f)
        header = next(rd, None)
        if header is None:
            die("%s:1: empty file" % path)
        if header[0] != "parameter":
            die("%s:1: first column must be 'parameter', got %r" % (path, header[0]))
        cols = header[1:]
        for i, c in enumerate(cols):
            if c not in CONFIGS:
                die("%s:1: unknown configuration column %r (known: %s)" % (path, c, ", ".join(CONFIGS)))
            if c in cols[:i]:
                die("%s:1: configuration column %r twice" % (path, c))
        for c in CONFIGS:
            if c not in cols:
                die("%s:1: configuration column %r missing" % (path, c))
        values = {c: {} for c in CONFIGS}
        line_of = {}
        for row in rd:
            lineno = rd.line_num
            if not row:
                die("%s:%d: empty line" % (path, lineno))
            param = row[0]
            if param not in CONFIG_KIND:
                die("%s:%d: unknown parameter %r" % (path, lineno, param))
            if param in line_of:
                die("%s:%d: parameter %s already on line %d" % (path, lineno, param, line_of[param]))
            if len(row) != len(header):
                die("%s:%d: %s has %d values, the header names %d configurations"
                    % (path, lineno, param, len(row) - 1, len(cols)))
            line_of[param] = lineno
            for c, text in zip(cols, row[1:]):
                values[c][param] = config_value(path, lineno, param, c, text.strip())
    for e in SCHEMA:
        if e[1] not in line_of:
            die("%s: parameter %s missing" % (path, e[1]))
    for c in CONFIGS:
        v = values[c]
        if v["FEATURE_DATA_TYPE"] != v["WEIGHT_DATA_TYPE"]:
            die("%s:%d: %s: WEIGHT_DATA_TYPE differs from FEATURE_DATA_TYPE (line %d)"
                % (path, line_of["WEIGHT_DATA_TYPE"], c, line_of["FEATURE_DATA_TYPE"]))
        for feat, params in REQUIRES:
            for p in params:
                if bool(v[p]) != v[feat]:
                    die("%s:%d: %s for %s is %s but %s is %s"
                        % (path, line_of[p], p, c, "set" if v[p] else "x",
                           feat, "yes" if v[feat] else "no"))
    return CONFIGS, values


def config_features():
    """[(enum suffix, user-facing name, function of a config's values)] in enum order."""
    out = []
    for e in SCHEMA:
        if e[0] == "bool":
            out.append((e[1], e[2], (lambda p: lambda v: v[p])(e[1])))
        elif e[1] == "WEIGHT_DATA_TYPE":
            for t, name in DATA_TYPES.items():
                out.append((t, name, (lambda t: lambda v: t in v["FEATURE_DATA_TYPE"])(t)))
    return out


def config_fields():
    """[(C field, parameter, comment)] in struct order."""
    return [(e[2] or e[1].lower(), e[1], e[3]) for e in SCHEMA if e[0] == "num"]


def configs_c_header(names, values, out):
    L = ["/* nvdla_config.h: hardware parameters of the public NVDLA configurations; %s */" % CONFIGS_BANNER,
         "#ifndef NVDLA_CONFIG_H", "#define NVDLA_CONFIG_H", "",
         "#include <stddef.h>", "#include <stdint.h>", "",
         "/* features a configuration may leave out (one bit each) */",
         "enum nvdla_feature {"]
    width = max(len("NVDLA_FEAT_%s," % s) for s, _, _ in config_features()) + 1
    for suffix, name, _ in config_features():
        L.append("    %s/* %s */" % (("NVDLA_FEAT_%s," % suffix).ljust(width), name))
    members = [("const char *name;", 'e.g. "%s"' % DEFAULT_CONFIG),
               ("uint32_t features;", "bit (1u << NVDLA_FEAT_x) set when present")]
    for field, param, comment in config_fields():
        members.append(("unsigned %s;" % field, param + ((": " + comment) if comment else "")))
    width = max(len(d) for d, _ in members) + 1
    L += ["    NVDLA_FEAT_COUNT", "};", "", "struct nvdla_config {"]
    for decl, comment in members:
        L.append("    %s/* %s */" % (decl.ljust(width), comment))
    L += ["};", "",
          "#define NVDLA_CONFIG_COUNT %d" % len(names),
          "extern const struct nvdla_config nvdla_configs[];   /* NVDLA_CONFIG_COUNT entries */",
          "extern const unsigned nvdla_config_count;",
          "",
          "/* The configuration called name, or NULL if unknown (or name is NULL). */",
          "const struct nvdla_config *nvdla_config_find(const char *name);",
          "/* \"%s\": what the simulator models when no configuration is named. */" % DEFAULT_CONFIG,
          "const char *nvdla_config_default_name(void);",
          "/* 1 when c has feature f; 0 when not, or c is NULL, or f is out of range. */",
          "int nvdla_config_has(const struct nvdla_config *c, enum nvdla_feature f);",
          "/* For messages: \"SDP EW\", \"SRAMIF\", \"INT16 data\", ...; \"unknown feature\"",
          " * when f is out of range. Never NULL. */",
          "const char *nvdla_feature_name(enum nvdla_feature f);",
          "/* \"%s\" for messages; always NUL-terminated,"
          % ", ".join(names[:2] + ["..."]),
          " * cut short when len is too small; nothing written when len is 0. */",
          "void nvdla_config_names(char *buf, size_t len);",
          "", "#endif"]
    write(out, L)


def configs_c_source(names, values, out):
    feats = config_features()
    L = ["/* nvdla_config.c: %s */" % CONFIGS_BANNER,
         "#include <stdio.h>", "#include <string.h>", '#include "nvdla_config.h"', "",
         "#define F(x) (1u << NVDLA_FEAT_##x)", "",
         "const struct nvdla_config nvdla_configs[NVDLA_CONFIG_COUNT] = {"]
    for c in names:
        v = values[c]
        present = [s for s, _, has in feats if has(v)]
        L.append("    {")
        L.append('        .name = "%s",' % c)
        L.append("        .features = %s," % (" | ".join("F(%s)" % s for s in present) or "0"))
        for field, param, _ in config_fields():
            L.append("        .%s = %du," % (field, v[param]))
        L.append("    },")
    L += ["};", "",
          "const unsigned nvdla_config_count = NVDLA_CONFIG_COUNT;", "",
          "static const char *const feature_names[NVDLA_FEAT_COUNT] = {"]
    for suffix, name, _ in feats:
        L.append('    [NVDLA_FEAT_%s] = "%s",' % (suffix, name))
    L += ["};", "",
          """const struct nvdla_config *nvdla_config_find(const char *name)
{
    if (name == NULL)
        return NULL;
    for (unsigned i = 0; i < NVDLA_CONFIG_COUNT; i++)
        if (strcmp(nvdla_configs[i].name, name) == 0)
            return &nvdla_configs[i];
    return NULL;
}

const char *nvdla_config_default_name(void)
{
    return "%s";
}

int nvdla_config_has(const struct nvdla_config *c, enum nvdla_feature f)
{
    if (c == NULL || (unsigned)f >= NVDLA_FEAT_COUNT)
        return 0;
    return (int)((c->features >> f) & 1u);
}

const char *nvdla_feature_name(enum nvdla_feature f)
{
    if ((unsigned)f >= NVDLA_FEAT_COUNT)
        return "unknown feature";
    return feature_names[f];
}

void nvdla_config_names(char *buf, size_t len)
{
    size_t used = 0;
    if (buf == NULL || len == 0)
        return;
    buf[0] = '\\0';
    for (unsigned i = 0; i < NVDLA_CONFIG_COUNT && used < len - 1; i++) {
        int n = snprintf(buf + used, len - used, "%%s%%s", i ? ", " : "", nvdla_configs[i].name);
        if (n < 0)
            return;
        used += (size_t)n;
    }
}""" % DEFAULT_CONFIG]
    write(out, L)


# ConfigROM: what the real RTL of each configuration reads back
# (nvdla_cfgrom_rtl.csv, taken from NVDLA's generated RTL by
# scripts/gen/import_cfgrom.py). The register table (nvdla_nv_small.csv) holds
# nv_small's values as reset values; a configuration's table lists the
# registers where its RTL reads otherwise. The public RTL has one ConfigROM for
# every configuration (nv_small's), so today every list is empty; the
# parameters a configuration really has are in nvdla_configs.csv, not its ROM.
CFGROM_CSV = REGDEFS + "/nvdla_cfgrom_rtl.csv"


def cfgrom_load(regs, names):
    """{config: OrderedDict(CFGROM register name without the prefix: value)} of
    the registers whose value differs from the register table's reset value."""
    try:
        f = open(CFGROM_CSV, newline="")
    except OSError as ex:
        die("%s: %s" % (CFGROM_CSV, ex.strerror))
    with f:
        rows = [(i, r) for i, r in enumerate(csv.reader(f), start=1) if r and not r[0].startswith("#")]
    if not rows or rows[0][1][0] != "register":
        die("%s: the header must start with 'register'" % CFGROM_CSV)
    cols = rows[0][1][1:]
    for c in names:
        if c not in cols:
            die("%s:%d: configuration column %r missing" % (CFGROM_CSV, rows[0][0], c))
    reset = {r["name"]: r["reset"] for r in regs.values() if r["unit"] == "CFGROM"}
    out = {c: OrderedDict() for c in names}
    seen = set()
    for lineno, r in rows[1:]:
        name = r[0]
        if name not in reset:
            die("%s:%d: %s is no CFGROM register of the register table" % (CFGROM_CSV, lineno, name))
        if name in seen:
            die("%s:%d: %s twice" % (CFGROM_CSV, lineno, name))
        seen.add(name)
        if len(r) != len(cols) + 1:
            die("%s:%d: %d values, the header names %d configurations" % (CFGROM_CSV, lineno, len(r) - 1, len(cols)))
        for c, text in zip(cols, r[1:]):
            try:
                v = int(text, 16)
            except ValueError:
                die("%s:%d: %s of %s: %r is not a hex number" % (CFGROM_CSV, lineno, name, c, text))
            if c in out and v != reset[name]:
                out[c][name] = v
    missing = [n for n in reset if n not in seen]
    if missing:
        die("%s: no row for %s" % (CFGROM_CSV, ", ".join(missing)))
    return out


# The units whose registers a configuration's RTL decodes only when it has
# them (None: no public configuration builds it). A unit left out reads 0 and
# ignores writes (the real nv_small RTL: BDMA, RBK, CVIF and GEC).
UNIT_NEEDS = OrderedDict([("PDP_RDMA", "PDP"), ("PDP", "PDP"), ("CDP_RDMA", "CDP"), ("CDP", "CDP"),
                          ("BDMA", "BDMA"), ("RBK", "RUBIK"), ("CVIF", "SECONDARY_MEMIF"), ("GEC", None)])


# GLB S_INTR_STATUS bits of those units: software cannot raise them through
# S_INTR_SET where the unit is left out (the real nv_small RTL: RUBIK's)
UNIT_INTR_BITS = {"CDP": 0xc, "PDP": 0x30, "BDMA": 0xc0, "RBK": 0x300}


def intr_left_out(v):
    """The S_INTR_STATUS bits of the units configuration values v leaves out."""
    bits = 0
    for u in units_left_out(v):
        bits |= UNIT_INTR_BITS.get(u, 0)
    return bits


def units_left_out(v):
    """The UNIT_NEEDS units configuration values v leaves out."""
    return [u for u, p in UNIT_NEEDS.items() if p is None or not v[p]]


CFGROM_NOTE = ["The ConfigROM values where a configuration's real RTL reads otherwise",
               "than the register table (nv_small's reset values), from",
               "scripts/gen/regdefs/nvdla_cfgrom_rtl.csv (scripts/gen/import_cfgrom.py)."]


def configs_c_cfgrom(names, values, cfgrom, out):
    unit_fn = ["", "int nvdla_cfgrom_unit_decoded(const struct nvdla_config *c, enum nvdla_unit u)", "{",
               "    if (c == NULL)", "        return 1;", "    switch (u) {"]
    for u, p in UNIT_NEEDS.items():
        unit_fn.append("    case NVDLA_UNIT_%s:" % u)
        unit_fn.append("        return %s;" % ("nvdla_config_has(c, NVDLA_FEAT_%s)" % p if p else "0"))
    unit_fn += ["    default:", "        return 1;", "    }", "}", "",
                "uint32_t nvdla_cfgrom_intr_left_out(const struct nvdla_config *c)", "{",
                "    for (unsigned i = 0; c != NULL && i < NVDLA_CONFIG_COUNT; i++)",
                "        if (c == &nvdla_configs[i] || (c->name != NULL && strcmp(c->name, nvdla_configs[i].name) == 0))",
                "            return intr_left_out[i];", "    return 0;", "}"]
    L = ["/* nvdla_cfgrom.c: %s */" % CONFIGS_BANNER, "/* " + "\n * ".join(CFGROM_NOTE) + " */",
         "#include <string.h>", '#include "nvdla_cfgrom.h"', "",
         "struct cfgrom_value {", "    unsigned idx;     /* register index (NVDLA_*_IDX) */",
         "    uint32_t value;", "};", ""]
    for c in names:
        if not cfgrom[c]:
            continue
        L.append("static const struct cfgrom_value cfgrom_%s[] = {" % c)
        for reg, val in cfgrom[c].items():
            L.append("    { NVDLA_CFGROM_%s_IDX, 0x%xu }," % (reg, val))
        L += ["};", ""]
    L.append("/* S_INTR_STATUS bits of the units each configuration leaves out */")
    L.append("static const uint32_t intr_left_out[NVDLA_CONFIG_COUNT] = {")
    for c in names:
        L.append("    0x%xu,   /* %s */" % (intr_left_out(values[c]), c))
    L += ["};", ""]
    L.append("static const struct {")
    L.append("    const struct cfgrom_value *v;")
    L.append("    unsigned n;")
    L.append("} cfgrom_tables[NVDLA_CONFIG_COUNT] = {")
    for c in names:
        if cfgrom[c]:
            L.append("    { cfgrom_%s, sizeof cfgrom_%s / sizeof cfgrom_%s[0] }," % (c, c, c))
        else:
            L.append("    { NULL, 0 },   /* %s: the register table's values */" % c)
    L += ["};", "",
          """void nvdla_cfgrom_apply(const struct nvdla_config *c, uint32_t regs[NVDLA_REG_COUNT])
{
    if (c == NULL || regs == NULL)
        return;
    for (unsigned i = 0; i < NVDLA_CONFIG_COUNT; i++) {
        if (c != &nvdla_configs[i] && (c->name == NULL || strcmp(c->name, nvdla_configs[i].name) != 0))
            continue;
        for (unsigned k = 0; k < cfgrom_tables[i].n; k++)
            regs[cfgrom_tables[i].v[k].idx] = cfgrom_tables[i].v[k].value;
        return;
    }
}"""] + unit_fn
    write(out, L)


def configs_verilog_cfgrom(names, values, cfgrom, out):
    chars = 32
    assert all(len(c) <= chars for c in names)
    L = ["// nvdla_cfgrom.vh: %s" % CONFIGS_BANNER] + ["// " + t for t in CFGROM_NOTE] + [
        "// Included inside a module body after nvdla_regs.vh (it uses REG_* and",
        "// reg_reset). A configuration is named by a string (\"nv_large\") and",
        "// numbered by nvdla_config_index() in the order of the C table.",
        "localparam integer NVDLA_CONFIG_COUNT = %d;" % len(names),
        "",
        "// Index of the configuration called name (a string of up to %d characters)," % chars,
        "// -1 when unknown.",
        "function automatic integer nvdla_config_index(input [8*%d-1:0] name);" % chars,
        "    case (name)"]
    for i, c in enumerate(names):
        L.append('        "%s": nvdla_config_index = %d;' % (c, i))
    L += ["        default: nvdla_config_index = -1;", "    endcase", "endfunction", ""]
    for fn, param, what in (("nvdla_config_dbbif_width", "PRIMARY_MEMIF_WIDTH", "DBBIF data bits"),
                            ("nvdla_config_address_width", "MEM_ADDRESS_WIDTH", "address bits")):
        L += ["// %s of configuration cfg (%s), 0 for an unknown one." % (what, param),
              "function automatic integer %s(input integer cfg);" % fn, "    case (cfg)"]
        for i, c in enumerate(names):
            L.append("        %d: %s = %d;   // %s" % (i, fn, values[c][param], c))
        L += ["        default: %s = 0;" % fn, "    endcase", "endfunction", ""]
    L += ["// Whether configuration cfg's RTL decodes the registers of unit u: a unit",
          "// it leaves out reads 0 and ignores writes.",
          "function automatic nvdla_unit_decoded(input integer cfg, input [NVDLA_UNITW-1:0] u);",
          "begin",
          "    nvdla_unit_decoded = 1'b1;",
          "    case (cfg)"]
    for i, c in enumerate(names):
        out_units = units_left_out(values[c])
        L.append("        %d: case (u) %s: nvdla_unit_decoded = 1'b0; default: ; endcase   // %s"
                 % (i, ", ".join("UNIT_%s" % u for u in out_units), c))
    L += ["        default: ;", "    endcase", "end", "endfunction", ""]
    L += ["// S_INTR_STATUS bits of the units configuration cfg leaves out (S_INTR_SET",
          "// cannot raise them).",
          "function automatic [31:0] nvdla_intr_left_out(input integer cfg);",
          "    case (cfg)"]
    for i, c in enumerate(names):
        L.append("        %d: nvdla_intr_left_out = 32'h%x;   // %s" % (i, intr_left_out(values[c]), c))
    L += ["        default: nvdla_intr_left_out = 32'h0;", "    endcase", "endfunction", ""]
    L += ["// Reset value of register idx in configuration cfg: its ConfigROM value",
          "// there, else reg_reset(idx).",
          "function automatic [31:0] cfgrom_reset(input integer cfg, input [NVDLA_IDXW-1:0] idx);",
          "begin",
          "    cfgrom_reset = reg_reset(idx);",
          "    case (cfg)"]
    for i, c in enumerate(names):
        L += ["        %d: begin   // %s" % (i, c), "            case (idx)"]
        for reg, val in cfgrom[c].items():
            L.append("                REG_CFGROM_%s: cfgrom_reset = 32'h%x;" % (reg, val))
        L += ["                default: ;", "            endcase", "        end"]
    L += ["        default: ;", "    endcase", "end", "endfunction"]
    write(out, L)


# the begin marker is matched up to its "-->": what it says after "begin" (the
# generator that writes the table) is kept as the document has it
README_BEGIN = "<!-- nvdla-configs: begin"
README_END = "<!-- nvdla-configs: end -->"


def readme_table(names, values):
    """One row per configuration: what it enables, in the units a user reads."""
    def yn(v, p):
        return "yes" if v[p] else "-"

    rows = ["| `NVDLA_CONFIG` | MAC atomic C x K | memory atom | CBUF banks x width x depth | DBBIF | SRAMIF "
            "| address | SDP BS/BN/EW/LUT | PDP | CDP |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for c in names:
        v = values[c]
        sram = "%d-bit" % v["SECONDARY_MEMIF_WIDTH"] if v["SECONDARY_MEMIF"] else "-"
        sdp = "/".join(yn(v, p) for p in ("SDP_BS", "SDP_BN", "SDP_EW", "SDP_LUT"))
        rows.append("| %s%s | %d x %d | %d B | %d x %d B x %d | %d-bit | %s | %d-bit | %s | %s | %s |" % (
            c, " (default)" if c == DEFAULT_CONFIG else "", v["MAC_ATOMIC_C_SIZE"], v["MAC_ATOMIC_K_SIZE"],
            v["MEMORY_ATOMIC_SIZE"], v["CBUF_BANK_NUMBER"], v["CBUF_BANK_WIDTH"], v["CBUF_BANK_DEPTH"],
            v["PRIMARY_MEMIF_WIDTH"], sram, v["MEM_ADDRESS_WIDTH"], sdp, yn(v, "PDP"), yn(v, "CDP")))
    return rows


def configs_readme(names, values, readme, out):
    try:
        with open(readme) as f:
            text = f.read()
    except OSError as ex:
        die("%s: %s" % (readme, ex.strerror))
    b, e = text.find(README_BEGIN), text.find(README_END)
    b_end = text.find("-->", b) if b >= 0 else -1
    if b < 0 or b_end < 0 or e < b_end:
        die("%s: no table markers (a line %r, later a line %r)" % (readme, README_BEGIN + " ... -->", README_END))
    head = text[:b_end + len("-->")]
    new = head + "\n" + "\n".join(readme_table(names, values)) + "\n" + text[e:]
    with open(out, "w") as f:
        f.write(new)


# ==== the files of each family, and the driver ================================

def gen_nvdla(out):
    regs, units = nvdla_load(REGDEFS + "/nvdla_nv_small.csv")
    nvdla_c_header(regs, units, out(REGS_ROOM + "/nvdla_regs.h"))
    nvdla_c_source(regs, units, out(REGS_ROOM + "/nvdla_regs.c"))
    nvdla_verilog(regs, units, out("rtl_stubs/nvdla/generated/nvdla_regs.vh"))


def gen_ethosu(out, pfx="ETHOSU"):
    path = REGDEFS + "/ethosu65.csv"
    regs, pages = ethosu_load(path)
    cfgs = ethosu_configs_load(REGDEFS + "/ethosu_configs.csv", regs)
    ban = ethosu_banner(path) + " and ethosu_configs.csv"
    ethosu_c_header(regs, pages, cfgs, out(REGS_ROOM + "/ethosu_regs.h"), pfx, ban)
    ethosu_c_source(regs, pages, cfgs, out(REGS_ROOM + "/ethosu_regs.c"), pfx, ban)
    ethosu_verilog(regs, pages, cfgs, out("rtl_stubs/ethosu65/generated/ethosu65_regs.vh"), pfx, ban)


def gen_configs(out):
    names, values = configs_load(REGDEFS + "/nvdla_configs.csv")
    regs, _ = nvdla_load(REGDEFS + "/nvdla_nv_small.csv")
    cfgrom = cfgrom_load(regs, names)
    configs_c_header(names, values, out(REGS_ROOM + "/nvdla_config.h"))
    configs_c_source(names, values, out(REGS_ROOM + "/nvdla_config.c"))
    configs_c_cfgrom(names, values, cfgrom, out(REGS_ROOM + "/nvdla_cfgrom.c"))
    configs_verilog_cfgrom(names, values, cfgrom, out("rtl_stubs/nvdla/generated/nvdla_cfgrom.vh"))
    return names, values


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--readme", help="document whose configuration table to regenerate (e.g. README.md)")
    ap.add_argument("--readme-out", help="write the regenerated document here instead of in place")
    ap.add_argument("--out-dir", help="write every generated file into this folder instead of the tree "
                    "(--check: default build/gen)")
    ap.add_argument("--check", action="store_true",
                    help="regenerate into --out-dir and fail when a committed file differs")
    a = ap.parse_args()
    # the user's paths are taken from where they stand; the tree's from the root
    readme = os.path.abspath(a.readme) if a.readme else None
    readme_out = os.path.abspath(a.readme_out) if a.readme_out else None
    out_dir = os.path.abspath(a.out_dir) if a.out_dir else None
    os.chdir(ROOT)
    if a.check and not out_dir:
        out_dir = os.path.abspath("build/gen")
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
    written = []   # (tree path, where it was written)

    def out(path):
        dest = os.path.join(out_dir, os.path.basename(path)) if out_dir else path
        written.append((path, dest))
        return dest

    gen_nvdla(out)
    gen_ethosu(out)
    names, values = gen_configs(out)
    if readme:
        dest = readme_out or (os.path.join(out_dir, os.path.basename(readme)) if a.check else readme)
        configs_readme(names, values, readme, dest)
        written.append((os.path.relpath(readme), dest))
    if not a.check:
        return 0
    stale = [path for path, dest in written if not os.path.exists(path) or not filecmp.cmp(path, dest, shallow=False)]
    for path in stale:
        print("regs-check: %s is stale (or edited by hand): run 'make regs'" % path, file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
