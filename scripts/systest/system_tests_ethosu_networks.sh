#!/usr/bin/env bash
# system_tests_ethosu_networks.sh: Vela-compiled networks on the Ethos-U55 and -U65
# (make sim TEST=ethosu/network NETWORK=<folder>, make ethosu-networks).
# Sourced by scripts/systest/system_tests.sh (uses ok/bad/expect_* and
# $log), or run alone (prints "N passed, M failed"). The networks are the
# committed corpus (EN_NETWORKS, default sequences/ethosu/networks); without
# one the tests that need a network print SKIP.
#   - the first network passes on the twin, also with AXI stalls; every
#     network of the corpus passes (make ethosu-networks), also with stalls;
#   - one flipped expected value: the report names its (n, h, w, c), the
#     expected and actual value and the kernel operation that wrote it;
#   - one flipped weight byte: the run fails naming an operation or STATUS;
#   - the configuration check: ETHOSU_CONFIG for the other configuration
#     is refused (exit 2), and so is a DUT whose CONFIG register differs,
#     an Ethos-U85 payload on an Ethos-U65, an Ethos-U65 one on an Ethos-U85 and an Ethos-U55 one
#     on an Ethos-U65 (both products named);
#   - the shipped RTL stub skips (SKIP: line, make exit 0, scripts/sim 77);
#   - bad folders and files: exit 2 naming the file;
#   - make ethosu-networks: one line per network, "N passed, N failed,
#     N skipped, N xfail", non-zero on a failure;
#   - xfail.txt (a known stream-and-reference disagreement): differing
#     outputs are XFAIL (exit 0, counted apart), matching ones an XPASS
#     (a failure), an empty, multi-line or non-file xfail.txt refused;
#   - the reproduce line carries NETWORK=.
#   - no xfail.txt: a corpus network whose xfail.txt is removed is XFAIL when a
#     rerun with an explain alternative of the twin's arithmetic matches
#     every output (named with it), and still a FAIL with one expected
#     value changed besides (make sim and make ethosu-networks); a 16x8
#     FULLY_CONNECTED scale Vela cut to 16 bits is XFAIL as likely when two
#     reruns bracket every output, a FAIL when a value lies outside.
en_alone=
if ! declare -F ok >/dev/null; then
    set -u
    cd "$(dirname "$0")/../.."
    en_alone=1 pass=0 fail=0
    log=$(mktemp)
    ok()  { pass=$((pass + 1)); printf 'PASS  %s\n' "$1"; }
    bad() { fail=$((fail + 1)); printf 'FAIL  %s\n' "$1"; sed 's/^/      /' "$log" | tail -n 15; }
    expect_pass() {
        local name=$1; shift
        if make -s sim "$@" >"$log" 2>&1 && grep -q '^PASS:' "$log"; then ok "$name"; else bad "$name"; fi
    }
    expect_fail() {
        local name=$1 pattern=$2; shift 2
        if make -s sim "$@" >"$log" 2>&1; then bad "$name (passed, should have failed)"
        elif grep -qF -- "$pattern" "$log"; then ok "$name"
        else bad "$name (no '$pattern' in the output)"; fi
    }
fi
EN_NETWORKS=${EN_NETWORKS:-sequences/ethosu/networks}
en_tmp=$(mktemp -d)

# en_refused NAME PATTERN make-args...: exit 2 before any run, PATTERN printed
en_refused() {
    local name=$1 pattern=$2; shift 2
    scripts/sim "$@" >"$log" 2>&1
    local rc=$?
    if [ "$rc" != 2 ]; then bad "$name (exit status $rc, not 2)"
    elif ! grep -qF -- "$pattern" "$log"; then bad "$name (no '$pattern' in the output)"
    elif grep -q '^\(PASS\|FAIL\): ' "$log"; then bad "$name (the run gave a verdict)"
    else ok "$name"; fi
}

# en_npy_flip FILE INDEX: flips bit 0 of element INDEX (C order) of a .npy in
# place; prints "n h w c" (the shape as NHWC, leading 1s added) and the
# element count
en_npy_flip() {
    python3 - "$1" "$2" <<'PY'
import ast, struct, sys
path, index = sys.argv[1], int(sys.argv[2])
b = bytearray(open(path, "rb").read())
major = b[6]
hlen, start = (struct.unpack("<H", b[8:10])[0], 10) if major == 1 else (struct.unpack("<I", b[8:12])[0], 12)
hdr = ast.literal_eval(b[start:start + hlen].decode("latin1"))
size = int(hdr["descr"][2:])
shape = list(hdr["shape"])
count = 1
for d in shape:
    count *= d
index %= count
b[start + hlen + index * size] ^= 1
open(path, "wb").write(bytes(b))
s = [1] * (4 - len(shape)) + shape[-4:] if len(shape) <= 4 else shape[-4:]
c, w, h, n = index % s[3], index // s[3] % s[2], index // s[3] // s[2] % s[1], index // s[3] // s[2] // s[1]
print(n, h, w, c, count)
PY
}

# en_npz_flip_weight NPZ: flips one bit in the middle of weight_data (the member
# rewritten with its CRC, as numpy stores it); non-zero when there are no weights
en_npz_flip_weight() {
    python3 - "$1" <<'PY'
import struct, sys, zipfile
path = sys.argv[1]
with zipfile.ZipFile(path) as z:
    members = [(i, z.read(i.filename)) for i in z.infolist()]
out = []
flipped = False
for info, data in members:
    if info.filename == "weight_data.npy":
        major = data[6]
        hlen, start = (struct.unpack("<H", data[8:10])[0], 10) if major == 1 else (struct.unpack("<I", data[8:12])[0], 12)
        body = len(data) - start - hlen
        if body > 16:
            d = bytearray(data)
            d[start + hlen + body // 2] ^= 0x10
            data, flipped = bytes(d), True
    out.append((info.filename, data, info.compress_type))
with zipfile.ZipFile(path, "w") as z:
    for name, data, ct in out:
        z.writestr(name, data, compress_type=ct)
sys.exit(0 if flipped else 1)
PY
}

# en_npz_set_broadcast_h NPZ: sets broadcast_h in every NPU_SET_IFM2_BROADCAST of
# the command stream (cmd_data rewritten with its CRC): the flag Vela 5.2
# leaves on an ADD whose IFM2 tile is as tall as the OFM (Keras k_slice_strided)
en_npz_set_broadcast_h() {
    python3 - "$1" <<'PY'
import struct, sys, zipfile
path = sys.argv[1]
with zipfile.ZipFile(path) as z:
    members = [(i, z.read(i.filename)) for i in z.infolist()]
out = []
n = 0
for info, data in members:
    if info.filename == "cmd_data.npy":
        d = bytearray(data)
        at = d.index(b"COP1") + 4
        while d[at] != 2:   # driver actions before the command stream: CONFIG (3 words), NOPs
            at += 12 if d[at] == 1 else 4
        tag = struct.unpack_from("<I", d, at)[0]
        end = at + 4 + 4 * ((tag >> 8 & 0xFF) << 16 | tag >> 16)
        at += 4
        while at + 4 <= end:
            w = struct.unpack_from("<I", d, at)[0]
            if w & 0x4000:
                at += 8
                continue
            if w & 0x3FF == 0x180:
                struct.pack_into("<I", d, at, w | 0x10000)
                n += 1
            at += 4
        data = bytes(d)
    out.append((info.filename, data, info.compress_type))
with zipfile.ZipFile(path, "w") as z:
    for name, data, ct in out:
        z.writestr(name, data, compress_type=ct)
sys.exit(0 if n else 1)
PY
}

en_first=$(find "$EN_NETWORKS" -name '*_vela.npz' -type f -printf '%h\n' 2>/dev/null | sort -u | head -n 1)
if [ -z "$en_first" ]; then
    printf 'SKIP  ethosu/network on a committed network: no network folder under %s (make ethosu-corpus)\n' "$EN_NETWORKS"
else
    en_name=$(basename "$en_first")
    expect_pass "ethosu/network $en_name DUT=twin" TEST=ethosu/network DUT=twin SEED=1 NETWORK="$en_first"
    expect_pass "ethosu/network $en_name DUT=twin AXI_STALL=50 RD_LATENCY=1:20 SEED=7" TEST=ethosu/network \
        DUT=twin SEED=7 AXI_STALL=50 RD_LATENCY=1:20 NETWORK="$en_first"
    # one expected value changed: the report names the element and its writer
    rm -rf "$en_tmp/flip" && cp -r "$en_first" "$en_tmp/flip"
    read -r n h w c count < <(en_npy_flip "$en_tmp/flip/expected_0.npy" 2147483647)
    if make -s sim TEST=ethosu/network DUT=twin SEED=1 NETWORK="$en_tmp/flip" >"$log" 2>&1; then
        bad "ethosu/network: a changed expected value fails (passed)"
    elif grep -qF "1 of $count elements differ; the first at (n, h, w, c) = ($n, $h, $w, $c): expected " "$log" &&
         grep -q "written by op [0-9]* NPU_OP_[A-Z]* at stream offset 0x[0-9a-f]*: NPU_OP_" "$log" &&
         grep -qF "reproduce: make sim TEST=ethosu/network DUT=twin SEED=1 NETWORK=$en_tmp/flip" "$log"; then
        ok "ethosu/network: a changed expected value fails naming ($n, $h, $w, $c), the values, the operation; reproduce line with NETWORK="
    else bad "ethosu/network: a changed expected value fails naming (n, h, w, c), the values, the operation, NETWORK= reproduce"; fi
    # one weight changed: the network computes something else (or the stream is refused)
    rm -rf "$en_tmp/weight" && cp -r "$en_first" "$en_tmp/weight"
    if en_npz_flip_weight "$en_tmp/weight"/*_vela.npz; then
        if make -s sim TEST=ethosu/network DUT=twin SEED=1 NETWORK="$en_tmp/weight" >"$log" 2>&1; then
            bad "ethosu/network: a flipped weight fails (passed)"
        elif grep -q "elements differ; the first at (n, h, w, c) = .*written by op [0-9]* NPU_OP_\|STATUS 0x[0-9a-f]* after the IRQ" "$log"; then
            ok "ethosu/network: a flipped weight fails naming the first differing element and the operation (or STATUS)"
        else bad "ethosu/network: a flipped weight fails naming the first differing element and the operation"; fi
    else printf 'SKIP  ethosu/network: a flipped weight (%s has no weights)\n' "$en_name"; fi
    # the configuration: the payload's, the other one refused
    other=ethos-u65-512
    python3 -c "import sys, zipfile; d = zipfile.ZipFile(sys.argv[1]).read('cmd_data.npy'); i = d.index(b'COP1'); sys.exit(0 if d[i + 8] & 15 == 8 else 1)" \
        "$en_first"/*_vela.npz 2>/dev/null || other=ethos-u65-256
    en_refused "ethosu/network ETHOSU_CONFIG=$other refused (compiled for the other)" \
        "ETHOSU_CONFIG=$other, but $en_first/" TEST=ethosu/network DUT=twin NETWORK="$en_first" ETHOSU_CONFIG="$other"
    # a payload for another product: an Ethos-U85 one (Vela's ethos-u85-128 CONFIG word 0x20000117 put
    # into the first network's payload) on ETHOSU_CONFIG=ethos-u65-256, and the first network on
    # ETHOSU_CONFIG=ethos-u85-256, are refused before they run, naming both products; so is an
    # Ethos-U55 payload on ETHOSU_CONFIG=ethos-u65-256
    rm -rf "$en_tmp/u85" && cp -r "$en_first" "$en_tmp/u85"
    if python3 - "$en_tmp/u85"/*_vela.npz <<'PY'
import struct, sys, zipfile
path = sys.argv[1]
with zipfile.ZipFile(path) as z:
    members = [(i, z.read(i.filename)) for i in z.infolist()]
with zipfile.ZipFile(path, "w") as z:
    for info, data in members:
        if info.filename == "cmd_data.npy":
            i = data.index(b"COP1")
            data = data[:i + 8] + struct.pack("<I", 0x20000117) + data[i + 12:]
        z.writestr(info, data)
PY
    then
        en_refused "ethosu/network: an Ethos-U85 payload on ETHOSU_CONFIG=ethos-u65-256 names both products" \
            "was compiled for ethos-u85-128 (its payload's CONFIG 0x20000117: an Ethos-U85 payload; ethos-u65-256 is an Ethos-U65)" \
            TEST=ethosu/network DUT=twin NETWORK="$en_tmp/u85" ETHOSU_CONFIG=ethos-u65-256
    else bad "ethosu/network: making an Ethos-U85 payload"; fi
    en_refused "ethosu/network: an Ethos-U55/U65 payload on ETHOSU_CONFIG=ethos-u85-256 names both products" \
        "payload; ethos-u85-256 is an Ethos-U85)" TEST=ethosu/network DUT=twin NETWORK="$en_first" \
        ETHOSU_CONFIG=ethos-u85-256
    en55=$(find "$EN_NETWORKS" -path '*ethos-u55-*' -name '*_vela.npz' -type f -printf '%h\n' 2>/dev/null | sort -u | head -n 1)
    if [ -n "$en55" ]; then
        en_refused "ethosu/network: an Ethos-U55 payload on ETHOSU_CONFIG=ethos-u65-256 names both products" \
            "an Ethos-U55 payload; ethos-u65-256 is an Ethos-U65)" TEST=ethosu/network DUT=twin NETWORK="$en55" \
            ETHOSU_CONFIG=ethos-u65-256
    fi
    # the shipped RTL stub does not compute: SKIP (scripts/sim 77, make sim 0)
    if command -v verilator >/dev/null; then
        # make sim first: it rebuilds the simulator for the shipped stub (scripts/sim alone would reuse
        # a simulator an earlier run built with RTL_FILES=, as the test below does)
        make -s sim TEST=ethosu/network DUT=rtl SEED=1 NETWORK="$en_first" >"$log" 2>&1
        make_rc=$?
        scripts/sim TEST=ethosu/network DUT=rtl SEED=1 NETWORK="$en_first" >"$log" 2>&1
        rc=$?
        if [ $rc = 77 ] && grep -q '^SKIP: ethosu/network on rtl: the shipped Ethos-U65 stub' "$log" && [ $make_rc = 0 ]; then
            ok "ethosu/network DUT=rtl: the shipped stub skips with the reason (77; make sim 0)"
        else bad "ethosu/network DUT=rtl: the shipped stub skips with the reason (77; make sim 0) (status $rc)"; fi
        # the stub as the user's RTL runs it, and its CONFIG (256 MACs) against a 512 network is refused
        # (the ethos-u65-512 folder first: a python3 a folder is slow over the whole corpus)
        en512=$(for d in $( { find "$EN_NETWORKS" -path '*ethos-u65-512*' -name '*_vela.npz' -type f -printf '%h\n' | sort -u
                              find "$EN_NETWORKS" -name '*_vela.npz' -type f -printf '%h\n' | sort -u; } | head -n 400); do
            python3 -c "import sys, zipfile; d = zipfile.ZipFile(sys.argv[1]).read('cmd_data.npy'); i = d.index(b'COP1'); sys.exit(0 if d[i + 8] & 15 == 9 else 1)" \
                "$d"/*_vela.npz 2>/dev/null && { echo "$d"; break; }; done)
        # the stub built for ethos-u65-256 (RTL_FILES: the default build) says Ethos-U65 in CONFIG: a U55 payload is refused
        if [ -n "${en55:-}" ]; then
            en_refused "ethosu/network DUT=rtl RTL_FILES=<stub>: an Ethos-U55 network on an Ethos-U65 CONFIG is refused" \
                "the DUT's CONFIG register (0x10003008) says Ethos-U65 (ethos-u65-256), but $en55/" TEST=ethosu/network \
                DUT=rtl SEED=1 NETWORK="$en55" RTL_FILES=rtl_stubs/ethosu65/ethosu65.f RTL_TOP=ethosu65
        fi
        if [ -n "$en512" ]; then
            en_refused "ethosu/network DUT=rtl RTL_FILES=<stub>: a 512-MAC network on a 256-MAC CONFIG is refused" \
                "the DUT's CONFIG register (0x10003008) says Ethos-U65 (ethos-u65-256), but" TEST=ethosu/network DUT=rtl SEED=1 \
                NETWORK="$en512" RTL_FILES=rtl_stubs/ethosu65/ethosu65.f RTL_TOP=ethosu65
        fi
    fi
    # make ethosu-networks: one line per network and the totals; a failure makes it fail
    mkdir -p "$en_tmp/tree/a" && rm -rf "$en_tmp/tree/a/"* "$en_tmp/tree/b" &&
        cp -r "$en_first" "$en_tmp/tree/a/one" && cp -r "$en_first" "$en_tmp/tree/b"
    if make -s ethosu-networks NETWORKS="$en_tmp/tree" AXI_STALL=30 >"$log" 2>&1 &&
       [ "$(grep -c '^PASS  ' "$log")" = 2 ] && grep -qx '2 passed, 0 failed, 0 skipped, 0 xfail' "$log"; then
        ok "make ethosu-networks: two networks found recursively, 2 passed, 0 failed, 0 skipped"
    else bad "make ethosu-networks: two networks found recursively, 2 passed, 0 failed, 0 skipped"; fi
    cp "$en_tmp/flip/expected_0.npy" "$en_tmp/tree/b/expected_0.npy"
    if make -s ethosu-networks NETWORKS="$en_tmp/tree" >"$log" 2>&1; then
        bad "make ethosu-networks: a failing network makes it fail (exit 0)"
    elif grep -q "^FAIL  $en_tmp/tree/b: .*elements differ" "$log" && grep -qx '1 passed, 1 failed, 0 skipped, 0 xfail' "$log"; then
        ok "make ethosu-networks: a failing network is named and makes it fail (1 passed, 1 failed)"
    else bad "make ethosu-networks: a failing network is named and makes it fail (1 passed, 1 failed)"; fi
    # xfail.txt: a known stream-and-reference disagreement. Outputs that differ are XFAIL (exit 0,
    # counted apart), outputs that match are an XPASS (a failure), a bad xfail.txt is refused
    rm -rf "$en_tmp/xf" && cp -r "$en_tmp/flip" "$en_tmp/xf" && echo "a hand-made disagreement" > "$en_tmp/xf/xfail.txt"
    if make -s sim TEST=ethosu/network DUT=twin SEED=1 NETWORK="$en_tmp/xf" >"$log" 2>&1 &&
       grep -qx 'XFAIL stream and reference disagree: a hand-made disagreement' "$log" &&
       grep -q '^XFAIL: ethosu/network on twin' "$log" && grep -q "^network: output 0 .*1 of $count elements differ" "$log" &&
       ! grep -q '^\(PASS\|FAIL\): ' "$log"; then
        ok "ethosu/network with xfail.txt and a differing output: XFAIL with the reason and the difference, exit 0"
    else bad "ethosu/network with xfail.txt and a differing output: XFAIL with the reason and the difference, exit 0"; fi
    rm -rf "$en_tmp/xp" && cp -r "$en_first" "$en_tmp/xp" && echo "a stale mark" > "$en_tmp/xp/xfail.txt"
    if make -s sim TEST=ethosu/network DUT=twin SEED=1 NETWORK="$en_tmp/xp" >"$log" 2>&1; then
        bad "ethosu/network with xfail.txt and matching outputs: XPASS fails (exit 0)"
    elif grep -q "XPASS: every output matches the reference, but .*xfail.txt says the stream and the reference disagree (a stale mark)" "$log" &&
         grep -q '^FAIL: ethosu/network' "$log"; then
        ok "ethosu/network with xfail.txt and matching outputs: XPASS, a failure naming the stale mark"
    else bad "ethosu/network with xfail.txt and matching outputs: XPASS, a failure naming the stale mark"; fi
    rm -rf "$en_tmp/xtree" && mkdir -p "$en_tmp/xtree" && cp -r "$en_first" "$en_tmp/xtree/a" && cp -r "$en_tmp/xf" "$en_tmp/xtree/b"
    if make -s ethosu-networks NETWORKS="$en_tmp/xtree" >"$log" 2>&1 &&
       grep -qx "XFAIL $en_tmp/xtree/b: stream and reference disagree: a hand-made disagreement (log .*)" "$log" &&
       grep -qx '1 passed, 0 failed, 0 skipped, 1 xfail' "$log"; then
        ok "make ethosu-networks: an XFAIL network is named with its reason and counted apart (1 passed, 1 xfail), exit 0"
    else bad "make ethosu-networks: an XFAIL network is named with its reason and counted apart (1 passed, 1 xfail), exit 0"; fi
    cp -r "$en_tmp/xp" "$en_tmp/xtree/c"
    if make -s ethosu-networks NETWORKS="$en_tmp/xtree" >"$log" 2>&1; then
        bad "make ethosu-networks: an XPASS network makes it fail (exit 0)"
    elif grep -q "^FAIL  $en_tmp/xtree/c: .*XPASS: every output matches" "$log" && grep -qx '1 passed, 1 failed, 0 skipped, 1 xfail' "$log"; then
        ok "make ethosu-networks: an XPASS network is a FAIL naming the stale mark (1 passed, 1 failed, 1 xfail)"
    else bad "make ethosu-networks: an XPASS network is a FAIL naming the stale mark (1 passed, 1 failed, 1 xfail)"; fi
    : > "$en_tmp/xp/xfail.txt"
    en_refused "ethosu/network: an empty xfail.txt is refused" "$en_tmp/xp/xfail.txt: empty" \
        TEST=ethosu/network DUT=twin NETWORK="$en_tmp/xp"
    printf 'one\ntwo\n' > "$en_tmp/xp/xfail.txt"
    en_refused "ethosu/network: a two-line xfail.txt is refused" "$en_tmp/xp/xfail.txt: byte 3 is a control character (0x0a)" \
        TEST=ethosu/network DUT=twin NETWORK="$en_tmp/xp"
    rm "$en_tmp/xp/xfail.txt" && mkdir "$en_tmp/xp/xfail.txt"
    en_refused "ethosu/network: a folder named xfail.txt is refused" "$en_tmp/xp/xfail.txt: not a regular file" \
        TEST=ethosu/network DUT=twin NETWORK="$en_tmp/xp"
    # errors in the folder: exit 2 naming the file
    rm -rf "$en_tmp/bad" && cp -r "$en_first" "$en_tmp/bad"
    rm "$en_tmp/bad/expected_0.npy"
    en_refused "ethosu/network: a missing expected_0.npy is named" "$en_tmp/bad/expected_0.npy: No such file" \
        TEST=ethosu/network DUT=twin NETWORK="$en_tmp/bad"
    python3 -c "import sys; h = b\"{'descr': '|i1', 'fortran_order': False, 'shape': (1, 3, 1, 7), }\"; h += b' ' * (117 - len(h)) + b'\\n'; open(sys.argv[1], 'wb').write(b'\\x93NUMPY\\x01\\x00' + bytes([len(h), 0]) + h + bytes(21))" \
        "$en_tmp/bad/expected_0.npy"
    en_refused "ethosu/network: an expected file of another shape is named" "$en_tmp/bad/expected_0.npy: (1, 3, 1, 7) |i1, but output 0 of" \
        TEST=ethosu/network DUT=twin NETWORK="$en_tmp/bad"
    cp "$en_first/expected_0.npy" "$en_tmp/bad/expected_0.npy"
    npz=$(ls "$en_tmp/bad"/*_vela.npz)
    head -c 200 "$npz" > "$en_tmp/cut" && mv "$en_tmp/cut" "$npz"
    en_refused "ethosu/network: a truncated npz is named" "$npz: not a zip archive" \
        TEST=ethosu/network DUT=twin NETWORK="$en_tmp/bad"
fi
# the whole corpus on the twin, each network once: its configurations' folders
# take turns without and with AXI stalls (make test-long runs the other turn);
# a corpus of one folder runs both ways
if [ -n "$en_first" ]; then
    en_stalls="AXI_STALL=30 RD_LATENCY=1:20 SEED=3"
    en_runs=()
    for d in "$EN_NETWORKS"/*/; do
        [ -d "$d" ] && en_runs+=("${d%/}|$([ $(( ${#en_runs[@]} % 2 )) = 1 ] && echo "$en_stalls")")
    done
    [ ${#en_runs[@]} -ge 2 ] || en_runs=("$EN_NETWORKS|" "$EN_NETWORKS|$en_stalls")
    for r in "${en_runs[@]}"; do
        d=${r%%|*} knobs=${r#*|}
        # shellcheck disable=SC2086
        if make -s ethosu-networks NETWORKS="$d" DUT=twin $knobs >"$log" 2>&1 &&
           grep -q '^[0-9]* passed, 0 failed, 0 skipped, [0-9]* xfail$' "$log"; then
            ok "make ethosu-networks NETWORKS=$d ${knobs:-(no knobs)}: $(tail -n 1 "$log")"
        else bad "make ethosu-networks NETWORKS=$d ${knobs:-(no knobs)}: $(tail -n 1 "$log")"; fi
    done
fi
# no xfail.txt: a known disagreement is named by a rerun with an explain
# alternative of the twin's arithmetic; a real difference besides still fails
en_dis=$(find "$EN_NETWORKS" -path '*/cov_fully_connected_per_channel_rounding_i8/xfail.txt' 2>/dev/null | sort | head -n 1)
if [ -z "$en_dis" ]; then
    printf 'SKIP  ethosu/network: a disagreement named by a rerun (no cov_fully_connected_per_channel_rounding_i8 under %s)\n' "$EN_NETWORKS"
else
    rm -rf "$en_tmp/ex" && mkdir -p "$en_tmp/ex" && cp -r "$(dirname "$en_dis")" "$en_tmp/ex/fc" && rm "$en_tmp/ex/fc/xfail.txt"
    if make -s sim TEST=ethosu/network DUT=twin SEED=1 NETWORK="$en_tmp/ex/fc" >"$log" 2>&1 &&
       grep -q '^network: output 0 .*elements differ' "$log" &&
       grep -q '^network: explain: running it again with the twin.s arithmetic EXPLAIN=' "$log" &&
       grep -q '^XFAIL stream and reference disagree: .*rounding.*; a rerun with EXPLAIN=[a-z0-9-]* (.* changed) matches every output$' "$log" &&
       grep -q '^XFAIL: ethosu/network on twin' "$log"; then
        ok "ethosu/network without xfail.txt: a FULLY_CONNECTED rounding disagreement is XFAIL, named by the rerun that matches"
    else bad "ethosu/network without xfail.txt: a FULLY_CONNECTED rounding disagreement is XFAIL, named by the rerun that matches"; fi
    rm -rf "$en_tmp/ex/bad" && cp -r "$en_tmp/ex/fc" "$en_tmp/ex/bad"
    read -r n h w c count < <(en_npy_flip "$en_tmp/ex/bad/expected_0.npy" 0)
    if make -s sim TEST=ethosu/network DUT=twin SEED=1 NETWORK="$en_tmp/ex/bad" >"$log" 2>&1; then
        bad "ethosu/network without xfail.txt: a changed expected value besides the disagreement fails (exit 0)"
    elif grep -q '^FAIL: ethosu/network' "$log" && ! grep -q '^XFAIL' "$log" &&
         grep -q 'outputs still differ' "$log" && grep -qF "elements differ; the first at (n, h, w, c) = (" "$log" &&
         grep -qF "reproduce: make sim TEST=ethosu/network DUT=twin SEED=1 NETWORK=$en_tmp/ex/bad" "$log"; then
        ok "ethosu/network without xfail.txt: a changed expected value besides the disagreement still fails, no rerun matching"
    else bad "ethosu/network without xfail.txt: a changed expected value besides the disagreement still fails, no rerun matching"; fi
    if make -s ethosu-networks NETWORKS="$en_tmp/ex" >"$log" 2>&1; then
        bad "make ethosu-networks: a named disagreement and a real difference (exit 0)"
    elif grep -q "^XFAIL $en_tmp/ex/fc: stream and reference disagree: .*a rerun with EXPLAIN=" "$log" &&
         grep -q "^FAIL  $en_tmp/ex/bad: " "$log" && grep -qx '0 passed, 1 failed, 0 skipped, 1 xfail' "$log"; then
        ok "make ethosu-networks: the disagreement a rerun names is counted xfail, the real difference failed"
    else bad "make ethosu-networks: the disagreement a rerun names is counted xfail, the real difference failed"; fi
fi
en_tall=$(find "$EN_NETWORKS" -path '*/add_two_inputs/*_vela.npz' 2>/dev/null | sort | head -n 1)
if [ -z "$en_tall" ]; then
    printf 'SKIP  ethosu/network: a broadcast flag on a tall IFM2 named by a rerun (no add_two_inputs under %s)\n' "$EN_NETWORKS"
else
    rm -rf "$en_tmp/tall" && cp -r "$(dirname "$en_tall")" "$en_tmp/tall"
    if en_npz_set_broadcast_h "$en_tmp/tall/$(basename "$en_tall")" &&
       make -s sim TEST=ethosu/network DUT=twin SEED=1 NETWORK="$en_tmp/tall" >"$log" 2>&1 &&
       grep -q '^network: output 0 .*elements differ' "$log" &&
       grep -q '^XFAIL stream and reference disagree: IFM2 broadcast: .*; a rerun with EXPLAIN=ifm2-no-broadcast-when-tall (1 operation changed) matches every output$' "$log"; then
        ok "ethosu/network without xfail.txt: broadcast_h on an IFM2 whose tile is as tall as the OFM is XFAIL, named by ifm2-no-broadcast-when-tall"
    else bad "ethosu/network without xfail.txt: broadcast_h on an IFM2 whose tile is as tall as the OFM is XFAIL, named by ifm2-no-broadcast-when-tall"; fi
    read -r n h w c count < <(en_npy_flip "$en_tmp/tall/expected_0.npy" 5)
    if make -s sim TEST=ethosu/network DUT=twin SEED=1 NETWORK="$en_tmp/tall" >"$log" 2>&1; then
        bad "ethosu/network without xfail.txt: broadcast_h on a tall IFM2 and a changed expected value fails (exit 0)"
    elif grep -q '^FAIL: ethosu/network' "$log" && ! grep -q '^XFAIL' "$log"; then
        ok "ethosu/network without xfail.txt: broadcast_h on a tall IFM2 and a changed expected value fails"
    else bad "ethosu/network without xfail.txt: broadcast_h on a tall IFM2 and a changed expected value fails"; fi
fi
en_cut=$(find "$EN_NETWORKS" -path '*/cov_fully_connected_i16/xfail.txt' 2>/dev/null | sort | head -n 1)
if [ -z "$en_cut" ]; then
    printf 'SKIP  ethosu/network: a cut 16x8 scale bracketed by reruns (no cov_fully_connected_i16 under %s)\n' "$EN_NETWORKS"
else
    rm -rf "$en_tmp/cut16" && cp -r "$(dirname "$en_cut")" "$en_tmp/cut16" && rm "$en_tmp/cut16/xfail.txt"
    if make -s sim TEST=ethosu/network DUT=twin SEED=1 NETWORK="$en_tmp/cut16" >"$log" 2>&1 &&
       grep -q '^XFAIL stream and reference disagree: likely 16x8 FULLY_CONNECTED scale: .*EXPLAIN=16x8-cut-scale-low and 16x8-cut-scale-high .*bracket every output' "$log"; then
        ok "ethosu/network without xfail.txt: a 16x8 scale Vela cut to 16 bits is XFAIL as likely, bracketed by two reruns"
    else bad "ethosu/network without xfail.txt: a 16x8 scale Vela cut to 16 bits is XFAIL as likely, bracketed by two reruns"; fi
    read -r n h w c count < <(en_npy_flip "$en_tmp/cut16/expected_0.npy" 7)
    if make -s sim TEST=ethosu/network DUT=twin SEED=1 NETWORK="$en_tmp/cut16" >"$log" 2>&1; then
        bad "ethosu/network without xfail.txt: a value outside the cut-scale bracket fails (exit 0)"
    elif grep -q 'is outside \[.*the cut-scale bounds' "$log" && grep -q '^FAIL: ethosu/network' "$log"; then
        ok "ethosu/network without xfail.txt: a value outside the cut-scale bracket fails"
    else bad "ethosu/network without xfail.txt: a value outside the cut-scale bracket fails"; fi
fi
# errors that need no network
en_refused "ethosu/network without NETWORK= refused" "ethosu/network needs NETWORK=<folder>" TEST=ethosu/network DUT=twin
en_refused "ethosu/network NETWORK=<missing folder> refused" "$en_tmp/none: not a readable folder" \
    TEST=ethosu/network DUT=twin NETWORK="$en_tmp/none"
mkdir -p "$en_tmp/empty"
en_refused "ethosu/network NETWORK=<folder without an npz> refused" "$en_tmp/empty: no *_vela.npz in the folder" \
    TEST=ethosu/network DUT=twin NETWORK="$en_tmp/empty"
en_refused "NETWORK= on another test refused" "NETWORK: applies to ethosu/network only (the test that runs a network); this run is ethosu/run_dma_stream: family ethosu, a sequence, on twin" \
    TEST=ethosu/run_dma_stream DUT=twin NETWORK="$en_tmp/empty"
if make -s ethosu-networks NETWORKS="$en_tmp/empty" >"$log" 2>&1; then bad "make ethosu-networks: no networks is an error (exit 0)"
elif grep -qF "no network folder (one holding a *_vela.npz) under $en_tmp/empty" "$log"; then ok "make ethosu-networks: no networks is an error"
else bad "make ethosu-networks: no networks is an error (no message)"; fi
rm -rf "$en_tmp"

if [ -n "$en_alone" ]; then
    echo "system_tests_ethosu_networks: $pass passed, $fail failed"
    rm -f "$log"
    [ "$fail" -eq 0 ]
fi
