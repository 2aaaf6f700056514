# system_tests_waves.sh: the waves as a user opens them. On every DUT kind
# (the C twins, and the Verilated stubs when Verilator is installed: NV_nvdla,
# NV_nvdla_sramif and the Ethos-U65 top) a run with WAVES=1 (and WAVES=fst),
# then scripts/gtkw.py on its dump and sim.log, and checks that:
#   - every signal the view names exists in the dump, and the groups of the
#     top's interfaces and channels are there;
#   - the dump is in real time: $timescale 1ps, cycle n (the `cycle` counter
#     in TOP) at n * P with the clock low, its rising edge at n * P + P / 2,
#     for P = 10 ns and for CLOCK_PERIOD=2.5;
#   - a failing run's view marks the failure cycle at its time in the dump
#     and zooms on it;
#   - an FST, read back with fst2vcd, holds the same value changes as the
#     VCD of the same run;
#   - GTKWave loads each view headless (xvfb-run) and shows its groups and
#     signals, the failure marked.
# What the tree does not support yet (WAVES=fst, CLOCK_PERIOD, gtkwave or
# xvfb-run not installed) is a SKIP with the reason. Sourced by
# scripts/systest/system_tests.sh: uses its ok/bad helpers, $log and $duts.
wv_tmp=$(mktemp -d)
skip() { printf 'SKIP  %s\n' "$1"; }

# ---- the dump reader the checks share (stdlib Python; FST through fst2vcd) ----
cat >"$wv_tmp/wv.py" <<'PY'
"""Checks of dumps and views: wv.py CHECK ARGS..., prints what it found or
why not, exits 0 when the check holds."""
import gzip, re, subprocess, sys

def open_text(path):
    if path.endswith(".fst"):
        return subprocess.run(["fst2vcd", "-f", path], stdout=subprocess.PIPE, check=True,
                              universal_newlines=True).stdout.splitlines()
    if path.endswith(".gz"):
        return gzip.open(path, "rt").read().splitlines()
    return open(path).read().splitlines()

def gtk_name(ref, rng, width, vtype):
    if "[" in ref:
        return ref
    if rng:
        m = re.fullmatch(r"\[(\d+):(\d+)\]", rng)
        return ref + ("[%s]" % m.group(1) if m and m.group(1) == m.group(2) else rng)
    return ref + ("[%d:0]" % (width - 1) if width > 1 and vtype not in ("integer", "real") else "")

class Dump:
    def __init__(self, path):
        lines = open_text(path)
        self.names = {}         # GTKWave name -> id
        self.ids = {}           # id -> [(scope, ref, name)]
        self.timescale = None
        scope, i, toks = [], 0, []
        for i, l in enumerate(lines):
            toks += l.split()
            if "$enddefinitions" in l:
                break
        self.body = lines[i + 1:]
        k = 0
        while k < len(toks):
            t = toks[k]
            end = k + 1
            while end < len(toks) and toks[end] != "$end":
                end += 1
            body = toks[k + 1:end]
            if t == "$scope":
                scope.append(body[-1])
            elif t == "$upscope":
                scope.pop()
            elif t == "$var":
                name = ".".join(scope + [gtk_name(body[3], "".join(body[4:]), int(body[1]), body[0])])
                self.names[name] = body[2]
                self.ids.setdefault(body[2], []).append((tuple(scope), body[3], name))
            elif t == "$timescale":
                self.timescale = "".join(body)
            elif not t.startswith("$"):
                end = k
            k = end + 1

    def find(self, ref):
        """The shallowest signal named ref: (id, scope)."""
        c = [(len(s), s, i) for i, v in self.ids.items() for s, r, _ in v if r == ref]
        return (min(c)[2], min(c)[1]) if c else (None, None)

    def changes(self):
        """(time, id, value) in order; vectors as ints where binary."""
        t = 0
        for l in self.body:
            if not l or l[0] == "$":
                continue
            if l[0] == "#":
                t = int(l[1:])
            elif l[0] in "bBrR":
                v, vid = l.split()
                try:
                    v = int(v[1:], 2)
                except ValueError:
                    v = v[1:]
                yield t, vid, v
            else:
                yield t, l[1:], int(l[0]) if l[0] in "01" else l[0]

def unit_ps(ts):
    m = re.fullmatch(r"(1|10|100)(s|ms|us|ns|ps|fs)", ts)
    return int(m.group(1)) * {"s": 1e12, "ms": 1e9, "us": 1e6, "ns": 1e3, "ps": 1, "fs": 1e-3}[m.group(2)]

def gtkw_read(path):
    """Signals, group names, marker and window start of a save file."""
    sigs, groups, marker, start, flag = [], [], -1, 0, ""
    for l in open(path).read().splitlines():
        if l.startswith("@"):
            flag = l[1:]
        elif l.startswith("-") and flag == "800200":
            groups.append(l[1:])
        elif l.startswith("*"):
            marker = int(l.split()[1])
        elif l.startswith("[timestart]"):
            start = int(l.split()[1])
        elif l and l[0] not in "[-*#":
            sigs.append(l)
    return sigs, groups, marker, start

def cycle_times(d):
    cid, _ = d.find("cycle")
    return {v: t for t, i, v in reversed(list(d.changes())) if i == cid} if cid else {}

def failure(log):
    for l in open(log):
        m = re.match(r"first failure: FAIL cycle (\d+):", l)
        if m:
            return int(m.group(1))
    return None

def main(cmd, *a):
    if cmd == "view":           # view GTKW DUMP GROUP...: signals exist, groups there
        sigs, groups, _, _ = gtkw_read(a[0])
        d = Dump(a[1])
        missing = [s for s in sigs if s not in d.names]
        lacking = [g for g in a[2:] if g not in groups]
        print("%d signals in %d groups (%s)%s%s" % (len(sigs), len(groups), ", ".join(groups),
              "; not in the dump: " + " ".join(missing) if missing else "",
              "; groups missing: " + ", ".join(lacking) if lacking else ""))
        return not missing and not lacking and len(sigs) > 0
    if cmd == "times":          # times DUMP PERIOD_PS CLOCK [SCOPE]: real time, both phases
        d, p, clkname = Dump(a[0]), int(a[1]), a[2]
        top = a[3] if len(a) > 3 else "TOP"
        if d.timescale != "1ps":
            print("$timescale %s, want 1ps" % d.timescale)
            return False
        cid, cscope = d.find("cycle")
        kid, _ = d.find(clkname)
        if not cid or cscope != (top,) or not kid:
            print("no `cycle` counter in the dump" if not cid else
                  "`cycle` in scope %s, want %s" % (".".join(cscope), top) if cscope != (top,) else
                  "no clock %s in the dump" % clkname)
            return False
        u = unit_ps(d.timescale)
        clk, cyc, at = None, {}, {}     # the clock's value after each time step
        last_t = None
        for t, i, v in d.changes():
            if last_t is not None and t != last_t:
                at[last_t] = clk
            last_t = t
            if i == kid:
                clk = v
            elif i == cid:
                cyc.setdefault(v, t)
        at[last_t] = clk
        bad = [(n, t) for n, t in sorted(cyc.items()) if t * u != n * p]
        phase = [n for n, t in sorted(cyc.items())
                 if at.get(t) != 0 or at.get(t + p // 2 // u) != 1]
        if len(cyc) < 10 or bad or phase:
            print("%d cycles; %s%s" % (len(cyc),
                  "cycle %d at %d ps, want %d ps; " % (bad[0][0], bad[0][1] * u, bad[0][0] * p) if bad else "",
                  "cycle %d: clock not low at n*P and high at n*P+P/2 (%s / %s)" %
                  (phase[0], at.get(cyc[phase[0]]), at.get(cyc[phase[0]] + p // 2 // u)) if phase else ""))
            return False
        n0, n1 = min(cyc), max(cyc)
        print("$timescale 1ps, cycles %d..%d at n * %d ps, clock low there and high at +%d ps"
              % (n0, n1, p, p // 2))
        return True
    if cmd == "marker":         # marker GTKW DUMP LOG: the failure cycle marked and in view
        _, _, marker, start = gtkw_read(a[0])
        n = failure(a[2])
        t = cycle_times(Dump(a[1])).get(n) if n is not None else None
        print("failure cycle %s at %s ps in the dump; view: marker %d, from %d" % (n, t, marker, start))
        return t is not None and marker == t and start <= t
    if cmd == "same":           # same VCD FST: the same value changes
        x, y = Dump(a[0]), Dump(a[1])
        def seqs(d):
            s = {}
            for t, i, v in d.changes():
                for _, _, name in d.ids.get(i, ()):
                    q = s.setdefault(name, [])
                    if not q or q[-1][1] != v:
                        q.append((t, v))
            return s
        sx, sy = seqs(x), seqs(y)
        if set(sx) != set(sy):
            print("signals differ: only in the VCD %s, only in the FST %s"
                  % (sorted(set(sx) - set(sy))[:5], sorted(set(sy) - set(sx))[:5]))
            return False
        for name in sorted(sx):
            if sx[name] != sy[name]:
                k = next((j for j, (p, q) in enumerate(zip(sx[name], sy[name])) if p != q),
                         min(len(sx[name]), len(sy[name])))
                print("%s: change %d differs: VCD %s, FST %s" % (name, k, sx[name][k:k + 1], sy[name][k:k + 1]))
                return False
        print("%d signals, %d value changes alike" % (len(sx), sum(len(v) for v in sx.values())))
        return x.timescale == y.timescale
    if cmd == "shown":          # shown GTKW TCL_OUTPUT: GTKWave showed the view
        sigs, groups, marker, _ = gtkw_read(a[0])
        out = open(a[1]).read().splitlines()
        disp = [l[5:] for l in out if l.startswith("DISP ")]
        grp = [l[6:].rsplit(" ", 1)[0] for l in out if l.startswith("TRACE ")
               and int(l.rsplit(" ", 1)[1]) & 0x800000]
        m = [l.split()[1] for l in out if l.startswith("MARKER ")]
        w = [l.split()[1:] for l in out if l.startswith("WINDOW ")]
        ok = disp == sigs and grp == groups and m == [str(marker)] and \
            (marker < 0 or (w and int(w[0][0]) <= marker <= int(w[0][1])))
        print("GTKWave shows %d of %d signals, groups %s, marker %s, window %s"
              % (len(disp), len(sigs), ", ".join(grp), m[0] if m else "?", " .. ".join(w[0]) if w else "?"))
        if not ok and set(sigs) - set(disp):
            print("not shown: " + " ".join(sorted(set(sigs) - set(disp))[:8]))
        return ok
    raise SystemExit("wv.py: unknown check " + cmd)

sys.exit(0 if main(*sys.argv[1:]) else 1)
PY
cat >"$wv_tmp/view.tcl" <<'TCL'
foreach s [gtkwave::getDisplayedSignals] { puts "DISP $s" }
set n [gtkwave::getTotalNumTraces]
for {set i 0} {$i < $n} {incr i} {
    puts "TRACE [gtkwave::getTraceNameFromIndex $i] [gtkwave::getTraceFlagsFromIndex $i]"
}
puts "MARKER [gtkwave::getMarker]"
puts "WINDOW [gtkwave::getWindowStartTime] [gtkwave::getWindowEndTime]"
gtkwave::/File/Quit
TCL
wv() { python3 "$wv_tmp/wv.py" "$@" >"$wv_tmp/out" 2>&1; }
wv_said() { tr '\n' ' ' <"$wv_tmp/out" | cut -c1-300; }
have_gtkwave=
command -v gtkwave >/dev/null && command -v xvfb-run >/dev/null && have_gtkwave=1

# wv_run make-args...: make sim; 0 when the run ran (PASS or FAIL), its
# output in $log
wv_run() {
    make -s sim "$@" >"$log" 2>&1
    grep -q '^\(PASS\|FAIL\):' "$log"
}

# wv_try KNOB PATTERN make-args...: a run with a knob the tree may not have
# yet: 0 it ran; 1 the knob was refused (the output names it: PATTERN, an
# extended regex), $wv_refused says how; 2 anything else (a build failure).
# CLOCK_PERIOD is also refused when make does not hand it to the simulator
# (an older Makefile takes any variable and ignores it).
wv_try() {
    local knob=$1 pattern=$2; shift 2
    if [ "${knob%%=*}" = CLOCK_PERIOD ]; then
        if ! make -s sim-command "$@" "$knob" >"$log" 2>&1; then
            wv_refused=$(grep -v '^make' "$log" | tail -n 1)
            grep -Eq "$pattern" "$log" && return 1
            return 2
        fi
        if ! grep -q -- '--clock-period' "$log"; then
            wv_refused="make sim does not hand CLOCK_PERIOD to the simulator (no --clock-period in make sim-command)"
            return 1
        fi
    fi
    wv_run "$@" "$knob" && return 0
    wv_refused=$(grep -v '^make' "$log" | tail -n 1)
    grep -Eq "$pattern" "$log" && return 1
    return 2
}

# wv_view NAME DIR DUMP CLOCK GROUPS...: gtkw.py on the run in DIR, then
# the view's signals and groups, the failure marker, GTKWave headless
wv_view() {
    local name=$1 dir=$2 dump=$3 clock=$4; shift 4
    local view=$wv_tmp/view.gtkw
    rm -f "$view"
    if ! python3 scripts/gtkw.py --dump "$dump" --log "$dir/sim.log" --out "$view" >"$wv_tmp/out" 2>&1; then
        bad "$name: gtkw.py: $(wv_said)"; return
    fi
    if head -n 4 "$view" | grep -qF "[dumpfile] \"$(cd "$(dirname "$dump")" && pwd)/$(basename "$dump")\"" &&
       wv view "$view" "$dump" "$@"; then ok "$name: gtkw.py view: $(wv_said)"
    else bad "$name: gtkw.py view: $(wv_said)"; fi
    if grep -q '^first failure: FAIL cycle' "$dir/sim.log"; then
        if wv marker "$view" "$dump" "$dir/sim.log"; then ok "$name: the failure marked and zoomed on: $(wv_said)"
        else bad "$name: the failure marked: $(wv_said)"; fi
    fi
    if [ -z "$have_gtkwave" ]; then skip "$name: GTKWave loads the view: gtkwave/xvfb-run not installed"; return; fi
    if timeout 120 xvfb-run -a -s "-screen 0 1600x1200x24" gtkwave -S "$wv_tmp/view.tcl" "$view" \
           >"$wv_tmp/tcl.out" 2>&1 && wv shown "$view" "$wv_tmp/tcl.out"; then
        ok "$name: GTKWave loads the view: $(wv_said)"
    else bad "$name: GTKWave loads the view: $(wv_said) $(grep -i 'error\|invalid' "$wv_tmp/tcl.out" | head -n 2 | tr '\n' ' ')"; fi
}

# wv_times NAME DUMP PERIOD_PS CLOCK
wv_times() {
    if wv times "$2" "$3" "$4" ${5:+"$5"}; then ok "$1: $(wv_said)"; else bad "$1: $(wv_said)"; fi
}

# wv_fst NAME DIR TEST CLOCK GROUP...: the run of $wv_tmp/pass.vcd (SEED=2,
# DUT=$dut) again with WAVES=fst: the same values, read back with fst2vcd,
# no temporary VCD left, and its view
wv_fst() {
    local name=$1 dir=$2 test=$3 clock=$4 rc
    shift 4
    wv_try WAVES=fst 'WAVES.*fst|waves-fst' TEST="$test" DUT="$dut" SEED=2; rc=$?
    if [ $rc = 1 ]; then skip "$name WAVES=fst: refused: $wv_refused"
    elif [ $rc = 0 ] && grep -q '^PASS:' "$log" && [ -s "$dir/waves.fst" ] && [ ! -e "$dir/waves.fst.tmp.vcd" ]; then
        if [ ! -s "$wv_tmp/pass.vcd" ]; then bad "$name WAVES=fst: no VCD of the same run to compare"
        elif wv same "$wv_tmp/pass.vcd" "$dir/waves.fst"; then ok "$name WAVES=fst: as the VCD: $(wv_said)"
        else bad "$name WAVES=fst: as the VCD: $(wv_said)"; fi
        wv_view "$name WAVES=fst" "$dir" "$dir/waves.fst" "$clock" "$@"
    else bad "$name WAVES=fst: the run did not pass with an FST (and no VCD left beside it)"; fi
    rm -f "$wv_tmp/pass.vcd"
}

nvdla_groups=("CSB request" "CSB response" "interrupt" "DBBIF AR" "DBBIF R" "DBBIF AW" "DBBIF W" "DBBIF B")
sramif_groups=("SRAMIF AR" "SRAMIF R" "SRAMIF AW" "SRAMIF W" "SRAMIF B")
ethosu_groups=(APB IRQ "M0 AR" "M0 R" "M0 AW" "M0 W" "M0 B" "M1 AR" "M1 R" "M1 AW" "M1 W" "M1 B")

for dut in "${duts[@]}"; do
    # NV_nvdla: a passing run, the whole run in view, 10 ns
    d=$logs_root/sdp_bypass_smoke/$dut
    if wv_run TEST=sdp_bypass_smoke DUT="$dut" SEED=2 WAVES=1 && grep -q '^PASS:' "$log"; then
        wv_view "waves NV_nvdla DUT=$dut" "$d" "$d/waves.vcd" dla_core_clk "${nvdla_groups[@]}"
        wv_times "waves NV_nvdla DUT=$dut: real time at 10 ns" "$d/waves.vcd" 10000 dla_core_clk
        cp "$d/waves.vcd" "$wv_tmp/pass.vcd"
    else bad "waves NV_nvdla DUT=$dut: make sim WAVES=1 did not pass"; fi
    # gzip'd
    if wv_run TEST=sdp_bypass_smoke DUT="$dut" SEED=2 WAVES=gz && grep -q '^PASS:' "$log"; then
        wv_view "waves NV_nvdla DUT=$dut WAVES=gz" "$d" "$d/waves.vcd.gz" dla_core_clk "${nvdla_groups[@]}"
    else bad "waves NV_nvdla DUT=$dut: make sim WAVES=gz did not pass"; fi
    # another period
    wv_try CLOCK_PERIOD=2.5 'CLOCK_PERIOD|clock-period' TEST=sdp_bypass_smoke DUT="$dut" SEED=2 WAVES=1; rc=$?
    if [ $rc = 1 ]; then skip "waves NV_nvdla DUT=$dut CLOCK_PERIOD=2.5: refused: $wv_refused"
    elif [ $rc = 0 ] && grep -q '^PASS:' "$log"; then
        wv_times "waves NV_nvdla DUT=$dut: real time at CLOCK_PERIOD=2.5" "$d/waves.vcd" 2500 dla_core_clk
    else bad "waves NV_nvdla DUT=$dut CLOCK_PERIOD=2.5: the run did not pass"; fi
    # FST: the same run as the VCD above, read back with fst2vcd (on the stub a Verilator
    # build of its own: make test-long's, as the Ethos-U65 one below)
    if [ "$dut" = rtl ] && [ -z "${WAVES_FULL:-}" ]; then
        skip "waves NV_nvdla DUT=rtl WAVES=fst: make test-long's (system test case waves-full: a Verilator build of its own)"
    else wv_fst "waves NV_nvdla DUT=$dut" "$d" sdp_bypass_smoke dla_core_clk "${nvdla_groups[@]}"; fi
    # a new waves run replaces the previous run's dumps, whatever their format
    touch "$d/waves.vcd.gz" "$d/waves.fst" "$d/waves-rerun.log"
    if wv_run TEST=sdp_bypass_smoke DUT="$dut" SEED=2 WAVES=1 && [ -s "$d/waves.vcd" ] &&
       [ "$(ls "$d" | grep '^waves' | tr '\n' ' ')" = "waves.gtkw waves.vcd " ]; then
        ok "waves NV_nvdla DUT=$dut: a WAVES=1 run leaves only its own VCD and view (earlier .vcd.gz, .fst, rerun log gone)"
    else bad "waves NV_nvdla DUT=$dut: earlier dumps left beside the new one: $(ls "$d" | tr '\n' ' ')"; fi
    # a failing run: the failure cycle marked, the view zoomed on it
    if wv_run TEST=sdp_bypass_smoke DUT="$dut" SEED=1 INJECT=ar-unaligned WAVES=1 && grep -q '^FAIL:' "$log"; then
        wv_view "waves NV_nvdla DUT=$dut INJECT=ar-unaligned" "$d" "$d/waves.vcd" dla_core_clk "${nvdla_groups[@]}"
    else bad "waves NV_nvdla DUT=$dut INJECT=ar-unaligned: the run did not fail"; fi

    # NV_nvdla_sramif: the twin's SRAMIF=1, the stub's other top (a VCD build of its own:
    # make test-long's; make test's sequences:rtl runs that top without waves)
    if [ "$dut" = rtl ]; then sram=(RTL_FILES=rtl_stubs/nvdla/nvdla_stub.f RTL_TOP=NV_nvdla_sramif); else sram=(SRAMIF=1); fi
    if [ "$dut" = rtl ] && [ -z "${WAVES_FULL:-}" ]; then
        skip "waves NV_nvdla_sramif DUT=rtl: make test-long's (system test case waves-full: a Verilator build of its own)"
    elif wv_run TEST=sdp_bypass_smoke DUT="$dut" SEED=2 WAVES=1 "${sram[@]}" && grep -q '^PASS:' "$log"; then
        wv_view "waves NV_nvdla_sramif DUT=$dut" "$d" "$d/waves.vcd" dla_core_clk "${nvdla_groups[@]}" "${sramif_groups[@]}"
        wv_times "waves NV_nvdla_sramif DUT=$dut: real time at 10 ns" "$d/waves.vcd" 10000 dla_core_clk
    else bad "waves NV_nvdla_sramif DUT=$dut (${sram[*]}): make sim WAVES=1 did not pass"; fi

    # the Ethos-U65 top
    e=$logs_root/ethosu_run_dma_stream/$dut
    if wv_run TEST=ethosu/run_dma_stream DUT="$dut" SEED=2 WAVES=1 && grep -q '^PASS:' "$log"; then
        wv_view "waves Ethos-U65 DUT=$dut" "$e" "$e/waves.vcd" CLK "${ethosu_groups[@]}"
        wv_times "waves Ethos-U65 DUT=$dut: real time at 10 ns" "$e/waves.vcd" 10000 CLK
        cp "$e/waves.vcd" "$wv_tmp/pass.vcd"
    else bad "waves Ethos-U65 DUT=$dut: make sim WAVES=1 did not pass"; fi
    wv_try CLOCK_PERIOD=2.5 'CLOCK_PERIOD|clock-period' TEST=ethosu/run_dma_stream DUT="$dut" SEED=2 WAVES=1; rc=$?
    if [ $rc = 1 ]; then skip "waves Ethos-U65 DUT=$dut CLOCK_PERIOD=2.5: refused: $wv_refused"
    elif [ $rc = 0 ] && grep -q '^PASS:' "$log"; then
        wv_times "waves Ethos-U65 DUT=$dut: real time at CLOCK_PERIOD=2.5" "$e/waves.vcd" 2500 CLK
    else bad "waves Ethos-U65 DUT=$dut CLOCK_PERIOD=2.5: the run did not pass"; fi
    # on the stub, FST is a Verilator build of its own (about 20 s): make test-long's (case waves-full);
    # make test checks FST on the NVDLA stub and on the Ethos-U twin
    if [ "$dut" = rtl ] && [ -z "${WAVES_FULL:-}" ]; then
        skip "waves Ethos-U65 DUT=rtl WAVES=fst: make test-long's (system test case waves-full: a Verilator build of its own)"
    else wv_fst "waves Ethos-U65 DUT=$dut" "$e" ethosu/run_dma_stream CLK "${ethosu_groups[@]}"; fi
    if wv_run TEST=ethosu/run_dma_stream DUT="$dut" SEED=1 INJECT=m0-w-last WAVES=1 && grep -q '^FAIL:' "$log"; then
        wv_view "waves Ethos-U65 DUT=$dut INJECT=m0-w-last" "$e" "$e/waves.vcd" CLK "${ethosu_groups[@]}"
    else bad "waves Ethos-U65 DUT=$dut INJECT=m0-w-last: the run did not fail"; fi

    # WAVES_ON_FAIL: nothing while the run passes; a failing run is rerun and
    # dumps the cycles before its failure, ending at the failure cycle
    d=$logs_root/sdp_bypass_smoke/$dut
    rm -rf "$d"
    make -s sim TEST=sdp_bypass_smoke DUT="$dut" SEED=1 WAVES_ON_FAIL=50 >"$log" 2>&1
    if grep -q '^PASS:' "$log" && [ -z "$(ls "$d" | grep '^waves')" ]; then
        ok "WAVES_ON_FAIL=50 DUT=$dut: a passing run writes no waves"
    else bad "WAVES_ON_FAIL=50 DUT=$dut: a passing run writes no waves ($(ls "$d" | tr '\n' ' '))"; fi
    make -s sim TEST=sdp_bypass_smoke DUT="$dut" SEED=1 INJECT=ar-unaligned WAVES_ON_FAIL=50 >"$log" 2>&1
    fc=$(sed -nE 's/^first failure: FAIL cycle ([0-9]+):.*/\1/p' "$log" | head -n 1)
    if [ -n "$fc" ] && [ -s "$d/waves.vcd" ] && [ -s "$d/waves.gtkw" ] && grep -q "^view: $d/waves.gtkw" "$log" &&
       python3 - "$d/waves.vcd" "$fc" <<'PY'
import sys
path, fc = sys.argv[1], int(sys.argv[2])
code, seen = None, []
for line in open(path):
    words = line.split()
    if words and words[0] == "$var" and words[4] == "cycle":  # RTL VCDs indent scopes
        code = words[3]
    elif code and line.startswith("b") and words[-1] == code:
        seen.append(int(words[0][1:], 2))
sys.exit(0 if seen and seen[0] == fc - 50 and seen[-1] == fc else 1)
PY
    then ok "WAVES_ON_FAIL=50 DUT=$dut: the failing run's waves hold cycles $((fc - 50))..$fc, with its view"
    else bad "WAVES_ON_FAIL=50 DUT=$dut: waves of cycles failure-50..failure (failure cycle '$fc')"; fi
done

# HARNESS=systemc: the sc_clock follows CLOCK_PERIOD, so its dumps have the
# same times as the C harness's (the Verilated SystemC top's scope is dut)
if [ -e /usr/include/systemc.h ]; then
    for dut in "${duts[@]}"; do
        d=$logs_root/sdp_bypass_smoke/$dut-systemc
        scope=$([ "$dut" = rtl ] && echo dut || echo TOP)
        if wv_run TEST=sdp_bypass_smoke DUT="$dut" HARNESS=systemc SEED=2 WAVES=1 CLOCK_PERIOD=2.5 && grep -q '^PASS:' "$log"; then
            wv_times "waves NV_nvdla DUT=$dut HARNESS=systemc: real time at CLOCK_PERIOD=2.5" "$d/waves.vcd" 2500 dla_core_clk "$scope"
        else bad "waves NV_nvdla DUT=$dut HARNESS=systemc CLOCK_PERIOD=2.5: the run did not pass"; fi
    done
else
    printf 'SKIP  waves HARNESS=systemc: SystemC is not installed (/usr/include/systemc.h)\n'
fi

# the "Debugging a failure" walk of docs/waves.md: its commands print what it shows
if [[ " ${duts[*]} " == *" rtl "* ]]; then
    readme_first=$(grep -m1 '^   first failure: FAIL cycle 66: dbb R' docs/waves.md | sed 's/^   //')
    readme_waves=$(grep -m1 '^   waves: logs/sdp_bypass_smoke/rtl/waves.vcd (cycles 16' docs/waves.md | sed 's/^   //')
    readme_waves=${readme_waves/logs\//$logs_root/}   # the run logs in its case's folder
    make -s sim TEST=sdp_bypass_smoke DUT=rtl SEED=1 INJECT=r-bad-id WAVES_ON_FAIL=50 >"$log" 2>&1
    if [ -n "$readme_first" ] && [ -n "$readme_waves" ] && grep -qxF "$readme_first" "$log" && grep -qxF "$readme_waves" "$log" &&
       grep -qxF "view: $logs_root/sdp_bypass_smoke/rtl/waves.gtkw (gtkwave $logs_root/sdp_bypass_smoke/rtl/waves.gtkw)" "$log"; then
        ok "docs/waves.md 'Debugging a failure': the walk's failure, waves and view lines are what the run prints"
    else bad "docs/waves.md 'Debugging a failure': the walk's lines differ from the run's ('$readme_first')"; fi
    make -s sim TEST=sdp_bypass_smoke DUT=rtl SEED=1 INJECT=r-bad-id VERBOSE=1 >"$log" 2>&1
    if grep -qxF "$(grep -m1 '^   \[cycle 62\] dbb: AR' docs/waves.md | sed 's/^   //')" "$log" &&
       grep -qxF "$(grep -m1 '^   \[cycle 59\] csb: write' docs/waves.md | sed 's/^   //')" "$log"; then
        ok "docs/waves.md 'Debugging a failure': its VERBOSE lines are what the run prints"
    else bad "docs/waves.md 'Debugging a failure': VERBOSE lines differ"; fi
fi

# make regress WAVES_ON_FAIL=N: each failing run's report names its view; a
# passing run leaves no waves
printf 'sdp_bypass_smoke DUT=twin SEED=1\nsdp_bypass_smoke DUT=twin SEED=1 INJECT=ar-unaligned\n' >"$wv_tmp/l.txt"
make -s regress LIST="$wv_tmp/l.txt" JOBS=2 WAVES_ON_FAIL=30 REGRESS_DIR="$wv_tmp/rg" >"$log" 2>&1
view=$(sed -nE 's/^ +waves: gtkwave (.*)$/\1/p' "$log" | head -n 1)
if grep -q '^regress: 1 passed, 1 failed, 0 skipped$' "$log" && [ "$(grep -c '^ *waves: gtkwave' "$log")" = 1 ] &&
   [ -s "$view" ] && [ -s "$(dirname "$view")/waves.vcd" ] && grep -qF "waves: \`gtkwave $view\`" "$wv_tmp/rg/summary.md" &&
   grep -qF "waves: gtkwave $view" "$wv_tmp/rg/junit.xml" && grep -q 'WAVES_ON_FAIL=30' "$wv_tmp/rg/summary.md"; then
    ok "make regress WAVES_ON_FAIL=30: the failing run's report (console, summary.md, JUnit) names its view"
else bad "make regress WAVES_ON_FAIL=30: the failing run's view in the report ('$view')"; fi

rm -rf "$wv_tmp"
