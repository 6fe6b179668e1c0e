"""The journal checked whole on replay, so that damage the rules alone would let through (a line
deleted or repeated, a photo moved, a game's end rewritten) is one line naming the journal's line
instead of a ledger quietly different from the one played. Each event's own fields are checked as
it is read (`lcr_vision.ledger.events`).

`Order` follows the journal line by line and checks what spans lines: times never go back, every
roll is announced once and in order, each roll holds its own photo record, and ``game_over`` and
``new_game`` follow the roll that ended a game, saying what the rules say. What stays out of reach
is a change into another valid journal (another pip face, a later time), and a deleted last
``announced`` line, which reads as a crash before the mark: the resumed table says that roll again.

>>> from lcr_vision.rules import Series, Settings
>>> first = SessionEvent(settings=Settings.create(["Ann", "Ben", "Cat"]))
>>> order, series = Order(first), Series.start(first.settings)
>>> order.check(2, AnnouncedEvent(k=1), series, series, rolls=0)  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
lcr_vision.ledger.errors.JournalError: journal.jsonl line 2: there is no roll 1 to have been
announced
"""

from __future__ import annotations

from dataclasses import replace

from lcr_vision.ledger import clock
from lcr_vision.ledger.events import (
    AnnouncedEvent,
    Event,
    GameOverEvent,
    NewGameEvent,
    RollEvent,
    SessionEvent,
    UndoEvent,
    fault,
    game_events,
    photo_path,
)
from lcr_vision.rules import Series


class Order:
    """What the journal's lines must keep among themselves, checked as the replay reads them."""

    def __init__(self, first: SessionEvent) -> None:
        self.time = first.time
        self.numbered = first.version != 1  # version 1 wrote no photo numbers nor marks
        self.marking = self.numbered
        self.said = 0  # rolls 1 to ``said`` are announced (or count as said)
        self.rolls = 0  # the roll events so far, the photo number of the last
        self.owed: list[Event] = []  # the game_over and new_game lines the last roll calls for

    def check(self, line: int, event: Event, before: Series, after: Series, rolls: int) -> None:
        """Check ``event`` on ``line``, which took the replay's games from ``before`` to
        ``after``, with ``rolls`` live rolls then."""
        if event.time < self.time:
            raise fault(line, f"its time {clock.stamp(event.time)} is earlier than the line "
                              "before it")
        self.time, owed = event.time, self.owed
        self.owed = []
        match event:
            case GameOverEvent() | NewGameEvent():
                if not owed or replace(owed[0], time=event.time) != event:
                    raise fault(line, f"this {event.KIND} is not what the rules say of the roll "
                                      "before it")
                self.owed = owed[1:]
            case RollEvent():
                self._roll(line, event, before, after)
            case AnnouncedEvent():
                self._announced(line, event.k, rolls)
            case UndoEvent():
                self.said = min(self.said, event.k - 1)

    def _roll(self, line: int, event: RollEvent, before: Series, after: Series) -> None:
        self.rolls += 1
        k = event.k
        if not self.marking:
            self.said = k - 1  # the rolls before it count as said, as `replay.unannounced` has it
        if self.numbered and event.photo not in (None, photo_path(self.rolls)):
            raise fault(line, f"roll {k}'s photo {event.photo!r} is not its own, "
                              f"{photo_path(self.rolls)!r}")
        if len(after.finished) > len(before.finished):
            self.owed = game_events(after.finished[-1], after.settings, k)

    def _announced(self, line: int, k: int, rolls: int) -> None:
        self.marking = True
        if not 1 <= k <= rolls:
            raise fault(line, f"there is no roll {k} to have been announced")
        if k <= self.said:
            raise fault(line, f"roll {k} was already announced")
        if k > self.said + 1:
            raise fault(line, f"roll {k} was announced, but roll {self.said + 1} before it "
                              "never was")
        self.said = k
