#!/usr/bin/env bash
# system_tests_strength.sh: make test-strength (scripts/regress/test_strength.py)
# on a few tests, SAMPLE kept small:
#   - a PDP trace's table names its surviving mutants with their reasons (the
#     no-input mutant of pdp_8x8x32_1x1_int8_0: input all zeros) and the
#     PDP_RDMA flying mode mutant as ignored by the hardware;
#   - the PDP mutants the real nv_small RTL hangs on are refused by their rules
#     (pdp-out-channel, pdp-rdma-split): no longer survivors;
#   - a network's mutants run (no-input, command and weight byte); a flipped
#     payload byte is named by its header, action or command part;
#   - a payload whose CONFIG action names another command stream version or
#     architecture is refused, as Arm's driver refuses it;
#   - the ethos-u65-512 payload with its CONFIG made 256-MAC is refused
#     naming NPU_SET_PARALLEL_MODE;
#   - make test-strength-rtl refuses the shipped stub (no hardware), and its
#     reasons file merge adds agreed survivors, drops gaps, keeps the rest;
#   - bad input (SAMPLE) is exit 2.
# Sourced by scripts/systest/system_tests.sh (uses ok/bad and $log), or run
# alone (prints "N passed, M failed").
ts_alone=
if ! declare -F ok >/dev/null; then
    set -u
    cd "$(dirname "$0")/../.."
    ts_alone=1 pass=0 fail=0
    log=$(mktemp)
    ok()  { pass=$((pass + 1)); printf 'PASS  %s\n' "$1"; }
    bad() { fail=$((fail + 1)); printf 'FAIL  %s\n' "$1"; sed 's/^/      /' "$log" | tail -n 15; }
fi
ts_out=$(mktemp -d)

# every field of the two PDP traces (about 70 mutants each), no networks
if python3 scripts/regress/test_strength.py --networks '' --filter 'nv_small/pdp_8x8x32_1x1_int8_[01]' \
        --out "$ts_out/pdp" >"$log" 2>&1 &&
   grep -q '^| nv_small/pdp_8x8x32_1x1_int8_0 | [0-9]* | [0-9]* | .*`no-input`.*(input all zeros' "$ts_out/pdp/table.md" &&
   grep -q 'PDP_RDMA.D_FLYING_MODE.FLYING_MODE 0x1->0x0`[^|]*(hardware ignores it' "$ts_out/pdp/table.md" &&
   ! grep -q 'PDP_RDMA.D_OPERATION_MODE_CFG.SPLIT_NUM' "$ts_out/pdp/table.md"; then
    ok "test-strength: PDP traces' survivors tabled with reasons, PDP_RDMA SPLIT_NUM refused"
else bad "test-strength: PDP traces' table"; fi

# make test-strength-rtl: the shipped stub decides nothing (refused); a merge of
# the reasons file keeps what the run did not decide
cp scripts/regress/strength_reasons_rtl.csv "$ts_out/reasons.csv" 2>/dev/null || : >"$ts_out/reasons.csv"
if env -u RTL_FILES make -s --no-print-directory test-strength-rtl >"$log" 2>&1; then rc=0; else rc=$?; fi
if [ "$rc" = 2 ] && grep -q 'the shipped stub is no hardware and decides nothing' "$log" &&
   python3 - "$ts_out/reasons.csv" >>"$log" 2>&1 <<'EOF'
import sys
sys.path.insert(0, "scripts/regress")
import strength_rtl as s
path = sys.argv[1]
before = open(path).read()
row = {"test": "nv_small/t", "kind": "field", "what": "PDP.D_X.Y", "reason": "UNEXPLAINED", "mutant": "L1:PDP.D_X.Y 0->1"}
s.write_reasons(path, "the real nv_small RTL", [(row, "undecided", 0, "")])
assert open(path).read() == before or not before.strip(), "an undecided run changed the file"
s.write_reasons(path, "the real nv_small RTL", [(row, "same", 0, "")])
assert "nv_small/t,field:PDP.D_X.Y,the real nv_small RTL writes the same bytes" in open(path).read()
s.write_reasons(path, "the real nv_small RTL", [(row, "hang", 1, "")])
assert "nv_small/t," not in open(path).read(), "a gap kept its reason"
EOF
then
    ok "test-strength-rtl: the stub refused; reasons merged (agreed added, gaps dropped, undecided kept)"
else bad "test-strength-rtl: stub refusal or reasons merge (exit $rc)"; fi

# the payload's CONFIG action checked as Arm's driver checks it: a command stream
# version or an architecture the DUT does not have is refused
for w in "8 4 cmd_stream_version" "12 28 architecture"; do
    set -- $w
    mkdir -p "$ts_out/cfg$1/abs_op"
    if python3 - "$ts_out/cfg$1/abs_op" "$1" "$2" >"$log" 2>&1 <<'EOF'
import os, shutil, sys, zipfile
sys.path.insert(0, "scripts/regress")
import test_strength as ts
src, dst, at, bit = "sequences/ethosu/networks/ethos-u65-256/abs_op", sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for e in os.listdir(src):
    if not e.endswith(".npz"):
        shutil.copyfile(os.path.join(src, e), os.path.join(dst, e))
with zipfile.ZipFile(os.path.join(src, "abs_op_vela.npz")) as z:
    members = [(i, z.read(i.filename)) for i in z.infolist()]
out = []
for info, blob in members:
    if info.filename == "cmd_data.npy":   # word at byte `at` of the payload, bit `bit` flipped
        o = ts.npy_data_offset(blob) + at + bit // 8
        blob = blob[:o] + bytes([blob[o] ^ (1 << bit % 8)]) + blob[o + 1:]
    out.append((info, blob))
ts.write_npz(os.path.join(dst, "abs_op_vela.npz"), out)
EOF
    then
        scripts/sim TEST=ethosu/network NETWORK="$ts_out/cfg$1/abs_op" DUT=twin LOG_DIR="$ts_out/cfg$1/log" >"$log" 2>&1
        rc=$?
        if [ $rc != 0 ] && grep -q "$3" "$log" && grep -q "Arm's driver" "$log"; then
            ok "ethos-u65-256 payload with its CONFIG action's $3 changed: refused as Arm's driver does"
        else bad "ethos-u65-256 payload with its CONFIG action's $3 changed (exit $rc)"; fi
    else bad "making the payload with another $3"; fi
done

# a flipped payload byte is named by what holds it (header, action, command part)
if python3 - >"$log" 2>&1 <<'EOF'
import struct, sys
sys.path.insert(0, "scripts/regress")
import test_strength as t
cmds = t.load_cmds()["u65"]
# COP1, CONFIG (3 words), CMD_STREAM of 4 words: IFM_PRECISION, IFM_BASE0 + address, OP_STOP
p = struct.pack("<9I", 0x31504F43, 1, 0, 0, 2 | 4 << 16, 0x0105 | 0x0100 << 16, 0x4000, 0x1000, 0xFFFF << 16)
want = {0: "driver payload header (COP1)", 5: "driver payload CONFIG action tag bit 8",
        8: "driver payload CONFIG action: CONFIG macs_per_cc bit 0", 14: "driver payload CONFIG action: ID arch_patch_rev bit 0",
        16: "driver payload CMD_STREAM action",
        23: "NPU_SET_IFM_PRECISION param scale_mode bit 0", 24: "NPU_SET_IFM_BASE0 opcode bit 0",
        29: "NPU_SET_IFM_BASE0 payload bit 8", 34: "NPU_OP_STOP param mask bit 0", 36: "past the driver payload's actions"}
for at, name in want.items():
    got = t.cmd_byte_name(p, at, cmds)
    assert got == name, (at, got, name)
EOF
then ok "test-strength: a payload byte named by its header, action or command part"
else bad "test-strength: payload byte names"; fi

# a weight byte no command reads is explained as such (abs_op has a 1-byte placeholder)
if python3 scripts/regress/test_strength.py --traces --filter 'ethos-u65-256/abs_op' --out "$ts_out/abs" >"$log" 2>&1 &&
   grep -q 'weight-byte 0 bit 0 (read by no command)`[^|]*(no command reads it' "$ts_out/abs/table.md"; then
    ok "test-strength: a weight byte no command reads is explained"
else bad "test-strength: a weight byte no command reads"; fi

if python3 scripts/regress/test_strength.py --traces --filter 'ethos-u65-256/conv_1x1' --out "$ts_out/net" >"$log" 2>&1 &&
   grep -q '^OK  \|^WEAK' "$log" && grep -q 'ethos-u65-256/conv_1x1: 3 mutants' "$log"; then
    ok "test-strength: a network's no-input, command and weight byte mutants"
else bad "test-strength: a network's mutants"; fi

# the 512-MAC payload told it is 256-MAC: its PARALLEL_MODE 1 is refused
mkdir -p "$ts_out/pm/abs_op"
if python3 - "$ts_out/pm/abs_op" >"$log" 2>&1 <<'EOF'
import os, shutil, sys
sys.path.insert(0, "scripts/regress")
import test_strength as ts
src = "sequences/ethosu/networks/ethos-u65-512/abs_op"
for e in os.listdir(src):
    if not e.endswith(".npz"):
        shutil.copyfile(os.path.join(src, e), os.path.join(sys.argv[1], e))
# byte 8 of the payload: the CONFIG word's macs_per_cc, 9 -> 8
ts.write_npz(os.path.join(sys.argv[1], "abs_op_vela.npz"), ts.npz_with(os.path.join(src, "abs_op_vela.npz"), "cmd_data.npy", 8))
EOF
then
    scripts/sim TEST=ethosu/network NETWORK="$ts_out/pm/abs_op" DUT=twin LOG_DIR="$ts_out/pm/log" >"$log" 2>&1
    rc=$?
    if [ $rc = 1 ] && grep -q 'NPU_SET_PARALLEL_MODE 1: two-core depth needs the two cores of ethos-u65-512' "$log"; then
        ok "ethos-u65-512 payload on a 256-MAC twin: PARALLEL_MODE 1 refused"
    else bad "ethos-u65-512 payload on a 256-MAC twin (exit $rc)"; fi
else bad "making the 256-MAC abs_op payload"; fi

python3 scripts/regress/test_strength.py --sample -1 >"$log" 2>&1
[ $? = 2 ] && ok "test-strength: SAMPLE=-1 refused" || bad "test-strength: SAMPLE=-1 not refused"

rm -rf "$ts_out"
if [ -n "$ts_alone" ]; then
    echo "$pass passed, $fail failed"
    rm -f "$log"
    [ "$fail" -eq 0 ]
fi
