"""`Looker`: where a frame's dice are, at the scales the locator sees it at, and their crops.

The locator sees the frame shrunk to 320 px on its longest side; the classifier then reads a crop
of each die cut from the full-resolution frame. Localising small and reading from full detail is
what makes both small dice and big frames cheap. One look at 320 px is what a live camera affords,
and it misses many dice under about 3% of the frame's width (a die across a table in a phone's
photo). With ``pyramid``, for photos, the locator also looks at twice that scale and twice again
up to the frame's own: each finer look adds only the dice too small for the look before, so big
dice are not found again where their pips and sides could pass for dice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from lcr_vision.vision.crops import cut_crops
from lcr_vision.vision.dice_model import DiceModel
from lcr_vision.vision.heatmap import Peaks
from lcr_vision.vision.spec import HEAT_THRESHOLD, LOCATOR_SIDE

MAX_PEAKS = 64  # locator peaks read per frame, strongest first
# A finer look of the pyramid keeps the dice under this many locator pixels, that is under 18 in
# the look before, where that look starts missing dice (models/README.md, "Photos of any size").
HANDOVER = 36.0
# The smallest dice to read are about 14 px; a peak under this is a speck (a printed dot, a card's
# pip), and its crop, enlarged four times, could read as any face.
MIN_DIE_PX = 10.0
# A finer look's peak inside the box of a die this many times its size, found by a coarser look,
# is part of that die: in a close-up its pips (a fifth of it across) are as big as far dice. Two
# touching small dice that a coarser look took for one die are only twice one, so they stay.
PIP_RATIO = 3.0
# One look at a frame (a live camera's) shows the locator at most this many times its own side:
# a 1280x720 or 1920x1080 webcam at 640 px, where at 320 px dice its resolution shows at 25-30 px
# were 6-8 locator pixels and went missing. The dice are then as many locator pixels as a 640x480
# camera's closer by half; the look costs about 2.5 times the 320-px look, and the read 1.5 times
# (docs/figures.md, "Figures behind the code's settings").
LIVE_LOOK = 2.0
# The most pixels one look of the pyramid shows the locator: it takes about 90 bytes a pixel, so
# this keeps reading any photo (up to the pixel limit of `lcr_vision.vision.limits`) under 1 GB.
# A 12-megapixel phone photo's finest look is 4.9 megapixels; a bigger photo's is shrunk to this.
MAX_LOOK_PIXELS = 5_000_000


@dataclass(frozen=True)
class Looker:
    """Finds dice with ``model``'s locator, at every scale where ``pyramid``, down to its
    ``heat_threshold``, and cuts their crops for its classifier."""

    model: DiceModel
    pyramid: bool = False
    heat_threshold: float = HEAT_THRESHOLD

    def locate(self, image: np.ndarray) -> Peaks:
        """Die centres and sizes in ``image`` pixels, strongest first, from each of the locator's
        looks (`look_scales`). A finer look adds only dice under `HANDOVER` of its pixels and not
        inside a bigger die found by a coarser look (where they are its pips); no look adds one
        under `MIN_DIE_PX` of the image's. Each look's picture is shrunk from the finer one's,
        which costs far less than shrinking a 12-megapixel photo again."""
        h, w = image.shape[:2]
        scales = look_scales(image.shape, self.pyramid, self.model.locator_side)
        seen, shown = [], image
        for scale in reversed(scales):
            size = (max(round(w * scale), 1), max(round(h * scale), 1))
            if size != shown.shape[1::-1]:
                shown = cv2.resize(shown, size, interpolation=cv2.INTER_AREA)
            seen.insert(0, self.model.peaks(shown, self.heat_threshold))
        looks: list[Peaks] = []
        for i, (scale, peaks) in enumerate(zip(scales, seen)):
            sizes = peaks.sizes.mean(1)
            keep = (sizes >= MIN_DIE_PX * scale) & (sizes < (HANDOVER if i else np.inf))
            looks.append(_outside(Peaks(peaks.centers[keep] / scale, peaks.sizes[keep] / scale,
                                        peaks.scores[keep]), looks))
        scores = np.concatenate([p.scores for p in looks])
        top = np.argsort(-scores, kind="stable")[:MAX_PEAKS]
        return Peaks(np.concatenate([p.centers for p in looks])[top],
                     np.concatenate([p.sizes for p in looks])[top], scores[top])

    def crops(self, image: np.ndarray, peaks: Peaks) -> np.ndarray:
        """The classifier's crop ``(N, 3, crop, crop)`` of each peak, cut from ``image``."""
        return cut_crops(image, peaks.centers, peaks.sizes.mean(1), self.model.crop)


def look_scales(shape: tuple[int, ...], pyramid: bool = False,
                side: int = LOCATOR_SIDE) -> list[float]:
    """The scales the locator sees a frame of ``shape`` (h, w, ...) at. One look (a live
    camera's) shrinks the frame to half its longest side, between ``side`` (the model's locator
    side, never enlarged) and `LIVE_LOOK` times it: a webcam's 640x480 at ``side``, its 1280x720
    and 1920x1080 at twice ``side``. With ``pyramid`` (photos) the first look is at ``side``, then
    every doubling of that up to the frame's own size. No look has more than `MAX_LOOK_PIXELS`:
    the looks over it give way to one of that many pixels, where that is clearly finer than the
    last look kept.

    >>> look_scales((480, 640)), look_scales((480, 640), pyramid=True)
    ([0.5], [0.5, 1.0])
    >>> look_scales((720, 1280)), [round(s, 3) for s in look_scales((1080, 1920))]
    ([0.5], [0.333])
    >>> [round(s, 3) for s in look_scales((3024, 4032), pyramid=True)]
    [0.079, 0.159, 0.317, 0.635]
    >>> [round(s, 3) for s in look_scales((3840, 5120), pyramid=True)]  # 1.0 is over
    [0.062, 0.125, 0.25, 0.5]
    >>> [round(s, 3) for s in look_scales((7071, 7071), pyramid=True)]  # 0.362 and 0.724 are
    [0.045, 0.091, 0.181, 0.316]
    """
    longest = max(shape[:2])
    first = min(side / longest, 1.0)
    if not pyramid:
        return [min(max(first, 0.5), LIVE_LOOK * first)]
    looks = 1 + int(np.log2(1 / first) + 1e-9)
    scales = [first * 2**k for k in range(looks)]
    finest = math.sqrt(MAX_LOOK_PIXELS / (shape[0] * shape[1]))
    kept = [s for s in scales if s <= finest]
    if len(kept) < len(scales) and finest > 1.5 * kept[-1]:
        kept.append(finest)
    return kept


def _outside(peaks: Peaks, coarser: list[Peaks]) -> Peaks:
    """``peaks`` less those whose centre lies in the box of a die at least `PIP_RATIO` times as
    big among ``coarser`` (a pip of a big die, or a letter's stroke, found as a small die).

    >>> big = Peaks(np.array([[100.0, 100.0]]), np.array([[120.0, 120.0]]), np.array([0.9]))
    >>> small = Peaks(np.array([[130.0, 80.0], [200.0, 100.0]]), np.full((2, 2), 20.0),
    ...               np.array([0.8, 0.7]))
    >>> _outside(small, [big]).centers.tolist()
    [[200.0, 100.0]]
    """
    if not coarser or not len(peaks.scores):
        return peaks
    centers = np.concatenate([p.centers for p in coarser])
    sizes = np.concatenate([p.sizes for p in coarser])
    inside = np.all(np.abs(peaks.centers[:, None] - centers[None]) < sizes[None] / 2, axis=2)
    bigger = sizes.mean(1)[None] >= PIP_RATIO * peaks.sizes.mean(1)[:, None]
    keep = ~np.any(inside & bigger, axis=1)
    return Peaks(peaks.centers[keep], peaks.sizes[keep], peaks.scores[keep])
