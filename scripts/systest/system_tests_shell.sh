#!/usr/bin/env bash
# system_tests_shell.sh: no user value reaches a shell (issue 33 point 1, the
# small items of point 7). Sourced by scripts/systest/system_tests.sh (uses
# ok/bad and $log), or run alone (prints "N passed, M failed").
#   - every knob of scripts/gen/regdefs/knobs.csv (its make names), given each
#     of the values below on the command line of `make -s sim` and of
#     scripts/sim (DUT=twin, TEST=sdp_bypass_smoke), and once in the
#     environment: refused with exit 2 naming the knob, and nothing it holds
#     runs (the file it would touch never appears; HOME is a temporary folder,
#     so ~/x is looked for there);
#   - the exit status is the run's own: INJECT=ar-unaligned with a bad
#     NVDLA_CONFIG is exit 2, without it the run's own failure (1);
#   - a path of the character set is used as given (LOG_DIR with = , @ % : + ~);
#   - point 7: scripts/sim --version is refused (no folder named after make's
#     version); SEEDS=99999999999, LOG_DIR=, JOBS=, LIST= and a shell
#     character on a list line are refused with exit 2 and no traceback;
#     make hw-harvest DUT=twin is refused; two networks at once (two
#     NETWORK= folders) both run.
sh_alone=
if ! declare -F ok >/dev/null; then
    set -u
    cd "$(dirname "$0")/../.."
    sh_alone=1 pass=0 fail=0
    log=$(mktemp)
    ok()  { pass=$((pass + 1)); printf 'PASS  %s\n' "$1"; }
    bad() { fail=$((fail + 1)); printf 'FAIL  %s\n' "$1"; sed 's/^/      /' "$log" | tail -n 15; }
fi
sh_tmp=$(mktemp -d)
sh_logs=${SIM_LOG_ROOT:-$sh_tmp/logs}
sh_pwned=$sh_tmp/pwned
mkdir -p "$sh_tmp/home"
sh_values=(
    "x;touch $sh_pwned"
    "\$(touch $sh_pwned)"
    "\`touch $sh_pwned\`"
    "x|touch $sh_pwned"
    "x&touch $sh_pwned"
    "x>$sh_pwned"
    "~/x"
    'a\b'
    "x
touch $sh_pwned"
)
# sh_run ARGS...: the command with HOME and the logs in the temporary folder, at most 20 s
sh_run() { HOME=$sh_tmp/home SIM_LOG_ROOT=$sh_logs timeout 20 "$@" >"$log" 2>&1; }
# sh_args KNOB VALUE: the arguments of a run with KNOB=VALUE
sh_args() {
    case $1 in
        TEST) sh_a=("TEST=$2" DUT=twin) ;;
        DUT)  sh_a=(TEST=sdp_bypass_smoke "DUT=$2") ;;
        *)    sh_a=(TEST=sdp_bypass_smoke DUT=twin "$1=$2") ;;
    esac
}
# sh_refused KNOB: the last command exited 2, naming KNOB, and ran nothing of the value
sh_refused() {
    [ "$sh_rc" = 2 ] && grep -qF -e "$1: '" -e "$1='" "$log" && [ ! -e "$sh_pwned" ] && [ ! -e "$sh_tmp/home/x" ] &&
        ! grep -q '^\(PASS\|FAIL\): ' "$log"
}

# ---- point 1: every knob, every value, both ways in, and from the environment ----
mapfile -t sh_knobs < <(python3 -c 'import sys; sys.path.insert(0, "scripts/gen"); import knobs; print("\n".join(knobs.make_names(knobs.load())))')
[ ${#sh_knobs[@]} -gt 50 ] || bad "the knob table lists ${#sh_knobs[@]} make names (expected more than 50)"
for k in "${sh_knobs[@]}"; do
    why=
    for v in "${sh_values[@]}"; do
        sh_args "$k" "$v"
        for how in "make -s --no-print-directory sim" "scripts/sim"; do
            # shellcheck disable=SC2086  # how: the command's words
            sh_run $how "${sh_a[@]}"; sh_rc=$?
            sh_refused "$k" || { why="$how $k=$(printf '%q' "$v"): exit $sh_rc"; break 2; }
        done
    done
    if [ -z "$why" ]; then
        # the environment too (a knob a calling script exported)
        v="x;touch $sh_pwned"
        case $k in TEST) e=(DUT=twin) ;; DUT) e=(TEST=sdp_bypass_smoke) ;; *) e=(TEST=sdp_bypass_smoke DUT=twin) ;; esac
        for how in "make -s --no-print-directory sim" "scripts/sim"; do
            # shellcheck disable=SC2086
            sh_run env "$k=$v" $how "${e[@]}"; sh_rc=$?
            sh_refused "$k" || { why="$k=$(printf '%q' "$v") in the environment of $how: exit $sh_rc"; break; }
        done
    fi
    if [ -n "$why" ]; then bad "knob $k: a shell character refused naming it, nothing run ($why)"
    else ok "knob $k: ; \$( \` | & > ~ \\ and a newline refused by make sim and scripts/sim (also from the environment), naming it, nothing run"; fi
    rm -f "$sh_pwned"; rm -rf "${sh_tmp:?}/home/x"
done

# ---- the exit status is the run's own ----
sh_run scripts/sim TEST=sdp_bypass_smoke DUT=twin INJECT=ar-unaligned 'NVDLA_CONFIG=nv_small;true'; sh_rc=$?
if sh_refused NVDLA_CONFIG; then ok "INJECT=ar-unaligned 'NVDLA_CONFIG=nv_small;true': exit 2 naming NVDLA_CONFIG, no verdict"
else bad "INJECT=ar-unaligned 'NVDLA_CONFIG=nv_small;true': exit 2 naming NVDLA_CONFIG (exit $sh_rc)"; fi
sh_run scripts/sim TEST=sdp_bypass_smoke DUT=twin INJECT=ar-unaligned NVDLA_CONFIG=nv_small; sh_rc=$?
if [ "$sh_rc" = 1 ] && grep -q '^FAIL: ' "$log"; then ok "INJECT=ar-unaligned NVDLA_CONFIG=nv_small: the run's own status (1, FAIL)"
else bad "INJECT=ar-unaligned NVDLA_CONFIG=nv_small: the run's own status 1 with FAIL (exit $sh_rc)"; fi

# ---- a path in the character set is used as given ----
for how in "make -s --no-print-directory sim" "scripts/sim"; do
    d="$sh_tmp/a=b,c@d%e:f+g~h/${how##* }"
    # shellcheck disable=SC2086
    sh_run $how TEST=sdp_bypass_smoke DUT=twin SEED=1 "LOG_DIR=$d"; sh_rc=$?
    if [ "$sh_rc" = 0 ] && grep -q '^PASS: ' "$d/sim.log" 2>/dev/null; then ok "$how LOG_DIR=<tmp>/a=b,c@d%e:f+g~h: the log in that very folder"
    else bad "$how LOG_DIR=<tmp>/a=b,c@d%e:f+g~h: exit 0 and the log in that very folder (exit $sh_rc)"; fi
done

# ---- point 7: small items ----
sh_run scripts/sim --version; sh_rc=$?
if [ "$sh_rc" = 2 ] && grep -qF -- "--version is not KEY=value" "$log" && ! ls -d GNU* >/dev/null 2>&1; then
    ok "scripts/sim --version: exit 2, not KEY=value, no folder made"
else bad "scripts/sim --version: exit 2, not KEY=value, no folder made (exit $sh_rc; $(ls -d GNU* 2>/dev/null))"; fi

# sh_list NAME PATTERN LINE: a list of LINE is refused by the regression runner: exit 2, PATTERN, no traceback
sh_list() {
    printf '%s\n' "$3" >"$sh_tmp/list.txt"
    sh_run python3 scripts/regress/regress.py --list "$sh_tmp/list.txt" --dry-run; sh_rc=$?
    if [ "$sh_rc" = 2 ] && grep -qF -- "$2" "$log" && ! grep -q Traceback "$log" && [ ! -e "$sh_pwned" ]; then ok "$1"
    else bad "$1 (exit $sh_rc; expected 2 and '$2', no traceback)"; fi
    rm -f "$sh_pwned"
}
sh_list "list line SEEDS=99999999999: exit 2, no MemoryError" "SEEDS=99999999999: from 1 to" "sdp_bypass_smoke DUT=twin SEEDS=99999999999"
sh_list "list line LOG_DIR=: refused, not ignored" "LOG_DIR: each run's folder is the runner's" "sdp_bypass_smoke DUT=twin LOG_DIR=$sh_tmp/x"
sh_list "list line JOBS=: refused, not ignored" "JOBS: a setting of make regress" "sdp_bypass_smoke DUT=twin JOBS=4"
sh_list "list line LIST=: refused, not ignored" "LIST: a setting of make regress" "sdp_bypass_smoke DUT=twin LIST=smoke"
sh_list "list line INJECT='x;touch ...': refused naming INJECT" "INJECT: " "sdp_bypass_smoke DUT=twin 'INJECT=x;touch $sh_pwned'"

# a regression whose results folder fills up: exit 2 and a message, no traceback (root: a small tmpfs)
mkdir -p "$sh_tmp/full"
if ! mount -t tmpfs -o size=16k tmpfs "$sh_tmp/full" 2>/dev/null; then
    printf 'SKIP  regress on a full disk: mount of a 16 KiB tmpfs is not permitted here (needs root)\n'
else
    head -c 16384 /dev/zero >"$sh_tmp/full/fill" 2>/dev/null   # full: a folder is made, nothing written
    printf 'sdp_bypass_smoke DUT=twin SEEDS=3\n' >"$sh_tmp/list.txt"
    sh_run python3 scripts/regress/regress.py --list "$sh_tmp/list.txt" --jobs 1 --out "$sh_tmp/full/rg"; sh_rc=$?
    if [ "$sh_rc" = 2 ] && ! grep -q Traceback "$log"; then ok "regress on a full disk: exit 2 with a message, no traceback"
    else bad "regress on a full disk: exit 2 with a message, no traceback (exit $sh_rc)"; fi
    umount "$sh_tmp/full"
fi

sh_run make -s --no-print-directory hw-harvest DUT=twin; sh_rc=$?
if [ "$sh_rc" = 2 ] && grep -qF "DUT=twin: make hw-harvest runs each layer on the RTL" "$log"; then ok "make hw-harvest DUT=twin: refused, not ignored"
else bad "make hw-harvest DUT=twin: refused, not ignored (exit $sh_rc)"; fi

# two different networks at once: two runs, not 'the same test'
sh_net=${EN_NETWORKS:-sequences/ethosu/networks}/ethos-u65-256/conv_1x1
if [ -d "$sh_net" ]; then
    cp -r "$sh_net" "$sh_tmp/net_a" && cp -r "$sh_net" "$sh_tmp/net_b"
    HOME=$sh_tmp/home SIM_LOG_ROOT=$sh_logs timeout 60 scripts/sim TEST=ethosu/network DUT=twin NETWORK="$sh_tmp/net_a" >"$log.a" 2>&1 &
    sh_pid=$!
    HOME=$sh_tmp/home SIM_LOG_ROOT=$sh_logs timeout 60 scripts/sim TEST=ethosu/network DUT=twin NETWORK="$sh_tmp/net_b" >"$log.b" 2>&1; sh_rb=$?
    wait "$sh_pid"; sh_ra=$?
    cat "$log.a" "$log.b" >"$log"; rm -f "$log.a" "$log.b"
    if [ "$sh_ra" = 0 ] && [ "$sh_rb" = 0 ] && ! grep -q 'another run' "$log"; then ok "two NETWORK= folders at once: both run, each in its own log folder"
    else bad "two NETWORK= folders at once: both run (exits $sh_ra, $sh_rb)"; fi
else printf 'SKIP  two networks at once: no %s\n' "$sh_net"; fi

rm -rf "$sh_tmp"
if [ -n "$sh_alone" ]; then
    rm -f "$log"
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
fi
