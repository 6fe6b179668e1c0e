"""`TablePlane`: the table top as a flat texture that the camera sees in perspective.

Texture pixel ``(u, v)`` is the world point ``(x0 + u / scale, y0 - v / scale, 0)`` (rows run
towards the camera's bottom edge, so print on the table reads the right way round); one homography
maps the texture into the image, so wood grain, cloth checks, trays, chips and cards are
foreshortened exactly like the dice standing on them.

>>> from lcr_vision.synth.camera import Camera
>>> cam = Camera.looking_down((320, 240), 320.0, 20.0, tilt_deg=0, roll_deg=0)
>>> plane = TablePlane.seen_by(cam)
>>> plane.to_image(plane.to_texture(np.array([[160.0, 120.0], [10.0, 200.0]]))).round(3).tolist()
[[160.0, 120.0], [10.0, 200.0]]
>>> tilted = Camera.looking_down((320, 240), 300.0, 20.0, tilt_deg=35, roll_deg=20)
>>> plane = TablePlane.seen_by(tilted)
>>> on_table = np.array([[1.0, -2.0, 0.0], [-3.0, 4.0, 0.0]])
>>> texture = (on_table[:, :2] - plane.origin) * [plane.scale, -plane.scale]
>>> bool(np.allclose(plane.to_image(texture), tilted.project(on_table)))
True
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from lcr_vision.synth.camera import Camera

_REACH = 60.0  # farthest table point drawn, in die edges from the point the camera looks at


@dataclass(frozen=True)
class TablePlane:
    """World point ``(x0, y0)`` of the texture's top-left corner, its pixels per world unit, its
    size (w, h), and the homography from texture pixels to image pixels."""

    origin: tuple[float, float]
    scale: float
    size: tuple[int, int]
    homography: np.ndarray

    @classmethod
    def seen_by(cls, camera: Camera, budget: float = 1.5) -> TablePlane:
        """The part of the table ``camera`` sees, at the camera's scale at the frame centre, in a
        texture of at most ``budget`` times the frame's pixels."""
        w, h = camera.size
        corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], float)
        rays = np.column_stack([(corners - np.asarray(camera.centre)) / camera.focal,
                                np.ones(4)]) @ camera.rot
        foot = camera.eye[:2]
        ground = []
        for ray in rays:
            down = -ray[2]
            if down > 1e-3:  # the ray meets the table
                ground.append(camera.eye[:2] + ray[:2] * camera.eye[2] / down)
            else:  # above the horizon: as far as the table is drawn at all
                ground.append(foot + ray[:2] / max(np.hypot(*ray[:2]), 1e-9) * _REACH * 2)
        pts = np.array(ground)
        off = np.hypot(*pts.T)
        pts = pts * np.minimum(1.0, _REACH / np.maximum(off, 1e-9))[:, None]
        (x0, y0), (x1, y1) = pts.min(0) - 1, pts.max(0) + 1
        scale = camera.focal / float(camera.to_camera(np.zeros((1, 3)))[0, 2])
        area = (x1 - x0) * (y1 - y0) * scale**2
        scale *= min(1.0, float(np.sqrt(budget * w * h / area)))
        size = (max(2, int(np.ceil((x1 - x0) * scale))), max(2, int(np.ceil((y1 - y0) * scale))))
        k = np.array([[camera.focal, 0, camera.centre[0]], [0, camera.focal, camera.centre[1]],
                      [0, 0, 1]])
        world = k @ np.column_stack([camera.rot[:, 0], camera.rot[:, 1], -camera.rot @ camera.eye])
        texture = np.array([[1 / scale, 0, x0], [0, -1 / scale, y1], [0, 0, 1]])
        return cls((float(x0), float(y1)), float(scale), size, world @ texture)

    @classmethod
    def flat(cls, size: tuple[int, int], scale: float) -> TablePlane:
        """A texture that is the frame itself (for tables laid out in image space)."""
        return cls((0.0, 0.0), scale, size, np.eye(3))

    def to_image(self, points: np.ndarray) -> np.ndarray:
        """Image pixels ``(N, 2)`` of texture pixels ``(N, 2)``."""
        return cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64),
                                        self.homography).reshape(-1, 2)

    def to_texture(self, points: np.ndarray) -> np.ndarray:
        """Texture pixels ``(N, 2)`` of image pixels ``(N, 2)``."""
        return cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64),
                                        np.linalg.inv(self.homography)).reshape(-1, 2)

    def view(self, texture: np.ndarray, size: tuple[int, int]) -> np.ndarray:
        """The texture as the camera sees it in a frame of ``size``."""
        if np.array_equal(self.homography, np.eye(3)) and texture.shape[1::-1] == size:
            return texture.copy()
        return cv2.warpPerspective(texture, self.homography, size, flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE)
