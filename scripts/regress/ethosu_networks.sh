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
one_network() {
    local i=$1 d=$2 rel log out rc why
    log=$(log_of "$d")
    mkdir -p "$log"
    if [ ${#tmpl[@]} -gt 0 ] && simple "$d" && simple "$log"; then
        # the first network's argument vector with this one's folders: no word is read by a shell
        local -a cmd=("${tmpl[@]}")
        cmd[tmpl_net]=$d cmd[tmpl_log]=$log
        out=$(scripts/sim_logged.sh "$log" ${tmpl_clean[@]+"${tmpl_clean[@]}"} -- "${cmd[@]}" 2>&1)
        rc=$?
    else
        out=$(scripts/sim TEST=ethosu/network NETWORK="$d" LOG_DIR="$log" "${knobs[@]}" 2>&1)
        rc=$?
    fi
    case $rc in
    0)  if grep -q '^XFAIL: ' <<<"$out"; then
            printf 'XFAIL\tXFAIL %s: %s (log %s/sim.log)\n' "$d" \
                "$(grep -m 1 '^XFAIL stream and reference disagree: ' <<<"$out" | sed 's/^XFAIL //')" "$log"
        else
            printf 'PASS\tPASS  %s  %s\n' "$d" "$(sed -n 's/^PASS: .* on [^,]*, \([0-9]* cycles\), \([0-9.]* s\) .*/\1, \2/p' <<<"$out")"
        fi ;;
    77) printf 'SKIP\tSKIP  %s: %s\n' "$d" "$(grep -m 1 '^SKIP' <<<"$out" | sed 's/^SKIP: [^:]*: //')" ;;
    *)  why=$(grep -m 1 '^first failure: ' <<<"$out" | sed -E 's/^first failure: //; s/^FAIL cycle ([0-9]+): test sequence: check failed: /cycle \1: /')
        [ -n "$why" ] || why=$(grep -m 1 '^sim: \|^make' <<<"$out")
        [ -n "$why" ] || why="exit status $rc"
        printf 'FAIL\tFAIL  %s: %s (log %s/sim.log)\n' "$d" "$why" "$log"
        [ -f "$log/sim.log" ] || printf '%s\n' "$out" > "$log/sim.log" ;;
    esac >"$res/$i"
}
knobs=("$@")
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
