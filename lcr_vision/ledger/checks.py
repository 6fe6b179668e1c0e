"""The journal checked whole on replay, so that damage the rules alone would let through (a field
renamed, a line deleted or repeated, a photo moved, a game's end rewritten) is one line naming the
journal's line instead of a ledger quietly different from the one played.

`check_fields` checks one event's fields and types; `Order` follows the journal line by line and
checks what spans lines: times never go back, every roll is announced once and in order, each
roll holds its own photo record, and ``game_over`` and ``new_game`` follow the roll that ended a
game, saying what the rules say. What stays out of reach is a change into another valid journal
(another pip face, a later time), and a deleted last ``announced`` line, which reads as a crash
before the mark: the resumed table says that roll again.

>>> check_fields({"event": "undo", "k": 2, "time": "2026-11-29T16:40:05.000+00:00", "tmme": 1}, 4)
Traceback (most recent call last):
...
lcr_vision.ledger.errors.JournalError: journal.jsonl line 4: undo event has an unknown field 'tmme'
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from lcr_vision.ledger.errors import JournalError
from lcr_vision.ledger.events import game_events, photo_path
from lcr_vision.ledger.journal import JOURNAL, Event

if TYPE_CHECKING:
    from lcr_vision.ledger.replay import Ledger

_CHOICES = {"faces": list, "reverse": bool, "targets": (list, type(None))}
FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "session": {"version": int, "settings": dict},
    "roll": {"k": int, "player": str, **_CHOICES, "photo": (str, type(None))},
    "correct": {"k": int, **_CHOICES},
    "settle": {"k": int, **_CHOICES},
    "undo": {"k": int},
    "announced": {"k": int},
    "game_over": {"game": int, "after_roll": int, "winner": (str, type(None)), "draw": bool},
    "new_game": {"game": int, "first": str, "carried": int},
}  # each kind's fields besides ``event`` and ``time``
OPTIONAL = {"roll": {"source": str, "frame": int, "doubtful": bool}}  # see `events.Origin`


def _fail(line: int, why: str) -> JournalError:
    return JournalError(f"{JOURNAL} line {line}: {why}")


_WHAT = {str: "text", int: "a whole number", bool: "true or false", list: "a list",
         dict: "an object", type(None): "null"}


def _typed(value: object, kind: type | tuple[type, ...]) -> bool:
    return isinstance(value, kind) and not (isinstance(value, bool) and kind is int)


def _what(kind: type | tuple[type, ...]) -> str:
    return " or ".join(_WHAT[k] for k in (kind if isinstance(kind, tuple) else (kind,)))


def check_fields(event: Event, line: int) -> None:
    """Every field of ``event`` known to its kind and of its type, the time ISO 8601 with its zone;
    a `JournalError` naming ``line`` otherwise."""
    kind = event["event"]
    if kind not in FIELDS:
        raise _fail(line, f"unexpected {kind!r} event")
    optional = OPTIONAL.get(kind, {})
    unknown = sorted(event.keys() - FIELDS[kind].keys() - optional.keys() - {"event", "time"})
    if unknown:
        raise _fail(line, f"{kind} event has an unknown field {unknown[0]!r}")
    given = {name: types for name, types in optional.items() if name in event}
    for name, types in (FIELDS[kind] | {"time": str} | given).items():
        if name not in event:
            raise _fail(line, f"{kind} event needs {name!r}")
        if not _typed(event[name], types):
            raise _fail(line, f"{kind} event's {name!r} must be {_what(types)}, "
                              f"not {event[name]!r:.40}")
    for name in ("k", "game", "after_roll", "carried", "frame"):
        if name in event and event[name] < 0:
            raise _fail(line, f"{kind} event's {name!r} cannot be negative")
    time_of(event, line)


def time_of(event: Event, line: int) -> datetime:
    """The event's time, which must be ISO 8601 with a time zone."""
    try:
        time = datetime.fromisoformat(event["time"])
    except ValueError:
        time = None
    if time is None or time.tzinfo is None:
        raise _fail(line, f"{event['event']} event's time {event['time']!r} is not ISO 8601 "
                          "with a time zone")
    return time


class Order:
    """What the journal's lines must keep among themselves, checked as the replay reads them."""

    def __init__(self, first: Event) -> None:
        self.time = time_of(first, 1)
        self.numbered = first["version"] != 1  # version 1 wrote no photo numbers nor marks
        self.marking = self.numbered
        self.said = 0  # rolls 1 to ``said`` are announced (or count as said)
        self.rolls = 0  # the roll events so far, the photo number of the last
        self.owed: list[Event] = []  # the game_over and new_game lines the last roll calls for

    def check(self, line: int, event: Event, before: Ledger, after: Ledger) -> None:
        """Check ``event`` on ``line``, which took the replay from ``before`` to ``after``."""
        time = time_of(event, line)
        if time < self.time:
            raise _fail(line, f"its time {event['time']} is earlier than the line before it")
        self.time, kind, owed = time, event["event"], self.owed
        self.owed = []
        if kind in ("game_over", "new_game"):
            expected = {k: v for k, v in owed[0].items() if k != "time"} if owed else None
            if expected != {k: v for k, v in event.items() if k != "time"}:
                raise _fail(line, f"this {kind} is not what the rules say of the roll before it")
            self.owed = owed[1:]
        elif kind == "roll":
            self._roll(line, event, before, after)
        elif kind == "announced":
            self._announced(line, event["k"], after)
        elif kind == "undo":
            self.said = min(self.said, event["k"] - 1)

    def _roll(self, line: int, event: Event, before: Ledger, after: Ledger) -> None:
        self.rolls += 1
        k = event["k"]
        if not self.marking:
            self.said = k - 1  # the rolls before it count as said, as `replay.unannounced` has it
        photo = event["photo"]
        if self.numbered and photo not in (None, photo_path(self.rolls)):
            raise _fail(line, f"roll {k}'s photo {photo!r} is not its own, "
                              f"{photo_path(self.rolls)!r}")
        if len(after.series.finished) > len(before.series.finished):
            self.owed = game_events(after.series.finished[-1], after.settings, k)

    def _announced(self, line: int, k: int, after: Ledger) -> None:
        self.marking = True
        if not 1 <= k <= len(after.rolls):
            raise _fail(line, f"there is no roll {k} to have been announced")
        if k <= self.said:
            raise _fail(line, f"roll {k} was already announced")
        if k > self.said + 1:
            raise _fail(line, f"roll {k} was announced, but roll {self.said + 1} before it "
                              "never was")
        self.said = k
