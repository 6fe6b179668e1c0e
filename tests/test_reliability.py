"""The reliability curve (``lcr-vision measure reliability``): how often dice committed at each
doubt threshold are wrong, and the least threshold that keeps them wrong at most 1 in 1,000."""

from __future__ import annotations

import numpy as np
import pytest

from lcr_vision.cli import main
from lcr_vision.faces import DiceKind, FaceMap
from lcr_vision.measure.reliability import Curve, scored, table
from lcr_vision.synth.scene import render_scene
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.reader import DiceReader, ReaderSettings


def test_the_curve_counts_the_dice_committed_and_the_wrong_among_them() -> None:
    curve = Curve(np.array([0.6, 0.8, 0.92, 0.96, 0.99]), np.array([False, True, False, True,
                                                                   True]))
    assert curve.at(0.75) == (0.8, 0.25)
    assert curve.at(0.95) == (0.4, 0.0)
    assert curve.threshold() == 0.95
    assert Curve(np.array([0.99]), np.array([False])).threshold() is None
    lines = table({"a": curve})
    assert lines[-2].split() == ["for", "1/1000", "0.95"] and lines[-1].split() == ["dice", "5"]


def test_dice_are_right_when_their_game_face_is_the_labels() -> None:
    rng = np.random.default_rng(3)
    scenes = [render_scene(rng, "pip", (640, 480), dice=3) for _ in range(4)]
    photos = [(s.image, Detections.from_records(
        [{"box": list(d.box), "face": d.face, "score": 1.0} for d in s.labelled])) for s in scenes]
    curve = scored(DiceReader(None, ReaderSettings(DiceKind.PIP)), photos, FaceMap.default())
    assert len(curve.scores) >= 6 and curve.right.mean() > 0.8


def test_every_die_read_carries_its_classes_probabilities() -> None:
    scene = render_scene(np.random.default_rng(4), "lcr", (640, 480), dice=3)
    dice = DiceReader(None, ReaderSettings(DiceKind.LCR)).read(scene.image)
    assert len(dice) and dice.probs is not None
    np.testing.assert_allclose(dice.probs.sum(1), 1.0, atol=1e-5)
    np.testing.assert_allclose(dice.probs.max(1), dice.scores, atol=1e-5)


def test_a_count_out_of_range_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["measure", "reliability", "--count", "3"]) == 2
    assert capsys.readouterr().err.startswith("lcr-vision: error: --count takes 10-2000")
