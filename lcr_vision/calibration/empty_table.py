"""Step 1, the empty table: learn the background, find the tray, and judge the light.

The background is the per-pixel median of still frames of the empty table, so sensor noise and a
passing shadow drop out. From it come the play area (a dice tray is the smallest large
four-cornered outline in the picture) and the light figures the user is told to fix: blown-out or
black pixels, a dim picture, glare spots. Sharpness is judged later, on the dice themselves, since
a plain felt table looks soft even when the camera is in focus.

>>> flat = np.full((120, 160, 3), 120, np.uint8)
>>> light_figures(flat)["clipped"], advice(light_figures(flat))
(0.0, ())
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from lcr_vision.phrases.calibration import EN_WORDS, CalibrationWords

CLIPPED_LEVEL = 250  # a channel this bright has lost detail
DARK_LEVEL = 15  # a pixel this dark in every channel has lost detail
GLARE_LEVEL = 245  # white in every channel: a lamp reflected, not a colour of the table
MAX_CLIPPED = 0.02  # shares of the picture above which the user is told to fix the light
MAX_DARK = 0.1
MIN_BRIGHTNESS = 60.0
MAX_GLARE = 0.005
MIN_FOCUS = 50.0  # Laplacian variance over the dice below which they look blurred
FOCUS_SIDE = 32  # dice are judged at the size the classifier reads them
MIN_TRAY = 0.15  # a tray covers at least this share of the frame, at most MAX_TRAY
MAX_TRAY = 0.85
TRAY_COLOUR = 18.0  # Lab distance within which a pixel has the floor's colour
TRAY_EDGE = 20.0  # Lab distance of the floor's surroundings that makes them a tray's walls


def learn_background(frames: Sequence[np.ndarray]) -> np.ndarray:
    """The per-pixel median of still frames of the empty table (BGR uint8)."""
    return np.median(np.stack(frames), axis=0).astype(np.uint8)


def light_figures(background: np.ndarray) -> dict[str, float]:
    """Mean brightness (0-255) and the shares of clipped (any channel), black and glare (white
    in every channel) pixels."""
    grey = cv2.cvtColor(background, cv2.COLOR_BGR2GRAY)
    return {
        "brightness": round(float(grey.mean()), 1),
        "clipped": round(float((background.max(2) >= CLIPPED_LEVEL).mean()), 4),
        "dark": round(float((background.max(2) <= DARK_LEVEL).mean()), 4),
        "glare": round(float((background.min(2) >= GLARE_LEVEL).mean()), 4),
    }


def focus(image: np.ndarray, boxes: Sequence[tuple[int, int, int, int]]) -> float:
    """Sharpness of the dice: mean Laplacian variance inside their boxes ``(x, y, w, h)``, each
    shrunk to ``FOCUS_SIDE`` pixels first, so that it is blur relative to the die that counts
    (what the reader sees), not the die's size."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    values = [cv2.Laplacian(cv2.resize(grey[y:y + h, x:x + w], (FOCUS_SIDE, FOCUS_SIDE),
                                       interpolation=cv2.INTER_AREA), cv2.CV_64F).var()
              for x, y, w, h in boxes]
    return round(float(np.mean(values)), 1) if values else float("nan")


def advice(figures: dict[str, float], die: float | None = None,
           words: CalibrationWords = EN_WORDS) -> tuple[str, ...]:
    """What to fix, one sentence each; empty when the light and focus are fine. Dice of ``die``
    pixels, fewer than `FOCUS_SIDE`, look blurred for want of pixels as much as of focus, so
    they are told to come closer rather than to move back.

    >>> advice({"brightness": 40.0, "clipped": 0.0, "dark": 0.3, "glare": 0.0})[0]
    'The picture is too dark: add light over the table or raise the camera exposure.'
    >>> advice({"focus": 20.0}, die=14.0)[0]
    'The dice look blurred at 14 pixels wide: move the camera closer, then focus it on the table.'
    """
    out = []
    if figures.get("brightness", 255) < MIN_BRIGHTNESS or figures.get("dark", 0) > MAX_DARK:
        out.append(words.sentence("too_dark"))
    if figures.get("clipped", 0) > MAX_CLIPPED:
        out.append(words.sentence("blown_out", share=f"{100 * figures['clipped']:.0f}"))
    if figures.get("glare", 0) > MAX_GLARE:
        out.append(words.sentence("glare"))
    if figures.get("focus", np.inf) < MIN_FOCUS:
        out.append(words.sentence("blurred_small", die=f"{die:.0f}")
                   if die is not None and die < FOCUS_SIDE else words.sentence("blurred"))
    return tuple(out)


def find_tray(background: np.ndarray) -> tuple[int, int, int, int] | None:
    """The box ``(x, y, w, h)`` of a dice tray's floor, or ``None`` on a bare table.

    The floor is the evenly coloured region around the middle of the picture (where the camera
    is pointed): pixels within a colour distance of the middle's colour, connected to it. It is a
    tray when that region covers a good share of the frame but not all of it (a bare table is
    one colour everywhere) and what surrounds it is clearly another colour (walls, not light
    fading); the box is grown by 3% so dice lying against the walls stay inside.
    """
    h, w = background.shape[:2]
    lab = cv2.cvtColor(cv2.GaussianBlur(background, (0, 0), 2),
                       cv2.COLOR_BGR2LAB).astype(np.float32)
    middle = lab[h * 2 // 5:h * 3 // 5, w * 2 // 5:w * 3 // 5].reshape(-1, 3)
    distance = np.linalg.norm(lab - np.median(middle, 0), axis=2)
    close = (distance < TRAY_COLOUR).astype(np.uint8)
    close = cv2.morphologyEx(close, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    _, labels, stats, _ = cv2.connectedComponentsWithStats(close)
    region = labels[h // 2, w // 2]
    if region == 0:
        return None
    x, y, bw, bh, _ = stats[region]
    if not MIN_TRAY <= bw * bh / (w * h) <= MAX_TRAY:
        return None
    floor = (labels == region).astype(np.uint8)
    rim = cv2.dilate(floor, np.ones((15, 15), np.uint8)) - floor
    if np.median(distance[rim > 0]) < TRAY_EDGE:
        return None  # light fading towards the edges of a bare table, not a tray's walls
    mx, my = round(0.03 * bw), round(0.03 * bh)
    x0, y0 = max(x - mx, 0), max(y - my, 0)
    return int(x0), int(y0), int(min(x + bw + mx, w) - x0), int(min(y + bh + my, h) - y0)
