"""Where the table's far side is, for an upright model: from the check rolls and their answers.

An upright model reads the top of what it is shown as the table's far side (`spec.UPRIGHT_KEY`).
Uncalibrated, the reader finds that side in each frame from the few dice on it
(`DiceModel.surest_up`); a profile can fix it once from all the check rolls instead. Which dice
are right on a dozen rolls says little (a turn that reads two more of 20 dice right is as often
luck as not), so the sides are compared by how likely each makes the faces the user confirmed:
the log-probability of the likeliest assignment of a roll's true faces to its crops (`assign`),
summed over the rolls. A turn is kept only when it makes them `CLEAR_NATS` a die likelier
than finding the side in each frame (`FAR_SIDE_NATS` once `SURE_ROLLS` check rolls are in), and
reads more check rolls better than worse. A side likelier by less than that but at least
`FAR_SIDE_NATS` is not yet clear: `FarSide.more` says how many more check rolls would tell, and
until they come the side is found in each frame, as the reader as shipped does, which can read
no worse than itself.

Why: on the trial tables (``lcr_vision.measure.calibration_trial``) a side kept at `FAR_SIDE_NATS`
from 10 check rolls, reading them no worse, read some tables' later dice worse (a camera rolled
halfway between two sides, where 10 rolls favour the wrong one); at `CLEAR_NATS`, reading more rolls
better than worse, none was worse, and with 20 check rolls none at `FAR_SIDE_NATS` either. On tables
of other seeds kept apart to check this, the old rule read more tables worse than this one (its one:
a side that read more check dice right and still reads later rolls worse), for a slightly smaller
mean gain on later dice. The far sides of steep cameras rolled away from the picture's top are
clearly likelier and read many more of the later dice; where no side stands out, the best turn is
hardly likelier (the model card, *Calibration finds the far side*; figures: docs/figures.md,
"Figures behind the code's settings"). """

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from lcr_vision.calibration.fit import CheckRoll, net_rolls, scored
from lcr_vision.calibration.learn_faces import LEARN_ROLLS, MAX_PEAKS
from lcr_vision.calibration.play_area import CalibratedReader, View
from lcr_vision.vision.dice_model import DiceModel
from lcr_vision.vision.lesson import assign
from lcr_vision.vision.reader import DiceReader
from lcr_vision.vision.spec import CLASSES, NONE

# How much likelier (nats a die) the true faces must be with a fixed far side than with the side
# found in each frame: `CLEAR_NATS` on fewer than `SURE_ROLLS` check rolls, `FAR_SIDE_NATS` on more.
# SURE_ROLLS are those calibration asks for where the rolls read short, which is where a side is
# unclear (`faces.more_to_learn`).
FAR_SIDE_NATS = 0.1
CLEAR_NATS = 0.15
SURE_ROLLS = LEARN_ROLLS


@dataclass(frozen=True)
class FarSide:
    """What the check rolls say of the table's far side: the quarter-turns (anticlockwise) that
    bring it up, or ``None`` (found in each frame); ``likely``, the turn the evidence leans to
    when it is not yet clear, and ``more``, the check rolls more that would tell (0: decided)."""

    turn: int | None
    likely: int | None = None
    more: int = 0


def truth_fit(model: DiceModel, crops: np.ndarray, truth: Sequence[str]) -> float:
    """The log-probability ``model`` gives a roll's ``crops`` (strongest peak first) showing
    the faces ``truth``: each true face on one crop, the other crops ``none``."""
    log_probs = model.face_log_probs(crops)
    labels = assign(log_probs, [CLASSES.index(f) for f in truth], CLASSES.index(NONE))
    return float(sum(log_probs[i, c] for i, c in enumerate(labels)))


def far_side(told: DiceReader, finding: DiceReader, rolls: Sequence[CheckRoll],
             view: View) -> FarSide:
    """Where the table's far side is in ``rolls`` seen through ``view``, read by ``told`` (which
    reads what it is shown as it is): no fixed side where ``finding`` (which finds the side in
    each frame) makes the true faces about as likely, or reads more of the rolls' dice right."""
    fits = np.zeros(5)  # turns 0-3, then finding the side in each frame
    dice = 0
    for roll in rolls:
        image = view.apply(roll.image)
        crops = told.looker.crops(image, told.looker.locate(image))[:MAX_PEAKS]
        if not len(crops):
            continue
        dice += len(roll.truth)
        for k in range(4):
            fits[k] += truth_fit(told.model, np.ascontiguousarray(np.rot90(crops, k, (2, 3))),
                                 roll.truth)
        fits[4] += truth_fit(finding.model, crops, roll.truth)
    best = int(np.argmax(fits[:4]))
    if not dice or fits[best] - fits[4] < FAR_SIDE_NATS * dice:
        return FarSide(None)
    turned = scored(rolls, CalibratedReader(told, replace(view, turn=best)))[1]
    if net_rolls(turned, scored(rolls, CalibratedReader(finding, view))[1]) < 1:
        return FarSide(None)
    if len(rolls) < SURE_ROLLS and fits[best] - fits[4] < CLEAR_NATS * dice:
        return FarSide(None, best, SURE_ROLLS - len(rolls))
    return FarSide(best)
