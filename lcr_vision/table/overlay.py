"""A panel of text lines across the top of a frame: whose turn, the standings, the last roll.

Used for the live window and for the photo log's annotated frame, so both show the same thing.
OpenCV's fonts draw ASCII only, so the panel is in English whatever the spoken language.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

INK = (255, 255, 255)
FONT = cv2.FONT_HERSHEY_SIMPLEX


def draw_panel(image: np.ndarray, lines: Sequence[str]) -> np.ndarray:
    """``image`` with ``lines`` of text on a dark band across its top (drawn in place)."""
    if not lines:
        return image
    scale = max(0.4, image.shape[1] / 1400)
    thickness = 1 if scale < 0.8 else 2
    step = int(28 * scale) + 6
    band = image[: step * len(lines) + 6]
    band[:] = (band * 0.35).astype(image.dtype)
    for i, line in enumerate(lines):
        cv2.putText(image, line, (8, step * (i + 1)), FONT, scale, INK, thickness, cv2.LINE_AA)
    return image
