"""The real photo set (``../shared/data/real-d6-tray``) as training scenes, validation held out."""

from __future__ import annotations

from pathlib import Path

import cv2

from lcr_vision.training.augment import Scene
from lcr_vision.vision.labels import read_labels
from lcr_vision.vision.split import is_validation


def real_scenes(root: Path, validation: bool = False) -> list[Scene]:
    """Every labelled photo of the training split (or, with ``validation``, of the held-out one)."""
    labels = read_labels(root / "labels.csv")
    return [
        Scene.from_boxes(cv2.imread(str(root / "images" / name)), truth.boxes, truth.faces)
        for name, truth in sorted(labels.items())
        if is_validation(name) == validation
    ]
