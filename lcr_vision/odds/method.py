"""Exact when the rules and the table allow it, simulation otherwise: the one entry point of odds.

The exact solver handles the standard rules; its work grows with the states of every level up to
the chips in play, ``C(chips + players - 1, players)`` in all (7.9 million for 8 players with 3
chips each). Beyond `EXACT_STATE_LIMIT` states, or with a variant, random games are played instead.

>>> from lcr_vision.rules import GameState, Settings
>>> s = Settings.create(["Ann", "Ben", "Cat"])
>>> o = odds(s, GameState(chips=(2, 0, 5), center=2))
>>> o.method, [round(p, 4) for p in o.win]
('exact', [0.2045, 0.1961, 0.5994])
>>> exact_state_count(players=8, chips=24)
7888725
"""

from __future__ import annotations

from lcr_vision.errors import Said, UserError
from lcr_vision.odds.exact import EXACT_STATE_LIMIT, exact_state_count, exact_values
from lcr_vision.odds.montecarlo import simulated_odds
from lcr_vision.odds.position import Position
from lcr_vision.odds.result import EXACT, Odds
from lcr_vision.rules import GameState, Settings, Variants

METHODS: tuple[str, ...] = ("auto", "exact", "simulation")
EXACT_BUDGET = "about a minute, 1.5 GB of memory and 200 MB of cache"
DEFAULT_GAMES = 10_000


class OddsMethodError(UserError):
    """Exact odds asked for where only a simulation answers."""


def exact_odds(position: Position) -> Odds:
    """The exact `Odds` of a standard-game position."""
    values = exact_values(position)
    return Odds(tuple(float(v) for v in values[:-1]), float(values[-1]), EXACT)


def solves_exactly(settings: Settings, state: GameState, method: str = "auto") -> bool:
    """Whether `odds` answers exactly: standard rules within `EXACT_STATE_LIMIT`, or forced
    within it; forced past it, or with a variant, an `OddsMethodError` before any work."""
    if settings.variants != Variants():
        if method == "exact":
            names = ", ".join(settings.variants.names)
            raise OddsMethodError(Said("exact_variants", {"names": names}))
        return False
    states = exact_state_count(settings.seats, sum(state.chips))
    if method == "exact" and states > EXACT_STATE_LIMIT:
        raise OddsMethodError(Said("exact_too_big", {"states": f"{states:,}",
                                                     "most": f"{EXACT_STATE_LIMIT:,}",
                                                     "budget": EXACT_BUDGET}))
    return method == "exact" or (method == "auto" and states <= EXACT_STATE_LIMIT)


def odds(
    settings: Settings,
    state: GameState,
    method: str = "auto",
    games: int = DEFAULT_GAMES,
    seed: int = 0,
) -> Odds:
    """Who is favoured from ``state``: exact when `solves_exactly`, else ``games`` random games."""
    position = Position.of(state.chips, state.turn)
    if solves_exactly(settings, state, method):
        return exact_odds(position)
    if games < 1:
        raise OddsMethodError(Said("simulation_games", {"games": games}))
    turn = GameState(position.chips, state.center, position.roller)
    return simulated_odds(settings, turn, games, seed)
