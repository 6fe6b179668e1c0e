"""The shipped model through onnxruntime: accuracy on real photos, samples and unseen renders.

The thresholds are the figures the shipped model reaches (models/README.md) less one die or photo,
so that another CPU's rounding of a borderline score does not fail them, but a worse model does.
The issue's targets, higher, are in the comments; the card says how far the model is from each.
Each set is read both ways the product reads: in one look, as the live camera loop does, and at
every scale (``pyramid``), as ``detect`` and ``eval`` read photos.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from lcr_vision.faces import DiceKind
from lcr_vision.synth.ranges import Ranges
from lcr_vision.vision.holdout import holdout_score, side_face_reads
from lcr_vision.vision.images import load_image
from lcr_vision.vision.labels import REAL_SET_ERRATA, read_labels
from lcr_vision.vision.metrics import Scores, match, score
from lcr_vision.vision.reader import DiceReader
from lcr_vision.vision.shifts import SHIFTS, resized, shifted_scores
from lcr_vision.vision.split import is_validation

REPO = Path(__file__).resolve().parents[1]
REAL = REPO.parent / "shared" / "data" / "real-d6-tray"
SAMPLES = REPO / "sample_images"


def score_folder(reader: DiceReader, labels: Path, keep=lambda name: True) -> Scores:
    truth = {n: t for n, t in read_labels(labels).items() if keep(n)}
    found = {n: reader.read(load_image(labels.parent / "images" / n)) for n in truth}
    return score(truth, found)


LOOKS = pytest.mark.parametrize("pyramid", [False, True], ids=["one-look", "pyramid"])


@pytest.mark.skipif(not REAL.is_dir(), reason=f"the real photo set is not at {REAL}")
@LOOKS
def test_real_validation_split(pyramid: bool) -> None:
    s = score_folder(DiceReader(dice=DiceKind.PIP, pyramid=pyramid), REAL / "labels.csv",
                     is_validation)
    floor = (0.984, 0.878) if pyramid else (0.987, 0.902)
    assert s.images == 41
    assert s.die_accuracy >= floor[0] and s.exact_images >= floor[1], s  # targets 0.99 and 0.97


@pytest.mark.skipif(not REAL.is_dir(), reason=f"the real photo set is not at {REAL}")
def test_each_erratum_is_a_die_the_labels_leave_out() -> None:
    """Every added die lies where no label is, and the model finds it and reads the face given."""
    labels, errata = read_labels(REAL / "labels.csv"), read_labels(REAL_SET_ERRATA)
    reader = DiceReader(dice=DiceKind.PIP, pyramid=True)
    for name, added in errata.items():
        assert not match(labels[name], added), name
        found = reader.read(load_image(REAL / "images" / name))
        pairs = match(added, found)
        assert len(pairs) == len(added), name
        assert all(added.faces[i] == found.faces[j] for i, j in pairs), name


@pytest.mark.skipif(not REAL.is_dir(), reason=f"the real photo set is not at {REAL}")
@LOOKS
def test_real_validation_split_with_its_errata(pyramid: bool) -> None:
    """As above, with the one die of the split that its labels leave out added."""
    truth = {n: t for n, t in read_labels(REAL / "labels.csv", REAL_SET_ERRATA).items()
             if is_validation(n)}
    reader = DiceReader(dice=DiceKind.PIP, pyramid=pyramid)
    s = score(truth, {n: reader.read(load_image(REAL / "images" / n)) for n in truth})
    floor = (0.987, 0.902) if pyramid else (0.990, 0.926)
    assert s.images == 41 and s.dice == 322
    assert s.die_accuracy >= floor[0] and s.exact_images >= floor[1], s  # targets 0.99 and 0.97


@pytest.mark.skipif(not REAL.is_dir(), reason=f"the real photo set is not at {REAL}")
def test_a_close_up_is_read_at_every_scale_without_taking_pips_for_dice() -> None:
    """The real split enlarged four times (2560 px, dice of 100-200 px, pips as big as far dice):
    finer looks must not add the pips of the dice that coarser looks found (model q: 7 phantoms
    without that rule, 2 with it; the shipped model: 324 found of 321 dice, one look: 98.4%)."""
    s = shifted_scores(DiceReader(dice=DiceKind.PIP, pyramid=True), REAL / "labels.csv",
                       resized(4.0))
    assert s.images == 41 and s.die_accuracy >= 0.975 and s.precision >= 0.987, s


# Die accuracy at every scale on the real split as other cameras show it (models/README.md,
# "Other cameras"), less one die.
SHIFT_FLOORS = {"as is": 0.984, "half size (320 px)": 0.978, "double size (1280 px)": 0.975,
                "JPEG quality 50": 0.953, "JPEG quality 25": 0.937,
                "warm light (blue x0.75, red x1.3)": 0.978,
                "soft focus (blur sigma 1.5)": 0.962, "dim and noisy (x0.55, noise sigma 6)": 0.975}


@pytest.mark.skipif(not REAL.is_dir(), reason=f"the real photo set is not at {REAL}")
@pytest.mark.parametrize("shift", list(SHIFTS))
def test_the_real_split_as_other_cameras_show_it(shift: str) -> None:
    s = shifted_scores(DiceReader(dice=DiceKind.PIP, pyramid=True), REAL / "labels.csv",
                       SHIFTS[shift])
    assert s.images == 41 and s.die_accuracy >= SHIFT_FLOORS[shift], s


@pytest.mark.skipif(not (SAMPLES / "labels.csv").is_file(), reason="no sample_images/labels.csv")
@LOOKS
def test_sample_images(pyramid: bool) -> None:
    s = score_folder(DiceReader(pyramid=pyramid), SAMPLES / "labels.csv")
    assert s.die_accuracy >= (0.861 if pyramid else 0.872), s


@pytest.mark.parametrize("kind", ["lcr", "wild"])
@LOOKS
def test_unseen_renders_outside_the_training_ranges(kind: str, pyramid: bool) -> None:
    s = holdout_score(DiceReader(dice=DiceKind(kind), pyramid=pyramid), kind, count=60)
    floor = {"lcr": 0.602, "wild": 0.558} if pyramid else {"lcr": 0.572, "wild": 0.549}
    assert s.die_accuracy >= floor[kind], s  # target 0.98


@LOOKS
def test_side_faces_are_seldom_read_as_the_roll(pyramid: bool) -> None:
    steep = replace(Ranges(), tilt_deg=(30.0, 40.0))  # the steepest quarter of the training's tilts
    reader = DiceReader(dice=DiceKind.LCR, pyramid=pyramid)
    sides, found = side_face_reads(reader, "lcr", 60, ranges=steep)  # target: no side faces
    assert found >= (303 if pyramid else 280) and sides <= 9, (sides, found)


@LOOKS
def test_no_dice_on_empty_tables(pyramid: bool) -> None:
    s = holdout_score(DiceReader(pyramid=pyramid), "mixed", count=100, seed=2001, ranges=Ranges(),
                      empty=True)
    assert s.empty_images == 100 and s.found <= 1, s  # the target
