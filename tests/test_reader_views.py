"""The reader's views: a die lies at any angle, so turning its crop must not change what four
quarter-turn views read (g2, the model shipped before the upright one); an upright model (the
shipped one) is read as cut and mirrored, at the side of the frame it reads surest where not told
its up; the views are checked."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from lcr_vision.errors import UserError
from lcr_vision.faces import DiceKind
from lcr_vision.synth.scene import render_scene
from lcr_vision.vision.crops import cut_crops
from lcr_vision.vision.dice_model import UP_PRIOR
from lcr_vision.vision.reader import DiceReader, ReaderSettings

FOUR_VIEWS = Path(__file__).parent / "models" / "four_views.onnx"  # g2, not upright

@pytest.fixture(scope="module")
def crops() -> np.ndarray:
    """Crops of the dice on two rendered LCR tables, cut where the renderer put them."""
    rng = np.random.default_rng(11)
    out = []
    for _ in range(2):
        scene = render_scene(rng, "lcr", (640, 480), dice=3)
        boxes = np.array([d.box for d in scene.labelled])
        centers, sizes = (boxes[:, :2] + boxes[:, 2:]) / 2, (boxes[:, 2:] - boxes[:, :2]).mean(1)
        out.append(cut_crops(scene.image, centers, sizes))
    return np.concatenate(out)


def test_four_views_read_a_turned_die_the_same(crops: np.ndarray) -> None:
    reader = DiceReader(FOUR_VIEWS, ReaderSettings(DiceKind.LCR)).model
    for k in (1, 2, 3):
        turned = np.ascontiguousarray(np.rot90(crops, k, (2, 3)))
        np.testing.assert_allclose(reader.face_log_probs(turned), reader.face_log_probs(crops),
                                   atol=1e-4)


def test_one_view_reads_the_crop_as_cut(crops: np.ndarray) -> None:
    one = DiceReader(FOUR_VIEWS, ReaderSettings(DiceKind.LCR, views=1)).model
    turned = np.ascontiguousarray(np.rot90(crops, 1, (2, 3)))
    assert not np.allclose(one.face_log_probs(turned), one.face_log_probs(crops), atol=1e-4)
    four = DiceReader(FOUR_VIEWS, ReaderSettings(DiceKind.LCR)).model
    turns = [one.face_log_probs(np.ascontiguousarray(np.rot90(crops, k, (2, 3)))) for k in range(4)]
    np.testing.assert_allclose(four.face_log_probs(crops), np.mean(turns, 0), atol=1e-4)


def test_views_other_than_one_two_or_four_are_refused() -> None:
    with pytest.raises(UserError, match="views must be 1, 2 or 4"):
        DiceReader(None, ReaderSettings(views=3))


def test_an_upright_model_told_the_up_reads_the_crop_as_cut_and_mirrored(
        crops: np.ndarray) -> None:
    upright = DiceReader(None, ReaderSettings(DiceKind.LCR, find_up=False)).model
    one = DiceReader(None, ReaderSettings(DiceKind.LCR, views=1, find_up=False)).model
    mirrored = np.ascontiguousarray(crops[..., ::-1])
    np.testing.assert_allclose(
        upright.face_log_probs(crops),
        np.mean([one.face_log_probs(crops), one.face_log_probs(mirrored)], 0), atol=1e-4)
    np.testing.assert_allclose(upright.face_log_probs(mirrored), upright.face_log_probs(crops),
                               atol=1e-4)
    turned = np.ascontiguousarray(np.rot90(crops, 1, (2, 3)))  # never turned: its up is the frame's
    assert not np.allclose(upright.face_log_probs(turned), upright.face_log_probs(crops), atol=1e-4)
    assert DiceReader(FOUR_VIEWS, ReaderSettings(views=1)).model.turns == one.turns


def test_an_upright_model_not_told_the_up_reads_the_frame_at_its_surest_side(
        crops: np.ndarray) -> None:
    """The frame's crops are read with each side of the frame as the up, as cut; then, turned to
    the surest (the frame's own up ahead by `UP_PRIOR` a die), as cut and mirrored."""
    told = DiceReader(None, ReaderSettings(DiceKind.LCR, find_up=False)).model
    one = DiceReader(None, ReaderSettings(DiceKind.LCR, views=1, find_up=False)).model
    finds = DiceReader(None, ReaderSettings(DiceKind.LCR)).model
    assert finds.find_up and not DiceReader(FOUR_VIEWS).model.find_up
    for frame in (crops[:3], crops[3:], np.ascontiguousarray(np.rot90(crops[:4], 2, (2, 3)))):
        turned = [np.ascontiguousarray(np.rot90(frame, k, (2, 3))) for k in range(4)]
        sure = [float(one.face_log_probs(t).max(1).sum()) + UP_PRIOR * len(frame) * (k == 0)
                for k, t in enumerate(turned)]
        assert finds.surest_up(frame) == int(np.argmax(sure))
        np.testing.assert_allclose(finds.face_log_probs(frame),
                                   told.face_log_probs(turned[int(np.argmax(sure))]), atol=1e-4)


def test_a_die_the_locator_is_sure_of_is_dropped_only_when_none_has_the_majority() -> None:
    """Three crops read alike, ``none`` 0.45 and an L 0.40: a cool peak is dropped (none is the
    likeliest), a hot one is read as the L with its own 0.40 (a doubt for the table); ``none`` at
    0.55 drops even the hottest peak, and a likeliest face under 0.3 (the sure peaks' share of the
    least face score, 0.5) is not reported."""
    from lcr_vision.vision.heatmap import Peaks
    from lcr_vision.vision.spec import CLASSES, NONE, SURE_HEAT

    reader = DiceReader(None, ReaderSettings(DiceKind.LCR))

    def probs(none: float, letter: float) -> np.ndarray:
        row = np.full(len(CLASSES), 1e-6)
        row[CLASSES.index(NONE)], row[CLASSES.index("L")] = none, letter
        row[CLASSES.index("R")] = 1 - none - letter
        return np.log(row)

    log_probs = np.stack([probs(0.45, 0.40), probs(0.45, 0.40), probs(0.55, 0.40),
                          probs(0.45, 0.28)])  # the likeliest face, the L, under 0.3
    heat = np.array([SURE_HEAT - 0.1, SURE_HEAT, 0.95, 0.95])
    peaks = Peaks(np.array([[100.0, 100], [200, 100], [300, 100], [400, 100]]),
                  np.full((4, 2), 40.0), heat)
    read = reader.decide((480, 640, 3), peaks, *reader.best_faces(log_probs, heat))
    assert read.faces == ("L",)
    assert read.centers.tolist() == [[200.0, 100.0]]
    assert read.scores == pytest.approx([0.40], abs=1e-4)
