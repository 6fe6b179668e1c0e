"""The single-precision Gauss-Seidel sweeps of a level's correction, laid out for numpy's fastest
copies.

A sweep's cost is gathering the rows the rolls lead to. numpy copies rows of 4, 8, 16 or 32 bytes
with a fixed-size move and rows of any other width with a general one, about three times slower
while the rows are in cache (on the biggest levels memory bandwidth dominates either way), and a
value row of 8 players is 9 numbers (36 bytes). So a correction row keeps the win chances but,
where that saves a fast width, the last seat's (the win chances add up to one, so a correction's
add up to nothing: 4 and 8 players, `kept_wins`), then the turns, padded to a fast width (8
players: 8 columns, 32 bytes, one gather per roll), and in sweep order (`plan`'s blocks one after
the other), so that the states worked on together are a
slice rather than a gather. Finished states have no correction: rolls that lead to them read
`Layout`'s last row, which stays zero.

>>> from lcr_vision.odds.exact import solved_level
>>> from lcr_vision.odds.plan import plan
>>> level = Level.build(players=3, chips=3)
>>> lower = {c: solved_level(3, 3 - c, stored=False) for c in (1, 2)}
>>> layout = Layout.of(level, plan(level, lower))
>>> layout.rows.tolist(), layout.width
([2, 3, 1, 4, 5], 4)
>>> layout.blocks[0].steps[0].targets.tolist()  # plan's rows [[5], [4], [0]]; 0 won
[[4], [3], [5]]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from lcr_vision.odds.plan import PLAN_CHUNK, BlockPlan, chunks, turn_columns
from lcr_vision.odds.scratch import FRESH, Arena
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


def kept_wins(players: int) -> int:
    """Win columns a correction row keeps: all of them, or one fewer where that saves a fast width
    (4 and 8 players). The win chances add up to one, so a correction's add up to nothing, and
    the last seat's is minus the sum of the others'.

    >>> [(n, kept_wins(n), fast_width(kept_wins(n) + 1)) for n in (3, 4, 7, 8)]
    [(3, 3, 4), (4, 3, 4), (7, 7, 8), (8, 7, 8)]
    """
    return players - 1 if fast_width(players + 1) > fast_width(players) else players


def turn_matrix(players: int, turn: int) -> np.ndarray:
    """The single-precision map of a correction row (`kept_wins` win columns, the turns, padding)
    as seen ``turn`` seats earlier: ``row @ matrix``.

    >>> turn_matrix(4, 1)  # seat 0's was seat 3's: minus the others'
    array([[-1.,  1.,  0.,  0.],
           [-1.,  0.,  1.,  0.],
           [-1.,  0.,  0.,  0.],
           [ 0.,  0.,  0.,  1.]], dtype=float32)
    """
    kept = kept_wins(players)
    matrix = np.zeros((fast_width(kept + 1),) * 2, np.float32)
    for seat in range(kept):
        source = (seat - turn) % players
        if source < kept:
            matrix[source, seat] = 1.0
        else:
            matrix[:kept, seat] = -1.0
    matrix[kept, kept] = 1.0
    return matrix


def _renumbered(targets: np.ndarray, position: np.ndarray) -> np.ndarray:
    """``targets`` (level rows) overwritten by their ``position``, a slice at a time, so that the
    wide index copies numpy takes are reused rather than fresh."""
    for lo, hi in chunks(targets.shape[1], PLAN_CHUNK):
        position.take(targets[:, lo:hi], out=targets[:, lo:hi], mode="clip")
    return targets


@dataclass(frozen=True, eq=False)
class Step:
    """Rolls that turn the table by the same seats: the map of a correction row after the turn
    (``matrix``, `turn_matrix`; ``turned``, the columns of a whole value row), their ``chances``
    (single and double precision) and, per roll, the sweep position each state leads to."""

    matrix: np.ndarray
    turned: np.ndarray
    chances: np.ndarray
    exact: np.ndarray
    targets: np.ndarray


@dataclass(frozen=True, eq=False)
class Span:
    """Sweep positions ``start:stop``, what the rolls with a C bring them (``base``, in the
    units asked for) and the rolls from them that stay on the level."""

    start: int
    stop: int
    base: np.ndarray
    steps: tuple[Step, ...]


@dataclass(frozen=True, eq=False)
class Layout:
    """A level's unfinished states in sweep order: ``rows`` are their level rows, ``blocks``
    the planned blocks' spans of them."""

    players: int
    width: int
    rows: np.ndarray
    blocks: tuple[Span, ...]

    @classmethod
    def of(cls, level: Level, plans: Sequence[BlockPlan], unit: np.ndarray | None = None,
           arena: Arena = FRESH) -> Layout:
        """Renumber the planned blocks' targets into sweep positions, in place and a slice at a
        time, since fresh memory is slow (the plans are spent, and their ``base`` divided by
        ``unit``, per column); arrays cut from ``arena``."""
        rows = arena.empty(sum(len(p.rows) for p in plans), np.intp)
        if plans:
            np.concatenate([p.rows for p in plans], out=rows)
        kind = np.int32 if len(rows) < 2**31 else np.intp
        position = arena.empty(len(level), kind)
        position.fill(len(rows))  # finished: the last row
        for lo, hi in chunks(len(rows), PLAN_CHUNK):
            position[rows[lo:hi]] = np.arange(lo, hi, dtype=kind)
        width = fast_width(kept_wins(level.players) + 1)
        matrices = {}
        blocks, start = [], 0
        for p in plans:
            steps = []
            for group in p.groups:
                if group.turn not in matrices:
                    matrices[group.turn] = turn_matrix(level.players, group.turn)
                steps.append(Step(
                    matrices[group.turn],
                    turn_columns(level.players, group.turn),
                    group.chances.astype(np.float32),
                    group.chances,
                    _renumbered(group.targets, position),
                ))
            if unit is not None:
                np.divide(p.base, unit, out=p.base)
            blocks.append(Span(start, start + len(p.rows), p.base, tuple(steps)))
            start += len(p.rows)
        return cls(level.players, width, rows, tuple(blocks))

    @property
    def kept(self) -> int:
        """Win columns a correction row keeps (`kept_wins`); the turns come next."""
        return kept_wins(self.players)

    def zeros(self, arena: Arena = FRESH) -> np.ndarray:
        """A zero correction, with the finished states' row at the end (cut from ``arena``)."""
        return arena.zeros((len(self.rows) + 1, self.width), np.float32)

    def residual(self, values: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        """How far one more roll moves the values, ``base + Q x - x``, taken in double precision
        (``values``: every column, in sweep order, then the finished state's row) and kept as
        this layout keeps a correction (in ``out``, a `zeros` array, when given)."""
        correction, kept = self.zeros() if out is None else out, self.kept
        for block in self.blocks:
            for lo, hi in chunks(block.stop - block.start):
                here = slice(block.start + lo, block.start + hi)
                acc = block.base[lo:hi] - values[here]
                for step in block.steps:
                    targets = step.targets[:, lo:hi]
                    rows = values.take(targets, axis=0).reshape(len(targets), -1)
                    acc += (step.exact @ rows).reshape(hi - lo, -1).take(step.turned, axis=1)
                correction[here, :kept] = acc[:, :kept]
                correction[here, kept] = acc[:, self.players]
        return correction

    def add_to(self, values: np.ndarray, correction: np.ndarray) -> None:
        """``values`` (in sweep order, every column) ``+=`` a correction kept in this layout."""
        kept, wins = self.kept, correction[:-1, : self.kept]
        values[:-1, :kept] += wins
        if kept < self.players:
            values[:-1, kept] -= wins.sum(axis=1, dtype=np.float64)
        values[:-1, self.players] += correction[:-1, kept]

    def sweep(self, correction: np.ndarray, base: np.ndarray) -> float:
        """One Gauss-Seidel pass, ``x = base + Q x``, a chunk at a time; returns the largest
        change of a value (the dropped win column's too)."""
        change, kept = 0.0, self.kept
        summed = np.zeros(self.width, np.float32)  # the dropped win column's change, one gemv
        summed[:kept] = 1.0
        dropped = kept < self.players
        for block in self.blocks:
            for lo, hi in chunks(block.stop - block.start):
                here = slice(block.start + lo, block.start + hi)
                new = base[here].copy()
                for step in block.steps:
                    rows = correction.take(step.targets[:, lo:hi], axis=0)
                    new += (step.chances @ rows.reshape(len(rows), -1)).reshape(hi - lo, -1) \
                        @ step.matrix
                moved = new - correction[here]
                change = max(change, float(np.abs(moved).max()))
                if dropped:
                    change = max(change, float(np.abs(moved @ summed).max()))
                correction[here] = new
        return change
