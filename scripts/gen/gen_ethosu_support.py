#!/usr/bin/env python3
"""Writes the Ethos-U support table of docs/ethos-u.md from the corpus itself.

Every network folder of sequences/ethosu/networks/<product>/<name>/ says in its
README.txt which TensorFlow Lite operators it holds ("(ops: CONV_2D,RESHAPE)");
its input_0.npy says the data type it runs in (int8, uint8, int16: 16x8). A
folder with an xfail.txt is a named stream-and-reference disagreement. The
table has a row per operator and data type and a column per product: how many
networks hold it there, and how many of them are expected to differ.

    gen_ethosu_support.py [--networks DIR] [--doc FILE]          rewrite the table
    gen_ethosu_support.py [--networks DIR] [--doc FILE] --check  exit 1 when stale

The table sits between the two marker lines below in the doc; nothing else of
the doc is touched. Standard library only (make docs-check runs --check).

The rows start from Vela's own lists of the operators it places on the NPU of
the Ethos-U55 and Ethos-U65 (sequences/ethosu/networks/vela_npu_ops.txt, a
name a line) and of the Ethos-U85 (vela_npu_ops_u85.txt): an operator no
network holds shows as a row of dashes; in a column of a product whose list
lacks the operator, a cell without networks says "CPU".

    gen_ethosu_support.py --vela-report VELA   rewrite those lists from Vela's
                                               --supported-ops-report (make ethosu-corpus)
"""

import argparse
import ast
import os
import re
import subprocess
import sys
import tempfile

BEGIN = "<!-- support table: scripts/gen/gen_ethosu_support.py writes what follows -->"
END = "<!-- end of support table -->"
PRODUCTS = ("ethos-u55-32", "ethos-u55-64", "ethos-u55-128", "ethos-u55-256", "ethos-u65-256", "ethos-u65-512")
U85_PRODUCTS = ("ethos-u85-128", "ethos-u85-256", "ethos-u85-512", "ethos-u85-1024", "ethos-u85-2048")
ALL_PRODUCTS = PRODUCTS + U85_PRODUCTS
TYPE_NAMES = {"|i1": "int8", "|u1": "uint8", "<i2": "int16 (16x8)"}


def npy_descr(path):
    """The dtype string of a .npy file's header (version 1-3), or None."""
    try:
        with open(path, "rb") as f:
            head = f.read(10)
            if head[:6] != b"\x93NUMPY":
                return None
            if head[6] == 1:
                size = int.from_bytes(head[8:10], "little")
            else:
                size = int.from_bytes(head[8:10] + f.read(2), "little")
            header = ast.literal_eval(f.read(size).decode("latin1"))
        return header.get("descr")
    except (OSError, ValueError, SyntaxError):
        return None


def read_corpus(root):
    """{(operator, type): {product: [pass names, xfail names]}} and the errors found."""
    table, errors = {}, []
    for product in sorted(os.listdir(root)):
        pdir = os.path.join(root, product)
        if not os.path.isdir(pdir):
            continue
        if product not in ALL_PRODUCTS:
            errors.append(f"{pdir}: not a product this table knows ({', '.join(ALL_PRODUCTS)})")
            continue
        for name in sorted(os.listdir(pdir)):
            ndir = os.path.join(pdir, name)
            if not os.path.isdir(ndir):
                continue
            try:
                with open(os.path.join(ndir, "README.txt"), encoding="utf-8") as f:
                    readme = f.read()
            except OSError as e:
                errors.append(f"{ndir}: no README.txt ({e.strerror})")
                continue
            m = re.search(r"\(ops: ([A-Z0-9_,]+)\)", readme)
            if not m:
                errors.append(f"{ndir}/README.txt:1: no '(ops: ...)' list")
                continue
            descr = npy_descr(os.path.join(ndir, "input_0.npy"))
            if descr not in TYPE_NAMES:
                errors.append(f"{ndir}/input_0.npy: dtype {descr!r} is none of {', '.join(TYPE_NAMES)}")
                continue
            xfail = os.path.exists(os.path.join(ndir, "xfail.txt"))
            for op in m.group(1).split(","):
                cell = table.setdefault((op, TYPE_NAMES[descr]), {}).setdefault(product, [[], []])
                cell[1 if xfail else 0].append(name)
    return table, errors


def vela_ops_from_report(vela, which=0):
    """The operators of Vela's --supported-ops-report for the Ethos-U55/U65 (which 0: the
    report's first table) or the Ethos-U85 (which 1: the second)."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([vela, "--supported-ops-report", "--accelerator-config", "ethos-u55-128"],
                       cwd=tmp, check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(tmp, "SUPPORTED_OPS.md"), encoding="utf-8") as f:
            report = f.read().split("\n")
    ops, in_table, tables = [], False, 0
    for line in report:
        if line.startswith("| Operator |"):
            if tables == which:
                in_table = True
            tables += 1
            if ops:
                break
        elif in_table and re.match(r"\| [A-Z0-9_]+ \|", line):
            ops.append(line.split("|")[1].strip())
        elif in_table and ops and not line.startswith("|"):
            break
    if not ops:
        raise SystemExit("gen_ethosu_support: no operator table in Vela's SUPPORTED_OPS.md")
    return ops


def read_vela_ops(path):
    try:
        with open(path, encoding="utf-8") as f:
            return [line.strip() for line in f if line.strip() and not line.startswith("#")]
    except OSError as e:
        raise SystemExit(f"gen_ethosu_support: {path}: {e.strerror} (make ethosu-corpus writes it)")


def render(table, vela_ops, vela_ops_u85):
    for op in vela_ops + vela_ops_u85:
        if not any(key[0] == op for key in table):
            table[(op, "")] = {}
    lines = [BEGIN, "", "| operator | data type | " + " | ".join(ALL_PRODUCTS) + " |",
             "| --- | --- |" + " --- |" * len(ALL_PRODUCTS)]
    for (op, dtype) in sorted(table):
        cells = []
        for product in ALL_PRODUCTS:
            passing, xfail = table[(op, dtype)].get(product, [[], []])
            if not passing and not xfail:
                on_npu = vela_ops_u85 if product in U85_PRODUCTS else vela_ops
                cells.append("-" if op in on_npu else "CPU")
            else:
                cells.append(f"{len(passing)}" + (f" + {len(xfail)} xfail" if xfail else ""))
        lines.append(f"| {op} | {dtype or 'no network'} | " + " | ".join(cells) + " |")
    lines += ["", END]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--networks", default="sequences/ethosu/networks")
    ap.add_argument("--doc", default="docs/ethos-u.md")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--vela-report", metavar="VELA")
    args = ap.parse_args()
    ops_file = os.path.join(args.networks, "vela_npu_ops.txt")
    ops_file_u85 = os.path.join(args.networks, "vela_npu_ops_u85.txt")
    if args.vela_report:
        for which, path, what in ((0, ops_file, "Ethos-U55/U65"), (1, ops_file_u85, "Ethos-U85")):
            ops = vela_ops_from_report(os.path.abspath(args.vela_report), which)
            with open(path + ".tmp", "w", encoding="utf-8") as f:
                f.write(f"# The operators Vela places on the {what} NPU (its --supported-ops-report);\n"
                        "# written by scripts/gen/gen_ethosu_support.py --vela-report (make ethosu-corpus)\n")
                f.write("".join(op + "\n" for op in ops))
            os.replace(path + ".tmp", path)
        return 0
    vela_ops = read_vela_ops(ops_file)
    vela_ops_u85 = read_vela_ops(ops_file_u85)
    table, errors = read_corpus(args.networks)
    for e in errors:
        print(f"gen_ethosu_support: {e}", file=sys.stderr)
    if errors:
        return 2
    try:
        with open(args.doc, encoding="utf-8") as f:
            doc = f.read()
    except OSError as e:
        print(f"gen_ethosu_support: {args.doc}: {e.strerror}", file=sys.stderr)
        return 2
    start, end = doc.find(BEGIN), doc.find(END)
    if start < 0 or end < start:
        print(f"gen_ethosu_support: {args.doc}: no marker lines '{BEGIN}' ... '{END}'", file=sys.stderr)
        return 2
    new = doc[:start] + render(table, vela_ops, vela_ops_u85) + doc[end + len(END):]
    if args.check:
        if new != doc:
            line = doc[:start].count("\n") + 1
            print(f"{args.doc}:{line}: the support table is not the corpus's; run python3 scripts/gen/gen_ethosu_support.py",
                  file=sys.stderr)
            return 1
        return 0
    if new != doc:
        with open(args.doc + ".tmp", "w", encoding="utf-8") as f:
            f.write(new)
        os.replace(args.doc + ".tmp", args.doc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
