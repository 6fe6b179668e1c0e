"""The chip moves a roll causes, as values: speech, ledger and UI all describe these same objects.

Seats are numbers 0..n-1 in clockwise order; the center pot is not a seat.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pass:
    """An L or R: one chip from the roller to a neighbour."""

    giver: int
    receiver: int


@dataclass(frozen=True)
class ToCenter:
    """A C: one chip from the roller into the center pot."""

    player: int


@dataclass(frozen=True)
class Take:
    """One chip taken by the roller: a wild, or a reversed L or R under Wilder."""

    taker: int
    victim: int


@dataclass(frozen=True)
class TakeCenter:
    """Chips taken from the center: the whole pot on three wilds, one chip on a reversed C."""

    player: int
    chips: int


@dataclass(frozen=True)
class Give:
    """One chip the roller gives away on a reversed wild (Wilder)."""

    giver: int
    receiver: int


@dataclass(frozen=True)
class PayToReverse:
    """Wilder: three chips paid into the center before rolling, reversing this roll's dice."""

    player: int


@dataclass(frozen=True)
class AllToCenter:
    """Wilder: three reversed wilds send all the roller's chips to the center."""

    player: int
    chips: int


@dataclass(frozen=True)
class Skip:
    """A player with no chips whose turn is passed over; they stay in the circle."""

    player: int


@dataclass(frozen=True)
class Win:
    """The game is won; with stakes the winner also takes the center pot."""

    player: int


@dataclass(frozen=True)
class Draw:
    """Nobody holds chips: the pot carries over into the next game."""

    pot: int


Move = Pass | ToCenter | Take | TakeCenter | Give | PayToReverse | AllToCenter | Skip | Win | Draw
