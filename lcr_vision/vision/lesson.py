"""`Lesson`: what a table learnt of its dice between games, as the loop reads on with it.

Calibration's evening learning makes one (`lcr_vision.calibration.evening`) and the play loop
takes it (`lcr_vision.table.loop`); it lives here, below both, so that neither reaches into the
other.
"""

from __future__ import annotations

from dataclasses import dataclass

from lcr_vision.vision.settle import ReadFrame
from lcr_vision.vision.verdict import DOUBT_THRESHOLD


@dataclass(frozen=True)
class Lesson:
    """What a table learnt of its dice between games: the reader to read on with, how many
    rolls in 100 it is expected to ask about (None: not known), and the confidence each face
    needs at this table from now on (`Verdict`'s ``doubt_threshold``)."""

    read: ReadFrame
    expected: int | None = None
    doubt: float = DOUBT_THRESHOLD
