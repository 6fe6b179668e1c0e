"""Simulated throws: phases in order, settled frames show the returned faces, seeds reproduce."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from test_synth_scene import FLAT, count_ink_blobs

from lcr_vision.synth.sequence import PHASES, Table


def _phase_runs(frames: list) -> list[str]:
    runs: list[str] = []
    for f in frames:
        if not runs or runs[-1] != f.phase:
            runs.append(f.phase)
    return runs


def test_a_throw_goes_through_its_phases_and_ends_still() -> None:
    table = Table(np.random.default_rng(1), "wild", (320, 240))
    rng = np.random.default_rng(2)
    first, faces1 = table.throw(3, rng)
    first = list(first)
    assert _phase_runs(first) == ["resting", "rolling", "settled"]  # nothing to pick up yet
    second, faces2 = table.throw(2, rng)
    second = list(second)
    assert _phase_runs(second) == list(PHASES)
    lying = [tuple(d.face for d in f.dice) for f in second if f.phase == "resting"]
    assert set(lying) == {faces1}, "the last roll's dice lie there until picked up"
    settled = [f for f in second if f.phase == "settled"]
    assert len(settled) >= 20 and not any(f.moving for f in settled)
    assert all(f.moving for f in second if f.phase in ("pickup", "rolling"))
    assert {tuple(d.face for d in f.dice) for f in settled} == {faces2}
    assert all(d.in_frame for f in settled for d in f.dice)
    boxes = {tuple(np.round(d.box, 6)) for f in settled for d in f.dice}
    assert len(boxes) == 2, "settled dice do not move"
    noise = np.abs(settled[0].image.astype(int) - settled[1].image.astype(int)).mean()
    assert noise > 0.3, "each frame has its own sensor noise"


@pytest.mark.parametrize("seed", range(3))
def test_settled_pip_faces_are_the_returned_faces(seed: int) -> None:
    flat = replace(FLAT, die_px=(60.0, 60.0))
    table = Table(np.random.default_rng(seed), "pip", (400, 400), flat)
    frames, faces = table.throw(3, np.random.default_rng(seed + 10))
    last = list(frames)[-1]
    assert [count_ink_blobs(last.image, d.polygon) for d in last.dice] == [int(f) for f in faces]


def test_same_seeds_same_frames() -> None:
    def run() -> list[bytes]:
        table = Table(np.random.default_rng(7), "lcr", (160, 120))
        frames, _ = table.throw(3, np.random.default_rng(8))
        return [f.image.tobytes() for f in frames]

    assert run() == run()


def test_too_many_dice_is_refused() -> None:
    table = Table(np.random.default_rng(0), "lcr", (160, 120))
    with pytest.raises(ValueError, match="1 to 3 dice"):
        table.throw(4, np.random.default_rng(0))


def test_a_hand_passing_moves_nothing_on_the_table() -> None:
    table = Table(np.random.default_rng(3), "lcr", (320, 240))
    table.passing = 1.0
    rng = np.random.default_rng(4)
    _, faces = table.throw(2, rng)
    frames = [f for f in table.throw(2, rng)[0] if f.phase == "resting"]
    busy = [f for f in frames if f.moving]
    assert busy and len(busy) < len(frames)
    assert {tuple(d.face for d in f.dice) for f in frames} == {faces}
    still = next(f for f in frames if not f.moving)
    assert max(np.abs(b.image.astype(int) - still.image.astype(int)).max() for b in busy) > 100
