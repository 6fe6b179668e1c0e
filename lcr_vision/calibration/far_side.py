"""Where the table's far side is, for an upright model: from the check rolls and their answers.

An upright model reads the top of what it is shown as the table's far side (`spec.UPRIGHT_KEY`).
Uncalibrated, the reader finds that side in each frame from the few dice on it
(`DiceReader.surest_up`); a profile can fix it once from all the check rolls instead. Which dice
are right on a dozen rolls says little (a turn that reads two more of 20 dice right is as often
luck as not), so the sides are compared by how likely each makes the faces the user confirmed:
the log-probability of the likeliest assignment of a roll's true faces to its crops (`assign`),
summed over the rolls. A turn is kept only when it makes them `FAR_SIDE_NATS` a die likelier
than finding the side in each frame, and reads the check rolls no worse. On
the trial tables (``lcr_vision.calibration.trial``, three seeds of each kind) the far sides of
steep cameras rolled away from the picture's top were 0.35-0.52 nats a die likelier, and read
12-33 points more of 40 later rolls' dice; where no side stood out, the best turn was 0-0.04
nats likelier (the model card, *Calibration finds the far side*).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from lcr_vision.calibration.faces import MAX_PEAKS, assign
from lcr_vision.calibration.fit import CheckRoll, measure
from lcr_vision.calibration.view import CalibratedReader, View
from lcr_vision.vision.reader import DiceReader
from lcr_vision.vision.spec import CLASSES, NONE

FAR_SIDE_NATS = 0.1  # how much likelier a die's true face must be with a fixed far side


def truth_fit(reader: DiceReader, crops: np.ndarray, truth: Sequence[str]) -> float:
    """The log-probability ``reader`` gives a roll's ``crops`` (strongest peak first) showing
    the faces ``truth``: each true face on one crop, the other crops ``none``."""
    log_probs = reader.face_log_probs(crops)
    labels = assign(log_probs, [CLASSES.index(f) for f in truth], CLASSES.index(NONE))
    return float(sum(log_probs[i, c] for i, c in enumerate(labels)))


def far_side(told: DiceReader, finding: DiceReader, rolls: Sequence[CheckRoll],
             view: View) -> int | None:
    """The quarter-turns (anticlockwise) that bring the table's far side up in ``rolls`` seen
    through ``view``, read by ``told`` (which reads what it is shown as it is); ``None`` where
    ``finding`` (which finds the side in each frame) makes the true faces about as likely, or
    reads more of the rolls' dice right."""
    fits = np.zeros(5)  # turns 0-3, then finding the side in each frame
    dice = 0
    for roll in rolls:
        image = view.apply(roll.image)
        crops = told.crops(image, told.locate(image))[:MAX_PEAKS]
        if not len(crops):
            continue
        dice += len(roll.truth)
        for k in range(4):
            fits[k] += truth_fit(told, np.ascontiguousarray(np.rot90(crops, k, (2, 3))),
                                 roll.truth)
        fits[4] += truth_fit(finding, crops, roll.truth)
    best = int(np.argmax(fits[:4]))
    if not dice or fits[best] - fits[4] < FAR_SIDE_NATS * dice:
        return None
    turned = measure(rolls, CalibratedReader(told, replace(view, turn=best)).read)
    return None if turned.right < measure(rolls, CalibratedReader(finding, view).read).right \
        else best
