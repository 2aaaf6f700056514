#!/usr/bin/env bash
# system_tests_unwritten.sh: a check of memory the DUT never wrote cannot
# pass (issue 27 point 1). Sourced by scripts/systest/system_tests.sh (uses
# ok/bad, $log and $traces_dir):
#   - the issue's example: a check_crc of 0xA0000000..+8 (never loaded, never
#     written) against the CRC of zeros fails, exit 1, naming the region, the
#     trace's file:line and the reason;
#   - a region the DUT wrote passes (the shipped check, unchanged);
#   - CHECK_UNWRITTEN=1: a check of bytes mem_load put there (the DUT never
#     writes them) passes, the knob line shows it; bytes the trace did not
#     load still fail with it, and the reproduce line carries it;
#   - Ethos-U65: a network whose output the twin never writes (a copy whose
#     output offset is moved to unwritten memory, expected all zeros) fails.
uw_tmp=$(mktemp -d)
uw_src=sdp_1x1x1_pass_through_int8

# uw_trace DEST CHECK: a copy of the small SDP trace with CHECK added after its
# own check_crc; sets uw_cfg and uw_line (the added line)
uw_trace() {
    cp -r "$traces_dir/$uw_src" "$uw_tmp/$1" && chmod -R u+w "$uw_tmp/$1"
    uw_cfg=$uw_tmp/$1/$uw_src.cfg
    uw_line=$(($(grep -n '^check_crc(' "$uw_cfg" | tail -n 1 | cut -d: -f1) + 1))
    sed -i "$((uw_line - 1))a $2" "$uw_cfg"
}

if [ -d "$traces_dir/$uw_src" ]; then
    # the issue's example: zlib.crc32(bytes(8)) = 0x6522df69
    uw_trace zeros 'check_crc(sync_id_0, 1, 0xA0000000, 0x8, 0x6522df69);'
    scripts/sim TRACE="$uw_tmp/zeros" DUT=twin SEED=1 >"$log" 2>&1; uw_rc=$?
    if [ "$uw_rc" = 1 ] && grep -q "^check_crc $uw_cfg:$uw_line sync_id_0: 0xa0000000..+0x8 crc 0x6522df69 FAIL expected 0x6522df69 (the DUT wrote none of it)$" "$log" &&
       grep -qF "$uw_cfg:$uw_line: check_crc(sync_id_0, pri_mem, 0xa0000000, 0x8): the DUT wrote none of this region" "$log" &&
       grep -q '^FAIL: ' "$log" && ! grep -q '^PASS: ' "$log"; then
        ok "check_crc of 0xA0000000..+8 nothing wrote, against the CRC of zeros: FAIL naming file:line and the reason, exit 1"
    else bad "check_crc of memory nothing wrote: FAIL with the reason, exit 1 (exit $uw_rc)"; fi

    # the DUT's own output: the shipped check passes, and says nothing of unwritten bytes
    scripts/sim TRACE="$traces_dir/$uw_src" DUT=twin SEED=1 >"$log" 2>&1; uw_rc=$?
    if [ "$uw_rc" = 0 ] && grep -q '^check_crc .*: 0x90000040..+0x8 crc 0xcb0ea2db PASS expected 0xcb0ea2db$' "$log"; then
        ok "check_crc of a region the DUT wrote: PASS"
    else bad "check_crc of a region the DUT wrote: PASS (exit $uw_rc)"; fi

    # the trace's own input (mem_load put it there, the DUT only reads it):
    # zlib.crc32(bytes([1, 0, 0, 0])) = 0x99f8b879
    uw_trace loaded 'check_crc(sync_id_0, 1, 0x80000400, 0x4, 0x99f8b879);'
    scripts/sim TRACE="$uw_tmp/loaded" DUT=twin SEED=1 >"$log" 2>&1; uw_rc=$?
    if [ "$uw_rc" = 1 ] && grep -qF "$uw_cfg:$uw_line: check_crc(sync_id_0, pri_mem, 0x80000400, 0x4): the DUT wrote none of this region" "$log"; then
        ok "check_crc of bytes only the trace loaded: FAIL by default"
    else bad "check_crc of bytes only the trace loaded: FAIL by default (exit $uw_rc)"; fi
    scripts/sim TRACE="$uw_tmp/loaded" DUT=twin SEED=1 CHECK_UNWRITTEN=1 >"$log" 2>&1; uw_rc=$?
    if [ "$uw_rc" = 0 ] && grep -q '^knobs: .* check_unwritten=1' "$log" &&
       grep -q "^check_crc $uw_cfg:$uw_line .* PASS expected 0x99f8b879 (the DUT wrote none of it; the trace loaded it all: CHECK_UNWRITTEN=1)$" "$log"; then
        ok "CHECK_UNWRITTEN=1: a check of bytes the trace loaded passes, the knob and check lines say so"
    else bad "CHECK_UNWRITTEN=1: a check of bytes the trace loaded passes, knob line shows it (exit $uw_rc)"; fi
    scripts/sim TRACE="$uw_tmp/zeros" DUT=twin SEED=1 CHECK_UNWRITTEN=1 >"$log" 2>&1; uw_rc=$?
    if [ "$uw_rc" = 1 ] && grep -q 'the trace did not load all of it, so CHECK_UNWRITTEN=1 does not excuse it' "$log" &&
       grep -q '^reproduce: .*CHECK_UNWRITTEN=1' "$log"; then
        ok "CHECK_UNWRITTEN=1 does not excuse bytes the trace never loaded; the reproduce line carries it"
    else bad "CHECK_UNWRITTEN=1 on bytes never loaded: FAIL, reproduce line with CHECK_UNWRITTEN=1 (exit $uw_rc)"; fi
    scripts/sim TEST=sdp_bypass_smoke DUT=twin CHECK_UNWRITTEN=1 >"$log" 2>&1; uw_rc=$?
    if [ "$uw_rc" = 2 ] && grep -qF "CHECK_UNWRITTEN: applies to nvdla traces only (only traces are parsed for their checks and memory footprint); this run is sdp_bypass_smoke: family nvdla, a sequence, on twin" "$log"; then
        ok "CHECK_UNWRITTEN=1 for a sequence: refused, exit 2"
    else bad "CHECK_UNWRITTEN=1 for a sequence: refused, exit 2 (exit $uw_rc)"; fi
else
    bad "unwritten checks: no $traces_dir/$uw_src (set NVDLA_TRACES)"
fi

# ---- Ethos-U65: an output the DUT never wrote ----
uw_net=$(find "${EN_NETWORKS:-sequences/ethosu/networks}" -name '*_vela.npz' -type f -printf '%h\n' 2>/dev/null | sort -u | head -n 1)
if [ -z "$uw_net" ]; then
    printf 'SKIP  ethosu/network output never written: no committed network\n'
else
    cp -r "$uw_net" "$uw_tmp/net" && chmod -R u+w "$uw_tmp/net"
    # output 0 moved 64 MiB further into its region (nothing writes there),
    # its expected values all zeros: what unwritten memory reads as
    python3 - "$uw_tmp/net" <<'PY'
import glob, struct, sys, zipfile
folder = sys.argv[1]
def split(data):
    hlen, start = (struct.unpack("<H", data[8:10])[0], 10) if data[6] == 1 else (struct.unpack("<I", data[8:12])[0], 12)
    return data[:start + hlen], data[start + hlen:]
npz = glob.glob(folder + "/*_vela.npz")[0]
with zipfile.ZipFile(npz) as z:
    members = [(i, z.read(i.filename)) for i in z.infolist()]
with zipfile.ZipFile(npz, "w") as z:
    for info, data in members:
        if info.filename == "output_offset.npy":
            head, body = split(data)
            data = head + struct.pack("<q", struct.unpack("<q", body[:8])[0] + (64 << 20)) + body[8:]
        z.writestr(info.filename, data, compress_type=info.compress_type)
exp = folder + "/expected_0.npy"
head, body = split(open(exp, "rb").read())
open(exp, "wb").write(head + bytes(len(body)))
PY
    scripts/sim TEST=ethosu/network DUT=twin SEED=1 NETWORK="$uw_tmp/net" >"$log" 2>&1; uw_rc=$?
    if [ "$uw_rc" = 1 ] && grep -q 'output 0 (.*): the DUT wrote none of it' "$log" && ! grep -q '^PASS: ' "$log"; then
        ok "ethosu/network: an output the twin never wrote (expected zeros) fails with that reason"
    else bad "ethosu/network: an output the twin never wrote fails with that reason (exit $uw_rc)"; fi
fi
rm -rf "$uw_tmp"
