"""Table tops: wood, felt, patterned cloth, a dice tray with walls, paper, plain colour.

Each surface is a float32 BGR image plus the polygon where dice may land (the whole frame, or a
tray's floor). Textures come from smooth noise, so a surface costs a few milliseconds.

>>> top = make_surface(np.random.default_rng(0), "tray", (160, 120))
>>> top.image.shape, top.floor.shape
((120, 160, 3), (4, 2))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from lcr_vision.synth.drawing import (
    fill_smooth,
    fixed_poly,
    paint_polygon,
    put_text,
    solid,
    tint,
    weigh,
)
from lcr_vision.synth.noise import add_tiled_noise, smooth_noise

_WOODS = ((40, 80, 140), (30, 60, 110), (70, 120, 170), (20, 40, 70), (90, 150, 200))
_FELTS = ((40, 110, 30), (30, 80, 20), (120, 60, 20), (30, 30, 140), (50, 50, 50), (90, 40, 60))
_PLAINS = ((235, 235, 235), (200, 205, 210), (150, 160, 170), (60, 60, 60), (180, 200, 220),
           (120, 150, 110), (200, 180, 160))


@dataclass(frozen=True)
class Surface:
    """The table image (float32 BGR) and the floor polygon ``(4, 2)`` in pixels where dice land
    (beyond the frame when the whole table is floor)."""

    image: np.ndarray
    floor: np.ndarray


def _pick(rng: np.random.Generator, palette: tuple[tuple[int, int, int], ...]) -> np.ndarray:
    c = np.asarray(palette[rng.integers(len(palette))], np.float32)
    return np.clip(c + rng.uniform(-20, 20, 3), 0, 255).astype(np.float32)


def _grain(rng: np.random.Generator, shape: tuple[int, int], amount: float) -> np.ndarray:
    """Fine per-pixel texture, float32 around 1."""
    return 1 + (rng.random(shape, dtype=np.float32) - 0.5) * amount


def _plain(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    shade = 0.93 + 0.07 * smooth_noise(rng, (h, w), 3) * _grain(rng, (h, w), 0.03)
    return tint(shade, _pick(rng, _PLAINS))


def _paper(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    fibres = smooth_noise(rng, (h, w), max(h, w) / 3) * 0.02
    colour = _pick(rng, ((240, 242, 244), (225, 235, 240), (245, 245, 235)))
    return tint(0.95 + fibres + 0.02 * smooth_noise(rng, (h, w), 2), colour)


def _felt(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    fuzz = smooth_noise(rng, (h, w), max(h, w) / 2.5) * 0.25 + _grain(rng, (h, w), 0.12)
    colour = _pick(rng, _FELTS)
    return tint(0.8 + fuzz * 0.2 + 0.1 * smooth_noise(rng, (h, w), 3), colour)


def _wood(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    angle = rng.uniform(0, np.pi)
    u = np.add.outer(np.arange(h, dtype=np.float32) * np.sin(angle),
                     np.arange(w, dtype=np.float32) * np.cos(angle))  # distance along the grain
    warp = smooth_noise(rng, (h, w), 4) * rng.uniform(20, 60)
    rings = 0.5 + 0.5 * np.sin((u + warp) * rng.uniform(0.05, 0.2))
    streaks = cv2.resize(rng.random((h // 4 + 1, 8), dtype=np.float32), (w, h))
    streaks = streaks if abs(np.cos(angle)) < 0.7 else cv2.resize(streaks.T, (w, h))
    tone = 0.75 + 0.2 * rings + 0.1 * streaks
    base = _pick(rng, _WOODS)
    planks = (np.floor((u + 1000) / rng.uniform(80, 200)) % 2) * rng.uniform(-0.08, 0.08)
    return tint(tone + planks, base)


def _cloth(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """Gingham, stripes, or a print of dots and letters: the printed cloth that fools detectors."""
    a, b = _pick(rng, _PLAINS), _pick(rng, _FELTS + _WOODS)
    xx, yy = np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32)[:, None]
    period = rng.uniform(12, 60)
    style = rng.integers(3)
    if style == 0:
        t = ((xx // period) % 2 + (yy // period) % 2) / 2
        img = tint(1 - t, a) + tint(t, b)
    elif style == 1:
        t = ((xx + yy * rng.uniform(-1, 1)) // period) % 2
        img = tint(1 - t, a) + tint(t, b)
    else:
        img = solid(a, (h, w))
        for _ in range(int(h * w / period**2)):
            x, y = int(rng.integers(w)), int(rng.integers(h))
            if rng.random() < 0.6:
                cv2.circle(img, (x, y), int(period * rng.uniform(0.08, 0.25)), b.tolist(), -1,
                           cv2.LINE_AA)
            else:
                put_text(img, str(rng.choice(list("LCRXO*"))), (x, y), int(rng.choice([0, 2, 3])),
                         period / 40, tuple(b.tolist()), max(1, int(period / 20)))
    return weigh(img, _grain(rng, (h, w), 0.08))


def _tray(rng: np.random.Generator, h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """A table with a tray on it: rim, four shaded inner walls, a cardboard or felt floor."""
    img = _plain(rng, h, w)
    mx, my = rng.uniform(-0.08, 0.15) * w, rng.uniform(-0.08, 0.15) * h
    outer = np.array([[mx, my], [w - mx, my], [w - mx, h - my], [mx, h - my]])
    outer += rng.uniform(-0.03, 0.03, (4, 2)) * [w, h]
    centre = outer.mean(0)
    rim_in = centre + (outer - centre) * rng.uniform(0.95, 0.98)
    floor = (centre + (outer - centre) * rng.uniform(0.82, 0.9)
             + rng.uniform(-0.02, 0.02, 2) * [w, h])
    paint_polygon(img, fixed_poly(outer), _pick(rng, _PLAINS[3:] + _FELTS))
    wall = _pick(rng, _PLAINS)
    for k in range(4):
        quad = np.array([rim_in[k], rim_in[(k + 1) % 4], floor[(k + 1) % 4], floor[k]])
        paint_polygon(img, fixed_poly(quad), wall * rng.uniform(0.55, 1.0))
    inside = np.zeros((h, w), np.uint8)
    fill_smooth(inside, fixed_poly(floor))
    fill = _felt(rng, h, w) if rng.random() < 0.4 else _paper(rng, h, w) * _pick(rng, _PLAINS) / 230
    m = inside.astype(np.float32) / 255
    return weigh(img, 1 - m) + weigh(fill, m), floor


_MAKERS: dict[str, Callable[[np.random.Generator, int, int], np.ndarray]] = {
    "wood": _wood, "felt": _felt, "cloth": _cloth, "paper": _paper, "plain": _plain,
}
SURFACES: tuple[str, ...] = tuple(_MAKERS) + ("tray",)
_GRAIN = {"felt": 0.06, "cloth": 0.04, "wood": 0.025}


def make_surface(rng: np.random.Generator, kind: str, size: tuple[int, int]) -> Surface:
    """A ``kind`` surface (one of ``SURFACES``) of ``size`` = (width, height).

    The pattern is made at half resolution (it is smooth anyway) and gets full-resolution grain.
    """
    w, h = size
    hw, hh = max(2, w // 2), max(2, h // 2)
    if kind == "tray":
        half, floor = _tray(rng, hh, hw)
        floor = floor * [w / hw, h / hh]
    else:
        half = _MAKERS[kind](rng, hh, hw)
        floor = np.array([[-w, -h], [2 * w, -h], [2 * w, 2 * h], [-w, 2 * h]], float)
    img = cv2.resize(half.astype(np.float32, copy=False), (w, h), interpolation=cv2.INTER_LINEAR)
    add_tiled_noise(rng, img, _GRAIN.get(kind, 0.015) * float(half.mean()))
    return Surface(img, floor)
