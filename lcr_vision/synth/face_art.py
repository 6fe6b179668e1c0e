"""Ink masks of die faces: pips, letters, dots and the wild star, drawn into a square texture.

A mask is float32 in [0, 1], 1 where the face carries ink. Layouts follow real dice: a pip face is
drawn on a 3x3 grid, and the 2, 3 and 6 come in both orientations because each face is turned by a
random quarter turn. Letters use cv2's Hershey fonts, scaled to a chosen height, or a TrueType
typeface (`synth.typefaces`) where the ranges list some; the wild face is one of
`ranges.WILD_DESIGNS`.

>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> art = FaceArt.sample(rng, Ranges())
>>> m = art.mask("5", 64, rng)
>>> m.shape, m.dtype, bool(0.05 < m.mean() < 0.3)
((64, 64), dtype('float32'), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from lcr_vision.synth import typefaces
from lcr_vision.synth.ranges import Ranges, uniform

# Pip centres on a 3x3 grid (column, row in -1, 0, 1) for each pip value.
PIP_GRID: dict[str, tuple[tuple[int, int], ...]] = {
    "1": ((0, 0),),
    "2": ((-1, -1), (1, 1)),
    "3": ((-1, -1), (0, 0), (1, 1)),
    "4": ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    "5": ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    "6": ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}




@dataclass(frozen=True)
class FaceArt:
    """How one die's faces are inked: sizes, font, stroke weight and the wild star's shape."""

    pip_radius: float
    pip_spread: float
    big_one: bool
    font: int
    letter_height: float
    letter_weight: float
    dot_radius: float
    wild_points: int
    wild_word: bool
    typeface: str | None = None  # a TrueType font file, else the Hershey ``font``
    wild_design: str = "star"
    symbols: tuple[tuple[str, str], ...] = ()  # faces marked with a design (`Ranges.symbols`)

    @classmethod
    def sample(cls, rng: np.random.Generator, ranges: Ranges) -> FaceArt:
        """A random style within ``ranges``."""
        font = int(rng.choice(ranges.fonts))
        if rng.random() < ranges.italic:
            font |= cv2.FONT_ITALIC
        # drawn only where the ranges offer some: the default renders stay as they were
        typeface = None
        if ranges.typefaces and rng.random() < ranges.typeface_share:
            typeface = str(rng.choice(ranges.typefaces))
        design = (str(rng.choice(ranges.wild_designs)) if len(ranges.wild_designs) > 1
                  else ranges.wild_designs[0])
        return cls(
            pip_radius=uniform(rng, ranges.pip_radius),
            pip_spread=float(rng.uniform(0.25, 0.3)),
            big_one=bool(rng.random() < ranges.big_one),
            font=font,
            letter_height=uniform(rng, ranges.letter_height),
            letter_weight=uniform(rng, ranges.letter_weight),
            dot_radius=uniform(rng, ranges.dot_radius),
            wild_points=int(rng.integers(ranges.wild_points[0], ranges.wild_points[1] + 1)),
            wild_word=bool(rng.random() < ranges.wild_word),
            typeface=typeface,
            wild_design=design,
            symbols=ranges.symbols,
        )

    def mask(self, token: str, size: int, rng: np.random.Generator) -> np.ndarray:
        """The ink of face ``token`` in a ``size`` x ``size`` texture, upright then
        quarter-turned."""
        scale = 4  # draw at sub-pixel precision with cv2's shift argument
        img = np.zeros((size, size), np.uint8)
        c = size / 2
        if token in PIP_GRID:
            r = self.pip_radius * size * (1.5 if token == "1" and self.big_one else 1.0)
            for gx, gy in PIP_GRID[token]:
                centre = (round((c + gx * self.pip_spread * size) * scale),
                          round((c + gy * self.pip_spread * size) * scale))
                cv2.circle(img, centre, round(r * scale), 255, -1, cv2.LINE_AA, 2)
        elif token == "dot":
            cv2.circle(img, (round(c * scale),) * 2, round(self.dot_radius * size * scale), 255, -1,
                       cv2.LINE_AA, 2)
        elif token == "wild":
            self._draw_wild(img, size, self.wild_design)
        elif token in dict(self.symbols):
            self._draw_wild(img, size, dict(self.symbols)[token], worded=False)
        else:
            self._draw_letter(img, token, size)
        turned = np.rot90(img, int(rng.integers(4))) if token in ("2", "3", "6") else img
        return np.ascontiguousarray(turned, np.float32) * (1 / 255)

    def _draw_letter(self, img: np.ndarray, text: str, size: int,
                     height: float | None = None) -> None:
        height = self.letter_height if height is None else height
        if self.typeface is not None:
            typefaces.draw_text(img, Path(self.typeface), text, height * size)
            return
        thickness = max(1, round(self.letter_weight * size))
        (w, h), _ = cv2.getTextSize(text, self.font, 1.0, thickness)
        fs = height * size / max(h, 1)
        (w, h), _ = cv2.getTextSize(text, self.font, fs, thickness)
        org = ((size - w) // 2, (size + h) // 2)
        cv2.putText(img, text, org, self.font, fs, 255, thickness, cv2.LINE_AA)

    def _draw_wild(self, img: np.ndarray, size: int, design: str, worded: bool = True) -> None:
        """The wild face's ``design``, or unless ``worded`` that of a face a maker marks with
        it (never with the word WILD)."""
        if design in ("W", "WILD"):
            self._draw_letter(img, design, size,
                              self.letter_height * (1.0 if design == "W" else 0.5))
            return
        word = worded and self.wild_word and design == "star"
        n, inner = (self.wild_points, 0.45) if design != "burst" else (
            2 * self.wild_points, 0.6)
        outer = 0.42 * size * (0.8 if word else 0.72 if design == "ringed" else 1.0)
        angles = np.pi * np.arange(2 * n) / n - np.pi / 2
        radii = np.where(np.arange(2 * n) % 2 == 0, outer, outer * inner)
        cy = size / 2 - (0.08 * size if word else 0)
        pts = np.stack([size / 2 + radii * np.cos(angles), cy + radii * np.sin(angles)], 1)
        cv2.fillPoly(img, [np.round(pts * 16).astype(np.int32)], 255, cv2.LINE_AA, 4)
        if design == "ringed":
            cv2.circle(img, (round(size / 2 * 16),) * 2, round(0.44 * size * 16), 255,
                       max(1, round(self.letter_weight * size * 0.6)), cv2.LINE_AA, 4)
        if word:
            word = np.zeros_like(img)
            fs = 0.22 * size / 22
            (w, _), _ = cv2.getTextSize("WILD", cv2.FONT_HERSHEY_DUPLEX, fs, 1)
            cv2.putText(word, "WILD", ((size - w) // 2, int(size * 0.93)), cv2.FONT_HERSHEY_DUPLEX,
                        fs, 255, max(1, size // 40), cv2.LINE_AA)
            np.maximum(img, word, out=img)
