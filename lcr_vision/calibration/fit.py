"""Step 4's arithmetic: how well a view reads the check rolls, and the view that reads them best.

A check roll is scored the way the game sees it: the faces read against the true faces, order
ignored. A die is right when its face is among the true faces not yet matched; a missed die and a
phantom die are both wrong, so a roll of ``n`` dice read as ``m`` counts ``max(n, m)`` dice.

>>> right_dice(("L", "dot", "dot"), ("dot", "L", "C"))
2
>>> rolls = [CheckRoll("a", np.zeros((1, 1, 3), np.uint8), ("L", "C"))]
>>> measure(rolls, lambda image: Detections([[0, 0, 1, 1]], ["L"], [1.0]))
Accuracy(rolls=1, dice=2, die_accuracy=0.5, roll_accuracy=0.0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from lcr_vision.calibration.dice_size import candidate_scales
from lcr_vision.calibration.profile import Accuracy, Roi
from lcr_vision.calibration.view import CalibratedReader, Reader, View
from lcr_vision.vision.detections import Detections


@dataclass(frozen=True)
class CheckRoll:
    """One settled roll of the check step: its frame and the faces the user says are up."""

    name: str
    image: np.ndarray
    truth: tuple[str, ...]


def right_dice(truth: Sequence[str], found: Sequence[str]) -> int:
    """How many dice of a roll were read right, order ignored."""
    return sum((Counter(truth) & Counter(found)).values())


def measure(rolls: Sequence[CheckRoll], read: Callable[[np.ndarray], Detections]) -> Accuracy:
    """The accuracy ``read`` reaches on ``rolls``."""
    right = dice = exact = 0
    for roll in rolls:
        found = read(roll.image).faces
        hits = right_dice(roll.truth, found)
        right += hits
        dice += max(len(roll.truth), len(found))
        exact += hits == len(roll.truth) == len(found)
    return Accuracy(len(rolls), dice, round(right / dice, 4) if dice else 0.0,
                    round(exact / len(rolls), 4) if rolls else 0.0)


def candidate_views(frame: tuple[int, int], rois: Sequence[Roi | None], die: float) -> list[View]:
    """Each play area in ``rois`` (``None``: the whole frame) at each scale worth trying, in order
    of preference: earlier areas first, each at its detail-keeping scale first."""
    views = []
    for roi in rois:
        area = frame if roi is None else roi[2:]
        views += [View(roi, round(s, 4), frame) for s in candidate_scales(die, area)]
    return views


def best_view(rolls: Sequence[CheckRoll], reader: Reader,
              views: Sequence[View]) -> tuple[View, Accuracy]:
    """The view reading most dice right (then most rolls right); ties go to the earlier view."""
    scored = [(view, measure(rolls, CalibratedReader(reader, view).read)) for view in views]
    best = max(range(len(scored)),
               key=lambda i: (scored[i][1].die_accuracy, scored[i][1].roll_accuracy, -i))
    return scored[best]
