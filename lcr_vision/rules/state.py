"""The immutable state of one game: chips per seat, the center, whose turn, and how it ended.

>>> g = GameState.start((3, 3, 1), game=2)
>>> g.turn, g.dice_owed, g.total
(1, 3, 7)
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_DICE = 3


@dataclass(frozen=True)
class GameState:
    """One game between rolls. ``turn`` is always a seat holding chips while the game is on."""

    chips: tuple[int, ...]
    center: int = 0
    turn: int = 0
    game: int = 1
    first: int = 0
    rolls: int = 0
    winner: int | None = None
    draw: bool = False

    @classmethod
    def start(cls, stakes: tuple[int, ...], game: int = 1, carried: int = 0) -> GameState:
        """Game ``game`` of a series: everyone antes, the first thrower is one seat further left
        each game, and a pot carried over from a draw starts in the center."""
        first = (game - 1) % len(stakes)
        return cls(chips=stakes, center=carried, turn=first, game=game, first=first)

    @property
    def over(self) -> bool:
        """Whether the game has a winner or ended in a draw."""
        return self.winner is not None or self.draw

    @property
    def dice_owed(self) -> int:
        """Dice the player to roll throws: chips at the start of the turn, at most three."""
        return 0 if self.over else min(self.chips[self.turn], MAX_DICE)

    @property
    def holders(self) -> tuple[int, ...]:
        """Seats holding at least one chip."""
        return tuple(i for i, c in enumerate(self.chips) if c > 0)

    @property
    def total(self) -> int:
        """Chips in play plus the center: constant through a game."""
        return sum(self.chips) + self.center
