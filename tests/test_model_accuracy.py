"""The shipped model through onnxruntime: accuracy on real photos, samples and unseen renders.

The thresholds are the figures the shipped model reaches (models/README.md) less one die or photo,
so that another CPU's rounding of a borderline score does not fail them, but a worse model does.
The issue's targets, higher, are in the comments; the card says how far the model is from each.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from lcr_vision.faces import DiceKind
from lcr_vision.synth.ranges import Ranges
from lcr_vision.vision.holdout import holdout_score, side_face_reads
from lcr_vision.vision.images import load_image
from lcr_vision.vision.labels import read_labels
from lcr_vision.vision.metrics import Scores, score
from lcr_vision.vision.reader import DiceReader
from lcr_vision.vision.split import is_validation

REPO = Path(__file__).resolve().parents[1]
REAL = REPO.parent / "shared" / "data" / "real-d6-tray"
SAMPLES = REPO / "sample_images"


def score_folder(reader: DiceReader, labels: Path, keep=lambda name: True) -> Scores:
    truth = {n: t for n, t in read_labels(labels).items() if keep(n)}
    found = {n: reader.read(load_image(labels.parent / "images" / n)) for n in truth}
    return score(truth, found)


@pytest.mark.skipif(not REAL.is_dir(), reason=f"the real photo set is not at {REAL}")
def test_real_validation_split() -> None:
    s = score_folder(DiceReader(dice=DiceKind.PIP), REAL / "labels.csv", is_validation)
    assert s.images == 41
    assert s.die_accuracy >= 0.978 and s.exact_images >= 0.853, s  # targets 0.99 and 0.97


@pytest.mark.skipif(not (SAMPLES / "labels.csv").is_file(), reason="no sample_images/labels.csv")
def test_sample_images() -> None:
    s = score_folder(DiceReader(), SAMPLES / "labels.csv")
    assert s.die_accuracy >= 0.878, s


@pytest.mark.parametrize("kind", ["lcr", "wild"])
def test_unseen_renders_outside_the_training_ranges(kind: str) -> None:
    s = holdout_score(DiceReader(dice=DiceKind(kind)), kind, count=60)
    assert s.die_accuracy >= {"lcr": 0.594, "wild": 0.594}[kind], s  # target 0.98


def test_side_faces_are_seldom_read_as_the_roll() -> None:
    steep = replace(Ranges(), tilt_deg=(30.0, 40.0))  # the steepest quarter of the training's tilts
    sides, found = side_face_reads(DiceReader(dice=DiceKind.LCR), "lcr", 60, ranges=steep)
    assert found >= 280 and sides <= 9, (sides, found)  # target: none


def test_no_dice_on_empty_tables() -> None:
    s = holdout_score(DiceReader(), "mixed", count=100, seed=2001, ranges=Ranges(), empty=True)
    assert s.empty_images == 100 and s.found <= 1, s  # the target
