"""The states of one level of the game, seen from the roller, and their numbering.

A state is the chips of every seat counted from the player about to roll (seat 0) round to the
left, so turning the table does not make new states: ``(2, 0, 5)`` is Ann=2, Ben=0, Cat=5 with Ann
to roll, and also Ben=2, Cat=0, Ann=5 with Ben to roll. A *level* holds every state with the same
chips in play ``S``; the roller holds at least one chip.

States of a level are numbered so that the solver works on contiguous blocks: first the finished
state (the roller holds everything), then by dice rolled (1, 2, 3) and, inside, by the nearest
holder on the roller's left (the next roller when no chip goes left).

>>> level = Level.build(players=3, chips=3)
>>> level.states.tolist()
[[3, 0, 0], [1, 1, 1], [1, 2, 0], [1, 0, 2], [2, 1, 0], [2, 0, 1]]
>>> level.index(np.array([[1, 1, 1], [2, 1, 0]])).tolist()
[1, 4]
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np

from lcr_vision.odds.scratch import Arena
from lcr_vision.rules.state import MAX_DICE

CHIP_TYPE = np.int16


def compositions(total: int, parts: int, out: np.ndarray | None = None) -> np.ndarray:
    """Every way to write ``total`` as ``parts`` ordered counts >= 0, in lexicographic order
    (written into ``out``, when given: a level's are big, and fresh memory is slow).

    >>> compositions(2, 2).tolist()
    [[0, 2], [1, 1], [2, 0]]
    """
    if out is None:
        out = np.empty((comb(total + parts - 1, parts - 1), parts), CHIP_TYPE)
    if parts == 1:
        out[0, 0] = total
        return out
    row = 0
    for first in range(total + 1):
        rest = _compositions(total - first, parts - 1)
        out[row : row + len(rest), 0] = first
        out[row : row + len(rest), 1:] = rest
        row += len(rest)
    return out


@cache
def _compositions(total: int, parts: int) -> np.ndarray:
    """`compositions`, kept: the tables of fewer parts build every bigger one."""
    return compositions(total, parts)


@cache
def _rank_tables(total: int, parts: int) -> tuple[np.ndarray, ...]:
    """``tables[i][rest, a]``: compositions that come before part ``i`` being ``a`` when the parts
    from ``i`` on add up to ``rest``; in int32 where every rank fits, which halves the memory the
    solver's plan moves while it ranks the states rolls lead to."""
    kind = np.int32 if comb(total + parts - 1, parts - 1) < 2**31 else np.int64
    tables = []
    for i in range(parts - 1):
        tail = parts - i - 1
        table = np.zeros((total + 1, total + 2), np.int64)
        for rest in range(total + 1):
            before = [comb(rest - a + tail - 1, tail - 1) for a in range(rest + 1)]
            table[rest, 1 : rest + 2] = np.cumsum(before)
        tables.append(table.astype(kind))
    return tuple(tables)


def composition_rank(rows: np.ndarray, total: int) -> np.ndarray:
    """Position of each row in `compositions` order (rows must add up to ``total``).

    >>> composition_rank(np.array([[0, 2], [2, 0]]), 2).tolist()
    [0, 2]
    """
    rest = np.full(len(rows), total, np.int64)
    rank = np.zeros(len(rows), np.int64)
    for i, table in enumerate(_rank_tables(total, rows.shape[1])):
        part = rows[:, i].astype(np.int64)
        rank += table.ravel().take(rest * table.shape[1] + part)  # a flat take: no 2-D indexing
        rest -= part
    return rank


def level_states(players: int, chips: int) -> int:
    """How many states a level of ``chips`` in play holds for ``players``: the roller keeps a
    chip, the rest are shared any way among the seats. The store's files are that many rows, so
    a look-up knows a file's size without building the level."""
    return comb(chips + players - 2, players - 1)


@dataclass(frozen=True)
class Block:
    """Rows ``start:stop`` of a level: states rolling ``dice`` dice whose nearest holder on the
    roller's left is ``gap`` seats away."""

    start: int
    stop: int
    dice: int
    gap: int


@dataclass(frozen=True, eq=False)
class Level:
    """Every roller-relative state with ``chips`` in play at a table of ``players``."""

    players: int
    chips: int
    states: np.ndarray
    blocks: tuple[Block, ...]
    position: np.ndarray

    @classmethod
    def build(cls, players: int, chips: int) -> Level:
        """Enumerate and order the states (see the module docstring)."""
        count = level_states(players, chips)
        lex = compositions(chips - 1, players, Arena("build").empty((count, players), CHIP_TYPE))
        lex[:, 0] += 1
        gap = np.zeros(count, CHIP_TYPE)  # the nearest holder on the roller's left; 0: none
        for seat in range(players - 1, 0, -1):
            gap[lex[:, seat] > 0] = seat
        dice = np.minimum(lex[:, 0], MAX_DICE)
        dice[gap == 0] = 0
        key = dice * players + gap
        order = np.argsort(key, kind="stable")  # lexicographic within a block
        position = np.empty(count, np.int32)
        position[order] = np.arange(count, dtype=np.int32)
        key = key[order]
        bounds = [0, *(np.flatnonzero(key[1:] != key[:-1]) + 1).tolist(), count]
        blocks = tuple(
            Block(lo, hi, *divmod(int(key[lo]), players)) for lo, hi in itertools.pairwise(bounds)
        )
        return cls(players, chips, lex.take(order, axis=0), blocks, position)

    def __len__(self) -> int:
        return len(self.states)

    def index(self, rows: np.ndarray) -> np.ndarray:
        """Row numbers of roller-relative states of this level."""
        shifted = rows.copy()  # composition_rank widens a column at a time
        shifted[:, 0] -= 1
        return self.position[composition_rank(shifted, self.chips - 1)]
