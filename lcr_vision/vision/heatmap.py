"""Centre heat maps: the locator's output format, encoded for training and decoded at run time.

A die is a Gaussian peak at its centre on a grid ``STRIDE`` times coarser than the locator's input,
with its width and height (as ``log(pixels / STRIDE)``) and the sub-cell offset of the true centre
stored at the peak cell (CenterNet). Encoding then decoding gives the dice back (row by row):

>>> c, s = np.array([[21.0, 30.0], [60.0, 10.0]]), np.array([[12.0, 12.0], [20.0, 18.0]])
>>> got = decode(*encode(c, s, (20, 24))[:3])
>>> np.round(got.centers, 2).tolist(), np.round(got.sizes, 2).tolist()
([[60.0, 10.0], [21.0, 30.0]], [[20.0, 18.0], [12.0, 12.0]])
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from lcr_vision.vision.spec import STRIDE


@dataclass(frozen=True)
class Peaks:
    """Dice found on a heat map, in locator-input pixels: centres ``(N, 2)``, sizes ``(N, 2)``."""

    centers: np.ndarray
    sizes: np.ndarray
    scores: np.ndarray

    def boxes(self) -> np.ndarray:
        """``(N, 4)`` x0, y0, x1, y1 boxes of the peaks' dice."""
        half = self.sizes / 2
        return np.concatenate([self.centers - half, self.centers + half], 1).reshape(-1, 4)


def gaussian_sigma(size_cells: float) -> float:
    """Spread of a die's peak, in cells: wider for larger dice, never under 0.7 cell."""
    return max(0.7, 0.15 * size_cells)


def encode(
    centers: np.ndarray, sizes: np.ndarray, grid: tuple[int, int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Training targets on a ``grid`` (rows, cols): heat, log-size, offset and the peak-cell mask.

    ``centers`` and ``sizes`` (width, height) are in locator-input pixels. Dice whose centre falls
    off the grid are left out; where two peaks overlap the larger value wins.
    """
    rows, cols = grid
    heat = np.zeros((rows, cols), np.float32)
    size = np.zeros((2, rows, cols), np.float32)
    offset = np.zeros((2, rows, cols), np.float32)
    mask = np.zeros((rows, cols), np.float32)
    ys, xs = np.mgrid[0:rows, 0:cols].astype(np.float32)
    for (cx, cy), (w, h) in zip(np.asarray(centers, np.float32), np.asarray(sizes, np.float32)):
        gx, gy = cx / STRIDE, cy / STRIDE
        ix, iy = int(gx), int(gy)
        if not (0 <= ix < cols and 0 <= iy < rows) or min(w, h) <= 0:
            continue
        sigma = gaussian_sigma((w + h) / 2 / STRIDE)
        blob = np.exp(-((xs - ix) ** 2 + (ys - iy) ** 2) / (2 * sigma**2))
        np.maximum(heat, blob, out=heat)
        size[:, iy, ix] = np.log(w / STRIDE), np.log(h / STRIDE)
        offset[:, iy, ix] = gx - ix, gy - iy
        mask[iy, ix] = 1.0
    return heat, size, offset, mask


def decode(
    heat: np.ndarray, size: np.ndarray, offset: np.ndarray, threshold: float = 0.3
) -> Peaks:
    """Local maxima of ``heat`` (rows, cols) above ``threshold``, with their sizes and offsets."""
    peaks = (heat >= threshold) & (heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8)))
    iy, ix = np.nonzero(peaks)
    centers = np.stack([ix + offset[0, iy, ix], iy + offset[1, iy, ix]], 1) * STRIDE
    sizes = np.exp(np.stack([size[0, iy, ix], size[1, iy, ix]], 1)) * STRIDE
    return Peaks(centers.astype(np.float32), sizes.astype(np.float32), heat[iy, ix])
