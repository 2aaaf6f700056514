# system_tests_build_race.sh: sourced by system_tests.sh (its own case, run
# alone: it touches a source). Right after a source changes, 8 different runs
# started at once (scripts/sim and make sim, twin and RTL) all rebuild what they
# need and pass: the builds never race (objects, archive and programs written
# under temporary names renamed in place; rtl_build.sh under a lock).
br_tmp=$(mktemp -d)
br_src=$(ls golden/*.c | head -n 1)
br_runs=(
    "scripts/sim TEST=sdp_bypass_smoke DUT=twin SEED=1"
    "make -s sim TEST=sdp_bypass_random DUT=twin SEED=2"
    "scripts/sim TEST=ethosu/run_dma_stream DUT=twin SEED=3"
    "scripts/sim TEST=reg_reset_values DUT=twin SEED=4"
    "scripts/sim TEST=copyeng/copy DUT=twin SEED=5"
)
if command -v verilator >/dev/null; then
    br_runs+=("scripts/sim TEST=sdp_bypass_smoke DUT=rtl SEED=6"
              "make -s sim TEST=ethosu/run_dma_stream DUT=rtl SEED=7"
              "scripts/sim TEST=sdp_bypass_smoke DUT=rtl SEED=8 AXI_STALL=30 LOG_DIR=$logs_root/race8")
else
    br_runs+=("scripts/sim TEST=sdp_bypass_smoke DUT=twin SEED=6 AXI_STALL=20 LOG_DIR=$logs_root/race6"
              "make -s sim TEST=ethosu/run_dma_stream DUT=twin SEED=7 AXI_STALL=30 LOG_DIR=$logs_root/race7"
              "scripts/sim TEST=sdp_bypass_smoke DUT=twin SEED=8 AXI_STALL=30 LOG_DIR=$logs_root/race8")
fi
# a header touched rebuilds only the objects that include it (the compiler's
# dependency files, not every header for every object)
br_hdr=golden/$(basename "$(ls golden/*.h | head -n 1)")
touch "$br_hdr"
br_redo=$(make -n build/sim-twin 2>/dev/null | grep -oE ' -c [^ ]+\.c' | sed 's/^ -c //')
br_all=$(find build/obj -name '*.o' | wc -l)
br_wrong=
for c in $br_redo; do grep -q "$br_hdr" "build/obj/${c%.c}.o.d" 2>/dev/null || br_wrong+=" $c"; done
if [ -n "$br_redo" ] && [ -z "$br_wrong" ] && [ "$(wc -w <<<"$br_redo")" -lt "$br_all" ]; then
    ok "touch $br_hdr: make rebuilds the $(wc -w <<<"$br_redo") objects that include it, of $br_all"
else make -n build/sim-twin 2>&1 | tail -n 5 >"$log"; bad "touch $br_hdr: rebuilt $(wc -w <<<"$br_redo") of $br_all objects${br_wrong:+, these without it:$br_wrong}"; fi

touch "$br_src"
br_pids=()
for i in "${!br_runs[@]}"; do
    # shellcheck disable=SC2086  # each run's words (no spaces inside them)
    ${br_runs[$i]} >"$br_tmp/$i.log" 2>&1 &
    br_pids+=($!)
done
br_bad=
: >"$log"
for i in "${!br_runs[@]}"; do
    wait "${br_pids[$i]}"; rc=$?
    if [ "$rc" != 0 ] || ! grep -q '^PASS:' "$br_tmp/$i.log"; then
        br_bad+=" [${br_runs[$i]}: exit $rc]"
        sed "s/^/      [$i] /" "$br_tmp/$i.log" | tail -n 8 >>"$log"
    fi
done
if [ -z "$br_bad" ] && [ build/sim-twin -nt "$br_src" ] && [ build/libsimcore.a -nt "$br_src" ]; then
    ok "touch $br_src, then ${#br_runs[@]} different runs at once (scripts/sim and make sim): all rebuilt and passed"
else
    bad "touch $br_src, then ${#br_runs[@]} runs at once:${br_bad:- the build is older than the source}"
fi
rm -rf "$br_tmp"
