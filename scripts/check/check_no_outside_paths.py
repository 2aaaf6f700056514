#!/usr/bin/env python3
"""check_no_outside_paths: no tracked file names the reference folder that
sat beside the developers' checkout (two dots, a slash and "shared", or its
testdata, spec and seeds subfolders).

A user's clone has nothing beside it: every file a test, a default, a
benchmark or a document reads is in the repository (testdata/, see
testdata/README.md), and this check keeps it so. The patterns are built from
pieces, so this file does not name them itself.

Usage: scripts/check/check_no_outside_paths.py [--root DIR]
The files are `git ls-files` of DIR (default: the repository); when DIR is
not a git checkout, every file under it but .git/, build/ and logs/.
Prints `file:line: names <pattern>` per hit and exits 1 if there is any.
"""
import argparse
import os
import subprocess
import sys

SHARED = "shared"
PATTERNS = [b"." + b"./" + SHARED.encode()] + \
    [(SHARED + "/" + sub).encode() for sub in ("testdata", "spec", "seeds")]
SKIP_DIRS = {".git", "build", "logs"}


def tracked_files(root):
    """Paths relative to root: git's list, or a walk when root is no checkout."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, check=True).stdout
        return [p for p in out.decode("utf-8", "surrogateescape").split("\0") if p]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, names in os.walk(root):
            dirs[:] = sorted(x for x in dirs if not (d == root and x in SKIP_DIRS) and x != ".git")
            files += [os.path.relpath(os.path.join(d, n), root) for n in sorted(names)]
        return files


def hits(path):
    """(line number, pattern) of every pattern in the file, in line order."""
    with open(path, "rb") as f:
        data = f.read()
    found = []
    for lineno, line in enumerate(data.split(b"\n"), 1):
        for pat in PATTERNS:
            if pat in line:
                found.append((lineno, pat.decode()))
                break   # the first pattern names the line; a second would repeat it
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."),
                    help="repository root (default: this script's parent folder)")
    root = os.path.abspath(ap.parse_args().root)
    problems = []
    files = tracked_files(root)
    for rel in files:
        path = os.path.join(root, rel)
        if os.path.islink(path) or not os.path.isfile(path):
            continue   # a symlink's target is checked where it is tracked; deleted files are gone
        problems += ["%s:%d: names %s" % (rel, n, pat) for n, pat in hits(path)]
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print("outside-paths: %d line(s) name a folder outside the repository; use testdata/ "
              "(testdata/README.md)" % len(problems), file=sys.stderr)
        return 1
    print("outside-paths: %d files, none names a folder outside the repository" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
