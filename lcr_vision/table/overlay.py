"""A panel of text lines across the top of a frame: whose turn, the standings, the last roll.

Used for the live window and for the photo log's annotated frame, so both show the same thing.
The window shows frames at least `DISPLAY_WIDTH` wide (``screen.Window`` scales smaller ones
up), and the text is sized so that its capitals stand `MIN_TEXT_PX` tall there, white on a near
black band, readable across a table; long lines wrap. OpenCV's fonts draw ASCII only, so the
panel is in English whatever the spoken language.

>>> frame = np.full((480, 640, 3), 200, np.uint8)
>>> shown = draw_panel(frame, ["Game 1: Ann rolls 3"])
>>> round(text_scale(640) * CAP_PER_SCALE * DISPLAY_WIDTH / 640)  # capitals as the window shows them
18
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

INK = (255, 255, 255)
FONT = cv2.FONT_HERSHEY_SIMPLEX
DISPLAY_WIDTH = 960  # the narrowest the window shows a frame
MIN_TEXT_PX = 18  # the height of capitals as shown
CAP_PER_SCALE = 27  # FONT's capital height in pixels at scale 1
BAND = 0.15  # the band keeps this share of the frame's brightness behind the text


def text_scale(width: int) -> float:
    """The font scale for a frame ``width`` pixels wide, shown at least `DISPLAY_WIDTH` wide."""
    return MIN_TEXT_PX / CAP_PER_SCALE * width / max(width, DISPLAY_WIDTH)


def wrap(line: str, width: int, scale: float, thickness: int) -> list[str]:
    """``line`` broken at spaces into pieces that fit ``width`` pixels."""
    pieces: list[str] = []
    for word in line.split(" "):
        joined = f"{pieces[-1]} {word}" if pieces else word
        if pieces and cv2.getTextSize(joined, FONT, scale, thickness)[0][0] <= width:
            pieces[-1] = joined
        else:
            pieces.append(word)
    return pieces


def draw_panel(image: np.ndarray, lines: Sequence[str]) -> np.ndarray:
    """``image`` with ``lines`` of text on a dark band across its top (drawn in place)."""
    if not lines:
        return image
    width = image.shape[1]
    scale = text_scale(width)
    thickness = 2 if scale * CAP_PER_SCALE >= 14 else 1
    margin = max(4, round(scale * 12))
    rows = [piece for line in lines for piece in wrap(line, width - 2 * margin, scale, thickness)]
    step = round(scale * CAP_PER_SCALE * 1.6)
    band = image[: min(step * len(rows) + margin, image.shape[0])]
    band[:] = (band * BAND).astype(image.dtype)
    for i, row in enumerate(rows):
        baseline = margin + round(scale * CAP_PER_SCALE) + i * step
        cv2.putText(image, row, (margin, baseline), FONT, scale, INK, thickness, cv2.LINE_AA)
    return image
