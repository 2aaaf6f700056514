#!/usr/bin/env python3
"""fuzz_regress_list: the regression list parser (scripts/regress/regress.py
parse_list) on mutated lists, with the standard library only. Seeded random
mutations (bytes, words, lines, tokens of the list syntax and the knob table)
of the seed corpus (fuzz/corpus/regress_list/: the shipped lists), each
written to a file and parsed: parse_list must return its entries or raise
regress.ListError saying "<file>:<line>: ..."; any other exception, or a
ListError without the file and line, is a crash, saved as crash-<sha1> in
--crashes. An input whose outcome (the entry kinds, or the error's message
with its specifics dropped) is new joins the corpus (--corpus: written
there too), a little feedback without coverage.

Usage:
  fuzz_regress_list.py [--seconds S | --iterations N] [--seed N] [--corpus DIR] [--crashes DIR] [SEED_DIR...]
  fuzz_regress_list.py --replay PATH...    each file (or every file of each folder) once
The last lines are libFuzzer's stat:: lines (executions, executions per second). Exit 0, 1 on a crash,
2 on bad use."""
import argparse
import hashlib
import os
import random
import re
import sys
import tempfile
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts", "regress"))
import regress  # noqa: E402

# the list syntax's own words, and the knob table's names with typical values
TOKENS = ["@sequences", "@ethosu", "@nvdla", "@other", "TRACE=", "TRACES=", "DUT=twin", "DUT=rtl", "DUT=both",
          "DUT=x", "SEEDS=3", "SEEDS=", "SEED=7", "SEED=x", "MISSING=skip", "EMPTY=skip", "EMPTY=fail", "#", "=",
          "'", '"', "\\", " ", "\t", "\n", "\r\n", "\x00", "\xa0", "\u00b2", "\u0663", "nvdla/*", "ethosu/",
          "sdp_bypass_smoke", "=1", "=:", "=1:30", "=-1", "=99999999999999999999", "=0x10"]
TOKENS += ["%s=" % r["make"] for r in regress.KNOB_ROWS if r.get("make")]
BYTES = [b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\x80", b"\x00", b"\r", b"\x0b", b"\x1c"]
LINE_RE = re.compile(r"^(.*?):(\d+): ")


def mutate(data, rng, corpus):
    """One to four mutations of data (bytes)."""
    for _ in range(rng.randint(1, 4)):
        lines = data.split(b"\n")
        op = rng.randrange(10)
        if op == 0 and data:                                  # flip a byte
            i = rng.randrange(len(data))
            data = data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]
        elif op == 1:                                         # insert a byte (non-ASCII and invalid UTF-8 too)
            i = rng.randrange(len(data) + 1)
            b = rng.choice(BYTES) if rng.random() < 0.3 else bytes([rng.randrange(256)])
            data = data[:i] + b + data[i:]
        elif op == 2 and data:                                # delete a range
            i = rng.randrange(len(data))
            data = data[:i] + data[i + rng.randint(1, 16):]
        elif op == 3:                                         # insert a token
            i = rng.randrange(len(data) + 1)
            data = data[:i] + rng.choice(TOKENS).encode("utf-8") + data[i:]
        elif op == 4 and len(lines) > 1:                      # duplicate a line
            i = rng.randrange(len(lines))
            lines.insert(rng.randrange(len(lines) + 1), lines[i])
            data = b"\n".join(lines)
        elif op == 5 and len(lines) > 1:                      # delete a line
            del lines[rng.randrange(len(lines))]
            data = b"\n".join(lines)
        elif op == 6:                                         # a new line of tokens
            words = [rng.choice(TOKENS) + (str(rng.randrange(100)) if rng.random() < 0.5 else "")
                     for _ in range(rng.randint(1, 5))]
            lines.insert(rng.randrange(len(lines) + 1), " ".join(words).encode("utf-8"))
            data = b"\n".join(lines)
        elif op == 7 and lines:                               # replace a word of a line
            i = rng.randrange(len(lines))
            words = lines[i].split(b" ")
            words[rng.randrange(len(words))] = rng.choice(TOKENS).encode("utf-8")
            lines[i] = b" ".join(words)
            data = b"\n".join(lines)
        elif op == 8 and corpus:                              # splice with another input
            other = rng.choice(corpus)
            data = data[:rng.randrange(len(data) + 1)] + other[rng.randrange(len(other) + 1):]
        elif op == 9 and lines:                               # swap two lines
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
    return data[:1 << 16]


def outcome(data, path):
    """The outcome's signature, or raises AssertionError (a crash) with the reason."""
    with open(path, "wb") as f:
        f.write(data)
    try:
        entries = regress.parse_list(path)
    except regress.ListError as e:
        m = LINE_RE.match(str(e))
        # lines as text mode reads them (universal newlines: \r alone ends one too)
        lines = len(re.split(rb"\r\n|\r|\n", data))
        if not m or m.group(1) != path or int(m.group(2)) < 1 or int(m.group(2)) > lines:
            raise AssertionError("a ListError without '%s:<line>: ': %r" % (path, str(e)[:300]))
        return "error " + re.sub(r"'[^']*'|\d+", "#", str(e)[m.end():])[:80]
    except Exception:
        raise AssertionError("not a ListError:\n" + traceback.format_exc())
    if not isinstance(entries, list):
        raise AssertionError("parse_list returned %r" % type(entries))
    # what it accepts, the runs can use: seeds are numbers (expand() takes int() of them)
    for no, kind, target, opts, knobs in entries:
        for k in ("SEED", "SEEDS"):
            if k in opts:
                try:
                    int(opts[k])
                except ValueError:
                    raise AssertionError("line %d: %s=%r accepted, but int() refuses it" % (no, k, opts[k]))
    return "ok " + " ".join(sorted(set(kind for _, kind, _, _, _ in entries)))


def files_of(paths):
    for p in paths:
        if os.path.isdir(p):
            for n in sorted(os.listdir(p)):
                if not n.startswith(".") and os.path.isfile(os.path.join(p, n)):
                    yield os.path.join(p, n)
        else:
            yield p


def crash(data, why, crashes):
    print("CRASH: %s" % why, file=sys.stderr)
    if crashes:
        os.makedirs(crashes, exist_ok=True)
        name = os.path.join(crashes, "crash-" + hashlib.sha1(data).hexdigest())
        with open(name, "wb") as f:
            f.write(data)
        print("reproducer: %s   (replay: %s --replay %s)" % (name, sys.argv[0], name), file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float)
    ap.add_argument("--iterations", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--corpus", help="where new inputs are written (the scratch corpus)")
    ap.add_argument("--crashes", help="where a crashing input is written")
    ap.add_argument("--replay", action="store_true", help="run each file once, no fuzzing")
    ap.add_argument("paths", nargs="*")
    a = ap.parse_args()
    if a.seconds is not None and a.seconds <= 0 or a.iterations is not None and a.iterations < 0:
        ap.error("--seconds and --iterations must be above 0")
    seeds = a.paths or [os.path.join(ROOT, "fuzz", "corpus", "regress_list")]
    tmp = tempfile.mkdtemp(prefix="fuzz_regress_list_")
    path = os.path.join(tmp, "fuzz.txt")
    runs, crashed = 0, 0
    start = time.time()
    try:
        corpus = []
        for p in files_of(seeds):
            with open(p, "rb") as f:
                data = f.read()
            runs += 1
            try:
                corpus.append((data, outcome(data, path)))
            except AssertionError as e:
                crash(data, "%s: %s" % (p, e), None)
                crashed += 1
        if a.replay:
            print("%s: %d inputs, %s" % (sys.argv[0], runs, "none crashed" if not crashed else "%d crashed" % crashed))
            return 1 if crashed else 0
        if not corpus:
            print("fuzz_regress_list.py: no seed inputs in %s" % " ".join(seeds), file=sys.stderr)
            return 2
        rng = random.Random(a.seed)
        seen = set(sig for _, sig in corpus)
        inputs = [d for d, _ in corpus]
        limit = a.iterations if a.iterations is not None else (None if a.seconds else 10000)
        while not crashed:
            if limit is not None and runs >= limit or a.seconds and time.time() - start >= a.seconds:
                break
            data = mutate(rng.choice(inputs), rng, inputs)
            runs += 1
            try:
                sig = outcome(data, path)
            except AssertionError as e:
                crash(data, str(e), a.crashes)
                crashed += 1
                break
            if sig not in seen:
                seen.add(sig)
                inputs.append(data)
                if a.corpus:
                    os.makedirs(a.corpus, exist_ok=True)
                    with open(os.path.join(a.corpus, hashlib.sha1(data).hexdigest()), "wb") as f:
                        f.write(data)
    finally:
        for n in os.listdir(tmp):
            os.unlink(os.path.join(tmp, n))
        os.rmdir(tmp)
    elapsed = max(time.time() - start, 1e-6)
    print("fuzz_regress_list: %d outcomes" % len(seen))
    print("stat::number_of_executed_units: %d" % runs)
    print("stat::average_exec_per_sec:     %d" % int(runs / elapsed))
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
