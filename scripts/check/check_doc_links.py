#!/usr/bin/env python3
"""check_doc_links: every relative link of the documentation leads somewhere.

Usage: scripts/check/check_doc_links.py [--root DIR] [FILE.md ...]
       (default: README.md and docs/*.md under the repository root)

For each Markdown file, outside code fences and inline code:
- a relative link [text](path) or ![alt](path) must name an existing file or
  folder, relative to the file holding the link;
- a link with #anchor (also #anchor alone, into the same file) must name a
  heading of the target Markdown file, by GitHub's rules: lowercase,
  punctuation dropped (letters, digits, spaces, - and _ kept), spaces to -,
  a repeated heading gets -1, -2, ...;
- a code block right after a line `<!-- excerpt: path -->` must appear in
  that file line for line; a line `/* ... */` in the block skips any lines
  of the file, so the pieces must appear in order.
Links with a scheme (https:, mailto:) are not checked.
Prints `file:line: reason` per problem and exits 1 if there is any.
"""
import argparse
import glob
import os
import re
import sys

LINK = re.compile(r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(\s*<?([^()\s>]*(?:\([^()\s]*\)[^()\s>]*)*)>?(?:\s+\"[^\"]*\")?\s*\)")
REF_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
EXCERPT = re.compile(r"^<!--\s*excerpt:\s*(\S+)\s*-->\s*$")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
SKIP_LINE = "/* ... */"


def inline_code_blanked(line):
    """The line with the contents of `code spans` blanked (links there are text)."""
    out, i = [], 0
    while i < len(line):
        if line[i] == "`":
            n = len(line) - len(line[i:].lstrip("`"))
            ticks = line[i:i + n]
            end = line.find(ticks, i + n)
            if end < 0:
                out.append(line[i:])
                break
            out.append(" " * (end + n - i))
            i = end + n
        else:
            out.append(line[i])
            i += 1
    return "".join(out)


def anchor_of(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)   # links: their text
    text = re.sub(r"<[^>]+>", "", text)                          # inline HTML tags
    text = text.replace("`", "").lower()
    text = re.sub(r"[^\w\- ]", "", text)                         # \w keeps letters, digits, _
    return text.replace(" ", "-")


class Doc:
    """One Markdown file: its lines, which are in code fences, its anchors."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            self.lines = f.read().split("\n")
        self.in_fence = []
        fence = None
        for line in self.lines:
            m = FENCE.match(line)
            if fence is None and m:
                fence = m.group(1)
                self.in_fence.append(True)
            elif fence is not None:
                self.in_fence.append(True)
                if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) \
                        and not line.strip().strip(fence[0]):
                    fence = None
            else:
                self.in_fence.append(False)
        self.anchors = set()
        seen = {}
        for line, fenced in zip(self.lines, self.in_fence):
            m = HEADING.match(line)
            if fenced or not m:
                continue
            a = anchor_of(m.group(2))
            n = seen.get(a, 0)
            seen[a] = n + 1
            self.anchors.add(a if n == 0 else "%s-%d" % (a, n))


class Checker:
    def __init__(self):
        self.docs = {}
        self.problems = []

    def doc(self, path):
        path = os.path.normpath(path)
        if path not in self.docs:
            self.docs[path] = Doc(path)
        return self.docs[path]

    def problem(self, path, lineno, reason):
        self.problems.append("%s:%d: %s" % (path, lineno, reason))

    def check_link(self, path, lineno, target):
        if not target or SCHEME.match(target):
            return
        file_part, _, anchor = target.partition("#")
        if file_part:
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part))
            if not os.path.exists(dest):
                self.problem(path, lineno, "broken link %s: no file %s" % (target, dest))
                return
        else:
            dest = os.path.normpath(path)
        if anchor:
            if not dest.endswith(".md") or os.path.isdir(dest):
                return   # anchors into source files (#L10) are GitHub's business
            if anchor.lower() not in self.doc(dest).anchors:
                self.problem(path, lineno, "broken link %s: no heading with anchor #%s in %s" % (target, anchor, dest))

    def check_excerpt(self, path, lineno, src, doc, first):
        """The fenced block starting at line index first must be an excerpt of src."""
        src_path = os.path.normpath(os.path.join(self.root, src))
        if not os.path.isfile(src_path):
            self.problem(path, lineno, "excerpt of %s: no such file" % src)
            return
        if first >= len(doc.lines) or not FENCE.match(doc.lines[first]):
            self.problem(path, lineno, "excerpt of %s: no code block on the next line" % src)
            return
        block = []   # (line number in the doc, text)
        i = first + 1
        while i < len(doc.lines) and doc.in_fence[i] and not FENCE.match(doc.lines[i]):
            block.append((i + 1, doc.lines[i]))
            i += 1
        with open(src_path, encoding="utf-8") as f:
            source = f.read().split("\n")
        pieces, piece = [], []
        for entry in block:
            if entry[1].strip() == SKIP_LINE:
                pieces.append(piece)
                piece = []
            else:
                piece.append(entry)
        pieces.append(piece)
        at = 0
        for piece in pieces:
            if not piece:
                continue
            text = [line for _, line in piece]
            found = -1
            for j in range(at, len(source) - len(text) + 1):
                if source[j:j + len(text)] == text:
                    found = j
                    break
            if found < 0:
                # name the first line that differs from the closest match
                best = 0
                for j in range(at, len(source)):
                    n = 0
                    while n < len(text) and j + n < len(source) and source[j + n] == text[n]:
                        n += 1
                    best = max(best, n)
                bad_line, bad_text = piece[min(best, len(piece) - 1)]
                self.problem(path, bad_line, "excerpt of %s (marked at line %d) differs from the file%s: %r; "
                             "copy it again" % (src, lineno, " after the previous piece" if at else "",
                                                bad_text.strip()))
                return
            at = found + len(text)

    def check_file(self, path):
        doc = self.doc(path)
        for idx, line in enumerate(doc.lines):
            lineno = idx + 1
            if doc.in_fence[idx]:
                continue
            m = EXCERPT.match(line)
            if m:
                self.check_excerpt(path, lineno, m.group(1), doc, idx + 1)
                continue
            text = inline_code_blanked(line)
            m = REF_DEF.match(text)
            if m:
                self.check_link(path, lineno, m.group(1))
                continue
            for m in LINK.finditer(text):
                self.check_link(path, lineno, m.group(2))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."),
                    help="repository root (default: this script's parent folder)")
    ap.add_argument("files", nargs="*", help="Markdown files (default: README.md docs/*.md)")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    files = [os.path.relpath(os.path.abspath(f), root) for f in args.files]
    os.chdir(root)
    files = files or ["README.md"] + sorted(glob.glob("docs/*.md"))
    checker = Checker()
    checker.root = "."
    for f in files:
        if not os.path.isfile(f):
            checker.problems.append("%s: no such file" % f)
            continue
        checker.check_file(f)
    for p in checker.problems:
        print(p, file=sys.stderr)
    if checker.problems:
        print("docs-check: %d problem(s) in links or excerpts" % len(checker.problems), file=sys.stderr)
        return 1
    print("docs-check: %d files, every link and excerpt holds" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
