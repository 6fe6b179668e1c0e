"""Copy-paste: real dice lifted from their tray and laid on other (rendered, empty) tables.

The real photos show one tray and one light; pasting their dice elsewhere teaches the locator that
a die is the die, not the grey cardboard around it.
"""

from __future__ import annotations

import cv2
import numpy as np

from lcr_vision.training.augment import Scene

MARGIN = 1.15  # the patch reaches a little past the top face's box, to bring the die's sides


def paste_dice(src: Scene, background: np.ndarray, rng: np.random.Generator) -> Scene:
    """``src``'s dice moved onto ``background`` at random free spots, with soft-edged masks.

    Dice that do not fit without overlapping an earlier one are left out.
    """
    canvas = background.astype(np.float32)
    bh, bw = canvas.shape[:2]
    h, w = src.image.shape[:2]
    taken: list[tuple[float, float, float]] = []
    centers, sizes, faces = [], [], []
    for (cx, cy), size, face in zip(src.centers, src.sizes, src.faces):
        half = int(np.ceil(MARGIN * size.max() / 2))
        x0, y0 = round(cx) - half, round(cy) - half
        if x0 < 0 or y0 < 0 or x0 + 2 * half > w or y0 + 2 * half > h or 2 * half >= min(bw, bh):
            continue
        patch = src.image[y0:y0 + 2 * half, x0:x0 + 2 * half].astype(np.float32)
        nx, ny = rng.uniform(half, bw - half), rng.uniform(half, bh - half)
        if any(np.hypot(nx - tx, ny - ty) < half + th for tx, ty, th in taken):
            continue
        taken.append((nx, ny, half))
        mask = np.zeros((2 * half, 2 * half), np.float32)
        r = max(1, int(0.25 * half))
        cv2.rectangle(mask, (r, r), (2 * half - r, 2 * half - r), 1.0, -1)
        mask = cv2.GaussianBlur(cv2.dilate(mask, np.ones((r, r), np.uint8)), (0, 0), 0.3 * r + 0.5)
        px, py = round(nx) - half, round(ny) - half
        region = canvas[py:py + 2 * half, px:px + 2 * half]
        region += (patch - region) * mask[..., None]
        centers.append((cx + px - x0, cy + py - y0))
        sizes.append(size)
        faces.append(face)
    return Scene(canvas.astype(np.uint8), np.array(centers, np.float32).reshape(-1, 2),
                 np.array(sizes, np.float32).reshape(-1, 2), tuple(faces))
