"""Drawing one posed die as a premultiplied sprite, blurring it along its motion, compositing it.

The cube is drawn as its rounded silhouette (the hull of balls at an inset cube's corners) filled
with the shaded body colour, then each face turned to the camera gets its texture warped in with
``cv2.warpPerspective``, Lambert-shaded for the light, inside a soft inset mask so the edges look
rounded.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from lcr_vision.synth.camera import Camera
from lcr_vision.synth.cube import CUBE_CORNERS, FACE_CORNERS, NORMALS
from lcr_vision.synth.die_look import DieLook
from lcr_vision.synth.drawing import fill_smooth, fixed_poly, soft_blur, solid
from lcr_vision.synth.photo import line_kernel

# A rounded cube is the inset cube swept by a ball; its outline is the hull of the corner balls,
# sampled as rings of 8 points in three planes.
_RING = np.column_stack([np.cos(np.arange(8) * np.pi / 4), np.sin(np.arange(8) * np.pi / 4),
                         np.zeros(8)])
_BALLS = np.concatenate([_RING, _RING[:, [1, 2, 0]], _RING[:, [2, 0, 1]]])


@dataclass(frozen=True)
class Sprite:
    """Premultiplied BGR ``colour`` and ``alpha`` patches whose top-left pixel is ``origin``."""

    origin: tuple[int, int]
    colour: np.ndarray
    alpha: np.ndarray


@dataclass(frozen=True)
class Light:
    """A directional light (unit vector towards it) and the ambient floor of the shading."""

    direction: np.ndarray
    ambient: float

    def shade(self, normals: np.ndarray) -> np.ndarray:
        """Lambert factor for each unit normal ``(N, 3)``."""
        return self.ambient + (1 - self.ambient) * np.clip(normals @ self.direction, 0, 1)

    def glint_spot(self, normal: np.ndarray, to_eye: np.ndarray, axes: np.ndarray,
                   size: int) -> np.ndarray | None:
        """A soft highlight (grey levels, ``size`` x ``size``) on a glossy face: it sits where the
        lamp's mirror image falls, towards the half-way vector, and fades as the face turns away
        (None once the face is turned away from it).

        ``axes`` are the face's texture right and down directions in the world. The Gaussian is
        the outer product of its row and column profiles (size² exponentials become 2 x size).
        """
        half = self.direction + to_eye / np.linalg.norm(to_eye)
        half /= np.linalg.norm(half)
        strength = 150.0 * float(max(0.0, normal @ half)) ** 8
        if strength == 0:
            return None
        cx, cy = size * (0.5 + 0.8 * (axes @ half))
        steps = np.arange(size, dtype=np.float64)
        two_var = 2 * (0.18 * size) ** 2
        across = np.exp(-((steps - cx) ** 2) / two_var)
        down = np.exp(-((steps - cy) ** 2) / two_var)
        return np.outer(strength * down, across)


def render_die(look: DieLook, rot: np.ndarray, centre: np.ndarray, camera: Camera,
               light: Light) -> Sprite:
    """The die ``look`` rotated by ``rot`` with its centre at world ``centre``, as seen by
    ``camera``."""
    corners = camera.project(CUBE_CORNERS @ rot.T + centre)
    x0, y0 = np.floor(corners.min(0)).astype(int) - 2
    x1, y1 = np.ceil(corners.max(0)).astype(int) + 3
    w, h = x1 - x0, y1 - y0
    offset = np.array([x0, y0], float)
    px = camera.pixels_per_unit(centre)
    radius = look.bevel * px

    normals = NORMALS @ rot.T
    to_eye = camera.eye - (centre + normals / 2)
    visible = np.einsum("ij,ij->i", normals, to_eye) > 0
    shades = light.shade(normals)

    alpha = np.zeros((h, w), np.uint8)
    inner = CUBE_CORNERS * (1 - 2 * look.bevel) @ rot.T + centre
    balls = (inner[:, None, :] + look.bevel * _BALLS[None]).reshape(-1, 3)
    hull = cv2.convexHull(fixed_poly(camera.project(balls) - offset))
    fill_smooth(alpha, hull)
    a = alpha.astype(np.float32) * (look.opacity / 255)
    colour = _rounded_edges(look.body, float(shades[visible].mean()), light, camera, centre,
                            offset, (w, h))

    size = look.textures[0].shape[0]
    src = np.float32([[0, 0], [size, 0], [size, size], [0, size]])
    soft = max(0.5, radius * 0.5)
    for i in np.flatnonzero(visible):
        quad = camera.project(FACE_CORNERS[i] @ rot.T + centre) - offset
        if cv2.contourArea(quad.astype(np.float32)) < 4:
            continue  # seen edge-on: the rounded edge colour already covers it
        warp = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
        lit = look.textures[i].astype(np.float32)
        lit *= float(shades[i])
        if look.gloss > 0:
            axes = (FACE_CORNERS[i][[1, 3]] - FACE_CORNERS[i][0]) @ rot.T
            glint = light.glint_spot(normals[i], to_eye[i], axes, size)
            if glint is not None:
                lit += cv2.merge([look.gloss * glint] * 3)  # numpy broadcasts over 3 slowly
        tex = cv2.warpPerspective(lit, warp, (w, h), flags=cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_REPLICATE)
        face_in = FACE_CORNERS[i] * (1 - look.bevel * 1.2) + NORMALS[i] * look.bevel * 0.6
        inner = camera.project(face_in @ rot.T + centre) - offset
        m = np.zeros((h, w), np.uint8)
        fill_smooth(m, fixed_poly(inner))
        mf = soft_blur(m, soft).astype(np.float32) * (1 / 255)
        colour = cv2.blendLinear(tex, colour, mf, 1 - mf)
    return Sprite((int(x0), int(y0)), cv2.multiply(colour, cv2.cvtColor(a, cv2.COLOR_GRAY2BGR)), a)


def _rounded_edges(body: np.ndarray, shade: float, light: Light, camera: Camera,
                   centre: np.ndarray, offset: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The body colour of the rounded edges: they catch the light on the lamp's side of the die
    and fall into shade on the far side (a ramp across the sprite).

    The ramp is linear, so it is the sum of a row and a column profile; it stays float64 and
    multiplies the float32 colour channel by channel, the same products as a float64 broadcast.
    """
    w, h = size
    ends = camera.project(np.stack([centre, centre + light.direction * [1, 1, 0] * 0.5]))
    toward = ends[1] - ends[0]
    reach = float(np.hypot(*toward))
    tint = body * (shade * 0.8)
    if reach <= 0.5:
        return solid(tint, (h, w))
    across = (np.arange(w) + offset[0] - ends[0][0]) * toward[0]
    down = (np.arange(h) + offset[1] - ends[0][1]) * toward[1]
    ramp = np.add.outer(down, across)
    ramp /= reach * reach
    np.clip(ramp, -1, 1, out=ramp)
    gain = 1 + 0.35 * ramp
    return cv2.merge([(gain * c).astype(np.float32) for c in tint])


def motion_blur(sprite: Sprite, shift: np.ndarray) -> Sprite:
    """``sprite`` smeared along the pixel vector ``shift`` (its motion during the exposure)."""
    length = float(np.hypot(*shift))
    if length < 1.0:
        return sprite
    kernel = line_kernel(shift)
    pad = kernel.shape[0] // 2
    colour = cv2.copyMakeBorder(sprite.colour, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    alpha = cv2.copyMakeBorder(sprite.alpha, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    x, y = sprite.origin
    return Sprite((x - pad, y - pad), cv2.filter2D(colour, -1, kernel),
                  cv2.filter2D(alpha, -1, kernel))


def composite(canvas: np.ndarray, sprite: Sprite) -> None:
    """Lay ``sprite`` over the float ``canvas`` in place, clipped to the canvas."""
    x, y = sprite.origin
    h, w = sprite.alpha.shape
    cx0, cy0 = max(x, 0), max(y, 0)
    cx1, cy1 = min(x + w, canvas.shape[1]), min(y + h, canvas.shape[0])
    if cx0 >= cx1 or cy0 >= cy1:
        return
    a = sprite.alpha[cy0 - y:cy1 - y, cx0 - x:cx1 - x]
    c = sprite.colour[cy0 - y:cy1 - y, cx0 - x:cx1 - x]
    region = canvas[cy0:cy1, cx0:cx1]
    cv2.multiply(region, cv2.cvtColor(1 - a, cv2.COLOR_GRAY2BGR), dst=region)
    cv2.add(region, c, dst=region)
