"""What the review page reads besides the replayed ledger: each live roll's journal event (the faces
as first read, and when) and its photo log record (the images, the dice seen, how it was committed).

The ledger keeps only a roll's latest faces; what the camera first read is in the journal. Undo
withdraws the last roll and the next roll reuses its number, so the live event for roll ``k`` is the
last ``roll`` event with that ``k``.

>>> lines = [(2, {"event": "roll", "k": 1, "faces": ["L"]}), (3, {"event": "undo", "k": 1}),
...          (4, {"event": "roll", "k": 1, "faces": ["C"]})]
>>> live_roll_events(lines)[1]["faces"]
['C']
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from lcr_vision.ledger.journal import Event


def live_roll_events(lines: list[tuple[int, Event]]) -> dict[int, Event]:
    """The last ``roll`` event of each roll number: the one the ledger's live roll came from."""
    return {e["k"]: e for _, e in lines if e.get("event") == "roll" and isinstance(e.get("k"), int)}


@dataclass(frozen=True)
class SeenDie:
    """One die the camera saw: its face token, that face in the game, the reader's confidence."""

    face: str
    game_face: str
    score: float


@dataclass(frozen=True)
class PhotoRecord:
    """The part of a photo log record the page shows: its ``name`` (the photo log's number, which
    runs ahead of the roll's after an undo), image paths relative to the session folder in URL
    form (``photos/0007-annotated.jpg``; None when the file is missing), how the roll was
    committed and the dice the camera saw."""

    name: str
    frame: str | None
    annotated: str | None
    how: str
    dice: tuple[SeenDie, ...]


def _image(folder: Path, base: PurePosixPath, name: Any) -> str | None:
    """The relative path of an image beside the record, if the record names one that exists."""
    if not isinstance(name, str) or not name:
        return None
    path = base / PurePosixPath(name).name
    return path.as_posix() if (folder / path).is_file() else None


def load_record(folder: Path, photo: str | None) -> PhotoRecord | None:
    """The photo record a roll event points to (``photos/0007.json``, inside ``folder``), or None
    when the roll has none (manual play) or it cannot be read: the page then shows no photo.

    >>> load_record(Path("."), None) is None
    True
    """
    if not photo:
        return None
    relative = PurePosixPath(photo)
    if relative.is_absolute() or ".." in relative.parts:
        return None
    try:
        data = json.loads((folder / relative).read_text(encoding="utf-8"))
        dice = tuple(
            SeenDie(str(d["face"]), str(d.get("game_face", d["face"])), float(d["score"]))
            for d in data.get("dice", [])
        )
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None
    return PhotoRecord(
        name=relative.stem,
        frame=_image(folder, relative.parent, data.get("frame")),
        annotated=_image(folder, relative.parent, data.get("annotated")),
        how=str(data.get("how", "read")),
        dice=dice,
    )
