#!/usr/bin/env python3
"""Builds the Ethos-U65 network corpus (sequences/ethosu/networks/).

For every network of ethosu_corpus_nets.NETWORKS and ethosu_corpus_coverage.NETWORKS
(one per operator Vela places on the NPU and type): write the .tflite flatbuffer
(no TensorFlow: ethosu_tflite_writer), compile it with Vela for ethos-u65-256
and ethos-u65-512 (--output-format raw), refuse it if any operator stays on the
CPU, run TensorFlow Lite's reference kernels (ai-edge-litert, BUILTIN_REF) on a
random input and write, per configuration, a folder

    <out>/<config>/<name>/<name>_vela.npz   Vela's raw output (zip timestamps fixed)
                         /input_<i>.npy     the input tensors, their own dtype and shape
                         /expected_<i>.npy  the reference outputs
                         /README.txt        one line: what the network is
                         /xfail.txt         for a network listed in an XFAIL table: why the
                                            command stream and the reference disagree

With --tflite my.tflite, the same for your own network instead of the corpus (a
random input from --seed). Run it with the venv's python (make ethosu-venv:
build/ethosu-venv/bin/python); make ethosu-corpus runs it for the corpus. Deterministic: fixed seeds,
and the npz's zip member timestamps (numpy writes the wall clock) are set to
1980-01-01 so a re-run writes the same bytes.
"""

import argparse
import os
import re
import shlex
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ethosu_corpus_coverage  # noqa: E402
import ethosu_corpus_nets  # noqa: E402

CONFIGS = ("ethos-u55-32", "ethos-u55-64", "ethos-u55-128", "ethos-u55-256", "ethos-u65-256", "ethos-u65-512")
U85_CONFIGS = ("ethos-u85-128", "ethos-u85-256", "ethos-u85-512", "ethos-u85-1024", "ethos-u85-2048")
# the real-sized models (100 KB to 600 KB a folder) go on two of the five Ethos-U85 configurations
# only, the smallest-but-one and the largest, to keep the repository small
U85_BIG_CONFIGS = ("ethos-u85-256", "ethos-u85-2048")
U85_BIG = ("mobilenet_v2_035_96", "anomaly_autoencoder", "unet_48", "resnet8_32", "u85_transformer_vit")


def network_configs(name, configs):
    """The configurations of `configs` a corpus network is built for, and why any is left out:
    an Ethos-U85-only network (Vela refuses it or leaves part of it on the CPU of the U55/U65;
    its reason in U85_ONLY) is not built for those; a real-sized model is built for two U85
    configurations only."""
    only = {**ethosu_corpus_nets.U85_ONLY, **ethosu_corpus_coverage.U85_ONLY}
    out, left = [], []
    for c in configs:
        if name in only and c not in U85_CONFIGS:
            left.append((c, "Ethos-U85 only: " + only[name]))
        elif name in U85_BIG and c in U85_CONFIGS and c not in U85_BIG_CONFIGS:
            left.append((c, "a real-sized model: on " + " and ".join(U85_BIG_CONFIGS) + " only (repository size)"))
        else:
            out.append(c)
    return out, left


def fix_zip_times(path):
    """Sets every member's DOS time and date (local headers and central directory) to
    1980-01-01 00:00 in place; all other bytes stay as Vela (numpy) wrote them."""
    data = bytearray(open(path, "rb").read())
    dos_date = (0 << 9) | (1 << 5) | 1  # 1980-01-01
    # walk the central directory from the end-of-central-directory record
    eocd = data.rfind(b"PK\x05\x06")
    if eocd < 0:
        raise SystemExit(f"{path}: not a zip file")
    count, cd_size, cd_offset = struct.unpack_from("<HII", data, eocd + 10)
    if cd_offset == 0xFFFFFFFF or count == 0xFFFF:
        loc = data.rfind(b"PK\x06\x07", 0, eocd)
        z64 = struct.unpack_from("<Q", data, loc + 8)[0]
        count = struct.unpack_from("<Q", data, z64 + 32)[0]
        cd_offset = struct.unpack_from("<Q", data, z64 + 48)[0]
    p = cd_offset
    for _ in range(count):
        if data[p : p + 4] != b"PK\x01\x02":
            raise SystemExit(f"{path}: malformed zip central directory")
        name_len, extra_len, comment_len = struct.unpack_from("<HHH", data, p + 28)
        local = struct.unpack_from("<I", data, p + 42)[0]
        if local == 0xFFFFFFFF:
            # zip64: the offset is in the extra field (after any 64-bit sizes present)
            extra = data[p + 46 + name_len : p + 46 + name_len + extra_len]
            local = _zip64_local_offset(data, p, extra)
        struct.pack_into("<HH", data, p + 12, 0, dos_date)
        if data[local : local + 4] != b"PK\x03\x04":
            raise SystemExit(f"{path}: malformed zip local header")
        struct.pack_into("<HH", data, local + 10, 0, dos_date)
        p += 46 + name_len + extra_len + comment_len
    open(path, "wb").write(bytes(data))


def _zip64_local_offset(data, p, extra):
    comp, uncomp = struct.unpack_from("<II", data, p + 20)
    q = 0
    while q + 4 <= len(extra):
        tag, size = struct.unpack_from("<HH", extra, q)
        if tag == 1:
            r = q + 4
            if uncomp == 0xFFFFFFFF:
                r += 8
            if comp == 0xFFFFFFFF:
                r += 8
            return struct.unpack_from("<Q", extra, r)[0]
        q += 4 + size
    raise SystemExit("zip64 extra field without a local header offset")


class NetworkError(Exception):
    """A network Vela refuses or partly places on the CPU."""


def vela_compile(vela, tflite_path, config, out_dir, verbose_stream_to=None, extra_args=()):
    """Runs Vela; returns the path of the npz. Exits if an operator falls back to the CPU."""
    cmd = [
        vela,
        tflite_path,
        "--accelerator-config",
        config,
        "--output-format",
        "raw",
        "--output-dir",
        out_dir,
        "--show-cpu-operations",
    ] + list(extra_args)
    if verbose_stream_to:
        cmd.append("--verbose-register-command-stream")
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0 and "regor_operations_from_database" in r.stderr:
        # Vela 5.2's --show-cpu-operations fails on some lowerings (ARG_MAX: KeyError in its
        # stats writer); without it the summary's CPU operator count below still decides
        cmd.remove("--show-cpu-operations")
        r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        # Vela's raw writer refuses CPU operators itself; keep its reasons and its last error line
        lines = (r.stdout + r.stderr).splitlines()
        why = [ln for ln in lines if ln.startswith(("Warning (supported operators)", "Reason:"))]
        last = [ln for ln in lines if ln.strip()][-1:] if lines else []
        raise NetworkError(f"vela {config} refuses it: " + " / ".join(why + last))
    if verbose_stream_to:
        with open(verbose_stream_to, "w") as f:
            f.write(r.stdout)
    text = r.stdout + r.stderr
    cpu = re.search(r"CPU operators = (\d+)", text)
    if "Placing on CPU" in text or not cpu or int(cpu.group(1)) != 0:
        raise NetworkError(f"{tflite_path} ({config}): an operator falls back to the CPU:\n{text}")
    base = os.path.splitext(os.path.basename(tflite_path))[0]
    npzs = [f for f in os.listdir(out_dir) if f.startswith(base + "_vela") and f.endswith(".npz")]
    if len(npzs) != 1:
        raise NetworkError(f"{tflite_path} ({config}): expected one npz from Vela, got {npzs}:\n{text}")
    return os.path.join(out_dir, npzs[0]), text


def check_npu_only(tflite_path, npz_path, n_inputs, n_outputs, config):
    """The npz must carry the whole network: as many inputs and outputs as the model."""
    z = np.load(npz_path, allow_pickle=True)
    if len(z["input_shape"]) != n_inputs or len(z["output_shape"]) != n_outputs:
        raise NetworkError(
            f"{tflite_path} ({config}): the NPU part has {len(z['input_shape'])} inputs and "
            f"{len(z['output_shape'])} outputs, the model {n_inputs} and {n_outputs}: part of it runs on the CPU"
        )


def reference(tflite_path, seed, builtin=False):
    """Random inputs and TensorFlow Lite's outputs: its reference kernels (BUILTIN_REF), or with
    builtin (a network whose reference kernel is broken) LiteRT's own kernels."""
    from ai_edge_litert.interpreter import Interpreter, OpResolverType

    resolver = OpResolverType.BUILTIN if builtin else OpResolverType.BUILTIN_REF
    try:
        it = Interpreter(model_path=tflite_path, experimental_op_resolver_type=resolver)
    except (RuntimeError, ValueError) as e:
        # an operator BUILTIN_REF lacks (ELU): LiteRT's own (optimised) kernels are the reference
        if "Didn't find op for builtin opcode" not in str(e):
            raise
        resolver = OpResolverType.BUILTIN
        it = Interpreter(model_path=tflite_path, experimental_op_resolver_type=resolver)
    it.allocate_tensors()
    rng = np.random.default_rng(seed)
    inputs = []
    for d in it.get_input_details():
        info = np.iinfo(d["dtype"])
        x = rng.integers(info.min, info.max + 1, size=d["shape"], dtype=np.int64).astype(d["dtype"])
        it.set_tensor(d["index"], x)
        inputs.append(x)
    it.invoke()
    outputs = [np.array(it.get_tensor(d["index"])) for d in it.get_output_details()]
    return inputs, outputs, "" if resolver == OpResolverType.BUILTIN_REF else " (reference: LiteRT's BUILTIN kernels)"


def saturation(outputs):
    """The share of output values at the ends of their type's range (a badly scaled network)."""
    total = sum(o.size for o in outputs)
    sat = sum(int(np.sum((o == np.iinfo(o.dtype).min) | (o == np.iinfo(o.dtype).max))) for o in outputs
              if o.dtype != np.int64)
    return sat / max(1, total)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="sequences/ethosu/networks", help="corpus folder (default %(default)s)")
    ap.add_argument("--only", action="append", help="build only this network (repeatable)")
    ap.add_argument("--configs", default=",".join(CONFIGS),
                    help="comma-separated accelerator configs (default: the six Ethos-U55/U65 ones; 'all' adds the "
                    "five Ethos-U85 ones)")
    ap.add_argument("--tflite", action="append",
                    help="instead of the corpus: your own int8/int16 .tflite (repeatable); its folders are named "
                    "after the file; random input (--seed), TensorFlow Lite's reference output")
    ap.add_argument("--vela-args", help="for --tflite: more Vela options, e.g. \"--system-config Ethos_U65_High_End "
                    "--memory-mode Shared_Sram\"")
    ap.add_argument("--seed", type=int, default=1, help="the input seed for --tflite (default %(default)s)")
    ap.add_argument("--streams", help="also write Vela's disassembled command streams into this folder")
    ap.add_argument("--keep-tflite", help="also copy each generated .tflite into this folder")
    ap.add_argument("--list", action="store_true", help="list the networks and exit")
    ap.add_argument("--with-twin-faults", action="store_true",
                    help="also the networks a toolkit fault stops today (left out otherwise: --coverage and --list "
                    "name them)")
    ap.add_argument("--coverage", action="store_true",
                    help="print the operator coverage table (every operator Vela places on the NPU, per type: its "
                    "network or why there is none) and exit")
    ap.add_argument("--check", action="store_true",
                    help="write into a temporary folder and compare with --out byte for byte instead")
    args = ap.parse_args()
    committed = args.out

    # (name, description, write(path) -> op names, model seed, input seed)
    jobs = []
    if args.tflite:
        for path in args.tflite:
            if not os.path.isfile(path):
                print(f"ethosu_corpus: {path}: no such file", file=sys.stderr)
                return 2
            name = os.path.splitext(os.path.basename(path))[0]
            desc = f"{os.path.basename(path)}, input seed {args.seed}"
            jobs.append((name, desc, _copy_writer(path), args.seed, shlex.split(args.vela_args or ""), None))
    else:
        nets = ethosu_corpus_nets.NETWORKS + (ethosu_corpus_coverage.build_networks(True) if args.with_twin_faults
                                              else ethosu_corpus_coverage.NETWORKS)
        if args.coverage:
            print(ethosu_corpus_coverage.table())
            return 0
        if args.list:
            faults = {**ethosu_corpus_nets.TWIN_FAULT, **ethosu_corpus_coverage.TWIN_FAULT}
            for name, desc, _ in nets:
                left_out = f" [left out: {faults[name]}]" if name in faults and not args.with_twin_faults else ""
                whys = {}
                for c, why in network_configs(name, CONFIGS + U85_CONFIGS)[1]:
                    whys.setdefault(why, []).append(c)
                for why, cs in whys.items():
                    left_out += f" [not on {', '.join(cs)}: {why}]"
                print(f"{name:28s} {desc}{left_out}")
            return 0
        known = {n for n, _, _ in nets}
        unknown = set(args.only or []) - known
        if unknown:
            print(f"ethosu_corpus: unknown network(s): {', '.join(sorted(unknown))} (--list lists them)", file=sys.stderr)
            return 2
        # a network's seeds are its position in ethosu_corpus_nets.NETWORKS, whatever --only picks;
        # the coverage networks' come from their names (their table may grow anywhere)
        n_nets = len(ethosu_corpus_nets.NETWORKS)
        for pos, (name, desc, build) in enumerate(nets):
            if name in ethosu_corpus_nets.TWIN_FAULT and not args.with_twin_faults:
                continue   # a toolkit fault stops it today (--coverage and --list name it)
            if not args.only or name in args.only:
                vela_args = ethosu_corpus_nets.VELA_OPTIONS.get(name, [])
                model_seed, input_seed = (1000 + pos, 2000 + pos) if pos < n_nets else _name_seeds(name)
                jobs.append((name, desc, _graph_writer(build, name, model_seed), input_seed, vela_args, name))
    configs = list(CONFIGS + U85_CONFIGS) if args.configs == "all" else args.configs.split(",")
    for c in configs:
        if c not in CONFIGS + U85_CONFIGS:
            print(f"ethosu_corpus: unknown config {c} (one of {', '.join(CONFIGS + U85_CONFIGS)})", file=sys.stderr)
            return 2

    vela = shutil.which("vela", path=os.path.dirname(sys.executable)) or shutil.which("vela")
    if not vela:
        print("ethosu_corpus: vela not found (run it with the venv's python: make ethosu-venv)", file=sys.stderr)
        return 2

    total_bytes = 0
    failed = []
    with tempfile.TemporaryDirectory(prefix="ethosu_corpus_") as tmp:
        if args.check:
            args.out = os.path.join(tmp, "corpus")
        made = {c: [] for c in configs}
        for name, desc, write, seed, vela_args, corpus_name in jobs:
            net_configs = network_configs(corpus_name, configs)[0] if corpus_name else configs
            if not net_configs:
                continue
            for c in net_configs:
                made[c].append(name)
            try:
                total_bytes += build_one(args, vela, tmp, net_configs, name, desc, write, seed, vela_args)
            except NetworkError as e:
                failed.append(name)
                print(f"{name}: FAILED: {e}", file=sys.stderr)
        if failed:
            print(f"ethosu_corpus: {len(failed)} network(s) failed: {', '.join(failed)}", file=sys.stderr)
            return 1
        if args.check:
            whole = not args.only and not args.tflite
            return compare_trees(args.out, committed, made, whole)
    print(f"ethosu_corpus: {sum(len(n) for n in made.values())} network folders ({len(jobs)} networks, "
          f"{len(configs)} configs) written to {args.out} ({total_bytes / 1024:.0f} KiB)")
    return 0


def compare_trees(made, committed, names_of, whole):
    """--check: every file made must equal the committed one; for the whole corpus, no committed
    folder may be left over either. names_of: {config: the networks made for it}."""
    bad = []
    for config, names in names_of.items():
        for name in names:
            a, b = os.path.join(made, config, name), os.path.join(committed, config, name)
            files = sorted(set(os.listdir(a)) | (set(os.listdir(b)) if os.path.isdir(b) else set()))
            for f in files:
                fa, fb = os.path.join(a, f), os.path.join(b, f)
                if not os.path.isfile(fa) or not os.path.isfile(fb) or open(fa, "rb").read() != open(fb, "rb").read():
                    bad.append(os.path.join(config, name, f))
        if whole and os.path.isdir(os.path.join(committed, config)):
            bad += [os.path.join(config, d) + " (no such network)"
                    for d in sorted(set(os.listdir(os.path.join(committed, config))) - set(names))]
    for b in bad:
        print(f"ethosu_corpus --check: differs: {os.path.join(committed, b)}", file=sys.stderr)
    if bad:
        print(f"ethosu_corpus --check: {len(bad)} file(s) differ from {committed} (make ethosu-corpus regenerates)",
              file=sys.stderr)
        return 1
    print(f"ethosu_corpus --check: {sum(len(n) for n in names_of.values())} network folders in {len(names_of)} configs "
          f"identical to {committed}")
    return 0


def _name_seeds(name):
    """A coverage network's model and input seeds, from its name alone."""
    h = zlib.crc32(name.encode())
    return 100000 + h % 1000000, 2000000 + h % 1000000


def xfail_reason(name):
    """Why the command stream and TensorFlow Lite's reference disagree on this network (None: they agree)."""
    return ethosu_corpus_coverage.XFAIL.get(name) or ethosu_corpus_nets.XFAIL.get(name)


def _graph_writer(build, name, seed):
    def write(path):
        graph = build(name, seed)
        with open(path, "wb") as f:
            f.write(graph.serialise())
        return sorted({_op_name(code) for code, *_ in graph.operators})

    return write


def _copy_writer(src):
    def write(path):
        shutil.copyfile(src, path)
        return []

    return write


def product_vela_args(config, vela_args):
    """A network's Vela options for one configuration. Vela's Ethos-U55 system
    configurations have flash behind AXI1, where Dedicated_Sram puts the arena;
    such a network takes a system configuration with DRAM there on the U55."""
    args = list(vela_args)
    if config.startswith("ethos-u55-") and "Dedicated_Sram" in args and "--system-config" not in args:
        args = ["--system-config", "Ethos_U65_High_End"] + args
    return args


def build_one(args, vela, tmp, configs, name, desc, write, seed, vela_args):
    """Writes, compiles and runs one network; writes its folders; returns their size in bytes."""
    tfl = os.path.join(tmp, name + ".tflite")
    ops = ",".join(write(tfl))
    if args.keep_tflite and not args.tflite:
        os.makedirs(args.keep_tflite, exist_ok=True)
        shutil.copy(tfl, args.keep_tflite)
    try:
        inputs, outputs, ref_note = reference(tfl, seed, name in ethosu_corpus_coverage.REFERENCE_BUILTIN)
    except (RuntimeError, ValueError) as e:
        raise NetworkError(f"TensorFlow Lite's reference refuses it: {e}")
    # int64 outputs: ARG_MAX's index, which Vela writes as int32 pairs
    for t in inputs + [o for o in outputs if o.dtype != np.int64]:
        if t.dtype not in (np.int8, np.uint8, np.int16):
            raise NetworkError(f"a {t.dtype} input or output: the NPU runs int8/uint8/int16 networks only")
    # compile for every configuration before writing anything
    npzs = {}
    for config in configs:
        vdir = os.path.join(tmp, config, name)
        os.makedirs(vdir)
        stream = None
        if args.streams:
            os.makedirs(args.streams, exist_ok=True)
            stream = os.path.join(args.streams, f"{name}_{config}.txt")
        npzs[config], _ = vela_compile(vela, tfl, config, vdir, stream, product_vela_args(config, vela_args))
        check_npu_only(tfl, npzs[config], len(inputs), len(outputs), config)
    total_bytes = 0
    for config in configs:
        out = os.path.join(args.out, config, name)
        if os.path.isdir(out):
            shutil.rmtree(out)
        os.makedirs(out)
        dst = os.path.join(out, name + "_vela.npz")
        shutil.copyfile(npzs[config], dst)
        fix_zip_times(dst)
        for i, x in enumerate(inputs):
            np.save(os.path.join(out, f"input_{i}.npy"), x)
        for i, y in enumerate(outputs):
            np.save(os.path.join(out, f"expected_{i}.npy"), y)
        reason = None if args.tflite else xfail_reason(name)
        if reason:
            # the runner reports XFAIL (stream and reference disagree) instead of FAIL
            with open(os.path.join(out, "xfail.txt"), "w") as f:
                f.write(reason + "\n")
        with open(os.path.join(out, "README.txt"), "w") as f:
            what = (f" (ops: {ops})" if ops else "") + ref_note
            if vela_args:
                what += f" (vela {' '.join(vela_args)})"
            f.write(f"{name}: {desc}{what}; made by scripts/gen/ethosu_corpus.py\n")
        total_bytes += sum(os.path.getsize(os.path.join(out, f)) for f in os.listdir(out))
    print(
        f"{name:24s} in {[list(x.shape) for x in inputs]} out {[list(y.shape) for y in outputs]} "
        f"saturated {saturation(outputs):4.0%}  {ops}"
    )
    return total_bytes


def _op_name(code):
    from ethosu.vela.tflite.BuiltinOperator import BuiltinOperator

    for k, v in vars(BuiltinOperator).items():
        if v == code and not k.startswith("_"):
            return k
    return str(code)


if __name__ == "__main__":
    sys.exit(main())
