#!/usr/bin/env bash
# nvdla_rtl.sh: NVDLA's real RTL of one configuration, generated from the
# user's checkout of NVDLA's hardware repository (github.com/nvdla/hw) by
# that checkout's own flow, with a Verilator file list that works.
#
#   nvdla_rtl.sh NVDLA_HW NVDLA_CONFIG [OUT_ROOT]   (make nvdla-rtl)
#
# Writes OUT_ROOT/<config>/ (default build/nvdla-rtl/<config>/):
#   hw/            a copy of the checkout's generation inputs (spec, tools,
#                  vmod and the top files) where NVDLA's `tmake -build vmod`
#                  runs, so the user's checkout is left as it was; the RTL
#                  is in hw/outdir/<config>/vmod
#   nvdla.f        the Verilator file list (absolute paths)
#   generate.log   the generation's log; stamp: what it was generated from
# Then `make sim DUT=rtl NVDLA_RTL=<config> ...` (or RTL_FILES=<dir>/nvdla.f
# NVDLA_CONFIG=<config>) builds and runs it.
#
# Why each part of the file list (measured with Debian's Verilator 5.006):
# - NVDLA's own nv_small list misses RAM models Verilator 5 needs; the other
#   configurations' trees put FIFO modules in vmod/fifos, several per file.
#   So every folder of the generated tree is a library folder (-y), and every
#   file that holds more than one module is read whole (-v).
# - -DEMULATION picks the RAM models' behavioural branch; SYNTHESIS,
#   DESIGNWARE_NOEXIST and NO_PLI keep out code that needs a simulator's
#   PLI or Synopsys DesignWare.
# - --no-timing: the RAM models have delays Verilator need not schedule;
#   -Wno-fatal: the RTL is not lint-clean and is not ours to mend.
# The generation needs Perl's YAML, XML::Simple, Capture::Tiny and IO::Tee,
# a Java runtime, cpp and Python 3: installed from Debian when run as root
# and missing, named otherwise.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
usage="usage: make nvdla-rtl NVDLA_HW=<checkout of github.com/nvdla/hw> NVDLA_CONFIG=<configuration> (see docs/real-rtl.md)"
die() { echo "nvdla-rtl: $*" >&2; exit 2; }

hw=${1:-}; cfg=${2:-}; out_root=${3:-$root/build/nvdla-rtl}
[ "$hw" = --help ] || [ "$hw" = -h ] && { echo "$usage"; exit 0; }
[ -n "$hw" ] || die "NVDLA_HW is not set: name your checkout of NVDLA's hardware repository (git clone https://github.com/nvdla/hw). $usage"
[ -d "$hw" ] || die "NVDLA_HW=$hw: no such folder"
hw=$(cd "$hw" && pwd)
for need in tools/bin/tmake tools/etc/build.config spec/defs LICENSE vmod/nvdla/top; do
    [ -e "$hw/$need" ] || die "NVDLA_HW=$hw has no $need: not a checkout of NVDLA's hardware repository (its master branch generates every configuration)"
done
known=$(cd "$hw/spec/defs" && ls ./*.spec 2>/dev/null | sed 's|^\./||; s|\.spec$||' | grep -vx projects | tr '\n' ' ')
[ -n "$cfg" ] || die "NVDLA_CONFIG is not set: one of $known"
case " $known " in
    *" $cfg "*) ;;
    *) die "NVDLA_CONFIG=$cfg: the checkout $hw has no spec/defs/$cfg.spec (it has: $known)" ;;
esac
head -n 1 "$root/scripts/gen/regdefs/nvdla_configs.csv" | tr ',' '\n' | grep -qx "$cfg" ||
    echo "nvdla-rtl: note: $cfg is not one of the toolkit's configurations (scripts/gen/regdefs/nvdla_configs.csv); the RTL is built, but make sim needs NVDLA_CONFIG= one it knows" >&2

# ---- what the generation needs ----
missing=()
for m in YAML XML::Simple Capture::Tiny IO::Tee; do
    perl -M"$m" -e 1 2>/dev/null && continue
    case $m in
        YAML) missing+=(libyaml-perl) ;;
        XML::Simple) missing+=(libxml-simple-perl) ;;
        Capture::Tiny) missing+=(libcapture-tiny-perl) ;;
        IO::Tee) missing+=(libio-tee-perl) ;;
    esac
done
command -v java >/dev/null || missing+=(default-jre-headless)
command -v cpp >/dev/null || missing+=(cpp)
command -v python3 >/dev/null || missing+=(python3)
command -v verilator >/dev/null || missing+=(verilator)
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "nvdla-rtl: installing ${missing[*]} (NVDLA's generation needs them)"
        apt_log=$(mktemp)
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >"$apt_log" 2>&1 ||
            { tail -n 20 "$apt_log" >&2; rm -f "$apt_log"; die "apt-get install ${missing[*]} failed (above)"; }
        rm -f "$apt_log"
    else
        die "NVDLA's generation needs Debian's ${missing[*]}: run as root, or sudo apt-get install ${missing[*]}"
    fi
fi

# ---- generation, in a copy ----
out=$out_root/$cfg
src=$out/hw
log=$out/generate.log
vmod=$src/outdir/$cfg/vmod
mkdir -p "$out"
# what the generated tree comes from: every input file's name, size and time
stamp=$( (cd "$hw" && find spec tools vmod Makefile LICENSE -type f -printf '%p %s %T@\n' | sort; echo "$hw $cfg") | sha1sum | cut -c1-16)
if [ -f "$out/stamp" ] && [ "$(cat "$out/stamp")" = "$stamp" ] && [ -f "$vmod/nvdla/top/NV_nvdla.v" ] && [ -f "$out/nvdla.f" ]; then
    echo "nvdla-rtl: $cfg is up to date in $out (generated from $hw; delete the folder to regenerate)"
else
    rm -rf "$src" "$out/stamp" "$out/nvdla.f"
    mkdir -p "$src"
    # generation writes outdir/ and tree.make beside its inputs: not in the user's checkout
    (cd "$hw" && cp -a spec tools vmod "$src/") && cp -a "$hw"/Makefile "$hw"/LICENSE "$src/"
    for f in .cleanme VERSION; do [ -e "$hw/$f" ] && cp -a "$hw/$f" "$src/"; done
    # NVDLA's Makefile asks for these interactively; tmake reads them from tree.make
    cat >"$src/tree.make" <<EOF
## written by the toolkit's scripts/build/nvdla_rtl.sh (NVDLA's Makefile prompts for it)
PROJECTS := $cfg
USE_DESIGNWARE := 0
DESIGNWARE_DIR := /nonexistent
CPP := $(command -v cpp)
GCC := $(command -v gcc || echo gcc)
CXX := $(command -v g++ || echo g++)
PERL := $(command -v perl)
JAVA := $(command -v java)
SYSTEMC := /usr
PYTHON := $(command -v python3)
VERDI_HOME := /nonexistent
NOVAS_HOME := /nonexistent
VCS_HOME := /nonexistent
VERILATOR := $(command -v verilator)
CLANG := $(command -v clang || echo clang)
EOF
    echo "nvdla-rtl: generating $cfg from $hw with its tools/bin/tmake -build vmod (about 2 minutes; log: $log)"
    t0=$(date +%s)
    if ! (cd "$src" && ./tools/bin/tmake -build vmod) >"$log" 2>&1 || [ ! -f "$vmod/nvdla/top/NV_nvdla.v" ]; then
        echo "nvdla-rtl: NVDLA's generation of $cfg failed; its log: $log" >&2
        # the step that failed, with its own log
        failed=$(grep -l 'Error\|ERROR\|DIE\|No rule\|not found' "$src/outdir/$cfg".*.log 2>/dev/null | head -n 1 || true)
        tail -n 15 "${failed:-$log}" >&2
        [ -n "$failed" ] && echo "nvdla-rtl: (that is the end of $failed)" >&2
        exit 1
    fi
    echo "nvdla-rtl: generated in $(($(date +%s) - t0)) s"
    echo "$stamp" >"$out/stamp"
fi

# ---- the Verilator file list ----
flist=$out/nvdla.f
{
    echo "// $cfg: NVDLA's RTL generated from $hw by scripts/build/nvdla_rtl.sh"
    echo "--no-timing"
    echo "-Wno-fatal"
    echo "-Wno-moddup"
    for d in NO_PLI_OR_EMU NO_PLI DESIGNWARE_NOEXIST SYNTHESIS EMULATION; do echo "+define+$d"; done
    echo "+libext+.v+.vlib"
    # every folder: include path and module library
    find "$vmod" -type f \( -name '*.v' -o -name '*.vh' -o -name '*.vlib' \) -printf '%h\n' | sort -u |
        while read -r d; do echo "+incdir+$d"; echo "-y $d"; done
    # files holding several modules, and the .vlib libraries, read whole
    find "$vmod" -type f \( -name '*.v' -o -name '*.vlib' \) | sort | while read -r f; do
        n=$(grep -c '^[[:space:]]*module[[:space:]]' "$f" || true)
        case "$f" in
            */nvdla/top/NV_nvdla.v) ;;
            *.vlib) echo "-v $f" ;;
            *) if [ "$n" -gt 1 ]; then echo "-v $f"; fi ;;
        esac
    done
    echo "$vmod/nvdla/top/NV_nvdla.v"
} >"$flist.new"
mv "$flist.new" "$flist"
echo "nvdla-rtl: wrote $flist"
# what its ConfigROM reads back against the toolkit's table (reg_reset_values checks it in a run)
if head -n 1 "$root/scripts/gen/regdefs/nvdla_configs.csv" | tr ',' '\n' | grep -qx "$cfg"; then
    python3 "$root/scripts/gen/import_cfgrom.py" --check "$out" "$cfg" | sed 's/^/nvdla-rtl: /' || true
fi
echo "nvdla-rtl: run it with: make sim DUT=rtl NVDLA_RTL=$cfg TEST=<test or TRACE=...>"
echo "nvdla-rtl:          or: make sim DUT=rtl RTL_FILES=$flist NVDLA_CONFIG=$cfg TEST=..."
