# system_tests_harvest_fork.sh: make hw-harvest's layers forked from one
# reset per worker (HARVEST_FORK=1, sim --serve) give what a process per
# layer gives (HARVEST_FORK=0): the same verdict line per layer, the same
# README.md, the same case folders, and each layer's sim.log the same but
# for the wall-clock time of its verdict line (its cycles, CRCs, first
# failure and reproduce line included). Also sim --serve's own refusals.
#   make test: on the shipped stub (SDP layers mismatch, convolutions hang:
#   failing verdicts with reproduce lines), case harvest-fork (serial: every
#   harvest writes build/hw-harvest-layers/<config>);
#   make test-long: on the real nv_small (every engine), case
#   harvest-fork-rtl, skipped saying why without it (make nvdla-rtl
#   NVDLA_CONFIG=nv_small, or NVDLA_RTL_ROOT pointing at one).
# Sourced by scripts/systest/system_tests.sh (uses ok/bad and $log); HF_RTL=1
# runs the real-RTL variant.
if ! command -v verilator >/dev/null; then
    echo "SKIP  harvest-fork: no verilator (the harvest runs the RTL)"
    return 0
fi
hf_tmp=$(mktemp -d)
if [ -n "${HF_RTL:-}" ]; then
    hf_root=${NVDLA_RTL_ROOT:-build/nvdla-rtl}
    if [ ! -f "$hf_root/nv_small/nvdla.f" ]; then
        echo "SKIP  harvest-fork-rtl: no generated nv_small in $hf_root (make nvdla-rtl NVDLA_HW=<checkout> NVDLA_CONFIG=nv_small, or NVDLA_RTL_ROOT)"
        rm -rf "$hf_tmp"
        return 0
    fi
    hf_args=(NVDLA_RTL=nv_small SEED=61 LAYER_COUNT=6 JOBS=2)
else
    hf_args=(NVDLA_CONFIG=nv_small SEED=5 LAYER_COUNT=2 "ENGINES=sdp conv pdp cdp" MAX_CYCLES=60000 JOBS=2)
fi
# the wall-clock time of a verdict line is the one thing a run's log may differ in
# (and the log root the two harvests were given)
hf_norm() { sed -E -e 's/(cycles), [0-9.]+ s \([0-9]+ cycles\/s\)/\1/' -e "s|$hf_tmp/logs[01]/|L/|g" "$1"; }
# hf_compare WHAT make-args...: both flows, compared
hf_compare() {
local hf_what=$1 hf_why= hf_n=0
shift
rm -rf "$hf_tmp"/h0 "$hf_tmp"/h1 "$hf_tmp"/logs0 "$hf_tmp"/logs1
for f in 0 1; do
    SIM_LOG_ROOT=$hf_tmp/logs$f make -s hw-harvest "$@" HARVEST_FORK=$f \
        HARVEST_DIR="$hf_tmp/h$f/nv_small" >"$hf_tmp/out$f" 2>&1
    echo "exit $?" >>"$hf_tmp/out$f"
done
cp "$hf_tmp/out1" "$log"
if ! grep -q '^hw-harvest: [0-9]* layers: ' "$hf_tmp/out1"; then
    hf_why="HARVEST_FORK=1 printed no counts"
elif ! diff <(grep -v '^hw-harvest: [0-9]* layers' "$hf_tmp/out0" | sed "s|$hf_tmp/h0|H|g") \
            <(grep -v '^hw-harvest: [0-9]* layers' "$hf_tmp/out1" | sed "s|$hf_tmp/h1|H|g") >"$log" 2>&1; then
    hf_why="the layer lines or the counts differ"
elif ! diff -r -x README.md "$hf_tmp/h0" "$hf_tmp/h1" >"$log" 2>&1; then
    hf_why="the case folders differ"
elif ! diff <(sed "s|$hf_tmp/h0|H|g" "$hf_tmp/h0/nv_small/README.md") \
            <(sed "s|$hf_tmp/h1|H|g" "$hf_tmp/h1/nv_small/README.md") >"$log" 2>&1; then
    hf_why="README.md differs"
else
    for l in "$hf_tmp"/logs0/hw-harvest/nv_small/*/sim.log; do
        o=$hf_tmp/logs1/${l#"$hf_tmp"/logs0/}
        hf_n=$((hf_n + 1))
        diff <(hf_norm "$l") <(hf_norm "$o") >"$log" 2>&1 || { hf_why="${l#"$hf_tmp"/logs0/} differs"; break; }
    done
    [ -n "$hf_why" ] || [ "$hf_n" -gt 0 ] || hf_why="no layer logs"
    # the forked flow did fork: its servers answered (one log per worker at most)
    [ -n "$hf_why" ] || ls "$hf_tmp"/logs1/hw-harvest/nv_small/.servers/server-*.log >/dev/null 2>&1 ||
        hf_why="HARVEST_FORK=1 started no server"
fi
if [ -z "$hf_why" ]; then
    ok "hw-harvest HARVEST_FORK=1 = HARVEST_FORK=0 on $hf_what: verdict lines, README, cases, every sim.log but its wall time ($hf_n layers)"
else bad "hw-harvest HARVEST_FORK=1 vs 0 on $hf_what: $hf_why"; fi
}
if [ -n "${HF_RTL:-}" ]; then
    hf_compare "the real nv_small (6 layers of each engine)" "${hf_args[@]}"
    hf_compare "the real nv_small, RESET_IDLE=10000 (the snapshot holds the flushed CBUF)" "${hf_args[@]}" RESET_IDLE=10000
else
    hf_compare "the stub (2 layers of sdp, conv, pdp, cdp: mismatches and hangs)" "${hf_args[@]}"
fi

if [ -z "${HF_RTL:-}" ]; then
    # sim --serve refuses what a snapshot cannot hold, and answers another kind of run "mismatch"
    hf_bin=$(make -s --no-print-directory sim-template TEST=sdp_bypass_smoke DUT=rtl LOG_DIR="$hf_tmp/t" 2>/dev/null | tail -n 3 | head -n 1)
    hf_bin=${hf_bin%% *}
    if [ -x "$hf_bin" ]; then
        mkdir -p "$hf_tmp/t" "$hf_tmp/f"
        hf_line=$("$hf_bin" --serve --test sdp_bypass_smoke --dut rtl --out-dir "$hf_tmp/t" </dev/null 2>/dev/null | head -n 1)
        if [ "$hf_line" = "refused the template has no --seed (each fresh run would pick its own)" ]; then
            ok "sim --serve without --seed is refused (every fresh run would pick its own)"
        else bad "sim --serve without --seed: '$hf_line'"; fi
        hf_line=$(printf 'run 8 0\n%s\n--test\nsdp_bypass_smoke\n--dut\nrtl\n--out-dir\n%s\n--seed\n2\n' \
            "$hf_tmp/t/sim.log" "$hf_tmp/t" |
            "$hf_bin" --serve --test sdp_bypass_smoke --dut rtl --out-dir "$hf_tmp/t" --seed 1 2>/dev/null | sed -n 2p)
        if [ "$hf_line" = "mismatch argument 8 is '2', the server's is '1'" ]; then
            ok "sim --serve: a run with another seed is answered 'mismatch' (it runs fresh)"
        else bad "sim --serve: another seed: '$hf_line'"; fi
        hf_line=$(printf 'run 8 0\n%s\n--test\nsdp_bypass_smoke\n--dut\nrtl\n--out-dir\n%s\n--seed\n1\n' \
            "$hf_tmp/t/sim.log" "$hf_tmp/t" |
            "$hf_bin" --serve --test sdp_bypass_smoke --dut rtl --out-dir "$hf_tmp/t" --seed 1 2>/dev/null | sed -n 2p)
        "$hf_bin" --test sdp_bypass_smoke --dut rtl --out-dir "$hf_tmp/f" --seed 1 >"$hf_tmp/fresh.log" 2>&1
        if [ "$hf_line" = "exit 0" ] && diff <(hf_norm "$hf_tmp/t/sim.log") <(hf_norm "$hf_tmp/fresh.log") >"$log" 2>&1; then
            ok "sim --serve: a sequence's child log is a fresh run's (exit 0)"
        else bad "sim --serve: a sequence run ('$hf_line')"; fi
    else bad "sim --serve: make sim-template printed no simulator"; fi
fi
rm -rf "$hf_tmp"
