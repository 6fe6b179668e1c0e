"""Soft shadows of dice on the table: each cube's corners cast along the light onto ``z = 0``.

A die at rest gets a tight dark contact patch plus a short cast shadow; a die in the air casts a
shadow that slides away from it, as it does under a lamp. All shadows are drawn at half resolution,
blurred once and multiplied into the canvas.
"""

from __future__ import annotations

from collections.abc import Iterable

import cv2
import numpy as np

from lcr_vision.synth.camera import Camera
from lcr_vision.synth.cube import CUBE_CORNERS
from lcr_vision.synth.drawing import SHIFT, fixed_poly, soft_blur


def cast_shadows(canvas: np.ndarray, camera: Camera, light_dir: np.ndarray,
                 poses: Iterable[tuple[np.ndarray, np.ndarray]], strength: float,
                 die_px: float) -> None:
    """Darken float ``canvas`` in place under the dice posed as ``(rotation, centre)`` pairs."""
    h, w = canvas.shape[:2]
    small = np.zeros((h // 2 + 1, w // 2 + 1), np.uint8)
    drop = light_dir[:2] / max(light_dir[2], 0.2)
    cast, contact = [], []
    for rot, centre in poses:
        pts = CUBE_CORNERS @ rot.T + centre
        cast.append((pts[:, :2] - drop * pts[:, 2:3], 150))
        low = pts[:, 2].min()
        near = pts[pts[:, 2] < low + 0.3][:, :2]
        contact.append((centre[:2] + (near - centre[:2]) * 1.12,
                        round(255 * max(0.0, 1 - 2 * low))))
    for shapes in (cast, contact):
        for flat, level in shapes:
            ground = np.column_stack([flat, np.zeros(len(flat))])
            hull = cv2.convexHull(fixed_poly(camera.project(ground) / 2).reshape(-1, 1, 2))
            cv2.fillConvexPoly(small, hull, level, cv2.LINE_AA, SHIFT)
    soft = soft_blur(small, max(0.7, die_px * 0.07))
    mask = cv2.resize(soft, (w, h), interpolation=cv2.INTER_LINEAR)
    x, y, bw, bh = cv2.boundingRect(mask)  # where the shadows fall: elsewhere the canvas keeps all
    if bw == 0:
        return
    region = canvas[y:y + bh, x:x + bw]
    keep = 1 - (strength / 255) * mask[y:y + bh, x:x + bw].astype(np.float32)
    cv2.multiply(region, cv2.cvtColor(keep, cv2.COLOR_GRAY2BGR), dst=region)
