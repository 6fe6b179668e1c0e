"""What one roll does from every state of a level, laid out for fast sweeps.

Each block of a level (`states.Block`) gets its states in *sweep order*: sorted by the chips seen
from the seat on the roller's left. A roll without a C adds the same chips to every state of the
block and turns the table by one seat (a chip went left) or by the block's gap, so in sweep order
the states a roll leads to come in increasing order within each block of their level: the sweeps
read the values nearly front to back instead of at random, which is what keeps 8 players (values
of 150 MB a level) fast. Rolls with a C leave the level; they are added once, into ``base``.
Where each roll leads needs only the levels' states (`sketch`), what the rolls with a C bring
needs the lower levels solved (`finish`): the solver sketches a level while the one below solves.

The blocks are then cut by `phases`, the roller's seat in a frame that turns with the table, and
swept from the highest phase down: most rolls lead to a higher phase, whose values are already
new, so a sweep follows the game most of the way round the table and a level needs about half
the sweeps of the plain order.

>>> from lcr_vision.odds.exact import solved_level
>>> lower = {c: solved_level(3, 3 - c, stored=False) for c in (1, 2)}
>>> blocks = plan(Level.build(players=3, chips=3), lower)
>>> [(b.rows.tolist(), phases(Level.build(3, 3).states[b.rows]).tolist()) for b in blocks]
[([2], [2]), ([3], [1]), ([1], [0]), ([4], [0]), ([5], [0])]
>>> [(g.turn, g.chances.round(3).tolist()) for g in blocks[2].groups]  # (1, 1, 1)
[(1, [0.5, 0.167, 0.167])]
>>> blocks[2].groups[0].targets.tolist()  # after a dot, an R, an L
[[1], [2], [4]]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache

import numpy as np

from lcr_vision.odds.dice import roll_outcomes
from lcr_vision.odds.scratch import FRESH, Arena
from lcr_vision.odds.states import Block, Level, _rank_tables, composition_rank

CHUNK = 4_096  # states worked on together: enough for numpy to pay off, few enough for the cache
PLAN_CHUNK = 16 * CHUNK  # states planned together: their temporaries are reused, not fresh
RANK_BITS = 40  # a level's states are ranked below 2**40: more would not fit in memory


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


def chunks(count: int, size: int = CHUNK) -> list[tuple[int, int]]:
    """``lo:hi`` bounds of the chunks of ``size`` states that cover ``count`` states."""
    return [(lo, min(lo + size, count)) for lo in range(0, count, size)]


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


def _turned_rank(states: np.ndarray) -> np.ndarray:
    """`composition_rank` of the states seen from the seat on the roller's left."""
    return composition_rank(np.roll(states, -1, axis=1), int(states[0].sum()))


def phases(states: np.ndarray) -> np.ndarray:
    """The roller's seat counted from where the table's chips read greatest going round (the
    first such seat on ties, compared over as many seats as int64 holds).

    A roll moves chips near the roller only, so the greatest reading usually starts at the same
    seat before and after it, while the turn moves on: most rolls lead from phase ``k`` to a
    higher one. Sweeping the phases from the highest down thus reads fresh values for most rolls,
    so one sweep carries a value most of the way round the table (see `plan`).

    >>> phases(np.array([[1, 0, 2], [2, 0, 1], [1, 1, 1]])).tolist()
    [1, 0, 0]
    """
    count, players = states.shape
    base = int(states[0].sum()) + 1 if count else 1
    digits = max(1, min(players, int(62 / np.log2(base))))
    seats = states.T.astype(np.int64)

    def reading(start: int) -> np.ndarray:  # the first `digits` seats from ``start``, as a number
        key = seats[start].copy()
        for seat in range(start + 1, start + digits):
            key *= base
            key += seats[seat % players]
        return key

    best, first = reading(0), np.zeros(count, np.intp)
    key, top = best.copy(), base ** (digits - 1)
    for start in range(1, players):
        if digits == players:  # turn the previous reading by one seat
            key -= seats[start - 1] * top
            key *= base
            key += seats[start - 1]
        else:
            key = reading(start)
        greater = key > best
        np.maximum(best, key, out=best)
        first[greater] = start
    return (-first) % players


def _rolled_rows(level: Level, block: Block, states: np.ndarray,
                 lower: Mapping[int, Level]
                 ) -> dict[tuple[int, int], list[tuple[float, np.ndarray]]]:
    """Per chips to the pot and seats turned, each roll's chance and the row every state leads
    to in its level.

    A state's row is its `composition_rank` (after the roller's one chip is set aside) looked up
    in the level's order, a sum over seats of ``table[rest, chips]``. A roll changes at most three
    seats, and every other seat's term depends on the roll only through the chips it took from
    the seats before, so those terms are computed once per turn and reused by every roll."""
    chips, players = level.chips, level.players
    tables = [t.ravel() for t in _rank_tables(chips - 1, players)]  # any level below fits too
    width = chips + 1
    kind = np.int32 if len(level) < 2**31 else np.int64
    seats = states.T.astype(kind)
    found: dict[tuple[int, int], list[tuple[float, np.ndarray]]] = {}
    for turn in sorted({1, block.gap}):
        turned = seats[(np.arange(players) + turn) % players]
        before = np.zeros_like(turned)
        np.cumsum(turned[:-1], axis=0, out=before[1:])
        # per seat, the table entry with no chips shifted or changed: ``(chips - before) * width
        # + chips here``; a roll only adds ``change - shift * width``, the same for every state
        at = (chips - before) * width + turned
        terms: dict[tuple[int, int], np.ndarray] = {}
        for outcome in roll_outcomes(block.dice):
            if (1 if outcome.left else block.gap) != turn:
                continue
            change = np.zeros(players, np.int64)
            for seat, chips_moved in ((0, -outcome.moved), (1, outcome.left), (-1, outcome.right)):
                change[(seat - turn) % players] += chips_moved
            center = outcome.center
            rank = tables[0].take(at[0] + int(change[0] - 1 - (center + 1) * width))
            taken = 0
            for i in range(1, players - 1):
                taken += change[i - 1]
                shift = center + int(taken)
                if change[i]:
                    rank += tables[i].take(at[i] + int(change[i] - shift * width))
                else:
                    if (i, shift) not in terms:
                        terms[i, shift] = tables[i].take(at[i] - shift * width)
                    rank += terms[i, shift]
            into = lower[center] if center else level
            found.setdefault((center, turn), []).append((outcome.chance, into.position.take(rank)))
    return found


def _groups(level: Level, block: Block, states: np.ndarray,
            lower: Mapping[int, Level]) -> list[Group]:
    """The block's rolls grouped by chips to the pot and seats turned; targets in their level."""
    return [
        Group(turn, center, np.array([c for c, _ in rolls]), np.stack([t for _, t in rolls]))
        for (center, turn), rolls in _rolled_rows(level, block, states, lower).items()
    ]


def _chunked(function: Callable[[np.ndarray], np.ndarray], states: np.ndarray,
             out: np.ndarray) -> np.ndarray:
    """``function`` of the states into ``out``, `PLAN_CHUNK` at a time, so that its temporaries
    are small and reused."""
    for lo, hi in chunks(len(states), PLAN_CHUNK):
        out[lo:hi] = function(states[lo:hi])
    return out


def _swept(level: Level, block: Block) -> tuple[np.ndarray, np.ndarray]:
    """The block's rows in sweep order (phase from the highest down, then by the chips seen from
    the roller's left: `plan`) and how many of them are in each phase."""
    states, arena = level.states[block.start : block.stop], Arena("block")
    phase = _chunked(phases, states, arena.empty(len(states), np.intp))
    key = _chunked(_turned_rank, states, arena.empty(len(states), np.int64))
    key += (level.players - 1 - phase) << RANK_BITS  # one key (each rank is one state's)
    rows = np.argsort(key)
    rows += block.start
    return rows, np.bincount(phase, minlength=level.players)


@dataclass(frozen=True, eq=False)
class BlockSketch:
    """One block's sweep order and rolls, before the rolls with a C are weighed: its ``rows``,
    how many are in each phase (``counts``), the groups of rolls that stay on the level and those
    that leave it, each with its targets for every row."""

    rows: np.ndarray
    counts: np.ndarray
    stay: tuple[Group, ...]
    leave: tuple[Group, ...]


def sketch(level: Level, lower: Mapping[int, Level], arena: Arena = FRESH) -> list[BlockSketch]:
    """What `plan` knows of ``level`` before its lower levels are solved: only their states
    (``lower[c]``, the level with ``c`` chips fewer) are needed, so the next level can be
    sketched while this one solves."""
    out = []
    for block in level.blocks:
        if not block.dice:
            continue
        rows, counts = _swept(level, block)
        groups: dict[tuple[int, int], Group] = {}
        for lo, hi in chunks(len(rows), PLAN_CHUNK):
            for group in _groups(level, block, level.states[rows[lo:hi]], lower):
                key = (group.center, group.turn)
                if key not in groups:
                    targets = arena.empty((len(group.targets), len(rows)), group.targets.dtype)
                    groups[key] = Group(group.turn, group.center, group.chances, targets)
                groups[key].targets[:, lo:hi] = group.targets
        out.append(BlockSketch(rows, counts, tuple(g for g in groups.values() if not g.center),
                               tuple(g for g in groups.values() if g.center)))
    return out


def finish(level: Level, sketches: list[BlockSketch], lower: Mapping[int, SolvedLevel],
           arena: Arena = FRESH) -> list[BlockPlan]:
    """The sketched blocks ready to sweep: what the rolls with a C bring from the solved lower
    levels added into each block's ``base``, and the blocks cut by phase (`plan`)."""
    cuts: list[list[BlockPlan]] = [[] for _ in range(level.players)]
    for sk in sketches:
        rows, counts = sk.rows, sk.counts
        base = arena.zeros((len(rows), level.players + 1), np.float64)
        base[:, -1] = 1.0  # the roll itself
        for group in sk.leave:
            for lo, hi in chunks(len(rows)):
                add_group(base[lo:hi], lower[group.center].values, group, lo, hi)
        stops = np.cumsum(counts[::-1])[::-1]  # the highest phase first
        for seat, (lo, hi) in enumerate(zip(stops - counts, stops, strict=True)):
            if lo < hi:
                cuts[seat].append(BlockPlan(rows[lo:hi], base[lo:hi], tuple(
                    Group(g.turn, g.center, g.chances, g.targets[:, lo:hi]) for g in sk.stay
                )))
    return [part for cut in reversed(cuts) for part in cut]


def plan(level: Level, lower: Mapping[int, SolvedLevel],
         arena: Arena = FRESH) -> list[BlockPlan]:
    """The blocks of an unsolved ``level`` ready to sweep, cut by `phases` and swept from the
    highest phase down (each block in sweep order within a phase); ``lower[c]`` is the solved
    level with ``c`` chips fewer in play, for the rolls with ``c`` C's. Arrays are cut from
    ``arena``."""
    return finish(level, sketch(level, {c: s.level for c, s in lower.items()}, arena), lower,
                  arena)
