"""The single-precision Gauss-Seidel sweeps of a level's correction, laid out for numpy's fastest
copies.

A sweep's cost is gathering the rows the rolls lead to. numpy copies rows of 4, 8, 16 or 32 bytes
with a fixed-size move and rows of any other width with a general one, about three times slower
while the rows are in cache (on the biggest levels memory bandwidth dominates either way), and a
value row of 8 players is 9 numbers (36 bytes). So the correction is kept in two arrays, the
win chances padded to a fast width (8 players: 8 columns, 32 bytes) and the turns (4 bytes), and
in sweep order (`plan`'s blocks one after the other), so that the states worked on together are a
slice rather than a gather. Finished states have no correction: rolls that lead to them read
`Layout`'s last row, which stays zero.

>>> from lcr_vision.odds.exact import solved_level
>>> from lcr_vision.odds.plan import plan
>>> level = Level.build(players=3, chips=3)
>>> layout = Layout.of(level, plan(level, {c: solved_level(3, 3 - c) for c in (1, 2)}))
>>> layout.rows.tolist(), layout.width
([2, 3, 1, 4, 5], 4)
>>> layout.blocks[0].steps[0].targets.tolist()  # plan's rows [[5], [4], [0]]; 0 won
[[4], [3], [5]]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from lcr_vision.odds.plan import BlockPlan, chunks, turn_columns
from lcr_vision.odds.states import Level

FAST_BYTES = (4, 8, 16, 32)


def fast_width(columns: int) -> int:
    """The fewest single-precision columns, at least ``columns``, that numpy copies fastest
    (beyond 8, whole rows of 8).

    >>> [fast_width(n) for n in (3, 4, 5, 8, 9)]
    [4, 4, 8, 8, 16]
    """
    for size in FAST_BYTES:
        if 4 * columns <= size:
            return size // 4
    return -(-columns // 8) * 8


@dataclass(frozen=True, eq=False)
class Step:
    """Rolls that turn the table by the same seats: where each win column comes from after the
    turn (``columns``), their ``chances`` and, per roll, the sweep position each state leads to."""

    columns: np.ndarray
    chances: np.ndarray
    targets: np.ndarray


@dataclass(frozen=True, eq=False)
class Span:
    """Sweep positions ``start:stop`` and the rolls from them that stay on the level."""

    start: int
    stop: int
    steps: tuple[Step, ...]


@dataclass(frozen=True, eq=False)
class Layout:
    """A level's unfinished states in sweep order: ``rows`` are their level rows."""

    players: int
    width: int
    rows: np.ndarray
    blocks: tuple[Span, ...]

    @classmethod
    def of(cls, level: Level, plans: Sequence[BlockPlan]) -> Layout:
        """Renumber the planned blocks' targets into sweep positions."""
        rows = np.concatenate([p.rows for p in plans]) if plans else np.zeros(0, np.intp)
        position = np.full(len(level), len(rows), np.intp)  # finished: the zero row
        position[rows] = np.arange(len(rows))
        width = fast_width(level.players)
        columns = {}
        blocks, start = [], 0
        for p in plans:
            steps = []
            for group in p.groups:
                if group.turn not in columns:
                    columns[group.turn] = np.append(
                        turn_columns(level.players, group.turn)[:-1],
                        np.arange(level.players, width),
                    )
                steps.append(Step(
                    columns[group.turn],
                    group.chances.astype(np.float32),
                    position[group.targets],
                ))
            blocks.append(Span(start, start + len(p.rows), tuple(steps)))
            start += len(p.rows)
        return cls(level.players, width, rows, tuple(blocks))

    def zeros(self) -> tuple[np.ndarray, np.ndarray]:
        """A zero correction: win chances and turns, with the finished states' row at the end."""
        return (np.zeros((len(self.rows) + 1, self.width), np.float32),
                np.zeros(len(self.rows) + 1, np.float32))

    def split(self, full: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Values of the unfinished states in sweep order (win chances, then turns) as this
        layout keeps them, in single precision."""
        win, turns = self.zeros()
        win[:-1, : self.players] = full[:, : self.players]
        turns[:-1] = full[:, self.players]
        return win, turns

    def add_to(self, values: np.ndarray, win: np.ndarray, turns: np.ndarray) -> None:
        """``values`` (level rows, every column) ``+=`` a correction kept in this layout."""
        values[self.rows, : self.players] += win[:-1, : self.players]
        values[self.rows, self.players] += turns[:-1]

    def sweep(self, win: np.ndarray, turns: np.ndarray,
              base: tuple[np.ndarray, np.ndarray]) -> float:
        """One Gauss-Seidel pass, ``x = base + Q x``, a chunk at a time; returns the largest
        change of a value."""
        change = 0.0
        for block in self.blocks:
            for lo, hi in chunks(block.stop - block.start):
                here = slice(block.start + lo, block.start + hi)
                new_win, new_turns = base[0][here].copy(), base[1][here].copy()
                for step in block.steps:
                    targets = step.targets[:, lo:hi]
                    rows = win.take(targets, axis=0).reshape(len(targets), -1)
                    new_win += (step.chances @ rows).reshape(hi - lo, -1).take(step.columns, axis=1)
                    new_turns += step.chances @ turns.take(targets)
                change = max(change, float(np.abs(new_win - win[here]).max()),
                             float(np.abs(new_turns - turns[here]).max()))
                win[here], turns[here] = new_win, new_turns
        return change

