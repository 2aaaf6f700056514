#!/usr/bin/env bash
# rtl_build.sh: Verilate an NV_nvdla-compatible (or ethosu65) top and link
# it with the harness. Prints the path of the simulator binary on stdout
# (last line).
# Environment:
#   RTL_FILES  sources and/or Verilator -f file lists (*.f; they may use -v,
#              -y, +incdir+, +define+). Default: the project's stub.
#   RTL_TOP    top module (default NV_nvdla)
#   RTL_FLAGS  extra Verilator options (-DNAME, --no-timing, -Wno-fatal, -GPARAM=..)
#   RTL_FAMILY nvdla (default) or ethosu: which shim binds the top's ports
#   HARNESS_LIB  the harness archive to link (built by make)
#   RTL_HARNESS c (default): C++ model, cycle loop in C (sim/sim_cli_main.c);
#              systemc: SystemC model (verilator --sc) clocked by an
#              sc_clock, the same C kernel in an SC_THREAD (sim/sc_harness.cpp)
#   RTL_COVERAGE 1: Verilator line and toggle coverage (--coverage-line
#              --coverage-toggle, VM_COVERAGE=1 in the shim), own build dir
# Each (files, top, flags) combination gets its own build directory, so a
# large user design is Verilated once and rebuilt only when an input
# changes (Verilator skips identical re-runs; make recompiles what changed).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
family=${RTL_FAMILY:-nvdla}
case "$family" in
    nvdla)  top=${RTL_TOP:-NV_nvdla}; files=${RTL_FILES:-$root/rtl_stubs/nvdla/nvdla_stub.f}
            shim=$root/sim/dut_rtl.cpp ;;
    ethosu) top=${RTL_TOP:-ethosu65}; files=${RTL_FILES:-$root/rtl_stubs/ethosu65/ethosu65.f}
            shim=$root/sim/ethosu_rtl.cpp ;;
    *) echo "rtl_build: RTL_FAMILY must be nvdla or ethosu, got '$family'" >&2; exit 1 ;;
esac
flags=${RTL_FLAGS:-}
cov=()
[ "${RTL_COVERAGE:-}" = 1 ] && cov=(--coverage-line --coverage-toggle)
lib=${HARNESS_LIB:?HARNESS_LIB must name the harness archive}
harness=${RTL_HARNESS:-c}
case "$harness" in
    # the SystemC library is C++17: the model and harness must be too
    # (Verilator 5.006 passes no -std; verilated.mk adds -lsystemc itself,
    # and finds the Debian headers in /usr/include without SYSTEMC_INCLUDE)
    c)       mode=(--cc);  entry=$root/sim/sim_cli_main.c; std= ;;
    systemc) mode=(--sc);  entry=$root/sim/sc_harness.cpp;  std=-std=c++17 ;;
    *) echo "rtl_build: RTL_HARNESS must be c or systemc, got '$harness'" >&2; exit 1 ;;
esac
command -v verilator >/dev/null || { echo "rtl_build: verilator not found (scripts/deps.sh installs it)" >&2; exit 1; }

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
key=$(printf '%s\n' "$san" "$family" "$top" "${args[*]}" "$flags" "$(verilator --version)" | sha1sum | cut -c1-10)
[ ${#cov[@]} -gt 0 ] && key=cov-$key
[ "$harness" = c ] || key=$harness-$key
dir=$root/build/rtl/$top-$key
mkdir -p "$dir"
# A newer harness must be relinked even when the RTL is unchanged.
[ -e "$dir/simv" ] && [ "$lib" -nt "$dir/simv" ] && rm -f "$dir/simv"
[ "$harness" = systemc ] && [ ! -e /usr/include/systemc.h ] && ! pkg-config --exists systemc 2>/dev/null &&
    { echo "rtl_build: RTL_HARNESS=systemc needs SystemC (libsystemc-dev; scripts/deps.sh installs it)" >&2; exit 1; }
log=$dir/build.log
# File lists name paths relative to the repository root: run from there.
cd "$root"
# shellcheck disable=SC2086
if ! verilator "${mode[@]}" --exe --build -j 2 --trace --prefix Vdut --top-module "$top" \
        -Mdir "$dir/obj" -o ../simv \
        -CFLAGS "$std -I$root/sim -I$root/bfm -I$root/sequences -O1 $san -DRTL_TOP_NAME='\"$top\"'" \
        -LDFLAGS "-lz $san" ${cov[@]+"${cov[@]}"} \
        "${args[@]}" $flags "$shim" "$entry" "$lib" >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    echo "rtl_build: Verilator build of $top failed; full log: $log" >&2
    exit 1
fi
echo "$dir/simv"
