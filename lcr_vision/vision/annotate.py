"""Draw the reader's findings on a frame: a box and the face read for every die."""

from __future__ import annotations

import cv2
import numpy as np

from lcr_vision.vision.detections import Detections

GREEN, BLACK = (40, 200, 40), (0, 0, 0)


def annotate(image: np.ndarray, dice: Detections) -> np.ndarray:
    """A copy of ``image`` with each die boxed and labelled ``face score``; lines scale with size.

    >>> annotate(np.zeros((50, 80, 3), np.uint8),
    ...          Detections([[10, 10, 30, 30]], ["L"], [0.9]))[10, 20].tolist()
    [40, 200, 40]
    """
    out = image.copy()
    thick = max(1, round(max(image.shape[:2]) / 500))
    for (x0, y0, x1, y1), face, s in zip(dice.boxes.round().astype(int), dice.faces, dice.scores):
        cv2.rectangle(out, (x0, y0), (x1, y1), GREEN, thick)
        text = f"{face} {s:.2f}"
        (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 0.4 * thick, thick)
        y = y0 - 3 if y0 - th - 4 >= 0 else y1 + th + 3
        cv2.rectangle(out, (x0, y - th - 2), (x0 + tw + 2, y + 2), GREEN, -1)
        cv2.putText(out, text, (x0 + 1, y), cv2.FONT_HERSHEY_SIMPLEX, 0.4 * thick, BLACK, thick)
    return out
