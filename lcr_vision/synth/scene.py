"""Rendered stills with exact labels: `render_scene` and the `Scene` and `DieLabel` it returns."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lcr_vision.synth.cube import DIE_KINDS, faces_of, resting_rotation
from lcr_vision.synth.die_look import STOCK, stock_look
from lcr_vision.synth.distractors import draw_distractor
from lcr_vision.synth.layout import place_dice
from lcr_vision.synth.ranges import Ranges, integer
from lcr_vision.synth.stage import PosedDie, Stage

SCENE_KINDS: tuple[str, ...] = DIE_KINDS + ("mixed",)
# Flat things on the table and how common each is (cups are big and rarer).
_THINGS = ("chip", "coin", "card", "cup")
_THING_ODDS = (0.4, 0.25, 0.25, 0.1)


@dataclass(frozen=True)
class DieLabel:
    """One die in a frame: its up ``face`` token, the pixel ``box`` (x0, y0, x1, y1) around its top
    face, whether the whole die is ``in_frame``, and the top face's pixel ``polygon`` ``(4, 2)``."""

    face: str
    box: tuple[float, float, float, float]
    in_frame: bool
    polygon: np.ndarray


@dataclass(frozen=True)
class Scene:
    """A rendered frame: BGR uint8 ``image``, a label for every die drawn (in or out of frame),
    and the camera's ``jpeg`` file that ``image`` was decoded from."""

    image: np.ndarray
    dice: tuple[DieLabel, ...]
    jpeg: bytes = b""

    @property
    def labelled(self) -> tuple[DieLabel, ...]:
        """The dice a detector should find: those fully in frame."""
        return tuple(d for d in self.dice if d.in_frame)


def label(stage: Stage, die: PosedDie) -> DieLabel:
    """The label of ``die`` as ``stage``'s camera sees it."""
    poly = stage.top_polygon(die)
    x0, y0 = poly.min(0)
    x1, y1 = poly.max(0)
    return DieLabel(die.face, (float(x0), float(y0), float(x1), float(y1)), stage.fully_in_frame(die),
                    poly)


def die_kinds(rng: np.random.Generator, kind: str, n: int) -> list[str]:
    """The kind of each of ``n`` dice in a ``kind`` scene (``mixed`` draws each die's kind)."""
    if kind not in SCENE_KINDS:
        raise ValueError(f"kind must be one of {SCENE_KINDS}, not {kind!r}")
    return [str(rng.choice(DIE_KINDS)) if kind == "mixed" else kind for _ in range(n)]


def rest_dice(rng: np.random.Generator, stage: Stage, kinds: list[str],
              spots: list[tuple[float, float, float]], ranges: Ranges) -> list[PosedDie]:
    """Dice of ``kinds`` lying at ``spots`` with random faces up."""
    out = []
    for kind, (x, y, yaw) in zip(kinds, spots):
        look = stock_look(kind, stage.texture_px(), int(rng.integers(STOCK)), ranges)
        rot = resting_rotation(int(rng.integers(len(faces_of(kind)))), yaw)
        out.append(PosedDie(look, rot, np.array([x, y, 0.5])))
    return out


def table_with_things(rng: np.random.Generator, stage: Stage, n: int) -> np.ndarray:
    """The stage's table as the camera sees it, with ``n`` flat distractors (not hands) lying on
    it in perspective: they are drawn on the flat table texture, which is then viewed."""
    top = stage.texture.image.copy()
    tw, th = stage.plane.size
    for _ in range(n):
        centre = (float(rng.uniform(0, tw)), float(rng.uniform(0, th)))
        kind = str(rng.choice(_THINGS, p=_THING_ODDS))
        draw_distractor(rng, top, kind, centre, stage.plane.scale)
    return stage.plane.view(top, stage.size)


def render_scene(rng: np.random.Generator, kind: str = "mixed", size: tuple[int, int] = (640, 480),
                 ranges: Ranges | None = None, dice: int | None = None) -> Scene:
    """One still of ``kind`` dice (``pip``, ``lcr``, ``wild`` or ``mixed``) of ``size`` (w, h).

    ``dice`` fixes how many dice to try to place (default: drawn from ``ranges.dice``); ``dice=0``
    renders an empty scene, distractors only. ``ranges`` defaults to ``Ranges()``.
    """
    ranges = ranges or Ranges()
    n = integer(rng, ranges.dice) if dice is None else dice
    kinds = die_kinds(rng, kind, n)
    stage = Stage.sample(rng, size, ranges)
    extra = int(n == 0)
    canvas = table_with_things(rng, stage, integer(rng, ranges.distractors) + extra)
    hand_mask = None
    if rng.random() < ranges.hand or extra:
        covered = canvas.copy()
        w, h = size
        hand_mask = draw_distractor(rng, covered, "hand", (float(rng.uniform(0, w)),
                                                           float(rng.uniform(0, h))), stage.die_px)
    spots = place_dice(rng, stage, n, ranges.touching, ranges.at_edge, hand_mask)
    posed = rest_dice(rng, stage, kinds, spots, ranges)
    stage.paint(canvas, posed)
    if hand_mask is not None:
        m = hand_mask.astype(np.float32)[..., None] / 255
        canvas += (covered - canvas) * m
    image, jpeg = stage.photo.shoot(canvas, rng)
    return Scene(image, tuple(label(stage, d) for d in posed), jpeg)
