"""Letters in real typefaces: the TrueType and OpenType fonts of this machine, drawn as ink masks.

Boxed LCR dice are printed in solid typefaces (bold and regular sans, serif, condensed, rounded,
slab), not in cv2's Hershey stroke fonts, and a reader that has seen only those misreads them (a C
taken for an L). Training draws letters in the typefaces of the fonts installed here (the training
set-up installs Debian's font packages, models/README.md), and one typeface family in four, chosen
by a hash of its name, is kept out of training for the holdout, so that the figure on it is a
figure on typefaces never seen. Pillow rasterises the glyphs; it is part of the train extra, and
the runtime never draws a typeface: the renderer's defaults use none.

>>> faces = typefaces()
>>> all(p.suffix.lower() in FONT_SUFFIXES for p in faces)
True
>>> kept_out = [p for p in faces if is_held_out(p)]
>>> all(is_held_out(p) for p in kept_out) and not any(is_held_out(p) for p in training(faces))
True
"""

from __future__ import annotations

import hashlib
import importlib.util
import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np

from lcr_vision.errors import Said, UserError
from lcr_vision.synth.ranges import HELD_OUT_WILD_DESIGNS, TRAINING_WILD_DESIGNS, Ranges

FONT_FOLDERS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))
FONT_SUFFIXES = frozenset({".ttf", ".otf"})
HELD_OUT_BUCKETS = 4  # one typeface family in four never trained on
# Fonts whose glyphs are not Latin letters, or are symbols or hairline decorations.
NOT_LETTERS = re.compile(r"symbol|dingbat|emoji|math|music|sign|braille|z003|d050000l",
                         re.IGNORECASE)


# The Debian packages of the typefaces training and the holdout draw from (models/README.md).
FONT_PACKAGES = ("fonts-dejavu-core fonts-liberation2 fonts-freefont-ttf fonts-urw-base35 "
                 "fonts-roboto-unhinted fonts-open-sans fonts-noto-core")


def has_pillow() -> bool:
    """Whether Pillow, which rasterises the typefaces, is installed (the train extra has it)."""
    return importlib.util.find_spec("PIL") is not None


def typefaces(folders: Sequence[Path] = FONT_FOLDERS) -> tuple[Path, ...]:
    """Every typeface installed in ``folders`` that draws the letters of LCR dice, sorted by path
    (Pillow needed; without it, none)."""
    if not has_pillow():
        return ()
    found = {p for folder in folders if folder.is_dir() for p in folder.rglob("*")
             if p.suffix.lower() in FONT_SUFFIXES and not NOT_LETTERS.search(p.name)}
    return tuple(p for p in sorted(found) if has_letters(p))


MISSING = "\U000f0000"  # a private-use character: what a font draws for a letter it lacks


@cache
def has_letters(path: Path, letters: str = "LCRW") -> bool:
    """Whether the typeface draws each of ``letters`` as a glyph of its own, not the box it
    draws for characters it lacks (Noto's script fonts carry no Latin letters)."""
    try:
        missing = glyph(str(path), MISSING, 24)
        return all(not np.array_equal(glyph(str(path), c, 24), missing) for c in letters)
    except OSError:  # an unreadable font file
        return False


def family(path: Path) -> str:
    """A typeface's family, its file name less the weight and slant (``LiberationSans-Bold.ttf``
    is ``liberationsans``), so that the bold of a held-out family is held out too."""
    stem = re.split(r"[-_]", path.stem)[0]
    return re.sub(r"(bold|italic|oblique|regular|light|medium|condensed|semibold)+$", "",
                  stem.lower()) or stem.lower()


def is_held_out(path: Path) -> bool:
    """True for the families kept out of training (the SHA-1 of the family is 0 modulo 4)."""
    digest = hashlib.sha1(family(path).encode()).hexdigest()
    return int(digest, 16) % HELD_OUT_BUCKETS == 0


def training(paths: Sequence[Path]) -> tuple[Path, ...]:
    """The typefaces of ``paths`` that training may draw."""
    return tuple(p for p in paths if not is_held_out(p))


def held_out(paths: Sequence[Path]) -> tuple[Path, ...]:
    """The typefaces of ``paths`` kept for the holdout."""
    return tuple(p for p in paths if is_held_out(p))


def printed(ranges: Ranges, held: bool = False) -> Ranges:
    """``ranges`` with boxed dice as they are printed: letters in this machine's typefaces and
    every wild design, those of training or (``held``) those kept out of it, every die drawn so
    in the holdout. An error where no typeface is installed (models/README.md says which)."""

    if not has_pillow():
        raise UserError(Said("typefaces_extra"))
    faces = (held_out if held else training)(typefaces())
    if not faces:
        raise UserError(Said("no_typefaces", {"packages": FONT_PACKAGES}))
    return replace(ranges, typefaces=tuple(map(str, faces)),
                   typeface_share=1.0 if held else ranges.typeface_share,
                   wild_designs=HELD_OUT_WILD_DESIGNS if held else TRAINING_WILD_DESIGNS)


@cache
def _font(path: str, px: int):  # PIL.ImageFont.FreeTypeFont
    if not has_pillow():
        raise UserError(Said("typefaces_extra"))
    from PIL import ImageFont

    return ImageFont.truetype(path, px)


@cache
def glyph(path: str, text: str, height: int) -> np.ndarray:
    """The ink of ``text`` in the typeface at ``path``, cut to its ink, its height ``height``
    pixels: float32 in [0, 1]."""
    font = _font(path, 4 * max(height, 4))
    from PIL import Image, ImageDraw

    x0, y0, x1, y1 = font.getbbox(text)
    canvas = Image.new("L", (max(x1 - x0, 1) + 8, max(y1 - y0, 1) + 8), 0)
    ImageDraw.Draw(canvas).text((4 - x0, 4 - y0), text, fill=255, font=font)
    ink = np.asarray(canvas, np.float32) / 255
    rows, cols = np.flatnonzero(ink.max(1) > 0.05), np.flatnonzero(ink.max(0) > 0.05)
    if not len(rows):
        return np.zeros((height, height), np.float32)
    ink = ink[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]
    import cv2

    width = max(1, round(ink.shape[1] * height / ink.shape[0]))
    return cv2.resize(ink, (width, height), interpolation=cv2.INTER_AREA)


def draw_text(mask: np.ndarray, path: Path, text: str, height: float,
              centre: tuple[float, float] | None = None, max_width: float = 0.9) -> None:
    """Ink ``text`` in the typeface at ``path`` into the square uint8 ``mask``, ``height`` pixels
    tall (narrowed to ``max_width`` of the mask when wider), centred on ``centre`` (default: the
    mask's centre)."""
    size = mask.shape[0]
    ink = glyph(str(path), text, max(2, round(height)))
    if ink.shape[1] > max_width * size:
        import cv2

        scale = max_width * size / ink.shape[1]
        ink = cv2.resize(ink, (max(1, round(ink.shape[1] * scale)),
                               max(1, round(ink.shape[0] * scale))), interpolation=cv2.INTER_AREA)
    cx, cy = centre or (size / 2, size / 2)
    h, w = ink.shape
    x0, y0 = round(cx - w / 2), round(cy - h / 2)
    xs, ys = slice(max(x0, 0), min(x0 + w, size)), slice(max(y0, 0), min(y0 + h, size))
    part = ink[ys.start - y0:ys.stop - y0, xs.start - x0:xs.stop - x0]
    np.maximum(mask[ys, xs], (part * 255).astype(np.uint8), out=mask[ys, xs])
