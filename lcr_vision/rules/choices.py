"""The roller's choices for a roll, and the policy that decides when nobody answers.

Choices are an explicit input so that a replayed journal makes the same moves. The default policy,
"richest", takes each chip from the richest opponent and gives each chip to the poorest, ties going
to the nearest seat on the roller's left; "left" always picks the nearest eligible seat on the left.

>>> take_targets((3, 2, 4, 4), roller=0, count=2, policy="richest")
(2, 3)
>>> give_targets((3, 2, 4, 0), roller=0, count=1, policy="richest")
(3,)

What may be chosen in a position is the engine's to say (``engine.legal_choices``).
"""

from __future__ import annotations

from dataclasses import dataclass

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
