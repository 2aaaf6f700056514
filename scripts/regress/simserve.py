"""simserve.py: many runs from one reset, through `sim --serve`.

A server (sequences/main/sim_serve.h) builds the DUT and resets it once,
then forks a child per run that goes on from the end of reset exactly as a
fresh simulator with that run's command line would: the same output in the
run's sim.log, the same verdict, reproduce line and cycle count. On the
real nv_small that saves the model's construction and the 8,192-cycle CBUF
flush of every layer.

A Pool keeps idle servers per kind of run (the command line without the
values of --test, --trace and --out-dir, the seed included: the state at
the end of reset depends on it), at most one per worker. Server.run returns
None when the server cannot take the run (it refused the template, it
answered "mismatch", it died): the caller then runs it fresh
(simrun.run(..., server=pool) does so by itself).

Used as a module by simrun.py's callers (hw_harvest.py).
"""
import math
import os
import subprocess
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PER_RUN = ("--test", "--trace", "--out-dir")
MISMATCH_EXIT = 3   # SIM_SERVE_MISMATCH: the child found the run unsuited to the reset


def kind_of(words):
    """The words with the per-run values blanked: runs of one kind share a server."""
    return tuple("" if i > 0 and words[i - 1] in PER_RUN else w for i, w in enumerate(words))


class Server:
    """One `sim --serve` process, reset once; runs one request at a time."""

    def __init__(self, words, env, log):
        self.log = log
        self.proc = None
        self.why = None
        try:
            with open(log, "w") as err:
                self.proc = subprocess.Popen([words[0], "--serve"] + list(words[1:]), cwd=ROOT, env=env,
                                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
                                             universal_newlines=True, start_new_session=True)
            line = self.proc.stdout.readline().strip()
        except OSError as e:
            self.why = "cannot start the server: %s" % e
            return
        if not line.startswith("ready "):
            self.why = line or "the server ended before its reset (log %s)" % log
            self.close()

    def run(self, words, log, timeout):
        """(exit status, timed out) of the run, or None (run it fresh)."""
        if self.why or any("\n" in w for w in words) or "\n" in log:
            return None
        req = "run %d %d\n%s\n%s\n" % (len(words) - 1, math.ceil(timeout or 0), log,
                                        "\n".join(words[1:]))
        try:
            self.proc.stdin.write(req)
            self.proc.stdin.flush()
            line = self.proc.stdout.readline().split()
        except (OSError, ValueError):
            line = []
        if len(line) == 2 and line[0] in ("exit", "timeout"):
            rc = int(line[1])
            if line[0] == "exit" and rc == MISMATCH_EXIT:
                return None
            return rc, line[0] == "timeout"
        if line[:1] != ["mismatch"]:
            self.why = "the server died (log %s)" % self.log
            self.close()
        return None

    def close(self, kill=False):
        """Ends the server (kill: at once, with the child it has running:
        they share its process group)."""
        p = self.proc
        if p is None:
            return
        self.proc = None
        self.why = self.why or "closed"
        try:
            if kill:
                os.killpg(p.pid, 9)
            p.stdin.close()
        except OSError:
            pass
        try:
            p.wait(10)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(p.pid, 9)
            except OSError:
                pass
            p.wait()


class Pool:
    """Idle servers per kind of run; runs fall back to None (fresh) when a
    kind's server cannot start."""

    def __init__(self, env, log_dir, limit=4):
        self.env = env
        self.limit = limit    # servers alive at most: an idle one of another kind ends first
        self.log_dir = log_dir
        self.idle = {}        # kind -> [Server]
        self.broken = {}      # kind -> why its server did not start
        self.all = []
        self.started = 0      # servers started (names their logs)
        self.forked = 0       # runs a server ran (the others ran fresh)
        self.lock = threading.Lock()

    def run(self, words, log, timeout):
        """(exit status, timed out) or None: run it fresh."""
        kind = kind_of(words)
        with self.lock:
            if kind in self.broken:
                return None
            servers = self.idle.setdefault(kind, [])
            server = servers.pop() if servers else None
            if server is None:
                n = self.started
                self.started += 1
                spare = [v for lst in self.idle.values() for v in lst]
                if sum(1 for v in self.all if v.proc) >= self.limit and spare:
                    for lst in self.idle.values():
                        if spare[0] in lst:
                            lst.remove(spare[0])
                    spare[0].close()
        if server is None:
            os.makedirs(self.log_dir, exist_ok=True)
            server = Server(words, self.env, os.path.join(self.log_dir, "server-%d.log" % n))
            with self.lock:
                self.all.append(server)
                if server.why:
                    self.broken[kind] = server.why
                    return None
        got = server.run(words, log, timeout)
        with self.lock:
            if not server.why:
                self.idle[kind].append(server)
            if got is not None:
                self.forked += 1
        return got

    def close(self, kill=False):
        with self.lock:
            servers, self.all, self.idle = self.all, [], {}
        for s in servers:
            s.close(kill)
