"""cv2 drawing helpers for float canvases: sub-pixel coordinates, text (cv2 draws text on uint8),
soft masks, and per-pixel colour weights done by cv2 (numpy broadcasting over three channels is
several times slower).

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
    """``cv2.putText`` onto a float BGR ``canvas``, anti-aliased, in place (in the text's box
    only)."""
    (tw, th), base = cv2.getTextSize(text, font, scale, thickness)
    pad = thickness + 2
    x0, y0 = max(0, org[0] - pad), max(0, org[1] - th - pad)
    x1 = min(canvas.shape[1], org[0] + tw + pad)
    y1 = min(canvas.shape[0], org[1] + base + pad)
    if x0 >= x1 or y0 >= y1:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.putText(mask, text, (org[0] - x0, org[1] - y0), font, scale, 255, thickness, cv2.LINE_AA)
    wash(canvas[y0:y1, x0:x1], colour, mask.astype(np.float32) * (1 / 255))


def solid(colour: np.ndarray | tuple[float, float, float], shape: tuple[int, ...]) -> np.ndarray:
    """A float32 BGR image of ``shape`` (h, w, ...) filled with ``colour``: one pixel replicated by
    ``cv2.copyMakeBorder``, many times faster than numpy filling from a three-value colour.

    >>> solid((1.0, 2.0, 3.0), (2, 3)).shape, solid((1.0, 2.0, 3.0), (2, 3))[1, 2].tolist()
    ((2, 3, 3), [1.0, 2.0, 3.0])
    """
    h, w = shape[:2]
    pixel = np.asarray(colour, np.float32).reshape(1, 1, 3)
    return cv2.copyMakeBorder(pixel, 0, h - 1, 0, w - 1, cv2.BORDER_REPLICATE)


def wash(region: np.ndarray, colour: np.ndarray | tuple[float, float, float],
         weight: np.ndarray) -> None:
    """``region += (colour - region) * weight`` in place: float32 BGR ``region`` moved towards
    ``colour`` by the one-channel ``weight``, with the same products numpy would make."""
    cv2.add(region, weigh(solid(colour, region.shape) - region, weight), dst=region)


def tint(field: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """``colour * field[..., None]``: the one-channel ``field`` times a BGR ``colour``, built a
    channel at a time (numpy broadcasts over a last axis of three several times slower).

    >>> tint(np.full((2, 2), 0.5, np.float32), np.float32([2, 4, 6]))[0, 0].tolist()
    [1.0, 2.0, 3.0]
    """
    return cv2.merge([field * c for c in colour])


def weigh(image: np.ndarray, field: np.ndarray) -> np.ndarray:
    """``image * field[..., None]`` for a float32 BGR ``image`` and one-channel ``field``, by cv2
    (several times faster than numpy's broadcast over the channels, same products)."""
    return cv2.multiply(image, cv2.cvtColor(field, cv2.COLOR_GRAY2BGR))


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
    small = cv2.resize(image, (max(1, w // factor), max(1, h // factor)),
                       interpolation=cv2.INTER_AREA)
    return cv2.resize(_stack_blur(small, sigma / factor), (w, h), interpolation=cv2.INTER_LINEAR)


def _stack_blur(image: np.ndarray, sigma: float) -> np.ndarray:
    """cv2's stack blur, a fast near-Gaussian, with the kernel that matches ``sigma``."""
    k = 2 * max(1, round(sigma * 1.25)) + 1
    return cv2.stackBlur(image, (k, k))


def pixel_box(polygon: np.ndarray, shape: tuple[int, ...]) -> tuple[int, int, int, int] | None:
    """The pixels ``(x0, y0, x1, y1)`` (end exclusive) that a fixed-point ``polygon`` can touch in
    an image of ``shape``, with a pixel to spare; None when it misses the image."""
    x, y, w, h = cv2.boundingRect(polygon)
    x0, y0 = max(0, x // ONE - 1), max(0, y // ONE - 1)
    x1, y1 = min(shape[1], (x + w - 1) // ONE + 3), min(shape[0], (y + h - 1) // ONE + 3)
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None


def fill_smooth(mask: np.ndarray, polygon: np.ndarray) -> None:
    """Fill the fixed-point ``polygon`` with 255 in uint8 ``mask``, anti-aliased by drawing at 4x
    and shrinking (cv2's own anti-aliased fill leaves seams inside and saw teeth along edges).

    Only the polygon's box is drawn: shrinking by exactly 4 averages each 4x4 block on its own, so
    the pixels come out as if the whole mask had been drawn.

    >>> m = np.zeros((20, 20), np.uint8)
    >>> fill_smooth(m, fixed_poly(np.array([[2.5, 2.5], [17.5, 3.0], [16.0, 17.5], [3.0, 16.0]])))
    >>> int(m[5:15, 5:15].min()), int(m[0, 0])
    (255, 0)
    """
    box = pixel_box(polygon, mask.shape)
    if box is None:
        return
    x0, y0, x1, y1 = box
    big = np.zeros((4 * (y1 - y0), 4 * (x1 - x0)), np.uint8)
    offset = round(1.5 * ONE) - np.array([x0, y0], np.int32) * (4 * ONE)
    cv2.fillPoly(big, [polygon * 4 + offset], 255, cv2.LINE_8, SHIFT)
    region = mask[y0:y1, x0:x1]
    np.maximum(region, cv2.resize(big, (x1 - x0, y1 - y0), interpolation=cv2.INTER_AREA),
               out=region)


def paint_polygon(canvas: np.ndarray, polygon: np.ndarray, colour: np.ndarray) -> None:
    """Paint the fixed-point ``polygon`` in BGR ``colour`` onto float ``canvas``, anti-aliased
    (cv2 anti-aliases only on uint8 images, so the shape is drawn as a uint8 mask first), touching
    only the polygon's box.

    >>> canvas = np.zeros((10, 10, 3), np.float32)
    >>> paint_polygon(canvas, fixed_poly(np.array([[2.0, 2], [7, 2], [7, 7], [2, 7]])), np.ones(3))
    >>> float(canvas[4, 4, 0]), float(canvas[0, 0, 0])
    (1.0, 0.0)
    """
    box = pixel_box(polygon, canvas.shape)
    if box is None:
        return
    x0, y0, x1, y1 = box
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    fill_smooth(mask, polygon - np.array([x0, y0], np.int32) * ONE)
    wash(canvas[y0:y1, x0:x1], colour, mask.astype(np.float32) * (1 / 255))
