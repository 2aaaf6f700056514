"""A small TFLite model writer without TensorFlow.

Builds a single-subgraph .tflite flatbuffer with the `flatbuffers` package and
the schema classes Vela ships (ethosu.vela.tflite.*). A Graph collects tensors
(activations and constants) and operators; Graph.serialise() returns the bytes.
Quantised tensors only (int8 / int16 activations, int8 weights, int32 / int64
biases), which is all the Ethos-U65 corpus needs.
"""

import flatbuffers
import numpy as np

from ethosu.vela.tflite import Buffer as fb_buffer
from ethosu.vela.tflite import Model as fb_model
from ethosu.vela.tflite import Operator as fb_operator
from ethosu.vela.tflite import OperatorCode as fb_opcode
from ethosu.vela.tflite import QuantizationParameters as fb_quant
from ethosu.vela.tflite import SubGraph as fb_subgraph
from ethosu.vela.tflite import Tensor as fb_tensor
from ethosu.vela.tflite.BuiltinOperator import BuiltinOperator
from ethosu.vela.tflite.BuiltinOptions import BuiltinOptions
from ethosu.vela.tflite.TensorType import TensorType

# numpy dtype -> TFLite tensor type
_TENSOR_TYPES = {
    np.dtype(np.int8): TensorType.INT8,
    np.dtype(np.uint8): TensorType.UINT8,
    np.dtype(np.int16): TensorType.INT16,
    np.dtype(np.int32): TensorType.INT32,
    np.dtype(np.int64): TensorType.INT64,
    np.dtype(np.bool_): TensorType.BOOL,
}


class Tensor:
    """One tensor of the graph: shape, dtype, quantisation, optional constant data."""

    def __init__(self, index, name, shape, dtype, scale, zero_point, data, quantized_dimension):
        self.variable = False  # a state tensor (LSTM): kept between invocations
        self.index = index
        self.name = name
        self.shape = list(shape)
        self.dtype = np.dtype(dtype)
        self.scale = None if scale is None else np.atleast_1d(np.asarray(scale, np.float32))
        self.zero_point = None if zero_point is None else np.atleast_1d(np.asarray(zero_point, np.int64))
        self.data = data
        self.quantized_dimension = quantized_dimension


class Graph:
    """Tensors and operators of one subgraph, in execution order."""

    def __init__(self, name):
        self.name = name
        self.tensors = []
        self.operators = []  # (builtin code, inputs, outputs, options type, options builder fn)
        self.intermediates = {}  # operator position -> tensors (the LSTM's gate scales)
        self.inputs = []
        self.outputs = []

    def tensor(self, name, shape, dtype, scale=None, zero_point=None, data=None, quantized_dimension=0):
        t = Tensor(len(self.tensors), name, shape, dtype, scale, zero_point, data, quantized_dimension)
        self.tensors.append(t)
        return t

    def const(self, name, data, scale=None, zero_point=None, quantized_dimension=0):
        data = np.ascontiguousarray(data)
        return self.tensor(name, data.shape, data.dtype, scale, zero_point, data, quantized_dimension)

    def input(self, name, shape, dtype, scale, zero_point):
        t = self.tensor(name, shape, dtype, scale, zero_point)
        self.inputs.append(t)
        return t

    def op(self, code, inputs, outputs, options_type=BuiltinOptions.NONE, options=None, intermediates=None):
        """options: a function(builder) -> offset of the built options table, or None."""
        if intermediates:
            self.intermediates[len(self.operators)] = list(intermediates)
        self.operators.append((code, list(inputs), list(outputs), options_type, options))

    def mark_output(self, t):
        self.outputs.append(t)

    def serialise(self):
        b = flatbuffers.Builder(4096)

        # Buffers: 0 is the empty sentinel, then one per constant tensor.
        buffer_of = {}
        buffer_offsets = [self._buffer(b, None)]
        for t in self.tensors:
            if t.data is not None:
                buffer_of[t.index] = len(buffer_offsets)
                buffer_offsets.append(self._buffer(b, t.data.tobytes()))

        tensor_offsets = [self._tensor(b, t, buffer_of.get(t.index, 0)) for t in self.tensors]

        codes = []
        for code, *_ in self.operators:
            if code not in codes:
                codes.append(code)
        code_offsets = []
        for code in codes:
            fb_opcode.Start(b)
            # deprecated_builtin_code is an int8: codes above 127 use the placeholder 127
            fb_opcode.AddDeprecatedBuiltinCode(b, min(code, 127))
            fb_opcode.AddBuiltinCode(b, code)
            fb_opcode.AddVersion(b, 1)
            code_offsets.append(fb_opcode.End(b))

        op_offsets = []
        for pos, (code, ins, outs, opt_type, opt_fn) in enumerate(self.operators):
            opt = opt_fn(b) if opt_fn else None
            in_vec = self._int_vector(b, fb_operator.StartInputsVector, [t.index if t is not None else -1 for t in ins])
            out_vec = self._int_vector(b, fb_operator.StartOutputsVector, [t.index for t in outs])
            mid = self.intermediates.get(pos)
            mid_vec = self._int_vector(b, fb_operator.StartIntermediatesVector, [t.index for t in mid]) if mid else None
            fb_operator.Start(b)
            fb_operator.AddOpcodeIndex(b, codes.index(code))
            fb_operator.AddInputs(b, in_vec)
            fb_operator.AddOutputs(b, out_vec)
            if mid_vec is not None:
                fb_operator.AddIntermediates(b, mid_vec)
            if opt is not None:
                fb_operator.AddBuiltinOptionsType(b, opt_type)
                fb_operator.AddBuiltinOptions(b, opt)
            op_offsets.append(fb_operator.End(b))

        tens_vec = self._offset_vector(b, fb_subgraph.StartTensorsVector, tensor_offsets)
        in_vec = self._int_vector(b, fb_subgraph.StartInputsVector, [t.index for t in self.inputs])
        out_vec = self._int_vector(b, fb_subgraph.StartOutputsVector, [t.index for t in self.outputs])
        ops_vec = self._offset_vector(b, fb_subgraph.StartOperatorsVector, op_offsets)
        sg_name = b.CreateString(self.name)
        fb_subgraph.Start(b)
        fb_subgraph.AddTensors(b, tens_vec)
        fb_subgraph.AddInputs(b, in_vec)
        fb_subgraph.AddOutputs(b, out_vec)
        fb_subgraph.AddOperators(b, ops_vec)
        fb_subgraph.AddName(b, sg_name)
        sg = fb_subgraph.End(b)

        codes_vec = self._offset_vector(b, fb_model.StartOperatorCodesVector, code_offsets)
        sgs_vec = self._offset_vector(b, fb_model.StartSubgraphsVector, [sg])
        bufs_vec = self._offset_vector(b, fb_model.StartBuffersVector, buffer_offsets)
        desc = b.CreateString("ethosu_corpus.py")
        fb_model.Start(b)
        fb_model.AddVersion(b, 3)
        fb_model.AddOperatorCodes(b, codes_vec)
        fb_model.AddSubgraphs(b, sgs_vec)
        fb_model.AddDescription(b, desc)
        fb_model.AddBuffers(b, bufs_vec)
        model = fb_model.End(b)
        b.Finish(model, file_identifier=b"TFL3")
        return bytes(b.Output())

    @staticmethod
    def _buffer(b, data):
        vec = None
        if data:
            # 16-byte alignment keeps LiteRT's and Vela's readers happy with wide types
            b.StartVector(1, len(data), 16)
            b.head = b.head - len(data)
            b.Bytes[b.head : b.head + len(data)] = data
            vec = b.EndVector(len(data))
        fb_buffer.Start(b)
        if vec is not None:
            fb_buffer.AddData(b, vec)
        return fb_buffer.End(b)

    @staticmethod
    def _int_vector(b, start_fn, values):
        start_fn(b, len(values))
        for v in reversed(values):
            b.PrependInt32(v)
        return b.EndVector()

    @staticmethod
    def _offset_vector(b, start_fn, offsets):
        start_fn(b, len(offsets))
        for o in reversed(offsets):
            b.PrependUOffsetTRelative(o)
        return b.EndVector()

    def _tensor(self, b, t, buffer_index):
        name = b.CreateString(t.name)
        shape = self._int_vector(b, fb_tensor.StartShapeVector, t.shape)
        quant = None
        if t.scale is not None:
            fb_quant.StartScaleVector(b, len(t.scale))
            for s in reversed(t.scale):
                b.PrependFloat32(float(s))
            scale_vec = b.EndVector()
            fb_quant.StartZeroPointVector(b, len(t.zero_point))
            for z in reversed(t.zero_point):
                b.PrependInt64(int(z))
            zp_vec = b.EndVector()
            fb_quant.Start(b)
            fb_quant.AddScale(b, scale_vec)
            fb_quant.AddZeroPoint(b, zp_vec)
            fb_quant.AddQuantizedDimension(b, t.quantized_dimension)
            quant = fb_quant.End(b)
        fb_tensor.Start(b)
        fb_tensor.AddShape(b, shape)
        fb_tensor.AddType(b, _TENSOR_TYPES[t.dtype])
        fb_tensor.AddBuffer(b, buffer_index)
        if t.variable:
            fb_tensor.AddIsVariable(b, True)
        fb_tensor.AddName(b, name)
        if quant is not None:
            fb_tensor.AddQuantization(b, quant)
        return fb_tensor.End(b)


__all__ = ["Graph", "Tensor", "BuiltinOperator", "BuiltinOptions"]
