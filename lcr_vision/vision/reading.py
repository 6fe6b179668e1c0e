"""`Reading`: what the table reads its dice with, as one value: the reader, its doubt, and the
questions it is expected to ask.

The reader and the confidence a face needs with it belong together: a profile fitted both to its
table, and the evening learns both again. Calibration makes one from a profile, or from none
(`lcr_vision.calibration.profile.reading_for`), and its evening learning makes the next
(`lcr_vision.calibration.evening`); the play loop holds one and reads with it
(`lcr_vision.table.loop`). It lives here, below both, so that neither reaches into the other.
"""

from __future__ import annotations

from dataclasses import dataclass

from lcr_vision.vision.settle import ReadFrame
from lcr_vision.vision.verdict import DOUBT_THRESHOLD


@dataclass(frozen=True)
class Reading:
    """The reader's ``read``; the ``doubt``, the confidence each face needs to be committed
    unasked (`Verdict`'s ``doubt_threshold``); and how many rolls in 100 it is ``expected`` to ask
    about (None: not known, until the table has learnt)."""

    read: ReadFrame
    doubt: float = DOUBT_THRESHOLD
    expected: int | None = None
