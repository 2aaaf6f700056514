#!/usr/bin/env python3
"""layer_check.py: the include arrows point one way (make layers, in make test).

golden/ needs nothing; bfm/ may use golden/; sim/ may use bfm/ and golden/;
sequences/ (the tests and the program's main) may use everything. A file's
`#include "x.h"` names the layer x.h lives in; an include against the
arrows, or of a header that is nowhere, is printed as file:line and the exit
status is 1. Verilator's and SystemC's own headers (not in the tree) are
left alone.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LAYERS = ("golden", "bfm", "sim", "sequences")
ALLOWED = {"golden": {"golden"}, "bfm": {"bfm", "golden"}, "sim": {"sim", "bfm", "golden"},
           "sequences": set(LAYERS)}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
SOURCES = (".c", ".h", ".cpp")


def files():
    for layer in LAYERS:
        for d, _, names in os.walk(os.path.join(ROOT, layer)):
            for n in sorted(names):
                if n.endswith(SOURCES):
                    yield layer, os.path.join(d, n)


def main():
    home = {}   # header name -> its layer (names are unique across the tree)
    for layer, path in files():
        if path.endswith(".h"):
            name = os.path.basename(path)
            if name in home and home[name] != layer:
                print("%s: a header of this name is also in %s/" % (os.path.relpath(path, ROOT), home[name]))
                return 1
            home[name] = layer
    bad = 0
    for layer, path in files():
        with open(path, errors="replace") as f:
            for no, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                name = os.path.basename(m.group(1))
                to = home.get(name)
                if to is None or to in ALLOWED[layer]:
                    continue   # a system or tool header (verilated.h, Vdut.h, ...), or an allowed arrow
                print("%s:%d: %s/ includes %s from %s/, against the layer order golden < bfm < sim < sequences"
                      % (os.path.relpath(path, ROOT), no, layer, m.group(1), to))
                bad += 1
    if bad:
        return 1
    print("layers: every include points down (golden < bfm < sim < sequences)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
