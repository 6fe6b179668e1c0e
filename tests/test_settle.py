"""Settle detection on rendered throws, read by the shipped model: each roll read once, soon after
the dice stop; flicker, a hand passing, a bumped table or a nudged die are not rolls."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from test_table import TABLE

from lcr_vision.faces import DiceKind
from lcr_vision.synth.distractors import draw_hand
from lcr_vision.synth.sequence import Table
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.reader import DiceReader, ReaderSettings
from lcr_vision.vision.settle import SettleDetector, same_dice

LATEST = 8  # frames after the dice stop by which the roll must be read


@pytest.fixture(scope="module")
def reader() -> DiceReader:
    return DiceReader(None, ReaderSettings(DiceKind.LCR))


def watch(detector: SettleDetector, frames, reader: DiceReader) -> list[tuple[int, Detections]]:
    """Feed frames; the (index, detections) of every roll reported."""
    reported = []
    for i, frame in enumerate(frames):
        found = detector.update(frame, reader.read)
        if found is not None:
            reported.append((i, found))
    return reported


def shot(table: Table, dice, rng: np.random.Generator, hand=None, gain: float = 1.0) -> np.ndarray:
    """One frame of ``table`` with ``dice`` lying as given and perhaps a hand ``(tip, angle)``."""
    canvas = table.backdrop.copy()
    table.stage.paint(canvas, dice)
    if hand is not None:
        draw_hand(canvas, hand[0], hand[1], table.stage.die_px, table.skin)
    return table.stage.photo.develop(canvas, rng, gain)


@pytest.fixture(scope="module")
def settled(reader: DiceReader):
    """A table after one throw of three dice, with the detector that read it."""
    rng = np.random.default_rng(11)
    table = Table(rng, kind="lcr", ranges=TABLE)
    frames, faces = table.throw(3, rng)
    detector = SettleDetector()
    reported = watch(detector, [f.image for f in frames], reader)
    return table, detector, faces, reported


def test_each_throw_is_read_once_soon_after_the_dice_stop(reader: DiceReader) -> None:
    rng = np.random.default_rng(3)
    table, detector = Table(rng, kind="lcr", ranges=TABLE), SettleDetector()
    for dice in (3, 2, 1, 3):
        frames, faces = table.throw(dice, rng)
        frames = list(frames)
        stopped = next(i for i, f in enumerate(frames) if f.phase == "settled")
        reported = watch(detector, [f.image for f in frames], reader)
        assert len(reported) == 1, (dice, reported)
        index, read = reported[0]
        assert sorted(read.faces) == sorted(faces)
        assert 0 <= index - stopped <= LATEST


def test_dice_left_on_the_table_are_not_read_again(settled, reader: DiceReader) -> None:
    table, detector, _, reported = settled
    assert len(reported) == 1
    rng = np.random.default_rng(1)
    assert watch(detector, [shot(table, table.lying, rng) for _ in range(40)], reader) == []


def test_flicker_is_not_motion(settled, reader: DiceReader) -> None:
    table, detector, _, _ = settled
    rng = np.random.default_rng(2)
    frames = [shot(table, table.lying, rng, gain=g) for g in rng.uniform(0.88, 1.12, 30)]
    assert max(detector.update(f, reader.read) is not None for f in frames) is False
    assert detector.phase == "waiting"


def test_a_hand_passing_over_the_dice_is_not_a_roll(settled, reader: DiceReader) -> None:
    table, detector, _, _ = settled
    rng = np.random.default_rng(4)
    w, h = table.stage.size
    sweep = [((x, h * 0.5), np.pi / 2) for x in np.linspace(-0.2 * w, 1.2 * w, 12)]
    frames = [shot(table, table.lying, rng, hand) for hand in sweep]
    frames += [shot(table, table.lying, rng) for _ in range(20)]
    assert watch(detector, frames, reader) == []


def test_a_nudged_die_or_a_bumped_table_is_not_a_roll(settled, reader: DiceReader) -> None:
    table, detector, _, _ = settled
    rng = np.random.default_rng(5)
    first = table.lying[0]
    nudged = (replace(first, centre=first.centre + [0.5, 0.3, 0.0]), *table.lying[1:])
    frames = [shot(table, nudged, rng) for _ in range(20)]
    bumped = [np.roll(shot(table, nudged, rng), (4, 6), axis=(0, 1)) for _ in range(20)]
    assert watch(detector, frames + bumped, reader) == []


def test_dice_thrown_again_to_the_same_faces_and_places_are_a_roll(reader: DiceReader) -> None:
    """Picked up and thrown, dice that land as they lay are reported, marked ``repeated`` for
    the table to ask about; dice left lying, or nudged, never are."""
    rng = np.random.default_rng(3)
    table, detector = Table(rng, kind="lcr", ranges=TABLE), SettleDetector()
    for dice in (1, 3):
        frames, faces = table.throw(dice, rng)
        assert len(watch(detector, [f.image for f in frames], reader)) == 1
        assert not detector.repeated
        frames, again = table.throw(dice, rng, lands=table.lying)
        reported = watch(detector, [f.image for f in frames], reader)
        assert again == faces and len(reported) == 1 and detector.repeated
        assert sorted(reported[0][1].faces) == sorted(faces)


def test_same_dice_pairs_faces_by_nearest_box() -> None:
    a = Detections.from_records([{"box": [0, 0, 20, 20], "face": "L", "score": 1.0},
                                 {"box": [100, 0, 120, 20], "face": "C", "score": 1.0}])
    swapped = Detections.from_records([{"box": [100, 0, 120, 20], "face": "L", "score": 1.0},
                                       {"box": [0, 0, 20, 20], "face": "C", "score": 1.0}])
    assert same_dice(a, a.filter([True, True]), 0.1)
    assert not same_dice(a, swapped, 1.5)
    assert not same_dice(a, a.filter([True, False]), 10.0)
