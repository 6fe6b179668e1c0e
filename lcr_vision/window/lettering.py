"""Text in Latin or Cyrillic letters on a picture, with numpy and OpenCV alone: OpenCV's own fonts
(Hershey) draw ASCII only, which would leave a Russian table's window in English and its names
(Аня) unwritten.

The glyphs are DejaVu Sans Condensed Bold: bold, to be read across a table, and condensed, so a
line is as wide as in the Hershey font the window had before. Each is stored once as how much of
each pixel its ink covers, in ``data/lettering.png`` with the metrics in ``data/lettering.json``
(`lettering_atlas` makes both; the font's licence is ``data/lettering-LICENSE``). A line is laid
out at the atlas's size, scaled to the capital height asked for and blended on. Scaled up,
coverage blurs, so it is sharpened back to an edge (`SHARP`) where it crosses a half: outlines
stay where they were and crisp at every size. A line's box is its ink: what `width` measures is
what `draw` covers, which is what wrapping a line needs. A character the atlas lacks is drawn as
`FALLBACK`.

>>> width("Аня 3", 24) > width("Аня", 24) > 0
True
>>> picture = np.zeros((40, 120, 3), np.uint8)
>>> draw(picture, "Игра 1", (4, 30), 24)
>>> int(picture.max()), int(np.flatnonzero(picture.max((0, 2)))[0])  # white, from column 4
(255, 4)
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import cv2
import numpy as np

DATA = Path(__file__).resolve().parents[1] / "data"
ATLAS, METRICS, LICENSE = (DATA / name for name in
                           ("lettering.png", "lettering.json", "lettering-LICENSE"))
FALLBACK = "?"
SHARP = 1.5  # an edge scaled up is drawn two thirds of a pixel soft, so capitals stand px tall
WHITE = (255, 255, 255)


@dataclass(frozen=True)
class Glyph:
    """A glyph's cell in the atlas (``x``, ``y``, ``w`` wide), where its ink (the cell's left
    edge) starts from the pen (``left``), the ink's width and how far it moves the pen
    (``advance``); atlas pixels."""

    x: int
    y: int
    w: int
    left: float
    ink: float
    advance: float


@dataclass(frozen=True)
class Atlas:
    """The glyphs' coverage, each in a cell ``height`` rows tall with the baseline ``baseline``
    rows down; ``cap``, the capitals' height, is what sizes are measured by."""

    sheet: np.ndarray
    cap: float
    baseline: int
    height: int
    glyphs: dict[str, Glyph]

    def layout(self, text: str) -> list[tuple[Glyph, int]]:
        """Each glyph of ``text`` that has ink, and its cell's column (the pen starts at 0)."""
        pen, placed = 0.0, []
        for char in text:
            glyph = self.glyphs.get(char) or self.glyphs[FALLBACK]
            if glyph.w:
                placed.append((glyph, round(pen + glyph.left)))
            pen += glyph.advance
        return placed

    def extent(self, text: str) -> float:
        """How wide ``text``'s ink is, in atlas pixels."""
        placed = self.layout(text)
        if not placed:
            return 0.0
        return max(col + g.ink for g, col in placed) - min(col for _, col in placed)


@cache
def atlas() -> Atlas:
    """The atlas shipped in ``data/`` (read as bytes: OpenCV cannot open every path on
    Windows, such as one under a Cyrillic user name)."""
    metrics = json.loads(METRICS.read_text(encoding="utf-8"))
    sheet = cv2.imdecode(np.fromfile(ATLAS, np.uint8), cv2.IMREAD_GRAYSCALE)
    glyphs = {char: Glyph(*cell) for char, cell in metrics["glyphs"].items()}
    return Atlas(sheet, metrics["cap"], metrics["baseline"], metrics["height"], glyphs)


def width(text: str, px: int) -> int:
    """How many pixels wide ``text`` is drawn with capitals ``px`` tall: its ink, end to end."""
    return round(atlas().extent(text) * px / atlas().cap)


def draw(image: np.ndarray, text: str, origin: tuple[int, int], px: int,
         colour: tuple[int, int, int] = WHITE) -> None:
    """Draw ``text`` on the colour ``image`` in place, capitals ``px`` tall, its ink starting at
    ``origin``'s column and standing on its row (the baseline); what falls outside is cut."""
    alpha, drop = coverage(text, px)
    x, y = origin[0], origin[1] - drop
    top, left = max(y, 0), max(x, 0)
    bottom = min(y + alpha.shape[0], image.shape[0])
    right = min(x + alpha.shape[1], image.shape[1])
    if top >= bottom or left >= right:
        return
    a = alpha[top - y:bottom - y, left - x:right - x, None]
    region = image[top:bottom, left:right]
    region[:] = region * (1 - a) + np.array(colour, np.float32) * a + 0.5


@lru_cache(maxsize=256)  # the window draws the same few lines on every frame
def coverage(text: str, px: int) -> tuple[np.ndarray, int]:
    """How much of each pixel ``text``'s ink covers (0 to 1) with capitals ``px`` tall, from
    where its ink starts, and how many rows down the baseline lies."""
    font = atlas()
    placed = font.layout(text)
    if not placed:
        return np.zeros((0, 0), np.float32), 0
    start = min(col for _, col in placed)
    cover = np.zeros((font.height, max(col + g.w for g, col in placed) - start), np.uint8)
    for glyph, col in placed:
        cell = font.sheet[glyph.y:glyph.y + font.height, glyph.x:glyph.x + glyph.w]
        into = cover[:, col - start:col - start + glyph.w]
        np.maximum(into, cell, out=into)  # where glyphs overlap (a j after a letter): both
    k = px / font.cap
    drop = round(font.baseline * k)  # the baseline, on a pixel's edge: capitals px tall exactly
    onto = np.float32([[k, 0, (k - 1) / 2], [0, k, drop - font.baseline * k + (k - 1) / 2]])
    size = (math.ceil(cover.shape[1] * k) + 1, math.ceil(font.height * k) + 1)
    scaled = cv2.warpAffine(cover, onto, size, flags=cv2.INTER_LINEAR)
    alpha = np.clip((scaled.astype(np.float32) / 255 - 0.5) * SHARP * max(k, 1) + 0.5, 0, 1)
    alpha.flags.writeable = False  # cached: shared by every later call
    return alpha, drop
