"""The photo log: for every committed roll, the frame, the annotated frame and a JSON record.

Files live in the session's ``photos/`` folder and share a stem, the roll's photo number: the
roll events journalled so far, this one included (`Session.photo_number`), which the roll's own
journal line holds as its ``photo`` path (``photos/0007.json``). A number is never given twice:
a roll later undone keeps its photos, and the next roll takes the next number. The files are
``0007.jpg`` (the frame as the camera saw it), ``0007-annotated.jpg`` (boxes, faces, whose roll)
and ``0007.json``, the record, renamed into place last, so a record always has its two images.

They are written in two steps around the journal (`stage` before the roll is journalled,
`finish` after), so that a full disk or an unwritable folder stops play before anything is
committed, and a crash between the two leaves staged files that `complete` finishes on resume;
a journalled roll whose files never reached the disk gets a record saying its photo was lost.

The record (version 1), the contract the review page reads, is a `PhotoRecord`; on disk::

    {"version": 1,
     "roll": 7,                       # the stem: this roll's number in the session's photo log
     "time": "2026-11-29T16:40:05Z",  # when it was committed (UTC)
     "game": 1,                       # game number in the session
     "turn": 7,                       # this roll's number within the game (1 = first roll)
     "player": "Ann", "seat": 0,      # who rolled (seat: 0-based clockwise position)
     "dice_owed": 3,
     "source": "camera 0",            # where the frame came from (a file name for photo folders)
     "frame": "0007.jpg", "annotated": "0007-annotated.jpg",
     "how": "read",                   # "read", "confirmed" (a doubtful read accepted), "typed" or
                                      # "unanswered" (a doubtful read nobody could answer for)
     "dice": [                        # every die seen, left to right, as docs/formats.md
                                      # detections,
       {"box": [x0, y0, x1, y1], "face": "4", "score": 0.98, "game_face": "L"}],
     "faces": ["4", "6", "2"],        # the faces committed (typed faces when "how" is "typed")
     "game_faces": ["L", "R", "dot"],
     "moves": [{"move": "Pass", "giver": "Ann", "receiver": "Ben"},
               {"move": "ToCenter", "player": "Ann"}],   # seats as names; "chips"/"pot" counts
     "said": ["Ann, pass one chip left to Ben ..."],     # the announcer's sentences
     "chips": {"Ann": 1, "Ben": 4, "Cat": 3},            # standings after the roll
     "center": 1,
     "winner": null,                  # the winner's name when this roll ended the game
     "odds": {"Ann": 0.21, ...},      # only with --odds: each player's chance to win from here,
     "odds_method": "exact",          # "exact", or "simulation" when estimated by random games
     "unseen": 1}                     # only where dice owed were never seen and nobody answered:
                                      # "faces" are those seen, and the rest moved no chip

Typed rolls have ``dice`` of the frame as read (possibly empty) and the faces the player typed.
A record written on resume for a roll whose files were lost has ``frame`` and ``annotated`` null,
``lost`` true and what the journal knows (``player``, ``seat``, ``game``, ``turn``, the latest
``faces`` and whether they were ``corrected``); its images are named if they reached the disk.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from lcr_vision.camera.stills import digest_of
from lcr_vision.errors import Said, UserError, os_reason
from lcr_vision.ledger import PHOTOS
from lcr_vision.ledger.clock import now, record_stamp
from lcr_vision.odds.result import EXACT
from lcr_vision.rules.moves import Move

if TYPE_CHECKING:
    from lcr_vision.ledger import PlayedRoll
    from lcr_vision.odds import Odds
    from lcr_vision.rules import RollResult, Settings
    from lcr_vision.vision.detections import Detections

VERSION = 1
NOT_SEATS = frozenset({"chips", "pot"})  # move fields that count chips; all others are seats
STAGED = ".staged"  # the suffix of a file written before its roll is journalled


def move_record(move: Move, players: Sequence[str]) -> dict[str, Any]:
    """A move as JSON, seats replaced by names.

    >>> from lcr_vision.rules.moves import Pass, TakeCenter
    >>> move_record(Pass(0, 1), ["Ann", "Ben", "Cat"])
    {'move': 'Pass', 'giver': 'Ann', 'receiver': 'Ben'}
    >>> move_record(TakeCenter(2, 5), ["Ann", "Ben", "Cat"])
    {'move': 'TakeCenter', 'player': 'Cat', 'chips': 5}
    """
    record: dict[str, Any] = {"move": type(move).__name__}
    for f in fields(move):
        value = getattr(move, f.name)
        record[f.name] = value if f.name in NOT_SEATS else players[value]
    return record


class Committed(StrEnum):
    """How a roll's faces were committed: the review page doubts all but a confident read."""

    READ = "read"  # every face read confidently
    CONFIRMED = "confirmed"  # a doubtful read, accepted at the keyboard
    TYPED = "typed"  # the faces typed at the keyboard
    UNANSWERED = "unanswered"  # a doubtful read committed as read: nobody could answer


@dataclass(frozen=True)
class SeenDie:
    """One die the camera saw: a docs/formats.md detection and what its face is in the game."""

    box: tuple[float, ...]
    face: str
    score: float
    game_face: str

    def to_json(self) -> dict[str, Any]:
        return {"box": list(self.box), "face": self.face, "score": self.score,
                "game_face": self.game_face}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeenDie:
        """A die as a record holds it; without ``game_face`` (older records), its face."""
        face = str(data["face"])
        return cls(tuple(map(float, data["box"])), face, float(data["score"]),
                   str(data.get("game_face", face)))


@dataclass(frozen=True)
class Sighting:
    """How a roll was seen, as its record keeps it: where its frame came from (``source``), the
    ``dice`` seen on it (typed faces may differ from them), ``how`` its faces were committed, and
    the dice owed that were never seen (``unseen``, the last of the roll's)."""

    source: str
    dice: Detections
    how: Committed
    unseen: int = 0


@dataclass(frozen=True)
class PhotoRecord:
    """The record ``NNNN.json`` of a roll, as the module's docstring lays it out.

    The play loop makes one with `from_roll`; the review page reads one back with `from_json`,
    which keeps what an older or a lost record has: the fields it lacks are None (empty for
    ``dice``), and ``how`` is a plain read. `to_json` writes a committed roll's record; a lost
    one is written by `PhotoLog.complete` from what the journal knows (`journal_known`).

    >>> record = PhotoRecord.from_json({"version": 1, "roll": 7, "frame": "0007.jpg",
    ...     "annotated": None, "how": "typed", "dice": [], "player": "Ann", "faces": ["L"]})
    >>> record.how, record.faces, record.lost
    (<Committed.TYPED: 'typed'>, ('L',), False)
    """

    roll: int | None
    frame: str | None
    annotated: str | None
    how: Committed = Committed.READ
    dice: tuple[SeenDie, ...] = ()
    player: str | None = None
    seat: int | None = None
    game: int | None = None
    turn: int | None = None
    faces: tuple[str, ...] | None = None
    time: str | None = None
    dice_owed: int | None = None
    source: str | None = None
    game_faces: tuple[str, ...] = ()
    moves: tuple[dict[str, Any], ...] = ()
    said: tuple[str, ...] = ()
    chips: Mapping[str, int] = field(default_factory=dict)
    center: int | None = None
    winner: str | None = None
    odds: Mapping[str, float] | None = None
    odds_method: str | None = None
    lost: bool = False
    unseen: int = 0

    @classmethod
    def from_roll(cls, number: int, result: RollResult, settings: Settings, sighting: Sighting,
                  said: Sequence[str], odds: Odds | None = None) -> PhotoRecord:
        """The record of roll ``result``, committed as photo ``number`` and seen as ``sighting``
        says, the sentences ``said`` and, given ``odds`` for the position after it, each player's
        chance to win from there (certain once the game is over). Its faces are those seen alone:
        the sighting's ``unseen`` dice were owed but never seen."""
        players, after = settings.players, result.after
        seen = len(result.faces) - sighting.unseen  # the record keeps the faces seen alone
        names = image_names(number)
        chances, method = None, None
        if odds is not None and after.over:
            chances = {p: float(seat == after.winner) for seat, p in enumerate(players)}
            method = EXACT
        elif odds is not None:
            chances = {p: round(w, 6) for p, w in zip(players, odds.win)}
            method = odds.method
        return cls(
            roll=number,
            frame=names["frame"],
            annotated=names["annotated"],
            how=sighting.how,
            dice=tuple(SeenDie.from_json({**d, "game_face": settings.face_map.to_game(d["face"])})
                       for d in sighting.dice.to_records()),
            player=players[result.player],
            seat=result.player,
            game=after.game,
            turn=after.rolls,
            faces=result.faces[:seen],
            time=record_stamp(now()),
            dice_owed=len(result.faces),
            source=sighting.source,
            game_faces=result.game_faces[:seen],
            moves=tuple(move_record(m, players) for m in result.moves),
            said=tuple(said),
            chips=dict(zip(players, after.chips)),
            center=after.center,
            winner=None if after.winner is None else players[after.winner],
            odds=chances,
            odds_method=method,
            unseen=sighting.unseen,
        )

    def to_json(self) -> dict[str, Any]:
        """The record as `PhotoLog.stage` writes it, fields in the order of the docstring."""
        record: dict[str, Any] = {
            "version": VERSION,
            "roll": self.roll,
            "frame": self.frame,
            "annotated": self.annotated,
            "time": self.time,
            "game": self.game,
            "turn": self.turn,
            "player": self.player,
            "seat": self.seat,
            "dice_owed": self.dice_owed,
            "source": self.source,
            "how": self.how.value,
            "dice": [d.to_json() for d in self.dice],
            "faces": None if self.faces is None else list(self.faces),
            "game_faces": list(self.game_faces),
            "moves": list(self.moves),
            "said": list(self.said),
            "chips": dict(self.chips),
            "center": self.center,
            "winner": self.winner,
        }
        if self.odds is not None:
            record |= {"odds": dict(self.odds), "odds_method": self.odds_method}
        return record | ({"unseen": self.unseen} if self.unseen else {})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PhotoRecord:
        """A record read back; a malformed one raises ValueError, TypeError, KeyError or
        AttributeError."""
        faces = data.get("faces")
        return cls(
            roll=data.get("roll"),
            frame=data.get("frame"),
            annotated=data.get("annotated"),
            how=Committed(data.get("how", Committed.READ)),
            dice=tuple(SeenDie.from_json(d) for d in data.get("dice", [])),
            player=data.get("player"),
            seat=data.get("seat"),
            game=data.get("game"),
            turn=data.get("turn"),
            faces=tuple(map(str, faces)) if isinstance(faces, list) else None,
            time=data.get("time"),
            dice_owed=data.get("dice_owed"),
            source=data.get("source"),
            game_faces=tuple(data.get("game_faces", ())),
            moves=tuple(data.get("moves", ())),
            said=tuple(data.get("said", ())),
            chips=dict(data.get("chips", {})),
            center=data.get("center"),
            winner=data.get("winner"),
            odds=data.get("odds"),
            odds_method=data.get("odds_method"),
            lost=data.get("lost") is True,
            unseen=data["unseen"] if isinstance(data.get("unseen"), int) else 0,
        )


def journal_known(roll: PlayedRoll) -> dict[str, Any]:
    """What the journal knows of a roll, for the record `PhotoLog.complete` writes when the roll's
    photos were lost."""
    entry = roll.entry
    return {"player": entry.player, "seat": roll.result.player, "game": roll.game,
            "turn": roll.turn, "faces": list(entry.faces), "corrected": entry.corrected}


class PhotoError(UserError):
    """A photo log file that cannot be written: a full disk, a read-only folder."""


def image_names(number: int) -> dict[str, str]:
    """The files of photo ``number`` inside ``photos/``: ``frame``, ``annotated`` and ``record``."""
    stem = f"{number:04d}"
    return {"frame": f"{stem}.jpg", "annotated": f"{stem}-annotated.jpg", "record": f"{stem}.json"}


def photo_number(photo: str | None) -> int | None:
    """The number of a ``photo`` path this log wrote, else None.

    >>> photo_number("photos/0007.json"), photo_number("elsewhere.json"), photo_number(None)
    (7, None, None)
    """
    match = re.fullmatch(rf"{PHOTOS}/(\d{{4,}})\.json", photo or "")
    return int(match.group(1)) if match else None


@dataclass(frozen=True)
class Shot:
    """One roll's photos for the log, made before it is journalled: its photo ``number``
    (`Session.photo_number`), the ``frame`` as the camera saw it, the frame ``annotated``, and the
    ``record`` (a `PhotoRecord`'s JSON)."""

    number: int
    frame: np.ndarray
    annotated: np.ndarray
    record: Mapping[str, Any]


class PhotoLog:
    """The ``photos/`` folder of one session."""

    def __init__(self, session: Path) -> None:
        self.folder = session / PHOTOS
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise PhotoError(Said("cannot_make", {"path": str(self.folder),
                                               "why": os_reason(exc)})) from None
        if not os.access(self.folder, os.W_OK | os.X_OK):
            raise PhotoError(Said("cannot_write", {"path": str(self.folder),
                                                "why": Said("os_denied")}))

    def _write(self, name: str, data: bytes) -> None:
        """``name`` + STAGED, written and synced; a failure removes it and names the file."""
        path = self.folder / (name + STAGED)
        try:
            with path.open("wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        except OSError as exc:
            path.unlink(missing_ok=True)
            raise PhotoError(Said("cannot_write", {"path": str(self.folder / name),
                                                "why": os_reason(exc)})) from None

    def stage(self, shot: Shot) -> str:
        """Write the two images and the record of ``shot`` under staged names, to be given their
        own by `finish`; returns the `digest_of` the frame's file, which the roll's journal line
        keeps (``shot``) so that a photo swapped since shows."""
        import cv2

        number, names = shot.number, image_names(shot.number)
        digest = ""
        try:
            for key, image in (("frame", shot.frame), ("annotated", shot.annotated)):
                ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
                if not ok:
                    raise PhotoError(Said("cannot_encode", {"path": str(self.folder / names[key])}))
                self._write(names[key], data.tobytes())
                digest = digest or digest_of(data.tobytes())
            self._write_record(number, shot.record, names["frame"], names["annotated"])
        except PhotoError:
            for name in names.values():
                (self.folder / (name + STAGED)).unlink(missing_ok=True)
            raise
        return digest

    def _write_record(self, number: int, record: Mapping[str, Any], frame: str | None,
                      annotated: str | None) -> None:
        """The record staged, led by the fields the log reserves: ``version``, ``roll`` and the
        names of the images; the log's own values win over any the record gives."""
        head = {"version": VERSION, "roll": number, "frame": frame, "annotated": annotated}
        full = {**head, **record, **head}
        text = json.dumps(full, ensure_ascii=False, indent=1) + "\n"
        self._write(image_names(number)["record"], text.encode("utf-8"))

    def finish(self, number: int) -> Path:
        """Rename the staged files into place, the record last; files already in place stay.
        Returns the record's path."""
        for name in image_names(number).values():
            staged = self.folder / (name + STAGED)
            if staged.exists():
                try:
                    os.replace(staged, self.folder / name)
                except OSError as exc:
                    raise PhotoError(Said("cannot_write", {"path": str(self.folder / name),
                                                "why": os_reason(exc)})) from None
        return self.folder / image_names(number)["record"]

    def complete(self, number: int, known: Mapping[str, Any]) -> bool:
        """After a crash, make sure journalled roll ``number`` has its record: finish what was
        staged, or write a record of what the journal ``known`` says, marked lost. Returns
        whether anything had to be done."""
        names = image_names(number)
        record = self.folder / names["record"]
        if record.exists():
            return False
        if self.finish(number).exists():
            return True
        kept = {key: names[key] if (self.folder / names[key]).is_file() else None
                for key in ("frame", "annotated")}
        self._write_record(number, {"lost": True, **known}, **kept)
        self.finish(number)
        return True

    def clear(self) -> None:
        """Remove staged files left by a roll that a crash kept from the journal."""
        for path in self.folder.glob("*" + STAGED):
            path.unlink(missing_ok=True)
