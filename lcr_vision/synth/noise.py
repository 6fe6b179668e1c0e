"""Noise sources: smooth value noise (a small random grid scaled up) for textures and light, and
cheap per-pixel noise windows for grain and sensor noise.

>>> field = smooth_noise(np.random.default_rng(0), (48, 64), cells=4)
>>> field.shape, field.dtype, bool(0 <= field.min() and field.max() <= 1)
((48, 64), dtype('float32'), True)
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np


def smooth_noise(rng: np.random.Generator, shape: tuple[int, int], cells: float) -> np.ndarray:
    """A ``(h, w)`` float32 field in [0, 1] with about ``cells`` blobs across its longer side."""
    h, w = shape
    n = max(2.0, cells)
    gh, gw = max(2, round(n * h / max(h, w)) + 1), max(2, round(n * w / max(h, w)) + 1)
    grid = rng.random((gh, gw), dtype=np.float32)
    return np.clip(cv2.resize(grid, (w, h), interpolation=cv2.INTER_CUBIC), 0, 1)


@lru_cache(maxsize=8)
def _bank(w: int, h: int) -> np.ndarray:
    """Unit-sigma sensor-like noise, 64 rows taller than a ``w`` x ``h`` frame, made once."""
    rng = np.random.default_rng(20261129)
    rows = h + 64
    luma = rng.standard_normal((rows, w, 1), dtype=np.float32)
    chroma = cv2.resize(rng.standard_normal((rows // 2, w // 2 + 1, 3), dtype=np.float32),
                        (w, rows), interpolation=cv2.INTER_LINEAR)
    return np.ascontiguousarray(luma * 0.85 + chroma * 0.6)


def pixel_noise(rng: np.random.Generator, size: tuple[int, int]) -> np.ndarray:
    """Unit-sigma BGR noise ``(h, w, 3)``: a random band of rows of a cached bank (contiguous, so
    it costs nothing to take).

    >>> a = pixel_noise(np.random.default_rng(1), (64, 48))
    >>> a.shape, a.flags.c_contiguous, bool(0.8 < a.std() < 1.3)
    ((48, 64, 3), True, True)
    """
    w, h = size
    y = int(rng.integers(65))
    return _bank(w, h)[y:y + h]


def add_tiled_noise(rng: np.random.Generator, image: np.ndarray, amount: float) -> None:
    """Add ``amount`` times unit-sigma BGR noise to float32 ``image`` in place, tiled from one
    cached 256-pixel square from a random offset (for table grain, whose size changes from scene to
    scene). It is added a tile at a time, so no image-sized noise array is made.

    >>> img = np.zeros((20, 300, 3), np.float32)
    >>> add_tiled_noise(np.random.default_rng(2), img, 2.0)
    >>> bool(1.6 < img.std() < 2.6)
    True
    """
    h, w = image.shape[:2]
    tile = _bank(256, 192)
    y, x = int(rng.integers(64)), int(rng.integers(256))
    rolled = np.roll(tile, (-y, -x), (0, 1))
    th, tw = rolled.shape[:2]
    for top in range(0, h, th):
        for left in range(0, w, tw):
            block = image[top:top + th, left:left + tw]
            cv2.scaleAdd(rolled[:block.shape[0], :block.shape[1]], amount, block, dst=block)
