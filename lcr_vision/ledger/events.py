"""The journal's event vocabulary: building each kind of event and reading its fields back.

Events are plain JSON objects with an ``event`` kind and a UTC ``time``:

- ``session``: the settings, always line 1;
- ``roll``: roll number ``k`` (from 1 across the session), the ``player`` whose turn it was, the
  ``faces`` as read, the roller's choices (``reverse`` for Wilder, wild ``targets`` by name, or null
  for the policy) and an optional ``photo`` path inside the session folder; a roll read from a
  folder or video file also names its ``source`` and the ``frame`` it came from (`Origin`), and
  one committed doubtful with nobody to answer is ``doubtful``;
- ``correct``: new faces (and choices) for roll ``k``; the later rolls are replayed on them;
- ``settle``: written by version 3 for a correction whose later rolls stood as thrown; read as a
  ``correct`` event now, so that every report comes from one replay;
- ``undo``: roll ``k``, the last one, is withdrawn;
- ``game_over`` and ``new_game``: what was announced when a roll ended a game. They are a record
  for readers; the replay derives games from the rolls, so a later correction may supersede them;
- ``announced``: roll ``k`` (its latest ``roll`` event) has been said at the table. A roll is
  journalled before it is said, so a crash in between leaves a roll without this line, and the
  resumed table says it first. Version 1 journals had no such line: their rolls count as said.

Version 3 added ``settle``; older journals are read as they are.

>>> from lcr_vision.rules import Variants
>>> s = Settings.create(["Ann", "Ben", "Cat"], variants=Variants(wild=True))
>>> e = roll_event(4, "Ann", ("1", "5", "2"), Decision(targets=(2,)), None, s)
>>> e["faces"], e["targets"]
(['1', '5', '2'], ['Cat'])
>>> decision_of(e, s)
Decision(reverse=False, targets=(2,))
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from lcr_vision.faces import FACE_TOKENS
from lcr_vision.ledger.errors import JournalError
from lcr_vision.ledger.journal import JOURNAL, Event
from lcr_vision.rules import Decision, GameRecord, Settings, SettingsError

KINDS: tuple[str, ...] = (
    "session", "roll", "correct", "settle", "undo", "game_over", "new_game", "announced",
)  # fmt: skip
VERSION = 3  # the journal version written; 2 added ``announced``, 3 ``settle``
READABLE = (1, 2, VERSION)  # the versions read
PHOTOS = "photos"  # the photo log's folder in a session folder


def photo_path(number: int) -> str:
    """The ``photo`` of a roll's journal line: its record's path inside the session folder. Since
    version 2 a roll holds the number of the roll events journalled so far, that one included."""
    return f"{PHOTOS}/{number:04d}.json"


def now() -> str:
    """The time stamp of an event: UTC, ISO 8601, to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def session_event(settings: Settings) -> Event:
    """The first line of every journal."""
    return {"event": "session", "version": VERSION, "time": now(), "settings": settings.to_dict()}


def _choices(decision: Decision, settings: Settings) -> dict[str, Any]:
    targets = decision.targets
    names = None if targets is None else [settings.players[t] for t in targets]
    return {"reverse": decision.reverse, "targets": names}


def roll_event(
    k: int,
    player: str,
    faces: tuple[str, ...],
    decision: Decision,
    photo: str | None,
    settings: Settings,
    origin: Origin | None = None,
    doubtful: bool = False,
) -> Event:
    """Roll ``k`` by ``player``, as read; from the ``origin`` frame of a folder or video, and
    ``doubtful`` when a doubtful read was committed with nobody to answer the question."""
    event = {
        "event": "roll", "k": k, "time": now(), "player": player, "faces": list(faces),
        **_choices(decision, settings), "photo": photo,
    }  # fmt: skip
    if origin is not None:
        event |= {"source": origin.source, "frame": origin.frame}
    if doubtful:
        event["doubtful"] = True
    return event


@dataclass(frozen=True)
class Origin:
    """Where a roll was read: a folder's or video file's resolved path, and the photo's or
    frame's index in it (from 0), so that a resumed session reads on after it."""

    source: str
    frame: int


def origin_of(event: Event, line: int) -> Origin | None:
    """The origin a roll event records, if any."""
    if event.get("source") is None:
        return None
    frame = field(event, "frame", int, line)
    if frame < 0:
        raise JournalError(f"{JOURNAL} line {line}: roll event's 'frame' must be 0 or more")
    return Origin(field(event, "source", str, line), frame)


def doubtful_of(event: Event, line: int) -> bool:
    """Whether a roll event was committed doubtful and unanswered."""
    return "doubtful" in event and field(event, "doubtful", bool, line)


def correct_event(k: int, faces: tuple[str, ...], decision: Decision, settings: Settings) -> Event:
    """Roll ``k`` really showed ``faces``: the later rolls are replayed on them."""
    return {
        "event": "correct",
        "k": k,
        "time": now(),
        "faces": list(faces),
        **_choices(decision, settings),
    }


def undo_event(k: int) -> Event:
    """Roll ``k`` is withdrawn."""
    return {"event": "undo", "k": k, "time": now()}


def announced_event(k: int) -> Event:
    """Roll ``k`` has been said."""
    return {"event": "announced", "k": k, "time": now()}


def game_events(record: GameRecord, settings: Settings, k: int) -> list[Event]:
    """The ``game_over`` and ``new_game`` lines written after roll ``k`` ended a game."""
    winner = None if record.winner is None else settings.players[record.winner]
    following = record.number + 1
    return [
        {"event": "game_over", "game": record.number, "after_roll": k, "time": now(),
         "winner": winner, "draw": record.draw},
        {"event": "new_game", "game": following, "time": now(),
         "first": settings.players[(following - 1) % settings.seats],
         "carried": record.center if record.draw else 0},
    ]  # fmt: skip


def field(event: Event, name: str, kind: type, line: int) -> Any:
    """``event[name]``, which must be of ``kind``; otherwise a `JournalError` naming the line."""
    value = event.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise JournalError(f"{JOURNAL} line {line}: {event['event']} event needs {name!r}")
    return value


def faces_of(event: Event, line: int) -> tuple[str, ...]:
    """The face tokens of a roll or correction."""
    faces = tuple(field(event, "faces", list, line))
    if not all(f in FACE_TOKENS for f in faces):
        raise JournalError(f"{JOURNAL} line {line}: unknown face in {list(faces)}")
    return faces


def decision_of(event: Event, settings: Settings, line: int = 0) -> Decision:
    """The roller's choices recorded in a roll or correction."""
    names = event.get("targets")
    try:
        targets = None if names is None else tuple(settings.seat(n) for n in names)
    except (TypeError, AttributeError, SettingsError) as exc:
        raise JournalError(f"{JOURNAL} line {line}: bad wild targets: {exc}") from None
    return Decision(reverse=bool(event.get("reverse", False)), targets=targets)
