"""A position of the standard game as the odds see it: chips per seat and who rolls next.

The center does not change anyone's chances (it never comes back into play), so it is not part of
a position. A player with no chips does not roll: the turn passes on to the next holder on the left.

>>> Position.of([0, 2, 5], roller=0)
Position(chips=(0, 2, 5), roller=1)
>>> Position.of([0, 4, 0], roller=2)
Position(chips=(0, 4, 0), roller=1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lcr_vision.errors import Said, UserError
from lcr_vision.rules.settings import MIN_PLAYERS


class PositionError(UserError):
    """A position the odds cannot be asked about: too few seats, negative or no chips."""


@dataclass(frozen=True)
class Position:
    """``chips`` in seating order; ``roller`` is the seat about to roll and holds chips."""

    chips: tuple[int, ...]
    roller: int

    @classmethod
    def of(cls, chips: Sequence[int], roller: int) -> Position:
        """Check a position and pass the turn on from a player without chips."""
        counts = tuple(int(c) for c in chips)
        if len(counts) < MIN_PLAYERS:
            raise PositionError(Said("too_few_players", {"least": MIN_PLAYERS, "n": len(counts)}))
        if any(c < 0 for c in counts):
            raise PositionError(Said("chips_negative", {"chips": str(counts)}))
        if not any(counts):
            raise PositionError(Said("no_chips"))
        if not 0 <= roller < len(counts):
            raise PositionError(Said("no_seat", {"seat": roller, "n": len(counts)}))
        while counts[roller] == 0:
            roller = (roller + 1) % len(counts)
        return cls(counts, roller)
