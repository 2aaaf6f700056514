#!/usr/bin/env bash
# fuzz_deps.sh: what make fuzz needs beyond make deps: clang and libFuzzer's
# runtime (Debian: clang-14, libclang-rt-14-dev). As root it installs what is
# missing; otherwise it prints the exact apt-get line and fails (as deps.sh).
# --check: only say (exit 1 when something is missing), never install.
set -u
check=
[ "${1:-}" = --check ] && check=1
need=(clang-14 libclang-rt-14-dev)
missing=()
for p in "${need[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# another clang on PATH with its libFuzzer runtime serves as well
if [ ${#missing[@]} -ne 0 ] && command -v clang >/dev/null 2>&1; then
    rt=$(clang -print-file-name=libclang_rt.fuzzer-x86_64.a 2>/dev/null)
    [ -e "$rt" ] && exit 0
fi
[ ${#missing[@]} -eq 0 ] && exit 0
line="apt-get update && apt-get install -y ${missing[*]}"
if [ -n "$check" ] || [ "$(id -u)" -ne 0 ]; then
    echo "fuzz-deps: make fuzz needs clang and libFuzzer's runtime; missing Debian packages: ${missing[*]}" >&2
    echo "fuzz-deps: run as root:  $line" >&2
    exit 1
fi
echo "fuzz-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null || {
    echo "fuzz-deps: '$line' failed" >&2
    exit 1
}
