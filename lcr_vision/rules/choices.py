"""The roller's choices for a roll, and the policy that decides when nobody answers.

Choices are an explicit input so that a replayed journal makes the same moves. The default policy,
"richest", takes each chip from the richest opponent and gives each chip to the poorest, ties going
to the nearest seat on the roller's left; "left" always picks the nearest eligible seat on the left.

>>> take_targets((3, 2, 4, 4), roller=0, count=2, policy="richest")
(2, 3)
>>> give_targets((3, 2, 4, 0), roller=0, count=1, policy="richest")
(3,)

The rules also say what may be chosen (the callers ask, as python-chess's ``legal_moves``):

>>> from lcr_vision.rules.settings import Settings, Variants
>>> s = Settings.create(["Ann", "Ben", "Cat"], variants=Variants(wild=True, wilder=True))
>>> legal_choices(s, GameState.start(s.stakes), ("wild", "1", "dot"))
Choices(reverse=True, wild_chips=2)
>>> legal_choices(s, GameState.start((2, 3, 3)), ("wild", "wild", "wild"))
Choices(reverse=False, wild_chips=0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lcr_vision.rules.state import GameState

if TYPE_CHECKING:
    from lcr_vision.rules.settings import Settings

WILDER_PRICE = 3  # chips a roller pays into the center to reverse the dice (Wilder)


@dataclass(frozen=True)
class Decision:
    """What the roller chose: ``reverse`` pays 3 chips for Wilder before rolling; ``targets`` names
    one seat per wild chip to take (or, reversed, to give); ``None`` leaves them to the policy."""

    reverse: bool = False
    targets: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Choices:
    """What the roller may choose: ``reverse``, whether paying for Wilder is open before the roll;
    ``wild_chips``, how many chips the roll's wilds move to or from seats the roller names (one
    or two wilds; none for three, which take the center or send everything to it)."""

    reverse: bool
    wild_chips: int


def legal_choices(settings: Settings, state: GameState,
                  faces: Sequence[str] = ()) -> Choices:
    """The choices open to the player to roll in ``state`` (after rolling ``faces``)."""
    reverse = settings.variants.wilder and state.chips[state.turn] >= WILDER_PRICE
    wilds = sum(settings.face_map.to_game(f) == "wild" for f in faces)
    return Choices(reverse, wilds if wilds in (1, 2) else 0)


def _left_of(roller: int, n: int) -> list[int]:
    """The other seats, nearest on the roller's left first."""
    return [(roller + step) % n for step in range(1, n)]


def take_targets(chips: tuple[int, ...], roller: int, count: int, policy: str) -> tuple[int, ...]:
    """Opponents to take ``count`` chips from, one seat per chip; only holders are eligible."""
    left = list(chips)
    picked = []
    for _ in range(count):
        seats = [s for s in _left_of(roller, len(chips)) if left[s] > 0]
        seat = seats[0] if policy == "left" else max(seats, key=lambda s: left[s])
        left[seat] -= 1
        picked.append(seat)
    return tuple(picked)


def give_targets(chips: tuple[int, ...], roller: int, count: int, policy: str) -> tuple[int, ...]:
    """Opponents to give ``count`` chips to, one seat per chip."""
    now = list(chips)
    picked = []
    for _ in range(count):
        seats = _left_of(roller, len(chips))
        seat = seats[0] if policy == "left" else min(seats, key=lambda s: now[s])
        now[seat] += 1
        picked.append(seat)
    return tuple(picked)
