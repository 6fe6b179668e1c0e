"""`DiceReader`: find every die in a frame and read its top face, with onnxruntime only.

Two stages in one ONNX file. The locator sees the frame shrunk to 320 px on its longest side and
marks die centres on a heat map; the classifier then reads a crop of each die (40x40 for the
shipped model) cut from the full-resolution frame, choosing among the faces the dice in use can
show, or ``none`` (no die, a die cut by the frame edge, a side face). Localising small and reading
from full detail is what makes both small dice and big frames cheap. Each crop is read in ``views``
quarter-turns and the answers averaged: a die lies at any angle, so every turn is as fair a look at
its face as the first. An upright model (trained with the frame's up kept, where the table's far
side is) is read as cut and mirrored instead: turned, its side faces would no longer be below the
top face; where no calibration says which side of the frame is the far side, the reader finds it
(`UP_PRIOR`).

One look at 320 px is what a live camera affords, and it misses many dice under about 3% of the
frame's width (a die across a table in a phone's photo). With ``pyramid``, for photos, the
locator also looks at twice that scale and twice again up to the frame's own: each finer look
adds only the dice too small for the look before, so big dice are not found again where their
pips and sides could pass for dice.

>>> reader = DiceReader(None, ReaderSettings(DiceKind.PIP))
>>> len(reader.read(np.full((480, 640, 3), 200, np.uint8)))
0
"""

from __future__ import annotations

import copy
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np

from lcr_vision.errors import Said, UserError
from lcr_vision.faces import DiceKind
from lcr_vision.vision.crops import cut_crops
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.head import FaceHead
from lcr_vision.vision.heatmap import Peaks, decode
from lcr_vision.vision.images import check_frame
from lcr_vision.vision.spec import (
    CLASSES,
    CLASSIFIER_OUTPUT,
    CROP,
    CROPS_INPUT,
    FACE_SCORE,
    FACE_SCORE_KEY,
    FEATURES_OUTPUT,
    HEAT_THRESHOLD,
    IMAGE_INPUT,
    LOCATOR_OUTPUTS,
    LOCATOR_SIDE,
    LOCATOR_SIDE_KEY,
    NONE,
    PAD_VALUE,
    SURE_HEAT,
    SURE_PEAK_SHARE,
    UPRIGHT_KEY,
    class_mask,
)

if TYPE_CHECKING:
    import onnxruntime as ort

DEFAULT_MODEL = Path(__file__).resolve().parents[2] / "models" / "dice.onnx"
MAX_PEAKS = 64  # locator peaks read per frame, strongest first
# Quarter-turns each crop is read in, log-probabilities averaged. Four views read more of the real
# validation split right than one, dice and photos, for a little more time a frame; on renders the
# gain is within their noise (models/README.md; figures: docs/figures.md, "Figures behind the
# code's settings").
VIEWS = 4
# The views read for each number of views, as (quarter-turns, mirrored). An upright model (see
# `spec.UPRIGHT_KEY`) learnt the frame's up, so it is never turned; it is read as cut and mirrored.
_TURNS = {1: ((0, False),), 2: ((0, False), (2, False)),
          4: ((0, False), (1, False), (2, False), (3, False))}
_UPRIGHT = {1: ((0, False),), 2: ((0, False), (0, True)), 4: ((0, False), (0, True))}
# Where the camera's roll is not known (no calibration said where the table's far side is), an
# upright model reads a frame's crops with each of its four sides as the up, as cut, and then
# reads them as cut and mirrored with the side they read surest at (the sum over them of the best
# class's log-probability) up, the frame's own up first by this many nats a die: on renders from
# cameras rolled any way it reads more dice than the frame's up alone, and a few fewer from cameras
# that stand upright (models/README.md, "Finding the far side"; figures: docs/figures.md, "Figures
# behind the code's settings").
UP_PRIOR = 0.1
SIDES = tuple((k, False) for k in range(4))  # each side of the frame up, as cut
EDGE_SHARE = 0.1  # a box reaching this share of its size past the frame edge is a cut die
# A finer look of the pyramid keeps the dice under this many locator pixels, that is under 18 in
# the look before, where that look starts missing dice (models/README.md, "Photos of any size").
HANDOVER = 36.0
# The smallest dice to read are about 14 px; a peak under this is a speck (a printed dot, a card's
# pip), and its crop, enlarged four times, could read as any face.
MIN_DIE_PX = 10.0
# A finer look's peak inside the box of a die this many times its size, found by a coarser look,
# is part of that die: in a close-up its pips (a fifth of it across) are as big as far dice. Two
# touching small dice that a coarser look took for one die are only twice one, so they stay.
PIP_RATIO = 3.0
# One look at a frame (a live camera's) shows the locator at most this many times its own side:
# a 1280x720 or 1920x1080 webcam at 640 px, where at 320 px dice its resolution shows at 25-30 px
# were 6-8 locator pixels and went missing. The dice are then as many locator pixels as a 640x480
# camera's closer by half; the look costs about 2.5 times the 320-px look, and the read 1.5 times
# (docs/figures.md, "Figures behind the code's settings").
LIVE_LOOK = 2.0
# The most pixels one look of the pyramid shows the locator: it takes about 90 bytes a pixel, so
# this keeps reading any photo (up to the pixel limit of `lcr_vision.vision.limits`) under 1 GB.
# A 12-megapixel phone photo's finest look is 4.9 megapixels; a bigger photo's is shrunk to this.
MAX_LOOK_PIXELS = 5_000_000
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


class ModelError(UserError):
    """The model file is missing or is not a dice-reader model."""


@dataclass(frozen=True)
class Look:
    """One look at a picture (`DiceReader.look`): the picture, the locator's peaks in it, and
    the classifier's outputs for every set of crops cut from it so far, logits and (where
    ``features``) pooled features ``(turns, N, ...)``, as `DiceReader.crop_outputs` gives them.

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


def _crop_side(session: ort.InferenceSession) -> int:
    """The side of the crops the model's classifier was trained on: its input's fixed size, so a
    model trained with another ``CROP`` is still fed crops as it learnt them."""
    inputs = [*session.get_inputs(), *session.get_overridable_initializers()]  # ours have defaults
    side = {i.name: i.shape for i in inputs}.get(CROPS_INPUT, [None])[-1]
    return side if isinstance(side, int) else CROP


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
    (`DiceReader.surest_up`); ``False`` where the up is known (a calibrated view turned the far
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
        import onnxruntime as ort
        from onnxruntime.capi.onnxruntime_pybind11_state import (
            Fail,
            InvalidArgument,
            InvalidGraph,
            InvalidProtobuf,
            NoSuchFile,
        )

        path = Path(model_path) if model_path is not None else DEFAULT_MODEL
        if not path.is_file():
            raise ModelError(Said("no_model", {"path": str(path)}))
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3  # the inputs' default values are meant to be overridable
        if not optimize:
            options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
        try:
            self.session = ort.InferenceSession(str(path), options,
                                                providers=["CPUExecutionProvider"])
        except (Fail, InvalidArgument, InvalidGraph, InvalidProtobuf, NoSuchFile) as exc:
            raise ModelError(Said("bad_model", {"path": str(path), "why": str(exc)})) from None
        self.crop = _crop_side(self.session)
        self.model_path = path
        self.has_features = FEATURES_OUTPUT in {o.name for o in self.session.get_outputs()}
        self.meta = self.session.get_modelmeta().custom_metadata_map
        # The longest side the locator looks at a frame in (models before g2 do not say: 320).
        self.locator_side = int(self.meta.get(LOCATOR_SIDE_KEY, LOCATOR_SIDE))
        self.upright = self.meta.get(UPRIGHT_KEY) == "1"
        self._configure(settings)

    def reading(self, **changes: object) -> DiceReader:
        """This reader with the `ReaderSettings` fields ``changes`` changed, sharing its
        onnxruntime session (calibration tries a dozen settings on one model)."""
        other = copy.copy(self)
        other._configure(replace(self.settings, **changes))  # type: ignore[arg-type]
        return other

    def _configure(self, settings: ReaderSettings) -> None:
        if settings.views not in _TURNS:
            raise UserError(Said("views", {"views": settings.views}))
        self.settings = settings
        self.head = self._usable(settings.head)
        none = np.array(CLASSES) == NONE
        self.allowed = class_mask(settings.dice) | none
        # Without ``dice``, the dice of one frame are still one set (`_one_set`): pips or boxed.
        self.sets = () if settings.dice is not None else tuple(
            class_mask(kind) | none for kind in (DiceKind.PIP, DiceKind.WILD))
        self.face_score = float(self.meta.get(FACE_SCORE_KEY, FACE_SCORE)) \
            if settings.face_score is None else settings.face_score
        self.find_up = settings.find_up and self.upright
        self.turns = (_UPRIGHT if self.upright else _TURNS)[settings.views]

    def _usable(self, head: FaceHead | None) -> FaceHead | None:
        if head is not None and not self.has_features:
            raise ModelError(Said("no_features", {"path": str(self.model_path),
                                                  "output": FEATURES_OUTPUT}))
        shapes = {o.name: o.shape[-1] for o in self.session.get_outputs()}
        wanted = (shapes.get(FEATURES_OUTPUT), shapes.get(CLASSIFIER_OUTPUT))
        if head is not None and all(isinstance(n, int) for n in wanted) \
                and head.weights.shape != wanted:
            raise ModelError(Said("head_shape", {
                "features": head.weights.shape[0], "classes": head.weights.shape[1],
                "path": str(self.model_path), "gives": f"{wanted[0]} and {wanted[1]}"}))
        return head

    def locate(self, image: np.ndarray) -> Peaks:
        """Die centres and sizes in ``image`` pixels, strongest first, from each of the locator's
        looks (`look_scales`). A finer look adds only dice under `HANDOVER` of its pixels and not
        inside a bigger die found by a coarser look (where they are its pips); no look adds one
        under `MIN_DIE_PX` of the image's. Each look's picture is shrunk from the finer one's,
        which costs far less than shrinking a 12-megapixel photo again."""
        h, w = image.shape[:2]
        scales = look_scales(image.shape, self.settings.pyramid, self.locator_side)
        seen, shown = [], image
        for scale in reversed(scales):
            size = (max(round(w * scale), 1), max(round(h * scale), 1))
            if size != shown.shape[1::-1]:
                shown = cv2.resize(shown, size, interpolation=cv2.INTER_AREA)
            seen.insert(0, self._look(shown))
        looks: list[Peaks] = []
        for i, (scale, peaks) in enumerate(zip(scales, seen)):
            sizes = peaks.sizes.mean(1)
            keep = (sizes >= MIN_DIE_PX * scale) & (sizes < (HANDOVER if i else np.inf))
            looks.append(_outside(Peaks(peaks.centers[keep] / scale, peaks.sizes[keep] / scale,
                                        peaks.scores[keep]), looks))
        scores = np.concatenate([p.scores for p in looks])
        top = np.argsort(-scores, kind="stable")[:MAX_PEAKS]
        return Peaks(np.concatenate([p.centers for p in looks])[top],
                     np.concatenate([p.sizes for p in looks])[top], scores[top])

    def _look(self, picture: np.ndarray) -> Peaks:
        """The locator's peaks on ``picture``, in its pixels (padded to a multiple of 16)."""
        h, w = picture.shape[:2]
        pw, ph = -w % 16, -h % 16
        if pw or ph:
            picture = cv2.copyMakeBorder(picture, 0, ph, 0, pw, cv2.BORDER_CONSTANT,
                                         value=(PAD_VALUE,) * 3)
        tensor = picture.transpose(2, 0, 1)[None].astype(np.float32)
        heat, size, offset = self.session.run(list(LOCATOR_OUTPUTS), {IMAGE_INPUT: tensor})
        return decode(heat[0, 0], size[0], offset[0], self.settings.heat_threshold)

    def crop_outputs(self, crops: np.ndarray,
                     features: bool | None = None) -> tuple[np.ndarray, np.ndarray | None]:
        """Logits ``(T, N, 12)`` of ``crops`` ``(N, 3, crop, crop)`` in each of the reader's ``T``
        views (``views`` 4: turned by 0, 90, 180, 270 degrees; 2: 0 and 180; 1: as cut; an upright
        model's: as cut and mirrored, turned first with ``find_up`` so that the side of the frame
        they read surest at is up: `surest_up`), and their pooled features ``(T, N, F)`` where
        asked for (default: where a head reads them) and the model gives them (else ``None``)."""
        wanted = self.head is not None if features is None else features
        names = [CLASSIFIER_OUTPUT] + [FEATURES_OUTPUT] * (wanted and self.has_features)
        if self.find_up and len(crops):
            return self._outputs_at_surest_side(crops, names)
        return self._outputs(crops, self.turns, names)

    def _outputs(self, crops: np.ndarray, views: Sequence[tuple[int, bool]],
                 names: list[str]) -> tuple[np.ndarray, np.ndarray | None]:
        """The ``names`` outputs ``(len(views), N, ...)`` of ``crops`` in ``views`` (quarter-turns,
        mirrored), in one onnxruntime call."""
        batch = np.ascontiguousarray(np.concatenate(
            [np.rot90(crops[..., ::-1] if mirrored else crops, k, (2, 3))
             for k, mirrored in views]))
        logits, *features = self.session.run(names, {CROPS_INPUT: batch})
        shape = (len(views), len(crops))
        return (logits.reshape(*shape, logits.shape[-1]),
                features[0].reshape(*shape, features[0].shape[-1]) if features else None)

    def _outputs_at_surest_side(self, crops: np.ndarray,
                                names: list[str]) -> tuple[np.ndarray, np.ndarray | None]:
        """`crop_outputs` of an upright model finding the far side: the crops as cut with each
        side up (`surest_up`), of which the surest side's is also its first view, then that
        side's other views (mirrored): five views a die, not six."""
        sides = self._outputs(crops, SIDES, names)
        k = _surest(sides[0])
        first = [part[k:k + 1] if part is not None else None for part in sides]
        if len(self.turns) == 1:
            return first[0], first[1]
        others = self._outputs(np.rot90(crops, k, (2, 3)), self.turns[1:], names)
        return (np.concatenate([first[0], others[0]]),
                None if others[1] is None else np.concatenate([first[1], others[1]]))

    def surest_up(self, crops: np.ndarray) -> int:
        """The quarter-turns (anticlockwise) that bring up the side of the frame one frame's
        ``crops`` read surest at, as cut: the sum over them of the best class's log-probability,
        the frame's own up first by `UP_PRIOR` a crop."""
        return _surest(self._outputs(crops, SIDES, [CLASSIFIER_OUTPUT])[0])

    def _log_probs(self, logits: np.ndarray, features: np.ndarray | None) -> np.ndarray:
        """Log-probabilities ``(N, 12)`` from `crop_outputs`, the face head applied to each
        turn's logits, averaged over the turns."""
        if self.head is not None and features is not None:
            logits = self.head.apply(logits, features)
        return _log_softmax(logits).mean(0)

    def face_log_probs(self, crops: np.ndarray) -> np.ndarray:
        """Log-probabilities ``(N, 12)`` of ``crops`` ``(N, 3, crop, crop)``, averaged over the
        reader's quarter-turns."""
        return self._log_probs(*self.crop_outputs(crops))

    def crops(self, image: np.ndarray, peaks: Peaks) -> np.ndarray:
        """The classifier's crop ``(N, 3, crop, crop)`` of each peak, cut from ``image``."""
        return cut_crops(image, peaks.centers, peaks.sizes.mean(1), self.crop)

    def _classify(self, look: Look,
                  peaks: Peaks) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Class index and probability of each of ``peaks``' crops in ``look``, over the allowed
        classes only, and every class's probability ``(N, C)``."""
        if not len(peaks.scores):
            return np.zeros(0, int), np.zeros(0, np.float32), np.zeros((0, len(CLASSES)))
        probs = self._class_probs(self._log_probs_of(look, peaks))
        return (*self.choose(probs, peaks.scores), probs)

    def _log_probs_of(self, look: Look, peaks: Peaks) -> np.ndarray:
        """`_log_probs` of the crops of ``peaks`` cut from ``look``'s picture, their outputs kept
        in the look: the same crops read by this model in the same views are never run again."""
        features = look.features or self.head is not None
        key = (id(self.session), self.turns, self.find_up, features,
               peaks.centers.tobytes(), peaks.sizes.tobytes())
        if key not in look.outputs:
            look.outputs[key] = self.crop_outputs(self.crops(look.image, peaks), features)
        return self._log_probs(*look.outputs[key])

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
        return Look(image, self.locate(image), self.head is not None if features is None
                    else features)

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


def _surest(logits: np.ndarray) -> int:
    """The side (`SIDES`) whose logits ``(4, N, C)`` read a frame's crops surest, the frame's own
    up first by `UP_PRIOR` a crop (`DiceReader.surest_up`)."""
    sure = _log_softmax(logits).max(-1).sum(-1)
    sure[0] += UP_PRIOR * logits.shape[1]
    return int(sure.argmax())


def _log_softmax(logits: np.ndarray) -> np.ndarray:
    """Log-probabilities of the classes along the last axis of ``logits``."""
    shifted = logits - logits.max(-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(-1, keepdims=True))


def look_scales(shape: tuple[int, ...], pyramid: bool = False,
                side: int = LOCATOR_SIDE) -> list[float]:
    """The scales the locator sees a frame of ``shape`` (h, w, ...) at. One look (a live
    camera's) shrinks the frame to half its longest side, between ``side`` (the model's locator
    side, never enlarged) and `LIVE_LOOK` times it: a webcam's 640x480 at ``side``, its 1280x720
    and 1920x1080 at twice ``side``. With ``pyramid`` (photos) the first look is at ``side``, then
    every doubling of that up to the frame's own size. No look has more than `MAX_LOOK_PIXELS`:
    the looks over it give way to one of that many pixels, where that is clearly finer than the
    last look kept.

    >>> look_scales((480, 640)), look_scales((480, 640), pyramid=True)
    ([0.5], [0.5, 1.0])
    >>> look_scales((720, 1280)), [round(s, 3) for s in look_scales((1080, 1920))]
    ([0.5], [0.333])
    >>> [round(s, 3) for s in look_scales((3024, 4032), pyramid=True)]
    [0.079, 0.159, 0.317, 0.635]
    >>> [round(s, 3) for s in look_scales((3840, 5120), pyramid=True)]  # 1.0 is over
    [0.062, 0.125, 0.25, 0.5]
    >>> [round(s, 3) for s in look_scales((7071, 7071), pyramid=True)]  # 0.362 and 0.724 are
    [0.045, 0.091, 0.181, 0.316]
    """
    longest = max(shape[:2])
    first = min(side / longest, 1.0)
    if not pyramid:
        return [min(max(first, 0.5), LIVE_LOOK * first)]
    looks = 1 + int(np.log2(1 / first) + 1e-9)
    scales = [first * 2**k for k in range(looks)]
    finest = math.sqrt(MAX_LOOK_PIXELS / (shape[0] * shape[1]))
    kept = [s for s in scales if s <= finest]
    if len(kept) < len(scales) and finest > 1.5 * kept[-1]:
        kept.append(finest)
    return kept


def _outside(peaks: Peaks, coarser: list[Peaks]) -> Peaks:
    """``peaks`` less those whose centre lies in the box of a die at least `PIP_RATIO` times as
    big among ``coarser`` (a pip of a big die, or a letter's stroke, found as a small die).

    >>> big = Peaks(np.array([[100.0, 100.0]]), np.array([[120.0, 120.0]]), np.array([0.9]))
    >>> small = Peaks(np.array([[130.0, 80.0], [200.0, 100.0]]), np.full((2, 2), 20.0),
    ...               np.array([0.8, 0.7]))
    >>> _outside(small, [big]).centers.tolist()
    [[200.0, 100.0]]
    """
    if not coarser or not len(peaks.scores):
        return peaks
    centers = np.concatenate([p.centers for p in coarser])
    sizes = np.concatenate([p.sizes for p in coarser])
    inside = np.all(np.abs(peaks.centers[:, None] - centers[None]) < sizes[None] / 2, axis=2)
    bigger = sizes.mean(1)[None] >= PIP_RATIO * peaks.sizes.mean(1)[:, None]
    keep = ~np.any(inside & bigger, axis=1)
    return Peaks(peaks.centers[keep], peaks.sizes[keep], peaks.scores[keep])


def _not_duplicate(centers: np.ndarray, sizes: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """False for a kept peak within half a die of a stronger kept peak (peaks come strongest
    first)."""
    out = keep.copy()
    for i in range(len(centers)):
        if out[i]:
            near = np.linalg.norm(centers[i + 1:] - centers[i], axis=1) < 0.5 * sizes[i]
            out[i + 1:] &= ~near
    return out
