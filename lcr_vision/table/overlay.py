"""Text on pictures: the table's window (`board`: the picture, then a band of text below it, so
that no word ever hides a die) and a panel across the top of a frame (`draw_panel`: the photo
log's annotated frames and the calibration's window).

The window shows pictures at least `DISPLAY_WIDTH` wide (narrower ones are scaled up: `widened`).
Its text is white on near black, sized to be read from two metres: capitals `TEXT_PX` tall at
the least, the turn (`TURN_PX`) and standings (`STANDINGS_PX`) larger, a game's winner
(`WINNER_PX`) largest; long lines wrap. The panel's capitals stand `MIN_TEXT_PX` tall as shown.
OpenCV's fonts draw ASCII only, so both are in English whatever the spoken language.

>>> frame = np.full((480, 640, 3), 200, np.uint8)
>>> shown = draw_panel(frame, ["Game 1: Ann rolls 3"])
>>> round(text_scale(640) * cap_per_scale()
...       * DISPLAY_WIDTH / 640)  # capitals as the window shows them
18
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import cv2
import numpy as np

INK = (255, 255, 255)
FONT = cv2.FONT_HERSHEY_SIMPLEX
DISPLAY_WIDTH = 960  # the narrowest the window shows a frame
MIN_TEXT_PX = 18  # the height of the panel's capitals as shown
TEXT_PX, STANDINGS_PX, TURN_PX, WINNER_PX = 24, 32, 40, 72  # the window's capitals, as shown
LEADING = 1.5  # a row of the window's text is this many times its capitals' height
MARGIN = 18  # pixels around the window's text
BAND = 0.15  # the band keeps this share of the frame's brightness behind the text


GLUE = "\u00a0"  # a space a line never breaks at: between a player's name and chips


@cache
def cap_per_scale() -> float:
    """FONT's capital height in pixels at scale 1, as drawn: measured, since OpenCV's fonts and
    what ``getTextSize`` says of them differ between versions (27 px said, 20 drawn in 5.0)."""
    probe = np.zeros((160, 160), np.uint8)
    cv2.putText(probe, "H", (20, 140), FONT, 4, 255, 2, cv2.LINE_AA)
    rows = np.flatnonzero((probe > 127).any(1))
    return (rows.max() - rows.min() + 1) / 4


def text_scale(width: int) -> float:
    """The font scale for a frame ``width`` pixels wide, shown at least `DISPLAY_WIDTH` wide."""
    return MIN_TEXT_PX / cap_per_scale() * width / max(width, DISPLAY_WIDTH)


def wrap(line: str, width: int, scale: float, thickness: int) -> list[str]:
    """``line`` broken at spaces into pieces that fit ``width`` pixels; never at a `GLUE`,
    which is drawn as a space.

    >>> wrap(f"Ann{GLUE}3 Ben{GLUE}3", 10, 1.0, 1)
    ['Ann 3', 'Ben 3']
    """
    pieces: list[str] = []
    for word in line.split(" "):
        joined = f"{pieces[-1]} {word}" if pieces else word
        if (pieces and cv2.getTextSize(joined.replace(GLUE, " "), FONT, scale, thickness)[0][0]
                <= width):
            pieces[-1] = joined
        else:
            pieces.append(word)
    return [piece.replace(GLUE, " ") for piece in pieces]


def draw_panel(image: np.ndarray, lines: Sequence[str]) -> np.ndarray:
    """``image`` with ``lines`` of text on a dark band across its top (drawn in place)."""
    if not lines:
        return image
    width = image.shape[1]
    scale = text_scale(width)
    thickness = 2 if scale * cap_per_scale() >= 14 else 1
    margin = max(4, round(scale * 12))
    rows = [piece for line in lines for piece in wrap(line, width - 2 * margin, scale, thickness)]
    step = round(scale * cap_per_scale() * 1.6)
    band = image[: min(step * len(rows) + margin, image.shape[0])]
    band[:] = (band * BAND).astype(image.dtype)
    for i, row in enumerate(rows):
        baseline = margin + round(scale * cap_per_scale()) + i * step
        cv2.putText(image, row, (margin, baseline), FONT, scale, INK, thickness, cv2.LINE_AA)
    return image


def widened(image: np.ndarray) -> np.ndarray:
    """``image`` as the window shows it: scaled up to `DISPLAY_WIDTH` when narrower.

    >>> widened(np.zeros((480, 640, 3), np.uint8)).shape
    (720, 960, 3)
    """
    width = image.shape[1]
    if width >= DISPLAY_WIDTH:
        return image
    k = DISPLAY_WIDTH / width
    return cv2.resize(image, (DISPLAY_WIDTH, round(image.shape[0] * k)),
                      interpolation=cv2.INTER_LINEAR)


def board(image: np.ndarray, lines: Sequence[tuple[str, int]], room: int = 0) -> np.ndarray:
    """The window's picture: ``image`` widened, above a near black band holding ``lines``, each
    a text and the height its capitals stand (as shown). The band is at least ``room`` pixels
    high, so that the window keeps its size while the lines come and go.

    >>> frame = np.full((480, 640, 3), 200, np.uint8)
    >>> picture = board(frame, [("Game 1: Ann rolls 3", TURN_PX), ("Ann 3  Ben 3", STANDINGS_PX)])
    >>> picture.shape[1], picture.shape[0] > 720, int(picture[:720].min())
    (960, True, 200)
    """
    top = widened(image)
    width = top.shape[1]
    rows = [(piece, px) for text, px in lines if text
            for piece in wrap(text, width - 2 * MARGIN, px / cap_per_scale(), _thickness(px))]
    band = np.full((max(band_height([px for _, px in rows]), room), width, 3), 16, np.uint8)
    baseline = MARGIN // 2
    for piece, px in rows:
        baseline += round(px * LEADING)
        cv2.putText(band, piece, (MARGIN, baseline - round(px * 0.25)), FONT, px / cap_per_scale(),
                    INK, _thickness(px), cv2.LINE_AA)
    return np.vstack([top, band])


def band_height(rows: Sequence[int]) -> int:
    """The height of a band holding rows of text whose capitals stand ``rows`` pixels tall."""
    return MARGIN + sum(round(px * LEADING) for px in rows)


def _thickness(px: int) -> int:
    """Strokes that stay bold at a distance: about a twelfth of the capitals' height."""
    return max(2, round(px / 12))
