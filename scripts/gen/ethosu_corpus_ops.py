"""Layer helpers for the Ethos-U65 corpus: each adds one quantised TFLite
operator to a Graph (ethosu_tflite_writer) with random weights and a
quantisation picked so the output spreads over its range rather than
saturating. A Net tracks the graph, the random generator and its own
data type (int8 or 16x8: int16 activations, int8 weights).
"""

import numpy as np

from ethosu.vela.tflite import AddOptions as o_add
from ethosu.vela.tflite import ArgMaxOptions as o_argmax
from ethosu.vela.tflite import BatchMatMulOptions as o_bmm
from ethosu.vela.tflite import ConcatenationOptions as o_concat
from ethosu.vela.tflite import Conv2DOptions as o_conv
from ethosu.vela.tflite import DepthwiseConv2DOptions as o_dw
from ethosu.vela.tflite import FullyConnectedOptions as o_fc
from ethosu.vela.tflite import LeakyReluOptions as o_lrelu
from ethosu.vela.tflite import MirrorPadOptions as o_mpad
from ethosu.vela.tflite import MulOptions as o_mul
from ethosu.vela.tflite import Pool2DOptions as o_pool
from ethosu.vela.tflite import ReducerOptions as o_reducer
from ethosu.vela.tflite import ReshapeOptions as o_reshape
from ethosu.vela.tflite import ResizeBilinearOptions as o_rbil
from ethosu.vela.tflite import ResizeNearestNeighborOptions as o_rnn
from ethosu.vela.tflite import SoftmaxOptions as o_softmax
from ethosu.vela.tflite import SplitOptions as o_split
from ethosu.vela.tflite import StridedSliceOptions as o_sslice
from ethosu.vela.tflite import SubOptions as o_sub
from ethosu.vela.tflite import TransposeConvOptions as o_tconv
from ethosu.vela.tflite import UnidirectionalSequenceLSTMOptions as o_lstm
from ethosu.vela.tflite.ActivationFunctionType import ActivationFunctionType as Act
from ethosu.vela.tflite.MirrorPadMode import MirrorPadMode
from ethosu.vela.tflite.Padding import Padding
from ethosu.vela.tflite.TensorType import TensorType

from ethosu_tflite_writer import BuiltinOperator as Op
from ethosu_tflite_writer import BuiltinOptions as Opt
from ethosu_tflite_writer import Graph

ACTS = {
    None: Act.NONE,
    "relu": Act.RELU,
    "relu6": Act.RELU6,
    "relu_n1_to_1": Act.RELU_N1_TO_1,
}
PADS = {"same": Padding.SAME, "valid": Padding.VALID}


def _out_size(size, k, stride, dilation, padding):
    eff = (k - 1) * dilation + 1
    if padding == "same":
        return (size + stride - 1) // stride
    return (size - eff + stride) // stride


class Net:
    """A network under construction; `x` style values are writer Tensors."""

    def __init__(self, name, seed, int16=False, uint8=False):
        self.g = Graph(name)
        self.rng = np.random.default_rng(seed)
        self.int16 = int16
        self.uint8 = uint8
        self.act_dtype = np.int16 if int16 else np.uint8 if uint8 else np.int8
        self.n = 0

    # -- tensors ---------------------------------------------------------------
    def _name(self, what):
        self.n += 1
        return f"{what}_{self.n}"

    def _zp(self):
        # 16x8 activations are symmetric (zero point 0); int8 ones take any zero point
        if self.uint8:
            return int(self.rng.integers(108, 149))
        return 0 if self.int16 else int(self.rng.integers(-20, 21))

    def _act_scale(self, rough):
        # int16 has 256x the levels: the same real range needs a 256x finer step
        return float(rough / 256.0 if self.int16 else rough)

    def input(self, shape, scale=None):
        scale = scale if scale is not None else float(self.rng.uniform(0.02, 0.06))
        return self.g.input(self._name("input"), shape, self.act_dtype, self._act_scale(scale), self._zp())

    def act(self, shape, scale, zero_point=None):
        zp = self._zp() if zero_point is None else zero_point
        return self.g.tensor(self._name("act"), shape, self.act_dtype, scale, zp)

    def like(self, x, shape=None):
        """A tensor with x's quantisation (ops whose output must match their input's)."""
        return self.g.tensor(self._name("act"), shape or x.shape, x.dtype, x.scale, x.zero_point)

    def output(self, x):
        self.g.mark_output(x)
        return x

    def _rough(self, x):
        """The real value range per unit of the int8 scale (the scale an int8 tensor would have)."""
        return float(x.scale[0]) * (256.0 if self.int16 else 1.0)

    def _weights(self, shape, out_axis):
        n_out = shape[out_axis]
        if self.uint8:
            # uint8 networks quantise weights per tensor, with a zero point near the middle
            w = self.rng.integers(0, 256, size=shape, dtype=np.int64).astype(np.uint8)
            self._w_zp = int(self.rng.integers(118, 139))
            return w, np.full(n_out, self.rng.uniform(0.002, 0.02), np.float32)
        w = self.rng.integers(-127, 128, size=shape, dtype=np.int64).astype(np.int8)
        w_scale = self.rng.uniform(0.002, 0.02, size=n_out).astype(np.float32)
        return w, w_scale

    def _weight_const(self, what, w_q, w_scale, axis):
        if self.uint8:
            return self.g.const(self._name(what), w_q, w_scale[:1], [self._w_zp])
        return self.g.const(self._name(what), w_q, w_scale, np.zeros(len(w_scale), np.int64), axis)

    def _bias_const(self, b_q, b_scale):
        if self.uint8:
            return self.g.const(self._name("bias"), b_q, b_scale[:1], [0])
        return self.g.const(self._name("bias"), b_q, b_scale, np.zeros(len(b_scale), np.int64), 0)

    def _bias(self, in_scale, w_scale, fan_in):
        # bias in accumulator units, about the size of one accumulator standard deviation
        acc_std = np.sqrt(fan_in) * (74.0 * 73.0 if not self.int16 else 74.0 * 73.0 * 256.0)
        b = self.rng.uniform(-0.5, 0.5, size=len(w_scale)) * acc_std
        dtype = np.int64 if self.int16 else np.int32
        return b.astype(dtype), (in_scale * w_scale).astype(np.float32)

    def _conv_out_scale(self, in_scale, w_scale, fan_in):
        # an accumulator of fan_in products of uniform values (int8: std about 74; int16:
        # 256 times that, with a 256 times finer input scale) has a real-valued std of
        # mean(w_scale) * in_scale * sqrt(fan_in) * 74 * 73 in both cases; spread it over
        # about 40 int8 steps (40 * 256 int16 steps)
        acc_std_real = float(np.mean(w_scale)) * in_scale * np.sqrt(fan_in) * 74.0 * 73.0
        return float(acc_std_real / 40.0)

    def _fit_weights(self, w_scale, in_scale, fan_in, act):
        """For a fused RELU6 / RELU_N1_TO_1, rescales the weight scales (the int8 weights stay)
        so the accumulator's real spread is about half the clamp range: the output then uses
        the whole clamp range instead of sitting on its ends."""
        target = {"relu6": 3.0, "relu_n1_to_1": 1.0}.get(act)
        if target is None:
            return w_scale
        natural = self._conv_out_scale(in_scale, w_scale, fan_in) * 40.0
        return (w_scale * (target / natural)).astype(np.float32)

    def _fused_quant(self, scale, act):
        """The output (scale, zero point): a fused RELU6 / RELU_N1_TO_1 whose clamp range fits
        in fewer steps than the type has gets the quantisation a real quantised network has
        (RELU6: [0, 6] on the whole range), so the clamp and the rounding both show."""
        top = 32767.0 if self.int16 else 255.0
        if act == "relu6" and scale > 6.0 / top:
            return 6.0 / top, (0 if self.int16 or self.uint8 else -128)
        if act == "relu_n1_to_1" and scale > 2.0 / top:
            return 2.0 / top, (128 if self.uint8 else 0)
        return scale, None

    # -- convolutions ----------------------------------------------------------
    def conv(self, x, out_ch, k=(3, 3), stride=(1, 1), dilation=(1, 1), padding="same", act=None, out_scale=None):
        n, h, w, c = x.shape
        kh, kw = k
        w_q, w_scale = self._weights((out_ch, kh, kw, c), 0)
        in_scale = float(x.scale[0])
        fan_in = kh * kw * c
        if not out_scale:
            w_scale = self._fit_weights(w_scale, in_scale, fan_in, act)
        b_q, b_scale = self._bias(in_scale, w_scale, fan_in)
        wt = self._weight_const("weights", w_q, w_scale, 0)
        bt = self._bias_const(b_q, b_scale)
        oh = _out_size(h, kh, stride[0], dilation[0], padding)
        ow = _out_size(w, kw, stride[1], dilation[1], padding)
        if out_scale:
            y = self.act([n, oh, ow, out_ch], out_scale)
        else:
            y = self.act([n, oh, ow, out_ch], *self._fused_quant(self._conv_out_scale(in_scale, w_scale, fan_in), act))

        def opts(b):
            o_conv.Start(b)
            o_conv.AddPadding(b, PADS[padding])
            o_conv.AddStrideH(b, stride[0])
            o_conv.AddStrideW(b, stride[1])
            o_conv.AddDilationHFactor(b, dilation[0])
            o_conv.AddDilationWFactor(b, dilation[1])
            o_conv.AddFusedActivationFunction(b, ACTS[act])
            return o_conv.End(b)

        self.g.op(Op.CONV_2D, [x, wt, bt], [y], Opt.Conv2DOptions, opts)
        return y

    def depthwise(self, x, mult=1, k=(3, 3), stride=(1, 1), dilation=(1, 1), padding="same", act=None):
        n, h, w, c = x.shape
        kh, kw = k
        out_ch = c * mult
        w_q, w_scale = self._weights((1, kh, kw, out_ch), 3)
        in_scale = float(x.scale[0])
        fan_in = kh * kw
        w_scale = self._fit_weights(w_scale, in_scale, fan_in, act)
        b_q, b_scale = self._bias(in_scale, w_scale, fan_in)
        wt = self._weight_const("dw_weights", w_q, w_scale, 3)
        bt = self._bias_const(b_q, b_scale)
        oh = _out_size(h, kh, stride[0], dilation[0], padding)
        ow = _out_size(w, kw, stride[1], dilation[1], padding)
        y = self.act([n, oh, ow, out_ch], *self._fused_quant(self._conv_out_scale(in_scale, w_scale, fan_in), act))

        def opts(b):
            o_dw.Start(b)
            o_dw.AddPadding(b, PADS[padding])
            o_dw.AddStrideH(b, stride[0])
            o_dw.AddStrideW(b, stride[1])
            o_dw.AddDepthMultiplier(b, mult)
            o_dw.AddDilationHFactor(b, dilation[0])
            o_dw.AddDilationWFactor(b, dilation[1])
            o_dw.AddFusedActivationFunction(b, ACTS[act])
            return o_dw.End(b)

        self.g.op(Op.DEPTHWISE_CONV_2D, [x, wt, bt], [y], Opt.DepthwiseConv2DOptions, opts)
        return y

    def transpose_conv(self, x, out_ch, k=(3, 3), stride=(2, 2), padding="same", bias=True):
        n, h, w, c = x.shape
        kh, kw = k
        w_q, w_scale = self._weights((out_ch, kh, kw, c), 0)
        in_scale = float(x.scale[0])
        # each output sums about kh*kw*c / (stride^2) products
        fan_in = max(1, kh * kw * c // (stride[0] * stride[1]))
        if padding == "same":
            oh, ow = h * stride[0], w * stride[1]
        else:
            oh, ow = (h - 1) * stride[0] + kh, (w - 1) * stride[1] + kw
        shape_t = self.g.const(self._name("out_shape"), np.array([n, oh, ow, out_ch], np.int32))
        wt = self._weight_const("weights", w_q, w_scale, 0)
        ins = [shape_t, wt, x]
        if bias:
            b_q, b_scale = self._bias(in_scale, w_scale, fan_in)
            ins.append(self._bias_const(b_q, b_scale))
        y = self.act([n, oh, ow, out_ch], self._conv_out_scale(in_scale, w_scale, fan_in))

        def opts(b):
            o_tconv.Start(b)
            o_tconv.AddPadding(b, PADS[padding])
            o_tconv.AddStrideH(b, stride[0])
            o_tconv.AddStrideW(b, stride[1])
            return o_tconv.End(b)

        self.g.op(Op.TRANSPOSE_CONV, ins, [y], Opt.TransposeConvOptions, opts)
        return y

    def fully_connected(self, x, out_units, act=None):
        n = x.shape[0]
        fan_in = int(np.prod(x.shape[1:]))
        w_q, w_scale_pc = self._weights((out_units, fan_in), 0)
        # TFLite's reference int8 FULLY_CONNECTED is per-tensor
        w_scale = np.full(1, w_scale_pc[0], np.float32)
        in_scale = float(x.scale[0])
        w_scale = self._fit_weights(w_scale, in_scale, fan_in, act)
        b_q, b_scale = self._bias(in_scale, np.full(out_units, w_scale[0], np.float32), fan_in)
        wt = self.g.const(self._name("fc_weights"), w_q, w_scale, np.zeros(1, np.int64))
        bt = self.g.const(self._name("bias"), b_q, b_scale[:1], np.zeros(1, np.int64))
        y = self.act([n, out_units], *self._fused_quant(self._conv_out_scale(in_scale, w_scale, fan_in), act))

        def opts(b):
            o_fc.Start(b)
            o_fc.AddFusedActivationFunction(b, ACTS[act])
            return o_fc.End(b)

        self.g.op(Op.FULLY_CONNECTED, [x, wt, bt], [y], Opt.FullyConnectedOptions, opts)
        return y

    # -- pooling -----------------------------------------------------------------
    def pool(self, x, kind, k=(2, 2), stride=(2, 2), padding="valid", act=None):
        n, h, w, c = x.shape
        oh = _out_size(h, k[0], stride[0], 1, padding)
        ow = _out_size(w, k[1], stride[1], 1, padding)
        # TFLite's int8 pools need the output quantisation equal to the input's
        y = self.like(x, [n, oh, ow, c])

        def opts(b):
            o_pool.Start(b)
            o_pool.AddPadding(b, PADS[padding])
            o_pool.AddStrideH(b, stride[0])
            o_pool.AddStrideW(b, stride[1])
            o_pool.AddFilterHeight(b, k[0])
            o_pool.AddFilterWidth(b, k[1])
            o_pool.AddFusedActivationFunction(b, ACTS[act])
            return o_pool.End(b)

        code = Op.AVERAGE_POOL_2D if kind == "avg" else Op.MAX_POOL_2D
        self.g.op(code, [x], [y], Opt.Pool2DOptions, opts)
        return y

    def reduce(self, x, kind, axes, keep_dims=True):
        n, h, w, c = x.shape
        shape = list(x.shape)
        for a in axes:
            shape[a] = 1
        if not keep_dims:
            shape = [d for i, d in enumerate(x.shape) if i not in axes]
        axes_t = self.g.const(self._name("axes"), np.array(axes, np.int32))
        if kind == "mean":
            y = self.act(shape, float(x.scale[0]) * float(self.rng.uniform(0.6, 1.0)))
            code = Op.MEAN
        else:
            count = int(np.prod([x.shape[a] for a in axes]))
            y = self.act(shape, float(x.scale[0]) * np.sqrt(count) * 1.5)
            code = Op.SUM

        def opts(b):
            o_reducer.Start(b)
            o_reducer.AddKeepDims(b, keep_dims)
            return o_reducer.End(b)

        self.g.op(code, [x, axes_t], [y], Opt.ReducerOptions, opts)
        return y

    # -- elementwise -------------------------------------------------------------
    def const_act(self, shape, scale=None):
        """A constant activation-typed operand (broadcast or scalar IFM2)."""
        scale = scale if scale is not None else self._act_scale(float(self.rng.uniform(0.02, 0.06)))
        lo, hi = (-32768, 32768) if self.int16 else (0, 256) if self.uint8 else (-128, 128)
        data = self.rng.integers(lo, hi, size=shape, dtype=np.int64).astype(self.act_dtype)
        return self.g.const(self._name("const"), data, scale, self._zp())

    def binary(self, kind, a, b, act=None):
        shape = list(np.broadcast_shapes(tuple(a.shape), tuple(b.shape)))
        sa, sb = float(a.scale[0]), float(b.scale[0])
        if kind in ("add", "sub"):
            y = self.act(shape, max(sa, sb) * float(self.rng.uniform(1.2, 2.0)))
        elif kind == "mul":
            # product of two values of about 74 steps each
            # (int16: values 256 times larger, and 256 times more output steps)
            y = self.act(shape, sa * sb * 74.0 * 74.0 / 60.0 * (256.0 if self.int16 else 1.0))
        else:
            # MINIMUM / MAXIMUM: TFLite compares raw values, so all three share one quantisation
            y = self.like(a, shape)
        code, opt_type, mod = {
            "add": (Op.ADD, Opt.AddOptions, o_add),
            "sub": (Op.SUB, Opt.SubOptions, o_sub),
            "mul": (Op.MUL, Opt.MulOptions, o_mul),
            "min": (Op.MINIMUM, Opt.NONE, None),
            "max": (Op.MAXIMUM, Opt.NONE, None),
        }[kind]
        opts = None
        if mod is not None:

            def opts(bld):
                mod.Start(bld)
                mod.AddFusedActivationFunction(bld, ACTS[act])
                return mod.End(bld)

        self.g.op(code, [a, b], [y], opt_type, opts)
        return y

    def unary(self, kind, x, alpha=0.2):
        if kind == "abs":
            # |x| lies in [0, about 148 input steps]: int8 puts that range on [-120, 127]
            if self.int16:
                y = self.act(x.shape, float(x.scale[0]) * 1.2, 0)
            else:
                y = self.act(x.shape, float(x.scale[0]) * 0.6, -120)
            self.g.op(Op.ABS, [x], [y])
        elif kind == "leaky_relu":
            if self.int16:
                # equal input and output quantisation: Vela keeps it as the LRELU elementwise
                y = self.like(x)
            else:
                y = self.act(x.shape, float(x.scale[0]) * float(self.rng.uniform(1.0, 1.3)))

            def opts(b):
                o_lrelu.Start(b)
                o_lrelu.AddAlpha(b, alpha)
                return o_lrelu.End(b)

            self.g.op(Op.LEAKY_RELU, [x], [y], Opt.LeakyReluOptions, opts)
        elif kind == "tanh":
            # TFLite fixes the output quantisation of TANH and LOGISTIC
            if self.int16:
                y = self.act(x.shape, 1.0 / 32768.0, 0)
            else:
                y = self.act(x.shape, 1.0 / 128.0, 0)
            self.g.op(Op.TANH, [x], [y])
        elif kind == "logistic":
            if self.int16:
                y = self.act(x.shape, 1.0 / 32768.0, 0)
            else:
                y = self.act(x.shape, 1.0 / 256.0, -128)
            self.g.op(Op.LOGISTIC, [x], [y])
        elif kind == "softmax":
            # TFLite fixes the output quantisation of SOFTMAX
            if self.int16:
                y = self.act(x.shape, 1.0 / 32768.0, 0)
            else:
                y = self.act(x.shape, 1.0 / 256.0, -128)

            def opts(b):
                o_softmax.Start(b)
                o_softmax.AddBeta(b, 1.0)
                return o_softmax.End(b)

            self.g.op(Op.SOFTMAX, [x], [y], Opt.SoftmaxOptions, opts)
        elif kind == "hard_swish":
            y = self.act(x.shape, float(x.scale[0]) * float(self.rng.uniform(0.5, 0.8)))
            self.g.op(Op.HARD_SWISH, [x], [y])
        elif kind in ("relu", "relu6", "relu_n1_to_1"):
            y = self.like(x)
            self.g.op({"relu": Op.RELU, "relu6": Op.RELU6, "relu_n1_to_1": Op.RELU_N1_TO_1}[kind], [x], [y])
        else:
            raise ValueError(kind)
        return y

    # -- shapes ------------------------------------------------------------------
    def reshape(self, x, shape):
        y = self.like(x, list(shape))
        shape_t = self.g.const(self._name("shape"), np.array(shape, np.int32))

        def opts(b):
            o_reshape.StartNewShapeVector(b, len(shape))
            for d in reversed(shape):
                b.PrependInt32(d)
            vec = b.EndVector()
            o_reshape.Start(b)
            o_reshape.AddNewShape(b, vec)
            return o_reshape.End(b)

        self.g.op(Op.RESHAPE, [x, shape_t], [y], Opt.ReshapeOptions, opts)
        return y

    def pad(self, x, pads):
        shape = [d + p[0] + p[1] for d, p in zip(x.shape, pads)]
        y = self.like(x, shape)
        pads_t = self.g.const(self._name("paddings"), np.array(pads, np.int32))
        self.g.op(Op.PAD, [x, pads_t], [y])
        return y

    def concat(self, xs, axis=3):
        shape = list(xs[0].shape)
        shape[axis] = sum(x.shape[axis] for x in xs)
        y = self.like(xs[0], shape)

        def opts(b):
            o_concat.Start(b)
            o_concat.AddAxis(b, axis)
            return o_concat.End(b)

        self.g.op(Op.CONCATENATION, xs, [y], Opt.ConcatenationOptions, opts)
        return y

    def resize(self, x, kind, size, align_corners=False, half_pixel=False):
        n, h, w, c = x.shape
        y = self.like(x, [n, size[0], size[1], c])
        size_t = self.g.const(self._name("size"), np.array(size, np.int32))
        if kind == "nearest":
            mod, code, opt_type = o_rnn, Op.RESIZE_NEAREST_NEIGHBOR, Opt.ResizeNearestNeighborOptions
        else:
            mod, code, opt_type = o_rbil, Op.RESIZE_BILINEAR, Opt.ResizeBilinearOptions

        def opts(b):
            mod.Start(b)
            mod.AddAlignCorners(b, align_corners)
            mod.AddHalfPixelCenters(b, half_pixel)
            return mod.End(b)

        self.g.op(code, [x, size_t], [y], opt_type, opts)
        return y

    def strided_slice(self, x, begin, end, strides):
        shape = [(e - b + st - 1) // st for b, e, st in zip(begin, end, strides)]
        y = self.like(x, shape)
        ins = [x] + [self.g.const(self._name(w), np.array(v, np.int32)) for w, v in
                     (("begin", begin), ("end", end), ("strides", strides))]

        def opts(b):
            o_sslice.Start(b)
            return o_sslice.End(b)

        self.g.op(Op.STRIDED_SLICE, ins, [y], Opt.StridedSliceOptions, opts)
        return y

    def transpose(self, x, perm):
        y = self.like(x, [x.shape[p] for p in perm])
        self.g.op(Op.TRANSPOSE, [x, self.g.const(self._name("perm"), np.array(perm, np.int32))], [y])
        return y

    def split(self, x, axis, parts):
        shape = list(x.shape)
        shape[axis] //= parts
        ys = [self.like(x, shape) for _ in range(parts)]

        def opts(b):
            o_split.Start(b)
            o_split.AddNumSplits(b, parts)
            return o_split.End(b)

        self.g.op(Op.SPLIT, [self.g.const(self._name("axis"), np.array(axis, np.int32)), x], ys, Opt.SplitOptions, opts)
        return ys

    # -- operators Vela lowers to longer chains (issue 34) ---------------------------------
    def squared_difference(self, a, b):
        # (a - b)^2 of values about 74 steps apart: spread over about 60 output steps
        s = max(float(a.scale[0]), float(b.scale[0]))
        y = self.act(list(np.broadcast_shapes(tuple(a.shape), tuple(b.shape))),
                     s * s * 74.0 * 74.0 * 2.0 / 60.0 * (256.0 if self.int16 else 1.0), None if self.int16 else -100)
        self.g.op(Op.SQUARED_DIFFERENCE, [a, b], [y])
        return y

    def batch_matmul(self, a, b, adj_y=False):
        """a [.., M, K] x b [.., K, N] (b [.., N, K] with adj_y): both operands activations."""
        k = a.shape[-1]
        n_out = b.shape[-2] if adj_y else b.shape[-1]
        shape = list(a.shape[:-1]) + [n_out]
        sa, sb = float(a.scale[0]), float(b.scale[0])
        y = self.act(shape, sa * sb * np.sqrt(k) * 74.0 * 74.0 / 40.0 * (256.0 if self.int16 else 1.0))

        def opts(bld):
            o_bmm.Start(bld)
            o_bmm.AddAdjX(bld, False)
            o_bmm.AddAdjY(bld, adj_y)
            return o_bmm.End(bld)

        self.g.op(Op.BATCH_MATMUL, [a, b], [y], Opt.BatchMatMulOptions, opts)
        return y

    def mirror_pad(self, x, pads, mode="reflect"):
        shape = [d + p[0] + p[1] for d, p in zip(x.shape, pads)]
        y = self.like(x, shape)
        pads_t = self.g.const(self._name("paddings"), np.array(pads, np.int32))

        def opts(b):
            o_mpad.Start(b)
            o_mpad.AddMode(b, MirrorPadMode.REFLECT if mode == "reflect" else MirrorPadMode.SYMMETRIC)
            return o_mpad.End(b)

        self.g.op(Op.MIRROR_PAD, [x, pads_t], [y], Opt.MirrorPadOptions, opts)
        return y

    def arg_max(self, x, out_dtype=np.int64):
        """ARG_MAX over the last axis: an int64 (or int32) index tensor, no quantisation."""
        y = self.g.tensor(self._name("argmax"), x.shape[:-1], out_dtype)
        axis = self.g.const(self._name("axis"), np.array([len(x.shape) - 1], np.int32))

        def opts(b):
            o_argmax.Start(b)
            o_argmax.AddOutputType(b, TensorType.INT64 if out_dtype == np.int64 else TensorType.INT32)
            return o_argmax.End(b)

        self.g.op(Op.ARG_MAX, [x, axis], [y], Opt.ArgMaxOptions, opts)
        return y

    def log(self, x):
        # LOG of positive values: the input's upper half maps to log(zp_real..max_real)
        y = self.act(x.shape, self._act_scale(float(self.rng.uniform(0.02, 0.04))), 0 if self.int16 else None)
        self.g.op(Op.LOG, [x], [y])
        return y

    def lstm(self, x, n_cell, cell_clip=0.0):
        """UNIDIRECTIONAL_SEQUENCE_LSTM, batch-major [batch, time, n_input] -> [batch, time, n_cell]
        (no CIFG, peephole, projection or layer norm: what Vela runs). int8: TFLite's 8x8_16
        kernel (int16 cell state at 2^-11, int32 biases); the two states are variable tensors."""
        batch, _, n_in = x.shape
        in_scale = float(x.scale[0])
        out_scale, out_zp = 1.0 / 128.0, int(self.rng.integers(-10, 11))

        def w(shape):
            q = self.rng.integers(-127, 128, size=shape, dtype=np.int64).astype(np.int8)
            return self.g.const(self._name("lstm_w"), q, [float(self.rng.uniform(0.002, 0.006))], [0])

        in_w = [w([n_cell, n_in]) for _ in range(4)]
        rec_w = [w([n_cell, n_cell]) for _ in range(4)]
        biases = []
        for g in range(4):
            scale = in_scale * float(in_w[g].scale[0])
            b = self.rng.integers(-2000, 2000, size=n_cell, dtype=np.int64).astype(np.int32)
            biases.append(self.g.const(self._name("lstm_b"), b, [scale], [0]))
        out_state = self.g.tensor(self._name("out_state"), [batch, n_cell], np.int8, out_scale, out_zp)
        cell_state = self.g.tensor(self._name("cell_state"), [batch, n_cell], np.int16, 2.0**-11, 0)
        out_state.variable = cell_state.variable = True
        mids = [self.g.tensor(self._name("lstm_mid"), [1], np.int16, 2.0**-12, 0) for _ in range(4)]
        mids.append(self.g.tensor(self._name("lstm_hidden"), [1], np.int8, 1.0 / 128.0, out_zp))
        y = self.act(list(x.shape[:2]) + [n_cell], out_scale, out_zp)
        ins = ([x] + in_w + rec_w + [None, None, None] + biases + [None, None, out_state, cell_state] +
               [None] * 4)

        def opts(b):
            o_lstm.Start(b)
            o_lstm.AddFusedActivationFunction(b, Act.TANH)
            o_lstm.AddCellClip(b, cell_clip)
            o_lstm.AddProjClip(b, 0.0)
            o_lstm.AddTimeMajor(b, False)
            return o_lstm.End(b)

        self.g.op(Op.UNIDIRECTIONAL_SEQUENCE_LSTM, ins, [y], Opt.UnidirectionalSequenceLSTMOptions, opts, mids)
        return y
