"""The same table under other light: a photo brought to the empty table's exposure and colour.

A webcam's automatic exposure, white balance and gain change from photo to photo, and a lamp may
be moved between the empty table and the rolls. Each scales every pixel of a channel alike, or the
brightness of the picture smoothly across it, so a photo of the same table is the empty table
times a gain per channel and a smooth brightness field. Both are found robustly (medians: the
dice cover a small share of the picture) and divided out, so that what still differs is the dice,
or another table, camera or place. White balance moves the channels' gains only a little apart; a
table of another colour moves them further (`MAX_WHITE`).

>>> table = np.full((120, 160, 3), 100, np.uint8)
>>> darker = (table * np.array([0.6, 0.65, 0.62])).astype(np.uint8)
>>> change = light_change(table, darker)
>>> int(change.matched[60, 80, 0]), change.white_ok
(100, True)
>>> green = np.full((120, 160, 3), (40, 160, 60), np.uint8)
>>> same_table(table, darker, []), same_table(table, green, [])
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

BLUR = 3.0  # sigma (pixels) that drops sensor noise and JPEG blocks before comparing
BLOCKS = (8, 6)  # the smooth brightness field is measured on this grid (columns, rows)
MAX_LAMP = 2.0  # a lamp moved brightens or darkens a part of the table by at most this factor
MAX_WHITE = 1.3  # white balance drift changes the channels' gains relative to each other by less
CHANGE_LEVEL = 30  # a colour change (max over channels) the light does not explain
STRANGE_SHARE = 0.3  # a roll whose picture still differs over this share is of another table
EDGE_LEVEL = 40.0  # a gradient (grey levels a pixel) that is an edge of the table: a tray's wall,
# a book, a board's seam
LOST_EDGES = 0.5  # a roll where over this share of the empty table's edges is gone was taken from
# elsewhere
USABLE = (8, 248)  # levels where a pixel's channels still scale with the light (not black, clipped)


@dataclass(frozen=True)
class LightChange:
    """How a photo's light differs from the empty table's, and the photo with it undone."""

    gains: tuple[float, float, float]  # BGR
    matched: np.ndarray  # the photo at the empty table's light (BGR uint8)

    @property
    def white_ok(self) -> bool:
        """Whether the channels' gains are as close as white balance drift leaves them."""
        return max(self.gains) / max(min(self.gains), 1e-6) <= MAX_WHITE


def light_change(background: np.ndarray, frame: np.ndarray) -> LightChange:
    """The gains and brightness field that take the empty table ``background`` to ``frame``
    (same shape), and ``frame`` with them divided out."""
    a = cv2.GaussianBlur(background, (0, 0), BLUR).astype(np.float32)
    b = cv2.GaussianBlur(frame, (0, 0), BLUR).astype(np.float32)
    usable = ((a > USABLE[0]) & (a < USABLE[1]) & (b > USABLE[0]) & (b < USABLE[1])).all(2)
    if usable.sum() < 0.05 * usable.size:
        usable[:] = True  # a black or blown-out picture: judged as it is
    ratio = b / np.maximum(a, 1.0)
    gains = np.median(ratio[usable], axis=0)
    brightness = (ratio / np.maximum(gains, 1e-6)).mean(2)
    field = _smooth_field(brightness, usable)
    matched = frame.astype(np.float32) / (gains * field[..., None])
    return LightChange((float(gains[0]), float(gains[1]), float(gains[2])),
                       np.clip(np.rint(matched), 0, 255).astype(np.uint8))


def change_of(background: np.ndarray, frame: np.ndarray) -> LightChange | None:
    """`light_change` of ``frame``, found once for all that judges it; ``None`` for a picture
    of another size than the empty table's, which no light explains."""
    return light_change(background, frame) if frame.shape == background.shape else None


def _smooth_field(brightness: np.ndarray, usable: np.ndarray) -> np.ndarray:
    """The smooth brightness change across the picture: the median of each block of `BLOCKS`,
    the median of each block's neighbours (so a block a die fills does not count), within
    `MAX_LAMP`, interpolated back to the picture's size."""
    h, w = brightness.shape
    cols, rows = BLOCKS
    grid = np.ones((rows, cols), np.float32)
    for r in range(rows):
        for c in range(cols):
            ys, xs = (slice(r * h // rows, (r + 1) * h // rows),
                      slice(c * w // cols, (c + 1) * w // cols))
            block = brightness[ys, xs][usable[ys, xs]]
            if block.size > 0.2 * brightness[ys, xs].size:
                grid[r, c] = float(np.median(block))
    grid = cv2.medianBlur(np.clip(grid, 1 / MAX_LAMP, MAX_LAMP), 3)
    return cv2.resize(grid, (w, h), interpolation=cv2.INTER_LINEAR)


def same_table(background: np.ndarray, frame: np.ndarray,
               blobs: Sequence[tuple[int, int, int, int]],
               change: LightChange | None = None) -> bool:
    """Whether ``frame`` shows the table of ``background`` under whatever light: its channels'
    gains as white balance leaves them, and outside its dice (``blobs``, found on the matched
    photo) most of the picture as the empty table, so that a photo of another table, or taken
    from elsewhere, is not fitted as a roll of this one. ``change``: the frame's
    `light_change`, when already found (finding it takes time: docs/figures.md, "Figures behind
    the code's settings")."""
    if background.shape != frame.shape:
        return False
    change = change or light_change(background, frame)
    if not change.white_ok:
        return False
    keep = np.ones(frame.shape[:2], bool)
    for x, y, w, h in blobs:
        keep[max(y - h // 2, 0):y + h + h // 2, max(x - w // 2, 0):x + w + w // 2] = False
    if not keep.any():
        return True
    a = cv2.GaussianBlur(background, (0, 0), BLUR).astype(np.int16)
    b = cv2.GaussianBlur(change.matched, (0, 0), BLUR).astype(np.int16)
    changed = np.abs(a - b).max(2) > CHANGE_LEVEL
    return float(changed[keep].mean()) < STRANGE_SHARE and not _edges_moved(
        background, change.matched, keep)


def _gradient(image: np.ndarray) -> np.ndarray:
    grey = cv2.GaussianBlur(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (0, 0), 1.5)
    grey = grey.astype(np.float32)
    return np.hypot(cv2.Sobel(grey, cv2.CV_32F, 1, 0), cv2.Sobel(grey, cv2.CV_32F, 0, 1))


def _edges_moved(background: np.ndarray, matched: np.ndarray, keep: np.ndarray) -> bool:
    """Whether most of the empty table's strongest edges (outside the dice) are gone from the
    photo: a camera moved or turned, which the light does not explain. A table with hardly any
    edges (plain felt) cannot tell, and looks the same to the reader from a little elsewhere.
    On the trial tables a camera turned a few degrees lost most of them, its own rolls none
    (docs/figures.md, "Figures behind the code's settings")."""
    was, now = _gradient(background), _gradient(matched)
    strong = (was > max(EDGE_LEVEL, float(np.percentile(was, 95)))) & keep
    if strong.sum() < 0.005 * strong.size:
        return False
    return float((now[strong] < 0.5 * was[strong]).mean()) > LOST_EDGES


def refused(strangers: int, rolls: int) -> bool:
    """Whether check rolls of which ``strangers`` do not show the empty table's table are
    refused: when they are most of them (one or two odd photos are a hand or a shadow)."""
    return strangers * 2 > rolls
