"""`DiceModel`: the ONNX model's two stages run with onnxruntime, and its crops' face scores.

The locator marks die centres on a heat map of a picture (`DiceModel.peaks`); the classifier
reads crops of dice (40x40 for the shipped model). Each crop is read in ``views`` quarter-turns
and the answers averaged: a die lies at any angle, so every turn is as fair a look at its face as
the first. An upright model (trained with the frame's up kept, where the table's far side is) is
read as cut and mirrored instead: turned, its side faces would no longer be below the top face;
where no calibration says which side of the frame is the far side, the model's reading finds it
(`UP_PRIOR`). A face head (calibration's) corrects the logits from the pooled features; fitting
one needs nothing else of the reader (`lcr_vision.vision.lesson`).

>>> model = DiceModel()
>>> model.face_log_probs(np.zeros((2, 3, model.crop, model.crop), np.float32)).shape
(2, 12)
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np

from lcr_vision.errors import Said, UserError
from lcr_vision.vision.head import FaceHead
from lcr_vision.vision.heatmap import Peaks, decode
from lcr_vision.vision.spec import (
    CLASSIFIER_OUTPUT,
    CROP,
    CROPS_INPUT,
    FACE_SCORE,
    FACE_SCORE_KEY,
    FEATURES_OUTPUT,
    IMAGE_INPUT,
    LOCATOR_OUTPUTS,
    LOCATOR_SIDE,
    LOCATOR_SIDE_KEY,
    PAD_VALUE,
    UPRIGHT_KEY,
)

if TYPE_CHECKING:
    import onnxruntime as ort

DEFAULT_MODEL = Path(__file__).resolve().parents[2] / "models" / "dice.onnx"
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


class ModelError(UserError):
    """The model file is missing or is not a dice-reader model."""


def _crop_side(session: ort.InferenceSession) -> int:
    """The side of the crops the model's classifier was trained on: its input's fixed size, so a
    model trained with another ``CROP`` is still fed crops as it learnt them."""
    inputs = [*session.get_inputs(), *session.get_overridable_initializers()]  # ours have defaults
    side = {i.name: i.shape for i in inputs}.get(CROPS_INPUT, [None])[-1]
    return side if isinstance(side, int) else CROP


class DiceModel:
    """The model file's onnxruntime session and what its metadata says, read in `VIEWS` views
    (finding an upright model's far side) with no head until `viewing` says otherwise."""

    def __init__(self, path: Path | None = None, threads: int = 1, optimize: bool = True) -> None:
        """The model at ``path`` (default: the shipped one) run with ``threads``.
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

        self.path = Path(path) if path is not None else DEFAULT_MODEL
        if not self.path.is_file():
            raise ModelError(Said("no_model", {"path": str(self.path)}))
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3  # the inputs' default values are meant to be overridable
        if not optimize:
            options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
        try:
            self.session = ort.InferenceSession(str(self.path), options,
                                                providers=["CPUExecutionProvider"])
        except (Fail, InvalidArgument, InvalidGraph, InvalidProtobuf, NoSuchFile) as exc:
            raise ModelError(Said("bad_model", {"path": str(self.path), "why": str(exc)})) from None
        self.crop = _crop_side(self.session)
        self.has_features = FEATURES_OUTPUT in {o.name for o in self.session.get_outputs()}
        meta = self.session.get_modelmeta().custom_metadata_map
        # The longest side the locator looks at a frame in (models before g2 do not say: 320).
        self.locator_side = int(meta.get(LOCATOR_SIDE_KEY, LOCATOR_SIDE))
        self.upright = meta.get(UPRIGHT_KEY) == "1"
        self.face_score = float(meta.get(FACE_SCORE_KEY, FACE_SCORE))  # its own least, else ours
        self.turns = (_UPRIGHT if self.upright else _TURNS)[VIEWS]
        self.find_up = self.upright
        self.head: FaceHead | None = None

    def viewing(self, views: int, find_up: bool, head: FaceHead | None) -> DiceModel:
        """This model read in ``views`` quarter-turns (1, 2 or 4), finding an upright model's far
        side where ``find_up``, its logits corrected by ``head``: sharing its onnxruntime session
        (calibration tries a dozen readings on one model)."""
        if views not in _TURNS:
            raise UserError(Said("views", {"views": views}))
        other = copy.copy(self)
        other.head = self._usable(head)
        other.find_up = find_up and self.upright
        other.turns = (_UPRIGHT if self.upright else _TURNS)[views]
        return other

    def _usable(self, head: FaceHead | None) -> FaceHead | None:
        if head is not None and not self.has_features:
            raise ModelError(Said("no_features", {"path": str(self.path),
                                                  "output": FEATURES_OUTPUT}))
        shapes = {o.name: o.shape[-1] for o in self.session.get_outputs()}
        wanted = (shapes.get(FEATURES_OUTPUT), shapes.get(CLASSIFIER_OUTPUT))
        if head is not None and all(isinstance(n, int) for n in wanted) \
                and head.weights.shape != wanted:
            raise ModelError(Said("head_shape", {
                "features": head.weights.shape[0], "classes": head.weights.shape[1],
                "path": str(self.path), "gives": f"{wanted[0]} and {wanted[1]}"}))
        return head

    def peaks(self, picture: np.ndarray, heat_threshold: float) -> Peaks:
        """The locator's peaks of at least ``heat_threshold`` on ``picture``, in its pixels
        (padded to a multiple of 16)."""
        h, w = picture.shape[:2]
        pw, ph = -w % 16, -h % 16
        if pw or ph:
            picture = cv2.copyMakeBorder(picture, 0, ph, 0, pw, cv2.BORDER_CONSTANT,
                                         value=(PAD_VALUE,) * 3)
        tensor = picture.transpose(2, 0, 1)[None].astype(np.float32)
        heat, size, offset = self.session.run(list(LOCATOR_OUTPUTS), {IMAGE_INPUT: tensor})
        return decode(heat[0, 0], size[0], offset[0], heat_threshold)

    def crop_outputs(self, crops: np.ndarray,
                     features: bool | None = None) -> tuple[np.ndarray, np.ndarray | None]:
        """Logits ``(T, N, 12)`` of ``crops`` ``(N, 3, crop, crop)`` in each of the model's ``T``
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

    def log_probs(self, logits: np.ndarray, features: np.ndarray | None) -> np.ndarray:
        """Log-probabilities ``(N, 12)`` from `crop_outputs`, the face head applied to each
        turn's logits, averaged over the turns."""
        if self.head is not None and features is not None:
            logits = self.head.apply(logits, features)
        return _log_softmax(logits).mean(0)

    def face_log_probs(self, crops: np.ndarray) -> np.ndarray:
        """Log-probabilities ``(N, 12)`` of ``crops`` ``(N, 3, crop, crop)``, averaged over the
        model's views."""
        return self.log_probs(*self.crop_outputs(crops))


def _surest(logits: np.ndarray) -> int:
    """The side (`SIDES`) whose logits ``(4, N, C)`` read a frame's crops surest, the frame's own
    up first by `UP_PRIOR` a crop (`DiceModel.surest_up`)."""
    sure = _log_softmax(logits).max(-1).sum(-1)
    sure[0] += UP_PRIOR * logits.shape[1]
    return int(sure.argmax())


def _log_softmax(logits: np.ndarray) -> np.ndarray:
    """Log-probabilities of the classes along the last axis of ``logits``."""
    shifted = logits - logits.max(-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(-1, keepdims=True))
