"""Text on pictures: the table's window (`board`: the picture, then a band of text below it, so
that no word ever hides a die) and a panel across the top of a frame (`draw_panel`: the photo
log's annotated frames and the calibration's window).

The window shows pictures at least `DISPLAY_WIDTH` wide (narrower ones are scaled up: `widened`).
Its text is white on near black, sized to be read from two metres: capitals `TEXT_PX` tall at
the least, the turn (`TURN_PX`) and standings (`STANDINGS_PX`) larger, a game's winner
(`WINNER_PX`) largest; long lines wrap. The panel's capitals stand `MIN_TEXT_PX` tall as shown.
Both are drawn in `lettering`'s bold typeface, which writes Latin and Cyrillic alike, so the
window speaks the session's language.

>>> frame = np.full((480, 640, 3), 200, np.uint8)
>>> shown = draw_panel(frame, ["Игра 1: бросает Аня, кубиков: 3"])
>>> panel_px(640), panel_px(1920)  # capitals 18 px tall as the window shows them
(12, 18)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import cv2
import numpy as np

from lcr_vision.window import lettering

DISPLAY_WIDTH = 960  # the narrowest the window shows a frame
MIN_TEXT_PX = 18  # the height of the panel's capitals as shown
TEXT_PX, STANDINGS_PX, TURN_PX, WINNER_PX = 24, 32, 40, 72  # the window's capitals, as shown
LEADING = 1.5  # a row of the window's text is this many times its capitals' height
MARGIN = 18  # pixels around the window's text
BAND = 0.15  # the band keeps this share of the frame's brightness behind the text


GLUE = "\u00a0"  # a space a line never breaks at: between a player's name and chips


def panel_px(width: int) -> int:
    """The panel's capital height on a frame ``width`` pixels wide, shown at least
    `DISPLAY_WIDTH` wide."""
    return round(MIN_TEXT_PX * width / max(width, DISPLAY_WIDTH))


def wrap(line: str, width: int, px: int) -> list[str]:
    """``line`` broken at spaces into pieces that fit ``width`` pixels with capitals ``px``
    tall; never at a `GLUE`, which is drawn as a space.

    >>> wrap(f"Аня{GLUE}3 Ben{GLUE}3", 10, 24)
    ['Аня 3', 'Ben 3']
    """
    pieces: list[str] = []
    for word in line.split(" "):
        joined = f"{pieces[-1]} {word}" if pieces else word
        if pieces and lettering.width(joined.replace(GLUE, " "), px) <= width:
            pieces[-1] = joined
        else:
            pieces.append(word)
    return [piece.replace(GLUE, " ") for piece in pieces]


def draw_panel(image: np.ndarray, lines: Sequence[str]) -> np.ndarray:
    """``image`` with ``lines`` of text on a dark band across its top (drawn in place)."""
    if not lines:
        return image
    width = image.shape[1]
    px = panel_px(width)
    margin = max(4, round(px * 0.6))
    rows = [piece for line in lines for piece in wrap(line, width - 2 * margin, px)]
    step = round(px * 1.6)
    band = image[: min(step * len(rows) + margin, image.shape[0])]
    band[:] = (band * BAND).astype(image.dtype)
    for i, row in enumerate(rows):
        lettering.draw(image, row, (margin, margin + px + i * step), px)
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
    return np.vstack([top, _band(tuple(lines), top.shape[1], room)])


@lru_cache(maxsize=16)  # the window shows the same lines frame after frame until the game moves
def _band(lines: tuple[tuple[str, int], ...], width: int, room: int) -> np.ndarray:
    """The band of `board` holding ``lines`` on a picture ``width`` pixels wide (read-only:
    shared by every frame that shows them)."""
    rows = [(piece, px) for text, px in lines if text
            for piece in wrap(text, width - 2 * MARGIN, px)]
    band = np.full((max(band_height([px for _, px in rows]), room), width, 3), 16, np.uint8)
    baseline = MARGIN // 2
    for piece, px in rows:
        baseline += round(px * LEADING)
        lettering.draw(band, piece, (MARGIN, baseline - round(px * 0.25)), px)
    band.flags.writeable = False
    return band


def band_height(rows: Sequence[int]) -> int:
    """The height of a band holding rows of text whose capitals stand ``rows`` pixels tall."""
    return MARGIN + sum(round(px * LEADING) for px in rows)

