"""What the review page reads besides the replayed ledger: each live roll's journal event (the faces
as first read, and when) and its photo log record (the images, the dice seen, how it was committed).

The ledger keeps only a roll's latest faces; what the camera first read is in the journal. Undo
withdraws the last roll and the next roll reuses its number, so the live event for roll ``k`` is the
last ``roll`` event with that ``k``.

>>> from lcr_vision.ledger.events import RollEvent, UndoEvent
>>> events = [(2, RollEvent(k=1, player="Ann", faces=("L",))), (3, UndoEvent(k=1)),
...           (4, RollEvent(k=1, player="Ann", faces=("C",)))]
>>> live_roll_events(events)[1].faces
('C',)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from lcr_vision.ledger.events import Event, RollEvent
from lcr_vision.photolog import Committed, PhotoRecord, SeenDie, photo_number
from lcr_vision.phrases.record import Record

ENGLISH = Record(())  # the words of a problem where no session's language is given


def live_roll_events(events: list[tuple[int, Event]]) -> dict[int, RollEvent]:
    """The last ``roll`` event of each roll number: the one the ledger's live roll came from."""
    return {e.k: e for _, e in events if isinstance(e, RollEvent)}


@dataclass(frozen=True)
class Photo:
    """The part of a photo log record the page shows: its ``name`` (the photo log's number, which
    runs ahead of the roll's after an undo), image paths relative to the session folder in URL
    form (``photos/0007-annotated.jpg``; None when the file is missing), how the roll was
    committed, the dice the camera saw, and a ``problem`` worth flagging: the photo was lost in a
    crash, or the record is another roll's (then nothing of it is shown)."""

    name: str
    frame: str | None
    annotated: str | None
    how: Committed
    dice: tuple[SeenDie, ...]
    problem: str | None = None


def _image(folder: Path, base: PurePosixPath, name: Any) -> str | None:
    """The relative path of an image beside the record, if the record names one that exists."""
    if not isinstance(name, str) or not name:
        return None
    path = base / PurePosixPath(name).name
    return path.as_posix() if (folder / path).is_file() else None


def other_roll(record: PhotoRecord, photo: str, event: RollEvent,
               words: Record = ENGLISH) -> str | None:
    """Why a record is not the one of the roll ``event`` whose ``photo`` it is, or None: its
    number, player or faces as read differ (a session written before photo numbers came from the
    journal could file one roll's photo under another).

    >>> from lcr_vision.ledger.events import RollEvent
    >>> other_roll(PhotoRecord(3, None, None, player="Ben", faces=("L",)), "photos/0003.json",
    ...            RollEvent(k=3, player="Ann", faces=("L",)))
    "photo record 0003 is of another roll (Ben's L)"
    """
    faces = None if record.faces is None else tuple(record.faces)
    if (record.roll == photo_number(photo) and record.player == event.player
            and (record.lost or faces == event.faces)):
        return None
    seen = words.line("unknown_faces") if faces is None else " ".join(faces)
    return words.line("other_roll", name=PurePosixPath(photo).stem, player=record.player,
                      faces=seen)


def load_record(folder: Path, photo: str | None, event: RollEvent | None = None,
                words: Record = ENGLISH) -> Photo | None:
    """The photo record a roll event points to (``photos/0007.json``, inside ``folder``), or None
    when the roll has none (manual play) or it cannot be read: the page then shows no photo.
    Given the live roll ``event``, a record of another roll is returned with only its problem,
    said in the language of ``words``.

    >>> load_record(Path("."), None) is None
    True
    """
    if not isinstance(photo, str) or not photo:
        return None
    relative = PurePosixPath(photo)
    if relative.is_absolute() or ".." in relative.parts:
        return None
    try:
        record = PhotoRecord.from_json(json.loads((folder / relative).read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None
    wrong = None if event is None else other_roll(record, photo, event, words)
    if wrong is not None:
        return Photo(relative.stem, None, None, record.how, (), wrong)
    return Photo(
        name=relative.stem,
        frame=_image(folder, relative.parent, record.frame),
        annotated=_image(folder, relative.parent, record.annotated),
        how=record.how,
        dice=record.dice,
        problem=words.line("photo_lost") if record.lost else None,
    )
