"""The chance of each roll outcome when only counts matter: how many L, C and R among the dice.

Boxed LCR dice show L, C and R on one face each and a dot on the other three, so one roll of ``d``
dice is multinomial. The order of the dice does not change the chips moved (docs/rules.md), which is
why the exact solver needs only these few outcomes instead of ``4 ** d`` face sequences.

>>> [(o.left, o.center, o.right, o.chance)
...  for o in roll_outcomes(1)]  # doctest: +NORMALIZE_WHITESPACE
[(0, 0, 0, 0.5), (0, 0, 1, 0.16666666666666666), (0, 1, 0, 0.16666666666666666),
 (1, 0, 0, 0.16666666666666666)]
>>> round(sum(o.chance for o in roll_outcomes(3)), 12), len(roll_outcomes(3))
(1.0, 20)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import factorial

FACE_CHANCE = 1 / 6
DOT_CHANCE = 1 / 2


@dataclass(frozen=True)
class Outcome:
    """``left`` chips go to the left neighbour, ``right`` to the right one, ``center`` to the
    pot."""

    left: int
    center: int
    right: int
    chance: float

    @property
    def moved(self) -> int:
        """Chips that leave the roller."""
        return self.left + self.center + self.right


@cache
def roll_outcomes(count: int) -> tuple[Outcome, ...]:
    """Every count of L, C, R among ``count`` boxed dice, with its probability."""
    found = []
    for left in range(count + 1):
        for center in range(count + 1 - left):
            for right in range(count + 1 - left - center):
                dots = count - left - center - right
                ways = factorial(count) // (
                    factorial(left) * factorial(center) * factorial(right) * factorial(dots)
                )
                chance = ways * FACE_CHANCE ** (left + center + right) * DOT_CHANCE**dots
                found.append(Outcome(left, center, right, chance))
    return tuple(found)
