"""Where dice land: spots on the table floor that do not overlap, some touching, some at the edge.

Spots are world ``(x, y, yaw)``; overlap is tested on the dice's square footprints, so dice may
touch but never pass through each other.
"""

from __future__ import annotations

import cv2
import numpy as np

from lcr_vision.synth.cube import CUBE_CORNERS
from lcr_vision.synth.stage import Stage

Spot = tuple[float, float, float]
_SQUARE = np.array([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]])


def footprint(spot: Spot) -> np.ndarray:
    """World corners ``(4, 2)`` of a die resting at ``spot``."""
    x, y, yaw = spot
    c, s = np.cos(yaw), np.sin(yaw)
    return _SQUARE @ np.array([[c, s], [-s, c]]) + [x, y]


def _overlaps(a: np.ndarray, b: np.ndarray) -> bool:
    area, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return area > 1e-3


def _fits(stage: Stage, spot: Spot, in_frame: bool, clear: np.ndarray | None) -> bool:
    """Whether a die at ``spot`` stands on the floor, inside the frame if asked, off ``clear``."""
    x, y, yaw = spot
    c, s = np.cos(yaw), np.sin(yaw)
    rot = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])
    pts = stage.camera.project(CUBE_CORNERS @ rot.T + [x, y, 0.5])
    w, h = stage.size
    if in_frame and not ((pts >= 0).all() and (pts <= (w, h)).all()):  # the cheaper test first
        return False
    floor = stage.floor.astype(np.float32)
    if any(cv2.pointPolygonTest(floor, (float(p[0]), float(p[1])), False) < 0 for p in pts[::2]):
        return False
    if clear is not None:
        x0, y0 = np.clip(np.floor(pts.min(0)).astype(int), 0, [w, h])
        x1, y1 = np.clip(np.ceil(pts.max(0)).astype(int), 0, [w, h])
        if clear[y0:y1, x0:x1].any():
            return False
    return True


def _candidate(rng: np.random.Generator, stage: Stage, spots: list[Spot], touching: float,
               at_edge: bool) -> Spot:
    yaw = float(rng.uniform(0, 2 * np.pi))  # letters must show every way up
    if spots and rng.random() < touching:
        x, y, yaw0 = spots[int(rng.integers(len(spots)))]
        phi = rng.uniform(0, 2 * np.pi)
        rel = phi - yaw0
        d = 1.0 / max(abs(np.cos(rel)), abs(np.sin(rel))) + rng.uniform(0.01, 0.08)
        return x + d * np.cos(phi), y + d * np.sin(phi), yaw0 + float(rng.uniform(-0.15, 0.15))
    w, h = stage.size
    if at_edge:
        side = rng.integers(4)
        t = rng.uniform(0, 1)
        u = rng.uniform(-0.3, 0.3) * stage.die_px
        pixel = [(t * w, u), (w - u, t * h), (t * w, h - u), (u, t * h)][side]
    else:
        lo, hi = stage.floor.min(0), stage.floor.max(0)
        pixel = rng.uniform(np.maximum(lo, 0), np.minimum(hi, [w, h]))
    x, y, _ = stage.camera.unproject(np.array([pixel], float), 0.5)[0]
    return float(x), float(y), yaw


def place_dice(rng: np.random.Generator, stage: Stage, n: int, touching: float, at_edge: float,
               clear: np.ndarray | None = None, taken: list[Spot] | None = None) -> list[Spot]:
    """Up to ``n`` spots (fewer when the floor is crowded) clear of ``taken`` spots and ``clear``
    pixels; a share ``at_edge`` of them may cross the frame edge, the rest lie fully in frame."""
    spots: list[Spot] = []
    others = [footprint(s) for s in taken or []]
    for _ in range(n):
        edge = bool(rng.random() < at_edge)
        for _attempt in range(30):
            spot = _candidate(rng, stage, spots, touching, edge)
            fp = footprint(spot)
            if _fits(stage, spot, not edge, clear) and not any(_overlaps(fp, o) for o in others):
                spots.append(spot)
                others.append(fp)
                break
    return spots
