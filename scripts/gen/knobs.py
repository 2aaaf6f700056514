#!/usr/bin/env python3
"""knobs.py: the knob table (scripts/gen/regdefs/knobs.csv) for the Python tools.

One row per make variable and per simulator option: the make name, the
option, the value syntax, the default and a line of documentation (the CSV's
header comment says every column). scripts/gen/gen_knobs.py generates the C, make
and Markdown tables from it; scripts/regress.py and scripts/conformance.py
check their KEY=value words with check_words() before anything runs, and the
Makefile asks this script for the nearest name of a variable it does not know:

  scripts/gen/knobs.py unknown NAME...     "unknown knob NAME: did you mean KNOWN?"
  scripts/gen/knobs.py check KEY=value...  the first bad word's message, exit 2
"""
import csv
import re
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CSV = os.path.join(ROOT, "scripts", "gen", "regdefs", "knobs.csv")
COLUMNS = ["make", "option", "alias", "kind", "syntax", "arg", "default", "default_doc", "field", "given",
           "line", "line_at", "repro", "metavar", "applies", "why", "doc"]
KINDS = ("run", "knob", "special", "option", "make")


class TableError(Exception):
    pass


def load(path=CSV):
    """The rows, in table order: dicts of COLUMNS plus 'lineno'."""
    rows = []
    with open(path, newline="") as f:
        lines = [(no, l) for no, l in enumerate(f, 1) if l.strip() and not l.startswith("#")]
    reader = csv.reader([l for _, l in lines])
    header = next(reader, None)
    if header != COLUMNS:
        raise TableError("%s: the header must be %s" % (path, ",".join(COLUMNS)))
    seen = set()
    for (no, _), cells in zip(lines[1:], reader):
        if len(cells) != len(COLUMNS):
            raise TableError("%s:%d: %d cells, the header has %d" % (path, no, len(cells), len(COLUMNS)))
        row = dict(zip(COLUMNS, cells))
        row["lineno"] = no
        if row["kind"] not in KINDS:
            raise TableError("%s:%d: kind must be one of %s" % (path, no, ", ".join(KINDS)))
        if not row["make"] and not row["option"]:
            raise TableError("%s:%d: a row names a make variable, an option or both" % (path, no))
        for key in (row["make"], row["option"], row["alias"]):
            if key and key in seen:
                raise TableError("%s:%d: %s twice" % (path, no, key))
            seen.add(key)
        syntax_what(row["syntax"])   # known syntax
        if row["option"]:
            why = applies_error(row["applies"], row["why"])
            if why:
                raise TableError("%s:%d: applies %r: %s" % (path, no, row["applies"], why))
        rows.append(row)
    return rows


APPLIES_WORD = re.compile(r"^[a-z][a-z0-9_]*(/[a-z0-9_.-]+)?$")


def applies_error(applies, why):
    """Why a simulator option's applies cell is malformed (None: fine).
    The simulator reads it (sim_knobs_check): "all", or alternatives joined
    by " or ", each of words that must all hold: rtl, twin, traces,
    sequences, a family name or a test (family/name)."""
    if applies == "all":
        return "a knob of every run has no why" if why else None
    if not why:
        return "a knob of some runs says why (the why column) for its refusal"
    for alt in applies.split(" or "):
        words = alt.split(" ")
        if not alt or any(not APPLIES_WORD.match(w) for w in words):
            return "each alternative is words of a-z, 0-9, _ (a family, rtl, twin, traces, sequences) or family/test"
        families = {w.split("/")[0] for w in words if w not in ("rtl", "twin", "traces", "sequences")}
        if len(families) > 1:
            return "an alternative names at most one family"
    return None


def syntax_what(syntax):
    """What a value of this syntax is, for 'NAME: 'v' is not <what>'; None:
    anything goes (names, paths, strings)."""
    kind, _, arg = syntax.partition(":")
    if kind == "uint":
        return "a decimal number"
    if kind == "range":
        return "MIN or MIN:MAX (decimal numbers)"
    if kind == "bool":
        return "0 or 1"
    if kind == "enum":
        c = arg.split("|")
        return ", ".join(c[:-1]) + " or " + c[-1]
    if kind == "bytes":
        return "a size: decimal bytes, or with K, M or G"
    if kind == "ns":
        return "nanoseconds in decimal (10, 2.5)"
    if kind == "plusargs":
        return "plusargs: each word starts with +"
    if kind in ("name", "path", "paths", "string", "glob", "flag"):
        return None
    raise TableError("unknown syntax '%s'" % syntax)


# The characters a value of each syntax may hold. Make pastes values into its
# recipes' shell text, so none of these is a character the shell reads (no ; | &
# < > ( ) $ ` \ quotes, newline or tab): a value is used literally or refused.
# (first characters: a set a value may not start with, and why)
LETTERS_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
CHARSET_OF_KIND = {
    "name": LETTERS_DIGITS + "_.+-/",
    "path": LETTERS_DIGITS + "_.+-/,:@%=~",
    "paths": LETTERS_DIGITS + "_.+-/,:@%=~ ",
    "string": LETTERS_DIGITS + "_.+-/,:@%= ",
    "glob": LETTERS_DIGITS + "_.+-/,:@%= *?[]",
    "plusargs": LETTERS_DIGITS + "_.+-/,:@%= ",
}
# the narrower syntaxes' characters (their syntax check says more; make checks
# these on a value from the environment too)
NARROW_CHARSET = {
    "uint": "0123456789", "range": "0123456789:", "ns": "0123456789.", "bytes": "0123456789KMGkmg",
    "bool": "01", "enum": LETTERS_DIGITS + "_.-", "flag": "",
}
NARROW_CHARSET_DOC = {
    "uint": "digits", "range": "digits and :", "ns": "digits and .", "bytes": "digits and K M G k m g",
    "bool": "0 or 1", "enum": "letters, digits and _ . -", "flag": "nothing",
}
CHARSET_DOC = {
    "name": "letters, digits and _ . + - /; not starting with -",
    "path": "letters, digits and _ . + - / , : @ % = ~; not starting with - or ~",
    "paths": "paths (letters, digits and _ . + - / , : @ % = ~) separated by spaces; none starting with - or ~",
    "string": "letters, digits, spaces and _ . + - / , : @ % =",
    "glob": "letters, digits, spaces and _ . + - / , : @ % = * ? [ ]",
    "plusargs": "letters, digits, spaces and _ . + - / , : @ % =",
}
# a word may not start with these: - reads as an option, ~ as the home folder
# (the shell expands it in one place and not in another)
BAD_FIRST = {"name": "-", "path": "-~", "paths": "-~"}


def charset(syntax):
    """The characters a value of this syntax may hold."""
    kind = syntax.partition(":")[0]
    return CHARSET_OF_KIND.get(kind, NARROW_CHARSET.get(kind, ""))


def charset_doc(syntax):
    """The character set as documented (docs/knobs.md)."""
    kind = syntax.partition(":")[0]
    return CHARSET_DOC.get(kind) or NARROW_CHARSET_DOC.get(kind, "")


def chars_error(key, syntax, value):
    """None, or why value holds a character its syntax does not allow (names the
    knob and the character)."""
    kind = syntax.partition(":")[0]
    allowed = CHARSET_OF_KIND.get(kind)
    if allowed is None:
        return None
    for c in value:
        if c not in allowed:
            shown = {"\n": "a newline", "\t": "a tab", " ": "a space"}.get(c, "'%s'" % c)
            return "%s: %r holds %s: a %s value holds %s" % (key, value, shown, kind, CHARSET_DOC[kind])
    bad = BAD_FIRST.get(kind, "")
    for w in (value.split() if kind == "paths" else [value]):
        if w[:1] and w[0] in bad:
            return "%s: %r starts with '%s': a %s value holds %s" % (key, value, w[0], kind, CHARSET_DOC[kind])
    return None


def _digits(s):
    return s != "" and all("0" <= c <= "9" for c in s)


def value_ok(syntax, v):
    """Does v have the syntax? (ranges are the simulator's to check)"""
    kind, _, arg = syntax.partition(":")
    if kind == "uint":
        return _digits(v)
    if kind == "range":
        parts = v.split(":")
        return len(parts) <= 2 and all(_digits(p) for p in parts)
    if kind == "bool":
        return v in ("0", "1")
    if kind == "enum":
        return v in arg.split("|")
    if kind == "bytes":
        return _digits(v[:-1] if v[-1:] in "KMGkmg" and v[-1:] else v)
    if kind == "ns":
        parts = v.split(".")
        return len(parts) <= 2 and all(_digits(p) for p in parts)
    if kind == "plusargs":
        return all(w.startswith("+") for w in v.split())
    return True


def distance(a, b):
    """Levenshtein distance (insertions, deletions, substitutions)."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def nearest(name, names):
    """The known name closest to name (case ignored; the first of a tie)."""
    return min(names, key=lambda n: distance(name.upper(), n.upper())) if names else None


def make_names(rows):
    return [r["make"] for r in rows if r["make"]]


def unknown_message(name, rows):
    return "unknown knob %s: did you mean %s?" % (name, nearest(name, make_names(rows)))


def check_word(word, rows, by_name=None):
    """None, or the message for one KEY=value word (unknown key, bad value)."""
    by_name = by_name or {r["make"]: r for r in rows if r["make"]}
    key, eq, value = word.partition("=")
    if not eq:
        return "'%s' is not KEY=value" % word
    row = by_name.get(key)
    if row is None:
        return unknown_message(key, rows)
    msg = chars_error(key, row["syntax"], value)
    if msg:
        return msg
    what = syntax_what(row["syntax"])
    # empty means unset, as in make
    if what and value.strip() and not value_ok(row["syntax"], value):
        return "%s: '%s' is not %s" % (key, value, what)
    return None


def check_words(words, rows=None):
    """The first message of check_word over KEY=value words, or None."""
    rows = rows if rows is not None else load()
    by_name = {r["make"]: r for r in rows if r["make"]}
    for w in words:
        msg = check_word(w, rows, by_name)
        if msg:
            return msg
    return None


def main(argv):
    if len(argv) < 2 or argv[0] not in ("unknown", "check"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        rows = load()
    except (OSError, TableError) as e:
        print("knobs.py: %s" % e, file=sys.stderr)
        return 2
    if argv[0] == "unknown":
        print("; ".join(unknown_message(n, rows) for n in argv[1:]))
        return 0
    msg = check_words(argv[1:], rows)
    if msg:
        print(msg, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
