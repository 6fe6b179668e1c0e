"""Step 5 of calibration: learn this table's dice from the check rolls the user confirmed.

Each check roll is looked at once through the view, and what its crops teach, labelled by the
faces the user confirmed, is cut from every look in one pass, with crops of the empty table as
no die (`lcr_vision.vision.lesson`). A `FaceHead` fitted to them corrects the classifier for
these dice. It is kept only if it reads check rolls it was not fitted to better: the rolls are
split into folds, each fold read by a head fitted to the others, and the head must read them
clearly better than the reader without it (`clearly_better`). Where ten check rolls read short
of what these dice need, calibration asks for ten more first (`more_to_learn`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from lcr_vision.calibration.doubt import Asks
from lcr_vision.calibration.fit import (
    MARGIN,
    CheckRoll,
    accuracy_of,
    net_rolls,
    right_dice,
    wrong_dice,
)
from lcr_vision.calibration.play_area import CalibratedReader, View, ViewLook
from lcr_vision.calibration.profile import Accuracy
from lcr_vision.calibration.store import Checks
from lcr_vision.meter import metered
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.head import FaceHead
from lcr_vision.vision.heatmap import Peaks
from lcr_vision.vision.lesson import Lesson, Shown
from lcr_vision.vision.reader import DiceReader, Look

FOLDS = 5  # check rolls are held out in this many folds (each roll its own with fewer rolls)
MIN_ROLLS = 4  # fewer check rolls cannot both teach a head and show it helps
MAX_PEAKS = 8  # a roll's peaks considered for its true faces, strongest first
NET_ROLLS = 2  # rolls more that a head reads better than worse, where it reads fewer dice wrong
LEARN_ROLLS = 20  # check rolls asked for in all before learning dice read short of LEARN_BELOW
LEARN_BELOW = 0.97  # a share of check dice read right below which there is something to learn
# The crops' jitters and the empty table's spots are drawn from this seed: the same check rolls
# always teach the same head.
SEED = 0
# Calibration's first head may also be kept for reading each die's first read clearly better, as
# if the reader read no die again (`DiceReader.judge`): on the few rolls held out, the second look
# mends some of what a head mends and hides its gain (models/README.md, "judged on the held-out
# check rolls' first reads"). It is kept so only where play's own reads of the same rolls are no
# worse: every figure said and every other test is on play's reads, as the table reads.
FIRST_READ: dict[str, object] = {"reread": False, "second": False}


@dataclass(frozen=True)
class HeadTrial:
    """What step 5 found: the held-out accuracy without and with a head, and the head fitted to
    every check roll (``None`` when it did not read the held-out rolls clearly better). Judged
    by a table's questions too (`learn`'s ``asks``), ``asked`` is how many held-out rolls the
    table would ask about without and with it, and ``silent`` how many dice it would commit wrong
    without asking. ``truths`` are the held-out rolls' faces and ``reads`` how the table reads
    them with the head kept (or the one read with before, where none is), dice read again and
    given the second look as in play: the evidence a table's doubt is fitted to
    (`lcr_vision.calibration.doubt`)."""

    before: Accuracy
    after: Accuracy
    head: FaceHead | None
    asked: tuple[int, int] | None = None
    silent: tuple[int, int] | None = None
    truths: tuple[tuple[str, ...], ...] = ()
    reads: tuple[Detections, ...] = ()


def more_to_learn(accuracy: Accuracy) -> int:
    """How many more check rolls to ask for before learning the dice the check rolls were read
    with ``accuracy``: up to `LEARN_ROLLS` in all where fewer than `LEARN_BELOW` of their dice
    were read right, none where the dice read well already.

    Why: ten check rolls show a face or two once or never, and a head fitted to eight of them
    misses what the other two show, so held out in turn they judge a head worse than it is. On
    the printed trial tables (``lcr-vision measure calibration --kinds printed``), heads were
    kept with the ten more this asks for where 10 check rolls kept none, and later dice read
    better, none worse. Asking for twenty more read little better there, but on the default
    kinds refused a table of small dice that 20 rolls accepted and read a close camera's table
    worse (docs/figures.md, "Figures behind the code's settings").

    >>> more_to_learn(Accuracy(rolls=10, dice=20, die_accuracy=0.9, roll_accuracy=0.8))
    10
    >>> more_to_learn(Accuracy(rolls=10, dice=20, die_accuracy=1.0, roll_accuracy=1.0))
    0
    """
    return max(LEARN_ROLLS - accuracy.rolls, 0) if accuracy.die_accuracy < LEARN_BELOW else 0


def shown(look: ViewLook, roll: CheckRoll) -> Shown:
    """What ``look`` shows of ``roll`` to learn from: the view's picture, the peaks of its
    windows merged (`_merged`), and the faces the user confirmed."""
    return Shown(look.image, _merged(look.windows), roll.truth)


def _merged(windows: Sequence[tuple[Look, tuple[int, int]]]) -> Peaks:
    """The peaks of every window's look in view pixels, strongest first, one for each die (of
    peaks within half a die of each other, the strongest), at most `MAX_PEAKS`."""
    centers = np.concatenate([look.peaks.centers + offset for look, offset in windows])
    sizes = np.concatenate([look.peaks.sizes for look, _ in windows])
    scores = np.concatenate([look.peaks.scores for look, _ in windows])
    keep: list[int] = []
    for i in np.argsort(-scores, kind="stable"):
        if all(np.linalg.norm(centers[i] - centers[k]) >= 0.5 * sizes[k].mean() for k in keep):
            keep.append(int(i))
    keep = keep[:MAX_PEAKS]
    return Peaks(centers[keep].reshape(-1, 2), sizes[keep].reshape(-1, 2), scores[keep])


def learn(reader: DiceReader, view: View, checks: Checks, current: FaceHead | None = None,
          asks: Asks | None = None, fresh: Sequence[bool] | None = None,
          first_reads: bool = False) -> HeadTrial:
    """Fit a head for ``reader`` on the ``checks``' rolls seen through ``view`` and on as many
    crops of their empty table (a frame, where known) as of dice, and measure it on held-out
    folds of the rolls against ``reader`` with the ``current`` head (none: the model as
    trained); the new head is kept only if those read clearly better (`clearly_better`), or,
    judged by the questions a table ``asks``, where it would ask clearly fewer with no die more
    committed wrong (`fewer_questions`). With ``first_reads`` (calibration's first head), it is
    also kept where it reads first reads clearly better (`FIRST_READ`). Whichever way, it is kept
    only where play's reads of the held-out rolls are no worse with it (`no_worse`), and every
    figure returned is counted on play's reads: what calibration says is what the table will
    read. Only the rolls marked ``fresh`` (default: all) are held out, the others always
    taught: a roll the current head was fitted on would judge it better than it is. Each roll
    is looked at once, its look judged with each head, and what it teaches cut from it once
    (`Lesson.cut`)."""
    if not reader.model.has_features:
        raise ValueError("the model has no features output to fit a face head to")
    rolls, background = checks.rolls, checks.background
    seeing = CalibratedReader(reader, view)
    looks = [seeing.look(roll.image, features=True)
             for roll in metered(rolls, "calibration: learning the dice, rolls looked at")]
    lesson = Lesson.cut(reader.reading(head=None),
                        [shown(look, roll) for look, roll in zip(looks, rolls)],
                        None if background is None else view.apply(background),
                        np.random.default_rng(SEED))
    held = [i for i in range(len(rolls)) if fresh is None or fresh[i]]
    heads = [current] * len(held)  # what reads each held-out roll: its fold's head, if any
    if len(held) >= MIN_ROLLS:
        folds = min(FOLDS, len(held))
        for k in range(folds):
            head = lesson.head(leaving_out=set(held[k::folds]))
            heads[k::folds] = [head or current] * len(heads[k::folds])

    def reads(taught: bool, first: bool = False) -> list[Detections]:
        """The held-out rolls read as the table reads them, with their folds' heads where
        ``taught`` (else the ``current`` head); only the first read of each die where
        ``first``."""
        how = FIRST_READ if first else {}
        return [seeing.reading(head=heads[j] if taught else current, **how).judge(looks[i])
                for j, i in enumerate(held)]

    plain, taught = reads(False), reads(True)
    truths = [rolls[i].truth for i in held]
    before, after = [d.faces for d in plain], [d.faces for d in taught]
    keep = clearly_better(truths, before, after)
    if first_reads and not keep:
        keep = clearly_better(truths, *([d.faces for d in reads(t, True)] for t in (False, True)))
    asked = silent = None
    if asks is not None:
        asked = (questions(truths, plain, asks), questions(truths, taught, asks))
        silent = (silent_wrong(truths, plain, asks), silent_wrong(truths, taught, asks))
        keep = keep and silent[1] <= silent[0] or fewer_questions(truths, plain, taught, asks)
    keep = keep and no_worse(truths, before, after)  # never a head that reads the table worse
    return HeadTrial(accuracy_of(truths, before), accuracy_of(truths, after),
                     lesson.head() if keep else None, asked, silent,
                     tuple(tuple(t) for t in truths), tuple(taught if keep else plain))


def questions(truths: Sequence[Sequence[str]], reads: Sequence[Detections], asks: Asks) -> int:
    """How many of the rolls showing ``truths`` the table would ask about, read as ``reads``."""
    return sum(asks(t, d) for t, d in zip(truths, reads))


def silent_wrong(truths: Sequence[Sequence[str]], reads: Sequence[Detections], asks: Asks) -> int:
    """How many dice the table would commit wrong without asking, reading ``reads``."""
    return sum(wrong_dice(t, d.faces) for t, d in zip(truths, reads) if not asks(t, d))


def fewer_questions(truths: Sequence[Sequence[str]], plain: Sequence[Detections],
                    taught: Sequence[Detections], asks: Asks) -> bool:
    """Whether held-out rolls showing ``truths`` read as ``taught`` would be asked about clearly
    less than read as ``plain`` (by `MARGIN` of the rolls and at least two), with no die more
    committed wrong unasked and no die fewer read right: where a table's dice are read right but
    unsurely, which is what makes a family answer, a head that makes them sure is worth keeping
    though it reads no more of them right.

    >>> from lcr_vision.vision.detections import Detections
    >>> def read(faces, score):
    ...     return Detections(np.zeros((len(faces), 4)), list(faces), [score] * len(faces))
    >>> def asks(truth, dice):
    ...     return len(dice) != len(truth) or bool((dice.scores < 0.85).any())
    >>> truths = [("L",), ("C",), ("R",), ("dot",)]
    >>> unsure = [read(t, 0.6) for t in truths]
    >>> fewer_questions(truths, unsure, [read(t, 0.95) for t in truths], asks)
    True
    >>> fewer_questions(truths, unsure, [read(("C",), 0.95), *(read(t, 0.95) for t in truths[1:])],
    ...                 asks)
    False
    """
    clearly = max(2, math.ceil(MARGIN * len(truths)))
    right = sum(right_dice(t, d.faces) for t, d in zip(truths, plain))
    return (questions(truths, taught, asks) <= questions(truths, plain, asks) - clearly
            and silent_wrong(truths, taught, asks) <= silent_wrong(truths, plain, asks)
            and sum(right_dice(t, d.faces) for t, d in zip(truths, taught)) >= right)


def no_worse(truths: Sequence[Sequence[str]], plain: Sequence[Sequence[str]],
             taught: Sequence[Sequence[str]]) -> bool:
    """Whether rolls showing ``truths`` read ``taught`` with no die fewer right and none more
    wrong (a phantom is one) than read ``plain``.

    >>> truths = [("L",), ("C",)]
    >>> no_worse(truths, [("L",), ("R",)], truths), no_worse(truths, truths, [("L", "C"), ("C",)])
    (True, False)
    """
    return (sum(map(right_dice, truths, taught)) >= sum(map(right_dice, truths, plain))
            and sum(map(wrong_dice, truths, taught)) <= sum(map(wrong_dice, truths, plain)))


def clearly_better(truths: Sequence[Sequence[str]], plain: Sequence[Sequence[str]],
                   taught: Sequence[Sequence[str]]) -> bool:
    """Whether held-out rolls showing ``truths`` read ``taught`` clearly better than ``plain``,
    by `MARGIN` of their dice and at least two: more dice right with no roll reading fewer
    right, or fewer dice wrong (a phantom is one), none fewer right, with `NET_ROLLS` more rolls
    reading better than worse. The second is how a head that stops taking the dice's sides and
    shadows for dice shows: on the printed trial tables it kept more heads, each reading later
    rolls better, and no table worse (docs/figures.md, "Figures behind the code's settings").

    >>> truths = [("L",), ("C",), ("R",), ("dot",)]
    >>> clearly_better(truths, [("L", "C"), ("C", "dot"), ("R",), ("dot",)], truths)
    True
    >>> clearly_better(truths, [("L", "C"), ("C", "dot"), ("R",), ("dot",)],
    ...                [("L",), ("C",), ("R", "L"), ("dot",)])
    False
    """
    right_before = [right_dice(t, f) for t, f in zip(truths, plain)]
    right_after = [right_dice(t, f) for t, f in zip(truths, taught)]
    wrong_before = [wrong_dice(t, f) for t, f in zip(truths, plain)]
    wrong_after = [wrong_dice(t, f) for t, f in zip(truths, taught)]
    clearly = max(2, MARGIN * (sum(wrong_before) + sum(right_before)))  # of the dice
    more_right = (sum(right_after) >= sum(right_before) + clearly
                  and all(a >= b for a, b in zip(right_after, right_before)))
    fewer_wrong = (sum(right_after) >= sum(right_before)
                   and sum(wrong_before) - sum(wrong_after) >= clearly
                   and net_rolls(wrong_after, wrong_before) >= NET_ROLLS)
    return more_right or fewer_wrong
