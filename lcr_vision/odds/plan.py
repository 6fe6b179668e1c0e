"""What one roll does from every state of a level, laid out for fast sweeps.

Each block of a level (`states.Block`) gets its states in *sweep order*: sorted by the chips seen
from the seat on the roller's left. A roll without a C adds the same chips to every state of the
block and turns the table by one seat (a chip went left) or by the block's gap, so in sweep order
the states a roll leads to come in increasing order within each block of their level: the sweeps
read the values nearly front to back instead of at random, which is what keeps 8 players (values
of 150 MB a level) fast. Rolls with a C leave the level; they are added once, into ``base``.

>>> from lcr_vision.odds.exact import solved_level
>>> lower = {c: solved_level(3, 3 - c) for c in (1, 2)}
>>> block = plan(Level.build(players=3, chips=3), lower)[0]
>>> block.rows.tolist(), [(g.turn, g.chances.round(3).tolist()) for g in block.groups]
([1, 2], [(1, [0.5, 0.167, 0.167])])
>>> block.groups[0].targets.tolist()  # after a dot, an R, an L: (3, 0, 0) is row 0, finished
[[1, 5], [2, 4], [4, 0]]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

import numpy as np

from lcr_vision.odds.dice import roll_outcomes
from lcr_vision.odds.states import Block, Level, composition_rank

CHUNK = 4_096  # states worked on together: enough for numpy to pay off, few enough for the cache


@dataclass(frozen=True, eq=False)
class SolvedLevel:
    """A level and, per state, the win chance of each seat from the roller on, then the turns."""

    level: Level
    values: np.ndarray


@dataclass(frozen=True, eq=False)
class Group:
    """Rolls from one block that turn the table by the same ``turn`` seats (and, for rolls with a
    C, leave ``center`` chips in the pot): their ``chances`` and, per roll, the row each state of
    the block leads to (``targets``, one line per roll, in sweep order)."""

    turn: int
    center: int
    chances: np.ndarray
    targets: np.ndarray


@dataclass(frozen=True, eq=False)
class BlockPlan:
    """One block in sweep order: the level ``rows`` of its states, what the rolls with a C bring
    (``base``, with the finished games' values) and the groups of rolls without a C."""

    rows: np.ndarray
    base: np.ndarray
    groups: tuple[Group, ...]


def chunks(count: int) -> list[tuple[int, int]]:
    """``lo:hi`` bounds of the chunks of `CHUNK` states that cover ``count`` states."""
    return [(lo, min(lo + CHUNK, count)) for lo in range(0, count, CHUNK)]


@cache
def turn_columns(players: int, turn: int) -> np.ndarray:
    """Columns of a value row as seen ``turn`` seats earlier: the win chances turn, the rolls stay.

    >>> turn_columns(3, 1).tolist()
    [2, 0, 1, 3]
    """
    seats = np.arange(players)
    return np.append((seats - turn) % players, players)


def add_group(acc: np.ndarray, values: np.ndarray, group: Group, lo: int, hi: int) -> None:
    """``acc += `` the chance-weighted values the group's rolls lead to from states ``lo:hi``."""
    rows = values.take(group.targets[:, lo:hi], axis=0)
    chances = group.chances.astype(values.dtype, copy=False)
    summed = np.einsum("k,kij->ij", chances, rows)
    acc += summed.take(turn_columns(values.shape[1] - 1, group.turn), axis=1)


def sweep_order(states: np.ndarray) -> np.ndarray:
    """The order of a block's states by the chips seen from the seat on the roller's left.

    >>> states = np.array([[1, 2, 0], [1, 1, 1], [1, 0, 2]])
    >>> states[sweep_order(states)].tolist()
    [[1, 0, 2], [1, 1, 1], [1, 2, 0]]
    """
    turned = np.roll(states, -1, axis=1)
    return np.argsort(composition_rank(turned, int(states[0].sum())), kind="stable")


def _groups(level: Level, block: Block, states: np.ndarray,
            lower: Mapping[int, SolvedLevel]) -> list[Group]:
    """The block's rolls grouped by chips to the pot and seats turned; targets in their level."""
    found: dict[tuple[int, int], list[tuple[float, np.ndarray]]] = {}
    turned = {turn: np.roll(states.astype(np.int64), -turn, axis=1) for turn in {1, block.gap}}
    for outcome in roll_outcomes(block.dice):
        turn = 1 if outcome.left else block.gap
        moves = np.zeros(level.players, np.int64)
        moves[[0, 1, -1]] = -outcome.moved, outcome.left, outcome.right
        into = lower[outcome.center].level if outcome.center else level
        found.setdefault((outcome.center, turn), []).append(
            (outcome.chance, into.index(turned[turn] + np.roll(moves, -turn)))
        )
    return [
        Group(turn, center, np.array([c for c, _ in rolls]), np.stack([t for _, t in rolls]))
        for (center, turn), rolls in found.items()
    ]


def first_values(level: Level) -> np.ndarray:
    """Finished states are won by the roller; every other state costs at least its own roll."""
    values = np.zeros((len(level), level.players + 1))
    for block in level.blocks:
        if block.dice:
            values[block.start : block.stop, -1] = 1.0
        else:
            values[block.start : block.stop, 0] = 1.0
    return values


def plan(level: Level, lower: Mapping[int, SolvedLevel]) -> list[BlockPlan]:
    """The blocks of an unsolved ``level`` ready to sweep; ``lower[c]`` is the solved level with
    ``c`` chips fewer in play, for the rolls with ``c`` C's."""
    first = first_values(level)
    plans = []
    for block in level.blocks:
        if not block.dice:
            continue
        order = sweep_order(level.states[block.start : block.stop])
        rows = block.start + order
        base = first[rows]
        stay = []
        for group in _groups(level, block, level.states[rows], lower):
            if group.center:
                for lo, hi in chunks(len(rows)):
                    add_group(base[lo:hi], lower[group.center].values, group, lo, hi)
            else:
                stay.append(group)
        plans.append(BlockPlan(rows, base, tuple(stay)))
    return plans
