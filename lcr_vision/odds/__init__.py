"""Who is favoured now: exact odds of the standard game, simulated odds of the variants.

`odds` answers for any position of a session; `quick_odds` answers after every roll at the table,
exactly when that is quick and by random games when not; `win_probabilities` is the exact answer
for the standard game; `solve_times` is what ``lcr-vision bench`` reports.

>>> [round(p, 6) for p in win_probabilities([3, 3, 3, 3, 3], roller=0)]
[0.193707, 0.193808, 0.199938, 0.206322, 0.206225]
"""

from lcr_vision.odds.exact import expected_turns, win_probabilities
from lcr_vision.odds.method import (
    DEFAULT_GAMES,
    EXACT_STATE_LIMIT,
    METHODS,
    OddsMethodError,
    exact_state_count,
    odds,
    solves_exactly,
)
from lcr_vision.odds.position import Position, PositionError
from lcr_vision.odds.quick import quick_odds
from lcr_vision.odds.result import Odds
from lcr_vision.odds.timing import solve_seconds, solve_times

__all__ = [
    "DEFAULT_GAMES",
    "EXACT_STATE_LIMIT",
    "METHODS",
    "Odds",
    "OddsMethodError",
    "Position",
    "PositionError",
    "exact_state_count",
    "expected_turns",
    "odds",
    "quick_odds",
    "solve_seconds",
    "solve_times",
    "solves_exactly",
    "win_probabilities",
]
