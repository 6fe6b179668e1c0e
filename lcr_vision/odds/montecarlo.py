"""Odds by playing random games from a position with the rules engine, for what is not exact.

The variants (Wild, Wilder, Last Chip Wins, Dot to Win) and tables too big for the exact solver are
played out ``games`` times with random boxed dice; wild choices follow the session's policy and
nobody pays to reverse the dice under Wilder (the engine's default decision). Standard games that
must be quick, such as the table's odds after each roll (`quick`), are played by the vectorised
games of `sim` instead (`simulated_standard_odds`). Each seat's share of wins comes with a 95%
confidence interval (Wilson score), the mean number of rolls with a normal one.

>>> from lcr_vision.rules import Settings
>>> s = Settings.create(["Ann", "Ben", "Cat"])
>>> odds = simulated_odds(s, GameState(chips=(1, 0, 1), center=7), games=400, seed=1)
>>> round(sum(odds.win) + odds.draw, 9), all(lo < p < hi
...                                          for p, (lo, hi) in zip(odds.win, odds.win_ci95) if p)
(1.0, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from lcr_vision.odds.result import SIMULATION, Odds
from lcr_vision.random_games import play_standard, random_faces
from lcr_vision.rules import GameState, Settings, play_roll

Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """95% Wilson score interval of a proportion; sound even at 0 or all successes.

    >>> [round(v, 4) for v in wilson_interval(50, 100)]
    [0.4038, 0.5962]
    """
    p = successes / trials
    denom = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def play_out(settings: Settings, state: GameState, rng: random.Random) -> GameState:
    """Play the game on from ``state`` to its end with random dice."""
    while not state.over:
        state = play_roll(settings, state, random_faces(settings, state.dice_owed, rng)).after
    return state


def simulated_odds(settings: Settings, state: GameState, games: int, seed: int = 0) -> Odds:
    """Win shares, draw share and mean further rolls over ``games`` random games from ``state``."""
    rng = random.Random(seed)
    wins = [0] * settings.seats
    draws = 0
    rolls: list[int] = []
    for _ in range(games):
        end = play_out(settings, state, rng)
        rolls.append(end.rolls - state.rolls)
        if end.winner is None:
            draws += 1
        else:
            wins[end.winner] += 1
    return _shares(wins, draws, rolls)


def simulated_standard_odds(state: GameState, games: int, seed: int = 0) -> Odds:
    """`simulated_odds` of the standard rules with the numpy-vectorised games of `sim`, a hundred
    times faster than the rules engine (``state.turn`` must hold chips, as the engine keeps it).

    >>> from lcr_vision.odds.exact import win_probabilities
    >>> odds = simulated_standard_odds(GameState(chips=(2, 0, 5)), games=4000, seed=1)
    >>> [lo < p < hi for p, (lo, hi) in zip(win_probabilities((2, 0, 5), 0), odds.win_ci95)]
    [True, True, True]
    """
    wins, rolls = play_standard(state.chips, state.turn, games, seed)
    return _shares([int(w) for w in wins], 0, rolls.tolist())


def _shares(wins: Sequence[int], draws: int, rolls: Sequence[int]) -> Odds:
    """The `Odds` of games that ended in ``wins`` per seat and ``draws``, after ``rolls`` each."""
    games = len(rolls)
    mean = sum(rolls) / games
    spread = math.sqrt(sum((r - mean) ** 2 for r in rolls) / max(games - 1, 1))
    half = Z95 * spread / math.sqrt(games)
    return Odds(
        win=tuple(w / games for w in wins),
        expected_turns=mean,
        method=SIMULATION,
        games=games,
        win_ci95=tuple(wilson_interval(w, games) for w in wins),
        turns_ci95=(mean - half, mean + half),
        draw=draws / games,
    )
