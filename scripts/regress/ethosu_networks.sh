#!/usr/bin/env bash
# make ethosu-networks: every network folder under a folder (recursively: a
# folder holding a *_vela.npz) through `scripts/sim TEST=ethosu/network
# NETWORK=<folder>`, one line per network, then "N passed, N failed, N
# skipped, N xfail" (XFAIL: a folder whose xfail.txt names a known
# disagreement of the command stream and the reference, and whose outputs
# differ; one whose outputs match is an XPASS, a FAIL). Usage:
#   scripts/regress/ethosu_networks.sh NETWORKS_DIR [KNOB=value ...]
# The knobs (DUT=, AXI_STALL=, ETHOSU_CONFIG= ...) go to every run; each run
# logs in logs/ethosu_networks/<folder>/<dut>/sim.log. JOBS (default: the
# number of cores) networks run at once; the lines come in folder order.
# Exit status: 0 all passed, skipped or xfail, 1 a network failed (or was refused),
# 2 no networks found.
set -u
cd "$(dirname "$0")/../.."
root=${1:-}
shift || true
if [ -z "$root" ] || [ ! -d "$root" ]; then
    echo "make ethosu-networks: NETWORKS=${root:-<empty>} is not a folder (the folder of network folders: each holds a *_vela.npz, input_<i>.npy, expected_<i>.npy)" >&2
    exit 2
fi
dut=twin
for a in "$@"; do case $a in DUT=*) dut=${a#DUT=} ;; esac; done
mapfile -t dirs < <(find "$root" -name '*_vela.npz' -type f -printf '%h\n' | sort -u)
if [ ${#dirs[@]} -eq 0 ]; then
    echo "make ethosu-networks: no network folder (one holding a *_vela.npz) under $root" >&2
    exit 2
fi
# one_network INDEX DIR: its result line into $res/INDEX ("PASS|FAIL|SKIP<tab>line")
# The direct path: the simulator started without a wrapper, its output the
# log (what sim_logged.sh does, without a process per step: a corpus is
# hundreds of runs of a few milliseconds each). Sets out and rc; 1 when the
# log folder is busy (the caller then goes through sim_logged.sh, which says so).
run_direct() {
    local log=$1 fd f
    exec {fd}>>"$log/.sim.lock" || return 1
    if ! flock -n "$fd"; then exec {fd}>&-; return 1; fi
    for f in ${tmpl_clean[@]+"${tmpl_clean[@]}"}; do [ -e "$log/$f" ] && rm -f -- "$log/$f"; done
    "${cmd[@]}" >"$log/sim.log" 2>&1
    rc=$?
    exec {fd}>&-
    out=
    IFS= read -r -d '' out <"$log/sim.log"
    [ -z "$waves" ] || out+=$(scripts/waves_view.sh "$log" 2>&1)
    return 0
}
# first_line PREFIX: the first line of $out starting with PREFIX (without it), in $line
first_line() {
    line=
    local l
    while IFS= read -r l; do
        if [[ $l == "$1"* ]]; then line=${l#"$1"}; return 0; fi
    done <<<"$out"
    return 1
}
one_network() {
    local i=$1 d=$2 log out rc why line
    log=$(log_of "$d")
    [ -d "$log" ] || mkdir -p "$log"
    local -a cmd=()
    if [ ${#tmpl[@]} -gt 0 ] && simple "$d" && simple "$log"; then
        # the first network's argument vector with this one's folders: no word is read by a shell
        cmd=("${tmpl[@]}")
        cmd[tmpl_net]=$d cmd[tmpl_log]=$log
    fi
    if [ ${#cmd[@]} -eq 0 ] || ! run_direct "$log"; then
        if [ ${#cmd[@]} -gt 0 ]; then
            out=$(scripts/sim_logged.sh "$log" ${tmpl_clean[@]+"${tmpl_clean[@]}"} -- "${cmd[@]}" 2>&1)
        else
            out=$(scripts/sim TEST=ethosu/network NETWORK="$d" LOG_DIR="$log" "${knobs[@]}" 2>&1)
        fi
        rc=$?
    fi
    case $rc in
    0)  if first_line 'XFAIL: '; then
            first_line 'XFAIL stream and reference disagree: '
            printf 'XFAIL\tXFAIL %s: stream and reference disagree: %s (log %s/sim.log)\n' "$d" "$line" "$log"
        else
            first_line 'PASS: '
            [[ $line =~ \ on\ [^,]*,\ ([0-9]+\ cycles),\ ([0-9.]+\ s)\  ]] &&
                line="${BASH_REMATCH[1]}, ${BASH_REMATCH[2]}" || line=
            printf 'PASS\tPASS  %s  %s\n' "$d" "$line"
        fi ;;
    77) first_line 'SKIP'
        [[ $line =~ ^:\ [^:]*:\ (.*) ]] && line=${BASH_REMATCH[1]}
        printf 'SKIP\tSKIP  %s: %s\n' "$d" "$line" ;;
    *)  why=
        if first_line 'first failure: '; then
            why=$line
            [[ $why =~ ^FAIL\ cycle\ ([0-9]+):\ test\ sequence:\ check\ failed:\ (.*) ]] &&
                why="cycle ${BASH_REMATCH[1]}: ${BASH_REMATCH[2]}"
        else
            while IFS= read -r line; do
                if [[ $line == 'sim: '* || $line == make* ]]; then why=$line; break; fi
            done <<<"$out"
        fi
        [ -n "$why" ] || why="exit status $rc"
        printf 'FAIL\tFAIL  %s: %s (log %s/sim.log)\n' "$d" "$why" "$log"
        [ -f "$log/sim.log" ] || printf '%s\n' "$out" > "$log/sim.log" ;;
    esac >"$res/$i"
}
knobs=("$@")
waves=
for a in "$@"; do case $a in WAVES=*|WAVES_ON_FAIL=*) waves=1 ;; esac; done
res=$(mktemp -d)
trap 'rm -rf "$res"' EXIT
# JOBS runs at once (default: the cores); lines print in folder order
jobs_max=${JOBS:-$(nproc 2>/dev/null || echo 1)}
case $jobs_max in ''|*[!0-9]*|0) echo "make ethosu-networks: JOBS: '$jobs_max' is not a positive decimal number" >&2; exit 2 ;; esac
# The simulator command make sim builds and checks for the first network (the
# knobs refused as make sim refuses them); every network then runs that command
# with its own folder and log folder (a make per network costs more than most
# runs); the command is an argument vector (make sim-argv), never shell text.
# Folders outside a knob's character set are run through scripts/sim, which refuses them.
simple() { [[ $1 =~ ^[A-Za-z0-9_./+:=@%-]+$ ]]; }
log_of() {
    local rel=${1#"$root"}; rel=${rel#/}; [ -n "$rel" ] || rel=$(basename "$1")
    printf '%s/ethosu_networks/%s/%s' "${SIM_LOG_ROOT:-logs}" "${rel//\//_}" "$dut"
}
tmpl=() tmpl_clean=() tmpl_net= tmpl_log=
log0=$(log_of "${dirs[0]}")
if simple "${dirs[0]}" && simple "$log0" && mkdir -p "$log0" &&
   t=$(make -s --no-print-directory sim-argv TEST=ethosu/network NETWORK="${dirs[0]}" LOG_DIR="$log0" "${knobs[@]}" 2>/dev/null); then
    # sim-argv: the log folder, the files to remove, then one word a line
    mapfile -t t_lines <<<"$t"
    read -r -a tmpl_clean <<<"${t_lines[1]:-}"
    words=("${t_lines[@]:2}")
    for j in "${!words[@]}"; do
        case ${words[$j]} in
            --network) [ "${words[$((j + 1))]:-}" = "${dirs[0]}" ] && tmpl_net=$((j + 1)) ;;
            --out-dir) [ "${words[$((j + 1))]:-}" = "$log0" ] && tmpl_log=$((j + 1)) ;;
        esac
    done
    [ -n "$tmpl_net" ] && [ -n "$tmpl_log" ] && tmpl=("${words[@]}")
fi
# the first alone: without a command it builds the simulator, which two runs must never link at once
one_network 0 "${dirs[0]}"
running=0
for i in "${!dirs[@]}"; do
    [ "$i" = 0 ] && continue
    if [ "$running" -ge "$jobs_max" ]; then wait -n; running=$((running - 1)); fi
    one_network "$i" "${dirs[$i]}" &
    running=$((running + 1))
done
wait
pass=0 fail=0 skip=0 xfail=0
for i in "${!dirs[@]}"; do
    IFS=$'\t' read -r verdict line <"$res/$i"
    printf '%s\n' "$line"
    case $verdict in
    PASS) pass=$((pass + 1)) ;; SKIP) skip=$((skip + 1)) ;; XFAIL) xfail=$((xfail + 1)) ;; *) fail=$((fail + 1)) ;;
    esac
done
echo "$pass passed, $fail failed, $skip skipped, $xfail xfail"
[ $fail -eq 0 ]
