"""Cut square, size-normalised crops around dice from the full-resolution frame.

The classifier reads each die from the original pixels, not from the shrunk frame the locator saw,
so a 14 px die is still read from 14 px of real detail. Training cuts its examples with this same
function from augmented frames, so the model sees exactly what the reader gives it.

>>> img = np.zeros((100, 200, 3), np.uint8)
>>> cut_crops(img, np.array([[100.0, 50.0], [0.0, 0.0]]), np.array([20.0, 30.0])).shape
(2, 3, 40, 40)
"""

from __future__ import annotations

import cv2
import numpy as np

from lcr_vision.vision.spec import CROP, CROP_CONTEXT, PAD_VALUE


def crop_window(cx: float, cy: float, die: float) -> tuple[int, int, int]:
    """The square ``(x0, y0, side)`` in frame pixels that a crop of a die at ``(cx, cy)`` covers.

    >>> crop_window(50.0, 40.0, 20.0)
    (36, 26, 28)
    """
    side = max(round(CROP_CONTEXT * die), 2)
    return round(cx - side / 2), round(cy - side / 2), side


def cut_crop(image: np.ndarray, cx: float, cy: float, die: float, out: int = CROP) -> np.ndarray:
    """One ``out`` x ``out`` HWC crop; what lies beyond the frame is filled with ``PAD_VALUE``.

    The classifier has learned that a die running into that grey is cut by the frame edge and
    cannot be read. Shrinking uses area averaging so large dice do not alias; only the part inside
    the frame is resampled, so even an absurd size costs no memory.
    """
    h, w = image.shape[:2]
    x0, y0, side = crop_window(cx, cy, die)
    ix0, iy0, ix1, iy1 = max(x0, 0), max(y0, 0), min(x0 + side, w), min(y0 + side, h)
    crop = np.full((out, out, 3), PAD_VALUE, np.uint8)
    to_out = out / side
    ox0, oy0 = round((ix0 - x0) * to_out), round((iy0 - y0) * to_out)
    ox1, oy1 = round((ix1 - x0) * to_out), round((iy1 - y0) * to_out)
    if ox1 > ox0 and oy1 > oy0:
        interp = cv2.INTER_AREA if side > out else cv2.INTER_LINEAR
        crop[oy0:oy1, ox0:ox1] = cv2.resize(image[iy0:iy1, ix0:ix1], (ox1 - ox0, oy1 - oy0),
                                            interpolation=interp)
    return crop


def cut_crops(
    image: np.ndarray, centers: np.ndarray, sizes: np.ndarray, out: int = CROP
) -> np.ndarray:
    """Crops ``(N, 3, out, out)`` float32 (0-255, BGR) for the dice at ``centers`` of ``sizes``."""
    crops = np.empty((len(centers), 3, out, out), np.float32)
    for i, ((cx, cy), s) in enumerate(zip(centers, sizes)):
        crops[i] = cut_crop(image, cx, cy, s, out).transpose(2, 0, 1)
    return crops
