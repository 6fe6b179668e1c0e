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
    turn (``columns``, of the padded single-precision win chances; ``turned``, of a whole value
    row), their ``chances`` (single and double precision) and, per roll, the sweep position each
    state leads to."""

    columns: np.ndarray
    turned: np.ndarray
    chances: np.ndarray
    exact: np.ndarray
    targets: np.ndarray


@dataclass(frozen=True, eq=False)
class Span:
    """Sweep positions ``start:stop`` and the rolls from them that stay on the level."""

    start: int
    stop: int
    steps: tuple[Step, ...]


@dataclass(frozen=True, eq=False)
class Layout:
    """A level's unfinished states in sweep order: ``rows`` are their level rows, ``base`` what
    the rolls with a C bring them (in the units asked for)."""

    players: int
    width: int
    rows: np.ndarray
    blocks: tuple[Span, ...]
    base: np.ndarray

    @classmethod
    def of(cls, level: Level, plans: Sequence[BlockPlan], unit: np.ndarray | None = None) -> Layout:
        """Renumber the planned blocks' targets into sweep positions (values divided by
        ``unit``, per column)."""
        rows = np.concatenate([p.rows for p in plans]) if plans else np.zeros(0, np.intp)
        position = np.full(len(level), len(rows), np.intp)  # finished: the last row
        position[rows] = np.arange(len(rows))
        width = fast_width(level.players)
        columns = {}
        blocks, start = [], 0
        for p in plans:
            steps = []
            for group in p.groups:
                if group.turn not in columns:
                    turned = turn_columns(level.players, group.turn)
                    columns[group.turn] = np.append(turned[:-1], np.arange(level.players, width))
                steps.append(Step(
                    columns[group.turn],
                    turn_columns(level.players, group.turn),
                    group.chances.astype(np.float32),
                    group.chances,
                    position[group.targets],
                ))
            blocks.append(Span(start, start + len(p.rows), tuple(steps)))
            start += len(p.rows)
        base = np.concatenate([p.base for p in plans]) if plans else np.zeros((0, level.players + 1))
        if unit is not None:
            base /= unit
        return cls(level.players, width, rows, tuple(blocks), base)

    def zeros(self) -> tuple[np.ndarray, np.ndarray]:
        """A zero correction: win chances and turns, with the finished states' row at the end."""
        return (np.zeros((len(self.rows) + 1, self.width), np.float32),
                np.zeros(len(self.rows) + 1, np.float32))

    def residual(self, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """How far one more roll moves the values, ``base + Q x - x``, taken in double precision
        (``values``: every column, in sweep order, then the finished state's row) and kept as
        this layout keeps a correction."""
        win, turns = self.zeros()
        for block in self.blocks:
            for lo, hi in chunks(block.stop - block.start):
                here = slice(block.start + lo, block.start + hi)
                acc = self.base[here] - values[here]
                for step in block.steps:
                    targets = step.targets[:, lo:hi]
                    rows = values.take(targets, axis=0).reshape(len(targets), -1)
                    acc += (step.exact @ rows).reshape(hi - lo, -1).take(step.turned, axis=1)
                win[here, : self.players] = acc[:, : self.players]
                turns[here] = acc[:, self.players]
        return win, turns

    def add_to(self, values: np.ndarray, win: np.ndarray, turns: np.ndarray) -> None:
        """``values`` (in sweep order, every column) ``+=`` a correction kept in this layout."""
        values[:-1, : self.players] += win[:-1, : self.players]
        values[:-1, self.players] += turns[:-1]

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

