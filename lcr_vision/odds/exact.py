"""Exact odds of the standard game: each seat's chance to win and the turns still to come.

The game is an absorbing Markov chain, solved one level of chips in play at a time: a C is the only
way chips leave play, so rolls with a C lead to a level already solved, and only the rolls without
one stay on the level. Each level is a linear system ``x = b + Q x`` over roller-relative states
(`states.Level`), solved by Gauss-Seidel sweeps over blocks of states; values are the win chances
of the seats counted from the roller plus the expected number of further rolls. Levels are kept in
memory per player count, so after the first solve every later question of a game is a look-up,
and big levels are kept on disk (`store`), so a table of 8 is solved once per machine.

>>> [round(p, 6) for p in win_probabilities((3, 3, 3), roller=0)]
[0.306843, 0.328019, 0.365138]
>>> round(expected_turns((3, 3, 3), roller=0), 4)
17.5159
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from lcr_vision.odds import store
from lcr_vision.odds.dice import roll_outcomes
from lcr_vision.odds.position import Position
from lcr_vision.odds.states import Block, Level

WIN_TOLERANCE = 1e-10
TURNS_TOLERANCE = 1e-8
MAX_RATE = 0.99


@dataclass(frozen=True, eq=False)
class Step:
    """A roll without a C from a block of states: its chance, the row of the state it leads to
    and how many seats the turn moves on (which is how far the win chances turn)."""

    chance: float
    target: np.ndarray
    turn: int


@dataclass(frozen=True, eq=False)
class SolvedLevel:
    """A level and, per state, the win chance of each seat from the roller on, then the turns."""

    level: Level
    values: np.ndarray


def add_turned(acc: np.ndarray, rows: np.ndarray, turn: int) -> None:
    """``acc += rows`` with the win chances of ``rows`` counted from ``turn`` seats further on.

    >>> acc = np.zeros((1, 4)); add_turned(acc, np.array([[0.5, 0.3, 0.2, 7.0]]), 1); acc
    array([[0.2, 0.5, 0.3, 7. ]])
    """
    seats = acc.shape[1] - 1
    acc[:, turn:seats] += rows[:, : seats - turn]
    acc[:, :turn] += rows[:, seats - turn : seats]
    acc[:, seats] += rows[:, seats]


def _after(states: np.ndarray, left: int, moved: int, right: int) -> np.ndarray:
    """States after the roller gives ``left`` and ``right`` chips and loses ``moved`` in all."""
    after = states.copy()
    after[:, 0] -= moved
    after[:, 1] += left
    after[:, -1] += right
    return after


def _first_values(level: Level) -> np.ndarray:
    """Finished states are won by the roller; every other state costs at least its own roll."""
    values = np.zeros((len(level), level.players + 1))
    for block in level.blocks:
        if block.dice:
            values[block.start : block.stop, -1] = 1.0
        else:
            values[block.start : block.stop, 0] = 1.0
    return values


def _sweep(values: np.ndarray, base: np.ndarray, plan: Sequence[tuple[Block, list[Step]]]) -> float:
    """One Gauss-Seidel pass over the unfinished blocks; returns the largest change of a win chance
    (changes in turns are scaled to the same tolerance). Rolls are summed per distance the turn
    moves, so the win chances are turned once per distance, not once per roll. Rows are taken as
    single opaque items, which numpy copies faster than rows along an axis (twice as fast while
    the table fits in the processor's cache)."""
    change = 0.0
    packed = values.view(np.dtype((np.void, values.strides[0]))).ravel()
    for block, steps in plan:
        sums: dict[int, np.ndarray] = {}
        for step in steps:
            rows = packed.take(step.target).view(values.dtype).reshape(-1, values.shape[1])
            rows *= step.chance
            if step.turn in sums:
                sums[step.turn] += rows
            else:
                sums[step.turn] = rows
        acc = base[block.start : block.stop].copy()
        for turn, rows in sums.items():
            add_turned(acc, rows, turn)
        old = values[block.start : block.stop]
        change = max(
            change,
            float(np.abs(acc[:, :-1] - old[:, :-1]).max()),
            float(np.abs(acc[:, -1] - old[:, -1]).max()) * WIN_TOLERANCE / TURNS_TOLERANCE,
        )
        values[block.start : block.stop] = acc
    return change


def _error_bound(change: float, previous: float) -> float:
    """How far the values can still be from the solution: the sweeps shrink the change by a
    factor ``rate`` each time, so the changes still to come add up to ``change * rate / (1 - rate)``.

    >>> round(_error_bound(1e-6, 2e-6), 12)
    1e-06
    """
    rate = min(change / previous, MAX_RATE)
    return change * rate / (1 - rate)


@cache
def solved_level(players: int, chips: int, stored: bool = True) -> SolvedLevel:
    """Solve the level with ``chips`` in play (and, first, the levels below it). With ``stored``,
    big levels come from the on-disk `store` when they are there, and go there once solved."""
    level = Level.build(players, chips)
    values = store.load(players, chips, len(level), players + 1) if stored else None
    if values is None:
        values = _solve(level, stored)
        if stored:
            store.save(players, chips, values)
    return SolvedLevel(level, values)


def _solve(level: Level, stored: bool) -> np.ndarray:
    """The values of a level whose lower levels are solved: the C rolls first, then sweeps."""
    players, chips = level.players, level.chips
    base = _first_values(level)
    plan: list[tuple[Block, list[Step]]] = []
    for block in level.blocks:
        if not block.dice:
            continue
        steps: list[Step] = []
        plan.append((block, steps))
        states = level.states[block.start : block.stop]
        for outcome in roll_outcomes(block.dice):
            turn = 1 if outcome.left else block.gap
            after = np.roll(
                _after(states, outcome.left, outcome.moved, outcome.right), -turn, axis=1
            )
            if outcome.center:
                lower = solved_level(players, chips - outcome.center, stored)
                rows = lower.values[lower.level.index(after)]
                add_turned(base[block.start : block.stop], rows * outcome.chance, turn)
            else:
                steps.append(Step(outcome.chance, level.index(after), turn))
    values = base.copy()
    change, previous = _sweep(values, base, plan), 1.0
    while change > 0 and _error_bound(change, previous) > WIN_TOLERANCE:
        change, previous = _sweep(values, base, plan), change
    return values


def exact_values(position: Position, stored: bool = True) -> np.ndarray:
    """Win chance of every seat in seating order, then the expected further rolls (``stored``:
    use the on-disk store of big levels)."""
    relative = np.roll(np.array(position.chips), -position.roller)[None, :]
    solved = solved_level(len(position.chips), int(relative.sum()), stored)
    row = solved.values[solved.level.index(relative)[0]]
    return np.concatenate([np.roll(row[:-1], position.roller), row[-1:]])


def win_probabilities(chips: Sequence[int], roller: int) -> tuple[float, ...]:
    """Each seat's exact chance to win the standard game, ``roller`` to roll (or the next holder)."""
    return tuple(float(v) for v in exact_values(Position.of(chips, roller))[:-1])


def expected_turns(chips: Sequence[int], roller: int) -> float:
    """Expected number of further rolls of the standard game (skipped turns do not count)."""
    return float(exact_values(Position.of(chips, roller))[-1])
