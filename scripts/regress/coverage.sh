#!/usr/bin/env bash
# coverage.sh: `make coverage`.
#   1. Verilator line and toggle coverage of the RTL stubs: builds the
#      simulators with RTL_COVERAGE=1 (scripts/build/rtl_build.sh), runs a set of
#      tests on DUT=rtl, each writing its own .dat (VERILATOR_COV_FILE), merges
#      them (and the .dat files of a regression results folder, if given) with
#      `verilator_coverage --write`, annotates the sources
#      (`verilator_coverage --annotate`) and prints line / toggle percentages.
#   2. Functional coverage of the NVDLA register space
#      (scripts/regress/func_coverage.py) over the .cfg traces that were run (and the
#      .cfg files / sim.log files under the results folder).
# Usage: scripts/regress/coverage.sh [--results DIR] [--no-run] [--tests "a b ..."]
#                            [--traces DIR] [--out DIR]
#   --results DIR  also merge every *.dat / read every .cfg and sim.log under DIR
#                  (a regression results folder)
#   --no-run       run nothing: only merge/report what --results holds
#   --tests LIST   tests to run (default: the nvdla sequences, every trace of
#                  --traces, the ethosu/<name> sequences); names as in make sim
#   --traces DIR   NVDLA traces (default $NVDLA_TRACES or testdata/nvdla-traces/nv_small)
#   --out DIR      output folder (default build/coverage)
# Outputs (in --out): merged.dat, annotated/ (sources with per-line counts),
#   coverage.info (lcov), summary.md (both summaries), func_coverage.md,
#   runs/<test>.dat and runs/<test>.log.
# Needs the shim to write the model's coverage at exit (VM_COVERAGE, see
# sim/nvdla/rtl/nvdla_rtl.cpp and sim/ethosu/rtl/ethosu_rtl.cpp); without it no .dat appears and
# the script says so.
# Exit: 0 report written (failing tests do not matter), 2 build/usage error or no data.
set -u
cd "$(dirname "$0")/../.."
root=$PWD
results= run=1 tests= out=build/coverage
traces=${NVDLA_TRACES:-testdata/nvdla-traces/nv_small}
while [ $# -gt 0 ]; do
    case $1 in
        --results) results=$2; shift 2 ;;
        --no-run) run=0; shift ;;
        --tests) tests=$2; shift 2 ;;
        --traces) traces=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        -h|--help) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "coverage: unknown argument '$1' (see the header of $0)" >&2; exit 2 ;;
    esac
done
[ -n "$results" ] && [ ! -d "$results" ] && { echo "coverage: --results $results is not a folder" >&2; exit 2; }
mkdir -p "$out/runs"
out=$(cd "$out" && pwd)
cfgs=()

cfg_of() {   # the .cfg of one trace folder
    local d=${1%/} name
    name=$(basename "$d")
    if [ -f "$d/$name.cfg" ]; then echo "$d/$name.cfg"; return; fi
    local all=("$d"/*.cfg)
    [ ${#all[@]} -eq 1 ] && [ -f "${all[0]}" ] && echo "${all[0]}"
}

if [ "$run" = 1 ]; then
    command -v verilator >/dev/null || { echo "coverage: verilator not found" >&2; exit 2; }
    make -s build/libsimcore.a >&2 || { echo "coverage: make build/libsimcore.a failed" >&2; exit 2; }
    lib=$root/build/libsimcore.a
    echo "coverage: building the coverage simulators (RTL_COVERAGE=1)..." >&2
    sim_nvdla=$(RTL_COVERAGE=1 HARNESS_LIB=$lib RTL_FAMILY=nvdla scripts/build/rtl_build.sh) || exit 2
    sim_ethosu=$(RTL_COVERAGE=1 HARNESS_LIB=$lib RTL_FAMILY=ethosu scripts/build/rtl_build.sh) || exit 2
    if [ -z "$tests" ]; then
        tests=$("$sim_nvdla" --list 2>/dev/null | awk '{print $1}' | grep -E '^[a-z][a-z0-9_/]*$' | grep -v -e '^ethosu/' -e '^copyeng/')
        if [ -d "$traces" ]; then
            for d in "$traces"/*/; do [ -n "$(cfg_of "$d")" ] && tests+=" nvdla/$(basename "$d")"; done
        fi
        tests+=" $("$sim_ethosu" --list 2>/dev/null | awk '{print $1}' | grep -E '^ethosu/[a-z0-9_]+$' | tr '\n' ' ')"
    fi
    rm -f "$out"/runs/*.dat
    n=0 npass=0
    for t in $tests; do
        name=$(echo "$t" | tr / _)
        targs=(--test "$t" --dut rtl --out-dir "$out/runs/$name")
        bin=$sim_nvdla
        case $t in
            ethosu/*) bin=$sim_ethosu ;;
            nvdla/*) c=$(cfg_of "$traces/${t#nvdla/}")
                     [ -z "$c" ] && { echo "coverage: no trace for $t under $traces" >&2; continue; }
                     targs+=(--trace "$c"); cfgs+=("$c") ;;
        esac
        mkdir -p "$out/runs/$name"
        VERILATOR_COV_FILE=$out/runs/$name.dat "$bin" "${targs[@]}" >"$out/runs/$name.log" 2>&1
        st=$?
        n=$((n + 1)); [ $st = 0 ] && npass=$((npass + 1))
        printf 'coverage: %-50s %s\n' "$t" "$([ $st = 0 ] && echo PASS || echo "FAIL (exit $st)")" >&2
    done
    echo "coverage: $n runs, $npass passed" >&2
fi

# ---- 1. merge and annotate ---------------------------------------------------------
dats=()
while IFS= read -r f; do dats+=("$f"); done < <(
    { [ "$run" = 1 ] && find "$out/runs" -maxdepth 1 -name '*.dat'
      [ -n "$results" ] && find "$results" -name '*.dat' -size +0; } 2>/dev/null | sort -u)
summary=$out/summary.md
: >"$summary"
if [ ${#dats[@]} -eq 0 ]; then
    echo "coverage: no coverage .dat files (does the shim write them? it needs the VM_COVERAGE lines)" >&2
    echo "## RTL line/toggle coverage: no data" >>"$summary"
    rtl_ok=0
else
    rtl_ok=1
    # only files Verilator wrote (they start with "# SystemC::Coverage")
    good=()
    for f in "${dats[@]}"; do head -c 40 "$f" | grep -q 'Coverage' && good+=("$f"); done
    verilator_coverage --write "$out/merged.dat" "${good[@]}" >"$out/merge.log" 2>&1 ||
        { cat "$out/merge.log" >&2; exit 2; }
    verilator_coverage --write-info "$out/coverage.info" "$out/merged.dat" >/dev/null 2>&1 || true
    rm -rf "$out/annotated"
    verilator_coverage --annotate "$out/annotated" "$out/merged.dat" >"$out/annotate.log" 2>&1 || true
    python3 - "$out/merged.dat" "${#good[@]}" >>"$summary" <<'EOF'
import collections, re, sys
path, nfiles = sys.argv[1], sys.argv[2]
tot = collections.Counter(); cov = collections.Counter()
per = collections.defaultdict(lambda: collections.Counter())
for line in open(path, errors="replace"):
    if not line.startswith("C '"):
        continue
    m = re.match(r"C '(.*)' (\d+)\s*$", line)
    if not m:
        continue
    kv = dict(p.split("\002", 1) for p in m.group(1).split("\001") if "\002" in p)
    page = kv.get("page", "?")
    kind = page.split("/")[0].replace("v_", "")
    f = kv.get("f", "?").split("/")[-1]
    hit = int(m.group(2)) > 0
    tot[kind] += 1; cov[kind] += hit
    per[f][kind + "_t"] += 1; per[f][kind + "_c"] += hit
pct = lambda c, t: "%.1f%%" % (100.0 * c / t) if t else "-"
print("## RTL coverage (Verilator, %s run files merged)\n" % nfiles)
print("| type | covered | points | % |\n|---|---:|---:|---:|")
for k in sorted(tot):
    print("| %s | %d | %d | %s |" % (k, cov[k], tot[k], pct(cov[k], tot[k])))
print("| total | %d | %d | %s |\n" % (sum(cov.values()), sum(tot.values()), pct(sum(cov.values()), sum(tot.values()))))
kinds = sorted(tot)
print("| file | " + " | ".join(kinds) + " |\n|---|" + "---:|" * len(kinds))
for f in sorted(per):
    print("| %s | " % f + " | ".join("%s (%d/%d)" % (pct(per[f][k + "_c"], per[f][k + "_t"]), per[f][k + "_c"], per[f][k + "_t"]) for k in kinds) + " |")
print()
EOF
    grep -h -i "total coverage" "$out/annotate.log" | sed 's/^/verilator_coverage: /' >>"$summary"
    echo >>"$summary"
fi

# ---- 2. register-space functional coverage ------------------------------------------
fargs=("${cfgs[@]}")
[ "$run" = 1 ] && fargs+=("$out/runs")
[ -n "$results" ] && fargs+=("$results")
if [ ${#fargs[@]} -gt 0 ]; then
    python3 scripts/regress/func_coverage.py --out "$out/func_coverage.md" "${fargs[@]}" >/dev/null 2>&1 ||
        echo "coverage: no register-space coverage (no .cfg trace or run log found)" >&2
fi
cat "$summary"
[ -f "$out/func_coverage.md" ] && grep -E '^\*\*Total' "$out/func_coverage.md"
echo "coverage: merged data $out/merged.dat, annotated sources $out/annotated/, summary $summary, register coverage $out/func_coverage.md" >&2
[ "$rtl_ok" = 1 ] || [ -f "$out/func_coverage.md" ] || exit 2
exit 0
