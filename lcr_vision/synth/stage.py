"""`Stage`: what stays fixed while dice move: camera, light, table top and camera settings.

A still samples a fresh stage; a simulated table keeps one for a whole session. ``paint`` lays dice
(with their shadows, far to near, motion-blurred when moving) onto a copy of the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from lcr_vision.synth.camera import Camera
from lcr_vision.synth.cube import CUBE_CORNERS, FACE_CORNERS, NORMALS, top_face
from lcr_vision.synth.die_look import DieLook
from lcr_vision.synth.photo import Photo
from lcr_vision.synth.plane import TablePlane
from lcr_vision.synth.ranges import Ranges, log_uniform, uniform
from lcr_vision.synth.shadows import cast_shadows
from lcr_vision.synth.sprite import Light, composite, motion_blur, render_die
from lcr_vision.synth.surfaces import Surface, make_surface

_TEXTURE_SIZES = (32, 48, 64, 96, 128)


@dataclass(frozen=True)
class PosedDie:
    """A die ``look`` rotated by ``rot`` with its centre at world ``centre``; ``motion`` is its
    image-space travel (pixels) during the exposure, for motion blur."""

    look: DieLook
    rot: np.ndarray
    centre: np.ndarray
    motion: np.ndarray = field(default_factory=lambda: np.zeros(2))

    @property
    def face(self) -> str:
        """The token on the face pointing up."""
        return self.look.tokens[top_face(self.rot)]


@dataclass(frozen=True)
class Stage:
    """Camera, light, table and camera settings shared by every frame of a scene or session.

    ``texture`` is the table top flat (``plane`` maps it into the frame); ``floor`` is where
    dice may land, in image pixels; ``surface`` is the bare table as the camera sees it.
    """

    size: tuple[int, int]
    die_px: float
    camera: Camera
    light: Light
    plane: TablePlane
    texture: Surface
    floor: np.ndarray
    photo: Photo
    shadow: float

    @classmethod
    def sample(cls, rng: np.random.Generator, size: tuple[int, int], ranges: Ranges,
               still: bool = True) -> Stage:
        """A random stage for frames of ``size`` = (width, height)."""
        die_px = log_uniform(rng, ranges.die_px)
        focal = max(uniform(rng, ranges.focal) * size[0], die_px * ranges.min_distance)
        camera = Camera.looking_down(size, focal, die_px,
                                     uniform(rng, ranges.tilt_deg), uniform(rng, ranges.roll_deg))
        elevation = np.radians(uniform(rng, ranges.light_elevation_deg))
        azimuth = rng.uniform(0, 2 * np.pi)
        direction = np.array([np.cos(azimuth) * np.cos(elevation),
                              np.sin(azimuth) * np.cos(elevation), np.sin(elevation)])
        kind = str(rng.choice(ranges.surfaces))
        # A tray is laid out in the frame itself (its walls are drawn as the camera sees them).
        plane = TablePlane.flat(size, die_px) if kind == "tray" else TablePlane.seen_by(camera)
        texture = make_surface(rng, kind, plane.size)
        w, h = size
        floor = (plane.to_image(texture.floor) if kind == "tray" else
                 np.array([[-w, -h], [2 * w, -h], [2 * w, 2 * h], [-w, 2 * h]], float))
        return cls(size, die_px, camera, Light(direction, uniform(rng, ranges.ambient)), plane,
                   texture, floor, Photo.sample(rng, size, ranges, still),
                   uniform(rng, ranges.shadow))

    @cached_property
    def surface(self) -> Surface:
        """The bare table as the camera sees it, with the floor in image pixels."""
        return Surface(self.plane.view(self.texture.image, self.size), self.floor)

    def texture_px(self) -> int:
        """Face texture size that keeps a die's ink sharp at this stage's die size (one of a few
        sizes, so that stock dice are shared between scenes)."""
        return next((t for t in _TEXTURE_SIZES if t >= self.die_px), _TEXTURE_SIZES[-1])

    def paint(self, canvas: np.ndarray, posed: Sequence[PosedDie]) -> None:
        """Shadows, then dice far to near, onto float ``canvas`` in place."""
        cast_shadows(canvas, self.camera, self.light.direction,
                     [(d.rot, d.centre) for d in posed], self.shadow, self.die_px)
        depth = [float(self.camera.to_camera(d.centre[None])[0, 2]) for d in posed]
        for i in np.argsort(depth)[::-1]:
            d = posed[i]
            sprite = render_die(d.look, d.rot, d.centre, self.camera, self.light)
            composite(canvas, motion_blur(sprite, d.motion))

    def top_polygon(self, die: PosedDie) -> np.ndarray:
        """Pixel corners ``(4, 2)`` of the die's upward face."""
        return self.camera.project(FACE_CORNERS[top_face(die.rot)] @ die.rot.T + die.centre)

    def side_polygons(self, die: PosedDie) -> tuple[np.ndarray, ...]:
        """Pixel corners ``(4, 2)`` of each side face the camera sees (neither top nor bottom):
        from a tilted camera these show pips or letters of their own, which are not the roll."""
        normals = NORMALS @ die.rot.T
        top = top_face(die.rot)
        return tuple(
            self.camera.project(FACE_CORNERS[i] @ die.rot.T + die.centre)
            for i, n in enumerate(normals)
            if i != top and i != top ^ 1 and n @ (self.camera.eye - die.centre - n / 2) > 0)

    def fully_in_frame(self, die: PosedDie) -> bool:
        """Whether the whole die (all eight corners) lies inside the frame."""
        pts = self.camera.project(CUBE_CORNERS @ die.rot.T + die.centre)
        w, h = self.size
        return bool((pts >= 0).all() and (pts[:, 0] <= w).all() and (pts[:, 1] <= h).all())
