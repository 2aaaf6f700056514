#!/usr/bin/env python3
"""layer_check.py: the include arrows point one way (make layers, in make test).

Layers: golden/ needs nothing; bfm/ may use golden/; sim/ may use bfm/ and
golden/; sequences/ (the tests and the program's main) may use everything,
and so may fuzz/ (the fuzz targets: each feeds one parser, wherever it
lives, and nothing includes them).

Rooms: inside golden/, sim/ and sequences/ each folder is a room with a rank (ROOMS
below); a file may include headers of its own room or of a room of lower
rank in the same layer, never of a room of its rank or above. A room of one
accelerator family (nvdla, ethosu) never includes a room of another family,
in either layer. A file's room is the longest room path its folder starts
with.

A family is a plug-in: the family-neutral rooms (NEUTRAL below) name no
family (a family of ROOMS: nvdla, ethosu, copyeng, in any case) in a file
name, an include, an identifier or a string; what is a family's lives in
its rooms or in data. Comments may name a family as an example, and
generated files (generated/ folders, docs/layout.md "Generated files") are
data. The protocol names of PROTOCOL_NAMES are the one exception.

A file's `#include "x.h"` names the room x.h lives in; an include against
the order, a family name in a neutral room, or a header that is nowhere is
printed as file:line and the exit status is 1. Verilator's and SystemC's own headers (not in the tree)
are left alone. --root checks another copy of the tree (the system test).
"""
import argparse
import os
import re
import sys

LAYERS = ("golden", "bfm", "sim", "sequences", "fuzz")
ALLOWED = {"golden": {"golden"}, "bfm": {"bfm", "golden"}, "sim": {"sim", "bfm", "golden"},
           "sequences": {"golden", "bfm", "sim", "sequences"}, "fuzz": set(LAYERS)}

# (room, rank, family): lower ranks are included by higher ones. Rooms of
# equal rank do not include each other.
ROOMS = (
    ("golden", 0, None),
    # a family's golden models, above the shared arithmetic
    ("golden/nvdla", 1, "nvdla"),
    ("golden/ethosu", 1, "ethosu"),
    ("golden/tools", 2, None),
    ("golden/tests", 2, None),
    ("bfm", 0, None),
    # the generated register, configuration and ConfigROM tables of every family
    ("sim/regs", 0, None),
    # family-neutral core: the kernel (DUT interface, cycle loop, knobs, harness
    # description), waves, the SystemC harness's clock and the TLM pieces every
    # wrapper shares, the Verilator adapters
    ("sim/kernel", 1, None),
    ("sim/waves", 2, None),
    ("sim/systemc", 3, None),
    ("sim/systemc/tlm", 3, None),
    ("sim/verilator", 4, None),
    # the families: pins, models, twins, each family's entry (sim_family.h),
    # its Verilator shim (rtl/) and its TLM-2.0 wrapper (tlm/)
    ("sim/nvdla/model", 5, "nvdla"),
    ("sim/nvdla/twin", 6, "nvdla"),
    ("sim/nvdla", 7, "nvdla"),
    ("sim/nvdla/rtl", 8, "nvdla"),
    ("sim/nvdla/tlm", 8, "nvdla"),
    ("sim/ethosu", 5, "ethosu"),
    ("sim/ethosu/rtl", 6, "ethosu"),
    ("sim/ethosu/tlm", 6, "ethosu"),
    ("sim/copyeng", 5, "copyeng"),
    ("sim/tests", 9, None),
    ("sim/systemc/tlm/tests", 9, None),
    ("sim/systemc/tlm/examples", 9, None),
    ("sequences/api", 0, None),
    # the one run loop and what it asks of a family (main_family.h); the
    # families' entries live in their rooms and are listed by the Makefile
    ("sequences/main", 1, None),
    # NVDLA: its sequence context and test lookup, the trace format and
    # runner on it, then its sequences and its entry (nvdla_main.c)
    ("sequences/nvdla/api", 2, "nvdla"),
    ("sequences/trace", 3, "nvdla"),
    ("sequences/nvdla", 4, "nvdla"),
    ("sequences/ethosu", 2, "ethosu"),
    ("sequences/copyeng", 2, "copyeng"),
    # the random NVDLA layer generator, a program of its own
    ("sequences/main/gen_layers", 5, "nvdla"),
    # the TLM-2.0 platform runs every family's sequences
    ("sequences/main/tlm", 5, None),
    ("sequences/tests", 6, None),
    # the fuzz targets and their replay main (make fuzz, make fuzz-replay)
    ("fuzz", 0, None),
)
# The family-neutral rooms (exactly these folders: a sub-room is a room of
# its own, e.g. sim/systemc/tlm/tests builds every family's wrapper).
NEUTRAL = (
    "sim/kernel",
    "sim/waves",
    "sim/verilator",
    "sim/systemc",
    "sim/systemc/tlm",
    "golden",
    "bfm",
    "sequences/api",
    "sequences/main",
)
# Names a neutral room may still spell because a family's specification
# defines them for a protocol every family's requester speaks the same way:
# NVDLA's CSB pins are csb2nvdla_* and nvdla2csb_* (the CSB requester and
# checker name their signals and rules after the spec). Keep it this short.
PROTOCOL_NAMES = re.compile(r"\b(?:csb2nvdla|nvdla2csb)_\w*", re.I)
RANK = {r: k for r, k, _ in ROOMS}
FAMILY = {r: f for r, _, f in ROOMS}
FAMILIES = sorted({f for _, _, f in ROOMS if f})
FAMILY_NAME = re.compile("|".join(FAMILIES), re.I)
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
SOURCES = (".c", ".h", ".cpp")


def order(layer):
    """The room order of a layer as text: a < b < c, d < e."""
    ranks = sorted({k for r, k, _ in ROOMS if r.split("/")[0] == layer})
    return " < ".join(", ".join(r for r, k, _ in ROOMS if r.split("/")[0] == layer and k == rank) for rank in ranks)


def room_of(rel):
    """The room of a file (path relative to the root), or None."""
    d = os.path.dirname(rel)
    best = None
    for r, _, _ in ROOMS:
        if (d == r or d.startswith(r + "/")) and (best is None or len(r) > len(best)):
            best = r
    return best


def without_comments(text):
    """text with its C/C++ comments blanked (newlines kept, so line numbers
    hold); string and character literals are kept as they are."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def family_names(root, rel):
    """(line, family name) of each family name in a file of a neutral room:
    in its name, its includes, identifiers and strings."""
    found = []
    m = FAMILY_NAME.search(os.path.basename(rel))
    if m:
        found.append((1, m.group(0)))
    with open(os.path.join(root, rel), errors="replace") as f:
        code = without_comments(f.read())
    for no, line in enumerate(code.split("\n"), 1):
        m = FAMILY_NAME.search(PROTOCOL_NAMES.sub("", line))
        if m:
            found.append((no, m.group(0)))
    return found


def files(root):
    for layer in LAYERS:
        for d, dirs, names in os.walk(os.path.join(root, layer)):
            dirs.sort()
            for n in sorted(names):
                if n.endswith(SOURCES):
                    yield layer, os.path.relpath(os.path.join(d, n), root)



def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                    help="the tree to check (default: this repository)")
    root = ap.parse_args(argv).root
    home = {}   # header name -> (layer, room); names are unique across the tree
    bad = 0
    for layer, rel in files(root):
        room = room_of(rel)
        if room is None:
            print("%s:1: in no room of %s/: add its folder to ROOMS in scripts/check/layer_check.py (%s)"
                  % (rel, layer, order(layer)))
            bad += 1
            continue
        if rel.endswith(".h"):
            name = os.path.basename(rel)
            if name in home and home[name][0] != layer:
                print("%s: a header of this name is also in %s/" % (rel, home[name][0]))
                return 1
            home[name] = (layer, room)
    for layer, rel in files(root):
        room = room_of(rel)
        if room not in NEUTRAL or "/generated/" in "/" + rel:
            continue
        for no, name in family_names(root, rel):
            print("%s:%d: %s/ is family-neutral, but names the family '%s' (in code, an include, a string or the "
                  "file name): a family's pieces live in its rooms or in data (NEUTRAL in scripts/check/layer_check.py)"
                  % (rel, no, room, name))
            bad += 1
    for layer, rel in files(root):
        room = room_of(rel)
        if room is None:
            continue
        with open(os.path.join(root, rel), errors="replace") as f:
            for no, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                to = home.get(os.path.basename(m.group(1)))
                if to is None:
                    continue   # a system or tool header (verilated.h, Vdut.h, ...)
                to_layer, to_room = to
                if to_layer not in ALLOWED[layer]:
                    print("%s:%d: %s/ includes %s from %s/, against the layer order golden < bfm < sim < sequences < fuzz"
                          % (rel, no, layer, m.group(1), to_layer))
                    bad += 1
                    continue
                fam, to_fam = FAMILY[room], FAMILY[to_room]
                if fam and to_fam and fam != to_fam:
                    print("%s:%d: %s/ (family %s) includes %s from %s/ (family %s): a family's rooms never "
                          "include another family's" % (rel, no, room, fam, m.group(1), to_room, to_fam))
                    bad += 1
                    continue
                if to_layer != layer or to_room == room or RANK[to_room] < RANK[room]:
                    continue
                print("%s:%d: %s/ includes %s from %s/, against the room order of %s/: %s"
                      % (rel, no, room, m.group(1), to_room, layer, order(layer)))
                bad += 1
    if bad:
        return 1
    print("layers: every include points down (golden < bfm < sim < sequences < fuzz; golden: %s; sim: %s; sequences: %s); "
          "the family-neutral rooms name no family (%s)" % (order("golden"), order("sim"), order("sequences"), ", ".join(NEUTRAL)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
