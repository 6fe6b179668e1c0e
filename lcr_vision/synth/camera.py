"""A pinhole camera above the table plane ``z = 0``; world units are die edges.

The camera looks at the world origin from ``distance`` along its axis, tilted away from vertical by
``tilt`` and rolled about its axis. ``project`` maps world points to pixels; ``unproject`` casts a
pixel's ray back onto a horizontal plane, which is how dice are placed where the frame wants them.

>>> cam = Camera.looking_down(size=(640, 480), focal_px=640.0, die_px=40.0, tilt_deg=0, roll_deg=0)
>>> cam.project(np.array([[0.0, 0.0, 0.0]])).round(1).tolist()
[[320.0, 240.0]]
>>> cam.unproject(np.array([[320.0, 240.0]]), 0.0).round(6).tolist()
[[0.0, 0.0, 0.0]]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Camera:
    """Intrinsics ``focal``/``centre`` (pixels), world-to-camera rotation ``rot``, position
    ``eye``."""

    size: tuple[int, int]
    focal: float
    centre: tuple[float, float]
    rot: np.ndarray
    eye: np.ndarray

    @classmethod
    def looking_down(cls, size: tuple[int, int], focal_px: float, die_px: float, tilt_deg: float,
                     roll_deg: float) -> Camera:
        """A camera placed so that a die at the world origin is about ``die_px`` wide."""
        t, r = np.radians(tilt_deg), np.radians(roll_deg)
        forward = np.array([0.0, np.sin(t), -np.cos(t)])
        right = np.array([1.0, 0.0, 0.0])
        down = np.cross(forward, right)
        right, down = np.cos(r) * right + np.sin(r) * down, -np.sin(r) * right + np.cos(r) * down
        rot = np.stack([right, down, forward])
        distance = focal_px / die_px
        return cls(size, focal_px, (size[0] / 2, size[1] / 2), rot, -forward * distance)

    def to_camera(self, points: np.ndarray) -> np.ndarray:
        """World points ``(N, 3)`` in camera coordinates (z is depth)."""
        return (points - self.eye) @ self.rot.T

    def project(self, points: np.ndarray) -> np.ndarray:
        """Pixels ``(N, 2)`` of world points ``(N, 3)`` in front of the camera."""
        c = self.to_camera(points)
        return self.focal * c[:, :2] / c[:, 2:3] + np.asarray(self.centre)

    def unproject(self, pixels: np.ndarray, height: float) -> np.ndarray:
        """World points ``(N, 3)`` on the plane ``z = height`` seen at ``pixels`` ``(N, 2)``."""
        rays = np.column_stack([(pixels - np.asarray(self.centre)) / self.focal,
                                np.ones(len(pixels))]) @ self.rot
        lam = (height - self.eye[2]) / rays[:, 2]
        return self.eye + lam[:, None] * rays

    def pixels_per_unit(self, point: np.ndarray) -> float:
        """About how many pixels one world unit spans at ``point``."""
        return float(self.focal / self.to_camera(point[None])[0, 2])
