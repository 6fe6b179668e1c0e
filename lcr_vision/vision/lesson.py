"""`Lesson`: what pictures whose faces are known teach a face head, and the heads it fits.

A picture's faces are known (a check roll the user confirmed), not which die showed which, so its
crops are labelled by the assignment the model finds likeliest: every true face to one of the
peaks the locator found, the rest ``none`` (`assign`). Each crop is also cut slightly off-centre
and off-size, as the locator errs, and at the sizes of the reader's second look, so that a head
fitted to them reads the crops play reads. Pictures show few crops of no die, so a head fitted to
them alone learns that whatever the locator finds is a die: crops of the empty table, as many as
of dice, teach it otherwise (`empty_examples`). The classifier reads the examples of the pictures
a head is fitted to together, in one batch (`Lesson.head`): an upright model finding its far side
finds it over the batch, as it always has.

>>> assign(np.log([[0.7, 0.2, 0.1], [0.6, 0.3, 0.1], [0.1, 0.1, 0.8]]), [1], none=2)
[2, 1, 2]
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

import numpy as np

from lcr_vision.vision.crops import cut_crops
from lcr_vision.vision.dice_model import DiceModel
from lcr_vision.vision.head import FaceHead, model_digest
from lcr_vision.vision.heatmap import Peaks
from lcr_vision.vision.looker import Looker
from lcr_vision.vision.reader import SECOND_LOOK, DiceReader
from lcr_vision.vision.spec import CLASSES, NONE

JITTERS = 2  # off-centre, off-size cuts of each crop, besides the crop as the reader cuts it
JITTER = 0.08  # their centre moves by up to this share of the die, their size by twice it
EMPTY_HEAT = 0.1  # the empty table's crops are first cut where the locator finds peaks this hot
EMPTY_GAIN = 0.35  # their brightness drifts by up to this share either way, as a webcam's does


@dataclass(frozen=True)
class Shown:
    """A picture whose dice showed ``faces`` (tokens), with the ``peaks`` the locator found in
    it, strongest first."""

    picture: np.ndarray
    peaks: Peaks
    faces: tuple[str, ...]


@dataclass(frozen=True)
class Examples:
    """Crops ``(K, 3, s, s)`` with their class indices ``labels``, and the sizes (picture
    pixels) of the dice among them as the locator found them."""

    crops: np.ndarray
    labels: np.ndarray
    sizes: np.ndarray

    @property
    def dice(self) -> int:
        """How many of the crops are of a die (not ``none``)."""
        return int((self.labels != CLASSES.index(NONE)).sum())


@dataclass(frozen=True)
class Lesson:
    """The examples of each picture shown (`Lesson.cut`) and of the empty table (``None``:
    none), for heads of ``model`` over the ``allowed`` classes."""

    model: DiceModel
    allowed: np.ndarray
    pictures: tuple[Examples, ...]
    empty: Examples | None

    @classmethod
    def cut(cls, reader: DiceReader, shown: Sequence[Shown], empty: np.ndarray | None,
            rng: np.random.Generator) -> Lesson:
        """The examples ``reader`` cuts from each of ``shown``, labelled by its model as
        trained (``reader`` has no head), then, where they hold a die, from the ``empty``
        table's picture (where known) as many as of dice, each the dice's median size
        (`empty_examples`)."""
        pictures = tuple(examples_of(reader.looker, s, rng) for s in shown)
        dice = sum(p.dice for p in pictures)
        table = None
        if empty is not None and dice:
            size = float(np.median(np.concatenate([p.sizes for p in pictures])))
            table = empty_examples(reader.looker, empty, size, dice, rng)
        return cls(reader.model, reader.allowed, pictures, table)

    def head(self, leaving_out: Collection[int] = ()) -> FaceHead | None:
        """The head fitted to the examples of every picture but those ``leaving_out`` (their
        indices) and the empty table's as no die, read together in every quarter-turn; ``None``
        without dice to learn from."""
        taught = [p for i, p in enumerate(self.pictures) if i not in leaving_out]
        if not sum(p.dice for p in taught):
            return None
        if self.empty is not None:
            taught.append(self.empty)
        crops = np.concatenate([p.crops for p in taught])
        labels = np.concatenate([p.labels for p in taught])
        logits, features = self.model.crop_outputs(crops, features=True)
        turns = len(logits)
        return FaceHead.fit(features.reshape(turns * len(crops), -1),
                            logits.reshape(turns * len(crops), -1), np.tile(labels, turns),
                            self.allowed, model_digest(self.model.path))


def assign(log_probs: np.ndarray, truth: Sequence[int], none: int) -> list[int]:
    """The likeliest class of each of a picture's peaks (``log_probs`` ``(N, C)``, strongest
    peak first) given that its dice show ``truth`` (class indices): each true face goes to one
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


def examples_of(looker: Looker, shown: Shown, rng: np.random.Generator) -> Examples:
    """The crops of ``shown``'s peaks, labelled (`assign`), each also cut `JITTERS` times off
    centre and size and at the `SECOND_LOOK` sizes; none where the locator found fewer peaks
    than dice, since which face a missed die showed is unknown."""
    model, image, peaks = looker.model, shown.picture, shown.peaks
    crops = looker.crops(image, peaks)
    none = CLASSES.index(NONE)
    labels = np.array(assign(model.face_log_probs(crops), [CLASSES.index(f) for f in shown.faces],
                             none) if len(crops) >= len(shown.faces) else [], int)
    if not len(labels):
        return Examples(crops[:0], labels, np.zeros(0))
    sizes = peaks.sizes.mean(1)
    shifted = [cut_crops(image, peaks.centers + rng.uniform(-JITTER, JITTER, (len(sizes), 2))
                         * sizes[:, None], sizes * rng.uniform(1 - 2 * JITTER, 1 + 2 * JITTER,
                                                               len(sizes)), model.crop)
               for _ in range(JITTERS)]
    second = [cut_crops(image, peaks.centers, sizes * k, model.crop) for k in SECOND_LOOK]
    return Examples(np.concatenate([crops, *shifted, *second]),
                    np.tile(labels, 1 + JITTERS + len(second)), sizes[labels != none])


def empty_examples(looker: Looker, picture: np.ndarray, size: float, count: int,
                   rng: np.random.Generator) -> Examples:
    """``count`` crops of the empty table's ``picture``, none of them a die: first where the
    locator is most tempted (its peaks down to `EMPTY_HEAT`), then anywhere, each a die's
    ``size`` (picture pixels) give or take a quarter, its brightness drifted by up to
    `EMPTY_GAIN`."""
    h, w = picture.shape[:2]
    tempting = replace(looker, heat_threshold=EMPTY_HEAT).locate(picture).centers[:count]
    spots = np.concatenate([tempting, rng.uniform((0, 0), (w, h), (count - len(tempting), 2))])
    crops = cut_crops(picture, spots, size * rng.uniform(0.8, 1.25, count), looker.model.crop)
    gains = rng.uniform(1 - EMPTY_GAIN, 1 + EMPTY_GAIN, (count, 1, 1, 1)).astype(np.float32)
    return Examples(np.clip(crops * gains, 0, 255), np.full(count, CLASSES.index(NONE)),
                    np.zeros(0))
