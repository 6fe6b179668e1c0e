"""cv2 drawing helpers for float canvases: sub-pixel coordinates, and text (cv2 draws text on uint8).

>>> fixed((1.5, 2.25))
(24, 36)
>>> canvas = np.zeros((20, 40, 3), np.float32)
>>> put_text(canvas, "LC", (2, 16), 0, 0.5, (0.0, 0.0, 255.0), 1)
>>> bool(canvas[..., 2].max() > 200 and canvas[..., 0].max() == 0)
True
"""

from __future__ import annotations

import cv2
import numpy as np

SHIFT = 4  # fractional bits passed to cv2 drawing calls
ONE = 1 << SHIFT


def fixed(point: tuple[float, float] | np.ndarray) -> tuple[int, int]:
    """A point in cv2's fixed-point form for ``shift=SHIFT``."""
    return round(float(point[0]) * ONE), round(float(point[1]) * ONE)


def fixed_poly(points: np.ndarray) -> np.ndarray:
    """Polygon ``(N, 2)`` in cv2's fixed-point form."""
    return np.round(np.asarray(points) * ONE).astype(np.int32)


def put_text(canvas: np.ndarray, text: str, org: tuple[int, int], font: int, scale: float,
             colour: tuple[float, float, float], thickness: int) -> None:
    """``cv2.putText`` onto a float BGR ``canvas``, anti-aliased, in place (in the text's box only)."""
    (tw, th), base = cv2.getTextSize(text, font, scale, thickness)
    pad = thickness + 2
    x0, y0 = max(0, org[0] - pad), max(0, org[1] - th - pad)
    x1 = min(canvas.shape[1], org[0] + tw + pad)
    y1 = min(canvas.shape[0], org[1] + base + pad)
    if x0 >= x1 or y0 >= y1:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.putText(mask, text, (org[0] - x0, org[1] - y0), font, scale, 255, thickness, cv2.LINE_AA)
    a = mask.astype(np.float32)[..., None] * (1 / 255)
    region = canvas[y0:y1, x0:x1]
    region += (np.asarray(colour, np.float32) - region) * a


def soft_blur(image: np.ndarray, sigma: float) -> np.ndarray:
    """Near-Gaussian blur by ``sigma`` pixels; wide blurs run on a shrunken copy, which costs less.

    >>> img = np.zeros((64, 64), np.float32); img[32, 32] = 1
    >>> out = soft_blur(img, 12.0)
    >>> out.shape, bool(out[32, 32] > out[32, 50] > 0)
    ((64, 64), True)
    """
    h, w = image.shape[:2]
    factor = int(max(1, min(sigma / 2, h / 4, w / 4)))
    if factor == 1:
        return _stack_blur(image, sigma)
    small = cv2.resize(image, (max(1, w // factor), max(1, h // factor)), interpolation=cv2.INTER_AREA)
    return cv2.resize(_stack_blur(small, sigma / factor), (w, h), interpolation=cv2.INTER_LINEAR)


def _stack_blur(image: np.ndarray, sigma: float) -> np.ndarray:
    """cv2's stack blur, a fast near-Gaussian, with the kernel that matches ``sigma``."""
    k = 2 * max(1, round(sigma * 1.25)) + 1
    return cv2.stackBlur(image, (k, k))


def fill_smooth(mask: np.ndarray, polygon: np.ndarray) -> None:
    """Fill the fixed-point ``polygon`` with 255 in uint8 ``mask``, anti-aliased by drawing at 4x
    and shrinking (cv2's own anti-aliased fill leaves seams inside and saw teeth along edges).

    >>> m = np.zeros((20, 20), np.uint8)
    >>> fill_smooth(m, fixed_poly(np.array([[2.5, 2.5], [17.5, 3.0], [16.0, 17.5], [3.0, 16.0]])))
    >>> int(m[5:15, 5:15].min()), int(m[0, 0])
    (255, 0)
    """
    h, w = mask.shape
    big = np.zeros((4 * h, 4 * w), np.uint8)
    cv2.fillPoly(big, [polygon * 4 + round(1.5 * ONE)], 255, cv2.LINE_8, SHIFT)
    np.maximum(mask, cv2.resize(big, (w, h), interpolation=cv2.INTER_AREA), out=mask)


def paint_polygon(canvas: np.ndarray, polygon: np.ndarray, colour: np.ndarray) -> None:
    """Paint the fixed-point ``polygon`` in BGR ``colour`` onto float ``canvas``, anti-aliased
    (cv2 anti-aliases only on uint8 images, so the shape is drawn as a uint8 mask first).

    >>> canvas = np.zeros((10, 10, 3), np.float32)
    >>> paint_polygon(canvas, fixed_poly(np.array([[2.0, 2], [7, 2], [7, 7], [2, 7]])), np.ones(3))
    >>> float(canvas[4, 4, 0]), float(canvas[0, 0, 0])
    (1.0, 0.0)
    """
    mask = np.zeros(canvas.shape[:2], np.uint8)
    fill_smooth(mask, polygon)
    a = mask.astype(np.float32)[..., None] * (1 / 255)
    canvas += (np.asarray(colour, np.float32) - canvas) * a
