"""A session's games in sequence: the first thrower moves left each game, a drawn pot carries over,
and wins and net chips (money, with a chip value) are kept per player.

>>> s = Settings.create(["Ann", "Ben", "Cat"], stakes=(1, 1, 1))
>>> series = Series.start(s)
>>> for faces in (["L"], ["L", "L"]):
...     result, series = series.play(faces)
>>> result.moves[-1], series.game.game, series.game.turn
(Win(player=2), 2, 1)
>>> series.wins, series.net_chips
((0, 0, 1), (-1, -1, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from lcr_vision.rules.choices import Decision
from lcr_vision.rules.engine import RollResult, play_roll
from lcr_vision.rules.settings import Settings
from lcr_vision.rules.state import GameState


@dataclass(frozen=True)
class GameRecord:
    """A finished game as docs/formats.md reports it: the final chips and center, before any
    payout."""

    number: int
    first: int
    winner: int | None
    draw: bool
    rolls: int
    chips: tuple[int, ...]
    center: int

    def net_chips(self, stakes: tuple[int, ...]) -> tuple[int, ...]:
        """Chips each player won or lost: they keep what they hold, the winner takes the center."""
        return tuple(
            held + (self.center if seat == self.winner else 0) - ante
            for seat, (held, ante) in enumerate(zip(self.chips, stakes))
        )


@dataclass(frozen=True)
class Series:
    """The whole session's play: finished games and the game in progress (never an ended one)."""

    settings: Settings
    game: GameState
    finished: tuple[GameRecord, ...] = ()

    @classmethod
    def start(cls, settings: Settings) -> Series:
        """Game 1, the first listed player throwing first."""
        return cls(settings, GameState.start(settings.stakes))

    def play(
        self, faces: Sequence[str], decision: Decision | None = None
    ) -> tuple[RollResult, Series]:
        """Play one roll of the current game; a roll that ends it starts the next game."""
        result = play_roll(self.settings, self.game, tuple(faces), decision)
        return result, self.after(result.after)

    def after(self, end: GameState) -> Series:
        """This series with ``end`` as the current game's state; an ended game starts the next."""
        if not end.over:
            return replace(self, game=end)
        record = GameRecord(
            number=end.game,
            first=end.first,
            winner=end.winner,
            draw=end.draw,
            rolls=end.rolls,
            chips=end.chips,
            center=end.center,
        )
        carried = end.center if end.draw else 0
        following = GameState.start(self.settings.stakes, game=end.game + 1, carried=carried)
        return replace(self, game=following, finished=self.finished + (record,))

    @property
    def carried(self) -> int:
        """The pot the current game started with, carried over from a draw."""
        return self.finished[-1].center if self.finished and self.finished[-1].draw else 0

    @property
    def wins(self) -> tuple[int, ...]:
        """Games won per seat."""
        return tuple(
            sum(g.winner == seat for g in self.finished) for seat in range(self.settings.seats)
        )

    @property
    def net_chips(self) -> tuple[int, ...]:
        """Chips won (positive) or lost per seat over the finished games."""
        totals = [0] * self.settings.seats
        for g in self.finished:
            for seat, net in enumerate(g.net_chips(self.settings.stakes)):
                totals[seat] += net
        return tuple(totals)

    @property
    def money(self) -> tuple[Decimal, ...] | None:
        """Net money per seat, when the settings give chips a value."""
        value = self.settings.chip_value
        return None if value is None else tuple(value * n for n in self.net_chips)
