#!/usr/bin/env bash
# Section 8 of make bench: the golden Ethos-U65 weight codec (golden/ethosu/ethosu_mlw_*.c) against Vela's
# C codec (PyPI's ethos-u-vela, module ethosu.mlw_codec) on the same weights, same machine.
#
#   scripts/bench/bench_codec.sh [--quick]
#
# Prints a markdown section on stdout (scripts/bench/bench.sh appends it to the bench report), progress
# and tool output on stderr. Vela is installed into its own virtual environment,
# build/bench/vela-venv (python3 -m venv; pip install ethos-u-vela): it is not a dependency of the
# toolkit. Without it (no venv module, no network) the section says "skipped: ..." and the script
# exits 0.
#
# Streams: 10 M weights (--quick: 1 M), seeded splitmix64 (build/mlw-bench --gen): "laplace" dense
# Laplacian weights, "sparse90" nine in ten zero. Each run is a fresh process that loads the
# weights, warms up on its first 4096, then times one encode and one decode call (CPU time,
# user+sys, of the call only:
# CLOCK_PROCESS_CPUTIME_ID in C, time.process_time() around Vela's C functions, called through
# ctypes on int16 buffers, and around its Python API) and the peak resident size the encode added
# (VmHWM, else ru_maxrss, after the call minus before). Runs are interleaved (ours, Vela, ours,
# Vela, ...), 5 rounds (--quick: 3), medians reported.
# Environment: BENCH_CODEC_SEED (default 1234), BENCH_CODEC_WEIGHTS, BENCH_CODEC_ROUNDS,
# BENCH_CODEC_VELA (pip requirement, default ethos-u-vela; e.g. ethos-u-vela==3.10.0: the venv is
# reinstalled when the installed version does not match).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root" || exit 2

quick=0
for a in "$@"; do
    case $a in
        --quick) quick=1 ;;
        -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench_codec: unknown argument $a (see --help)" >&2; exit 2 ;;
    esac
done
n=${BENCH_CODEC_WEIGHTS:-$([ "$quick" = 1 ] && echo 1000000 || echo 10000000)}
rounds=${BENCH_CODEC_ROUNDS:-$([ "$quick" = 1 ] && echo 3 || echo 5)}
seed=${BENCH_CODEC_SEED:-1234}
req=${BENCH_CODEC_VELA:-ethos-u-vela}
dir=build/bench/codec
venv=build/bench/vela-venv

echo "## 8. Ethos-U weight codec against Vela's"
echo
skip() { echo "skipped: $*"; echo; exit 0; }

make -s build/mlw-bench >&2 || skip "build/mlw-bench does not build (make build/mlw-bench)"
mkdir -p "$dir" || skip "cannot create $dir"

# Vela in its own environment, installed once and reused (pip decides whether a pinned
# requirement is already met).
have_vela() {
    "$venv/bin/python" - "$req" 2>/dev/null <<'PY'
import sys, importlib.metadata as md
import ethosu.mlw_codec
want = sys.argv[1].partition("==")[2]
sys.exit(0 if not want or md.version("ethos-u-vela") == want else 1)
PY
}
if ! have_vela; then
    echo "bench_codec: installing $req into $venv" >&2
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv" >&2 ||
        skip "python3 -m venv $venv failed (Debian: apt-get install python3-venv)"
    "$venv/bin/pip" install -q "$req" >&2 ||
        skip "pip install $req into $venv failed (no network or no PyPI; pip's messages are in the bench's codec.err)"
    have_vela || skip "$req installed, but its ethosu.mlw_codec module does not import"
fi

# One Vela run in a fresh process: the same key=value words as build/mlw-bench --time.
cat >"$dir/vela_time.py" <<'PY'
# Vela's C functions mlw_encode/mlw_decode called directly (ctypes, int16 buffers, as our C
# driver calls ours), then the same weights through the module's Python API (lists in and out).
import array, ctypes, os, resource, sys, time
import ethosu.mlw_codec as mlw

def load(path):
    a = array.array("h")
    with open(path, "rb") as f:
        a.fromfile(f, os.path.getsize(path) // 2)  # one buffer: nothing transient raises the peak
    if sys.byteorder == "big":
        a.byteswap()
    return a

def maxrss_kb():
    # Linux's VmHWM is this program's own peak; ru_maxrss also counts the parent before the exec
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

def clib():
    # int mlw_encode(int16_t *in, int n, uint8_t **out, int verbose) returns the bytes,
    # int mlw_decode(uint8_t *in, int len, int16_t **out, int verbose) the weights,
    # mlw_free_outbuf frees either. The stream is checked against the Python API's below.
    try:
        lib = ctypes.CDLL(mlw.__file__)
        lib.mlw_encode.restype = lib.mlw_decode.restype = ctypes.c_int
        lib.mlw_encode.argtypes = [ctypes.POINTER(ctypes.c_int16), ctypes.c_int,
                                   ctypes.POINTER(ctypes.POINTER(ctypes.c_uint8)), ctypes.c_int]
        lib.mlw_decode.argtypes = [ctypes.POINTER(ctypes.c_uint8), ctypes.c_int,
                                   ctypes.POINTER(ctypes.POINTER(ctypes.c_int16)), ctypes.c_int]
        lib.mlw_free_outbuf.argtypes = [ctypes.c_void_p]
        return lib
    except (OSError, AttributeError):
        return None

if sys.argv[1] == "--check":  # Vela's decoder on another encoder's stream
    w = load(sys.argv[2]).tolist()
    with open(sys.argv[3], "rb") as f:
        back = mlw.decode(bytearray(f.read()))
    same = list(back) == w
    print("%s: %d weights, %s" % (sys.argv[3], len(back), "same as " + sys.argv[2] if same else "DIFFERENT"))
    sys.exit(0 if same else 1)

a = load(sys.argv[1])
n = len(a)
lib = clib()
res = {"weights": n}
stream = None
if lib:
    src = (ctypes.c_int16 * n).from_buffer(a)
    out = ctypes.POINTER(ctypes.c_uint8)()
    # warm-up on the first 4096 weights (as build/mlw-bench --time does)
    wn = lib.mlw_encode(src, min(n, 4096), ctypes.byref(out), 0)
    o16 = ctypes.POINTER(ctypes.c_int16)()
    wb = (ctypes.c_uint8 * wn).from_buffer_copy(ctypes.string_at(out, wn))
    lib.mlw_free_outbuf(out)
    lib.mlw_decode(wb, wn, ctypes.byref(o16), 0)
    lib.mlw_free_outbuf(o16)
    rss0 = maxrss_kb()
    t0 = time.process_time()
    nb = lib.mlw_encode(src, n, ctypes.byref(out), 0)
    t1 = time.process_time()
    rss1 = maxrss_kb()
    stream = ctypes.string_at(out, nb)
    lib.mlw_free_outbuf(out)
    ib = (ctypes.c_uint8 * nb).from_buffer_copy(stream)
    o16 = ctypes.POINTER(ctypes.c_int16)()
    t2 = time.process_time()
    nw = lib.mlw_decode(ib, nb, ctypes.byref(o16), 0)
    t3 = time.process_time()
    ok = nw == n and ctypes.string_at(o16, 2 * n) == a.tobytes()
    lib.mlw_free_outbuf(o16)
    del src, ib
    if not ok:
        sys.exit("vela: C round trip differs")
    res.update(bytes=nb, enc_cpu_s=t1 - t0, dec_cpu_s=t3 - t2, enc_peak_kb=rss1 - rss0)
w = a.tolist()
del a
rss0 = maxrss_kb()
t0 = time.process_time()
pstream = bytes(mlw.encode(w))
t1 = time.process_time()
rss1 = maxrss_kb()
t2 = time.process_time()
back = mlw.decode(bytearray(pstream))
t3 = time.process_time()
if list(back) != w:
    sys.exit("vela: round trip differs")
if stream is not None and stream != pstream:
    sys.exit("vela: the C functions' stream differs from the Python API's (signature changed?)")
res.update(py_enc_cpu_s=t1 - t0, py_dec_cpu_s=t3 - t2, c_api=int(stream is not None))
if stream is None:  # no C entry points: the Python API's figures stand in
    res.update(bytes=len(pstream), enc_cpu_s=t1 - t0, dec_cpu_s=t3 - t2, enc_peak_kb=rss1 - rss0)
if len(sys.argv) > 2:
    with open(sys.argv[2], "wb") as f:
        f.write(pstream)
print(" ".join("%s=%s" % kv for kv in res.items()))
PY

vela_version=$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("ethos-u-vela"))' 2>/dev/null)

# Orchestration and the table: system python3, standard library only.
python3 - "$n" "$rounds" "$seed" "$dir" "$venv/bin/python" "${vela_version:-?}" <<'PY'
import os, statistics, subprocess, sys
n, rounds, seed, d, vpy, vver = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6]
streams = ["laplace", "sparse90"]

def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sys.stderr.write(p.stderr)
    if p.returncode:
        raise SystemExit("bench_codec: %s failed (%d): %s" % (" ".join(cmd), p.returncode, p.stderr.strip()))
    return p.stdout.strip()

def kv(line):
    return {k: float(v) for k, v in (w.split("=") for w in line.split())}

for s in streams:
    run(["build/mlw-bench", "--gen", s, str(n), seed, "%s/%s.i16" % (d, s)])

res = {(s, c): [] for s in streams for c in ("ours", "vela")}
for r in range(rounds):
    for s in streams:
        i16 = "%s/%s.i16" % (d, s)
        first = r == 0  # the first round also keeps both streams for the cross-check
        sys.stderr.write("bench_codec: round %d/%d, %s\n" % (r + 1, rounds, s))
        res[s, "ours"].append(kv(run(["build/mlw-bench", "--time", i16] + (["-o", "%s/%s.ours.mlw" % (d, s)] if first else []))))
        res[s, "vela"].append(kv(run([vpy, "%s/vela_time.py" % d, i16] + (["%s/%s.vela.mlw" % (d, s)] if first else []))))

# Cross-check: each decoder on the other encoder's stream.
checks = []
for s in streams:
    i16 = "%s/%s.i16" % (d, s)
    for who, cmd in (("Vela's decoder on our stream", [vpy, "%s/vela_time.py" % d, "--check", i16, "%s/%s.ours.mlw" % (d, s)]),
                     ("our decoder on Vela's stream", ["build/mlw-bench", "--check", i16, "%s/%s.vela.mlw" % (d, s)])):
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        checks.append("%s, %s: %s" % (s, who, "exact" if p.returncode == 0 else "FAILED (" + (p.stderr or p.stdout).strip()[-200:] + ")"))

def med(s, c, k):
    return statistics.median(x[k] for x in res[s, c])

capi = all(x["c_api"] for s in streams for x in res[s, "vela"])
print("%s weights per stream (int16, %.0f MB), seed %s (splitmix64, `build/mlw-bench --gen`): *laplace* "
      "magnitude +1 while below(100) < 85, random sign; *sparse90* nine in ten zero, the rest nonzero "
      "Laplacian. Vela %s (`ethosu.mlw_codec` from PyPI, in %s). Each run a fresh process; CPU "
      "time (user+sys) of the codec call only; %d rounds interleaved (ours, Vela, ...), medians. "
      "Peak MB: what the encode call added to the process's peak resident size (Linux VmHWM, else "
      "ru_maxrss; output included)."
      % (format(n, ","), 2 * n / 1e6, seed, vver, os.path.dirname(os.path.dirname(vpy)), rounds))
print()
print("| stream | codec | encode (M weights/CPU-s) | decode (M weights/CPU-s) | encode ours/Vela | decode ours/Vela | encode peak MB | bytes | bytes ours/Vela |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for s in streams:
    enc = {c: n / med(s, c, "enc_cpu_s") for c in ("ours", "vela")}
    dec = {c: n / med(s, c, "dec_cpu_s") for c in ("ours", "vela")}
    by = {c: int(res[s, c][0]["bytes"]) for c in ("ours", "vela")}
    for c, name in (("ours", "golden"), ("vela", "Vela (C)" if capi else "Vela (Python API)")):
        ratio = c == "ours"
        print("| %s | %s | %.2f | %.2f | %s | %s | %.1f | %d | %s |" % (
            s, name, enc[c] / 1e6, dec[c] / 1e6,
            "%.2fx" % (enc["ours"] / enc["vela"]) if ratio else "",
            "%.2fx" % (dec["ours"] / dec["vela"]) if ratio else "",
            med(s, c, "enc_peak_kb") / 1024, by[c],
            "%.3f" % (by["ours"] / by["vela"]) if ratio else ""))
    if capi:
        pe, pd = n / med(s, "vela", "py_enc_cpu_s"), n / med(s, "vela", "py_dec_cpu_s")
        print("| %s | Vela (Python API) | %.2f | %.2f | (%.2fx) | (%.2fx) | | | |" % (
            s, pe / 1e6, pd / 1e6, enc["ours"] / pe, dec["ours"] / pd))
print()
if capi:
    print("*Vela (C)*: its C functions `mlw_encode`/`mlw_decode` in the module's shared library, called "
          "through ctypes on int16 buffers (their stream checked equal to the Python API's). *Vela "
          "(Python API)*: `mlw_codec.encode(list)`/`decode(bytearray)`, which also convert Python lists.")
else:
    print("*Vela (Python API)*: `mlw_codec.encode(list)`/`decode(bytearray)` (the C entry points were "
          "not found), so its times include converting Python lists.")
print()
print("Cross-check: " + "; ".join(checks) + ".")
print()

# Smaller streams (a layer's weights are often 10 K - 1 M): the same runs, encode and decode.
sizes = [s_ for s_ in (10000, 100000, 1000000) if s_ < n]
small = {(m, s, c): [] for m in sizes for s in streams for c in ("ours", "vela")}
for m in sizes:
    for s in streams:
        run(["build/mlw-bench", "--gen", s, str(m), seed, "%s/%s-%d.i16" % (d, s, m)])
for r in range(rounds):
    for m in sizes:
        for s in streams:
            i16 = "%s/%s-%d.i16" % (d, s, m)
            small[m, s, "ours"].append(kv(run(["build/mlw-bench", "--time", i16])))
            small[m, s, "vela"].append(kv(run([vpy, "%s/vela_time.py" % d, i16])))
if sizes:
    print("Smaller streams, the same generator and seed, %d rounds interleaved, medians "
          "(M weights/CPU-s; Vela as in the first table):" % rounds)
    print()
    print("| weights | stream | encode golden | encode Vela | ours/Vela | decode golden | decode Vela | ours/Vela | bytes ours/Vela |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for m in sizes:
        for s in streams:
            def rate(c, k):
                return m / statistics.median(x[k] for x in small[m, s, c])
            eo, ev, do, dv = rate("ours", "enc_cpu_s"), rate("vela", "enc_cpu_s"), rate("ours", "dec_cpu_s"), rate("vela", "dec_cpu_s")
            print("| %s | %s | %.2f | %.2f | %.2fx | %.2f | %.2f | %.2fx | %.3f |" % (
                format(m, ","), s, eo / 1e6, ev / 1e6, eo / ev, do / 1e6, dv / 1e6, do / dv,
                small[m, s, "ours"][0]["bytes"] / small[m, s, "vela"][0]["bytes"]))
PY
rc=$?
echo
[ $rc = 0 ] || echo "(the codec bench failed: see the messages on stderr)"
exit $rc
