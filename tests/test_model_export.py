"""The ONNX file: PyTorch and onnxruntime agree, either half runs alone, and the shipped model
fits."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import onnxruntime as ort
import pytest

from lcr_vision.vision.dice_model import DEFAULT_MODEL
from lcr_vision.vision.looker import look_scales
from lcr_vision.vision.reader import DiceReader, ReaderSettings
from lcr_vision.vision.spec import (
    CLASSES,
    CLASSIFIER_OUTPUT,
    CROP,
    CROPS_INPUT,
    IMAGE_INPUT,
    LOCATOR_OUTPUTS,
    LOCATOR_SIDE,
    LOCATOR_SIDE_KEY,
    STRIDE,
)

REAL = Path(__file__).resolve().parents[2] / "shared" / "data" / "real-d6-tray"


def test_export_agrees_with_pytorch_and_each_half_runs_alone(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch", reason="export needs the train extra (PyTorch)")
    from lcr_vision.training.export import check_agreement, export
    from lcr_vision.training.nets import Classifier, Locator

    torch.manual_seed(0)
    locator, classifier = Locator(), Classifier()
    for m in [*locator.modules(), *classifier.modules()]:
        if isinstance(m, torch.nn.BatchNorm2d):  # untrained statistics would hide folding bugs
            m.running_mean.uniform_(-1, 1)
            m.running_var.uniform_(0.5, 2)
    path = tmp_path / "m.onnx"
    export(locator.eval(), classifier.eval(), path, {"note": "test"})
    check_agreement(locator, classifier, path)
    with torch.no_grad():
        locator.head.bias.add_(0.01)
    with pytest.raises(RuntimeError, match="differs from PyTorch"):
        check_agreement(locator, classifier, path)


def test_shipped_model_is_small_and_speaks_the_spec() -> None:
    assert DEFAULT_MODEL.stat().st_size < 2_000_000
    session = ort.InferenceSession(str(DEFAULT_MODEL), providers=["CPUExecutionProvider"])
    meta = session.get_modelmeta().custom_metadata_map
    assert tuple(json.loads(meta["classes"])) == CLASSES
    image = np.full((1, 3, 96, 128), 128, np.float32)
    heat, size, offset = session.run(list(LOCATOR_OUTPUTS), {IMAGE_INPUT: image})
    assert heat.shape == (1, 1, 96 // STRIDE, 128 // STRIDE) and size.shape == offset.shape
    assert ((heat >= 0) & (heat <= 1)).all()
    crops = np.zeros((7, 3, CROP, CROP), np.float32)
    (logits,) = session.run([CLASSIFIER_OUTPUT], {CROPS_INPUT: crops})
    assert logits.shape == (7, len(CLASSES))


def test_a_widened_classifier_computes_what_the_narrow_one_did() -> None:
    torch = pytest.importorskip("torch", reason="widening needs the train extra (PyTorch)")
    from lcr_vision.training.nets import CLASSIFIER_WIDTHS, Classifier, classifier_widths, widen

    torch.manual_seed(1)
    narrow = Classifier((8, 16, 16, 32, 32, 48))
    for m in narrow.modules():
        if isinstance(m, torch.nn.BatchNorm2d):
            m.running_mean.uniform_(-1, 1)
            m.running_var.uniform_(0.5, 2)
    crops = torch.rand(16, 3, CROP, CROP) * 255
    rng = np.random.default_rng(0)
    wide = Classifier()
    wide.load_state_dict(widen(narrow.state_dict(), CLASSIFIER_WIDTHS, rng, noise=0))
    assert classifier_widths(wide.state_dict()) == CLASSIFIER_WIDTHS
    with torch.no_grad():
        torch.testing.assert_close(wide.eval()(crops), narrow.eval()(crops), rtol=1e-4, atol=1e-4)
        noisy = Classifier()
        noisy.load_state_dict(widen(narrow.state_dict(), CLASSIFIER_WIDTHS, rng))
        assert not torch.allclose(noisy.eval()(crops), narrow(crops))
    with pytest.raises(ValueError, match="cannot widen"):
        widen(wide.state_dict(), (8, 16, 16, 32, 32, 48), rng)


def test_several_classifiers_are_exported_as_their_average(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch", reason="training needs the train extra (PyTorch)")
    from lcr_vision.cli import main
    from lcr_vision.training.nets import Classifier, Locator

    torch.manual_seed(0)
    paths = [tmp_path / name for name in ("loc.pt", "a.pt", "b.pt")]
    nets = [Locator(), Classifier(), Classifier()]
    for net, path in zip(nets, paths):
        torch.save(net.state_dict(), path)
    out = tmp_path / "soup.onnx"
    argv = ["train", "--work", str(tmp_path / "work"), "--out", str(out),
            "--real", str(tmp_path / "absent"),
            "--locator", str(paths[0]), "--classifier", str(paths[1]), str(paths[2])]
    assert main(argv) == 0  # nothing trains, so neither the real photos nor renders are read
    soup = Classifier()
    soup.load_state_dict({k: (a + b) / 2 if a.is_floating_point() else a for (k, a), b in
                          zip(nets[1].state_dict().items(), nets[2].state_dict().values())})
    crops = np.random.default_rng(0).uniform(0, 255, (5, 3, CROP, CROP)).astype(np.float32)
    session = ort.InferenceSession(str(out), providers=["CPUExecutionProvider"])
    (logits,) = session.run([CLASSIFIER_OUTPUT], {CROPS_INPUT: crops})
    with torch.no_grad():
        expected = soup.eval()(torch.from_numpy(crops)).numpy()
    assert np.allclose(logits, expected, atol=1e-3)
    meta = json.loads(session.get_modelmeta().custom_metadata_map["training"])
    assert meta["classifier"] == f"{paths[1]} {paths[2]}"
    saved = torch.load(tmp_path / "work" / "classifier.pt")  # a later run can start from the soup
    assert all(torch.equal(saved[k], v) for k, v in soup.state_dict().items())


def test_training_starts_from_a_shipped_model_as_it_computes(tmp_path: Path) -> None:
    """Export folds each batch norm into its convolution; unfolding rebuilds one that computes the
    same in eval mode and, on inputs like its examples, in training mode too."""
    torch = pytest.importorskip("torch", reason="training needs the train extra (PyTorch)")
    from lcr_vision.training.export import export
    from lcr_vision.training.nets import Classifier, Locator
    from lcr_vision.training.unfold import UnfoldError, load_onnx, onnx_classifier_widths

    torch.manual_seed(2)
    widths = (8, 16, 16, 32, 32, 48)
    shipped_loc, shipped_cls = Locator(), Classifier(widths)
    for m in [*shipped_loc.modules(), *shipped_cls.modules()]:
        if isinstance(m, torch.nn.BatchNorm2d):
            m.running_mean.uniform_(-1, 1)
            m.running_var.uniform_(0.5, 2)
            m.weight.data.uniform_(0.5, 2)
            m.bias.data.uniform_(-1, 1)
    path = tmp_path / "shipped.onnx"
    export(shipped_loc.eval(), shipped_cls.eval(), path, {})
    assert onnx_classifier_widths(path) == widths
    frames, crops = torch.rand(2, 3, 64, 96) * 255, torch.rand(32, 3, CROP, CROP) * 255
    loc, cls = Locator(), Classifier(widths)
    load_onnx(loc, path, frames)
    load_onnx(cls, path, crops)
    with torch.no_grad():
        for got, want in zip(loc.eval()(frames), shipped_loc(frames)):
            torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-4)
        torch.testing.assert_close(cls.eval()(crops), shipped_cls(crops), rtol=1e-3, atol=1e-3)
        torch.testing.assert_close(cls.train()(crops), shipped_cls(crops), rtol=1e-2, atol=1e-2)
    with pytest.raises(UnfoldError, match="convolution is"):
        load_onnx(Classifier(), path, crops)


@pytest.mark.skipif(not REAL.is_dir(), reason=f"the real photo set is not at {REAL}")
def test_the_shipped_model_exports_again_unchanged_from_its_onnx(tmp_path: Path) -> None:
    """A later run (one on a GPU, say) has only ``models/dice.onnx`` to train on from."""
    pytest.importorskip("torch", reason="training needs the train extra (PyTorch)")
    from lcr_vision.cli import main

    out = tmp_path / "again.onnx"
    argv = ["train", "--work", str(tmp_path), "--out", str(out), "--real", str(REAL),
            "--locator", str(DEFAULT_MODEL), "--classifier", str(DEFAULT_MODEL)]
    assert main(argv) == 0
    rng = np.random.default_rng(3)
    image = rng.uniform(0, 255, (1, 3, 240, 320)).astype(np.float32)
    crops = rng.uniform(0, 255, (6, 3, CROP, CROP)).astype(np.float32)
    again, shipped = (ort.InferenceSession(str(p), providers=["CPUExecutionProvider"])
                      for p in (out, DEFAULT_MODEL))
    for name, feed in ((LOCATOR_OUTPUTS[0], {IMAGE_INPUT: image}),
                       (CLASSIFIER_OUTPUT, {CROPS_INPUT: crops})):
        np.testing.assert_allclose(again.run([name], feed)[0], shipped.run([name], feed)[0],
                                   atol=1e-3)


def test_the_reader_cuts_crops_of_the_size_the_model_was_trained_on(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch", reason="export needs the train extra (PyTorch)")
    from lcr_vision.training.export import export
    from lcr_vision.training.nets import Classifier, Locator
    from lcr_vision.vision.heatmap import Peaks
    from lcr_vision.vision.reader import DiceReader

    torch.manual_seed(0)
    path = tmp_path / "m56.onnx"
    export(Locator().eval(), Classifier().eval(), path, {}, crop=56)
    reader = DiceReader(path)
    assert (reader.model.crop, DiceReader().model.crop) == (56, CROP)
    frame = np.random.default_rng(0).integers(0, 255, (240, 320, 3), np.uint8)
    peaks = Peaks(np.array([[100.0, 80.0]]), np.array([[30.0, 30.0]]), np.array([0.9]))
    crops = reader.looker.crops(frame, peaks)
    assert reader.model.face_log_probs(crops).shape == (1, 12)  # onnxruntime refuses other sizes


def test_the_reader_looks_at_the_side_its_model_was_trained_to_see(tmp_path: Path) -> None:
    onnx = pytest.importorskip("onnx", reason="editing a model needs the train extra (onnx)")
    model = onnx.load(str(DEFAULT_MODEL))
    assert DiceReader().model.locator_side == LOCATOR_SIDE  # the shipped model predates the entry
    model.metadata_props.add(key=LOCATOR_SIDE_KEY, value="160")
    onnx.save(model, str(tmp_path / "small.onnx"))
    reader = DiceReader(tmp_path / "small.onnx")
    assert reader.model.locator_side == 160
    assert look_scales((480, 640), True, reader.model.locator_side) == [0.25, 0.5, 1.0]


def test_a_model_carries_its_own_face_score_and_a_chosen_one_overrides_it(
        marked_model: Callable[..., Path]) -> None:
    """The least face probability kept in a model's metadata is what its reader reports from
    (none kept: `FACE_SCORE`), and a die the locator is sure of from its share of that; a
    profile's or caller's own choice overrides it."""
    from lcr_vision.vision.images import load_image
    from lcr_vision.vision.spec import FACE_SCORE, FACE_SCORE_KEY, SURE_PEAK_SHARE

    image = load_image(Path("sample_images/images/pip_1_00003.jpg"))
    shipped = DiceReader()
    scores = shipped.read(image).scores
    assert shipped.face_score == FACE_SCORE and len(scores) == 4  # the far 6 read again, unsure
    strict = marked_model(**{FACE_SCORE_KEY: str(scores.max())})
    assert DiceReader(strict).face_score == pytest.approx(scores.max())
    kept = DiceReader(strict).read(image).scores  # the surest die, and the sure peaks' sure enough
    assert 0 < len(kept) < len(scores) and kept.min() >= SURE_PEAK_SHARE * scores.max()
    assert len(DiceReader(strict, ReaderSettings(face_score=FACE_SCORE)).read(image)) == len(scores)
