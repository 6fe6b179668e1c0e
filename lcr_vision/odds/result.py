"""`Odds`: what the odds command prints, exact or simulated.

>>> Odds(win=(0.25, 0.75), expected_turns=3.0).to_dict()
{'win': [0.25, 0.75], 'expected_turns': 3.0, 'method': 'exact'}
>>> Odds((0.5, 0.5), 4.0, "simulation", games=100, win_ci95=((0.4, 0.6), (0.4, 0.6)),
...      turns_ci95=(3.5, 4.5)).to_dict()["ci95"]
{'win': [[0.4, 0.6], [0.4, 0.6]], 'expected_turns': [3.5, 4.5]}
"""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt
from typing import Any

from lcr_vision.odds.exact import BUDGET

EXACT = "exact"
SIMULATION = "simulation"
EXACT_NOISE = 2 * BUDGET  # a lead the exact solve can tell from a tie: each chance is within BUDGET
Z95 = 1.96  # a simulated lead counts past this many standard errors of the difference


@dataclass(frozen=True)
class Odds:
    """Win chance per seat in seating order and the expected further rolls (skipped turns are not
    rolls). A simulation also gives its games, 95% confidence intervals and the chance of a draw."""

    win: tuple[float, ...]
    expected_turns: float
    method: str = EXACT
    games: int | None = None
    win_ci95: tuple[tuple[float, float], ...] | None = None
    turns_ci95: tuple[float, float] | None = None
    draw: float = 0.0

    @property
    def exact(self) -> bool:
        """Worked out exactly, not estimated by simulation."""
        return self.method == EXACT

    def chances(self, players: tuple[str, ...]) -> str:
        """``Ann 25%  Ben 75%``: each player's chance to win, in whole percent (the phrasebook's
        ``odds_line`` says whether they are exact).

        >>> Odds((0.25, 0.75), 3.0, "simulation").chances(("Ann", "Ben"))
        'Ann 25%  Ben 75%'
        """
        return "  ".join(f"{p} {100 * w:.0f}%" for p, w in zip(players, self.win))

    @property
    def favourite(self) -> int | None:
        """The seat most likely to win, when its lead over the next is past the noise (the solve's
        tolerance, or a simulation's 95% margin on the difference); else ``None``, too close.

        >>> Odds((0.3334, 0.3333, 0.3333), 5.0, "simulation", games=10_000).favourite is None
        True
        >>> Odds((0.3334, 0.3333, 0.3333), 5.0).favourite, Odds((0.5, 0.2, 0.3), 5.0).favourite
        (0, 0)
        """
        best, second = sorted(range(len(self.win)), key=lambda seat: -self.win[seat])[:2]
        lead = self.win[best] - self.win[second]
        if self.method == EXACT:
            return best if lead > EXACT_NOISE else None
        both = self.win[best] + self.win[second]
        return best if lead > Z95 * sqrt(max(both - lead * lead, 0.0) / (self.games or 1)) else None

    @property
    def won(self) -> int | None:
        """The seat whose win is certain: the game is decided."""
        return next((seat for seat, w in enumerate(self.win) if w >= 1.0 - EXACT_NOISE), None)

    def to_dict(self) -> dict[str, Any]:
        """``{"win": [...], "expected_turns": t, "method": ...}``, plus ``games``, ``ci95`` and
        ``draw`` for a simulation."""
        data: dict[str, Any] = {
            "win": list(self.win),
            "expected_turns": self.expected_turns,
            "method": self.method,
        }
        if self.method == SIMULATION:
            data["games"] = self.games
            data["ci95"] = {
                "win": [list(pair) for pair in self.win_ci95 or ()],
                "expected_turns": list(self.turns_ci95 or ()),
            }
            data["draw"] = self.draw
        return data
