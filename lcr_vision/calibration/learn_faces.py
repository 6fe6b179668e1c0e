"""Step 5 of calibration: learn this table's dice from the check rolls the user confirmed.

The check rolls say which faces were up, not which die showed which, so each roll's crops are
labelled by the assignment the reader finds likeliest: every true face to one of the dice the
locator found, the rest of its peaks ``none`` (`assign`). A `FaceHead` fitted to those crops,
each read in every quarter-turn and cut again slightly off-centre and off-size as the locator
errs, corrects the classifier for these dice. It is kept only if it reads check rolls it was not
fitted to better: the rolls are split into folds, each fold read by a head fitted to the others,
and the head must read them clearly better than the reader without it (`clearly_better`). Check
rolls show few crops of no die, so a head fitted to them alone learns that whatever the locator
finds is a die: crops of the empty table, as many as of dice, teach it otherwise (`empty_crops`).
Where ten check rolls read short of what these dice need, calibration asks for ten more first
(`more_to_learn`).

>>> assign(np.log([[0.7, 0.2, 0.1], [0.6, 0.3, 0.1], [0.1, 0.1, 0.8]]), [1], none=2)
[2, 1, 2]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

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
from lcr_vision.meter import metered
from lcr_vision.vision.crops import cut_crops
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.dice_model import DiceModel
from lcr_vision.vision.head import FaceHead, model_digest
from lcr_vision.vision.heatmap import Peaks
from lcr_vision.vision.looker import Looker
from lcr_vision.vision.reader import SECOND_LOOK, DiceReader, Look
from lcr_vision.vision.spec import CLASSES, NONE

FOLDS = 5  # check rolls are held out in this many folds (each roll its own with fewer rolls)
MIN_ROLLS = 4  # fewer check rolls cannot both teach a head and show it helps
JITTERS = 2  # off-centre, off-size cuts of each crop, besides the crop as the reader cuts it
JITTER = 0.08  # their centre moves by up to this share of the die, their size by twice it
MAX_PEAKS = 8  # a roll's peaks considered for its true faces, strongest first
NET_ROLLS = 2  # rolls more that a head reads better than worse, where it reads fewer dice wrong
LEARN_ROLLS = 20  # check rolls asked for in all before learning dice read short of LEARN_BELOW
LEARN_BELOW = 0.97  # a share of check dice read right below which there is something to learn
EMPTY_HEAT = 0.1  # the empty table's crops are first cut where the locator finds peaks this hot
EMPTY_GAIN = 0.35  # their brightness drifts by up to this share either way, as a webcam's does
# Calibration's first head may also be kept for reading each die's first read clearly better, as
# if the reader read no die again (`DiceReader.judge`): on the few rolls held out, the second look
# mends some of what a head mends and hides its gain (models/README.md, "judged on the held-out
# check rolls' first reads"). It is kept so only where play's own reads of the same rolls are no
# worse: every figure said and every other test is on play's reads, as the table reads.
FIRST_READ: dict[str, object] = {"reread": False, "second": False}


@dataclass(frozen=True)
class CheckRead:
    """A check roll as the reader saw it through the view (its `ViewLook`, judged again with each
    head tried), and the examples it teaches: crops ``(K, 3, s, s)`` with their class indices
    ``labels``, and the sizes (view pixels) of the dice among them as the locator found them."""

    look: ViewLook
    crops: np.ndarray
    labels: np.ndarray
    sizes: np.ndarray

    @property
    def dice(self) -> int:
        """How many of the crops are of a die (not ``none``)."""
        return int((self.labels != CLASSES.index(NONE)).sum())


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


def assign(log_probs: np.ndarray, truth: Sequence[int], none: int) -> list[int]:
    """The likeliest class of each of a roll's peaks (``log_probs`` ``(N, C)``, strongest peak
    first) given that the roll's dice show ``truth`` (class indices): each true face goes to one
    peak, every other peak is ``none``. With fewer peaks than faces, the likeliest faces go."""
    n = len(log_probs)
    best, best_score = [none] * n, -np.inf
    for chosen in itertools.permutations(range(n), min(len(truth), n)):
        for faces in itertools.permutations(truth, len(chosen)):
            labels = [none] * n
            for peak, face in zip(chosen, faces):
                labels[peak] = face
            score = sum(log_probs[i, c] for i, c in enumerate(labels))
            if score > best_score:
                best, best_score = labels, score
    return best


def see(reader: DiceReader, view: View, roll: CheckRoll, rng: np.random.Generator) -> CheckRead:
    """``roll`` looked at through ``view`` as `CalibratedReader` looks, kept for judging with
    each head, and the crops it teaches, labelled."""
    look = CalibratedReader(reader, view).look(roll.image, features=True)
    image = look.image
    peaks = _merged(look.windows)
    crops = reader.looker.crops(image, peaks)
    none = CLASSES.index(NONE)
    side = reader.model.crop
    labels = np.array(assign(reader.model.face_log_probs(crops),
                             [CLASSES.index(f) for f in roll.truth], none)
                      if len(crops) >= len(roll.truth) else [], int)
    if not len(labels):  # a die the locator missed: which face it showed is unknown
        return CheckRead(look, crops[:0], labels, np.zeros(0))
    sizes = peaks.sizes.mean(1)
    shifted = [cut_crops(image, peaks.centers + rng.uniform(-JITTER, JITTER, (len(sizes), 2))
                         * sizes[:, None], sizes * rng.uniform(1 - 2 * JITTER, 1 + 2 * JITTER,
                                                               len(sizes)), side)
               for _ in range(JITTERS)]
    looks = [cut_crops(image, peaks.centers, sizes * k, side) for k in SECOND_LOOK]
    return CheckRead(look, np.concatenate([crops, *shifted, *looks]),
                     np.tile(labels, 1 + JITTERS + len(looks)), sizes[labels != none])


def empty_crops(looker: Looker, view: View, background: np.ndarray, size: float, count: int,
                rng: np.random.Generator) -> np.ndarray:
    """``count`` crops ``(count, 3, s, s)`` of the empty table ``background`` seen through
    ``view``, none of them a die: first where the locator is most tempted (its peaks down to
    `EMPTY_HEAT`), then anywhere, each a die's ``size`` (view pixels) give or take a quarter, its
    brightness drifted by up to `EMPTY_GAIN`."""
    image = view.apply(background)
    h, w = image.shape[:2]
    tempting = replace(looker, heat_threshold=EMPTY_HEAT).locate(image).centers[:count]
    spots = np.concatenate([tempting, rng.uniform((0, 0), (w, h), (count - len(tempting), 2))])
    crops = cut_crops(image, spots, size * rng.uniform(0.8, 1.25, count), looker.model.crop)
    gains = rng.uniform(1 - EMPTY_GAIN, 1 + EMPTY_GAIN, (count, 1, 1, 1)).astype(np.float32)
    return np.clip(crops * gains, 0, 255)


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


def fit_head(model: DiceModel, allowed: np.ndarray, seen: Sequence[CheckRead],
             empty: np.ndarray | None = None) -> FaceHead | None:
    """The head for ``model`` over the ``allowed`` classes, fitted to the labelled crops of
    ``seen`` and the ``empty`` table's crops (`empty_crops`) as no die, read in every
    quarter-turn; ``None`` without dice to learn from."""
    if not sum(s.dice for s in seen):
        return None
    crops = np.concatenate([s.crops for s in seen] + ([] if empty is None else [empty]))
    labels = np.concatenate([s.labels for s in seen]
                            + ([] if empty is None else [np.full(len(empty), CLASSES.index(NONE))]))
    logits, features = model.crop_outputs(crops, features=True)
    turns = len(logits)
    return FaceHead.fit(features.reshape(turns * len(crops), -1),
                        logits.reshape(turns * len(crops), -1), np.tile(labels, turns),
                        allowed, model_digest(model.path))


def learn(reader: DiceReader, view: View, rolls: Sequence[CheckRoll],
          current: FaceHead | None = None, seed: int = 0,
          background: np.ndarray | None = None, asks: Asks | None = None,
          fresh: Sequence[bool] | None = None, first_reads: bool = False) -> HeadTrial:
    """Fit a head for ``reader`` on ``rolls`` seen through ``view`` and on as many crops of the
    empty table ``background`` (a frame, where known) as of dice, and measure it on held-out
    folds of the rolls against ``reader`` with the ``current`` head (none: the model as
    trained); the new head is kept only if those read clearly better (`clearly_better`), or,
    judged by the questions a table ``asks``, where it would ask clearly fewer with no die more
    committed wrong (`fewer_questions`). With ``first_reads`` (calibration's first head), it is
    also kept where it reads first reads clearly better (`FIRST_READ`). Whichever way, it is kept
    only where play's reads of the held-out rolls are no worse with it (`no_worse`), and every
    figure returned is counted on play's reads: what calibration says is what the table will
    read. Only the rolls marked
    ``fresh`` (default: all) are held
    out, the others always taught: a roll the current head was fitted on would judge it better
    than it is. Each roll is looked at once (`see`) and its look judged with each head."""
    if not reader.model.has_features:
        raise ValueError("the model has no features output to fit a face head to")
    reader = reader.reading(head=None)
    rng = np.random.default_rng(seed)
    seen = [see(reader, view, roll, rng)
            for roll in metered(rolls, "calibration: learning the dice, rolls looked at")]
    dice = sum(s.dice for s in seen)
    empty = None if background is None or not dice else empty_crops(
        reader.looker, view, background, float(np.median(np.concatenate([s.sizes for s in seen]))),
        dice, rng)
    held = [i for i in range(len(rolls)) if fresh is None or fresh[i]]
    heads = [current] * len(held)  # what reads each held-out roll: its fold's head, if any
    if len(held) >= MIN_ROLLS:
        folds = min(FOLDS, len(held))
        for k in range(folds):
            out = set(held[k::folds])
            head = fit_head(reader.model, reader.allowed,
                            [s for i, s in enumerate(seen) if i not in out], empty)
            heads[k::folds] = [head or current] * len(heads[k::folds])

    def reads(taught: bool, first: bool = False) -> list[Detections]:
        """The held-out rolls read as the table reads them, with their folds' heads where
        ``taught`` (else the ``current`` head); only the first read of each die where
        ``first``."""
        how = FIRST_READ if first else {}
        return [CalibratedReader(reader.reading(head=heads[j] if taught else current, **how),
                                 view).judge(seen[i].look) for j, i in enumerate(held)]

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
                  fit_head(reader.model, reader.allowed, seen, empty) if keep else None, asked,
                  silent, tuple(tuple(t) for t in truths), tuple(taught if keep else plain))


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
