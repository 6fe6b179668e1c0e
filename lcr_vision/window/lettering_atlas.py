"""Makes the window's glyph atlas (`lettering`) from DejaVu Sans Condensed Bold, once, when the
characters or the typeface change:

    .venv/bin/python -m lcr_vision.window.lettering_atlas [path/to/font.ttf]

It needs Pillow (the ``train`` extra), imported only here and only when run, so that what runs at
the table draws Latin and Cyrillic with numpy and OpenCV alone. Each glyph is drawn eight times
finer than stored and averaged down: how much of each atlas pixel its ink covers, in 16 steps
(finer steps cost half the atlas again and show nowhere). The font's licence is copied beside the
atlas, as it asks.
"""

from __future__ import annotations

import json
import math
import shutil
import sys
from pathlib import Path

import cv2
import numpy as np

from lcr_vision.window.lettering import ATLAS, FALLBACK, LICENSE, METRICS

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf")
FONT_LICENSE = Path("/usr/share/doc/fonts-dejavu-core/copyright")
EM = 32  # atlas pixels to the em: capitals 23 tall, as tall as the window's smallest text
FINE = 8  # drawn this many times finer than stored
STEPS = 15  # coverage is stored as 0, 17, 34, ... 255
SHEET = 1024  # the atlas's width
# Latin (with Latin-1 and Extended-A: José, Zoë, Łukasz, Çağrı), Cyrillic (Russian, Ukrainian,
# Belarusian, Serbian), and the punctuation the phrasebooks write (« » — № …).
CHARS = "".join([*map(chr, range(0x20, 0x7F)), *map(chr, range(0xA0, 0x180)),
                 *map(chr, range(0x400, 0x460)), "Ґґ–—‘’‚“”„…•‹›€№−←→"])


def build(font_path: Path = FONT) -> tuple[np.ndarray, dict[str, object]]:
    """The atlas sheet (uint8 coverage, glyphs in rows of cells of one height) and its metrics:
    each glyph's cell, where its ink starts from the pen, its ink's width and its advance."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(str(font_path), EM * FINE)
    chars = list(dict.fromkeys(CHARS + FALLBACK))
    boxes = {char: font.getbbox(char, anchor="ls") for char in chars}  # the ink, or more
    above = math.ceil(-min(box[1] for box in boxes.values()) / FINE)  # the baseline's row
    height = above + math.ceil(max(box[3] for box in boxes.values()) / FINE)

    def drawn(char: str) -> np.ndarray:
        """``char`` drawn fine, its pen `FINE` pixels from the left, on the baseline's row."""
        left, _, right, _ = boxes[char]
        fine = Image.new("L", (right - left + 3 * FINE, height * FINE), 0)
        ImageDraw.Draw(fine).text((FINE - left, above * FINE), char, 255, font, anchor="ls")
        return np.asarray(fine)

    rows: list[list[np.ndarray]] = [[]]
    glyphs: dict[str, list[float]] = {}
    x = 0
    for char in chars:
        fine = drawn(char)
        inked = np.flatnonzero(fine.max(0))
        start = inked[0] if len(inked) else 0
        ink = (inked[-1] + 1 - start) / FINE if len(inked) else 0.0
        cell = np.zeros((height, math.ceil(ink)), np.uint8)  # it starts where the ink does
        if ink:
            covered = cv2.resize(fine[:, start:start + cell.shape[1] * FINE], cell.shape[::-1],
                                 interpolation=cv2.INTER_AREA)
            cell = (np.rint(covered / 255 * STEPS) * (255 // STEPS)).astype(np.uint8)
        if x + cell.shape[1] > SHEET:
            rows.append([])
            x = 0
        left = (start - FINE + boxes[char][0]) / FINE if ink else 0.0
        glyphs[char] = [x, (len(rows) - 1) * height, cell.shape[1], left, ink,
                        font.getlength(char) / FINE]
        rows[-1].append(cell)
        x += cell.shape[1]
    sheet = np.vstack([np.hstack([*row, np.zeros((height, SHEET - sum(c.shape[1] for c in row)),
                                                 np.uint8)]) for row in rows])
    capital = np.flatnonzero(drawn("H").max(1))
    return sheet, {"font": font_path.name, "cap": (capital[-1] + 1 - capital[0]) / FINE,
                   "baseline": above, "height": height, "glyphs": glyphs}


def main(font_path: Path = FONT) -> None:
    """Write the atlas, its metrics and the font's licence into ``lcr_vision/data``."""
    sheet, metrics = build(font_path)
    cv2.imwrite(str(ATLAS), sheet, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    METRICS.write_text(json.dumps(metrics, ensure_ascii=False, separators=(",", ":")) + "\n",
                       encoding="utf-8")
    shutil.copyfile(FONT_LICENSE, LICENSE)
    print(f"{ATLAS}: {sheet.shape[1]}x{sheet.shape[0]}, {ATLAS.stat().st_size} bytes; "
          f"{METRICS}: {METRICS.stat().st_size} bytes")


if __name__ == "__main__":
    main(*map(Path, sys.argv[1:2]))
