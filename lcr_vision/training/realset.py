"""The real photo set (``../shared/data/real-d6-tray``) as training scenes, validation held out."""

from __future__ import annotations

from pathlib import Path

import cv2

from lcr_vision.training.augment import Scene
from lcr_vision.vision.labels import REAL_SET_ERRATA, read_labels
from lcr_vision.vision.split import is_validation


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
