"""Invariants of the exact solver's plan: the phases turn with the table, and the rows a roll
leads to (ranked by reusing the terms of untouched seats) are the rows of the rolled states."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from lcr_vision.odds.exact import solved_level
from lcr_vision.odds.plan import phases, plan
from lcr_vision.odds.states import Level


@st.composite
def tables(draw: st.DrawFn) -> np.ndarray:
    """A roller-relative state of 3 to 8 seats, the roller holding a chip."""
    n = draw(st.integers(3, 8))
    chips = draw(st.lists(st.integers(0, 6), min_size=n, max_size=n))
    chips[0] += 1
    return np.array(chips)


@settings(max_examples=200, deadline=None)
@given(tables(), st.data())
def test_the_phase_is_the_rollers_seat_in_a_frame_that_turns_with_the_table(
    state: np.ndarray, data: st.DataObject,
) -> None:
    seat = data.draw(st.sampled_from(np.flatnonzero(state).tolist()))
    seen = np.roll(state, -seat)  # the same table with that holder to roll
    n = len(state)
    if not any((np.roll(state, -k) == state).all() for k in range(1, n)):  # no turn repeats it
        assert phases(seen[None])[0] == (phases(state[None])[0] + seat) % n
    assert 0 <= phases(seen[None])[0] < n


@settings(max_examples=12, deadline=None)
@given(st.integers(3, 6), st.integers(2, 9))
def test_planned_rolls_lead_to_the_rows_of_the_rolled_states(players: int, chips: int) -> None:
    level = Level.build(players, chips)
    lower = {c: solved_level(players, chips - c, stored=False)
             for c in range(1, min(3, chips - 1) + 1)}
    for block in plan(level, lower):
        states = level.states[block.rows].astype(np.int64)
        first = phases(states)
        assert (first == first[0]).all()  # a planned block is one phase
        for group in block.groups:
            stays = [level.index(np.roll(states + _moves(players, left, right), -group.turn, 1))
                     for left, right in _rolls(states, group.turn, players)]
            assert (sorted(map(tuple, group.targets.tolist()))
                    == sorted(map(tuple, map(list, stays))))


def _moves(players: int, left: int, right: int) -> np.ndarray:
    moves = np.zeros(players, np.int64)
    moves[[0, 1, -1]] = -(left + right), left, right
    return moves


def _rolls(states: np.ndarray, turn: int, players: int) -> list[tuple[int, int]]:
    """Chips left and right of every roll without a C that turns the table by ``turn``."""
    dice = min(int(states[0, 0]), 3)
    gap = int(np.flatnonzero(states[0, 1:])[0]) + 1
    return [(left, right) for left in range(dice + 1) for right in range(dice + 1 - left)
            if (1 if left else gap) == turn]
