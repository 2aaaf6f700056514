#!/usr/bin/env bash
# system_tests_include_layers.sh: `make layers` (scripts/check/layer_check.py)
# catches an include that climbs. Sourced by scripts/systest/system_tests.sh (uses
# ok/bad and $log), or run alone (prints "N passed, M failed"):
#   - the real tree passes;
#   - copies of the tree with one upward include added (the kernel including
#     a family's twin, a family room including another family's, sim/
#     including the program's main) fail with exit 1, naming file:line;
#   - copies with a family's name planted in a family-neutral room (a string,
#     an identifier, a file name) fail the same way, naming file:line and the
#     family; one planted in a comment passes.
il_alone=
if ! declare -F ok >/dev/null; then
    set -u
    cd "$(dirname "$0")/../.."
    il_alone=1 pass=0 fail=0
    log=$(mktemp)
    ok()  { pass=$((pass + 1)); printf 'PASS  %s\n' "$1"; }
    bad() { fail=$((fail + 1)); printf 'FAIL  %s\n' "$1"; sed 's/^/      /' "$log" | tail -n 15; }
fi

il_tmp=$(mktemp -d)
if python3 scripts/check/layer_check.py >"$log" 2>&1 && grep -q '^layers: every include points down' "$log"; then
    ok "make layers: the tree passes"
else bad "make layers: the tree passes"; fi

# il_copy DIR: the source rooms into DIR (the network corpus, tens of MB of
# data the checker does not read, left out)
il_copy() {
    tar -cf - --exclude=sequences/ethosu/networks golden bfm sim sequences | tar -xf - -C "$1"
}
# il_expect_climb NAME FILE INCLUDE: FILE (in a copy) gains `#include "INCLUDE"`
# after its last include; the checker must exit 1 naming FILE:line
il_expect_climb() {
    local name=$1 file=$2 inc=$3
    rm -rf "$il_tmp/tree" && mkdir -p "$il_tmp/tree"
    il_copy "$il_tmp/tree"
    local at
    at=$(grep -n '^#include' "$il_tmp/tree/$file" | tail -n 1 | cut -d: -f1)
    sed -i "${at}a #include \"$inc\"" "$il_tmp/tree/$file"
    python3 scripts/check/layer_check.py --root "$il_tmp/tree" >"$log" 2>&1
    local rc=$?
    if [ "$rc" -eq 1 ] && grep -q "^$file:$((at + 1)): " "$log"; then ok "make layers fails on $name ($file:$((at + 1)))"
    else bad "make layers fails on $name (exit $rc; expected 1 and $file:$((at + 1)))"; fi
}
il_expect_climb "the kernel including a family's twin" sim/kernel/sim_kernel.c nvdla_twin.h
il_expect_climb "the waves including the SystemC harness" sim/waves/pins_vcd.c sc_harness.h
il_expect_climb "sim/ including the program's main" sim/verilator/verilated_shim.h sim_cli.h
il_expect_climb "one family including another" sim/ethosu/ethosu_twin.c nvdla_regfile.h
il_expect_climb "sequences/api including a family's sequences" sequences/api/seq_common.c ethosu_seq.h

# il_expect_family NAME FILE TEXT FAMILY: FILE (in a copy) gains the line TEXT
# after its last include; the checker must exit 1 naming FILE:line and FAMILY
il_expect_family() {
    local name=$1 file=$2 text=$3 family=$4
    rm -rf "$il_tmp/tree" && mkdir -p "$il_tmp/tree"
    il_copy "$il_tmp/tree"
    local at
    at=$(grep -n '^#include' "$il_tmp/tree/$file" | tail -n 1 | cut -d: -f1)
    printf '%s\n' "$text" >"$il_tmp/line"
    sed -i "${at}r $il_tmp/line" "$il_tmp/tree/$file"
    python3 scripts/check/layer_check.py --root "$il_tmp/tree" >"$log" 2>&1
    local rc=$?
    if [ "$rc" -eq 1 ] && grep -q "^$file:$((at + 1)): .* is family-neutral, but names the family '$family'" "$log"; then
        ok "make layers fails on $name ($file:$((at + 1)), '$family')"
    else bad "make layers fails on $name (exit $rc; expected 1 and $file:$((at + 1)) naming '$family')"; fi
}
il_expect_family "a family's name in a string of the kernel" sim/kernel/sim_knobs.c \
    'static const char *const il_planted = "NVDLA_CONFIG";' NVDLA
il_expect_family "a family's name in an identifier of the waves" sim/waves/pins_vcd.c 'int il_ethosu_planted;' ethosu
il_expect_family "a family's name in an include of the Verilator shims" sim/verilator/verilated_shim.h \
    '#include "copyeng_pins.h"' copyeng
# a file named after a family in a neutral room: line 1
rm -rf "$il_tmp/tree" && mkdir -p "$il_tmp/tree" && il_copy "$il_tmp/tree"
printf '/* planted */\n' >"$il_tmp/tree/sim/systemc/nvdla_clock.h"
python3 scripts/check/layer_check.py --root "$il_tmp/tree" >"$log" 2>&1
il_rc=$?
if [ "$il_rc" -eq 1 ] && grep -q "^sim/systemc/nvdla_clock.h:1: .* names the family 'nvdla'" "$log"; then
    ok "make layers fails on a file named after a family in a neutral room (sim/systemc/nvdla_clock.h:1)"
else bad "make layers fails on a file named after a family in a neutral room (exit $il_rc)"; fi
# comments may name a family as an example
rm -rf "$il_tmp/tree" && mkdir -p "$il_tmp/tree" && il_copy "$il_tmp/tree"
printf '/* e.g. NVDLA'"'"'s CSB or the Ethos-U65'"'"'s APB */\n// copyeng: the third family\n' >>"$il_tmp/tree/sim/kernel/sim_kernel.c"
if python3 scripts/check/layer_check.py --root "$il_tmp/tree" >"$log" 2>&1; then
    ok "make layers passes a family named in a comment of a neutral room"
else bad "make layers passes a family named in a comment of a neutral room"; fi
rm -rf "$il_tmp"

if [ -n "$il_alone" ]; then
    rm -f "$log"
    echo "system_tests_include_layers: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
fi
