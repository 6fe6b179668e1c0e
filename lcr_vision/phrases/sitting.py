"""What is told of a sitting beyond its rolls: a game opening, the dice learnt between games, the
demo's end, and a session taken up again where it stopped.

>>> Games(("Ann", "Ben", "Cat"), "en").opening(2, "Ben")
'Game two: Ben throws first.'
>>> Resumes(("Ann", "Ben", "Cat"), "ru").at("cam.mp4", 12, photo=False)
'Продолжаю cam.mp4 с кадра 12: предыдущие кадры уже в журнале.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lcr_vision.phrases.book import Book


@dataclass(frozen=True)
class Games(Book):
    """The sentences between games: the next one opening, what the table learnt, the demo's end."""

    def opening(self, game: int, player: str) -> str:
        """A game after the first begins: ``Game two: Ben throws first.``"""
        return self._fill("new_game", game=self._words.spell(game, ""), player=player)

    def learnt(self, expected: int | None = None) -> str:
        """Between games, the table learnt its dice from the last: ``I learnt your dice ...``,
        and, where known, about how many rolls in a hundred it expects to ask about."""
        if expected is None:
            return self._fill("learnt")
        return self._fill("learnt_expect", n=self._words.spell(expected, ""))

    def demo_end(self, winner: str | None, delays: Sequence[int], folder: object) -> list[str]:
        """The demo's last lines, printed (numbers in digits): its winner, how soon after the
        dice stopped each throw was read (``delays`` in frames, sorted), its session folder."""
        lines = [] if winner is None else [self._fill("demo_won", player=winner)]
        if delays:
            lines.append(self.written("demo_reads", throws=len(delays),
                                      median=delays[len(delays) // 2], most=delays[-1]))
        return [*lines, self._fill("demo_session", folder=str(folder))]


@dataclass(frozen=True)
class Resumes(Book):
    """A session resumed: where its source is taken up, what changed there, and the roll that was
    committed but not said when the program stopped."""

    def at(self, source: str, n: int, photo: bool) -> str:
        """A folder (``photo``) or video resumed at photo or frame ``n`` (from 1)."""
        return self.written("resumed_photo" if photo else "resumed_frame", source=source, n=n)

    def named(self, source: str, n: int) -> str:
        """A folder resumed by its photos' names: ``n`` of them are in the journal already."""
        return self.written("resumed_named", source=source, n=n)

    def photo_differs(self, k: int, name: str, source: str, gone: bool) -> str:
        """Roll ``k``'s photo is ``gone`` from its folder, or changed, since it was read."""
        return self.written("photo_gone" if gone else "photo_changed", k=k, name=name,
                            source=source)

    def before_crash(self, player: str) -> str:
        """Before a roll that was committed but not said when the program stopped."""
        return self._fill("before_crash", player=player)
