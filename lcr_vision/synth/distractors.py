"""Things that lie on an LCR table and are not dice: poker chips, coins, cards, cups and hands.

Each is drawn flat in image space, scaled to the die size, with a soft drop shadow, onto a float
BGR canvas; ``draw_*`` functions return the uint8 mask they covered so callers can keep dice clear.

>>> canvas = np.full((120, 160, 3), 200, np.float32)
>>> mask = draw_distractor(np.random.default_rng(1), canvas, "chip", (80, 60), die_px=20)
>>> bool(mask[60, 80] == 255), bool(mask[0, 0] == 0)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from lcr_vision.synth.drawing import ONE, SHIFT, fixed, fixed_poly, put_text, soft_blur, solid, tint

Point = tuple[float, float]
_SKINS = ((150, 180, 230), (110, 150, 205), (80, 110, 160), (60, 80, 120), (170, 195, 235))
_CHIPS = ((40, 40, 200), (200, 80, 30), (40, 140, 40), (30, 30, 30), (230, 230, 230),
          (150, 50, 130))
_ALL = np.s_[:, :]  # a whole image, as a box


def _lay(canvas: np.ndarray, mask: np.ndarray, colour: np.ndarray, px: float,
         shadow: float = 0.35, box: tuple[slice, slice] = _ALL) -> None:
    """Darken ``canvas`` under a blurred, shifted copy of ``mask``, then paint ``colour`` there.

    Only the ``box`` part of the canvas is painted (all of it by default); ``colour`` is one BGR
    value or a layer of the box's size.
    """
    h, w = mask.shape
    s = max(1.0, 0.1 * px)
    shifted = cv2.warpAffine(mask, np.float32([[1, 0, s], [0, 1, s]]), (w, h))
    dark = soft_blur(shifted, s * 1.5)[box].astype(np.float32) * (shadow / 255)
    region = canvas[box]
    cv2.multiply(region, cv2.cvtColor(1 - dark, cv2.COLOR_GRAY2BGR), dst=region)
    a = mask[box].astype(np.float32) * (1 / 255)
    if np.ndim(colour) == 1:
        colour = solid(colour, region.shape)
    cv2.blendLinear(region, colour, 1 - a, a, dst=region)


def _colour(rng: np.random.Generator, palette: tuple[tuple[int, int, int], ...]) -> np.ndarray:
    return np.clip(np.asarray(palette[rng.integers(len(palette))], np.float32)
                   + rng.uniform(-15, 15, 3), 0, 255).astype(np.float32)


def _chip(rng: np.random.Generator, canvas: np.ndarray, c: Point, px: float) -> np.ndarray:
    h, w = canvas.shape[:2]
    r = px * rng.uniform(1.1, 1.3)
    base = _colour(rng, _CHIPS)
    mask = np.zeros((h, w), np.uint8)
    cv2.circle(mask, fixed(c), round(r * ONE), 255, -1, cv2.LINE_AA, SHIFT)
    layer = solid(base, canvas.shape)
    edge = (255.0, 255.0, 255.0) if base.mean() < 180 else (40.0, 40.0, 200.0)
    cv2.circle(layer, fixed(c), round(r * 0.92 * ONE), edge, max(1, round(r * 0.16)), cv2.LINE_AA,
               SHIFT)
    spokes = int(rng.integers(4, 9))
    for k in range(spokes):
        t = 2 * np.pi * (k + 0.5) / spokes
        p0 = (c[0] + np.cos(t) * r * 0.8, c[1] + np.sin(t) * r * 0.8)
        p1 = (c[0] + np.cos(t) * r * 1.0, c[1] + np.sin(t) * r * 1.0)
        cv2.line(layer, fixed(p0), fixed(p1), base.tolist(), max(1, round(r * 0.22)), cv2.LINE_AA,
                 SHIFT)
    cv2.circle(layer, fixed(c), round(r * 0.6 * ONE), (base * 0.85).tolist(),
               max(1, round(r * 0.04)), cv2.LINE_AA, SHIFT)
    _lay(canvas, mask, layer, px)
    return mask


def _coin(rng: np.random.Generator, canvas: np.ndarray, c: Point, px: float) -> np.ndarray:
    h, w = canvas.shape[:2]
    r = px * rng.uniform(0.6, 0.85)
    metal = _colour(rng, ((170, 170, 175), (60, 150, 200), (80, 110, 160)))
    mask = np.zeros((h, w), np.uint8)
    cv2.circle(mask, fixed(c), round(r * ONE), 255, -1, cv2.LINE_AA, SHIFT)
    layer = solid(metal, canvas.shape)
    cv2.circle(layer, fixed(c), round(r * 0.85 * ONE), (metal * 0.8).tolist(),
               max(1, round(r * 0.08)), cv2.LINE_AA, SHIFT)
    cv2.circle(layer, fixed((c[0] - r * 0.3, c[1] - r * 0.3)), round(r * 0.3 * ONE),
               np.minimum(metal * 1.25, 255).tolist(), -1, cv2.LINE_AA, SHIFT)
    layer = soft_blur(layer, max(0.5, r * 0.08))
    _lay(canvas, mask, layer, px)
    return mask


def _card(rng: np.random.Generator, canvas: np.ndarray, c: Point, px: float) -> np.ndarray:
    h, w = canvas.shape[:2]
    size = (px * 3.6 * rng.uniform(0.9, 1.1), px * 5.4 * rng.uniform(0.9, 1.1))
    box = cv2.boxPoints(((c[0], c[1]), size, float(rng.uniform(0, 180))))
    mask = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(mask, fixed_poly(box), 255, cv2.LINE_AA, SHIFT)
    layer = np.empty_like(canvas)
    layer[:] = np.float32(rng.uniform(225, 250))
    ink = (30.0, 30.0, 190.0) if rng.random() < 0.5 else (25.0, 25.0, 25.0)
    if rng.random() < 0.3:
        back = _colour(rng, _CHIPS)
        inner = cv2.boxPoints(((c[0], c[1]), (size[0] * 0.85, size[1] * 0.88),
                               float(cv2.minAreaRect(box.astype(np.float32))[2])))
        cv2.fillConvexPoly(layer, fixed_poly(inner), back.tolist(),
                           cv2.LINE_AA, SHIFT)
    else:
        for _ in range(int(rng.integers(2, 7))):
            p = box.mean(0) + (rng.random(2) - 0.5) * min(size) * 0.7
            if rng.random() < 0.5:
                cv2.circle(layer, fixed(p), round(px * 0.25 * ONE), ink, -1, cv2.LINE_AA,
                           SHIFT)
            else:
                put_text(layer, str(rng.choice(list("A2345678910JQK"))), (int(p[0]), int(p[1])),
                         0, px / 30, ink, max(1, int(px / 15)))
    _lay(canvas, mask, layer, px)
    return mask


def _cup(rng: np.random.Generator, canvas: np.ndarray, c: Point, px: float) -> np.ndarray:
    h, w = canvas.shape[:2]
    r = px * rng.uniform(2.5, 3.5)
    body = _colour(rng, _CHIPS + ((220, 220, 220),))
    mask = np.zeros((h, w), np.uint8)
    cv2.circle(mask, fixed(c), round(r * ONE), 255, -1, cv2.LINE_AA, SHIFT)
    layer = solid(body, canvas.shape)
    cv2.circle(layer, fixed(c), round(r * 0.88 * ONE), (body * 0.55).tolist(), -1, cv2.LINE_AA,
               SHIFT)
    layer = soft_blur(layer, max(0.7, r * 0.06))
    _lay(canvas, mask, layer, px, shadow=0.5)
    return mask


def draw_hand(canvas: np.ndarray, tip: Point, direction: float, px: float,
              skin: np.ndarray, whole: bool = True) -> np.ndarray:
    """A hand reaching with fingertips at ``tip``, arm coming from angle ``direction`` (radians).

    ``px`` is the die size, which sets the hand's scale; returns the covered mask. Unless
    ``whole``, only the box around the mask is painted (the shadow beyond it is left out): all a
    caller needs that keeps just the pixels under the mask, for much less work.
    """
    mask = _hand_mask(canvas.shape[:2], tip, direction, px)
    box = _ALL
    if not whole:
        x, y, bw, bh = cv2.boundingRect(mask)
        if bw == 0:
            return mask
        box = np.s_[y:y + bh, x:x + bw]
    soft = soft_blur(mask, max(1.0, px * 0.4))[box].astype(np.float32) / 255
    _lay(canvas, mask, tint(0.65 + 0.35 * soft, skin), px, shadow=0.45, box=box)
    return mask


def _hand_mask(shape: tuple[int, int], tip: Point, direction: float, px: float) -> np.ndarray:
    """The uint8 mask of a hand (palm, four fingers, thumb, and the arm out of the frame)."""
    h, w = shape
    back = np.array([np.cos(direction), np.sin(direction)])
    side = np.array([-back[1], back[0]])
    palm_c = np.asarray(tip) + back * px * 5.2  # a palm about five dice wide, fingers four long
    mask = np.zeros((h, w), np.uint8)
    cv2.ellipse(mask, fixed(palm_c), fixed((px * 2.5, px * 2.5)), float(np.degrees(direction)),
                0, 360, 255, -1, cv2.LINE_AA, SHIFT)
    far = palm_c + back * max(h, w) * 2
    cv2.line(mask, fixed(palm_c), fixed(far), 255, max(1, round(px * 4.2)), cv2.LINE_AA, SHIFT)
    for k, length in zip((-1.5, -0.5, 0.5, 1.5), (3.0, 3.6, 3.4, 2.7)):
        base = palm_c - back * px * 1.8 + side * k * px * 1.15
        end = base - back * px * length + side * k * px * 0.3
        cv2.line(mask, fixed(base), fixed(end), 255, max(1, round(px * 1.0)), cv2.LINE_AA, SHIFT)
    thumb0 = palm_c + side * px * 2.2
    cv2.line(mask, fixed(thumb0), fixed(thumb0 + side * px * 1.6 - back * px * 2.0), 255,
             max(1, round(px * 1.1)), cv2.LINE_AA, SHIFT)
    return mask


def random_hand(rng: np.random.Generator, canvas: np.ndarray, c: Point, px: float,
                whole: bool = True) -> np.ndarray:
    """A hand of a random skin tone reaching for ``c`` from a random side (see `draw_hand`)."""
    h, w = canvas.shape[:2]
    edge = np.array([[w / 2, -h], [w * 2, h / 2], [w / 2, h * 2], [-w, h / 2]])[rng.integers(4)]
    direction = float(np.arctan2(edge[1] - c[1], edge[0] - c[0]) + rng.uniform(-0.4, 0.4))
    return draw_hand(canvas, c, direction, px, _colour(rng, _SKINS), whole)


_DRAWERS: dict[str, Callable[[np.random.Generator, np.ndarray, Point, float], np.ndarray]] = {
    "chip": _chip, "coin": _coin, "card": _card, "cup": _cup, "hand": random_hand,
}
# How far (in die sizes) each thing and its shadow reach from its centre; hands reach anywhere.
_REACH = {"chip": 1.8, "coin": 1.3, "card": 4.0, "cup": 4.3}
DISTRACTORS: tuple[str, ...] = tuple(_DRAWERS)


def draw_distractor(rng: np.random.Generator, canvas: np.ndarray, kind: str, centre: Point,
                    die_px: float) -> np.ndarray:
    """Draw one ``kind`` (of ``DISTRACTORS``) at ``centre`` scaled to ``die_px``; return its mask.

    Small things are drawn in a window around ``centre`` only, which keeps them cheap.
    """
    h, w = canvas.shape[:2]
    if kind not in _REACH:
        return _DRAWERS[kind](rng, canvas, centre, die_px)
    reach = _REACH[kind] * die_px + 4
    x0, y0 = max(0, int(centre[0] - reach)), max(0, int(centre[1] - reach))
    x1, y1 = min(w, int(centre[0] + reach) + 1), min(h, int(centre[1] + reach) + 1)
    mask = np.zeros((h, w), np.uint8)
    if x0 < x1 and y0 < y1:
        local = (centre[0] - x0, centre[1] - y0)
        mask[y0:y1, x0:x1] = _DRAWERS[kind](rng, canvas[y0:y1, x0:x1], local, die_px)
    return mask


def skin_colour(rng: np.random.Generator) -> np.ndarray:
    """A random skin tone, BGR float32."""
    return _colour(rng, _SKINS)
