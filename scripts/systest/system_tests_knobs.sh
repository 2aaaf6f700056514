#!/usr/bin/env bash
# system_tests_knobs.sh: the knob table (scripts/gen/regdefs/knobs.csv) in every
# entry point: an unknown or misspelled knob is refused with status 2, naming
# it and the nearest known name (make sim, make sim-command, make waves,
# scripts/sim, make conformance, scripts/regress/conformance.py, regression list lines
# and --knob); a value not in its knob's syntax is refused naming the knob (make
# and the simulator); the environment is not checked. Sourced by
# scripts/systest/system_tests.sh (its ok/bad helpers and $log), or run alone.
if ! declare -F ok >/dev/null; then
    cd "$(dirname "$0")/../.." || exit 2
    pass=0 fail=0
    log=$(mktemp)
    trap 'rm -f "$log"' EXIT
    ok()  { pass=$((pass + 1)); printf 'PASS  %s\n' "$1"; }
    bad() { fail=$((fail + 1)); printf 'FAIL  %s\n' "$1"; sed 's/^/      /' "$log" | tail -n 15; }
    kn_alone=1
fi
kn_tmp=$(mktemp -d)

# kn_refused NAME STATUS PATTERN command...: the command exits with STATUS
# (2: make's own status, and scripts/sim's for bad input) and prints PATTERN
kn_refused() {
    local name=$1 want=$2 pattern=$3; shift 3
    "$@" >"$log" 2>&1
    local rc=$?
    if [ "$rc" != "$want" ]; then bad "$name (exit status $rc, not $want)"
    elif ! grep -qF -- "$pattern" "$log"; then bad "$name (no '$pattern' in the output)"
    elif grep -q '^\(knobs\|PASS\|FAIL\): ' "$log"; then bad "$name (the run started)"
    else ok "$name"; fi
}
smoke=(TEST=sdp_bypass_smoke DUT=twin SEED=1)

# ---- unknown names: every entry point, the nearest name ----
kn_refused "make sim AXI_STAL=50 refused" 2 "unknown knob AXI_STAL: did you mean AXI_STALL?" \
    make -s sim "${smoke[@]}" AXI_STAL=50
kn_refused "make sim-command AXI_STAL=50 refused" 2 "unknown knob AXI_STAL: did you mean AXI_STALL?" \
    make -s sim-command "${smoke[@]}" AXI_STAL=50
kn_refused "make waves WAVES_FORM=3 refused" 2 "unknown knob WAVES_FORM: did you mean WAVES_FROM?" \
    make -s waves "${smoke[@]}" WAVES_FORM=3
kn_refused "make sim-template (regress, conformance) refused an unknown knob" 2 "unknown knob NPOSTD: did you mean NPOSTED?" \
    make -s sim-template "${smoke[@]}" NPOSTD=1
kn_refused "scripts/sim AXI_STAL=50 refused" 2 "unknown knob AXI_STAL: did you mean AXI_STALL?" \
    scripts/sim "${smoke[@]}" AXI_STAL=50
kn_refused "make conformance FOO=1 refused" 2 "unknown knob FOO: did you mean" make -s conformance FOO=1
kn_refused "scripts/regress/conformance.py -- AXI_STAL=1 refused" 2 "conformance: unknown knob AXI_STAL: did you mean AXI_STALL?" \
    scripts/regress/conformance.py -- AXI_STAL=1
kn_refused "lower-case knob refused (make)" 2 "unknown knob axi_stall: did you mean AXI_STALL?" \
    make -s sim "${smoke[@]}" axi_stall=50
printf '# a comment\nsdp_bypass_smoke DUT=twin FOO=1\n' >"$kn_tmp/l.txt"
kn_refused "regress list line FOO=1 refused with file:line" 2 "l.txt:2: unknown knob FOO: did you mean" \
    python3 scripts/regress/regress.py --list "$kn_tmp/l.txt" --out "$kn_tmp/rg"
[ -e "$kn_tmp/rg" ] && bad "regress list line FOO=1: the results folder was made (runs started)"
kn_refused "regress --knob AXI_STAL=1 refused" 2 "unknown knob AXI_STAL: did you mean AXI_STALL?" \
    python3 scripts/regress/regress.py --list "$kn_tmp/l.txt" --knob AXI_STAL=1 --out "$kn_tmp/rg"
# make's own variables and the environment are not knobs to refuse
if AXI_STAL=50 make -s sim "${smoke[@]}" >"$log" 2>&1 && grep -q '^PASS:' "$log"; then
    ok "an unknown name in the environment is not checked"
else bad "an unknown name in the environment is not checked"; fi
if make -s sim "${smoke[@]}" LOG_DIR="$kn_tmp/run" >"$log" 2>&1 && [ -s "$kn_tmp/run/sim.log" ]; then
    ok "make's own variables (LOG_DIR) are accepted"
else bad "make's own variables (LOG_DIR) are accepted"; fi

# ---- values: the documented syntax only, the knob named ----
kn_refused "AXI_STALL='5 0' refused naming the knob" 2 "AXI_STALL: '5 0' is not a decimal number" \
    make -s sim "${smoke[@]}" AXI_STALL='5 0'
kn_refused "AXI_STALL=0x10 refused (decimal digits only)" 2 "AXI_STALL: '0x10' is not a decimal number" \
    make -s sim "${smoke[@]}" AXI_STALL=0x10
kn_refused "SEED=0x10 refused (decimal digits only)" 2 "SEED: '0x10' is not a decimal number" \
    make -s sim TEST=sdp_bypass_smoke DUT=twin SEED=0x10
kn_refused "RD_LATENCY=5: refused" 2 "RD_LATENCY: '5:' is not MIN or MIN:MAX" make -s sim "${smoke[@]}" RD_LATENCY=5:
kn_refused "MEM_LIMIT=4Q refused" 2 "MEM_LIMIT: '4Q' is not a size" make -s sim "${smoke[@]}" MEM_LIMIT=4Q
kn_refused "scripts/sim AXI_STALL=0x10 refused" 2 "AXI_STALL: '0x10' is not a decimal number" \
    scripts/sim "${smoke[@]}" AXI_STALL=0x10
printf 'sdp_bypass_smoke DUT=twin AXI_STALL=0x10\n' >"$kn_tmp/v.txt"
kn_refused "regress list line AXI_STALL=0x10 refused with file:line" 2 "v.txt:1: AXI_STALL: '0x10' is not a decimal number" \
    python3 scripts/regress/regress.py --list "$kn_tmp/v.txt" --out "$kn_tmp/rg"
kn_refused "scripts/regress/conformance.py -- SEED=0x10 refused" 2 "SEED: '0x10' is not a decimal number" \
    scripts/regress/conformance.py -- SEED=0x10
# the simulator's own parser: the same syntax, the knob named, the nearest option
if make -s twin >"$log" 2>&1; then
    kn_refused "sim --axi-stall 0x10 refused" 2 "sim: AXI_STALL: '0x10' is not a decimal number" \
        build/sim-twin --test sdp_bypass_smoke --axi-stall 0x10
    kn_refused "sim --seed ' 5' refused" 2 "sim: SEED: ' 5' is not a decimal number" \
        build/sim-twin --test sdp_bypass_smoke --seed ' 5'
    kn_refused "sim --axi-stall 100 refused" 2 "sim: AXI_STALL: 100 is out of range 0..99" \
        build/sim-twin --test sdp_bypass_smoke --axi-stall 100
    kn_refused "sim --axi-stall without a value names the knob" 2 "sim: AXI_STALL: --axi-stall needs a value" \
        build/sim-twin --test sdp_bypass_smoke --axi-stall
    kn_refused "sim --axi-stal: the nearest option" 2 "unknown option '--axi-stal': did you mean --axi-stall?" \
        build/sim-twin --test sdp_bypass_smoke --axi-stal 5
    if build/sim-twin --help >"$log" 2>&1 && grep -q -- '--axi-stall PCT .*\[AXI_STALL\]' "$log" &&
       grep -q -- '--reset-cycles N .*(default 10)' "$log"; then
        ok "sim --help: every option from the knob table, with its make name and default"
    else bad "sim --help lists the table's options"; fi
else bad "make twin"; fi

# ---- an unknown test points at make sim TEST=list ----
kn_refused "TEST=does_not_exist points at make sim TEST=list" 2 "no test named 'does_not_exist' (\`make sim TEST=list\` lists" \
    make -s sim TEST=does_not_exist DUT=twin
kn_refused "TEST=ethosu/does_not_exist points at make sim TEST=list" 2 "(\`make sim TEST=list\` lists them)" \
    make -s sim TEST=ethosu/does_not_exist DUT=twin

# ---- the generated tables are current ----
if make -s knobs-check >"$log" 2>&1; then ok "make knobs-check: sim_knob_table.c, mk/generated/knobs.mk, docs/knobs.md current"
else bad "make knobs-check"; fi

rm -rf "$kn_tmp"
if [ -n "${kn_alone:-}" ]; then
    echo "system_tests_knobs: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
fi
