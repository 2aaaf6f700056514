#!/usr/bin/env python3
"""Ethos-U85 weight and scale streams from Vela 5.2, checked against the networks' real weights.

Builds small networks (ethosu_corpus_ops.Net, with weight styles of its own: 2:4 sparse, few
distinct values so that Vela picks the fast weight format), or with --corpus the Ethos-U corpus
networks (ethosu_corpus_nets), compiles each with Vela for the Ethos-U85 configurations, walks
every NPU_OP_CONV / NPU_OP_DEPTHWISE of the command stream (1-D DMAs into SRAM followed), takes
the weight stream(s) and the scale stream the registers point at, and

  --lib x.so     decodes them with the golden C code through ctypes and compares the dense
                 weights with the network's (a slice of OFM channels of one layer; or, where
                 Vela rewrote the layer, every s-th channel and a sub-kernel of it), the biases
                 exactly and scale * 2^-shift with the requantisation; one line per operation,
                 a summary, exit 1 on a mismatch. Build the library with
                   cc -O2 -shared -fPIC -Igolden/ethosu golden/ethosu/ethosu85_*.c \
                      golden/ethosu/ethosu_mlw_decode.c -o build/golden85.so
  --emit file.h  (with --lib) writes the EMIT operations' streams as C arrays with their
                 register fields and what the network holds for them:
                 golden/tests/ethosu85_weight_vectors.h.

Run with the venv's python (build/ethosu-venv/bin/python), e.g.
  build/ethosu-venv/bin/python scripts/gen/ethosu85_weight_vectors.py --lib build/golden85.so \
      --emit golden/tests/ethosu85_weight_vectors.h
Deterministic: fixed seeds.
"""

import argparse
import ctypes
import os
import shutil
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from ethosu_corpus import NetworkError, vela_compile  # noqa: E402
from ethosu_corpus_ops import Net  # noqa: E402

CONFIGS = ("ethos-u85-128", "ethos-u85-256", "ethos-u85-512", "ethos-u85-1024", "ethos-u85-2048")
MACS = {c: int(c.rsplit("-", 1)[1]) for c in CONFIGS}


class WNet(Net):
    """Net that remembers each layer's weights (OHWI; depth-wise [C][H][W]) and biases, and
    can shape the weight values: style 'sparse' (2 of every 4 IFM channels zero), 'few4' / 'few12'
    (4 / 12 distinct values: Vela's fast format's palettes)."""

    def __init__(self, name, seed, int16=False, style=None, uint8=False):
        super().__init__(name, seed, int16, uint8)
        self.style = style
        self.layers = []

    def _weights(self, shape, out_axis):
        w, s = super()._weights(shape, out_axis)
        if self.style == "few4":
            w = self.rng.choice(np.array([-7, 0, 3, 12], np.int8), size=shape)
        elif self.style == "few12":
            w = self.rng.choice(np.arange(-6, 6, dtype=np.int8) * 9, size=shape)
        elif self.style == "few16":
            w = self.rng.choice(np.arange(-8, 8, dtype=np.int8) * 15, size=shape)
        if self.style in ("sparse", "few4sparse") and shape[-1] % 4 == 0:
            if self.style == "few4sparse":
                w = self.rng.choice(np.array([-7, 3, 12], np.int8), size=shape)
            w = w.copy()
            flat = w.reshape(-1, 4)
            for row in flat:
                row[self.rng.choice(4, 2, replace=False)] = 0
            w = flat.reshape(shape)
        dense = np.transpose(w, (3, 1, 2, 0)) if out_axis == 3 else w
        dense = dense.reshape(dense.shape[0], -1).astype(np.int64)
        if self.uint8:
            dense = dense - self._w_zp  # Vela codes weight - zero point
        # [depth-wise, dense, bias (None: none), requantisation scale (None: not known)]
        self.layers.append([out_axis == 3, dense, None, None])
        return w, s

    def _bias(self, in_scale, w_scale, fan_in):
        b, bs = super()._bias(in_scale, w_scale, fan_in)
        self.layers[-1][2] = b.astype(np.int64)
        self.layers[-1][3] = float(in_scale) * np.asarray(w_scale, np.float64)
        return b, bs

    def _scaled(self, y):
        """The last layer's requantisation: accumulator scale / output scale, per channel."""
        if self.layers[-1][3] is not None:
            self.layers[-1][3] = self.layers[-1][3] / float(y.scale[0])
        return y

    def conv(self, *a, **k):
        return self._scaled(super().conv(*a, **k))

    def depthwise(self, *a, **k):
        return self._scaled(super().depthwise(*a, **k))

    def fully_connected(self, *a, **k):
        return self._scaled(super().fully_connected(*a, **k))


class CorpusNet(WNet):
    """WNet standing in for ethosu_corpus_ops.Net in the corpus builders (--corpus)."""

    made = []

    def __init__(self, name, seed, int16=False, uint8=False):
        super().__init__(name, seed, int16, None, uint8)
        CorpusNet.made.append(self)


def corpus_specs():
    """The Ethos-U corpus networks (ethosu_corpus_nets) as specs: their Net is a CorpusNet."""
    import ethosu_corpus_nets

    ethosu_corpus_nets.Net = CorpusNet
    specs = []
    for name, _desc, build in ethosu_corpus_nets.NETWORKS:
        specs.append((name, None, None, ethosu_corpus_nets.VELA_OPTIONS.get(name, []), build))
    return specs


def net_specs():
    """(name, int16, style, Vela options, builder(n))"""
    specs = []

    def spec(name, int16=False, style=None, vela=()):
        def reg(fn):
            specs.append((name, int16, style, list(vela), fn))
            return fn

        return reg

    @spec("c1x1")
    def _(n):
        n.output(n.conv(n.input([1, 4, 4, 16]), 24, (1, 1), padding="valid"))

    @spec("c3x3")
    def _(n):
        n.output(n.conv(n.input([1, 6, 6, 8]), 16, (3, 3)))

    @spec("c3x3_deep")
    def _(n):
        n.output(n.conv(n.input([1, 5, 5, 72]), 40, (3, 3)))

    @spec("c5x5_s2_odd")
    def _(n):
        n.output(n.conv(n.input([1, 11, 11, 5]), 20, (5, 5), stride=(2, 2)))

    @spec("c3x3_dil2")
    def _(n):
        n.output(n.conv(n.input([1, 12, 12, 8]), 8, (3, 3), dilation=(2, 2), padding="valid"))

    @spec("c9x9_s3")
    def _(n):
        n.output(n.conv(n.input([1, 20, 20, 3]), 7, (9, 9), stride=(3, 3), padding="valid"))

    @spec("c1x7_264")
    def _(n):
        n.output(n.conv(n.input([1, 3, 9, 264]), 9, (1, 7)))

    @spec("dw3x3")
    def _(n):
        n.output(n.depthwise(n.input([1, 8, 8, 24]), 1, (3, 3)))

    @spec("dw5x5_s2")
    def _(n):
        n.output(n.depthwise(n.input([1, 12, 12, 20]), 1, (5, 5), stride=(2, 2)))

    @spec("dw3x3_dil2")
    def _(n):
        n.output(n.depthwise(n.input([1, 12, 12, 8]), 1, (3, 3), dilation=(2, 2), padding="valid"))

    @spec("fc")
    def _(n):
        x = n.input([1, 72])
        n.output(n.fully_connected(x, 20))

    @spec("i16_c3x3", int16=True)
    def _(n):
        n.output(n.conv(n.input([1, 6, 6, 24]), 20, (3, 3)))

    @spec("i16_c1x1", int16=True)
    def _(n):
        n.output(n.conv(n.input([1, 4, 4, 40]), 24, (1, 1)))

    @spec("i16_dw3x3", int16=True)
    def _(n):
        n.output(n.depthwise(n.input([1, 8, 8, 16]), 1, (3, 3), stride=(2, 2)))

    @spec("sparse_c1x1", style="sparse")
    def _(n):
        n.output(n.conv(n.input([1, 8, 8, 128]), 64, (1, 1)))

    @spec("sparse_c3x3", style="sparse")
    def _(n):
        n.output(n.conv(n.input([1, 8, 8, 64]), 32, (3, 3)))

    @spec("few4_c3x3", style="few4")
    def _(n):
        n.output(n.conv(n.input([1, 8, 8, 64]), 64, (3, 3)))

    @spec("few12_c1x1", style="few12")
    def _(n):
        n.output(n.conv(n.input([1, 8, 8, 96]), 64, (1, 1)))

    @spec("few4_sparse", style="few4sparse")
    def _(n):
        n.output(n.conv(n.input([1, 8, 8, 128]), 64, (1, 1)))

    @spec("few4sparse_c3x3", style="few4sparse")
    def _(n):
        n.output(n.conv(n.input([1, 8, 8, 64]), 64, (3, 3)))

    @spec("df_deep")
    def _(n):
        n.output(n.conv(n.input([1, 3, 3, 200]), 80, (1, 1)))

    @spec("i16_df_deep", int16=True)
    def _(n):
        n.output(n.conv(n.input([1, 3, 3, 150]), 72, (1, 1)))

    @spec("few12_c3x3_size", style="few12", vela=["--optimise", "Size"])
    def _(n):
        n.output(n.conv(n.input([1, 6, 6, 64]), 64, (3, 3)))

    @spec("raw_c3x3_size", vela=["--optimise", "Size"])
    def _(n):
        n.output(n.conv(n.input([1, 6, 6, 64]), 48, (3, 3)))

    @spec("raw_c1x1_size", vela=["--optimise", "Size"])
    def _(n):
        n.output(n.conv(n.input([1, 4, 4, 96]), 40, (1, 1)))

    @spec("few4_c1x1_s2", style="few4")
    def _(n):
        n.output(n.conv(n.input([1, 9, 9, 128]), 40, (1, 1), stride=(2, 2)))

    @spec("few16_wbound", style="few16")
    def _(n):
        n.output(n.conv(n.input([1, 1, 1, 256]), 192, (1, 1)))

    @spec("few16_wbound_size", style="few16", vela=["--optimise", "Size"])
    def _(n):
        n.output(n.conv(n.input([1, 2, 2, 160]), 96, (3, 3)))

    @spec("few4_wbound", style="few4")
    def _(n):
        n.output(n.conv(n.input([1, 1, 1, 256]), 200, (1, 1)))

    @spec("raw_wbound")
    def _(n):
        n.output(n.conv(n.input([1, 1, 1, 256]), 160, (1, 1)))

    @spec("sparse_wbound", style="sparse")
    def _(n):
        n.output(n.conv(n.input([1, 1, 1, 256]), 192, (1, 1)))

    @spec("sparse_fc", style="sparse")
    def _(n):
        n.output(n.fully_connected(n.input([1, 256]), 192))

    @spec("few4_size", style="few4", vela=["--optimise", "Size"])
    def _(n):
        n.output(n.conv(n.input([1, 4, 4, 64]), 64, (3, 3)))

    @spec("few4sparse_size", style="few4sparse", vela=["--optimise", "Size"])
    def _(n):
        n.output(n.conv(n.input([1, 1, 1, 256]), 128, (1, 1)))

    @spec("few4sparse_wbound", style="few4sparse")
    def _(n):
        n.output(n.conv(n.input([1, 1, 1, 256]), 128, (1, 1)))

    @spec("sparse_wbound_big", style="sparse")
    def _(n):
        n.output(n.conv(n.input([1, 2, 2, 512]), 256, (1, 1)))

    @spec("few4sparse_size_small", style="few4sparse", vela=["--optimise", "Size"])
    def _(n):
        n.output(n.conv(n.input([1, 1, 1, 128]), 64, (1, 1)))

    @spec("sparse_c3x3_small", style="sparse")
    def _(n):
        n.output(n.conv(n.input([1, 8, 8, 16]), 16, (3, 3)))

    @spec("few16_small", style="few16")
    def _(n):
        n.output(n.conv(n.input([1, 1, 1, 256]), 48, (1, 1)))

    @spec("few4_wbound_big", style="few4")
    def _(n):
        n.output(n.conv(n.input([1, 1, 1, 512]), 400, (1, 1)))

    @spec("few4sparse_size_big", style="few4sparse", vela=["--optimise", "Size"])
    def _(n):
        n.output(n.conv(n.input([1, 1, 1, 512]), 400, (1, 1)))

    @spec("c3x3_s2_dil", style=None)
    def _(n):
        n.output(n.conv(n.input([1, 9, 9, 24]), 24, (3, 3), stride=(1, 2)))

    return specs


# ---- command stream -------------------------------------------------------------------------

OP_CONV, OP_DEPTHWISE, OP_DMA_START = 0x0002, 0x0003, 0x0010


def dma(regs, memory):
    src_r, dst_r = p(regs, 0x0130), p(regs, 0x0131)
    if (src_r >> 9) & 3 or src_r & 7 not in memory:
        return  # strided, or from a region not modelled: left out
    src, dst, n = addr(regs, 0x4030), addr(regs, 0x4031), addr(regs, 0x4032)
    mem = memory.setdefault(dst_r & 7, bytearray())
    if len(mem) < dst + n:
        mem.extend(bytes(dst + n - len(mem)))
    mem[dst : dst + n] = memory[src_r & 7][src : src + n]


def payload_cmd(data):
    """The command stream words of a driver payload (COP1 header, actions: CONFIG 3 words,
    CMD_STREAM 1 + its length, the others 1), as sequences/ethosu/ethosu_payload.c reads it."""
    words = np.frombuffer(data, dtype="<u4")
    if int(words[0]) != 0x31504F43:
        raise ValueError("no COP1 header")
    i = 1
    while i < len(words):
        tag = int(words[i])
        if tag & 0xFF == 1:
            i += 3
        elif tag & 0xFF == 2:
            n = ((tag >> 8) & 0xFF) << 16 | tag >> 16
            return words[i + 1 : i + 1 + n]
        else:
            i += 1
    raise ValueError("no command stream")


def parse_ops(words, memory):
    """Yields (kind, regs) at each NPU_OP_CONV / NPU_OP_DEPTHWISE; regs: code -> (param,
    payload) as last set. memory: region -> bytearray; 1-D DMAs (NPU_OP_DMA_START) are
    copied in it, so weights Vela stages in SRAM are found there."""
    regs = {}
    i = 0
    while i < len(words):
        w = int(words[i])
        code, param = w & 0xFFFF, w >> 16
        if code & 0x4000:
            regs[code] = (param, int(words[i + 1]))
            i += 2
            continue
        i += 1
        if code == OP_DMA_START:
            dma(regs, memory)
        elif code in (OP_CONV, OP_DEPTHWISE):
            if code == OP_CONV and param & 1:
                continue  # weights from IFM2
            yield code, dict(regs)
        elif code >= 0x0100:
            regs[code] = (param, 0)


def p(regs, code, default=0):
    return regs.get(code, (default, 0))[0]


def addr(regs, code):
    param, payload = regs[code]
    return payload | ((param & 0xFF) << 32)


def fields(regs, kind, macs):
    ks = p(regs, 0x0122)
    acc = p(regs, 0x0124)
    wf = p(regs, 0x012E)
    return dict(
        macs=macs,
        depthwise=int(kind == OP_DEPTHWISE),
        weight_order=(ks >> 2) & 1,
        stride_x_lsb=ks & 1,
        stride_y_lsb=(ks >> 1) & 1,
        dilation_x=(ks >> 3) & 1,
        dilation_y=(ks >> 4) & 1,
        decomposition=(ks >> 5) & 1,
        stride_x_msb=(ks >> 6) & 1,
        stride_y_msb=(ks >> 9) & 1,
        kernel_width_m1=p(regs, 0x0120),
        kernel_height_m1=p(regs, 0x0121),
        ifm_precision=(p(regs, 0x0105) >> 2) & 3,
        ifm_depth_m1=p(regs, 0x0104),
        ofm_depth_m1=p(regs, 0x0113),
        ofm_blk_depth_m1=p(regs, 0x0117),
        microblock=(acc >> 8) & 7,
        weight_format=wf & 1,
        weight_sparsity=(wf >> 4) & 1,
        acc_format=acc & 3,
    )


WEIGHT_REGS = ((0x4020, 0x4021), (0x4090, 0x4091), (0x4092, 0x4093), (0x4094, 0x4095))


def streams_of(regs, memory):
    """(weight streams, scale stream) bytes, or why there are none to read."""
    if 0x4022 not in regs or 0x4020 not in regs:
        return "no weight or scale stream set"
    if p(regs, 0x0128) not in memory or p(regs, 0x0128) != p(regs, 0x0129):
        return "weights or scales in a region not modelled"
    data = memory[p(regs, 0x0128)]
    ws = []
    for base, length in WEIGHT_REGS:
        n = regs.get(length, (0, 0))[1]
        if not n:
            break
        a = addr(regs, base)
        ws.append(bytes(data[a : a + n]))
    sa, sn = addr(regs, 0x4022), regs[0x4023][1]
    return ws, bytes(data[sa : sa + sn])


# ---- the golden C code through ctypes ---------------------------------------------------------

FIELD_NAMES = (
    "macs depthwise weight_order stride_x_lsb stride_x_msb stride_y_lsb stride_y_msb dilation_x dilation_y "
    "decomposition kernel_width_m1 kernel_height_m1 ifm_precision ifm_depth_m1 ofm_depth_m1 "
    "ofm_blk_depth_m1 microblock weight_format weight_sparsity"
).split()
FIELD_TYPES = dict(
    depthwise=ctypes.c_int,
    kernel_width_m1=ctypes.c_uint32,
    kernel_height_m1=ctypes.c_uint32,
    ifm_depth_m1=ctypes.c_uint32,
    ofm_depth_m1=ctypes.c_uint32,
    ofm_blk_depth_m1=ctypes.c_uint32,
)


class Fields(ctypes.Structure):
    _fields_ = [(n, FIELD_TYPES.get(n, ctypes.c_uint)) for n in FIELD_NAMES]


class Cfg(ctypes.Structure):
    _fields_ = [
        ("traversal", ctypes.c_int),
        ("ofm_depth", ctypes.c_uint32),
        ("kernel_h", ctypes.c_uint32),
        ("kernel_w", ctypes.c_uint32),
        ("ifm_depth", ctypes.c_uint32),
        ("ofm_block_depth", ctypes.c_uint32),
        ("ifm_block_depth", ctypes.c_uint32),
        ("ofm_ublock_depth", ctypes.c_uint32),
        ("ifm_bits", ctypes.c_uint),
        ("macs", ctypes.c_uint),
        ("streams", ctypes.c_uint),
        ("stride_x", ctypes.c_uint),
        ("stride_y", ctypes.c_uint),
        ("dilation_x", ctypes.c_uint),
        ("dilation_y", ctypes.c_uint),
        ("kernel_split", ctypes.c_uint),
        ("sparse", ctypes.c_int),
        ("fwd", ctypes.c_int),
    ]


class Golden:
    def __init__(self, path):
        self.lib = ctypes.CDLL(path)
        self.err = ctypes.create_string_buffer(256)

    def params(self, f):
        fs = Fields(**{k: f[k] for k in FIELD_NAMES})
        c = Cfg()
        if self.lib.ethosu85_weight_params_from_regs(ctypes.byref(fs), ctypes.byref(c), self.err, 256):
            raise ValueError(self.err.value.decode())
        return c

    def decode_swd(self, buf):
        out = ctypes.POINTER(ctypes.c_int16)()
        n = ctypes.c_size_t()
        if self.lib.ethosu_mlw_decode(buf, ctypes.c_size_t(len(buf)), ctypes.byref(out), ctypes.byref(n), self.err, 256):
            raise ValueError("swd: " + self.err.value.decode())
        v = np.ctypeslib.as_array(out, shape=(n.value,)).copy() if n.value else np.zeros(0, np.int16)
        ctypes.CDLL(None).free(out)
        return v

    def decode_fwd(self, buf, n):
        out = (ctypes.c_int16 * max(n, 1))()
        if self.lib.ethosu85_fwd_decode(buf, ctypes.c_size_t(len(buf)), ctypes.c_size_t(n), out, self.err, 256):
            raise ValueError(self.err.value.decode())
        return np.array(out[:n], np.int16)

    def coded_count(self, c, k):
        self.lib.ethosu85_weight_order_coded_count.restype = ctypes.c_size_t
        return self.lib.ethosu85_weight_order_coded_count(ctypes.byref(c), ctypes.c_uint(k))

    def to_dense(self, c, lists):
        k = len(lists)
        arrs = [np.ascontiguousarray(x, np.int16) for x in lists]
        ptrs = (ctypes.POINTER(ctypes.c_int16) * k)(*[a.ctypes.data_as(ctypes.POINTER(ctypes.c_int16)) for a in arrs])
        lens = (ctypes.c_size_t * k)(*[len(a) for a in arrs])
        nd = c.ofm_depth * c.kernel_h * c.kernel_w * c.ifm_depth
        dense = np.zeros(nd, np.int16)
        if self.lib.ethosu85_weights_to_dense(
            ctypes.byref(c), ptrs, lens, dense.ctypes.data_as(ctypes.POINTER(ctypes.c_int16)), ctypes.c_size_t(nd), self.err, 256
        ):
            raise ValueError(self.err.value.decode())
        return dense

    def scales(self, buf, n, acc):
        bias = np.zeros(n, np.int64)
        scale = np.zeros(n, np.uint32)
        shift = np.zeros(n, np.uint8)
        if self.lib.ethosu85_scale_stream_parse(
            buf, ctypes.c_size_t(len(buf)), ctypes.c_uint32(n), ctypes.c_uint(acc),
            bias.ctypes.data_as(ctypes.c_void_p), scale.ctypes.data_as(ctypes.c_void_p),
            shift.ctypes.data_as(ctypes.c_void_p), self.err, 256,
        ):
            raise ValueError(self.err.value.decode())
        return bias, scale, shift


# ---- checking -------------------------------------------------------------------------------


def find_slice(layers, dw, dense):
    """(layer index, first OFM channel) of the layer whose channels dense (O x rest) is."""
    for li, (ldw, w, b, _) in enumerate(layers):
        if ldw != dw or w.shape[1] != dense.shape[1] or w.shape[0] < dense.shape[0]:
            continue
        for o in range(0, w.shape[0] - dense.shape[0] + 1):
            if np.array_equal(w[o : o + dense.shape[0]], dense):
                return li, o
    return None


def find_rewritten(layers, c, dense):
    """What Vela's rewrites make of a layer: OFM channels every s-th (depth multipliers), a
    sub-kernel of every 1st or 2nd tap either way (transposed convolutions), a depth-wise layer
    as a convolution. Returns a description, or None."""
    kh, kw, ci = c.kernel_h, c.kernel_w, c.ifm_depth
    d = dense.reshape(c.ofm_depth, kh, kw, ci)
    for li, (ldw, w, b, _) in enumerate(layers):
        lo = w.shape[0]
        for lkh in range(1, 12):
            if w.shape[1] % lkh:
                continue
            for lci in sorted({1, ci}):
                if w.shape[1] % (lkh * lci):
                    continue
                lkw = w.shape[1] // (lkh * lci)
                if lci != ci:
                    continue
                W = w.reshape(lo, lkh, lkw, lci)
                for step in (1, 2, 3):
                    for o in range(step):
                        chans = W[o::step]
                        if len(chans) < c.ofm_depth:
                            continue
                        for first in range(0, len(chans) - c.ofm_depth + 1):
                            cw = chans[first : first + c.ofm_depth]
                            for sy in (1, -1, 2, -2):
                                for y0 in range(lkh):
                                    ys = [y0 + sy * k for k in range(kh)]
                                    if min(ys) < 0 or max(ys) >= lkh:
                                        continue
                                    for sx in (1, -1, 2, -2):
                                        for x0 in range(lkw):
                                            xs = [x0 + sx * k for k in range(kw)]
                                            if min(xs) < 0 or max(xs) >= lkw:
                                                continue
                                            if np.array_equal(cw[:, ys][:, :, xs], d):
                                                return (f"layer {li} rewritten: channels {o}+{step}*({first}..), "
                                                        f"rows {y0} step {sy}, columns {x0} step {sx}")
    return None


class Rewritten(Exception):
    """Weights decoded and found in a layer Vela rewrote (biases and scales not compared)."""


def check_op(g, f, ws, ss, layers):
    c = g.params(f)
    coded = 1 if c.fwd else c.streams
    if len(ws) != coded:
        raise ValueError(f"{len(ws)} weight streams, the registers say {coded}")
    lists = []
    for k, buf in enumerate(ws):
        lists.append(g.decode_fwd(buf, g.coded_count(c, k)) if c.fwd else g.decode_swd(buf))
    if c.fwd:
        c.fwd_mode = ["LUT4", "LUT2", "RAW"][2 if ws[0][0] & 1 else 1 if ws[0][0] & 2 else 0]
    dense = g.to_dense(c, lists).astype(np.int64).reshape(c.ofm_depth, -1)
    hit = find_slice(layers, bool(f["depthwise"]), dense)
    if hit is None:
        why = find_rewritten(layers, c, dense)
        if why:
            raise Rewritten(why)
        vals = np.unique(dense)
        if len(vals) == 1:  # Vela's own constant weights (MEAN as a depth-wise sum)
            raise Rewritten(f"weights Vela made: all {vals[0]} ({cfg_text(c)})")
        raise ValueError(f"decoded weights are no slice of any layer's weights (values {vals[:6]}..)")
    li, o = hit
    bias, scale, shift = g.scales(ss, c.ofm_depth, f["acc_format"])
    if isinstance(layers[li][2], str):  # a constant found in the graph: weights only
        raise Rewritten(f"{cfg_text(c)} = {layers[li][2]} channels {o}..{o + c.ofm_depth - 1} (weights only)")
    if layers[li][2] is None:  # no bias: Vela writes 0
        if bias.any():
            raise ValueError(f"bias {bias[:4]} of a layer without bias")
        return c, li, o, lists
    want_b = layers[li][2][o : o + c.ofm_depth]
    if not np.array_equal(bias, want_b):
        raise ValueError(f"bias {bias[:4]} != {want_b[:4]}")
    # the scale field's width: 31 bits (I32), 15 bits (I48); Vela normalises the mantissa
    bits = 31 if f["acc_format"] == 0 else 15
    want_s = layers[li][3][o : o + c.ofm_depth]
    got_s = scale.astype(np.float64) * np.exp2(-shift.astype(np.float64))
    tol = max(2.0 ** (1 - bits), 1e-6)  # Vela rounds through float32 on some paths
    rel = np.abs(got_s / want_s - 1)
    if scale.max() >= 2**bits or scale.min() < 2 ** (bits - 1):
        raise ValueError(f"scale {scale[:4]} is no normalised {bits}-bit mantissa")
    if rel.max() > tol:
        # Vela writes some outputs straight into a later tensor (a CONCATENATION's) with that
        # tensor's quantisation: the same factor on every channel
        ratio = got_s / want_s
        if np.abs(ratio / ratio[0] - 1).max() > 2 * tol:
            raise ValueError(f"scale {scale[:4]} shift {shift[:4]} is not {want_s[:4]} ({rel.max():.3g})")
        raise Rewritten(f"{cfg_text(c)} = layer {li} channels {o}.., output requantised by {ratio[0]:.6g}")
    return c, li, o, lists


def cfg_text(c):
    t = ["DF", "PKF", "DW"][c.traversal]
    return (
        f"{t} o{c.ofm_depth} k{c.kernel_h}x{c.kernel_w} i{c.ifm_depth} ob{c.ofm_block_depth} ib{c.ifm_block_depth} "
        f"u{c.ofm_ublock_depth} {c.ifm_bits}b s{c.streams} st{c.stride_x}x{c.stride_y} d{c.dilation_x}x{c.dilation_y}"
        + (" sparse" if c.sparse else "")
        + (f" FWD {c.fwd_mode}" if c.fwd else "")
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lib", help="shared library of the golden C code: check every operation")
    ap.add_argument("--emit", help="write the chosen small streams as a C header")
    ap.add_argument("--configs", default=",".join(CONFIGS))
    ap.add_argument("--only", action="append")
    ap.add_argument("--keep", help="keep Vela's outputs here")
    ap.add_argument("--corpus", action="store_true", help="the Ethos-U corpus networks instead of this script's")
    args = ap.parse_args()
    vela = shutil.which("vela", path=os.path.dirname(sys.executable)) or shutil.which("vela")
    g = Golden(os.path.abspath(args.lib)) if args.lib else None
    bad = 0
    checked = 0
    vectors = []
    tmp = args.keep or tempfile.mkdtemp(prefix="u85w_")
    os.makedirs(tmp, exist_ok=True)
    for seed, (name, int16, style, vela_args, build) in enumerate(corpus_specs() if args.corpus else net_specs()):
        if args.only and name not in args.only:
            continue
        if args.corpus:
            graph = build(name, seed)
            n = CorpusNet.made[-1]
            assert n.g is graph
        else:
            n = WNet(name, 100 + seed, int16, style)
            build(n)
        # int8 matrices the builders made without Net's weight helper (the LSTM's gates)
        known = [layer[1] for layer in n.layers]
        for t in n.g.tensors:
            if t.data is not None and t.data.dtype == np.int8 and t.data.ndim == 2:
                d = t.data.astype(np.int64)
                if not any(k.shape == d.shape and np.array_equal(k, d) for k in known):
                    n.layers.append([False, d, f"constant {t.name}", None])
        tfl = os.path.join(tmp, name + ".tflite")
        with open(tfl, "wb") as fh:
            fh.write(n.g.serialise())
        for config in args.configs.split(","):
            vdir = os.path.join(tmp, config, name)
            os.makedirs(vdir, exist_ok=True)
            try:
                npz, text = vela_compile(vela, tfl, config, vdir, None, ["--verbose-register-command-stream"] + vela_args)
            except NetworkError as e:
                print(f"SKIP {name} {config}: {str(e).splitlines()[0]}")
                continue
            with open(os.path.join(vdir, "listing.txt"), "w") as fh:
                fh.write(text)
            z = np.load(npz, allow_pickle=True)
            words = payload_cmd(z["cmd_data"].tobytes())
            memory = {int(z["weight_region"]): bytearray(z["weight_data"].tobytes())}
            for i, (kind, regs) in enumerate(parse_ops(words, memory)):
                f = fields(regs, kind, MACS[config])
                st = streams_of(regs, memory)
                tag = f"{name} {config} op{i}"
                if isinstance(st, str):
                    print(f"SKIP {tag}: {st}", flush=True)
                    continue
                ws, ss = st
                if not g:
                    vectors.append((name, config, i, f, ws, ss, n.layers, None))
                    continue
                try:
                    c, li, o, _ = check_op(g, f, ws, ss, n.layers)
                    vectors.append((name, config, i, f, ws, ss, n.layers, (li, o)))
                    checked += 1
                    nb = sum(len(b) for b in ws) + len(ss)
                    print(f"ok   {tag}: {cfg_text(c)} = layer {li} channels {o}..{o + c.ofm_depth - 1} ({nb} bytes)", flush=True)
                except Rewritten as e:
                    checked += 1
                    print(f"ok   {tag}: {e}", flush=True)
                except ValueError as e:
                    bad += 1
                    print(f"FAIL {tag}: {e} [{f}]")
    if g:
        print(f"{checked} operations match, {bad} mismatch")
    if args.emit:
        emit(args.emit, vectors)
    if not args.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if bad else 0


# ---- C vectors ------------------------------------------------------------------------------

# (network, configuration, operation): small streams covering each traversal, stream count,
# precision, sparsity and format
EMIT = (
    ("c1x1", "ethos-u85-128", 0),  # part-kernel-first, 1 stream
    ("c9x9_s3", "ethos-u85-128", 0),  # part-kernel-first, stride 3, 9x9 = 8x8 + 8x1 + 1x8 + 1x1
    ("c3x3_dil2", "ethos-u85-2048", 0),  # part-kernel-first, dilation 2, 4 streams
    ("dw3x3_dil2", "ethos-u85-1024", 0),  # depth-wise, dilation 2, 4 streams, padding 6
    ("i16_dw3x3", "ethos-u85-512", 0),  # depth-wise 16 bit (I48 records), stride 2, 2 streams
    ("i16_c1x1", "ethos-u85-256", 0),  # depth-first 16 bit (I48 records)
    ("few4_c1x1_s2", "ethos-u85-1024", 1),  # depth-first, channels 16..39 of the layer
    ("few4_sparse", "ethos-u85-128", 0),  # depth-first 2:4 sparse, IFM block 128
    ("sparse_c3x3_small", "ethos-u85-2048", 0),  # part-kernel-first 2:4 sparse, 4 streams
    ("few4sparse_size_small", "ethos-u85-1024", 0),  # FWD LUT2, 4 streams interleaved
)


def fnv1a64(values):
    h = 0xCBF29CE484222325
    for b in np.asarray(values, "<i2").tobytes():
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def c_bytes(b):
    return ", ".join(f"0x{x:02x}" for x in b)


def c_ints(v):
    return ", ".join(str(int(x)) for x in v)


def wrap(s, indent="    ", width=100):
    out, line = [], indent
    for tok in s.split(" "):
        if len(line) + len(tok) + 1 > width:
            out.append(line.rstrip())
            line = indent
        line += tok + " "
    out.append(line.rstrip())
    return "\n".join(out)


def emit(path, vectors):
    lines = [
        "/* Generated by scripts/gen/ethosu85_weight_vectors.py --emit: Ethos-U85 weight and scale",
        " * streams as Vela 5.2 wrote them, with the register fields of their operation and what",
        " * the network holds for its OFM channels: the dense weights (OHWI; depth-wise [C][H][W])",
        " * as an FNV-1a 64 hash of their int16 little-endian bytes and their first 16 values, the",
        " * biases, and the requantisation scales (accumulator scale / output scale). Do not edit. */",
        "#ifndef ETHOSU85_WEIGHT_VECTORS_H",
        "#define ETHOSU85_WEIGHT_VECTORS_H",
        "",
        "#include <stddef.h>",
        "#include <stdint.h>",
        "",
        '#include "ethosu85_weight_order.h"',
        "",
    ]
    entries = []
    for idx, want in enumerate(EMIT):
        hit = [v for v in vectors if (v[0], v[1], v[2]) == want]
        if not hit or hit[0][7] is None:
            raise SystemExit(f"--emit: {want} was not compiled and checked (run with --lib)")
        name, config, op, f, ws, ss, layers, (li, o) = hit[0]
        od = f["ofm_depth_m1"] + 1
        dense = layers[li][1][o : o + od].reshape(-1)
        bias = layers[li][2][o : o + od]
        scale = layers[li][3][o : o + od]
        pre = f"v{idx}"
        for k, buf in enumerate(ws):
            lines.append(f"static const uint8_t {pre}_w{k}[{len(buf)}] = {{")
            lines.append(wrap(c_bytes(buf)) + "\n};")
        lines.append(f"static const uint8_t {pre}_scale[{len(ss)}] = {{")
        lines.append(wrap(c_bytes(ss)) + "\n};")
        lines.append(f"static const int64_t {pre}_bias[{len(bias)}] = {{")
        lines.append(wrap(c_ints(bias)) + "\n};")
        lines.append(f"static const double {pre}_rescale[{len(scale)}] = {{")
        lines.append(wrap(", ".join(repr(float(x)) for x in scale)) + "\n};")
        fs = ", ".join(f".{k} = {f[k]}" for k in FIELD_NAMES)
        wl = ", ".join(f"{pre}_w{k}" for k in range(len(ws)))
        wn = ", ".join(str(len(b)) for b in ws)
        first = ", ".join(str(int(x)) for x in dense[:16])
        entries.append(
            f'    {{"{name} {config} op{op}",\n'
            + wrap("{" + fs + "},", "     ")
            + f"\n     {f['acc_format']}, {len(ws)}, {{{wl}}}, {{{wn}}}, {pre}_scale, sizeof {pre}_scale,\n"
            f"     {len(dense)}, UINT64_C(0x{fnv1a64(dense):016x}),\n"
            + wrap("{" + first + "},", "     ")
            + f"\n     {pre}_bias, {pre}_rescale}},"
        )
    lines += [
        "struct ethosu85_weight_vector {",
        "    const char *name;                     /* network, configuration, operation */",
        "    struct ethosu85_weight_fields fields; /* the operation's register fields */",
        "    unsigned acc_format;                  /* ACC_FORMAT.acc_format */",
        "    unsigned n_streams;                   /* WEIGHT, WEIGHT1.. set */",
        "    const uint8_t *w[4];",
        "    size_t w_len[4];                      /* WEIGHT*_LENGTH */",
        "    const uint8_t *scale;",
        "    size_t scale_len;                     /* SCALE_LENGTH */",
        "    size_t dense_len;",
        "    uint64_t dense_fnv1a;",
        "    int16_t dense_first[16];",
        "    const int64_t *bias;",
        "    const double *rescale;",
        "};",
        "",
        "static const struct ethosu85_weight_vector ethosu85_weight_vectors[] = {",
    ]
    lines += entries
    lines += ["};", "", "#endif", ""]
    with open(path, "w") as fh:
        fh.write("\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())
