"""The real photo sets as training scenes, their validation splits held out.

- ``../shared/data/real-d6-tray``: 200 photos of one tray, one camera, one light.
- ``../shared/data/rune55-d6``: 5,898 photos from many cameras and tables, most of them re-shot
  copies of about 500 source photos (rotated, sheared, re-exposed, often greyscale). Its boxes are
  looser than the tray set's, and one group of photos shows tiny dice on paper seen from the side,
  labelled by the face towards the camera, not the roll; photos whose dice are under
  ``RUNE55_MIN_DIE_PX`` are left out for that reason.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import cv2
import numpy as np

from lcr_vision.training.augment import Scene
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.labels import REAL_SET_ERRATA, read_labels
from lcr_vision.vision.split import is_validation, source_photo

RUNE55_MIN_DIE_PX = 24.0  # median die width under which a rune55 photo is the side-view group
RUNE55_COPIES = 3  # copies of one source photo kept: the rest add little but memory


def real_scenes(root: Path, validation: bool = False) -> list[Scene]:
    """Every labelled photo of the training split (or, with ``validation``, of the held-out one),
    with the dice its labels leave out (`REAL_SET_ERRATA`) added to the photos that are there."""
    folder = root / "images"
    labels = read_labels(root / "labels.csv", REAL_SET_ERRATA)
    return [
        Scene.from_boxes(cv2.imread(str(folder / name)), truth.boxes, truth.faces)
        for name, truth in sorted(labels.items())
        if is_validation(name) == validation and (folder / name).is_file()
    ]


def rune55_photos(root: Path, validation: bool = False,
                  copies: int = RUNE55_COPIES) -> dict[str, Detections]:
    """The labels of the rune55-d6 photos of one split, at most ``copies`` of each source photo
    (the first in name order), without the side-view photos of tiny dice (``RUNE55_MIN_DIE_PX``);
    what training learns from and the figures of ``measure.accuracy`` are read on."""
    kept: dict[str, list[str]] = defaultdict(list)
    labels = read_labels(root / "labels.csv")
    for name, truth in sorted(labels.items()):
        widths = truth.boxes[:, 2] - truth.boxes[:, 0]
        if (is_validation(name) != validation or not len(widths)
                or float(np.median(widths)) < RUNE55_MIN_DIE_PX):
            continue
        if len(kept[source_photo(name)]) < copies and (root / "images" / name).is_file():
            kept[source_photo(name)].append(name)
    return {n: labels[n] for n in sorted(n for group in kept.values() for n in group)}


def rune55_scenes(root: Path, validation: bool = False,
                  copies: int = RUNE55_COPIES) -> list[Scene]:
    """The photos of `rune55_photos` as training scenes."""
    return [Scene.from_boxes(cv2.imread(str(root / "images" / n), cv2.IMREAD_COLOR), t.boxes,
                             t.faces) for n, t in rune55_photos(root, validation, copies).items()]
