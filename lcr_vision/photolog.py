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

The record (version 1), the contract the review page reads::

    {"version": 1,
     "roll": 7,                       # the stem: this roll's number in the session's photo log
     "time": "2026-11-29T16:40:05Z",  # when it was committed (UTC)
     "game": 1,                       # game number in the session
     "turn": 7,                       # this roll's number within the game (1 = first roll)
     "player": "Ann", "seat": 0,      # who rolled (seat: 0-based clockwise position)
     "dice_owed": 3,
     "source": "camera 0",            # where the frame came from (a file name for photo folders)
     "frame": "0007.jpg", "annotated": "0007-annotated.jpg",
     "how": "read",                   # "read", "confirmed" (a doubtful read accepted) or "typed"
     "dice": [                        # every die seen, left to right, as docs/formats.md detections,
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
     "odds_method": "exact"}          # "exact", or "simulation" when estimated by random games

Typed rolls have ``dice`` of the frame as read (possibly empty) and the faces the player typed.
A record written on resume for a roll whose files were lost has ``frame`` and ``annotated`` null,
``lost`` true and what the journal knows (``player``, ``seat``, ``game``, ``turn``, the latest
``faces`` and whether they were ``corrected``); its images are named if they reached the disk.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from dataclasses import fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from lcr_vision.errors import UserError
from lcr_vision.ledger import PHOTOS
from lcr_vision.rules.moves import Move

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


def now_utc() -> str:
    """The current time as ISO 8601 UTC to the second."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class PhotoError(UserError):
    """A photo log file that cannot be written: a full disk, a read-only folder."""


def photo_path(number: int) -> str:
    """The ``photo`` of a roll's journal line: its record's path inside the session folder."""
    return f"{PHOTOS}/{number:04d}.json"


def photo_number(photo: str | None) -> int | None:
    """The number of a ``photo`` path this log wrote, else None.

    >>> photo_number("photos/0007.json"), photo_number("elsewhere.json"), photo_number(None)
    (7, None, None)
    """
    match = re.fullmatch(rf"{PHOTOS}/(\d{{4,}})\.json", photo or "")
    return int(match.group(1)) if match else None


class PhotoLog:
    """The ``photos/`` folder of one session."""

    def __init__(self, session: Path) -> None:
        self.folder = session / PHOTOS
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise PhotoError(f"cannot make {self.folder}: {exc.strerror}") from None
        if not os.access(self.folder, os.W_OK | os.X_OK):
            raise PhotoError(f"cannot write in {self.folder}: permission denied")

    def _names(self, number: int) -> dict[str, str]:
        stem = f"{number:04d}"
        return {"frame": f"{stem}.jpg", "annotated": f"{stem}-annotated.jpg",
                "record": f"{stem}.json"}

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
            raise PhotoError(f"cannot write {self.folder / name}: {exc.strerror}") from None

    def stage(self, number: int, frame: np.ndarray, annotated: np.ndarray,
              record: dict[str, Any]) -> None:
        """Write the two images and the record (with ``version``, ``roll`` and the file names
        added) under staged names, to be given their own by `finish`."""
        import cv2

        names = self._names(number)
        try:
            for key, image in (("frame", frame), ("annotated", annotated)):
                ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
                if not ok:
                    raise PhotoError(f"cannot encode {self.folder / names[key]}")
                self._write(names[key], data.tobytes())
            self._write_record(number, {"frame": names["frame"], "annotated": names["annotated"],
                                        **record})
        except PhotoError:
            for name in names.values():
                (self.folder / (name + STAGED)).unlink(missing_ok=True)
            raise

    def _write_record(self, number: int, fields: dict[str, Any]) -> None:
        full = {"version": VERSION, "roll": number, **fields}
        text = json.dumps(full, ensure_ascii=False, indent=1) + "\n"
        self._write(self._names(number)["record"], text.encode("utf-8"))

    def finish(self, number: int) -> Path:
        """Rename the staged files into place, the record last; files already in place stay.
        Returns the record's path."""
        for name in self._names(number).values():
            staged = self.folder / (name + STAGED)
            if staged.exists():
                try:
                    os.replace(staged, self.folder / name)
                except OSError as exc:
                    raise PhotoError(f"cannot write {self.folder / name}: {exc.strerror}") from None
        return self.folder / self._names(number)["record"]

    def complete(self, number: int, known: dict[str, Any]) -> bool:
        """After a crash, make sure journalled roll ``number`` has its record: finish what was
        staged, or write a record of what the journal ``known`` says, marked lost. Returns
        whether anything had to be done."""
        names = self._names(number)
        record = self.folder / names["record"]
        if record.exists():
            return False
        if self.finish(number).exists():
            return True
        kept = {key: names[key] if (self.folder / names[key]).is_file() else None
                for key in ("frame", "annotated")}
        self._write_record(number, {**kept, "lost": True, **known})
        self.finish(number)
        return True

    def clear(self) -> None:
        """Remove staged files left by a roll that a crash kept from the journal."""
        for path in self.folder.glob("*" + STAGED):
            path.unlink(missing_ok=True)
