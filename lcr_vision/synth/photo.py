"""What a cheap camera does to the light: falloff and glare, white balance and exposure, defocus,
shake, sensor noise and JPEG. A `Photo` is sampled once per still, or once per simulated session.

>>> rng = np.random.default_rng(0)
>>> photo = Photo.sample(rng, (64, 48), Ranges())
>>> out = photo.develop(np.full((48, 64, 3), 128, np.float32), rng)
>>> out.shape, out.dtype
((48, 64, 3), dtype('uint8'))
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from lcr_vision.synth.noise import pixel_noise, smooth_noise
from lcr_vision.synth.ranges import Ranges, uniform


@dataclass(frozen=True)
class Photo:
    """Per-pixel light falloff ``gain`` (BGR), glare, a 3x4 ``colour`` transform (white balance,
    exposure, saturation, haze), blur, noise and JPEG quality."""

    gain: np.ndarray
    glare: np.ndarray | None
    colour: np.ndarray
    defocus: float
    shake: tuple[float, float]
    noise: float
    jpeg: int

    @classmethod
    def sample(cls, rng: np.random.Generator, size: tuple[int, int], ranges: Ranges,
               still: bool = True) -> Photo:
        """Random camera settings for a ``size`` frame; ``still`` allows camera shake."""
        w, h = size
        sw, sh = max(2, w // 8), max(2, h // 8)  # light varies slowly: work at 1/8 and scale up
        yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32) * 8
        angle = rng.uniform(0, 2 * np.pi)
        ramp = ((xx - w / 2) * np.cos(angle) + (yy - h / 2) * np.sin(angle)) / max(w, h)
        vignette = ((xx - w / 2) ** 2 + (yy - h / 2) ** 2) / (w * w + h * h)
        gain = (1 + uniform(rng, ranges.gradient) * ramp - rng.uniform(0, 0.5) * vignette
                + 0.08 * (smooth_noise(rng, (sh, sw), 2) - 0.5))
        glare = None
        if rng.random() < ranges.glare:
            cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.1, 0.4) * max(w, h)
            spot = rng.uniform(30, 90) * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
            glare = _full(spot, size)
        white = np.array([uniform(rng, ranges.white_balance) for _ in range(3)])
        white *= uniform(rng, ranges.exposure)
        sat, haze = uniform(rng, ranges.saturation), uniform(rng, ranges.haze)
        grey = np.array([[0.114, 0.587, 0.299]] * 3)
        mix = (1 - haze) * (sat * np.eye(3) + (1 - sat) * grey) @ np.diag(white)
        colour = np.column_stack([mix, np.full(3, haze * 110.0)]).astype(np.float32)
        shake = (0.0, 0.0)
        if still and rng.random() < ranges.motion_blur:
            length, theta = uniform(rng, ranges.motion_px), rng.uniform(0, np.pi)
            shake = (length * float(np.cos(theta)), length * float(np.sin(theta)))
        q = ranges.jpeg_quality
        return cls(_full(gain, size), glare, colour, uniform(rng, ranges.defocus_px), shake,
                   uniform(rng, ranges.noise), int(rng.integers(q[0], q[1] + 1)))

    def drifted(self, rng: np.random.Generator, exposure: float = 0.25, white: float = 0.06,
                lamp: float = 0.0) -> Photo:
        """This camera a moment later, as a webcam's automatic exposure and white balance leave
        it: exposure scaled by up to ``exposure`` either way (log-uniform), each channel's gain by
        up to ``white``, and the light across the table tilted by up to ``lamp`` (a lamp moved).

        >>> rng = np.random.default_rng(0)
        >>> photo = Photo.sample(rng, (64, 48), Ranges())
        >>> later = photo.drifted(rng, exposure=0.3)
        >>> bool(np.all(later.colour[:, :3] != photo.colour[:, :3]))
        True
        """
        gains = np.exp(rng.uniform(-1, 1) * np.log1p(exposure)
                       + rng.uniform(-1, 1, 3) * np.log1p(white)).astype(np.float32)
        colour = self.colour.copy()
        colour[:, :3] *= gains[:, None]
        gain = self.gain
        if lamp > 0:
            h, w = gain.shape[:2]
            angle = rng.uniform(0, 2 * np.pi)
            yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
            ramp = ((xx - w / 2) * np.cos(angle) + (yy - h / 2) * np.sin(angle)) / max(w, h)
            gain = (gain * (1 + rng.uniform(0, lamp) * ramp)[..., None]).astype(np.float32)
        return replace(self, gain=gain, colour=colour)

    def develop(self, scene: np.ndarray, rng: np.random.Generator, flicker: float = 1.0,
                in_place: bool = False) -> np.ndarray:
        """The JPEG-degraded uint8 BGR frame a camera makes of the float radiance ``scene``."""
        return self.shoot(scene, rng, flicker, in_place)[0]

    def shoot(self, scene: np.ndarray, rng: np.random.Generator, flicker: float = 1.0,
              in_place: bool = False) -> tuple[np.ndarray, bytes]:
        """Like `develop`, also returning the JPEG file the frame was decoded from.

        Every step works in one float buffer; ``in_place`` makes that ``scene`` itself (it is
        overwritten), for callers that drop it: a frame-sized buffer less to allocate.
        """
        img = cv2.multiply(scene, self.gain, scale=flicker, dst=scene if in_place else None)
        if self.glare is not None:
            cv2.add(img, self.glare, dst=img)
        cv2.transform(img, self.colour, dst=img)
        if self.defocus > 0.3:
            cv2.GaussianBlur(img, (0, 0), self.defocus, dst=img)
        if np.hypot(*self.shake) >= 1:
            cv2.filter2D(img, -1, line_kernel(np.asarray(self.shake)), dst=img)
        h, w = img.shape[:2]
        cv2.scaleAdd(pixel_noise(rng, (w, h)), self.noise, img, dst=img)
        out = cv2.convertScaleAbs(img)  # rounds and saturates to 0..255
        _, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, self.jpeg])
        return cv2.imdecode(buf, cv2.IMREAD_COLOR), buf.tobytes()


def _full(field: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """A small one-channel field scaled up to a float32 BGR image of ``size``."""
    big = cv2.resize(field.astype(np.float32), size, interpolation=cv2.INTER_LINEAR)
    return cv2.cvtColor(big, cv2.COLOR_GRAY2BGR)


def line_kernel(shift: np.ndarray) -> np.ndarray:
    """A normalised blur kernel that smears along the pixel vector ``shift``.

    >>> [round(float(v), 2) for v in line_kernel(np.array([4.0, 0.0]))[3]]
    [0.0, 0.2, 0.2, 0.2, 0.2, 0.2, 0.0]
    """
    length = float(np.hypot(*shift))
    n = int(np.ceil(length)) | 1
    pad = n // 2 + 1
    kernel = np.zeros((2 * pad + 1, 2 * pad + 1), np.float32)
    d = shift / max(length, 1e-9)
    for t in np.linspace(-length / 2, length / 2, n):
        kernel[round(pad + d[1] * t), round(pad + d[0] * t)] += 1
    return kernel / kernel.sum()
