#!/usr/bin/env python3
"""make bench's Ethos-U twin against TensorFlow Lite (issue 36): the same .tflite layers and
network through LiteRT's reference kernels (BUILTIN_REF), its default kernels without and with
XNNPACK, and the Ethos-U twin running Vela's command stream of exactly that model.

Run with the venv's python (make ethosu-venv: build/ethosu-venv/bin/python, ai-edge-litert and
Vela from PyPI); scripts/bench/bench.sh section 10 does. Each layer is written by the corpus's own
writer (ethosu_corpus_ops.Net, the network is the corpus's mobilenet_v2_035_96), compiled with
Vela for ethos-u65-256 (the network also for ethos-u85-256) into a network folder under build/bench/ethosu-layers/ (the npz, the input,
BUILTIN_REF's output as the expected one) and run by the twin's network runner
(build/sim-twin --test ethosu/network). Times are CPU seconds per inference, one thread:
LiteRT's invoke() (time.process_time, repeated to 50 ms, the mean), the twin's kernel operations
alone (ETHOSU_COMPUTE_TIME: unpack, weight decode and order, golden operation, pack; not the
simulated bus and command stream). Rounds interleave every side (noise hits all alike); the best
round is kept. G MAC/s counts CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED multiply-accumulates,
a pool's window elements and an elementwise operation's outputs.

Usage: bench_ethosu_layers.py [--quick] [--rounds N] [--twin build/sim-twin]
Prints a Markdown section on stdout, progress on stderr; exit 0 (a twin FAIL shows in the table),
2 on a setup error.
"""

import argparse
import os
import re
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "gen"))

import ethosu_corpus  # noqa: E402
import ethosu_corpus_nets  # noqa: E402
from ethosu_corpus_ops import Net  # noqa: E402

CONFIG = "ethos-u65-256"


def _layer(build):
    def make(name, seed):
        n = Net(name, seed, False, False)
        build(n)
        return n.g

    return make


LAYERS = [
    ("conv 1x1 48x48x64->64", _layer(lambda n: n.output(n.conv(n.input([1, 48, 48, 64]), 64, (1, 1))))),
    ("conv 3x3 48x48x64->64", _layer(lambda n: n.output(n.conv(n.input([1, 48, 48, 64]), 64, (3, 3))))),
    ("depthwise 3x3 96x96x32", _layer(lambda n: n.output(n.depthwise(n.input([1, 96, 96, 32]), 1, (3, 3))))),
    ("max pool 3x3 s2 96x96x32", _layer(lambda n: n.output(n.pool(n.input([1, 96, 96, 32]), "max", (3, 3), (2, 2),
                                                                "same")))),
    ("avg pool 3x3 s1 48x48x64", _layer(lambda n: n.output(n.pool(n.input([1, 48, 48, 64]), "avg", (3, 3), (1, 1),
                                                                "same")))),
    ("add 96x96x32 + 96x96x32", _layer(lambda n: n.output(n.binary("add", n.input([1, 96, 96, 32]),
                                                                    n.input([1, 96, 96, 32]))))),
]


def corpus_network(name):
    for i, (n, _desc, build) in enumerate(ethosu_corpus_nets.NETWORKS):
        if n == name:
            return lambda net_name, _seed: build(net_name, i)
    raise SystemExit(f"bench_ethosu_layers: {name} is not a corpus network")


def macs_of(tflite):
    """Multiply-accumulates (conv, depth-wise, FC), window elements (pools), outputs (others)."""
    from ai_edge_litert.interpreter import Interpreter

    it = Interpreter(model_path=tflite)
    shapes = {t["index"]: t["shape"] for t in it.get_tensor_details()}
    total = 0
    for op in it._get_ops_details():
        name, ins, outs = op["op_name"], op["inputs"], op["outputs"]
        out = int(np.prod(shapes[outs[0]])) if len(outs) else 0
        if name == "CONV_2D":
            total += out * int(np.prod(shapes[ins[1]][1:]))
        elif name == "DEPTHWISE_CONV_2D":
            f = shapes[ins[1]]
            total += out * int(f[1] * f[2])
        elif name == "FULLY_CONNECTED":
            total += out * int(shapes[ins[1]][1])
        elif name in ("AVERAGE_POOL_2D", "MAX_POOL_2D"):
            total += out * 9   # the layers above: 3x3 windows
        elif name not in ("RESHAPE", "QUANTIZE", "DEQUANTIZE"):
            total += out
    return total


def make_folder(name, build, work, vela, config):
    """The network folder of one layer: tflite, Vela's npz, input, BUILTIN_REF's output."""
    slug = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    folder = os.path.join(work, slug)
    os.makedirs(folder, exist_ok=True)
    tfl = os.path.join(work, slug + ".tflite")
    with open(tfl, "wb") as f:
        f.write(build(slug, 1).serialise())
    vdir = os.path.join(work, "vela", slug)
    if os.path.isdir(vdir):
        for f in os.listdir(vdir):
            os.remove(os.path.join(vdir, f))
    os.makedirs(vdir, exist_ok=True)
    npz, _ = ethosu_corpus.vela_compile(vela, tfl, config, vdir)
    for f in os.listdir(folder):
        os.remove(os.path.join(folder, f))
    os.replace(npz, os.path.join(folder, slug + "_vela.npz"))
    inputs, outputs, _ = ethosu_corpus.reference(tfl, 1)
    for i, x in enumerate(inputs):
        np.save(os.path.join(folder, f"input_{i}.npy"), x)
    for i, y in enumerate(outputs):
        np.save(os.path.join(folder, f"expected_{i}.npy"), y)
    return tfl, folder, inputs


def litert_time(tfl, inputs, resolver, min_time):
    """CPU seconds per invoke(), one thread: the mean over repeats lasting min_time."""
    from ai_edge_litert.interpreter import Interpreter

    it = Interpreter(model_path=tfl, experimental_op_resolver_type=resolver, num_threads=1)
    it.allocate_tensors()
    for d, x in zip(it.get_input_details(), inputs):
        it.set_tensor(d["index"], x)
    it.invoke()   # warm-up: first-call allocations, XNNPACK's weight packing
    n, t0 = 0, time.process_time()
    while True:
        it.invoke()
        n += 1
        t = time.process_time() - t0
        if t >= min_time:
            return t / n


def twin_time(twin, folder, config):
    env = dict(os.environ, ETHOSU_COMPUTE_TIME="1")
    r = subprocess.run([twin, "--test", "ethosu/network", "--network", folder, "--ethosu-config", config],
                       capture_output=True, text=True, env=env)
    m = re.search(r"twin compute: (\d+) kernel operations, ([0-9.]+) CPU-s", r.stdout)
    status = "PASS" if r.returncode == 0 and re.search(r"^PASS", r.stdout, re.M) else "FAIL"
    return status, (float(m.group(2)) if m else None), (int(m.group(1)) if m else 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="2 rounds, 20 ms per LiteRT measurement")
    ap.add_argument("--rounds", type=int, help="interleaved rounds, best kept (default 5, --quick 2)")
    ap.add_argument("--twin", default=os.path.join(ROOT, "build", "sim-twin"))
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "bench", "ethosu-layers"))
    args = ap.parse_args()
    rounds = args.rounds or (2 if args.quick else 5)
    min_time = 0.02 if args.quick else 0.05
    from ai_edge_litert.interpreter import OpResolverType as R

    vela = os.path.join(os.path.dirname(sys.executable), "vela")
    if not os.access(args.twin, os.X_OK) or not os.access(vela, os.X_OK):
        print(f"bench_ethosu_layers: need {args.twin} (make twin) and {vela} (make ethosu-venv)", file=sys.stderr)
        return 2
    os.makedirs(args.work, exist_ok=True)
    mnv2 = corpus_network("mobilenet_v2_035_96")
    cases = [(name, build, CONFIG) for name, build in LAYERS] + [
        ("MobileNetV2 0.35 96x96 (corpus mobilenet_v2_035_96)", mnv2, CONFIG),
        ("MobileNetV2 0.35 96x96 on ethos-u85-256", mnv2, "ethos-u85-256"),
    ]
    sides = (("ref", R.BUILTIN_REF), ("default", R.BUILTIN_WITHOUT_DEFAULT_DELEGATES), ("xnnpack", R.BUILTIN))
    rows = []
    for name, build, config in cases:
        print(f"bench_ethosu_layers: {name}", file=sys.stderr)
        tfl, folder, inputs = make_folder(name, build, args.work, vela, config)
        best = {}
        status, ops = "PASS", 0
        for _ in range(rounds):
            for side, res in sides:
                t = litert_time(tfl, inputs, res, min_time)
                best[side] = min(best.get(side, t), t)
            st, t, ops = twin_time(args.twin, folder, config)
            status = st if status == "PASS" else status
            if t is not None:
                best["twin"] = min(best.get("twin", t), t)
        rows.append((name, macs_of(tfl), ops, status, best))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"## 10. Ethos-U twin against TensorFlow Lite ({CONFIG} unless named, one thread, best of {rounds} interleaved rounds, "
          f"load average {load:.2f} on {os.cpu_count()} CPUs)")
    print()
    print("CPU time per inference; G MAC/s = multiply-accumulates (pools: window elements, elementwise: outputs) "
          "per CPU-second. Twin: its kernel operations only (unpack, weight decode, golden operation, pack). "
          "Ratio: twin time / BUILTIN_REF time (at most 1.0: the twin is as fast as the reference interpreter).")
    print()
    print("| layer | MACs | twin ops | twin | ref ms | ref G/s | default ms | default G/s | XNNPACK G/s "
          "| twin ms | twin G/s | twin / ref |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")

    def g(macs, t):
        return f"{macs / t / 1e9:.3g}" if t else "-"

    for name, macs, ops, status, b in rows:
        tw = b.get("twin")
        ratio = f"{tw / b['ref']:.2f}" if tw else "-"
        print(f"| {name} | {macs} | {ops} | {status} | {b['ref'] * 1e3:.3g} | {g(macs, b['ref'])} "
              f"| {b['default'] * 1e3:.3g} | {g(macs, b['default'])} | {g(macs, b['xnnpack'])} "
              f"| {tw * 1e3 if tw else float('nan'):.3g} | {g(macs, tw)} | {ratio} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
