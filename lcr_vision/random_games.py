"""Random games: a numpy-vectorised path for the standard game, the rules engine for variants.

Both paths play boxed dice (L, C, R and three dots; with Wild one dot is a wild) and start game 1
with seat 0, so their win rates per seat are comparable with the exact 3-player values
0.306843, 0.328019, 0.365138 (seat 1 rolling first).

>>> r = simulate(3, 1000, seed=1)
>>> r.games == sum(r.wins) + r.draws == 1000
True
>>> simulate(4, 200, seed=1, variants=Variants(wild=True)).players
4
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from lcr_vision.rules import GameState, Settings, Variants, play_roll

BOXED_DIE: tuple[str, ...] = ("L", "C", "R", "dot", "dot", "dot")
WILD_DIE: tuple[str, ...] = ("L", "C", "R", "wild", "dot", "dot")
_L, _C, _R = 0, 1, 2  # BOXED_DIE indices drawn by the vectorised path
BATCH = 1 << 17
STANDARD = Variants()


@dataclass(frozen=True)
class SimulationResult:
    """What `lcr-vision simulate --json` prints; ``mean_turns`` counts rolls (skips are no turn)."""

    players: int
    games: int
    wins: tuple[int, ...]
    draws: int
    mean_turns: float

    def to_dict(self) -> dict[str, Any]:
        """The JSON object ``simulate --json`` prints: players, games, wins per seat, draws,
        mean_turns."""
        data = asdict(self)
        data["wins"] = list(self.wins)
        return data


def random_faces(settings: Settings, count: int, rng: random.Random) -> tuple[str, ...]:
    """``count`` boxed dice thrown at random, with the wild die when the Wild variant is on."""
    die = WILD_DIE if settings.variants.wild else BOXED_DIE
    return tuple(rng.choice(die) for _ in range(count))


def play_random_game(settings: Settings, rng: random.Random) -> GameState:
    """One game 1 played to its end by the rules engine, choices left to the default policy."""
    state = GameState.start(settings.stakes)
    while not state.over:
        state = play_roll(settings, state, random_faces(settings, state.dice_owed, rng)).after
    return state


def simulate_with_engine(settings: Settings, games: int, seed: int) -> SimulationResult:
    """The slow, general path: any variants and stakes, one engine game at a time."""
    rng = random.Random(seed)
    wins = [0] * settings.seats
    draws = rolls = 0
    for _ in range(games):
        end = play_random_game(settings, rng)
        rolls += end.rolls
        if end.winner is None:
            draws += 1
        else:
            wins[end.winner] += 1
    return SimulationResult(settings.seats, games, tuple(wins), draws, rolls / max(games, 1))


def _standard_batch(
    start: np.ndarray, roller: int, games: int, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """Play ``games`` standard games side by side from the chips ``start``, ``roller`` to roll;
    return the wins per seat and each game's number of rolls."""
    players = len(start)
    held = np.tile(start.astype(np.int16), (games, 1))
    turn = np.full(games, roller, np.int64)
    seats = np.arange(players)
    wins = np.zeros(players, np.int64)
    ended: list[int] = []  # games that ended on each roll
    while len(held):
        rows = np.arange(len(held))
        dice = np.minimum(held[rows, turn], 3)
        faces = rng.integers(0, 6, size=(len(held), 3), dtype=np.int8)
        faces[np.arange(3) >= dice[:, None]] = -1
        left = (faces == _L).sum(1, dtype=np.int16)
        right = (faces == _R).sum(1, dtype=np.int16)
        lost = left + right + (faces == _C).sum(1, dtype=np.int16)
        held[rows, turn] -= lost
        held[rows, (turn + 1) % players] += left
        held[rows, (turn - 1) % players] += right
        has = held > 0
        over = has.sum(1) == 1
        ended.append(int(over.sum()))
        np.add.at(wins, has[over].argmax(1), 1)
        keep = ~over
        held, has, turn = held[keep], has[keep], turn[keep]
        order = (turn[:, None] + 1 + seats) % players
        nearest = has[np.arange(len(held))[:, None], order].argmax(1)
        turn = order[np.arange(len(held)), nearest]
    return wins, np.repeat(np.arange(1, len(ended) + 1), ended)


def play_standard(
    chips: Sequence[int], roller: int, games: int, seed: int
) -> tuple[np.ndarray, np.ndarray]:
    """Play ``games`` standard games on from ``chips``, ``roller`` (who holds chips) to roll, in
    numpy batches; the wins per seat and each game's number of rolls. Standard games never draw."""
    rng = np.random.default_rng(seed)
    wins = np.zeros(len(chips), np.int64)
    rolls = []
    for first in range(0, games, BATCH):
        batch_wins, batch_rolls = _standard_batch(
            np.asarray(chips), roller, min(BATCH, games - first), rng
        )
        wins += batch_wins
        rolls.append(batch_rolls)
    return wins, np.concatenate(rolls) if rolls else np.zeros(0, np.int64)


def simulate_standard(players: int, games: int, seed: int, chips: int = 3) -> SimulationResult:
    """The standard game from its start (seat 0 first), vectorised with numpy over batches."""
    wins, rolls = play_standard((chips,) * players, 0, games, seed)
    mean = float(rolls.sum()) / max(games, 1)
    return SimulationResult(players, games, tuple(int(w) for w in wins), 0, mean)


def simulate(
    players: int, games: int, seed: int, variants: Variants = STANDARD, chips: int = 3
) -> SimulationResult:
    """Play ``games`` random games of ``players`` with ``chips`` each: vectorised when standard."""
    settings = Settings.create(
        [f"P{i}" for i in range(players)], stakes=(chips,) * players, variants=variants
    )
    if variants == STANDARD:
        return simulate_standard(players, games, seed, chips)
    return simulate_with_engine(settings, games, seed)


def games_per_second(players: int = 5, games: int = 200_000, seed: int = 0) -> float:
    """Standard games simulated per second on this machine (for ``lcr-vision bench``)."""
    start = time.perf_counter()
    simulate_standard(players, games, seed)
    return games / (time.perf_counter() - start)
