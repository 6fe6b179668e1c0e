"""Export both networks into one ONNX file and check that onnxruntime agrees with PyTorch.

The locator and the classifier are separate graphs side by side in one file (``onnx.compose``).
Each graph input also carries a tiny default value (an initializer), so the reader can run either
half alone: it feeds ``image`` and fetches the heat map, then feeds ``crops`` and fetches logits.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import torch
from onnx import compose, numpy_helper

from lcr_vision.training.nets import Classifier, Locator
from lcr_vision.vision.spec import (
    CLASSIFIER_OUTPUT,
    CROP,
    CROPS_INPUT,
    FEATURES_OUTPUT,
    IMAGE_INPUT,
    LOCATOR_OUTPUTS,
)

OPSET = 17


class ExportMismatch(RuntimeError):
    """onnxruntime and PyTorch disagree on the exported model."""


def _to_onnx(net: torch.nn.Module, example: torch.Tensor, name: str, outputs: list[str],
             axes: dict[int, str]) -> onnx.ModelProto:
    buf = io.BytesIO()
    torch.onnx.export(
        net.eval(), (example,), buf, input_names=[name], output_names=outputs, opset_version=OPSET,
        dynamic_axes={name: axes, **{o: {0: "batch"} for o in outputs}}, dynamo=False,
    )
    return onnx.load_from_string(buf.getvalue())


def _strip_prefix(graph: onnx.GraphProto, name: str) -> None:
    """Give the graph input or output that merging called ``<part>/name`` its plain name back."""
    old = next(v.name for v in [*graph.input, *graph.output] if v.name.endswith("/" + name))
    for value in [*graph.input, *graph.output]:
        if value.name == old:
            value.name = name
    for node in graph.node:
        node.input[:] = [name if i == old else i for i in node.input]
        node.output[:] = [name if o == old else o for o in node.output]


def export(locator: Locator, classifier: Classifier, path: Path, metadata: dict[str, str],
           crop: int = CROP) -> None:
    """Write the merged model to ``path`` with ``metadata`` (shown by Netron and the reader); its
    classifier takes ``crop``-pixel crops, the size the reader will cut."""
    loc = _to_onnx(locator, torch.zeros(1, 3, 32, 32), IMAGE_INPUT, list(LOCATOR_OUTPUTS),
                   {0: "batch", 2: "height", 3: "width"})
    cls = _to_onnx(classifier, torch.zeros(1, 3, crop, crop), CROPS_INPUT, [CLASSIFIER_OUTPUT],
                   {0: "dice"})
    merged = compose.merge_models(loc, cls, io_map=[], prefix1="locator/", prefix2="classifier/")
    for name in (IMAGE_INPUT, *LOCATOR_OUTPUTS, CROPS_INPUT, CLASSIFIER_OUTPUT):
        _strip_prefix(merged.graph, name)
    add_features(merged)
    for name, shape in ((IMAGE_INPUT, (1, 3, 32, 32)), (CROPS_INPUT, (1, 3, crop, crop))):
        merged.graph.initializer.append(numpy_helper.from_array(np.zeros(shape, np.float32), name))
    for key, value in metadata.items():
        merged.metadata_props.add(key=key, value=value)
    onnx.checker.check_model(merged)
    path.parent.mkdir(parents=True, exist_ok=True)
    onnx.save(merged, str(path))
    check_agreement(locator, classifier, path, crop)


def add_features(model: onnx.ModelProto) -> onnx.ModelProto:
    """Give ``model`` the output ``features``: the classifier's pooled features, the input of its
    last layer (the node that writes ``logits``), so calibration can fit a face head to them. The
    function computed is unchanged; a model that has the output already is left as it is."""
    graph = model.graph
    if any(o.name == FEATURES_OUTPUT for o in graph.output):
        return model
    last = next(n for n in graph.node if CLASSIFIER_OUTPUT in n.output)
    graph.node.append(onnx.helper.make_node("Identity", [last.input[0]], [FEATURES_OUTPUT],
                                            name="features"))
    graph.output.append(onnx.helper.make_tensor_value_info(
        FEATURES_OUTPUT, onnx.TensorProto.FLOAT, ["dice", None]))
    onnx.checker.check_model(model)
    return model


def check_agreement(locator: Locator, classifier: Classifier, path: Path, crop: int = CROP,
                    tol: float = 1e-3) -> None:
    """Run random frames and crops through both runtimes; raise if any output differs by > tol."""
    rng = np.random.default_rng(0)
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    image = rng.uniform(0, 255, (1, 3, 240, 320)).astype(np.float32)
    crops = rng.uniform(0, 255, (5, 3, crop, crop)).astype(np.float32)
    with torch.no_grad():
        expected = [t.numpy() for t in locator(torch.from_numpy(image))]
        expected.append(classifier(torch.from_numpy(crops)).numpy())
        expected.append(classifier.features(torch.from_numpy(crops)).numpy())
    got = session.run(list(LOCATOR_OUTPUTS), {IMAGE_INPUT: image})
    got += session.run([CLASSIFIER_OUTPUT, FEATURES_OUTPUT], {CROPS_INPUT: crops})
    worst = max(float(np.abs(e - g).max()) for e, g in zip(expected, got))
    if worst > tol:
        raise ExportMismatch(f"onnxruntime differs from PyTorch by {worst:.2e} (> {tol:.0e})")
