"""Properties of the exact odds, checked against the rules engine: the solver's answer for any
position is the average of its answers one roll later, over every face sequence the engine plays."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lcr_vision.odds import expected_turns, win_probabilities
from lcr_vision.odds.exact import BUDGET, TURNS_UNIT
from lcr_vision.rules import GameState, Settings, play_roll

FACE_CHANCES = {"L": 1 / 6, "C": 1 / 6, "R": 1 / 6, "dot": 1 / 2}


@st.composite
def positions(draw: st.DrawFn) -> tuple[tuple[int, ...], int]:
    """3-5 seats with 0-4 chips, at least two holders, and a seat that holds chips to roll."""
    n = draw(st.integers(3, 5))
    chips = draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
    holders = [seat for seat, c in enumerate(chips) if c]
    if len(holders) < 2:
        chips[0] = chips[1] = 1
        holders = [0, 1]
    return tuple(chips), draw(st.sampled_from(holders))


@settings(max_examples=40, deadline=None)
@given(positions())
def test_one_roll_of_the_rules_engine_keeps_the_odds(position: tuple[tuple[int, ...], int]) -> None:
    chips, roller = position
    table = Settings.create([f"P{i}" for i in range(len(chips))])
    state = GameState(chips=chips, center=0, turn=roller)
    win = [0.0] * len(chips)
    turns = 1.0
    for faces in itertools.product(FACE_CHANCES, repeat=state.dice_owed):
        chance = 1.0
        for face in faces:
            chance *= FACE_CHANCES[face]
        after = play_roll(table, state, faces).after
        if after.winner is not None:
            win[after.winner] += chance
            continue
        for seat, p in enumerate(win_probabilities(after.chips, after.turn)):
            win[seat] += chance * p
        turns += chance * expected_turns(after.chips, after.turn)
    # each value is within the solver's promise of the exact one, so a position and the positions
    # a roll later agree within twice it (a level's own tolerance is the sweeps' estimate of how
    # far they still are, not a bound: 5 players of 2 chips came out 9.2e-8 off, over it)
    within = 2 * BUDGET
    assert win_probabilities(chips, roller) == pytest.approx(win, abs=within)
    assert expected_turns(chips, roller) == pytest.approx(turns, abs=TURNS_UNIT * within)


@settings(max_examples=40, deadline=None)
@given(positions(), st.integers(1, 4))
def test_turning_the_table_turns_the_odds(
    position: tuple[tuple[int, ...], int], shift: int
) -> None:
    chips, roller = position
    n = len(chips)
    turned = chips[-shift % n :] + chips[: -shift % n]
    win = win_probabilities(chips, roller)
    assert win_probabilities(turned, (roller + shift) % n) == pytest.approx(
        win[-shift % n :] + win[: -shift % n], abs=1e-9
    )


@settings(max_examples=40, deadline=None)
@given(positions())
def test_chances_add_up(
    position: tuple[tuple[int, ...], int],
) -> None:
    chips, roller = position
    win = win_probabilities(chips, roller)
    # each chance within the solver's promise of the exact one, and the exact ones add up to one
    assert sum(win) == pytest.approx(1.0, abs=len(chips) * BUDGET)
    assert all(-1e-12 <= p <= 1 + 1e-12 for p in win)
    assert expected_turns(chips, roller) >= 1.0
