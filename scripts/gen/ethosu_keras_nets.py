#!/usr/bin/env python3
"""Ethos-U networks from a second generator: TensorFlow's Keras and its TFLite converter.

The corpus (ethosu_corpus_nets.py) is written by the project's own TFLite writer; this
script makes networks the way users make them, to check the twin against another
generator: Keras models (random weights, fixed seeds), full integer quantisation with a
representative dataset, in int8, 16x8 (activations int16, weights int8) and int8 with
uint8 I/O where the converter allows. Each .tflite then goes through
scripts/gen/ethosu_corpus.py --tflite (Vela raw output per configuration, TensorFlow
Lite's BUILTIN_REF reference on a random input) into network folders.

It needs TensorFlow, so it runs in its own venv, never the project's (and never at
simulation time):

    python3 -m venv /tmp/kvenv
    /tmp/kvenv/bin/pip install tensorflow-cpu==2.21.0 ai-edge-litert==2.3.0 ethos-u-vela==5.2.0
    /tmp/kvenv/bin/python scripts/gen/ethosu_keras_nets.py --out /tmp/keras-nets [--only NAME ...]
    make ethosu-networks NETWORKS=/tmp/keras-nets/ethos-u65-256

--tflite-only writes the .tflite files (into --out/tflite) without compiling them;
--list lists the networks; --configs picks Vela's accelerator configurations; --variants
also compiles each with other Vela system configurations and memory modes (VARIANTS).
A network TensorFlow, Vela or the reference refuses is reported and left out.

Pins: numpy comes with tensorflow-cpu 2.21 (2.4 here; `pip check` clean with ai-edge-litert
2.3 and Vela 5.2). A network takes 10-60 s per mode (TensorFlow's import, the converter,
Vela twice, the reference); a converter crash (SIGSEGV) ends the whole run, so for the full
set a loop over `--list` with one `--only` per process is the safer way. The .tflite files
stay in <out>/tflite for `ethosu_corpus.py --tflite ... --streams DIR` (Vela's register
stream) when a network fails.

The operators no network here makes (TensorFlow, LiteRT's BUILTIN_REF or Vela refuse
them): the comments at the networks.
"""

import argparse
import os
import subprocess
import sys

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

HERE = os.path.dirname(os.path.abspath(__file__))
NETS = []  # (name, build() -> (keras.Model, [input ranges (lo, hi)]), modes)


def net(name, modes=("i8",)):
    def deco(fn):
        NETS.append((name, fn, modes))
        return fn

    return deco


def _tf():
    import tensorflow as tf

    return tf


def keras_mod():
    import keras

    return keras


def lam(fn, name=None):
    """A Keras layer running TensorFlow ops (a Lambda that is traced with tf tensors)."""
    keras = keras_mod()

    class TfOp(keras.layers.Layer):
        def call(self, *xs):
            return fn(*xs)

    return TfOp(name=name)


_N_INPUTS = [0]


def inp(shape):
    # named, so that the representative dataset can name them (convert())
    _N_INPUTS[0] += 1
    return keras_mod().Input(shape=shape, batch_size=1, name=f"input_{_N_INPUTS[0]:02d}")


def model(inputs, outputs, ranges=None):
    keras = keras_mod()
    ins = inputs if isinstance(inputs, list) else [inputs]
    return keras.Model(inputs=ins, outputs=outputs), ranges or [(-1.0, 1.0)] * len(ins)


def L():
    return keras_mod().layers


# ---- one operator each, awkward shapes ---------------------------------------------


@net("k_conv_9x9_s3", ("i8", "i16", "u8"))
def _():
    x = inp((23, 29, 5))
    y = L().Conv2D(19, 9, strides=3, padding="same", activation="relu")(x)
    return model(x, y)


@net("k_conv_11x11_s4_valid", ("i8", "i16"))
def _():
    x = inp((37, 41, 3))
    y = L().Conv2D(8, 11, strides=4, padding="valid")(x)
    return model(x, y)


@net("k_conv_1x7_deep", ("i8", "i16"))
def _():
    x = inp((5, 17, 263))
    y = L().Conv2D(300, (1, 7), padding="same", activation="relu6")(x)
    return model(x, y)


@net("k_conv_deep_520", ("i8",))
def _():
    x = inp((3, 5, 520))
    y = L().Conv2D(257, 1)(x)
    return model(x, y)


@net("k_conv_dilated_odd", ("i8", "i16"))
def _():
    x = inp((19, 13, 7))
    y = L().Conv2D(11, 3, dilation_rate=(2, 3), padding="same")(x)
    return model(x, y)


@net("k_depthwise_9x9_s3", ("i8", "i16", "u8"))
def _():
    x = inp((25, 22, 33))
    y = L().DepthwiseConv2D(9, strides=3, padding="same", depth_multiplier=1, activation="relu")(x)
    return model(x, y)


@net("k_depthwise_mult4_deep", ("i8", "i16"))
def _():
    x = inp((9, 7, 70))
    y = L().DepthwiseConv2D(3, padding="same", depth_multiplier=4)(x)
    return model(x, y)


@net("k_transpose_conv_s3", ("i8", "i16"))
def _():
    x = inp((5, 7, 6))
    y = L().Conv2DTranspose(9, 3, strides=2, padding="same")(x)
    return model(x, y)


@net("k_transpose_conv_valid_odd", ("i8",))
def _():
    x = inp((4, 5, 17))
    y = L().Conv2DTranspose(5, (4, 3), strides=(2, 2), padding="valid")(x)
    return model(x, y)


@net("k_dense_deep", ("i8", "i16", "u8"))
def _():
    x = inp((517,))
    y = L().Dense(301, activation="relu")(x)
    return model(x, y)


@net("k_dense_3d", ("i8", "i16"))
def _():
    x = inp((7, 33))
    y = L().Dense(19)(x)
    return model(x, y)


@net("k_avgpool_odd", ("i8", "i16", "u8"))
def _():
    x = inp((21, 17, 259))
    # Vela's average pool takes strides up to 3
    y = L().AveragePooling2D(pool_size=(3, 5), strides=(3, 2), padding="same")(x)
    return model(x, y)


@net("k_maxpool_s3", ("i8", "i16", "u8"))
def _():
    x = inp((31, 23, 13))
    y = L().MaxPooling2D(pool_size=(5, 3), strides=3, padding="valid")(x)
    return model(x, y)


@net("k_global_avg", ("i8", "i16"))
def _():
    x = inp((11, 9, 290))
    y = L().GlobalAveragePooling2D()(x)
    return model(x, y)


@net("k_add_broadcast", ("i8", "i16", "u8"))
def _():
    a, b = inp((7, 9, 21)), inp((1, 9, 1))
    y = lam(lambda p, q: p + q)(a, b)
    return model([a, b], y, [(-1, 1), (-3, 3)])


@net("k_sub_broadcast", ("i8", "i16"))
def _():
    a, b = inp((5, 1, 33)), inp((5, 11, 33))
    y = lam(lambda p, q: p - q)(a, b)
    return model([a, b], y, [(-2, 2), (-0.5, 0.5)])


@net("k_mul_broadcast", ("i8", "i16", "u8"))
def _():
    a, b = inp((6, 7, 17)), inp((1, 1, 17))
    y = lam(lambda p, q: p * q)(a, b)
    return model([a, b], y, [(-4, 4), (-1, 1)])


@net("k_max_min", ("i8", "i16"))
def _():
    a, b = inp((9, 5, 12)), inp((9, 5, 12))
    tf = _tf()
    y = lam(lambda p, q: tf.maximum(p, q) + tf.minimum(p * 0.5, q))(a, b)
    return model([a, b], y)


@net("k_squared_difference", ("i8",))
def _():
    a, b = inp((4, 6, 19)), inp((4, 6, 19))
    tf = _tf()
    y = lam(lambda p, q: tf.math.squared_difference(p, q))(a, b)
    return model([a, b], y)


# Not made: NEG (the converter leaves it in float), ELU and TILE (LiteRT 2.3's BUILTIN_REF
# has no int8 ELU, no TILE version 3; Keras' UpSampling2D is a TILE too), REVERSE_V2 (Vela 5.2
# refuses every reverse mask for the U55/U65: "Unsupported reverse mask"), a STRIDED_SLICE
# with a negative stride (Vela: "unsupported negative stride")
@net("k_abs", ("i8", "i16"))
def _():
    x = inp((7, 11, 13))
    tf = _tf()
    y = lam(lambda p: tf.abs(p) + p * 0.5)(x)
    return model(x, y)


@net("k_exp", ("i8", "i16"))
def _():
    x = inp((5, 7, 9))
    y = lam(lambda p: _tf().exp(p))(x)
    return model(x, y, [(-3, 1)])


@net("k_gelu", ("i8",))  # Vela: no int16 GELU
def _():
    x = inp((8, 33))
    y = lam(lambda p: _tf().nn.gelu(p, approximate=True))(x)
    return model(x, y, [(-4, 4)])


@net("k_log", ("i8", "i16"))
def _():
    x = inp((3, 5, 21))
    y = lam(lambda p: _tf().math.log(p))(x)
    return model(x, y, [(0.05, 6)])


@net("k_rsqrt", ("i8",))  # 16x8: symmetric, so the reference meets values <= 0
def _():
    x = inp((4, 4, 19))
    y = lam(lambda p: _tf().math.rsqrt(p))(x)
    return model(x, y, [(0.1, 4)])


@net("k_logistic_tanh", ("i8", "i16"))
def _():
    x = inp((9, 31))
    tf = _tf()
    y = lam(lambda p: tf.sigmoid(p) * 2.0 + tf.tanh(p * 1.5))(x)
    return model(x, y, [(-6, 6)])


@net("k_hard_swish", ("i8", "i16"))
def _():
    x = inp((7, 5, 24))
    tf = _tf()
    y = lam(lambda p: p * tf.nn.relu6(p + 3.0) / 6.0)(x)
    return model(x, y, [(-5, 5)])


@net("k_leaky_prelu", ("i8", "i16"))
def _():
    x = inp((6, 9, 15))
    y = L().LeakyReLU(negative_slope=0.13)(x)
    y = L().PReLU(shared_axes=[1, 2])(y)
    return model(x, y, [(-3, 3)])


@net("k_relu_family", ("i8", "i16"))
def _():
    x = inp((5, 5, 16))
    tf = _tf()
    y = lam(lambda p: tf.concat([tf.nn.relu(p), tf.nn.relu6(p), tf.clip_by_value(p, -1.0, 1.0),
                                 tf.clip_by_value(p, 0.0, 1.0)], axis=-1))(x)
    return model(x, y, [(-8, 8)])


@net("k_softmax_wide", ("i8", "i16"))
def _():
    x = inp((3, 517))
    y = L().Softmax()(x)
    return model(x, y, [(-6, 6)])


@net("k_mean_reduce", ("i8", "i16"))
def _():
    x = inp((7, 13, 37))
    tf = _tf()
    y = lam(lambda p: tf.concat([tf.reduce_mean(p, axis=[1], keepdims=True), tf.reduce_max(p, axis=[1], keepdims=True),
                                 tf.reduce_min(p, axis=[1], keepdims=True)], axis=-1))(x)
    return model(x, y)


@net("k_sum", ("i8",))
def _():
    x = inp((5, 7, 9))
    y = lam(lambda p: _tf().reduce_sum(p, axis=[2], keepdims=True))(x)
    return model(x, y)


@net("k_argmax", ("i8",))
def _():
    x = inp((5, 7, 33))
    y = lam(lambda p: _tf().math.argmax(p, axis=-1))(x)
    return model(x, y)


@net("k_concat_split", ("i8", "i16"))
def _():
    a, b = inp((6, 5, 7)), inp((6, 5, 11))
    tf = _tf()

    def f(p, q):
        c = tf.concat([p, q * 2.0], axis=-1)
        s1, s2, s3 = tf.split(c, [3, 10, 5], axis=-1)
        u, v = tf.split(c, [2, 4], axis=1)
        return tf.concat([s3, s1], axis=-1), tf.concat([v, u], axis=1)

    y = lam(f)(a, b)
    return model([a, b], list(y))


@net("k_split_even", ("i8",))
def _():
    x = inp((4, 6, 24))
    tf = _tf()
    y = lam(lambda p: [t * (i + 1.0) for i, t in enumerate(tf.split(p, 3, axis=-1))])(x)
    return model(x, list(y))


@net("k_pack_unpack", ("i8",))
def _():
    a, b = inp((5, 7)), inp((5, 7))
    tf = _tf()

    def f(p, q):
        s = tf.stack([p, q], axis=1)
        r = tf.unstack(s * 1.5, axis=2)
        return tf.stack(r[:3], axis=0)

    y = lam(f)(a, b)
    return model([a, b], y)


@net("k_transpose", ("i8", "i16"))
def _():
    x = inp((5, 7, 9))
    tf = _tf()
    y = lam(lambda p: tf.transpose(p, [0, 2, 1, 3]) + 0.25)(x)
    return model(x, y)


@net("k_transpose_hc", ("i8",))
def _():
    x = inp((3, 4, 6))
    y = lam(lambda p: _tf().transpose(p, [0, 3, 1, 2]))(x)
    return model(x, y)


@net("k_slice_strided", ("i8", "i16"))
def _():
    x = inp((13, 11, 9))
    tf = _tf()
    y = lam(lambda p: tf.slice(p, [0, 2, 1, 3], [1, 7, 8, 5]) + p[:, 0:13:2, 1:9, 2:7])(x)
    return model(x, y)


@net("k_pad_reflect", ("i8", "i16"))
def _():
    x = inp((6, 7, 5))
    tf = _tf()
    y = lam(lambda p: tf.pad(p, [[0, 0], [2, 1], [1, 3], [0, 0]], mode="REFLECT"))(x)
    return model(x, y)


@net("k_pad_values", ("i8",))
def _():
    x = inp((5, 6, 7))
    tf = _tf()
    y = lam(lambda p: tf.pad(p, [[0, 0], [1, 2], [3, 0], [0, 0]], constant_values=0.7))(x)
    return model(x, y)


@net("k_reshape_squeeze", ("i8",))
def _():
    x = inp((1, 12, 10))
    tf = _tf()
    y = lam(lambda p: tf.expand_dims(tf.reshape(tf.squeeze(p, axis=1) + 1.0, [1, 6, 20]), axis=2) * 0.5)(x)
    return model(x, y)


@net("k_resize", ("i8", "i16"))
def _():
    x = inp((5, 7, 6))
    tf = _tf()
    y = lam(lambda p: tf.image.resize(p, [10, 14], method="bilinear") + tf.image.resize(p, [10, 14], method="nearest"))(x)
    return model(x, y)


@net("k_lstm", ("i8",))
def _():
    x = inp((10, 12))
    # unrolled: TensorFlow 2.21's converter crashes (SIGSEGV) quantising Keras 3's LSTM as
    # UNIDIRECTIONAL_SEQUENCE_LSTM; unrolled it is FULLY_CONNECTED, LOGISTIC, TANH, MUL, ADD
    y = L().LSTM(16, unroll=True)(x)
    return model(x, y)


@net("k_zero_point_edge", ("i8", "u8"))
def _():
    # all-positive input and output: the zero points at the ends of their range
    x = inp((9, 9, 6))
    tf = _tf()
    y = lam(lambda p: tf.nn.relu(p * 0.5 + 0.2))(x)
    return model(x, y, [(0.0, 3.0)])


@net("k_conv_s4_deep_weights", ("i8", "i16"))
def _():
    # a weight stream over 100 KB, stride 3, odd sizes (Vela: stride 4 only where the kernel is wider)
    x = inp((35, 27, 130))
    y = L().Conv2D(270, 5, strides=3, padding="same")(x)
    return model(x, y)


@net("k_depthwise_s2_7x7_odd", ("i8", "i16", "u8"))
def _():
    x = inp((27, 19, 301))
    y = L().DepthwiseConv2D((7, 7), strides=2, padding="same", activation="relu6")(x)
    return model(x, y)


@net("k_avgpool_same_pad", ("i8", "i16", "u8"))
def _():
    x = inp((13, 11, 40))
    y = L().AveragePooling2D(pool_size=3, strides=2, padding="same")(x)
    return model(x, y)


@net("k_mean_hw", ("i8", "i16"))
def _():
    x = inp((23, 19, 33))
    y = lam(lambda p: _tf().reduce_mean(p, axis=[1, 2], keepdims=True))(x)
    return model(x, y)


@net("k_resize_align", ("i8", "i16"))
def _():
    x = inp((6, 5, 7))
    tf = _tf()
    y = lam(lambda p: tf.compat.v1.image.resize_bilinear(p, [11, 9], align_corners=True))(x)
    return model(x, y)


@net("k_resize_half_pixel_x4", ("i8",))
def _():
    x = inp((3, 5, 8))
    tf = _tf()
    y = lam(lambda p: tf.compat.v1.image.resize_bilinear(p, [12, 20], half_pixel_centers=True))(x)
    return model(x, y)


@net("k_concat_hw", ("i8", "i16"))
def _():
    a, b = inp((5, 7, 9)), inp((3, 7, 9))
    tf = _tf()
    y = lam(lambda p, q: tf.concat([tf.concat([p, q * 3.0], axis=1), tf.concat([q, p], axis=1)], axis=2))(a, b)
    return model([a, b], y)


@net("k_leaky_big_alpha", ("i8", "i16"))
def _():
    x = inp((7, 9, 11))
    y = L().LeakyReLU(negative_slope=1.7)(x)
    return model(x, y, [(-2, 1)])


@net("k_transpose_conv_16x8_deep", ("i16",))
def _():
    x = inp((6, 5, 40))
    y = L().Conv2DTranspose(33, 3, strides=2, padding="same")(x)
    return model(x, y)


@net("k_batch_matmul", ("i8",))  # Vela: no int16 BATCH_MATMUL
def _():
    a, b = inp((9, 17)), inp((17, 13))
    y = lam(lambda p, q: _tf().matmul(p, q))(a, b)
    return model([a, b], y)


@net("k_batch_matmul_adj", ("i8",))
def _():
    a, b = inp((3, 9, 17)), inp((3, 13, 17))
    y = lam(lambda p, q: _tf().matmul(p, q, transpose_b=True))(a, b)
    return model([a, b], y)


@net("k_conv_16x8_wide_acc", ("i16",))
def _():
    # 11x11x520 taps, non-negative input and positive weights: a 16x8 accumulator around
    # 2^35 (the NPU's is 40 bits wide, TensorFlow Lite's 64)
    x = inp((13, 13, 520))
    keras = keras_mod()
    y = L().ReLU()(x)
    y = L().Conv2D(8, 11, padding="valid", kernel_initializer=keras.initializers.RandomUniform(0.5, 1.0))(y)
    return model(x, y)


@net("k_maxpool_same_s2", ("i8", "i16", "u8"))
def _():
    x = inp((14, 11, 19))
    y = L().MaxPooling2D(pool_size=4, strides=2, padding="same")(x)
    return model(x, y)


@net("k_depthwise_s3_mult2", ("i8", "i16"))
def _():
    x = inp((20, 17, 9))
    y = L().DepthwiseConv2D((5, 3), strides=(3, 2), padding="valid", depth_multiplier=2)(x)
    return model(x, y)


@net("k_pad_big", ("i8",))  # 16x8: the reference refuses a float PADV2 value
def _():
    x = inp((4, 5, 6))
    tf = _tf()
    y = lam(lambda p: tf.pad(p, [[0, 0], [7, 3], [0, 9], [0, 0]], constant_values=-0.4))(x)
    return model(x, y)


@net("k_concat_requant", ("i8", "i16", "u8"))
def _():
    a, b = inp((6, 7, 10)), inp((6, 7, 13))
    tf = _tf()
    y = lam(lambda p, q: tf.concat([p * 3.0, q * 0.25, p], axis=-1))(a, b)
    return model([a, b], y)


@net("k_avgpool_big_kernel", ("i8", "i16"))
def _():
    x = inp((24, 22, 21))
    y = L().AveragePooling2D(pool_size=(11, 9), strides=(3, 3), padding="valid")(x)
    return model(x, y)


@net("k_prelu_channel_alpha", ("i8", "u8"))
def _():
    x = inp((6, 5, 23))
    keras = keras_mod()
    y = L().PReLU(alpha_initializer=keras.initializers.RandomUniform(-0.5, 1.5))(x)
    return model(x, y, [(-2, 2)])


@net("k_softmax_beta", ("i8", "i16"))
def _():
    x = inp((5, 40))
    y = lam(lambda p: _tf().nn.softmax(p * 2.5))(x)
    return model(x, y, [(-3, 3)])


@net("k_mean_long", ("i8", "i16"))
def _():
    # MEAN over 60x50 = 3000 values per channel
    x = inp((60, 50, 7))
    y = lam(lambda p: _tf().reduce_mean(p, axis=[1, 2], keepdims=True))(x)
    return model(x, y)


@net("k_mean_w", ("i8",))
def _():
    x = inp((6, 29, 11))
    y = lam(lambda p: _tf().reduce_mean(p, axis=[2]))(x)
    return model(x, y)


@net("k_conv_dilated_strided", ("i8", "i16"))
def _():
    x = inp((31, 26, 6))
    y = L().Conv2D(10, 3, dilation_rate=2, padding="same")(x)
    y = L().Conv2D(7, 3, strides=2, padding="valid", activation="tanh")(y)
    return model(x, y)


@net("k_transpose_conv_s1", ("i8",))
def _():
    x = inp((7, 6, 12))
    y = L().Conv2DTranspose(5, 3, strides=1, padding="same")(x)
    return model(x, y)


@net("k_hard_swish_u8", ("u8",))
def _():
    x = inp((5, 6, 17))
    tf = _tf()
    y = lam(lambda p: p * tf.nn.relu6(p + 3.0) / 6.0)(x)
    return model(x, y, [(-5, 5)])


@net("k_pack_axis3_unpack0", ("i8", "i16"))
def _():
    a, b = inp((4, 6, 5)), inp((4, 6, 5))
    tf = _tf()

    def f(p, q):
        s = tf.stack([p, q * 0.5, p - q], axis=3)  # (1, 4, 6, 3, 5)
        s = tf.reshape(s, [1, 4, 6, 15])
        r = tf.unstack(s, axis=1)
        return tf.concat(r, axis=-1)

    y = lam(f)(a, b)
    return model([a, b], y)


@net("k_exp_log_chain", ("i8", "i16"))
def _():
    x = inp((4, 9, 14))
    tf = _tf()
    y = lam(lambda p: tf.math.log(tf.exp(p) + 1.0) * tf.sigmoid(p))(x)
    return model(x, y, [(-4, 4)])


@net("k_zero_point_neg", ("i8", "u8"))
def _():
    # all-negative input and output: zero points at the other end
    x = inp((7, 8, 9))
    tf = _tf()
    y = lam(lambda p: tf.minimum(p * 0.7 + 0.1, 0.0))(x)
    return model(x, y, [(-3.0, 0.0)])


@net("k_pad_zero", ("i8", "i16"))
def _():
    x = inp((5, 7, 11))
    y = lam(lambda p: _tf().pad(p, [[0, 0], [3, 1], [0, 2], [0, 0]]))(x)
    return model(x, y)


@net("k_reduce_max_min", ("i8", "i16"))
def _():
    x = inp((9, 13, 21))
    tf = _tf()
    y = lam(lambda p: [tf.reduce_max(p, axis=[1]), tf.reduce_min(p, axis=[2], keepdims=True)])(x)
    return model(x, list(y))


@net("k_slice", ("i8", "i16"))
def _():
    x = inp((13, 11, 9))
    y = lam(lambda p: _tf().slice(p, [0, 2, 1, 3], [1, 7, 8, 5]))(x)
    return model(x, y)


@net("k_strided_slice", ("i8", "i16"))
def _():
    x = inp((13, 11, 9))
    y = lam(lambda p: p[:, 0:13:2, 1:10:3, 2:7])(x)
    return model(x, y)


# ---- real models, small ------------------------------------------------------------


@net("k_mobilenet_v1_025_128", ("i8",))
def _():
    keras = keras_mod()
    # the logits, no SOFTMAX: with random weights their scale is far beyond what TensorFlow
    # Lite's softmax accepts (PreprocessSoftmaxScaling aborts)
    m = keras.applications.MobileNet(input_shape=(128, 128, 3), alpha=0.25, weights=None, classes=10,
                                     include_top=True, dropout=0.0, classifier_activation=None)
    x = inp((128, 128, 3))
    return model(x, m(x))


@net("k_mobilenet_v2_035_96", ("i8",))  # 16x8: the reference refuses its random-weight scales
def _():
    keras = keras_mod()
    m = keras.applications.MobileNetV2(input_shape=(96, 96, 3), alpha=0.35, weights=None, classes=10,
                                       classifier_activation=None)
    x = inp((96, 96, 3))
    return model(x, m(x))


@net("k_ds_cnn_kws", ("i8", "i16", "u8"))
def _():
    x = inp((49, 10, 1))
    y = L().Conv2D(64, (10, 4), strides=2, padding="same", activation="relu")(x)
    for _ in range(4):
        y = L().DepthwiseConv2D(3, padding="same", activation="relu")(y)
        y = L().Conv2D(64, 1, activation="relu")(y)
    y = L().GlobalAveragePooling2D()(y)
    y = L().Dense(12)(y)
    y = L().Softmax()(y)
    return model(x, y)


@net("k_unet", ("i8", "i16"))
def _():
    x = inp((32, 32, 3))
    c1 = L().Conv2D(8, 3, padding="same", activation="relu")(x)
    p1 = L().MaxPooling2D()(c1)
    c2 = L().Conv2D(16, 3, padding="same", activation="relu")(p1)
    p2 = L().MaxPooling2D()(c2)
    b = L().Conv2D(32, 3, padding="same", activation="relu")(p2)
    u2 = L().Conv2DTranspose(16, 2, strides=2, padding="same")(b)
    c3 = L().Conv2D(16, 3, padding="same", activation="relu")(L().Concatenate()([u2, c2]))
    u1 = lam(lambda p: _tf().image.resize(p, [32, 32], method="nearest"))(c3)
    c4 = L().Conv2D(8, 3, padding="same", activation="relu")(L().Concatenate()([u1, c1]))
    y = L().Conv2D(2, 1, activation="sigmoid")(c4)
    return model(x, y)


@net("k_resnet8", ("i8", "i16", "u8"))
def _():
    x = inp((32, 32, 3))
    y = L().Conv2D(16, 3, padding="same", activation="relu")(x)
    for f, s in ((16, 1), (32, 2), (64, 2)):
        z = L().Conv2D(f, 3, strides=s, padding="same", activation="relu")(y)
        z = L().Conv2D(f, 3, padding="same")(z)
        sc = y if s == 1 else L().Conv2D(f, 1, strides=s)(y)
        y = L().ReLU()(L().Add()([z, sc]))
    y = L().AveragePooling2D(8)(y)
    y = L().Flatten()(y)
    y = L().Dense(10)(y)
    y = L().Softmax()(y)
    return model(x, y)


@net("k_anomaly_ae", ("i8", "i16", "i8t"))
def _():
    x = inp((640,))
    y = x
    for n in (128, 128, 128, 128, 8, 128, 128, 128, 128):
        y = L().Dense(n, activation="relu")(y)
    y = L().Dense(640)(y)
    return model(x, y)


def _layer_norm(x):
    # Keras' LayerNormalization converts with a float NEG; this one is MEAN,
    # SQUARED_DIFFERENCE, RSQRT, SUB, MUL (gamma and beta: Dense-free constants)
    tf = _tf()

    def f(p):
        m = tf.reduce_mean(p, axis=-1, keepdims=True)
        v = tf.reduce_mean(tf.math.squared_difference(p, m), axis=-1, keepdims=True)
        return (p - m) * tf.math.rsqrt(v + 1e-3) * 0.9 + 0.05

    return lam(f)(x)


def _transformer(x, dim, heads):
    a = L().MultiHeadAttention(num_heads=heads, key_dim=dim // heads)(x, x)
    x = _layer_norm(L().Add()([x, a]))
    f = L().Dense(dim * 2, activation="relu")(x)
    f = L().Dense(dim)(f)
    return _layer_norm(L().Add()([x, f]))


@net("k_layer_norm", ("i8",))
def _():
    x = inp((16, 32))
    return model(x, _layer_norm(x))


@net("k_attention", ("i8",))
def _():
    x = inp((16, 32))
    return model(x, L().MultiHeadAttention(num_heads=2, key_dim=16)(x, x))


@net("k_transformer_2blocks", ("i8", "i8t"))
def _():
    x = inp((16, 32))
    y = _transformer(_transformer(x, 32, 2), 32, 2)
    return model(x, y)


@net("k_lstm_kws", ("i8",))
def _():
    x = inp((25, 10))
    y = L().LSTM(32, unroll=True)(x)  # unrolled: see k_lstm
    y = L().Dense(12)(y)
    y = L().Softmax()(y)
    return model(x, y)


# ---- conversion ----------------------------------------------------------------------

# --variants: the network compiled again with other Vela system configurations and memory
# modes (other region layouts, DMA, cascading and weight buffering), folder name + _<tag>
VARIANTS = {
    "emb": "--system-config Ethos_U65_Embedded --memory-mode Shared_Sram",
    "hi": "--system-config Ethos_U65_High_End --memory-mode Dedicated_Sram_512KB",
    "sz": "--system-config Ethos_U65_Mid_End --memory-mode Sram_Only --optimise Size",
}

MODES = {"i8": "int8", "i16": "16x8", "u8": "int8, uint8 I/O",
         "i8t": "int8, Dense layers per-tensor (not per-channel)"}


def convert(m, ranges, mode, seed):
    tf = _tf()
    rng = np.random.default_rng(seed)
    # by input name: the converted model lists a two-input model's inputs in reverse order
    # and feeds a list in that order
    def rep():
        for _ in range(48):
            yield {t.name: rng.uniform(lo, hi, size=tuple(int(d) for d in t.shape)).astype(np.float32)
                   for t, (lo, hi) in zip(m.inputs, ranges)}

    conv = tf.lite.TFLiteConverter.from_keras_model(m)
    conv.optimizations = [tf.lite.Optimize.DEFAULT]
    conv.representative_dataset = rep
    if mode == "i8t":
        conv._experimental_disable_per_channel_quantization_for_dense_layers = True
    if mode == "i16":
        conv.target_spec.supported_ops = [tf.lite.OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8]
        conv.inference_input_type = conv.inference_output_type = tf.int16
    else:
        conv.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
        t = tf.uint8 if mode == "u8" else tf.int8
        conv.inference_input_type = conv.inference_output_type = t
    return conv.convert()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", help="folder for the network folders (<out>/<config>/<name>)")
    ap.add_argument("--only", action="append", help="only this network (its name without the mode suffix; repeatable)")
    ap.add_argument("--modes", default="i8,i16,u8,i8t", help="comma-separated: " + ", ".join(MODES) + " (default all)")
    ap.add_argument("--configs", default="ethos-u65-256,ethos-u65-512")
    ap.add_argument("--tflite-only", action="store_true", help="write the .tflite files only")
    ap.add_argument("--variants", action="store_true",
                    help="also compile each network with the Vela options of VARIANTS (" + ", ".join(VARIANTS) + ")")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    if args.list:
        for name, _, modes in NETS:
            print(f"{name:28s} {','.join(modes)}")
        return 0
    if not args.out:
        ap.error("--out is required")
    import keras
    import tensorflow as tf

    tdir = os.path.join(args.out, "tflite")
    os.makedirs(tdir, exist_ok=True)
    want = set(args.modes.split(","))
    failed = []
    for pos, (name, build, modes) in enumerate(NETS):
        if args.only and name not in args.only:
            continue
        for mode in modes:
            if mode not in want:
                continue
            full = f"{name}_{mode}"
            keras.utils.set_random_seed(100 + pos)
            _N_INPUTS[0] = 0
            keras.backend.clear_session()
            try:
                m, ranges = build()
                data = convert(m, ranges, mode, 200 + pos)
            except Exception as e:  # the converter refuses this mode: note it, go on
                print(f"{full}: the converter refuses it: {str(e).splitlines()[0][:200]}", file=sys.stderr)
                failed.append(full)
                continue
            path = os.path.join(tdir, full + ".tflite")
            with open(path, "wb") as f:
                f.write(data)
            if args.tflite_only:
                print(f"{full}: {len(data)} bytes")
                continue
            builds = [(full, path, [])]
            for tag, vela_args in VARIANTS.items() if args.variants else ():
                vpath = os.path.join(tdir, f"{full}_{tag}.tflite")
                with open(vpath, "wb") as f:
                    f.write(data)
                builds.append((f"{full}_{tag}", vpath, ["--vela-args", vela_args]))
            for what, tfl, extra in builds:
                r = subprocess.run([sys.executable, os.path.join(HERE, "ethosu_corpus.py"), "--tflite", tfl,
                                    "--out", args.out, "--configs", args.configs, "--seed", str(300 + pos)] + extra,
                                   capture_output=True, text=True)
                # its reason is in the lines before its summary line
                why = [ln for ln in r.stderr.strip().splitlines() if ln.strip()]
                if r.returncode != 0:
                    print(f"{what}: ethosu_corpus.py fails (exit {r.returncode}): {(why[-2:-1] or why[-1:] or ['?'])[0][:400]}",
                          file=sys.stderr)
                    failed.append(what)
                else:
                    print(r.stdout.strip().splitlines()[0] if r.stdout.strip() else what)
                sys.stdout.flush()
    if failed:
        print(f"ethosu_keras_nets: {len(failed)} not made: {', '.join(failed)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
