"""How sure a roll must be read at this table to be committed unasked: the doubt fitted to the
table's own evidence.

The evidence is the table's rolls whose faces are known and which the reader in use was not
fitted on: check rolls held out in turn at calibration, then after each game the verified rolls
of the evening held out as the table reads them (`lcr_vision.calibration.learn_faces.learn`). A roll
read with every die owed but a face wrong, each face as sure as the threshold asks, is a die the
table would commit wrong without a word: where the evidence holds one, the threshold is raised
above the least sure face of that roll (`RAISES`), so that the table asks about such reads.

It is never lowered below `DOUBT_THRESHOLD`, the level whole games were measured at: a table's
evidence is a few dozen rolls, and rolls read wrong at 0.7-0.85 are a few in a hundred, so a
lower threshold that the evidence finds safe is chance. On a printed Wild trial table, lowering
to the lowest level at which the held-out rolls read none wrong asked about far fewer of the next
rolls, and committed dice wrong unasked where the table's level committed none (docs/figures.md,
"Figures behind the code's settings").

A roll is judged by its least sure face, not die by die: a die read wrong at 0.93 beside an
unsure one was asked about with it. Raising the threshold above every die read wrong that
sure, in any roll, was measured (`measure games --evening`): it asked about many more rolls than
as shipped, still with a die committed wrong unasked (docs/figures.md, "Figures behind the
code's settings").

>>> from lcr_vision.faces import FaceMap
>>> from lcr_vision.vision.detections import Detections
>>> def read(faces, score):
...     return Detections.from_records([{"box": [30 * i, 0, 30 * i + 20, 20], "face": f,
...                                      "score": score} for i, f in enumerate(faces)])
>>> truths = [("L", "C"), ("dot",), ("R",)]
>>> fit_doubt(truths, [read(("L", "C"), 0.99), read(("dot",), 0.9), read(("R",), 0.5)],
...           FaceMap.default())
0.85
>>> fit_doubt(truths, [read(("L", "C"), 0.99), read(("C",), 0.93), read(("R",), 0.5)],
...           FaceMap.default())
0.95
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lcr_vision.faces import FaceMap
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.verdict import DOUBT_THRESHOLD, Verdict

# The thresholds a table's doubt may be raised to: the first above the least sure face of every
# roll the evidence shows read wrong with all its dice, the last whatever else it shows.
RAISES = (0.9, 0.95, 0.97, 0.99)

# Whether the table asks about a read (its dice) of a roll showing the faces given.
Asks = Callable[[Sequence[str], Detections], bool]


def table_asks(face_map: FaceMap, doubt_threshold: float = DOUBT_THRESHOLD) -> Asks:
    """Whether the table asks about a read of a roll showing ``truth``: not exactly the dice
    owed, each face sure as the game counts it (`Verdict.usable`)."""

    def asks(truth: Sequence[str], dice: Detections) -> bool:
        return not Verdict.of(dice, len(truth), doubt_threshold, face_map).usable

    return asks


def fit_doubt(truths: Sequence[Sequence[str]], reads: Sequence[Detections],
              face_map: FaceMap) -> float:
    """The confidence each face of a roll needs at this table, fitted to held-out rolls showing
    ``truths`` read as ``reads`` (the module's docstring)."""
    worst = 0.0  # the least sure face of the surest roll read wrong with all its dice
    for truth, dice in zip(truths, reads):
        verdict = Verdict.of(dice, len(truth), DOUBT_THRESHOLD, face_map)
        if verdict.count_right and (sorted(face_map.to_game_faces(verdict.faces))
                                    != sorted(face_map.to_game_faces(truth))):
            worst = max(worst, float(verdict.confidence.min()))
    if worst < DOUBT_THRESHOLD:
        return DOUBT_THRESHOLD
    return next((t for t in RAISES if t > worst), RAISES[-1])


def expected_questions(truths: Sequence[Sequence[str]], reads: Sequence[Detections],
                       face_map: FaceMap, doubt: float) -> int | None:
    """How many rolls in a hundred the table is expected to ask about at ``doubt``, going by the
    held-out rolls showing ``truths`` read as ``reads`` (None: there are none)."""
    if not truths:
        return None
    asks = table_asks(face_map, doubt)
    return round(100 * sum(asks(t, d) for t, d in zip(truths, reads)) / len(truths))
