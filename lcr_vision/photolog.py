"""The photo log: for every committed roll, the frame, the annotated frame and a JSON record.

Files live in the session's ``photos/`` folder and share a stem, the roll's number in the session
(1, 2, ...; a roll later undone keeps its photos, and the next roll takes the next number):
``0007.jpg`` (the frame as the camera saw it), ``0007-annotated.jpg`` (boxes, faces, whose roll)
and ``0007.json``, written last and atomically, so a record always has its two images.

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
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from lcr_vision.rules.moves import Move

VERSION = 1
NOT_SEATS = frozenset({"chips", "pot"})  # move fields that count chips; all others are seats


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


class PhotoLog:
    """The ``photos/`` folder of one session."""

    def __init__(self, session: Path) -> None:
        self.folder = session / "photos"
        self.folder.mkdir(parents=True, exist_ok=True)

    def next_number(self) -> int:
        """The number the next roll's files get: one past the highest record present."""
        stems = [int(p.stem) for p in self.folder.glob("*.json") if p.stem.isdigit()]
        return max(stems, default=0) + 1

    def save(self, frame: np.ndarray, annotated: np.ndarray, record: dict[str, Any]) -> Path:
        """Write the two images, then the record (with ``version``, ``roll``, file names added)."""
        import cv2

        number = self.next_number()
        stem = f"{number:04d}"
        names = {"frame": f"{stem}.jpg", "annotated": f"{stem}-annotated.jpg"}
        for key, image in (("frame", frame), ("annotated", annotated)):
            if not cv2.imwrite(str(self.folder / names[key]), image, [cv2.IMWRITE_JPEG_QUALITY, 90]):
                raise OSError(f"cannot write {self.folder / names[key]}")
        full = {"version": VERSION, "roll": number, **names, **record}
        path = self.folder / f"{stem}.json"
        scratch = path.with_suffix(".json.tmp")
        scratch.write_text(json.dumps(full, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        os.replace(scratch, path)
        return path
