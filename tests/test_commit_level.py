"""The commit level from labelled rolls pooled across tables (``lcr-vision measure
commit-level``): rolls judged as the table judges them, and the bound on the silent errors."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lcr_vision.cli import main
from lcr_vision.measure.calibration_trial import read_rolls
from lcr_vision.measure.commit_level import (
    DICE_FOR_TARGET,
    Roll,
    Tally,
    chosen,
    report,
    report_lines,
    tally,
    tray_rolls,
    upper_bound,
)
from lcr_vision.vision.detections import Detections


def _read(faces: tuple[str, ...], score: float) -> Detections:
    return Detections.from_records([{"box": [30 * i, 0, 30 * i + 20, 20], "face": f,
                                     "score": score} for i, f in enumerate(faces)])


def _at_most(k: int, n: int, p: float) -> float:
    return sum(math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k + 1))


def test_the_bound_matches_worked_clopper_pearson_values() -> None:
    # one-sided 95% upper limits: 0 of 100 -> 2.95%, 1 of 100 -> 4.66%
    assert upper_bound(0, 100) == pytest.approx(0.0295, abs=5e-5)
    assert upper_bound(1, 100) == pytest.approx(0.0466, abs=5e-5)
    for wrong, dice in ((5, 50), (3, 1000), (12, 4000)):  # the rate seen that often at most
        assert _at_most(wrong, dice, upper_bound(wrong, dice)) == pytest.approx(0.05, abs=1e-6)
    assert DICE_FOR_TARGET == 2995 and upper_bound(0, 2994) > 1e-3 >= upper_bound(0, 2995)
    assert upper_bound(0, 0) == 1.0


@given(st.integers(0, 30), st.integers(1, 3000))
def test_the_bound_lies_above_the_rate_seen_and_falls_with_more_dice(wrong: int, dice: int
                                                                      ) -> None:
    wrong = min(wrong, dice)
    bound = upper_bound(wrong, dice)
    assert wrong / dice <= bound <= 1
    if wrong < dice:
        assert upper_bound(wrong, dice + 100) < bound
        assert upper_bound(wrong + 1, dice) >= bound


def test_a_roll_is_committed_only_with_every_die_owed_each_sure_enough() -> None:
    rolls = [Roll(("L", "C"), _read(("L", "C"), 0.99)),  # right
             Roll(("dot", "R"), _read(("dot",), 0.99)),  # a die missed: asked
             Roll(("dot",), _read(("C",), 0.9)),  # read wrong, 0.9 sure
             Roll(("R",), _read(("R",), 0.8))]  # right, but unsure
    assert tally(rolls, 0.75) == Tally(4, 3, 4, 1)
    assert tally(rolls, 0.85) == Tally(4, 2, 3, 1)
    assert tally(rolls, 0.95) == Tally(4, 1, 2, 0)
    assert tally(rolls, 0.95).asked == 0.75
    # pips 1, 2 and 3 are all a dot in the game: no silent error
    assert tally([Roll(("1",), _read(("3",), 0.99))], 0.85).wrong == 0


def test_the_level_chosen_is_the_lowest_whose_bound_holds() -> None:
    many = [Roll(("L", "C", "R"), _read(("L", "C", "R"), 0.97))] * 1000
    wrong = [Roll(("L",), _read(("C",), 0.92))]
    found = report({"a": many, "b": wrong}, (0.85, 0.9, 0.95))
    assert found["chosen"] == 0.95
    assert found["pooled"][0.85] == Tally(1001, 1001, 3001, 1)
    assert chosen({0.85: Tally(10, 10, 30, 0)}) is None  # too few dice to show it
    lines = report_lines(found)
    assert "lowest level bounding silent errors at 1 per 1,000: 0.95" in lines[4]
    assert lines[-1].split()[0] == "b"


def test_trial_rolls_are_read_as_the_table_reads_them() -> None:
    rolls = read_rolls("plain-felt", 6, 7000)
    assert len(rolls) == 6 and all(1 <= len(r.truth) <= 3 for r in rolls)
    found = tally(rolls, 0.85)
    assert found.committed_rolls >= 3 and found.wrong == 0
    assert math.isclose(found.asked, 1 - found.committed_rolls / 6)


def test_a_roll_count_out_of_range_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["measure", "commit-level", "--rolls", "3"]) == 2
    assert capsys.readouterr().err.startswith("lcr-vision: error: --rolls takes 10-5000")


def test_the_tray_photos_are_one_roll_each_read_at_every_scale() -> None:
    rolls = tray_rolls()
    if not rolls:
        pytest.skip("the tray set is not beside the repository (../shared/data/real-d6-tray)")
    assert len(rolls) == 41 and sum(len(r.truth) for r in rolls) > 200
    assert tally(rolls, 0.85).committed_rolls >= 25
