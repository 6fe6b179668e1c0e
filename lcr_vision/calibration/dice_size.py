"""Step 2, dice size: find the dice by what changed on the table, and the scales worth trying.

The dice are measured without the model (which may not see them yet: that is what calibration is
for): whatever differs from the learned empty table, in blobs about as wide as high, is a die or
two touching. The median blob size is the die size in frame pixels.

The locator's one look sees the play area shrunk to half its longest side, 320 to 640 pixels
(`lcr_vision.vision.looker.look_scales`): a scale can shrink dice for it but never enlarge them
past what that look at the whole play area gives. Candidate scales put dice at a few sizes the
model was trained on, plus the scale that keeps all the detail there is.

>>> locator_die(20.0, (640, 480), 1.0)
10.0
>>> [round(s, 3) for s in candidate_scales(20.0, (640, 480))]
[1.0]
>>> [round(s, 3) for s in candidate_scales(100.0, (640, 480))]
[1.0, 0.14, 0.2, 0.28, 0.4]
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from lcr_vision.phrases.calibration import EN_WORDS, CalibrationWords
from lcr_vision.vision.looker import look_scales
from lcr_vision.vision.spec import LOCATOR_SIDE

CHANGE_LEVEL = 40  # colour change (max over channels) that marks a pixel as not the table
MIN_DIE_PX = 6.0  # blobs narrower than this are noise
SAME_DICE = 0.4  # dice of one roll are at least this share of the biggest one's size
LOCATOR_TARGETS = (14.0, 20.0, 28.0, 40.0)  # die sizes (locator pixels) worth trying
SMALLEST_READABLE = 9.0  # locator pixels: smaller dice are missed often
SMALLEST_DETAIL = 14.0  # frame pixels: smaller dice are misread often
# Frame pixels: the reader drops many more of smaller dice than of those of 40 px and over
# (models/README.md, Limits), so small dice read poorly on the check rolls are told to come closer.
DETAIL_READS = 28.0
# Frame pixels: dice under this are read less surely than bigger ones, so the table asks more; a
# camera closer, or opened at a higher resolution, shows them bigger (`size_warnings`).
SURE_DIE_PX = 40.0
HIGH_WIDTH = 1280  # a frame this wide is the resolution worth asking a webcam for
READ_WELL = 0.9  # share of check dice right under which small dice are told to come closer
# Dice of one camera over one table vary by perspective, not by this factor from roll to roll.
SIZE_SPREAD = 3.0
ODD_SIZES = 0.25  # a share of rolls whose dice measure apart from the rest over this: two cameras


def die_blobs(frame: np.ndarray, background: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Boxes ``(x, y, w, h)`` of die-like blobs where ``frame`` differs from the empty table.

    A die the colour of the table shows only as its pips; blobs far smaller than the biggest of
    the frame are such pips and are left out."""
    a = cv2.GaussianBlur(frame, (5, 5), 0).astype(np.int16)
    b = cv2.GaussianBlur(background, (5, 5), 0).astype(np.int16)
    mask = (np.abs(a - b).max(2) > CHANGE_LEVEL).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask)
    h, w = mask.shape
    blobs = []
    for x, y, bw, bh, area in stats[1:count]:
        if (min(bw, bh) >= MIN_DIE_PX and 0.4 <= bw / bh <= 2.5 and area >= 0.4 * bw * bh
                and bw * bh <= 0.4 * w * h):
            blobs.append((int(x), int(y), int(bw), int(bh)))
    biggest = max((min(w, h) for _, _, w, h in blobs), default=0)
    return [b for b in blobs if min(b[2:]) >= SAME_DICE * biggest]  # not the pips of a plain die


def die_size(blobs: Sequence[tuple[int, int, int, int]]) -> float | None:
    """The median die size in pixels of single-die blobs (pairs of touching dice are wider)."""
    if not blobs:
        return None
    sizes = np.array([min(w, h) for _, _, w, h in blobs], np.float32)
    return float(np.median(sizes))


def odd_sizes(sizes: Sequence[float]) -> list[bool]:
    """Which rolls' die sizes lie apart from the rest (beyond the square root of `SIZE_SPREAD`
    from their median, so that the others are within `SIZE_SPREAD` of each other): a blob
    mismeasured where the reader saw no die to check it by (a shadow, glare), or another camera.

    >>> odd_sizes([46, 53.5, 67, 64, 64.5, 63, 65, 65, 12, 68.6])
    [False, False, False, False, False, False, False, False, True, False]
    """
    median = float(np.median(sizes))
    return [not median / SIZE_SPREAD ** 0.5 <= s <= median * SIZE_SPREAD ** 0.5 for s in sizes]


def sizes_apart(blobs: Sequence[float], read: Sequence[float | None]) -> list[bool]:
    """Which rolls' dice measure apart from the rest (`odd_sizes`): by their ``blobs``' sizes,
    unless the dice the reader found in that roll (their median size ``read``, ``None`` where
    it found none) are not apart from the other rolls' read. Dice the colour of the table show
    only by their shadows, which a card beside them can double: the reader, which sees the dice,
    then measures them as big as in every other roll, where two cameras would show two sizes.

    >>> sizes_apart([56, 53, 103, 113, 54, 60, 58], [76, 58, 79, 82, 77, 62, 80])
    [False, False, False, False, False, False, False]
    >>> sizes_apart([56, 53, 160, 180, 54, 60, 58], [76, 58, 230, 240, 77, 62, 80])
    [False, False, True, True, False, False, False]
    """
    seen = [i for i, s in enumerate(read) if s is not None]
    read_apart = dict(zip(seen, odd_sizes([read[i] for i in seen]))) if seen else {}
    return [apart and read_apart.get(i, True) for i, apart in enumerate(odd_sizes(blobs))]


def locator_die(die: float, area: tuple[int, int], scale: float) -> float:
    """The size a ``die``-pixel die has for the locator's one look (`look_scales`) when a play
    area of ``area`` (w, h) is resized by ``scale``."""
    shown = (max(round(area[1] * scale), 1), max(round(area[0] * scale), 1))
    return die * scale * look_scales(shown)[0]


def candidate_scales(die: float, area: tuple[int, int]) -> list[float]:
    """Scales worth trying for dice of ``die`` pixels in a play area of ``area`` (w, h), the
    detail-keeping one first: 1, or the enlargement that brings a small area to 320 pixels."""
    fit = LOCATOR_SIDE / max(area)
    full = max(1.0, fit)
    return [full] + [t / die for t in LOCATOR_TARGETS if t / die < 0.9 * fit]


def closer_advice(die: float, share: float,
                  words: CalibrationWords = EN_WORDS) -> tuple[str, ...]:
    """What to say when the check rolls show that dice of ``die`` pixels, read right ``share``
    of the time, are too small: how much closer the camera must come.

    >>> closer_advice(18.0, 0.7)[0]  # doctest: +NORMALIZE_WHITESPACE
    'The dice are 18 pixels wide and 70% of the check dice were read right; dice 28 pixels wide or
    more read far better: move the camera 1.6 times closer, or use bigger dice.'
    >>> closer_advice(18.0, 0.95), closer_advice(40.0, 0.7)
    ((), ())
    """
    if die >= DETAIL_READS or share >= READ_WELL:
        return ()
    return (words.sentence("come_closer", die=f"{die:.0f}", share=f"{100 * share:.0f}",
                           least=f"{DETAIL_READS:.0f}", times=f"{DETAIL_READS / die:.1f}"),)


def size_warnings(die: float, area: tuple[int, int], width: int | None = None,
                  words: CalibrationWords = EN_WORDS) -> tuple[str, ...]:
    """What to say when the dice are too small to read reliably, or to read surely, in a play
    ``area`` of a frame ``width`` pixels wide (default: the area's): what to change.

    >>> size_warnings(8.0, (640, 480))[0]
    'The dice are only 8 pixels wide: move the camera closer or use bigger dice.'
    >>> size_warnings(30.0, (640, 480))[0]  # doctest: +NORMALIZE_WHITESPACE
    'The dice are 30 pixels wide in a picture 640 pixels wide; dice 40 pixels wide or more read
    surest: move the camera closer, or open it at a higher resolution (--resolution 1280x720).'
    >>> size_warnings(30.0, (1280, 720))[0]
    'The dice are 30 pixels wide; dice 40 pixels wide or more read surest: move the camera closer.'
    >>> size_warnings(45.0, (640, 480))
    ()
    """
    width = width or area[0]
    out = []
    if die < SMALLEST_DETAIL:
        out.append(words.sentence("too_small", die=f"{die:.0f}"))
    elif locator_die(die, area, max(1.0, LOCATOR_SIDE / max(area))) < SMALLEST_READABLE:
        out.append(words.sentence("small_in_wide", die=f"{die:.0f}", side=max(area)))
    elif die < SURE_DIE_PX:
        out.append(words.sentence("small_resolution", die=f"{die:.0f}", width=width,
                                  sure=f"{SURE_DIE_PX:.0f}") if width < HIGH_WIDTH else
                   words.sentence("small_closer", die=f"{die:.0f}", sure=f"{SURE_DIE_PX:.0f}"))
    return tuple(out)
