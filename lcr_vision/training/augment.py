"""Augmentation: where on the table, how big, how turned, how lit and how badly photographed.

The real photos come from one tray, one camera and one light; the reader must work on any table.
Every training example is therefore re-shot here: a random view (scale, rotation, perspective) and
a random camera (white balance, exposure, blur, noise, JPEG).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from lcr_vision.vision.spec import UPRIGHT_TURN

DECOY = "decoy"  # a spot that looks like a die and is not one (``mining``): never a locator target


@dataclass(frozen=True)
class Scene:
    """An image and its dice: centres ``(N, 2)``, sizes ``(N, 2)`` (width, height), face tokens
    (a face, ``none`` for a die cut by the frame edge, or ``DECOY``)."""

    image: np.ndarray
    centers: np.ndarray
    sizes: np.ndarray
    faces: tuple[str, ...]

    def dice(self) -> Scene:
        """The scene without its decoys."""
        keep = np.array([f != DECOY for f in self.faces], bool)
        return Scene(self.image, self.centers[keep], self.sizes[keep],
                     tuple(f for f in self.faces if f != DECOY))

    @classmethod
    def from_boxes(cls, image: np.ndarray, boxes: np.ndarray, faces: tuple[str, ...]) -> Scene:
        """A scene from ``(N, 4)`` x0, y0, x1, y1 boxes."""
        boxes = np.asarray(boxes, np.float32).reshape(-1, 4)
        return cls(image, (boxes[:, :2] + boxes[:, 2:]) / 2, boxes[:, 2:] - boxes[:, :2], faces)



def random_view(
    scene: Scene, rng: np.random.Generator, out: tuple[int, int], die_px: tuple[float, float],
    perspective: float = 0.08, squash: float = 0.45, upright: bool = False,
) -> Scene:
    """The scene seen by a random camera: ``out`` (width, height) pixels, dice ``die_px`` across.

    The median die gets a log-uniform size in ``die_px``; the view is turned by any angle (by at
    most ``UPRIGHT_TURN`` and mirrored half the time when ``upright``: the photo's up stays up, so
    side faces stay below the top faces they belong to), tilted by up to ``perspective`` of its
    size, half the time foreshortened vertically by up to ``squash`` (top faces as a steeper camera
    sees them, past the renders' tilts), and centred on a random die (or anywhere, one time in
    four). Area outside the photo is a random flat colour. Dice that a steep tilt blows up past
    twice the view's size are dropped.
    """
    w, h = out
    median = float(np.median(scene.sizes)) if len(scene.sizes) else 40.0
    scale = np.exp(rng.uniform(np.log(die_px[0]), np.log(die_px[1]))) / median
    ih, iw = scene.image.shape[:2]
    if len(scene.centers) and rng.random() < 0.75:
        focus = scene.centers[rng.integers(len(scene.centers))] + rng.normal(0, 0.3 * w / scale, 2)
    else:
        focus = rng.uniform((0, 0), (iw, ih))
    turn = rng.uniform(-UPRIGHT_TURN, UPRIGHT_TURN) if upright else rng.uniform(0, 360)
    rot = cv2.getRotationMatrix2D((float(focus[0]), float(focus[1])), turn, scale)
    rot[:, 2] += (w / 2 - focus[0], h / 2 - focus[1])
    if upright and rng.random() < 0.5:
        rot[0] = -rot[0]
        rot[0, 2] += w
    if rng.random() < 0.5:
        k = rng.uniform(1 - squash, 1)
        rot[1] *= k
        rot[1, 2] += (1 - k) * h / 2
    corners = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    tilted = (corners + rng.uniform(-perspective, perspective, (4, 2)) * (w, h)).astype(np.float32)
    m = cv2.getPerspectiveTransform(corners, tilted) @ np.vstack([rot, [0, 0, 1]])
    fill = tuple(int(v) for v in rng.integers(0, 256, 3))
    image = cv2.warpPerspective(scene.image, m, out, flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=fill)
    if not len(scene.centers):
        return Scene(image, scene.centers, scene.sizes, scene.faces)
    half = scene.sizes / 2
    quads = np.stack([scene.centers + half * (sx, sy)
                      for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))], 1)
    moved = cv2.perspectiveTransform(
        quads.reshape(-1, 1, 2).astype(np.float64), m).reshape(-1, 4, 2)
    centers = cv2.perspectiveTransform(
        scene.centers.reshape(-1, 1, 2).astype(np.float64), m).reshape(-1, 2)
    area = 0.5 * np.abs(np.einsum("nk,nk->n", moved[:, :, 0], np.roll(moved[:, :, 1], -1, 1))
                        - np.einsum("nk,nk->n", moved[:, :, 1], np.roll(moved[:, :, 0], -1, 1)))
    sizes = scene.sizes * np.sqrt(area / np.maximum(scene.sizes.prod(1), 1e-6))[:, None]
    sane = np.isfinite(centers).all(1) & np.isfinite(sizes).all(1) & (sizes.max(1) < 2 * max(out))
    return Scene(image, centers[sane].astype(np.float32), sizes[sane].astype(np.float32),
                 tuple(f for f, k in zip(scene.faces, sane) if k))


JPEG_FLOOR = 35  # the lowest JPEG quality examples are re-compressed at, by default


def random_camera(image: np.ndarray, rng: np.random.Generator, die_px: float = 30.0,
                  jpeg_floor: int = JPEG_FLOOR) -> np.ndarray:
    """``image`` as another camera might take it: light, white balance, focus, noise, JPEG (half
    the time, at a quality from ``jpeg_floor`` to 95).

    A quarter of the images also get their colour channels shuffled: dice, inks and tables then
    take hues that neither the renderer's palettes nor the real tray have, as other sets will.
    Defocus is bounded by the dice's size ``die_px`` (sigma at most 4% of it), and so is the smear
    of a die still sliding or a hand-held camera (`motion_blur`), so small dice stay readable: a
    label on a die nobody could read only teaches guessing.
    """
    img = image.astype(np.float32)
    if rng.random() < 0.25:
        img = img[..., rng.permutation(3)]
    gains = rng.uniform(0.75, 1.25, 3) * rng.uniform(0.6, 1.4)
    img = img * gains + rng.uniform(-25, 25)
    if rng.random() < 0.3:
        grey = img.mean(2, keepdims=True)
        img = grey + (img - grey) * rng.uniform(0.3, 1.6)
    if rng.random() < 0.3:
        img = 255 * (np.clip(img, 0, 255) / 255) ** rng.uniform(0.6, 1.6)
    if rng.random() < 0.35:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, max(0.35, min(1.4, 0.04 * die_px))))
    if rng.random() < MOTION_CHANCE:
        img = motion_blur(img, rng, die_px)
    if rng.random() < 0.5:
        img = img + rng.normal(0, rng.uniform(1, 9), img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        quality = int(rng.integers(jpeg_floor, 95))
        _, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out


MOTION_CHANCE = 0.2  # the share of images smeared as if the die (or the camera) moved
MOTION_SHARE = 0.12  # the longest smear, as a share of the die: its pips still apart


def motion_blur(image: np.ndarray, rng: np.random.Generator, die_px: float) -> np.ndarray:
    """``image`` smeared along a straight line in a random direction, 2 px up to ``MOTION_SHARE``
    of the die ``die_px`` long: a die caught still sliding, or a webcam's long exposure in lamp
    light, which the misread dice of real evenings show and the renders never did."""
    length = rng.uniform(2.0, max(2.0, MOTION_SHARE * die_px))
    side = int(np.ceil(length)) + 1 | 1
    angle = rng.uniform(0, np.pi)
    half = length / 2 * np.array([np.cos(angle), np.sin(angle)])
    kernel = np.zeros((side, side), np.float32)
    centre = np.array([side // 2, side // 2], float)
    a, b = np.round(centre - half).astype(int), np.round(centre + half).astype(int)
    cv2.line(kernel, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), 1.0, 1, cv2.LINE_AA)
    return cv2.filter2D(image, -1, kernel / kernel.sum(), borderType=cv2.BORDER_REFLECT)


GLINT_MIN_PX = 20.0  # on a smaller die a crescent is under a pixel: blurred away, not drawn
GLINT_FINE = 4  # marks are drawn this many times finer, so thin ones stay smooth


def specular_glints(scene: Scene, rng: np.random.Generator, chance: float = 0.35) -> Scene:
    """``scene`` with sharp lamp reflections drawn on some of its dice (each with ``chance``).

    A glossy die under a lamp shows small hard highlights: crescents on the rims of its drilled
    pips and bevels, and bright dots. The renderer draws only a broad soft glint, and the real
    set's misread dice are those with a crescent beside a pip or a glare over one: the classifier
    must learn that a pip is a disc of ink, not any bright mark. Labels are kept.
    """
    pick = (rng.random(len(scene.faces)) < chance) & (scene.sizes.mean(1) >= GLINT_MIN_PX)
    if not pick.any():
        return scene
    h, w = scene.image.shape[:2]
    layer = np.zeros((h, w), np.float32)
    for (cx, cy), size in zip(scene.centers[pick], scene.sizes[pick].mean(1)):
        for _ in range(rng.integers(1, 4)):
            x, y = (cx, cy) + rng.uniform(-0.3, 0.3, 2) * size
            mark = _glint_mark(size, (x % 1, y % 1), rng)
            x0, y0 = int(x) - mark.shape[1] // 2, int(y) - mark.shape[0] // 2
            if 0 <= x0 and 0 <= y0 and x0 + mark.shape[1] < w and y0 + mark.shape[0] < h:
                region = layer[y0:y0 + mark.shape[0], x0:x0 + mark.shape[1]]
                np.maximum(region, mark, out=region)
    layer = cv2.GaussianBlur(layer, (0, 0), rng.uniform(0.3, 0.8))[..., None]
    tint = rng.uniform(225, 255, 3).astype(np.float32)
    img = scene.image.astype(np.float32)
    image = np.clip(img + np.maximum(tint - img, 0) * layer, 0, 255).astype(np.uint8)
    return Scene(image, scene.centers, scene.sizes, scene.faces)


def _glint_mark(size: float, frac: tuple[float, float], rng: np.random.Generator) -> np.ndarray:
    """One reflection's strength (0-1) on a square patch centred on it, for a die ``size`` px
    across; ``frac`` is its centre's sub-pixel position. A crescent seven times in ten, else a dot.
    """
    r = rng.uniform(0.05, 0.14) * size
    side = 2 * int(np.ceil(r + 3))
    fine = np.zeros((side * GLINT_FINE,) * 2, np.float32)
    centre = (int((side // 2 + frac[0]) * GLINT_FINE), int((side // 2 + frac[1]) * GLINT_FINE))
    axes = np.array([r, r * rng.uniform(0.5, 1.0)]) * GLINT_FINE
    angle = rng.uniform(0, 360)
    if rng.random() < 0.7:
        start = rng.uniform(0, 360)
        thick = max(int(rng.uniform(0.015, 0.05) * size * GLINT_FINE), 1)
        cv2.ellipse(fine, centre, tuple(np.maximum(axes, 1).astype(int)), angle, start,
                    start + rng.uniform(60, 220), 1.0, thick, cv2.LINE_AA)
    else:
        cv2.ellipse(fine, centre, tuple(np.maximum(axes / 2, 1).astype(int)), angle, 0, 360, 1.0,
                    -1, cv2.LINE_AA)
    return cv2.resize(fine, (side, side), interpolation=cv2.INTER_AREA) * rng.uniform(0.5, 1.0)
