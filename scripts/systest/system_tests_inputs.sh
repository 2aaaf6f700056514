#!/usr/bin/env bash
# system_tests_inputs.sh: files are what they claim, sizes do not wrap, and
# every write of a run is part of its verdict (issue 33 points 2, 3, 5, 6, 7).
# Sourced by scripts/systest/system_tests.sh (uses ok/bad and $log), or run
# alone (prints "N passed, M failed"). Every case is a run through scripts/sim
# (exit status 0/1/2/77) on the twin, of a broken copy of a shipped network
# (sequences/ethosu/networks/ethos-u65-256/conv_1x1) or trace, made in a
# temporary folder by small Python stdlib scripts (no numpy):
#   - point 2: an output_shape whose size is 2^64 (wraps to 0), with an empty
#     expected_0.npy: refused, exit 2, not "all 0 bytes as expected";
#   - point 3: WAVES=1 and WAVES=fst with LOG_DIR on a full tmpfs: exit 2
#     naming the dump, no verdict, no partial dump left (SKIP when mount
#     is not permitted);
#   - point 5: an npz with two members named cmd_data: refused naming it;
#   - point 6: a FIFO as TRACE, as input_0.npy and as the npz, input_0.npy
#     linked to /dev/zero, a folder as input_0.npy: refused at once, exit 2;
#   - point 7: an input in another layout (NCHW for NHWC), an int8 input
#     saved as uint8, a stray expected_2.npy, an input offset beyond its
#     region: refused, exit 2, with the documented reason.
in_alone=
if ! declare -F ok >/dev/null; then
    set -u
    cd "$(dirname "$0")/../.."
    in_alone=1 pass=0 fail=0
    log=$(mktemp)
    ok()  { pass=$((pass + 1)); printf 'PASS  %s\n' "$1"; }
    bad() { fail=$((fail + 1)); printf 'FAIL  %s\n' "$1"; sed 's/^/      /' "$log" | tail -n 15; }
fi
in_tmp=$(mktemp -d)
in_src=${EN_NETWORKS:-sequences/ethosu/networks}/ethos-u65-256/conv_1x1

# in_refused NAME PATTERN ARGS...: scripts/sim ARGS exits 2 within 20 s (a
# hang or a read without end is a failure, not a stuck test; memory bounded
# to 2 GiB), prints PATTERN and gives no verdict
in_refused() {
    local name=$1 pattern=$2 rc; shift 2
    ( ulimit -v 2097152; timeout 20 scripts/sim "$@" ) >"$log" 2>&1; rc=$?
    if [ "$rc" != 2 ]; then bad "$name (exit status $rc, not 2)"
    elif ! grep -qF -- "$pattern" "$log"; then bad "$name (no '$pattern' in the output)"
    elif grep -q '^\(PASS\|FAIL\): ' "$log"; then bad "$name (the run gave a verdict)"
    else ok "$name"; fi
}

# in_net NAME: a fresh writable copy of the network; prints its folder
in_net() {
    rm -rf "${in_tmp:?}/$1" && cp -r "$in_src" "$in_tmp/$1" && chmod -R u+w "$in_tmp/$1" && printf '%s\n' "$in_tmp/$1"
}

# in_py FOLDER ACTION [ARG]: edits the network copy in FOLDER (python stdlib only)
in_py() {
    python3 - "$@" <<'PY'
import glob, struct, sys, warnings, zipfile
warnings.simplefilter("ignore")  # the duplicate member is the point
folder, action = sys.argv[1], sys.argv[2]
arg = sys.argv[3] if len(sys.argv) > 3 else None

def split(data):
    """a .npy image: (header dict text, the whole header, the body)"""
    hlen, start = (struct.unpack("<H", data[8:10])[0], 10) if data[6] == 1 else (struct.unpack("<I", data[8:12])[0], 12)
    return data[start:start + hlen].decode("latin1"), data[:start + hlen], data[start + hlen:]

def npy(descr, shape, body):
    """a version 1.0 .npy image as numpy writes it"""
    dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
    pad = 64 - (10 + len(hdr) + 1) % 64
    hdr += " " * (pad % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode("latin1") + body

npz = glob.glob(folder + "/*_vela.npz")[0]
with zipfile.ZipFile(npz) as z:
    members = [(i, z.read(i.filename)) for i in z.infolist()]

def rewrite(change, extra=()):
    with zipfile.ZipFile(npz, "w") as z:
        for info, data in members:
            z.writestr(info.filename, change.get(info.filename, data), compress_type=info.compress_type)
        for name, data in extra:
            z.writestr(name, data)

if action == "wrap":
    # output 0's shape multiplies to 2^64: (1, 1, 65536, 65536, 65536, 65536)
    data = dict((i.filename, d) for i, d in members)["output_shape.npy"]
    text, head, body = split(data)
    nd = len(body) // 8
    rewrite({"output_shape.npy": head + struct.pack("<%dq" % nd, *([1] * (nd - 4) + [65536] * 4))})
    open(folder + "/expected_0.npy", "wb").write(npy("|i1", (0,), b""))
elif action == "duplicate":
    # a second cmd_data: numpy reads this last one, a first-match reader the first
    data = dict((i.filename, d) for i, d in members)["cmd_data.npy"]
    text, head, body = split(data)
    rewrite({}, [("cmd_data.npy", head + bytes(len(body)))])
elif action == "offset":
    data = dict((i.filename, d) for i, d in members)["input_offset.npy"]
    text, head, body = split(data)
    rewrite({"input_offset.npy": head + struct.pack("<q", 0x10000000) + body[8:]})
elif action in ("nchw", "uint8"):
    path = folder + "/input_0.npy"
    text, head, body = split(open(path, "rb").read())
    shape = eval(text)["shape"]
    if action == "nchw":   # the same elements as (n, c, h, w)
        open(path, "wb").write(npy("|i1", (shape[0], shape[3], shape[1], shape[2]), body))
    else:                  # the same bytes, saved as uint8
        open(path, "wb").write(npy("|u1", shape, body))
PY
}

if [ ! -d "$in_src" ]; then
    printf 'SKIP  input checks: no %s\n' "$in_src"
else
    # ---- point 2: a size that wraps compares nothing ----
    net=$(in_net wrap) && in_py "$net" wrap
    in_refused "ethosu/network: an output_shape of 2^64 elements (wraps to 0) with an empty expected_0.npy is refused" \
        "output 0: shape (1, 1, 65536, 65536, 65536, 65536) of 1-byte elements: its size overflows 64 bits" \
        TEST=ethosu/network DUT=twin SEED=1 NETWORK="$net"

    # ---- point 5: two members of one name ----
    net=$(in_net duplicate) && in_py "$net" duplicate
    in_refused "ethosu/network: an npz with two members named cmd_data is refused naming it" \
        "two members named 'cmd_data'" TEST=ethosu/network DUT=twin SEED=1 NETWORK="$net"

    # ---- point 6: non-regular files ----
    net=$(in_net fifo_npy) && rm "$net/input_0.npy" && mkfifo "$net/input_0.npy"
    in_refused "ethosu/network: a FIFO as input_0.npy is refused at once" \
        "input_0.npy: not a regular file (a FIFO)" TEST=ethosu/network DUT=twin SEED=1 NETWORK="$net"
    net=$(in_net fifo_npz) && npz=$(ls "$net"/*_vela.npz) && rm "$npz" && mkfifo "$npz"
    in_refused "ethosu/network: a FIFO as the *_vela.npz is refused at once" \
        "_vela.npz: not a regular file (a FIFO)" TEST=ethosu/network DUT=twin SEED=1 NETWORK="$net"
    net=$(in_net zero) && ln -sf /dev/zero "$net/input_0.npy"
    in_refused "ethosu/network: input_0.npy linked to /dev/zero is refused, not read without end" \
        "input_0.npy: not a regular file (a character device)" TEST=ethosu/network DUT=twin SEED=1 NETWORK="$net"
    net=$(in_net folder) && rm "$net/input_0.npy" && mkdir "$net/input_0.npy"
    in_refused "ethosu/network: a folder as input_0.npy is refused" \
        "input_0.npy: not a regular file (a folder)" TEST=ethosu/network DUT=twin SEED=1 NETWORK="$net"

    # ---- point 7: shapes, dtypes and file sets the documentation calls wrong ----
    net=$(in_net nchw) && in_py "$net" nchw
    in_refused "ethosu/network: an input in another layout (NCHW for NHWC, same size) is refused" \
        "input_0.npy: (1, 16, 12, 12) |i1, but input 0 of" TEST=ethosu/network DUT=twin SEED=1 NETWORK="$net"
    net=$(in_net uint8) && in_py "$net" uint8
    in_refused "ethosu/network: an int8 input saved as uint8 is refused" \
        "(uint8), but the command stream reads input 0 as int8" TEST=ethosu/network DUT=twin SEED=1 NETWORK="$net"
    net=$(in_net stray) && cp "$net/expected_0.npy" "$net/expected_2.npy"
    in_refused "ethosu/network: a stray expected_2.npy is refused" \
        "expected_2.npy: " TEST=ethosu/network DUT=twin SEED=1 NETWORK="$net"
    grep -qF "describes 1 output, the folder has more" "$log" ||
        bad "ethosu/network: a stray expected_2.npy: the reason says the folder has more"
    net=$(in_net offset) && in_py "$net" offset
    in_refused "ethosu/network: an input offset beyond its region exits 2" \
        "input 0: 2304 bytes at offset 0x10000000 end beyond its region" TEST=ethosu/network DUT=twin SEED=1 \
        NETWORK="$net"
fi

# a FIFO as the trace: refused at once, not a run blocked forever
mkfifo "$in_tmp/trace.cfg"
in_refused "TRACE= a FIFO is refused at once" "trace.cfg: cannot open trace: not a regular file (a FIFO)" \
    TRACE="$in_tmp/trace.cfg" DUT=twin SEED=1

# ---- point 3: a waves dump that cannot be written fails the run ----
in_full=$in_tmp/full
mkdir -p "$in_full"
if ! mount -t tmpfs -o size=64k tmpfs "$in_full" 2>/dev/null; then
    printf 'SKIP  waves on a full disk: mount of a 64 KiB tmpfs is not permitted here (needs root)\n'
else
    for mode in 1 fst; do
        [ "$mode" = fst ] && ! command -v vcd2fst >/dev/null &&
            { printf 'SKIP  WAVES=fst on a full disk: vcd2fst (gtkwave) is not installed\n'; continue; }
        rm -rf "${in_full:?}"/*
        # 48 KiB of the 64 used: the log fits, the dump does not
        head -c 49152 /dev/zero >"$in_full/fill"
        scripts/sim TEST=sdp_bypass_smoke DUT=twin SEED=1 WAVES="$mode" LOG_DIR="$in_full/log" >"$log" 2>&1; rc=$?
        dump=$in_full/log/waves.vcd
        [ "$mode" = fst ] && dump=$in_full/log/waves.fst
        left=$(cd "$in_full/log" 2>/dev/null && ls waves* 2>/dev/null | tr '\n' ' ')
        if [ "$rc" = 2 ] && grep -qF "output: waves: $dump was not written in full" "$log" &&
           ! grep -q '^\(PASS\|FAIL\): ' "$log" && [ -z "$left" ]; then
            ok "WAVES=$mode on a full disk: exit 2 naming the dump, no verdict, no partial dump left"
        else bad "WAVES=$mode on a full disk: exit 2 naming the dump, no verdict, nothing left (exit $rc, left: $left)"; fi
    done
    umount "$in_full"
fi
rm -rf "$in_tmp"
if [ -n "$in_alone" ]; then
    rm -f "$log"
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
fi
