"""The contract between the trained model and the reader: sizes, scales and the class list.

Training and the runtime both import these numbers, so a model and the code that reads it agree.
The locator sees the frame shrunk to ``LOCATOR_SIDE`` on its longest side and predicts at
``STRIDE``; the classifier sees each die cut from the full-resolution frame, ``CROP`` pixels
square, the die's box filling ``1 / CROP_CONTEXT`` of it.

>>> CLASSES[-1], len(CLASSES)
('none', 12)
>>> class_mask(DiceKind.LCR).tolist()
[False, False, False, False, False, False, True, True, True, True, False, False]
"""

from __future__ import annotations

import numpy as np

from lcr_vision.faces import FACE_TOKENS, DiceKind

LOCATOR_SIDE = 320
LOCATOR_SIDE_KEY = "locator_side"  # the model's metadata entry for the side it was trained to see
# The model's metadata entry saying its classifier reads crops as cut, the frame's up kept (a
# webcam at the table's edge: the far side up, side faces below the top face), and mirrored, not
# turned; models without it read any turn alike and are read in quarter-turns.
UPRIGHT_KEY = "upright"
# An upright model's camera is rolled by at most this many degrees: a webcam at the table's edge has
# the table's far side up, give or take how it stands (calibration turns other cameras' frames).
UPRIGHT_TURN = 12.0
STRIDE = 4
CROP = 40
CROP_CONTEXT = 1.4
PAD_VALUE = 114
# The reader's defaults: the least locator heat for a die, and the least probability of its face
# (an unsurer crop is not reported). A face score of 0.5 keeps false dice on empty tables under one
# per hundred frames; a model may carry its own (metadata ``FACE_SCORE_KEY``: a classifier read in
# fewer views is less sure of the faces it reads right), and calibration may choose another for a
# camera where that reads better.
HEAT_THRESHOLD = 0.3
FACE_SCORE = 0.5
# A locator peak at least this hot is a die: the classifier then only says which face, so its crop
# is dropped as ``none`` only when ``none`` has the classifier's majority, and its likeliest face is
# reported from `SURE_PEAK_SHARE` of the reader's least face score (0.3 of the default 0.5: under
# the table's doubt threshold, so the players are asked to confirm it). Half of the dice u2's
# classifier dropped had such a peak (models/README.md, *Sure peaks*).
SURE_HEAT = 0.6
SURE_PEAK_SHARE = 0.6
FACE_SCORE_KEY = "face_score"
NONE = "none"
CLASSES: tuple[str, ...] = FACE_TOKENS + (NONE,)

# Names of the graph inputs and outputs inside the shipped ONNX file.
IMAGE_INPUT = "image"
CROPS_INPUT = "crops"
LOCATOR_OUTPUTS = ("heat", "size", "offset")
CLASSIFIER_OUTPUT = "logits"
# The classifier's pooled features, the input of its last layer: what calibration fits a face head
# to (`lcr_vision.vision.head`). Models exported before it have no such output.
FEATURES_OUTPUT = "features"


def class_mask(kind: DiceKind | None) -> np.ndarray:
    """Which face classes may be reported for ``kind`` (all faces when unknown); never ``none``."""
    allowed = set(kind.faces) if kind is not None else set(FACE_TOKENS)
    return np.array([c in allowed for c in CLASSES])
