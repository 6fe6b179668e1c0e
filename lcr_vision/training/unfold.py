"""Train on from a shipped ONNX model: its weights back into the PyTorch networks.

Training's own checkpoints (``locator.pt``, ``classifier.pt``) live in a work folder that is not
committed, so a later machine (a GPU one, say) has only ``models/dice.onnx`` to start from. Export
folded each batch norm into the convolution before it (``W' = W * g / sd``, ``b' = beta - g * mean /
sd``), which loses the split between the two. `load_onnx` puts it back from data: it measures each
folded convolution's output on example inputs (mean ``m``, spread ``s`` per channel) and sets
``W = W' / s``, batch-norm mean ``m / s``, variance 1, weight ``s`` and bias ``b' + m``. In eval
mode that computes exactly the shipped function; in training mode, on batches like the examples,
nearly the same, because each batch norm then sees inputs of mean ``m / s`` and variance 1 as its
statistics say. Without it a fine-tune's first steps would renormalise every layer and lose what
was learnt.
"""

from __future__ import annotations

from pathlib import Path

import onnx
import torch
from onnx import numpy_helper
from torch import nn

# The ONNX graph prefix of each network (``export`` merges them as ``locator/`` and
# ``classifier/``).
PREFIXES = {"Locator": "locator/", "Classifier": "classifier/"}


class UnfoldError(ValueError):
    """The ONNX file does not hold a network of this shape."""


def _conv_order(net: nn.Module, example: torch.Tensor) -> list[nn.Conv2d]:
    """The convolutions in the order a forward pass runs them, which is the graph's node order."""
    order: list[nn.Conv2d] = []
    hooks = [m.register_forward_hook(lambda m, i, o: order.append(m))
             for m in net.modules() if isinstance(m, nn.Conv2d)]
    with torch.no_grad():
        net.eval()(example)
    for h in hooks:
        h.remove()
    return order


def _norm_after(net: nn.Module) -> dict[nn.Conv2d, nn.BatchNorm2d]:
    """Each convolution that a batch norm follows in a ``Sequential``, with that batch norm."""
    pairs: dict[nn.Conv2d, nn.BatchNorm2d] = {}
    for seq in net.modules():
        if isinstance(seq, nn.Sequential):
            for a, b in zip(seq, list(seq)[1:]):
                if isinstance(a, nn.Conv2d) and isinstance(b, nn.BatchNorm2d):
                    pairs[a] = b
    return pairs


def load_onnx(net: nn.Module, path: Path, example: torch.Tensor) -> None:
    """Load ``net`` (a `Locator` or `Classifier` built to the file's widths) from the ONNX model at
    ``path``, rebuilding its batch norms from ``example`` inputs (a batch like the training's)."""
    prefix = PREFIXES[type(net).__name__]
    graph = onnx.load(str(path)).graph
    weights = {i.name: torch.from_numpy(numpy_helper.to_array(i).copy()) for i in graph.initializer}
    nodes = [n for n in graph.node if n.op_type == "Conv" and n.input[1].startswith(prefix)]
    convs = _conv_order(net, example)
    if len(nodes) != len(convs):
        raise UnfoldError(f"{path} has {len(nodes)} {prefix[:-1]} convolutions, the network "
                          f"{len(convs)}")
    norms = _norm_after(net)
    with torch.no_grad():
        for conv, node in zip(convs, nodes):
            weight = weights[node.input[1]]
            if weight.shape != conv.weight.shape:
                raise UnfoldError(f"{path}: a {prefix[:-1]} convolution is {tuple(weight.shape)}, "
                                  f"the network's {tuple(conv.weight.shape)}")
            bias = weights[node.input[2]] if len(node.input) > 2 else torch.zeros(len(weight))
            conv.weight.copy_(weight)
            if conv in norms:  # the identity, then the folded bias
                bn = norms[conv]
                bn.weight.fill_(1.0)
                bn.running_mean.zero_()
                bn.running_var.fill_(1.0 - bn.eps)
                bn.bias.copy_(bias)
            else:
                conv.bias.copy_(bias)
        for name, param in net.named_parameters():  # what is no convolution: the classifier's fc
            if f"{prefix}{name}" in weights:
                param.copy_(weights[f"{prefix}{name}"])
        outputs: dict[nn.Conv2d, torch.Tensor] = {}
        hooks = [c.register_forward_hook(lambda m, i, o: outputs.__setitem__(m, o)) for c in norms]
        net.eval()(example)
        for h in hooks:
            h.remove()
        for conv, bn in norms.items():
            m = outputs[conv].mean((0, 2, 3))
            s = outputs[conv].std((0, 2, 3)).clamp_min(1e-3)
            conv.weight.div_(s[:, None, None, None])
            bn.running_mean.copy_(m / s)
            bn.weight.copy_(s)
            bn.bias.add_(m)


def onnx_classifier_widths(path: Path) -> tuple[int, ...]:
    """The channels of the classifier's convolutions in the ONNX model at ``path``, so a network of
    its shape can be built to load it."""
    graph = onnx.load(str(path)).graph
    shapes = {i.name: tuple(i.dims) for i in graph.initializer}
    return tuple(int(shapes[n.input[1]][0]) for n in graph.node
                 if n.op_type == "Conv" and n.input[1].startswith(PREFIXES["Classifier"]))
