"""The journal's events: one frozen class per kind, each written by `Event.to_json` and read back,
its fields checked, by `from_json` (`parse_event` reads any kind).

Each is a JSON object with an ``event`` kind and a UTC ``time`` (`lcr_vision.ledger.clock`):

- ``session`` (`SessionEvent`): the settings, the journal ``version`` and the ``language`` the
  session was played in (``en`` when absent, as before it was written), always line 1;
- ``roll`` (`RollEvent`): roll number ``k`` (from 1 across the session), the ``player`` whose turn
  it was, the ``faces`` as read, the roller's choices (`Choices`: ``reverse`` for Wilder, wild
  ``targets`` by name, or null for the policy) and an optional ``photo`` path inside the session
  folder; a roll read from a folder or video file also names its ``source`` and the ``frame`` it
  came from (`Origin`), a folder's photo its file ``name`` and ``digest`` too, and the photo
  log's frame of it its ``shot`` (the digest of that file), and one committed doubtful with nobody
  to answer is ``doubtful``; where fewer dice were seen than owed and nobody answered, ``faces``
  holds the dice seen and ``unseen`` how many were not (they move no chip until a correction says
  what they showed);
- ``correct`` (`CorrectEvent`): new faces (and choices) for roll ``k``; the later rolls are
  replayed on them;
- ``settle`` (`SettleEvent`): written by version 3 for a correction whose later rolls stood as
  thrown; a `CorrectEvent` now, so that every report comes from one replay;
- ``undo`` (`UndoEvent`): roll ``k``, the last one, is withdrawn;
- ``game_over`` and ``new_game`` (`GameOverEvent`, `NewGameEvent`): what was announced when a roll
  ended a game. They are a record for readers; the replay derives games from the rolls, so a later
  correction may supersede them;
- ``announced`` (`AnnouncedEvent`): roll ``k`` (its latest ``roll`` event) has been said at the
  table. A roll is journalled before it is said, so a crash in between leaves a roll without this
  line, and the resumed table says it first. Version 1 journals had no such line: their rolls count
  as said.

Every kind declares its fields once, as its dataclass's (`journalled`): a field written as it
is needs nothing more, and one holding a structured value (settings, faces, choices, a photo's
origin) or left out where empty says so in its `Column`; `Event`'s own `to_json` and `from_json`
write and read every kind from them. Version 3 added ``settle``, version 4 the ``prev`` of every
line after the first: the digest of the line before it, which the journal writes and checks
(`lcr_vision.ledger.journal.tampering`); older journals are read as they are. Every field of a
kind is checked, no unknown field is allowed, and a fault is a `JournalError` naming the
journal's line.

>>> from lcr_vision.rules import Variants
>>> s = Settings.create(["Ann", "Ben", "Cat"], variants=Variants(wild=True))
>>> e = RollEvent(k=4, player="Ann", faces=("1", "5", "2"), choices=Choices(targets=("Cat",)))
>>> data = e.to_json()
>>> data["faces"], data["targets"], RollEvent.from_json(data) == e
(['1', '5', '2'], ['Cat'], True)
>>> parse_event(data | {"event": "undo"}, 7)
Traceback (most recent call last):
...
lcr_vision.ledger.errors.JournalError: journal.jsonl line 7: undo event has an unknown field 'faces'
>>> e.choices.decision(s)
Decision(reverse=False, targets=(2,))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from datetime import datetime
from types import NoneType
from typing import Any, ClassVar, Self, TypeVar, get_type_hints

from lcr_vision.errors import Said
from lcr_vision.faces import FACE_TOKENS, FaceError
from lcr_vision.languages import LANGUAGES
from lcr_vision.ledger import clock
from lcr_vision.ledger.errors import JournalError
from lcr_vision.ledger.journal import JOURNAL, PREV, RawEvent
from lcr_vision.rules import Decision, GameRecord, Settings, SettingsError

VERSION = 4  # the journal version written; 2 added ``announced``, 3 ``settle``, 4 ``prev``
READABLE = (1, 2, 3, VERSION)  # the versions read
PHOTOS = "photos"  # the photo log's folder in a session folder

Types = type | tuple[type, ...]
Schema = Mapping[str, Types]  # field names and the JSON types they take
_WHAT = {str: "text", int: "a whole number", bool: "true or false", list: "a list",
         dict: "an object", NoneType: "null"}
# whole numbers that cannot be negative
_COUNTS = ("k", "game", "after_roll", "carried", "frame", "unseen")
# a field's type and the JSON types it is written as, where it is written as it is
_JSON: dict[object, Types] = {int: int, str: str, bool: bool, str | None: (str, NoneType)}
_COLUMN = "column"  # a dataclass field's metadata key for its `Column`


def photo_path(number: int) -> str:
    """The ``photo`` of a roll's journal line: its record's path inside the session folder. Since
    version 2 a roll holds the number of the roll events journalled so far, that one included."""
    return f"{PHOTOS}/{number:04d}.json"


def fault(line: int, why: str) -> JournalError:
    """The error of a journal line that cannot be replayed."""
    return JournalError(Said("journal_fault", {"journal": JOURNAL, "line": line, "why": why}))


def _typed(value: object, kind: Types) -> bool:
    return isinstance(value, kind) and not (isinstance(value, bool) and kind is int)


def _what(kind: Types) -> str:
    return " or ".join(_WHAT[k] for k in (kind if isinstance(kind, tuple) else (kind,)))


@dataclass(frozen=True)
class Column:
    """How one field of a kind is written in its journal line and read back: the ``keys`` it
    takes with their JSON types, how its value is written as them (``write``) and read from a
    checked line (``read``, naming the line on a fault); a field ``omitted`` where it holds
    nothing (false, 0, null) is left out of the line, its keys optional. Without ``write`` and
    ``read`` a value is written as it is under its field's name."""

    keys: Schema
    write: Callable[[Any], RawEvent] | None = None
    read: Callable[[Mapping[str, Any], int], Any] | None = None
    omitted: bool = False


def column(keys: Schema | None = None, write: Callable[[Any], RawEvent] | None = None,
           read: Callable[[Mapping[str, Any], int], Any] | None = None,
           omitted: bool = False) -> Mapping[str, Column]:
    """A kind's dataclass field's metadata holding its `Column` (``keys`` None: the field's own
    name and type, as `journalled` makes them)."""
    return {_COLUMN: Column(keys or {}, write, read, omitted)}


E = TypeVar("E", bound="Event")


@dataclass(frozen=True, kw_only=True)
class Event:
    """A journal line: its kind (``KIND``) and when it was written, now unless given. Its other
    fields are declared once, as its dataclass's, each with its `Column` (`journalled`); the line
    writes the kind, its first field (`AHEAD` of them), the time, then the others in order."""

    KIND: ClassVar[str]
    COLUMNS: ClassVar[dict[str, Column]]  # by field name, in the order they are written
    FIELDS: ClassVar[Schema]  # the keys every line of the kind holds, besides event and time
    OPTIONAL: ClassVar[Schema]  # those it holds where its field holds something
    AHEAD: ClassVar[int] = 1  # how many fields a line writes before the time

    time: datetime = field(default_factory=clock.now)

    def to_json(self) -> RawEvent:
        """The event as its journal line holds it, keys in the order they are written."""
        names = list(self.COLUMNS)
        return {"event": self.KIND, **self._written(names[:self.AHEAD]),
                "time": clock.stamp(self.time), **self._written(names[self.AHEAD:])}

    def _written(self, names: Sequence[str]) -> RawEvent:
        """The keys the fields ``names`` write, in order (none for an omitted field left empty)."""
        data: RawEvent = {}
        for name in names:
            col, value = self.COLUMNS[name], getattr(self, name)
            if not (col.omitted and not value):
                data |= col.write(value) if col.write else {name: value}
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any], line: int = 0) -> Self:
        """The event of a journal line, every field checked; a `JournalError` naming ``line``."""
        if data.get("event") != cls.KIND:
            raise fault(line, f"not a {cls.KIND} event: {data.get('event')!r}")
        cls._check(data, line)
        try:
            time = clock.parse(data["time"])
        except ValueError:
            raise fault(line, f"{cls.KIND} event's time {data['time']!r} is not ISO 8601 with a "
                              "time zone") from None
        values = {name: col.read(data, line) if col.read else data[name]
                  for name, col in cls.COLUMNS.items()
                  if col.read or name in data}  # an omitted field left out takes its default
        return cls(time=time, **values)

    @classmethod
    def _check(cls, data: Mapping[str, Any], line: int) -> None:
        """Every field known to the kind, present unless optional, of its type."""
        unknown = sorted(data.keys() - cls.FIELDS.keys() - cls.OPTIONAL.keys()
                         - {"event", "time", PREV})
        if unknown:
            raise fault(line, f"{cls.KIND} event has an unknown field {unknown[0]!r}")
        given = {name: types for name, types in cls.OPTIONAL.items() if name in data}
        for name, types in {**cls.FIELDS, "time": str, **given}.items():
            if name not in data:
                raise fault(line, f"{cls.KIND} event needs {name!r}")
            if not _typed(data[name], types):
                raise fault(line, f"{cls.KIND} event's {name!r} must be {_what(types)}, "
                                  f"not {data[name]!r:.40}")
        for name in _COUNTS:
            if name in data and data[name] < 0:
                raise fault(line, f"{cls.KIND} event's {name!r} cannot be negative")


def journalled(kind: type[E]) -> type[E]:
    """A kind whose `Column` s are made from its dataclass fields: a field declared without one
    (or with one naming no keys) is written as it is (text, a whole number, true or false, or
    null), under its name; ``FIELDS`` and ``OPTIONAL`` are gathered from them."""
    hints = get_type_hints(kind)
    columns = {}
    for f in fields(kind):
        if f.name == "time":
            continue
        col = f.metadata.get(_COLUMN, Column({}))
        columns[f.name] = col if col.keys else replace(col, keys={f.name: _JSON[hints[f.name]]})
    kind.COLUMNS = columns
    kind.FIELDS = {k: t for col in columns.values() if not col.omitted for k, t in col.keys.items()}
    kind.OPTIONAL = {k: t for col in columns.values() if col.omitted for k, t in col.keys.items()}
    return kind


def _settings(data: Mapping[str, Any], line: int) -> Settings:
    try:
        return Settings.from_dict(data["settings"])
    except (SettingsError, FaceError) as exc:
        raise fault(line, str(exc)) from None


def _language(data: Mapping[str, Any], line: int) -> str | None:
    language = data.get("language")
    if language is not None and language not in LANGUAGES:
        raise fault(line, f"unknown language {language!r:.20}: lcr-vision speaks "
                          f"{', '.join(LANGUAGES)}")
    return language


@journalled
@dataclass(frozen=True, kw_only=True)
class SessionEvent(Event):
    """The first line of every journal: the settings, and the version that wrote it."""

    KIND = "session"

    version: int = VERSION
    settings: Settings = field(metadata=column(
        {"settings": dict}, lambda s: {"settings": s.to_dict()}, _settings))
    # of the ledger, review page and amend; None: not written, read as English
    language: str | None = field(default=None, metadata=column(
        {"language": str}, read=_language, omitted=True))

    @classmethod
    def from_json(cls, data: Mapping[str, Any], line: int = 0) -> Self:
        """The session line; a version this lcr-vision does not read is said before anything
        else of the line."""
        if data.get("version") not in READABLE:
            raise fault(line, f"unknown journal version {data.get('version')!r}")
        return super().from_json(data, line)


@dataclass(frozen=True)
class Choices:
    """The roller's choices as the journal holds them: ``reverse`` for Wilder, wild ``targets`` by
    name (None: the policy's).

    >>> s = Settings.create(["Ann", "Ben", "Cat"])
    >>> Choices.of(Decision(targets=(2, 1)), s), Choices(targets=("ben",)).decision(s)
    (Choices(reverse=False, targets=('Cat', 'Ben')), Decision(reverse=False, targets=(1,)))
    """

    reverse: bool = False
    targets: tuple[str, ...] | None = None

    @classmethod
    def of(cls, decision: Decision, settings: Settings) -> Choices:
        """A decision's choices, seats named."""
        targets = decision.targets
        names = None if targets is None else tuple(settings.players[t] for t in targets)
        return cls(decision.reverse, names)

    def decision(self, settings: Settings, line: int = 0) -> Decision:
        """The decision, names seated; names not at the table are a `JournalError`."""
        try:
            targets = None if self.targets is None else tuple(map(settings.seat, self.targets))
        except SettingsError as exc:
            raise fault(line, f"bad wild targets: {exc}") from None
        return Decision(reverse=self.reverse, targets=targets)

    def to_json(self) -> RawEvent:
        return {"reverse": self.reverse,
                "targets": None if self.targets is None else list(self.targets)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], line: int = 0) -> Choices:
        """The choices of a checked roll or correction line."""
        names = data["targets"]
        if names is not None and not all(isinstance(n, str) for n in names):
            raise fault(line, f"bad wild targets: {names!r:.40}")
        return cls(data["reverse"], None if names is None else tuple(names))


def _faces(data: Mapping[str, Any], line: int) -> tuple[str, ...]:
    """The face tokens of a checked roll or correction line."""
    faces = tuple(data["faces"])
    if not all(f in FACE_TOKENS for f in faces):
        raise fault(line, f"unknown face in {list(faces)}")
    return faces


# A roll's or correction's faces as read, and its choices (`Choices`), their keys in the line.
FACES = column({"faces": list}, lambda faces: {"faces": list(faces)}, _faces)
CHOICES = column({"reverse": bool, "targets": (list, NoneType)}, Choices.to_json,
                 Choices.from_json)


@dataclass(frozen=True)
class Origin:
    """Where a roll was read: a folder's or video file's resolved path, and the photo's or
    frame's index in it (from 0), so that a resumed session reads on after it; a folder's photo
    also by its file ``name`` and the ``digest`` of its bytes (`lcr_vision.camera.stills`), so
    that a resumed session reads every photo not yet read and finds one changed since."""

    source: str
    frame: int
    name: str | None = None
    digest: str | None = None

    def to_json(self) -> RawEvent:
        return {"source": self.source, "frame": self.frame,
                **{k: v for k, v in (("name", self.name), ("digest", self.digest))
                   if v is not None}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], line: int = 0) -> Origin | None:
        """The origin of a checked roll line, if it names one."""
        if "source" in data and "frame" not in data:
            raise fault(line, "roll event needs 'frame'")
        if ("name" in data or "digest" in data) and "source" not in data:
            raise fault(line, "roll event needs 'source' for its photo's name and digest")
        return cls(data["source"], data["frame"], data.get("name"),
                   data.get("digest")) if "source" in data else None


@dataclass(frozen=True)
class Evidence:
    """What a roll's faces rest on, apart from the faces themselves (`lcr_vision.rules.roll`):
    its photo log record (``photo``), the frame or photo it was read from (``origin``), whether
    a doubtful read was committed with nobody to answer (``doubtful``), and how many dice owed
    nobody saw (``unseen``). A typed roll has none of it."""

    photo: str | None = None
    origin: Origin | None = None
    doubtful: bool = False
    unseen: int = 0


TYPED = Evidence()  # a roll typed in: read from nothing, and seen whole


@journalled
@dataclass(frozen=True, kw_only=True)
class RollEvent(Event):
    """Roll ``k`` by ``player``, as read; from the ``origin`` frame of a folder or video, and
    ``doubtful`` when a doubtful read was committed with nobody to answer the question, with
    ``unseen`` dice owed that nobody saw (never filled with faces: see `Entry.played_faces`).

    >>> e = RollEvent(k=2, player="Ben", faces=("L",), doubtful=True, unseen=2)
    >>> e.to_json()["unseen"], RollEvent.from_json(e.to_json()) == e
    (2, True)
    """

    KIND = "roll"

    k: int
    player: str
    faces: tuple[str, ...] = field(metadata=FACES)
    choices: Choices = field(default=Choices(), metadata=CHOICES)
    photo: str | None = None
    origin: Origin | None = field(default=None, metadata=column(
        {"source": str, "frame": int, "name": str, "digest": str}, Origin.to_json,
        Origin.from_json, omitted=True))
    doubtful: bool = field(default=False, metadata=column(omitted=True))
    unseen: int = field(default=0, metadata=column(omitted=True))
    # the digest of the photo log's frame of it, as saved
    shot: str | None = field(default=None, metadata=column({"shot": str}, omitted=True))


@journalled
@dataclass(frozen=True, kw_only=True)
class CorrectEvent(Event):
    """Roll ``k`` really showed ``faces``: with ``keep``, the later rolls stand as thrown and the
    correction is settled now where it can be, else (and as every correction was before ``keep``)
    the later rolls are replayed on it (docs/rules.md, Corrections)."""

    KIND = "correct"

    k: int
    faces: tuple[str, ...] = field(metadata=FACES)
    choices: Choices = field(default=Choices(), metadata=CHOICES)
    keep: bool = field(default=False, metadata=column(omitted=True))


@dataclass(frozen=True, kw_only=True)
class SettleEvent(CorrectEvent):
    """Version 3's correction whose later rolls stood as thrown: replayed as any correction."""

    KIND = "settle"


@journalled
@dataclass(frozen=True, kw_only=True)
class UndoEvent(Event):
    """Roll ``k`` is withdrawn."""

    KIND = "undo"

    k: int


@journalled
@dataclass(frozen=True, kw_only=True)
class AnnouncedEvent(Event):
    """Roll ``k`` has been said."""

    KIND = "announced"

    k: int


@journalled
@dataclass(frozen=True, kw_only=True)
class GameOverEvent(Event):
    """Game ``game`` ended with roll ``after_roll``: won by ``winner``, or a ``draw``."""

    KIND = "game_over"
    AHEAD = 2  # as written since version 1: ``after_roll`` before the time too

    game: int
    after_roll: int
    winner: str | None
    draw: bool


@journalled
@dataclass(frozen=True, kw_only=True)
class NewGameEvent(Event):
    """Game ``game`` begins: ``first`` to roll, ``carried`` chips left in the center by a draw."""

    KIND = "new_game"

    game: int
    first: str
    carried: int


KINDS: dict[str, type[Event]] = {kind.KIND: kind for kind in (
    SessionEvent, RollEvent, CorrectEvent, SettleEvent, UndoEvent, GameOverEvent, NewGameEvent,
    AnnouncedEvent)}  # fmt: skip


def parse_event(data: Mapping[str, Any], line: int = 0) -> Event:
    """The event of any journal line, by its kind; a `JournalError` naming ``line`` if it does
    not hold one."""
    kind = KINDS.get(data.get("event"))
    if kind is None:
        raise fault(line, f"unexpected {data.get('event')!r} event")
    return kind.from_json(data, line)


def parse_journal(lines: Sequence[tuple[int, RawEvent]]) -> list[tuple[int, Event]]:
    """The events of a journal's numbered lines (`read_journal`), line 1 the session's."""
    if not lines or lines[0][1].get("event") != SessionEvent.KIND:
        raise JournalError(Said("journal_first", {"journal": JOURNAL}))
    return [(line, parse_event(data, line)) for line, data in lines]


def game_events(record: GameRecord, settings: Settings, k: int) -> list[Event]:
    """The ``game_over`` and ``new_game`` lines written after roll ``k`` ended a game."""
    winner = None if record.winner is None else settings.players[record.winner]
    following = record.number + 1
    return [
        GameOverEvent(game=record.number, after_roll=k, winner=winner, draw=record.draw),
        NewGameEvent(game=following, first=settings.players[(following - 1) % settings.seats],
                     carried=record.center if record.draw else 0),
    ]
