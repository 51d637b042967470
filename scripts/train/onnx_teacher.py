"""Runs a committed reader's ONNX graph in PyTorch, as the teacher for distillation (train_reader.py
--teacher): the edge reader learns from the bigger reader's answers on the same augmented crops as
well as from the labels. Only the operators the readers' graphs use are implemented; any other
stops the run with its name."""
import numpy as np
import torch
import torch.nn.functional as F


class OnnxTeacher:
    def __init__(self, path):
        import onnx
        from onnx import numpy_helper
        m = onnx.load(path)
        self.init = {i.name: torch.from_numpy(numpy_helper.to_array(i).copy()) for i in m.graph.initializer}
        self.nodes = [(n.op_type, list(n.input), list(n.output), {a.name: onnx.helper.get_attribute_value(a) for a in n.attribute}) for n in m.graph.node]
        self.input = m.graph.input[0].name
        self.output = m.graph.output[0].name
        dims = m.graph.input[0].type.tensor_type.shape.dim
        self.side = int(dims[2].dim_value)

    @torch.no_grad()
    def log_probs(self, x):
        v = dict(self.init)
        v[self.input] = x
        for op, ins, outs, at in self.nodes:
            a = [v[i] for i in ins if i]
            if op == 'Conv':
                p = at.get('pads', [0, 0, 0, 0])
                y = F.conv2d(a[0], a[1], a[2] if len(a) > 2 else None, stride=tuple(at.get('strides', [1, 1])),
                             padding=(p[0], p[1]), groups=at.get('group', 1))
            elif op == 'Relu':
                y = F.relu(a[0])
            elif op == 'MaxPool':
                y = F.max_pool2d(a[0], tuple(at['kernel_shape']), tuple(at.get('strides', at['kernel_shape'])))
            elif op == 'ReduceMean':
                y = a[0].mean(dim=tuple(at['axes']), keepdim=bool(at.get('keepdims', 1)))
            elif op == 'Gemm':
                y = a[0] @ (a[1].t() if at.get('transB', 0) else a[1]) + (a[2] if len(a) > 2 else 0)
            elif op == 'Flatten':
                y = a[0].flatten(at.get('axis', 1))
            elif op == 'Div':
                y = a[0] / a[1]
            elif op == 'Add':
                y = a[0] + a[1]
            elif op == 'Mul':
                y = a[0] * a[1]
            elif op == 'Softmax':
                y = torch.log_softmax(a[0], dim=at.get('axis', -1))  # log-probabilities: the distillation works on logits
            else:
                raise SystemExit(f'onnx_teacher: operator {op} is not implemented')
            v[outs[0]] = y
        return v[self.output]
