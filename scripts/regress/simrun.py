"""simrun.py: run simulations as `make sim` does, without a make per run.

make regress and make conformance start hundreds of short simulations, and
`make sim` spends about 0.15 s of each in make's own up-to-date checks. Here
one `make sim-template` per kind of run (DUT, harness, top, knobs) builds
whatever is missing and prints the simulator's command and the arguments of
the knobs; every run of that kind then starts the simulator directly with
its own test, trace, seed and folder. A run does what `make sim` with the
same knobs does: the same command line, its output in <folder>/sim.log
(header first), an earlier run's waves removed when it dumps, the GTKWave
view written after it (scripts/waves_view.sh); one run per folder (the lock
of scripts/sim_logged.sh: a folder another run holds is refused, naming it), a
folder or log that cannot be written is exit status 2, never a pass.

Used as a module (scripts/regress/regress.py, scripts/regress/conformance.py).
"""
import fcntl
import glob
import os
import shlex
import signal
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# LOG_DIR of the template: each run's folder replaces it in the knobs' arguments
TEMPLATE_DIR = os.path.join(ROOT, "build", "simrun-template")
# as the Makefile's WAVE_LEFTOVERS: a waves run starts without the last one's
WAVE_LEFTOVERS = ("waves.vcd", "waves.vcd.gz", "waves.fst", "waves.gtkw", "waves-rerun.log")
DUMPS = ("waves.fst", "waves.vcd.gz", "waves.vcd")
MAKE = ["make", "-s", "--no-print-directory", "-C", ROOT]


class Template:
    """What `make sim-template` printed for one kind of run."""

    def __init__(self, command, knob_args, nvdla_traces):
        self.command = command          # the simulator (words)
        self.knob_args = knob_args      # the knobs' arguments (words)
        self.nvdla_traces = nvdla_traces
        self.dumps = any(w in ("--waves", "--waves-on-fail") for w in knob_args)


def split_seed(knobs):
    """(knobs without SEED=..., the seed or None): a seed names the run, it is
    not part of its kind."""
    seed, rest = None, []
    for k in knobs:
        if k.startswith("SEED="):
            seed = k[len("SEED="):]
        else:
            rest.append(k)
    return rest, seed


def make_template(knobs, target, env):
    """(Template, None) or (None, make's output) for runs with these make
    knobs (KEY=value words, no SEED); target is TEST=... or TRACE=... of one
    of them (it picks the top and checks the request as make sim does)."""
    cmd = MAKE + ["sim-template", target] + list(knobs) + ["LOG_DIR=" + TEMPLATE_DIR]
    p = subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, stdin=subprocess.DEVNULL)
    lines = p.stdout.splitlines()
    if p.returncode != 0 or len(lines) < 3:
        out = (p.stderr + p.stdout).strip() or "make sim-template exited with status %d" % p.returncode
        return None, out
    try:
        command, knob_args = shlex.split(lines[-3]), shlex.split(lines[-2])
    except ValueError as e:
        return None, "make sim-template printed a command shlex cannot split (%s): %s" % (e, lines[-3:])
    return Template(command, knob_args, lines[-1]), None


def make_template_or_say(knobs, target, env, who):
    """make_template's Template, or None once make's output and that nothing
    ran are printed on stderr (who: the tool's name, for the message)."""
    tmpl, msg = make_template(knobs, target, env)
    if tmpl is None:
        print(msg, file=sys.stderr)
        print("%s: nothing ran: make refused the request or the RTL did not build" % who, file=sys.stderr)
    return tmpl


def cfg_of(folder):
    """The .cfg of a trace folder: <name>/<name>.cfg, or its only .cfg; None."""
    folder = folder.rstrip("/")
    own = os.path.join(folder, os.path.basename(folder) + ".cfg")
    if os.path.isfile(own):
        return own
    cfgs = glob.glob(os.path.join(folder, "*.cfg"))
    return cfgs[0] if len(cfgs) == 1 else None


def resolve(test=None, trace=None, nvdla_traces=""):
    """(test name, trace path or None, error or None), as the Makefile names
    TRACE=path (nvdla/<cfg name>) and TEST=nvdla/<name> (a folder of
    NVDLA_TRACES)."""
    if trace:
        path = trace.rstrip("/")
        full = path if os.path.isabs(path) else os.path.join(ROOT, path)
        cfg = path
        if os.path.isdir(full):
            found = cfg_of(full)
            if not found:
                return None, None, "make sim: %s holds no single .cfg" % trace
            cfg = os.path.join(path, os.path.basename(found))
        elif not os.path.exists(full):
            return None, None, "make sim: no trace %s" % trace
        return "nvdla/" + os.path.splitext(os.path.basename(cfg))[0], cfg, None
    if test.startswith("nvdla/"):
        name = test[len("nvdla/"):]
        cfg = os.path.join(nvdla_traces, name, name + ".cfg")
        if not os.path.exists(cfg if os.path.isabs(cfg) else os.path.join(ROOT, cfg)):
            return None, None, "make sim: no trace %s: %s does not exist (NVDLA_TRACES=%s)" % (test, cfg, nvdla_traces)
        return test, cfg, None
    return test, None, None


def argv(tmpl, test, trace, dut, seed, out_dir):
    """The simulator's command line for one run (what make sim would run)."""
    words = list(tmpl.command) + ["--test", test, "--dut", dut, "--out-dir", out_dir]
    if trace:
        words += ["--trace", trace]
    if seed is not None and seed != "":
        words += ["--seed", str(seed)]
    return words + [w.replace(TEMPLATE_DIR, out_dir) for w in tmpl.knob_args]


def kill_group(p):
    """End a run and everything it started (a WAVES_ON_FAIL rerun)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(p.pid, sig)
        except OSError:
            return
        try:
            p.wait(5)
            return
        except subprocess.TimeoutExpired:
            continue


def run(tmpl, test, trace, dut, seed, out_dir, env=None, timeout=None, started=None, server=None):
    """Runs one simulation: (exit status, its output, timed out). The output
    is also <out_dir>/sim.log; started(popen) lets a caller track the
    process (to stop it on a signal). server: a simserve.Pool that runs it
    from a shared reset when it can (else it runs fresh)."""
    full = out_dir if os.path.isabs(out_dir) else os.path.join(ROOT, out_dir)
    try:
        os.makedirs(full, exist_ok=True)
        lock = open(os.path.join(full, ".sim.lock"), "a+")
    except OSError as e:
        return 2, "simrun: cannot write the log folder %s: %s\n" % (out_dir, e.strerror or e), False
    with lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            lock.seek(0)
            other = lock.readline().strip() or "its pid unknown"
            return 2, ("simrun: another run is writing the log folder %s (%s): wait for it, or give this run "
                       "its own LOG_DIR=<folder>\n" % (out_dir, other)), False
        try:
            lock.truncate(0)
            lock.write("pid %d: %s %s seed %s\n" % (os.getpid(), test or trace, dut, seed))
            lock.flush()
            return _run_locked(tmpl, test, trace, dut, seed, out_dir, full, env, timeout, started, server)
        except OSError as e:
            return 2, "simrun: cannot write in %s: %s: %s\n" % (out_dir, e.filename or "", e.strerror or e), False


def _run_locked(tmpl, test, trace, dut, seed, out_dir, full, env, timeout, started, server=None):
    if tmpl.dumps:
        for f in WAVE_LEFTOVERS:
            try:
                os.remove(os.path.join(full, f))
            except OSError:
                pass
    log = os.path.join(full, "sim.log")
    words = argv(tmpl, test, trace, dut, seed, out_dir)
    served = server.run(words, log, timeout) if server else None
    rc, timed_out = served or _run_fresh(words, log, env, timeout, started)
    if any(os.path.exists(os.path.join(full, d)) for d in DUMPS):
        v = subprocess.run([os.path.join(ROOT, "scripts", "waves_view.sh"), out_dir], cwd=ROOT, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
        with open(log, "a") as f:
            f.write(v.stdout)
    with open(log, errors="replace") as f:
        return rc, f.read(), timed_out


def _run_fresh(words, log, env, timeout, started):
    """The run in a simulator process of its own: (exit status, timed out)."""
    timed_out = False
    with open(log, "w") as f:
        p = subprocess.Popen(words, cwd=ROOT, env=env, stdout=f,
                             stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
        if started:
            started(p)
        try:
            rc = p.wait(timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            kill_group(p)
            rc = p.returncode
    return rc, timed_out
