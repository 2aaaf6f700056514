# system_tests_nvdla_rtl.sh: make nvdla-rtl (NVDLA's real RTL generated from
# the user's checkout) and make sim NVDLA_RTL=<config> refuse what they cannot
# do with a clear message, before any generation or build starts. The
# generation itself needs NVDLA's repository and runs outside CI
# (docs/real-rtl.md has the measured runs). Sourced by
# scripts/systest/system_tests.sh (uses ok/bad and $log).
nr_tmp=$(mktemp -d)
# nr_expect NAME STATUS PATTERN command...: exits STATUS and prints PATTERN
nr_expect() {
    local name=$1 want=$2 pattern=$3; shift 3
    "$@" >"$log" 2>&1
    local rc=$?
    if [ "$rc" != "$want" ]; then bad "$name (exit $rc, expected $want)"
    elif ! grep -qF -- "$pattern" "$log"; then bad "$name (no '$pattern' in the output)"
    else ok "$name"; fi
}
nr_expect "nvdla-rtl without NVDLA_HW" 2 "nvdla-rtl: NVDLA_HW is not set: name your checkout" \
    scripts/build/nvdla_rtl.sh "" nv_small "$nr_tmp/out"
nr_expect "nvdla-rtl with a missing checkout" 2 "nvdla-rtl: NVDLA_HW=$nr_tmp/none: no such folder" \
    scripts/build/nvdla_rtl.sh "$nr_tmp/none" nv_small "$nr_tmp/out"
mkdir -p "$nr_tmp/notnvdla"
nr_expect "nvdla-rtl with a folder that is no NVDLA checkout" 2 "has no tools/bin/tmake: not a checkout of NVDLA's hardware repository" \
    scripts/build/nvdla_rtl.sh "$nr_tmp/notnvdla" nv_small "$nr_tmp/out"
# a checkout's skeleton: what the script looks for before it generates
fake=$nr_tmp/hw
mkdir -p "$fake/tools/bin" "$fake/tools/etc" "$fake/spec/defs" "$fake/vmod/nvdla/top"
touch "$fake/tools/bin/tmake" "$fake/tools/etc/build.config" "$fake/LICENSE" \
      "$fake/spec/defs/nv_small.spec" "$fake/spec/defs/nv_large.spec" "$fake/spec/defs/projects.spec"
nr_expect "nvdla-rtl with a configuration the checkout lacks" 2 \
    "nvdla-rtl: NVDLA_CONFIG=nv_medium_512: the checkout $fake has no spec/defs/nv_medium_512.spec (it has: nv_large nv_small )" \
    scripts/build/nvdla_rtl.sh "$fake" nv_medium_512 "$nr_tmp/out"
nr_expect "nvdla-rtl without NVDLA_CONFIG" 2 "nvdla-rtl: NVDLA_CONFIG is not set: one of nv_large nv_small" \
    scripts/build/nvdla_rtl.sh "$fake" "" "$nr_tmp/out"
[ ! -e "$nr_tmp/out" ] && ok "nvdla-rtl: nothing written when the request is refused" ||
    bad "nvdla-rtl: a refused request wrote $nr_tmp/out"
nr_expect "make nvdla-rtl names the missing NVDLA_HW" 2 "nvdla-rtl: NVDLA_HW is not set" \
    make -s nvdla-rtl NVDLA_CONFIG=nv_small
# make sim NVDLA_RTL=...: refused before anything builds
nr_expect "NVDLA_RTL of a configuration never generated" 2 \
    "NVDLA_RTL=nv_tiny: no build/nvdla-rtl/nv_tiny/nvdla.f; build it first: make nvdla-rtl NVDLA_HW=" \
    make -s sim TEST=sdp_bypass_smoke NVDLA_RTL=nv_tiny
mkdir -p "build/nvdla-rtl"
nr_root=$(mktemp -d build/nvdla-rtl/.systest-XXXXXX)
nr_name=${nr_root##*/}
: >"$nr_root/nvdla.f"
nr_expect "NVDLA_RTL with DUT=twin" 2 "names RTL to build, but DUT=twin runs the C twin: use DUT=rtl" \
    make -s sim TEST=sdp_bypass_smoke NVDLA_RTL="$nr_name" DUT=twin
nr_expect "NVDLA_RTL with RTL_FILES" 2 "and RTL_FILES=other.f both name the RTL: give one" \
    make -s sim TEST=sdp_bypass_smoke NVDLA_RTL="$nr_name" RTL_FILES=other.f DUT=rtl
nr_expect "NVDLA_RTL with another NVDLA_CONFIG" 2 \
    "is that configuration's RTL, but NVDLA_CONFIG=nv_large: leave NVDLA_CONFIG out" \
    make -s sim TEST=sdp_bypass_smoke NVDLA_RTL="$nr_name" NVDLA_CONFIG=nv_large DUT=rtl
rm -rf "$nr_tmp" "$nr_root"
