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

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from lcr_vision.calibration.dice_size import candidate_scales
from lcr_vision.calibration.play_area import FrameReader, View
from lcr_vision.calibration.profile import Accuracy, Roi
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.spec import HEAT_THRESHOLD, LOCATOR_SIDE

T = TypeVar("T")
TILE_ABOVE = 1.2  # n x n tiles are tried when the resized area is n - 1 times this many
# locator sides wide
MARGIN = 0.05  # share of the check dice a candidate must read better to replace an earlier one
MIN_NET_ROLLS = 3  # rolls a candidate must read better on, net of those it reads worse on
# (heat threshold, least face score) pairs tried by the reader; the reader's defaults first (a
# face score of None: the model's own)
Threshold = tuple[float, float | None]
THRESHOLDS: tuple[Threshold, ...] = (
    (HEAT_THRESHOLD, None), (0.2, 0.5), (0.3, 0.3), (0.2, 0.3), (0.4, 0.5), (0.3, 0.7),
)


@dataclass(frozen=True)
class CheckRoll:
    """One settled roll of the check step: its frame and the faces the user says are up."""

    name: str
    image: np.ndarray
    truth: tuple[str, ...]


def right_dice(truth: Sequence[str], found: Sequence[str]) -> int:
    """How many dice of a roll were read right, order ignored."""
    return sum((Counter(truth) & Counter(found)).values())


def wrong_dice(truth: Sequence[str], found: Sequence[str]) -> int:
    """How many dice of a roll were read wrong: each misread, missed and phantom die.

    >>> wrong_dice(("L", "dot"), ("L", "C", "R"))
    2
    """
    return max(len(truth), len(found)) - right_dice(truth, found)


def measure(rolls: Sequence[CheckRoll], read: Callable[[np.ndarray], Detections]) -> Accuracy:
    """The accuracy ``read`` reaches on ``rolls``."""
    return accuracy_of([roll.truth for roll in rolls], [read(roll.image).faces for roll in rolls])


def accuracy_of(truths: Sequence[Sequence[str]], founds: Sequence[Sequence[str]]) -> Accuracy:
    """The accuracy of reading each roll's ``truths`` as the faces of ``founds``.

    >>> accuracy_of([("L", "C"), ("dot",)], [("C", "L"), ()])
    Accuracy(rolls=2, dice=3, die_accuracy=0.6667, roll_accuracy=0.5)
    """
    right = dice = exact = 0
    for truth, found in zip(truths, founds, strict=True):
        hits = right_dice(truth, found)
        right += hits
        dice += max(len(truth), len(found))
        exact += hits == len(truth) == len(found)
    return Accuracy(len(truths), dice, round(right / dice, 4) if dice else 0.0,
                    round(exact / len(truths), 4) if truths else 0.0)


def candidate_views(frame: tuple[int, int], rois: Sequence[Roi | None], die: float) -> list[View]:
    """Each play area in ``rois`` (``None``: the whole frame) at each scale worth trying, read
    whole and, where the resized area is wider than the locator's 320 pixels, in 2 x 2 (up to
    4 x 4) tiles overlapping by two dice. Earlier areas come first, each at its detail-keeping scale
    first (for the whole frame, what the reader does uncalibrated).

    >>> [(v.scale, v.tiles, v.overlap) for v in candidate_views((640, 480), [None], 20.0)]
    [(1.0, 1, 0), (1.0, 2, 40)]
    """
    views = []
    for roi in rois:
        area = frame if roi is None else roi[2:]
        for scale in candidate_scales(die, area):
            views.append(View(roi, round(scale, 4), frame))
            views += [View(roi, round(scale, 4), frame, n, math.ceil(2 * die * scale))
                      for n in range(2, 5)
                      if max(area) * scale > (n - 1) * TILE_ABOVE * LOCATOR_SIDE]
    return views


def pick(rolls: Sequence[CheckRoll], candidates: Sequence[T],
         reader_of: Callable[[T], FrameReader]) -> tuple[T, Accuracy]:
    """The first candidate, unless another reads clearly more of ``rolls`` right: by ``MARGIN``
    and at least two dice more than the best so far, losing none of the dice that one read right,
    and with fewer dice wrong on at least `MIN_NET_ROLLS` more rolls than it has more wrong on. A
    dozen check rolls cannot tell closer candidates apart, a view that only reports fewer dice
    trades dice read right for phantoms on too little evidence, and the first candidate (the
    reader as shipped) needs no evidence. Of a dozen candidates one often reads two dice more by
    luck, on one roll or two; a gain spread over several rolls, none lost, is the view's own.

    >>> rolls = [CheckRoll(str(i), np.zeros((1, 1, 3), np.uint8), ("L",)) for i in range(4)]
    >>> class Says:
    ...     def __init__(self, face): self.face = face
    ...     def read(self, image): return Detections([[0, 0, 1, 1]], [self.face], [1.0])
    >>> pick(rolls, ["dot", "L"], Says)[0], pick(rolls, ["L", "dot"], Says)[0]
    ('L', 'L')
    """
    best = candidates[0]
    best_accuracy, best_wrong = scored(rolls, reader_of(best))
    for candidate in candidates[1:]:
        accuracy, wrong = scored(rolls, reader_of(candidate))
        if (accuracy.right >= best_accuracy.right and net_rolls(wrong, best_wrong) >= MIN_NET_ROLLS
                and accuracy.die_accuracy >= (best_accuracy.die_accuracy
                                              + max(MARGIN, 2 / accuracy.dice))):
            best, best_accuracy, best_wrong = candidate, accuracy, wrong
    return best, best_accuracy


def scored(rolls: Sequence[CheckRoll], reader: FrameReader) -> tuple[Accuracy, list[int]]:
    """The accuracy ``reader`` reaches on ``rolls``, and the dice it has wrong in each."""
    truths = [roll.truth for roll in rolls]
    founds = [reader.read(roll.image).faces for roll in rolls]
    wrong = [wrong_dice(t, f) for t, f in zip(truths, founds)]
    return accuracy_of(truths, founds), wrong


def net_rolls(wrong: Sequence[int], than: Sequence[int]) -> int:
    """How many more rolls have fewer dice ``wrong`` than ``than`` has than have more.

    >>> net_rolls([0, 0, 1, 2], [1, 0, 0, 3])
    1
    """
    return sum(w < t for w, t in zip(wrong, than)) - sum(w > t for w, t in zip(wrong, than))
