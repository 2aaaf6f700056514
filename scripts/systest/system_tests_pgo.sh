# system_tests_pgo.sh: RTL_PGO=1, the profile-guided build of an NVDLA top
# (scripts/build/rtl_build.sh, scripts/build/rtl_pgo_train.sh), on the
# shipped stub: the build trains on random layers of every engine and then
# builds with the profile; its runs give the plain build's verdict, cycles
# and log line for line but for the wall time; a second build is up to date;
# what it cannot build is refused, naming why. With the real nv_small
# generated (build/nvdla-rtl/nv_small, or NVDLA_RTL_ROOT), the same
# comparison on it. make test-long, case pgo. Sourced by
# scripts/systest/system_tests.sh (uses ok/bad/skip and $log).
pg_tmp=$(mktemp -d)
pg_layers=$pg_tmp/layers
build/gen-layers --out "$pg_layers" --count 1 --seed 9 --engine all >/dev/null 2>&1 ||
    bad "gen-layers for the comparison runs"
# pg_norm FILE: a run's log without its wall time and folders
pg_norm() { sed -E -e 's/(cycles), [0-9.]+ s \([0-9]+ cycles\/s\)/\1/' -e "s|$pg_tmp/[a-z0-9]*/|D/|g" "$1"; }
# pg_compare NAME KNOBS...: the runs of every layer and of sdp_bypass_smoke
# with RTL_PGO=1 and without, their logs compared
pg_compare() {
    local name=$1 why= n=0 d t p
    shift
    for p in 0 1; do
        rm -rf "${pg_tmp:?}/p$p"
        make -s sim TEST=sdp_bypass_smoke DUT=rtl SEED=3 RTL_PGO=$p LOG_DIR="$pg_tmp/p$p/smoke" "$@" \
            >"$pg_tmp/p$p.out" 2>&1 || { why="RTL_PGO=$p: sdp_bypass_smoke: $(tail -n 2 "$pg_tmp/p$p.out" | tr '\n' ' ')"; break; }
        for d in "$pg_layers"/*/; do
            t=$(basename "$d")
            make -s sim TRACE="$d/$t.cfg" DUT=rtl SEED=9 RTL_PGO=$p LOG_DIR="$pg_tmp/p$p/$t" "$@" >/dev/null 2>&1
        done
    done
    if [ -z "$why" ]; then
        for l in "$pg_tmp"/p0/*/sim.log; do
            n=$((n + 1))
            diff <(pg_norm "$l") <(pg_norm "$pg_tmp/p1/${l#"$pg_tmp"/p0/}") >"$log" 2>&1 ||
                { why="${l#"$pg_tmp"/p0/} differs: $(head -n 4 "$log" | tr '\n' ' ')"; break; }
        done
        [ -n "$why" ] || [ "$n" -ge 6 ] || why="only $n runs to compare"
    fi
    if [ -n "$why" ]; then bad "RTL_PGO=1 $name: $why"
    else ok "RTL_PGO=1 $name: $n runs (sdp_bypass_smoke and a layer of every engine) with the plain build's log line for line but the wall time"; fi
}

# the build: trained, then built with the profile (the stub's builds in a
# folder of their own, so this one starts from nothing)
export RTL_BUILD_ROOT=$pg_tmp/rtl
make -s sim TEST=sdp_bypass_smoke DUT=rtl RTL_PGO=1 >"$log" 2>&1
pg_dir=$(ls -d "$RTL_BUILD_ROOT"/NV_nvdla-pgo-* 2>/dev/null | head -n 1)
if grep -q '^PASS:' "$log" && [ -n "$pg_dir" ] && [ -s "$pg_dir/pgo.stamp" ] &&
   grep -qE '^rtl_pgo_train: ([0-9]+) of \1 layers \(nv_small, 4 of each engine' "$pg_dir/build.log" &&
   grep -q -- '-fprofile-use' "$pg_dir/build.log" && ls "$pg_dir"/obj/*.gcda >/dev/null 2>&1; then
    ok "RTL_PGO=1: the stub built instrumented, trained ($(grep -o '[0-9]* of [0-9]* layers' "$pg_dir/build.log")), built with the profile"
else bad "RTL_PGO=1: the trained build ($pg_dir): $(tail -n 3 "$log" | tr '\n' ' ')"; fi
make -s sim TEST=sdp_bypass_smoke DUT=rtl RTL_PGO=1 >"$log" 2>&1
if grep -q '^PASS:' "$log" && grep -q '^# up to date' "$pg_dir/check.log"; then ok "RTL_PGO=1: a second run finds the build up to date (no training)"
else bad "RTL_PGO=1: a second run rebuilt: $(tail -n 2 "$pg_dir/check.log" | tr '\n' ' ')"; fi
pg_compare "on the stub"

# refused, naming why
pg_refused() {   # NAME WANT KNOBS...
    local name=$1 want=$2
    shift 2
    make -s sim "$@" >"$log" 2>&1
    if [ $? -ne 0 ] && grep -qF "$want" "$log" && ! grep -q '^\(PASS\|FAIL\): ' "$log"; then ok "RTL_PGO refused: $name"
    else bad "RTL_PGO refused: $name: $(tail -n 2 "$log" | tr '\n' ' ')"; fi
}
pg_refused "RTL_PGO=2" "RTL_PGO: '2' is not 0 or 1" TEST=sdp_bypass_smoke DUT=rtl RTL_PGO=2
pg_refused "with HARNESS=systemc" "RTL_PGO=1 is for the C harness" TEST=sdp_bypass_smoke DUT=rtl RTL_PGO=1 HARNESS=systemc
pg_refused "on an Ethos-U top" "RTL_PGO=1 trains on NVDLA layers" TEST=ethosu/run_dma_stream DUT=rtl RTL_PGO=1
pg_refused "with DUT=twin" "RTL_PGO name RTL to build, but DUT=twin runs the C twin" TEST=sdp_bypass_smoke DUT=twin RTL_PGO=1
pg_refused "with WAVES_ON_FAIL" "not with SAN, RTL_COVERAGE, WAVES or WAVES_ON_FAIL" TEST=sdp_bypass_smoke DUT=rtl RTL_PGO=1 WAVES_ON_FAIL=20

# the real nv_small, when generated (its builds where make puts them: a
# second run of the case finds them)
unset RTL_BUILD_ROOT
pg_root=${NVDLA_RTL_ROOT:-build/nvdla-rtl}
if [ -s "$pg_root/nv_small/nvdla.f" ]; then
    pg_compare "on the real nv_small" NVDLA_RTL_ROOT="$pg_root" NVDLA_RTL=nv_small
else
    skip "RTL_PGO=1 on the real nv_small: not generated ($pg_root/nv_small/nvdla.f; make nvdla-rtl NVDLA_CONFIG=nv_small)"
fi
rm -rf "$pg_tmp"
