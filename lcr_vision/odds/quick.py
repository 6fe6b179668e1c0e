"""Odds quick enough to ask after every roll at the table, where a stall would hold up the camera.

`odds` answers exactly whenever the standard rules allow, and on a table of 7 or 8 that means
solving for seconds (7 players) to about fifteen seconds (8) the first time. At the table the exact
answer is used only when it is at hand: its level is stored on disk (``lcr-vision odds`` was asked
about such a table once on this machine, see `store`), or the chips in play make few enough states
to solve in well under a second (`QUICK_STATES`: 6 players from the start, 7 or 8 later in the
game; once solved, every smaller position is a look-up). Otherwise the table gets an estimate from
random games: `TABLE_GAMES` numpy-vectorised games of the standard rules (about a tenth of a second
for 8 players, each chance within about a point of the exact one), or `VARIANT_GAMES` games of the
rules engine for the variants, which the exact solver does not cover.

>>> import os, tempfile
>>> os.environ["LCR_VISION_CACHE"] = tempfile.mkdtemp()  # a machine that stored nothing yet
>>> quick_odds(Settings.create(["Ann", "Ben", "Cat"]), GameState(chips=(3, 3, 3))).method
'exact'
>>> eight = Settings.create([f"P{i}" for i in range(8)])
>>> quick_odds(eight, GameState(chips=(3,) * 8)).games == TABLE_GAMES
True
>>> del os.environ["LCR_VISION_CACHE"]
"""

from __future__ import annotations

from lcr_vision.odds import store
from lcr_vision.odds.method import exact_odds, exact_state_count, solves_exactly
from lcr_vision.odds.montecarlo import simulated_odds, simulated_standard_odds
from lcr_vision.odds.position import Position
from lcr_vision.odds.result import Odds
from lcr_vision.rules import GameState, Settings, Variants

QUICK_STATES = 110_000
TABLE_GAMES = 4_000
VARIANT_GAMES = 400


def exact_at_hand(players: int, chips: int) -> bool:
    """Whether the exact odds with ``chips`` in play come without a long solve."""
    return exact_state_count(players, chips) <= QUICK_STATES or store.path(players, chips).exists()


def quick_odds(settings: Settings, state: GameState, seed: int = 0) -> Odds:
    """Each seat's chance to win from ``state`` (a game in progress), exact when at hand."""
    position = Position.of(state.chips, state.turn)
    if solves_exactly(settings, state) and exact_at_hand(settings.seats, sum(state.chips)):
        return exact_odds(position)
    turn = GameState(position.chips, state.center, position.roller)
    if settings.variants != Variants():
        return simulated_odds(settings, turn, VARIANT_GAMES, seed)
    return simulated_standard_odds(turn, TABLE_GAMES, seed)
