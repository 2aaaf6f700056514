# system_tests_run_safety.sh: no run can lie (issue 27, points 2-5): two runs
# of one test side by side (the second refused, naming the first; the log not
# interleaved), logs, dumps and reports that cannot be written (exit 2, the
# path; never PASS), paths with a space or a quote (refused before anything
# runs, naming the variable and the character) and a regression list with a
# duplicate line. Unwritable places are made so that root (CI) cannot write
# them either: a folder under a regular file, a directory where a file goes.
# Sourced by scripts/systest/system_tests.sh (uses ok/bad and $log).
rs_tmp=$(mktemp -d)
# rs_expect NAME STATUS PATTERN command...: exits STATUS, prints PATTERN, and no PASS line
rs_expect() {
    local name=$1 want=$2 pattern=$3; shift 3
    "$@" >"$log" 2>&1
    local rc=$?
    if [ "$rc" != "$want" ]; then bad "$name (exit $rc, expected $want)"
    elif ! grep -qF -- "$pattern" "$log"; then bad "$name (no '$pattern' in the output)"
    elif grep -q '^PASS:' "$log"; then bad "$name (a PASS line was printed)"
    else ok "$name"; fi
}

# ---- 2. the same test twice at once: one refused, one clean log ----
# (the issue's reproduction; whichever run takes the folder first is the one
# that runs, so a slow machine does not make the check flaky)
rs_same=$rs_tmp/same
rs_run=(make -s sim TEST=ethosu/weight_decoder DUT=twin AXI_STALL=30 VERBOSE=1 LOG_DIR="$rs_same")
"${rs_run[@]}" SEED=1 >"$rs_tmp/out1" 2>&1 &
rs_pid=$!
sleep 0.5
"${rs_run[@]}" SEED=2 >"$rs_tmp/out2" 2>&1
rs_rc2=$?
wait "$rs_pid"
rs_rc1=$?
if [ "$rs_rc1:$rs_rc2" = 0:2 ]; then rs_won=1 rs_lost=2
elif [ "$rs_rc1:$rs_rc2" = 2:0 ]; then rs_won=2 rs_lost=1
else rs_won= rs_lost=; fi
cp "$rs_tmp/out${rs_lost:-2}" "$log"
if [ -z "$rs_won" ]; then bad "same test side by side: exits $rs_rc1 and $rs_rc2, expected one run passing and one refused (2)"
elif ! grep -qF "another run is writing the log folder $rs_same (pid " "$log"; then
    bad "same test side by side: the refusal does not name the other run"
elif [ "$(tr -d '\000' <"$rs_same/sim.log" | wc -c)" != "$(wc -c <"$rs_same/sim.log")" ]; then
    bad "same test side by side: NUL bytes in sim.log"
elif [ "$(grep -c '^PASS:' "$rs_same/sim.log")" != 1 ] || [ "$(grep -c '^seed: ' "$rs_same/sim.log")" != 1 ] ||
     ! grep -q "^seed: $rs_won " "$rs_same/sim.log"; then
    bad "same test side by side: sim.log is not the passing run's alone"
else ok "same test side by side: one refused naming the other, sim.log the passing run's alone"; fi

# ---- 3. a log, a dump or a report that cannot be written fails the run ----
: >"$rs_tmp/afile"
rs_expect "an unwritable log folder (under a regular file) fails the run" 2 "$rs_tmp/afile/run" \
    make -s sim TEST=sdp_bypass_smoke DUT=twin LOG_DIR="$rs_tmp/afile/run"
mkdir -p "$rs_tmp/oldlog/sim.log"
rs_expect "a sim.log that cannot be replaced fails the run" 2 "cannot remove the last run's $rs_tmp/oldlog/sim.log" \
    make -s sim TEST=sdp_bypass_smoke DUT=twin LOG_DIR="$rs_tmp/oldlog"
mkdir -p "$rs_tmp/dump" && : >"$rs_tmp/dump/ops"
rs_expect "ETHOSU_DUMP that cannot write its .npy files fails the run" 2 \
    "no verdict, an output file was not written: ETHOSU_DUMP: $rs_tmp/dump/ops" \
    make -s sim TEST=ethosu/network NETWORK=sequences/ethosu/networks/ethos-u65-256/conv_1x1 DUT=twin \
    ETHOSU_DUMP=1 LOG_DIR="$rs_tmp/dump"
# a trace whose check fails (its CRC changed): its dump of the region cannot be written
mkdir -p "$rs_tmp/crcdump.out/crc_0x90000040_0x8.bin"
cp -r "$traces_dir/sdp_1x1x1_pass_through_int8" "$rs_tmp/crcdump" && chmod -R u+w "$rs_tmp/crcdump"
sed -i 's/0xcb0ea2db/0x12345678/' "$rs_tmp/crcdump/sdp_1x1x1_pass_through_int8.cfg"
rs_expect "a CRC dump that cannot be written ends the run without a verdict" 2 \
    "dump: cannot write $rs_tmp/crcdump.out/crc_0x90000040_0x8.bin" \
    scripts/sim TRACE="$rs_tmp/crcdump" DUT=twin LOG_DIR="$rs_tmp/crcdump.out"
printf 'sdp_bypass_smoke DUT=twin\n' >"$rs_tmp/one.txt"
mkdir -p "$rs_tmp/regress/junit.xml"
rs_expect "a regression whose junit.xml cannot be written fails" 2 "regress: cannot write $rs_tmp/regress/junit.xml" \
    python3 scripts/regress/regress.py --list "$rs_tmp/one.txt" --jobs 1 --out "$rs_tmp/regress"
mkdir -p "$rs_tmp/regress2/0001_sdp_bypass_smoke_twin_1.log"
rs_expect "a regression run whose log cannot be written fails" 1 "cannot write the run's log $rs_tmp/regress2/0001_sdp_bypass_smoke_twin_1.log" \
    python3 scripts/regress/regress.py --list "$rs_tmp/one.txt" --jobs 1 --out "$rs_tmp/regress2"

# ---- 4. paths with a space or a quote: refused before anything runs ----
mkdir -p "$rs_tmp/a b" "$rs_tmp/it's"
rs_expect "TRACE with a space refused, naming it" 2 "TRACE='$rs_tmp/a b/x.cfg': paths with a space are not supported" \
    make -s sim TRACE="$rs_tmp/a b/x.cfg" DUT=twin
rs_expect "TRACE with a quote refused, naming it" 2 "TRACE='$rs_tmp/it's/x.cfg': paths with a quote (') are not supported" \
    make -s sim TRACE="$rs_tmp/it's/x.cfg" DUT=twin
rs_expect "scripts/sim TRACE with a space refused" 2 "paths with a space are not supported" \
    scripts/sim TRACE="$rs_tmp/a b/x.cfg" DUT=twin
rs_expect "LOG_DIR with a space refused" 2 "LOG_DIR='$rs_tmp/a b/run': paths with a space" \
    make -s sim TEST=sdp_bypass_smoke DUT=twin LOG_DIR="$rs_tmp/a b/run"
rs_expect "NETWORK with a quote refused" 2 "NETWORK='$rs_tmp/it's': paths with a quote (')" \
    make -s sim TEST=ethosu/network NETWORK="$rs_tmp/it's" DUT=twin
rs_expect "LIST with a double quote refused" 2 "paths with a quote (\")" \
    make -s regress LIST="$rs_tmp/l\"x.txt"
rs_expect "REGRESS_DIR with a space refused" 2 "REGRESS_DIR='$rs_tmp/a b': paths with a space" \
    make -s regress LIST="$rs_tmp/one.txt" REGRESS_DIR="$rs_tmp/a b"
rs_expect "RTL_FILES with a quote refused" 2 "RTL_FILES='$rs_tmp/it's/x.f': paths with a quote (')" \
    make -s sim TEST=sdp_bypass_smoke DUT=rtl RTL_FILES="$rs_tmp/it's/x.f"
[ -z "$(ls "$rs_tmp/a b")" ] && [ ! -e $logs_root/nvdla_a ] && ok "refused paths: nothing written" ||
    bad "refused paths: something was written ($rs_tmp/a b or $logs_root/nvdla_a)"

# ---- 5. a regression list with a duplicate line ----
printf 'sdp_bypass_smoke DUT=twin\n# a comment\nsdp_bypass_smoke  DUT=twin   # again\n' >"$rs_tmp/dup.txt"
rs_expect "a duplicate list line refused, naming both lines" 2 "$rs_tmp/dup.txt:3: the same line as line 1" \
    python3 scripts/regress/regress.py --list "$rs_tmp/dup.txt" --dry-run
# two lines expanding to the same run (@sequences and a test by name): unique JUnit names
if python3 - "$rs_tmp/junit.xml" >"$log" 2>&1 <<'PY'
import sys, xml.etree.ElementTree as ET
sys.path.insert(0, "scripts/regress")
import regress
run = {"name": "sdp_bypass_smoke", "dut": "twin", "seed": 1, "knobs": [], "result": "PASS", "wall": 0.1}
regress.write_junit(sys.argv[1], [dict(run, where="l.txt:1"), dict(run, where="l.txt:2")], "t", 0.2)
names = [tc.get("name") for tc in ET.parse(sys.argv[1]).iter("testcase")]
print(names)
sys.exit(0 if len(set(names)) == 2 else 1)
PY
then ok "two list lines with the same run: unique JUnit names"; else bad "two list lines with the same run: JUnit names collide"; fi

rm -rf "$rs_tmp"
