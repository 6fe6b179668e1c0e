"""`DiceReader`: find every die in a frame and read its top face, with onnxruntime only.

The reader is the policy over its two parts: a `Looker` finds the dice in a frame (at every
scale, with ``pyramid``, for photos) and cuts their crops; the `DiceModel` reads each crop's
face (in quarter-turns, with a face head where calibration fitted one). The reader decides what
is a die and which face it shows, and doubts: a peak dropped at its own size is read again from
bigger crops, and a die read unsurely is given a second look from crops of other sizes
(`DiceReader.judge`).

>>> reader = DiceReader(None, ReaderSettings(DiceKind.PIP))
>>> len(reader.read(np.full((480, 640, 3), 200, np.uint8)))
0
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from lcr_vision.faces import DiceKind
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.dice_model import VIEWS, DiceModel
from lcr_vision.vision.head import FaceHead
from lcr_vision.vision.heatmap import Peaks
from lcr_vision.vision.images import check_frame
from lcr_vision.vision.looker import Looker
from lcr_vision.vision.spec import (
    CLASSES,
    HEAT_THRESHOLD,
    NONE,
    SURE_HEAT,
    SURE_PEAK_SHARE,
    class_mask,
)

EDGE_SHARE = 0.1  # a box reaching this share of its size past the frame edge is a cut die
# A peak whose crop reads ``none`` or unsure is read again from crops this many times its size
# before it is dropped: the locator's size is often half a big die's (the dot of a dot face, a
# letter, taken for the die), and a crop of the mark alone reads as no die. The size read surest
# is the die's box. At most `MAX_REREAD` peaks a frame, strongest first, so clutter costs little.
REREAD_SCALES = (1.6, 2.2)
MAX_REREAD = 8
# A die kept is read again from crops this much smaller and bigger, and the three reads'
# probabilities averaged are its face and score: a face that one crop alone reads is doubted.
# On renders from a webcam at the table's edge this cuts the dice committed wrong at the table's
# doubt threshold (`lcr-vision measure reliability`, and the model card's curve; figures:
# docs/figures.md, "Figures behind the code's settings").
SECOND_LOOK = (0.8, 1.25)
# Only a die whose first read gives its face less probability than this is given the second look;
# one read surer keeps its first read. The look is two more crops a die, most of a frame's reading
# time, and it earns them by taking a wrong die under the table's doubt threshold (0.85,
# `vision.verdict`), so the bar stands well above it: high enough that `measure reliability` and
# `measure games` let no die more by silently than every die's second look did, where a bar a
# little lower let more by (models/README.md, second look; docs/figures.md, "Figures behind the
# code's settings").
SECOND_BELOW = 0.99


@dataclass(frozen=True)
class Look:
    """One look at a picture (`DiceReader.look`): the picture, the locator's peaks in it, and
    the classifier's outputs for every set of crops cut from it so far, logits and (where
    ``features``) pooled features ``(turns, N, ...)``, as `DiceModel.crop_outputs` gives them.

    A look is judged into dice by `DiceReader.judge`, the one decision step every reading goes
    through: play, calibration, measurement. A face head changes only what is made of the
    outputs, so a look judged again with another head runs the classifier only on crops no
    judging cut before (calibration judges each check roll once per head it tries)."""

    image: np.ndarray
    peaks: Peaks
    features: bool = False
    outputs: dict[tuple[object, ...], tuple[np.ndarray, np.ndarray | None]] = field(
        default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class Read:
    """A frame's peaks as the classifier read them: the class and probability chosen for each
    (`DiceReader.choose`), and every class's probability."""

    peaks: Peaks
    best: np.ndarray
    score: np.ndarray
    probs: np.ndarray


@dataclass(frozen=True)
class Stages:
    """A frame read in stages (`DiceReader.stages`): the locator's peaks, and the dice read."""

    peaks: Peaks
    dice: Detections


@dataclass(frozen=True)
class ReaderSettings:
    """How a `DiceReader` reads, apart from how onnxruntime runs it (threads, kernels): the one
    value that a calibration profile, the command line and measurement hand the reader, and that
    calibration varies a field of at a time (`DiceReader.reading`).

    ``dice`` limits the faces reported (``None``: any; the dice of one frame are still one set).
    ``heat_threshold`` is the locator's least heat for a die, ``face_score`` the least probability
    a face is reported at (``None``: the model's own, from its metadata, else `FACE_SCORE`; the
    table's doubt threshold then judges what is reported). Each crop is read in ``views``
    quarter-turns (1, 2 or 4). ``pyramid`` looks at every scale, as photos deserve. ``find_up``
    reads an upright model's crops with the side of the frame they read surest at as the far side
    (`DiceModel.surest_up`); ``False`` where the up is known (a calibrated view turned the far
    side up). ``reread`` reads a peak dropped at its own size again from bigger crops
    (`DiceReader.judge`); ``second`` reads each die kept whose face read less probable than
    ``second_below`` again from crops of other sizes (`DiceReader.judge`; ``math.inf``:
    every die, as before `SECOND_BELOW`). ``head`` corrects the classifier's logits for one set
    of dice (calibration's; it needs a model with the ``features`` output).

    >>> ReaderSettings(DiceKind.LCR, pyramid=True).pyramid
    True
    """

    dice: DiceKind | None = None
    heat_threshold: float = HEAT_THRESHOLD
    face_score: float | None = None
    views: int = VIEWS
    pyramid: bool = False
    find_up: bool = True
    reread: bool = True
    second: bool = True
    second_below: float = SECOND_BELOW
    head: FaceHead | None = None


class DiceReader:
    """Reads dice faces from BGR frames as its `ReaderSettings` say.

    >>> reader = DiceReader(None, ReaderSettings(DiceKind.LCR))
    >>> reader.reading(pyramid=True).settings.pyramid, reader.settings.pyramid
    (True, False)
    """

    def __init__(self, model_path: Path | None = None,
                 settings: ReaderSettings = ReaderSettings(), threads: int = 1,
                 optimize: bool = True) -> None:
        """The model at ``model_path`` (default: the shipped one) run with ``threads``.
        ``optimize=False`` runs onnxruntime's graph as stored, without fusing its operators:
        other kernels, as another processor or install may run, for measuring how far the
        figures move with them (``lcr_vision.measure.accuracy``)."""
        self.model = DiceModel(model_path, threads, optimize)
        self._configure(settings)

    def reading(self, **changes: object) -> DiceReader:
        """This reader with the `ReaderSettings` fields ``changes`` changed, sharing its
        onnxruntime session (calibration tries a dozen settings on one model)."""
        other = copy.copy(self)
        other._configure(replace(self.settings, **changes))  # type: ignore[arg-type]
        return other

    def _configure(self, settings: ReaderSettings) -> None:
        self.model = self.model.viewing(settings.views, settings.find_up, settings.head)
        self.looker = Looker(self.model, settings.pyramid, settings.heat_threshold)
        self.settings = settings
        none = np.array(CLASSES) == NONE
        self.allowed = class_mask(settings.dice) | none
        # Without ``dice``, the dice of one frame are still one set (`_one_set`): pips or boxed.
        self.sets = () if settings.dice is not None else tuple(
            class_mask(kind) | none for kind in (DiceKind.PIP, DiceKind.WILD))
        self.face_score = self.model.face_score if settings.face_score is None \
            else settings.face_score

    def _classify(self, look: Look,
                  peaks: Peaks) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Class index and probability of each of ``peaks``' crops in ``look``, over the allowed
        classes only, and every class's probability ``(N, C)``."""
        if not len(peaks.scores):
            return np.zeros(0, int), np.zeros(0, np.float32), np.zeros((0, len(CLASSES)))
        probs = self._class_probs(self._log_probs_of(look, peaks))
        return (*self.choose(probs, peaks.scores), probs)

    def _log_probs_of(self, look: Look, peaks: Peaks) -> np.ndarray:
        """`DiceModel.log_probs` of the crops of ``peaks`` cut from ``look``'s picture, their
        outputs kept in the look: the same crops read by this model in the same views are never
        run again."""
        model = self.model
        features = look.features or model.head is not None
        key = (id(model.session), model.turns, model.find_up, features,
               peaks.centers.tobytes(), peaks.sizes.tobytes())
        if key not in look.outputs:
            look.outputs[key] = model.crop_outputs(self.looker.crops(look.image, peaks), features)
        return model.log_probs(*look.outputs[key])

    def _class_probs(self, log_probs: np.ndarray,
                    classes: np.ndarray | None = None) -> np.ndarray:
        """Each crop's probabilities ``(N, C)`` over the classes its frame may show (``classes``,
        a mask, where already known)."""
        mask = self._one_set(log_probs) if classes is None else classes
        log_probs = np.where(mask, log_probs, -np.inf)
        probs = np.exp(log_probs - log_probs.max(1, keepdims=True))
        return probs / probs.sum(1, keepdims=True)

    @staticmethod
    def choose(probs: np.ndarray, heat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Class index and probability of each crop of ``probs``; a crop whose locator
        ``heat`` makes it a die (`SURE_HEAT`) is its likeliest face unless ``none`` has the
        majority."""
        none = CLASSES.index(NONE)
        best = np.where((heat >= SURE_HEAT) & (probs[:, none] < 0.5), _likeliest_face(probs),
                        probs.argmax(1))
        return best, probs[np.arange(len(best)), best]

    def best_faces(self, log_probs: np.ndarray,
                   heat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """`choose` over the `_class_probs` of ``log_probs``."""
        return self.choose(self._class_probs(log_probs), heat)

    def _set_of(self, probs: np.ndarray) -> np.ndarray:
        """The classes a frame's dice, read as ``probs``, were read among (`_one_set`): the few
        dice given a second look are read as that set, not as the set they alone suggest."""
        if not self.sets:
            return self.allowed
        return min(self.sets, key=lambda mask: float(probs[:, ~mask].sum()))

    def _one_set(self, log_probs: np.ndarray) -> np.ndarray:
        """The classes a frame's dice may be read as. Knowing the dice (``dice``), their faces.
        Otherwise the dice on a table are one set, pip dice or boxed ones, so the frame is read
        as the set that explains its dice best (the sum over them of the log-probability of that
        set's faces): a pip 1 and a boxed dot look alike, the 2-6 or the letters beside them do
        not, so the 1s of a pip roll are not reported as dots."""
        dice = log_probs.argmax(1) != CLASSES.index(NONE)
        if not self.sets or not dice.any():
            return self.allowed

        def fit(mask: np.ndarray) -> float:
            chosen = log_probs[dice][:, mask]
            top = chosen.max(1, keepdims=True)
            return float((top[:, 0] + np.log(np.exp(chosen - top).sum(1))).sum())

        return max(self.sets, key=fit)

    def read(self, image_bgr: np.ndarray) -> Detections:
        """Every readable die in the frame: box (frame pixels), face token and confidence."""
        return self.judge(self.look(image_bgr))

    def stages(self, image_bgr: np.ndarray) -> Stages:
        """The frame read as `read` reads it, with the locator's peaks kept: where measurement
        tells a die the locator missed from one the classifier dropped or misread."""
        look = self.look(image_bgr)
        return Stages(look.peaks, self.judge(look))

    def look(self, image_bgr: np.ndarray, features: bool | None = None) -> Look:
        """One look at the frame: its die centres (`locate`), for `judge` to read. ``features``
        keeps the classifier's features of every crop read (default: where a head reads them),
        so that the look can be judged again with any head."""
        image = check_frame(image_bgr)
        return Look(image, self.looker.locate(image),
                    self.model.head is not None if features is None else features)

    def judge(self, look: Look) -> Detections:
        """The dice of ``look``: each peak's crop read, read again from bigger crops where
        dropped (``reread``: `_read_again`), kept where sure enough and whole (`decide`), and
        read again from crops of other sizes where unsure (``second``: `_second_look`)."""
        read = Read(look.peaks, *self._classify(look, look.peaks))
        if self.settings.reread:
            read = self._read_again(look, read)
        dice = self.decide(look.image.shape, read.peaks, read.best, read.score, read.probs)
        return self._second_look(look, dice) if self.settings.second else dice

    def _read_again(self, look: Look, read: Read) -> Read:
        """``read`` where a peak that would be dropped (read ``none`` or unsure) but reads a
        face surely from a bigger crop (`REREAD_SCALES`) takes that crop's size and reading."""
        peaks = read.peaks
        again = np.flatnonzero(~self._sure(peaks.scores, read.best, read.score))[:MAX_REREAD]
        if not len(again):
            return read
        k = len(REREAD_SCALES)
        trial = Peaks(np.tile(peaks.centers[again], (k, 1)),
                      np.concatenate([peaks.sizes[again] * s for s in REREAD_SCALES]),
                      np.tile(peaks.scores[again], k))
        faces, scores, probs = self._classify(look, trial)
        faces, scores = faces.reshape(k, -1), scores.reshape(k, -1)
        sure = self._sure(trial.scores.reshape(k, -1), faces, scores)
        chosen = np.where(sure, scores, -1.0).argmax(0)
        found = np.flatnonzero(sure[chosen, np.arange(len(again))])
        at, pick = again[found], chosen[found]
        sizes, best = peaks.sizes.copy(), read.best.copy()
        score, kept = read.score.copy(), read.probs.copy()
        sizes[at] = trial.sizes.reshape(k, len(again), 2)[pick, found]
        best[at], score[at] = faces[pick, found], scores[pick, found]
        kept[at] = probs.reshape(k, len(again), -1)[pick, found]
        return Read(Peaks(peaks.centers, sizes, peaks.scores), best, score, kept)

    def _second_look(self, look: Look, dice: Detections) -> Detections:
        """``dice`` where each die whose face read less probable than ``second_below`` is read
        again from crops `SECOND_LOOK` times its size: its face and score are those of the three
        reads' probabilities averaged (the likeliest face, never ``none``: the die was found).
        A die read surer keeps its first read."""
        if dice.probs is None:
            return dice
        unsure = np.flatnonzero(dice.scores < self.settings.second_below)
        if not len(unsure):
            return dice
        boxes = dice.boxes[unsure]
        sizes = np.stack([boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]], 1)
        centers, classes = dice.centers[unsure], self._set_of(dice.probs)
        looks = [self._class_probs(self._log_probs_of(
            look, Peaks(centers, sizes * k, np.ones(len(unsure)))), classes)
            for k in SECOND_LOOK]
        probs = dice.probs.copy()
        probs[unsure] = np.mean([dice.probs[unsure], *looks], axis=0)
        best = _likeliest_face(probs[unsure])
        faces, scores = list(dice.faces), dice.scores.copy()
        for i, b in zip(unsure, best):
            faces[i] = CLASSES[b]
        scores[unsure] = probs[unsure, best]
        return Detections(dice.boxes, faces, scores, probs)

    def _sure(self, heat: np.ndarray, best: np.ndarray, score: np.ndarray) -> np.ndarray:
        """Whether each crop read as ``best`` with ``score`` is a die to report: a face, not
        ``none``, sure enough, or less sure where the locator's ``heat`` makes it a die."""
        sure = (score >= self.face_score) | (
            (heat >= SURE_HEAT) & (score >= SURE_PEAK_SHARE * self.face_score))
        return sure & (best != CLASSES.index(NONE))

    def decide(self, shape: tuple[int, ...], peaks: Peaks, best: np.ndarray,
               score: np.ndarray, probs: np.ndarray | None = None) -> Detections:
        """The dice of a frame of ``shape`` whose ``peaks`` read as ``best`` with ``score``
        (`judge`): those not ``none``, sure enough (less sure where the locator is sure of
        the die: `SURE_HEAT`), not cut by the frame's edge, each once."""
        boxes = peaks.boxes()
        h, w = shape[:2]
        overhang = np.maximum(np.maximum(-boxes[:, :2], boxes[:, 2:] - (w, h)), 0).max(1)
        keep = (self._sure(peaks.scores, best, score)
                & (overhang <= EDGE_SHARE * peaks.sizes.mean(1)))
        keep &= _not_duplicate(peaks.centers, peaks.sizes.mean(1), keep)
        boxes = np.clip(boxes[keep], 0, (w, h, w, h))
        return Detections(boxes, [CLASSES[i] for i in best[keep]], score[keep],
                          None if probs is None else probs[keep])


def _likeliest_face(probs: np.ndarray) -> np.ndarray:
    """Each row's likeliest class of ``probs`` other than ``none``."""
    return np.where(np.arange(probs.shape[1]) == CLASSES.index(NONE), -1.0, probs).argmax(1)


def _not_duplicate(centers: np.ndarray, sizes: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """False for a kept peak within half a die of a stronger kept peak (peaks come strongest
    first)."""
    out = keep.copy()
    for i in range(len(centers)):
        if out[i]:
            near = np.linalg.norm(centers[i + 1:] - centers[i], axis=1) < 0.5 * sizes[i]
            out[i + 1:] &= ~near
    return out
