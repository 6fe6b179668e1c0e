"""What one roll does from every state of a level, laid out for fast sweeps.

Each block of a level (`states.Block`) gets its states in *sweep order*: sorted by the chips seen
from the seat on the roller's left. A roll without a C adds the same chips to every state of the
block and turns the table by one seat (a chip went left) or by the block's gap, so in sweep order
the states a roll leads to come in increasing order within each block of their level: the sweeps
read the values nearly front to back instead of at random, which is what keeps 8 players (values
of 150 MB a level) fast. Rolls with a C leave the level; they are added once, into ``base``.

The blocks are then cut by `phases`, the roller's seat in a frame that turns with the table, and
swept from the highest phase down: most rolls lead to a higher phase, whose values are already
new, so a sweep follows the game most of the way round the table and a level needs about half
the sweeps of the plain order.

>>> from lcr_vision.odds.exact import solved_level
>>> lower = {c: solved_level(3, 3 - c) for c in (1, 2)}
>>> blocks = plan(Level.build(players=3, chips=3), lower)
>>> [(b.rows.tolist(), phases(Level.build(3, 3).states[b.rows]).tolist()) for b in blocks]
[([2], [2]), ([3], [1]), ([1], [0]), ([4], [0]), ([5], [0])]
>>> [(g.turn, g.chances.round(3).tolist()) for g in blocks[2].groups]  # (1, 1, 1)
[(1, [0.5, 0.167, 0.167])]
>>> blocks[2].groups[0].targets.tolist()  # after a dot, an R, an L
[[1], [2], [4]]
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


def phases(states: np.ndarray) -> np.ndarray:
    """The roller's seat counted from where the table's chips read greatest going round (the
    first such seat on ties, compared over as many seats as float64 counts exactly).

    A roll moves chips near the roller only, so the greatest reading usually starts at the same
    seat before and after it, while the turn moves on: most rolls lead from phase ``k`` to a
    higher one. Sweeping the phases from the highest down thus reads fresh values for most rolls,
    so one sweep carries a value most of the way round the table (see `plan`).

    >>> phases(np.array([[1, 0, 2], [2, 0, 1], [1, 1, 1]])).tolist()
    [1, 0, 0]
    """
    count, players = states.shape
    chips = int(states[0].sum()) if count else 0
    digits = max(1, min(players, int(53 / np.log2(chips + 1))))
    weights = float(chips + 1) ** np.arange(digits - 1, -1, -1)
    doubled = np.concatenate([states, states], axis=1).astype(np.float64)
    keys = np.stack([doubled[:, start : start + digits] @ weights for start in range(players)])
    return (-keys.argmax(axis=0)) % players


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


def _split(block: BlockPlan, keep: np.ndarray) -> BlockPlan:
    """The states of a planned block where ``keep`` holds, in the same order."""
    return BlockPlan(block.rows[keep], block.base[keep], tuple(
        Group(g.turn, g.center, g.chances, g.targets[:, keep]) for g in block.groups
    ))


def plan(level: Level, lower: Mapping[int, SolvedLevel]) -> list[BlockPlan]:
    """The blocks of an unsolved ``level`` ready to sweep, cut by `phases` and swept from the
    highest phase down (each block in sweep order within a phase); ``lower[c]`` is the solved
    level with ``c`` chips fewer in play, for the rolls with ``c`` C's."""
    whole = _plan_blocks(level, lower)
    seats = [phases(level.states[block.rows]) for block in whole]
    return [
        _split(block, seat == phase)
        for phase in range(level.players - 1, -1, -1)
        for block, seat in zip(whole, seats, strict=True)
        if (seat == phase).any()
    ]


def _plan_blocks(level: Level, lower: Mapping[int, SolvedLevel]) -> list[BlockPlan]:
    """Every block of the level that rolls dice, whole, in sweep order."""
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
