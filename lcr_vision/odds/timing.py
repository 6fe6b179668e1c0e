"""How long the exact solver takes from the start, for ``lcr-vision bench``.

Each time is a cold solve: the in-memory levels are dropped first and the on-disk store is left
alone, then every level up to the starting chips is solved, as the first question of a game on a
new machine does.

>>> times = solve_times(players=(3, 4))
>>> sorted(times), all(t > 0 for t in times.values())
([3, 4], True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from lcr_vision.odds.exact import exact_values, solved_level
from lcr_vision.odds.position import Position
from lcr_vision.rules.settings import STARTING_CHIPS


def solve_seconds(players: int, chips: int = STARTING_CHIPS) -> float:
    """Seconds to solve the game exactly from the start, with nothing cached."""
    solved_level.cache_clear()
    start = time.perf_counter()
    exact_values(Position.of((chips,) * players, 0), stored=False)
    return time.perf_counter() - start


def solve_times(
    players: Iterable[int] = range(3, 9), chips: int = STARTING_CHIPS,
    progress: Callable[[str], None] = lambda line: None,
) -> dict[int, float]:
    """Cold solve seconds per player count (3 to 8 by default: 8 takes some twelve seconds);
    ``progress`` is told of each table before it is solved."""
    times = {}
    for n in players:
        progress(f"solving the exact odds of {n} players from the start")
        times[n] = solve_seconds(n, chips)
    solved_level.cache_clear()
    return times
