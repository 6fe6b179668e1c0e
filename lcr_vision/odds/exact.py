"""Exact odds of the standard game: each seat's chance to win and the turns still to come.

The game is an absorbing Markov chain, solved one level of chips in play at a time: a C is the only
way chips leave play, so rolls with a C lead to a level already solved, and only the rolls without
one stay on the level. Each level is a linear system ``x = b + Q x`` over roller-relative states
(`states.Level`), solved by Gauss-Seidel sweeps over chunks of states planned by `plan` (phase by
phase, so that a sweep follows the game most of the way round the table) and laid out by `sweep`,
starting from the level below; values are the win chances of the seats counted from the roller
plus the expected number of further rolls.

The sweeps run in single precision, which moves half the bytes of double, on a correction to the
values whose residual ``b + Q x - x`` is taken in double precision (`_solve`), so the values still
end within a `tolerance` of the solution. Levels are kept in memory per player count, so after
the first solve every later question of a game is a look-up, and big levels are kept on disk
(`store`), so a table of 8 is solved once per machine.

A level's plan needs only the states of the levels below it, not their values, except for what
the rolls with a C bring (`plan.sketch`, then `plan.finish`), so while one level solves the next
is built and sketched in a thread of its own (`_Ahead`): a cold solve of 8 players took 0.77 of
the time, with 190 MB more at its peak (docs/figures.md, "what each step bought").

>>> [round(p, 6) for p in win_probabilities((3, 3, 3), roller=0)]
[0.306843, 0.328019, 0.365138]
>>> round(expected_turns((3, 3, 3), roller=0), 4)
17.5159
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from math import comb

import numpy as np

from lcr_vision.meter import Meter
from lcr_vision.odds import store
from lcr_vision.odds.plan import (
    PLAN_CHUNK,
    BlockSketch,
    SolvedLevel,
    chunks,
    finish,
    plan,
    sketch,
)
from lcr_vision.odds.position import Position
from lcr_vision.odds.scratch import Arena, release, small_pages
from lcr_vision.odds.states import MAX_DICE, Level, composition_rank, level_states
from lcr_vision.odds.sweep import Layout

BUDGET = 1e-6  # how far a win chance given may be from the exact one (the turns: TURNS_UNIT times)
TURNS_UNIT = 10.0  # turns are swept in tens, so that one tolerance holds both
# The most states solved exactly: 8 players of 3 chips (7,888,725) took 21-22 s, 1.4 GB of memory
# and 282 MB of cache on a two-core machine (`/usr/bin/time -v lcr-vision odds --players 8 --method
# exact`, a fresh cache folder each run, 2026-12-05; 196 MB of cache since 2026-12-07); a solve
# past it would take hours and gigabytes, so it is refused (`method`).
EXACT_STATE_LIMIT = 8_000_000
MAX_RATE = 0.99
# Single precision rounds at 2**-24 of a value; the first round stops at this share of its first
# change, which under `tolerance` is where most levels converge (2**-21 left them a second round,
# 7 players 2026-12-07: 365 sweeps and 38 residuals a solve against 351 and 30)
FLOOR = 2.0**-22


def exact_state_count(players: int, chips: int) -> int:
    """States the exact solver visits for ``chips`` in play: every level from 1 chip up."""
    return comb(chips + players - 1, players)


@cache
def tolerance(players: int) -> float:
    """How close each level's own solve comes to its solution, as the sweeps estimate it from
    their rate (`_error_bound`: an estimate, not a bound; it came out 9.2e-8 off over a 5-seat
    level of 2 chips estimated within 1.7e-8), so that every answer within `EXACT_STATE_LIMIT`
    is within `BUDGET` with a wide margin. A level's values are its rolls' chance-weighted
    values, those of its lower levels through the rolls with a C, so an error in the lower
    levels comes through at most as big as it was, and each level adds its own: with ``S`` chips
    in play the error is at most ``S`` tolerances. Half the budget is left for the store's
    rounding (`store.STEP`, at most 2.1e-7 on the last seat of 8), which enters an answer once
    (`solved_level`), so a tolerance is the budget over twice the most chips solved.

    >>> tolerance(8) == BUDGET / 48  # 8 players of 3 chips is the most solved
    True
    """
    most = 1
    while exact_state_count(players, most + 1) <= EXACT_STATE_LIMIT:
        most += 1
    return BUDGET / (2 * most)


def _error_bound(change: float, rate: float) -> float:
    """How far the values can still be from the solution: the sweeps shrink the change by a
    factor ``rate`` each time, so the changes still to come add up to
    ``change * rate / (1 - rate)``.

    >>> round(_error_bound(1e-6, 0.5), 12)
    1e-06
    """
    rate = min(rate, MAX_RATE)
    return change * rate / (1 - rate)


def _converge(layout: Layout, correction: np.ndarray, base: np.ndarray, within: float) -> bool:
    """Sweep until the values are within ``within`` of the solution (``True``) or rounding
    stops the changes from shrinking (``False``). The rate is the slower of the last two sweeps.
    Single precision resolves changes down to about `FLOOR` of the first, so sweeping on below
    that, or after a sweep that changed nothing, only rounds: ``False``, so that a new residual
    in double precision says what is left."""
    first = layout.sweep(correction, base)
    if first == 0:  # the residual is nothing at all
        return True
    previous, change, before = first, layout.sweep(correction, base), 0.0
    while change > FLOOR * first:
        rate = change / previous
        if rate >= 1:
            return False
        if _error_bound(change, max(rate, before)) <= within:
            return True
        previous, change, before = change, layout.sweep(correction, base), rate
    return False


@cache
def solved_level(players: int, chips: int, *, stored: bool) -> SolvedLevel:
    """Solve the level with ``chips`` in play (and, first, the levels below it, from the bottom up
    so that hundreds of chips do not recurse hundreds of calls deep). With ``stored``, big levels
    come from the on-disk `store` when they are there, and go there once solved; a solve builds
    on levels solved in memory only, so the store's rounding never adds up level on level.
    ``stored`` is keyword-only with no default, so that a call has one spelling: the cache keys
    on the call as written, and ``(8, 24)``, ``(8, 24, True)`` and ``(8, 24, stored=True)`` would
    each solve the level again."""
    if stored:
        kept = store.load(players, chips, level_states(players, chips))
        if kept is not None:  # the store keeps rows in composition order, the level's `position`
            _looking_ahead().pending.pop((players, chips), None)  # sketched for nothing
            level = Level.build(players, chips)
            values = np.empty((len(level), players + 1))
            values[level.position] = store.decode(kept)
            return SolvedLevel(level, values)
        solved = solved_level(players, chips, stored=False)
        store.save(players, chips, solved.values.take(solved.level.position, axis=0))
        return solved
    ahead = _looking_ahead()
    sketched = ahead.pending.pop((players, chips), None)
    level, sketches = (Level.build(players, chips), None) if sketched is None else sketched.result()
    lower = [solved_level(players, c, stored=False) for c in range(1, chips)]
    ahead.start(players, chips + 1, [level, *(s.level for s in reversed(lower))])
    values = _solve(level, {c: lower[-c] for c in range(1, min(MAX_DICE, chips - 1) + 1)},
                    sketches)
    return SolvedLevel(level, values)


@dataclass
class _Ahead:
    """The next level, built and sketched (`plan.sketch`) in a thread of its own while this one
    solves: a sketch needs only the states of the levels below, not their values. The sketches of
    two levels in a row are cut from two buffers in turn, since a level's sketch lives until its
    solve ends, while the next one is being made."""

    pool: ThreadPoolExecutor | None = None
    top: tuple[int, int] = (0, 0)  # the players and chips of the last level wanted
    pending: dict[tuple[int, int], Future[tuple[Level, list[BlockSketch]]]] = field(
        default_factory=dict)

    def start(self, players: int, chips: int, below: Sequence[Level]) -> None:
        """Sketch level ``chips`` in the pool, where it is wanted; ``below`` are the levels of
        one chip fewer, two, and so on."""
        if self.pool is not None and players == self.top[0] and chips <= self.top[1]:
            lower = {c: below[c - 1] for c in range(1, min(MAX_DICE, chips - 1, len(below)) + 1)}
            self.pending[players, chips] = self.pool.submit(_sketched, players, chips, lower)


def _sketched(players: int, chips: int, lower: dict[int, Level]
              ) -> tuple[Level, list[BlockSketch]]:
    level = Level.build(players, chips)
    return level, sketch(level, lower, Arena(f"ahead{chips % 2}"))


_ahead = threading.local()  # each solving thread looks ahead in a thread of its own


def _looking_ahead() -> _Ahead:
    if not hasattr(_ahead, "state"):
        _ahead.state = _Ahead()
    return _ahead.state


@contextmanager
def _solving_up_to(players: int, chips: int) -> Iterator[None]:
    """Look ahead while the levels up to ``chips`` are solved, bottom up, in this thread."""
    ahead = _looking_ahead()
    if ahead.pool is not None:  # already looking ahead further out
        yield
        return
    with ThreadPoolExecutor(1, thread_name_prefix="lcr-odds-ahead") as pool:
        ahead.pool, ahead.top = pool, (players, chips)
        try:
            yield
        finally:
            for pending in ahead.pending.values():
                pending.cancel()
            ahead.pool, ahead.top, ahead.pending = None, (0, 0), {}


def _stored_row(relative: np.ndarray) -> np.ndarray | None:
    """The values of one roller-relative state straight from the store, or ``None``: its row is
    its `composition_rank`, so a look-up needs neither the level nor the levels below it."""
    players, chips = relative.shape[1], int(relative.sum())
    kept = store.load(players, chips, level_states(players, chips))
    if kept is None:
        return None
    shifted = relative.copy()
    shifted[:, 0] -= 1
    return store.decode(kept[int(composition_rank(shifted, chips - 1)[0])])[0]


def _solve(level: Level, lower: dict[int, SolvedLevel],
           sketches: list[BlockSketch] | None = None) -> np.ndarray:
    """The values of a level whose lower levels are solved, by rounds of defect correction: the
    residual is taken in double precision, and the correction it calls for is swept in single
    precision (`sweep`) until it converges or rounding stops it. Turns are counted in
    `TURNS_UNIT` meanwhile, so that one `tolerance` holds both the win chances and turns. The
    values start from the level below (`_first_guess`), which leaves fewer sweeps to go. The
    level's ``sketches`` are those made ahead (`_Ahead`), where it was sketched so."""
    unit = np.ones(level.players + 1)
    unit[-1] = TURNS_UNIT
    arena = Arena()
    plans = (plan(level, lower, arena) if sketches is None
             else finish(level, sketches, lower, arena))
    layout = Layout.of(level, plans, unit, arena)
    values = arena.empty((len(layout.rows) + 1, level.players + 1), np.float64)
    values[-1] = 0.0
    values[-1, 0] = 1.0  # the finished state: the roller has won
    _first_guess(level, layout.rows, lower, out=values[:-1])
    values[:-1] /= unit
    if layout.kept < level.players:  # the sweeps keep the win chances' sum: make it one
        values[:-1, layout.kept] = 1.0 - values[:-1, : layout.kept].sum(axis=1)
    converged = not len(layout.rows)  # a level of one chip is won already
    correction, residual = layout.zeros(arena), layout.zeros(arena)
    while not converged:
        correction.fill(0.0)
        converged = _converge(layout, correction, layout.residual(values, out=residual),
                              tolerance(level.players))
        layout.add_to(values, correction)
    values *= unit
    solved = np.empty((len(level), level.players + 1))
    solved[layout.rows] = values[:-1]
    solved[0] = values[-1]  # the finished state, first in the level and the only one unplanned
    return solved


def _first_guess(level: Level, rows: np.ndarray, lower: dict[int, SolvedLevel],
                 out: np.ndarray) -> None:
    """Values of the states ``rows`` of a level to start from: those of the same table with a
    chip fewer for the richest seat, plus the change that chip made one level down (one chip
    matters about as much as the last), which saves a few sweeps for the price of about two.
    Levels of two chips start from one roll's cost. Written into ``out``."""
    if level.chips <= 2:
        out[:] = 0.0
        out[:, -1] = 1.0
        return
    below, two = lower[1], lower.get(2)
    for lo, hi in chunks(len(rows), PLAN_CHUNK):  # a slice at a time: small temporaries, reused
        poorer = _poorer(level.states[rows[lo:hi]])
        # mode "clip": with "raise", numpy gathers into a temporary copy first
        np.take(below.values, below.level.index(poorer), axis=0, out=out[lo:hi], mode="clip")
        if two is not None:
            out[lo:hi] *= 2.0
            out[lo:hi] -= two.values.take(two.level.index(_poorer(poorer)), axis=0)


def _poorer(states: np.ndarray) -> np.ndarray:
    """The states with a chip fewer for the richest seat (the roller keeps one)."""
    spare = states.copy()
    spare[:, 0] -= 1
    poorer = states.copy()
    poorer[np.arange(len(states)), spare.argmax(axis=1)] -= 1
    return poorer


def exact_values(position: Position, stored: bool = True) -> np.ndarray:
    """Win chance of every seat in seating order, then the expected further rolls (``stored``:
    use the on-disk store of big levels)."""
    relative = np.roll(np.array(position.chips), -position.roller)[None, :]
    players, chips = len(position.chips), int(relative.sum())
    row = _stored_row(relative) if stored else None
    if row is not None:
        return np.concatenate([np.roll(row[:-1], position.roller), row[-1:]])
    with Meter(f"exact odds of {players} players, states solved",
               comb(chips + players - 1, players)) as meter, small_pages(), \
            _solving_up_to(players, chips):
        try:
            for level_chips in range(1, chips + 1):  # bottom up: each call solves one level
                solved = solved_level(players, level_chips, stored=stored)
                meter.advance(len(solved.level))
        finally:
            release()
    row = solved.values[solved.level.index(relative)[0]]
    return np.concatenate([np.roll(row[:-1], position.roller), row[-1:]])


def win_probabilities(chips: Sequence[int], roller: int) -> tuple[float, ...]:
    """Each seat's exact chance to win the standard game, ``roller`` to roll (or the next
    holder)."""
    return tuple(float(v) for v in exact_values(Position.of(chips, roller))[:-1])


def expected_turns(chips: Sequence[int], roller: int) -> float:
    """Expected number of further rolls of the standard game (skipped turns do not count)."""
    return float(exact_values(Position.of(chips, roller))[-1])
