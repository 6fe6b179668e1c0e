"""Rendered stills with exact labels: `render_scene` and the `Scene` and `DieLabel` it returns."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from lcr_vision.synth.cube import DIE_KINDS, faces_of, resting_rotation
from lcr_vision.synth.die_look import STOCK, stock_look
from lcr_vision.synth.distractors import draw_distractor, random_hand
from lcr_vision.synth.drawing import weigh
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
    face, whether the whole die is ``in_frame``, the top face's pixel ``polygon`` ``(4, 2)``, and
    the pixel polygons of the ``sides`` the camera sees (what must never be read as the roll)."""

    face: str
    box: tuple[float, float, float, float]
    in_frame: bool
    polygon: np.ndarray
    sides: tuple[np.ndarray, ...] = ()


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
    return DieLabel(die.face, (float(x0), float(y0), float(x1), float(y1)),
                    stage.fully_in_frame(die), poly, stage.side_polygons(die))


def die_kinds(rng: np.random.Generator, kind: str, n: int) -> list[str]:
    """The kind of each of ``n`` dice in a ``kind`` scene (``mixed`` draws each die's kind)."""
    if kind not in SCENE_KINDS:
        raise ValueError(f"kind must be one of {SCENE_KINDS}, not {kind!r}")
    return [str(rng.choice(DIE_KINDS)) if kind == "mixed" else kind for _ in range(n)]


def rest_dice(rng: np.random.Generator, stage: Stage, kinds: list[str],
              spots: list[tuple[float, float, float]], ranges: Ranges,
              stock: int | None = None) -> list[PosedDie]:
    """Dice of ``kinds`` lying at ``spots`` with random faces up; each die of a random look of
    the stock, or all of look ``stock`` (one family's set of dice)."""
    out = []
    for kind, (x, y, yaw) in zip(kinds, spots):
        number = int(rng.integers(STOCK)) if stock is None else stock
        look = stock_look(kind, stage.texture_px(), number, ranges)
        rot = resting_rotation(int(rng.integers(len(faces_of(kind)))), yaw)
        out.append(PosedDie(look, rot, np.array([x, y, 0.5])))
    return out


def table_with_things(rng: np.random.Generator, stage: Stage, n: int,
                      in_place: bool = False) -> np.ndarray:
    """The stage's table as the camera sees it, with ``n`` flat distractors (not hands) lying on
    it in perspective: they are drawn on the flat table texture, which is then viewed.

    ``in_place`` draws them on the stage's own texture, saving a copy of it: for a stage that
    makes one frame and is dropped.
    """
    top = stage.texture.image if in_place else stage.texture.image.copy()
    tw, th = stage.plane.size
    for _ in range(n):
        centre = (float(rng.uniform(0, tw)), float(rng.uniform(0, th)))
        kind = str(rng.choice(_THINGS, p=_THING_ODDS))
        draw_distractor(rng, top, kind, centre, stage.plane.scale)
    return stage.plane.view(top, stage.size)


def cover(canvas: np.ndarray, top: np.ndarray, mask: np.ndarray) -> None:
    """Blend float ``top`` over ``canvas`` in place by the uint8 ``mask``, within the mask's box
    only (where it is zero the canvas is left as it is)."""
    x, y, w, h = cv2.boundingRect(mask)
    if w == 0:
        return
    region = canvas[y:y + h, x:x + w]
    weight = mask[y:y + h, x:x + w].astype(np.float32) / 255
    cv2.add(region, weigh(cv2.subtract(top[y:y + h, x:x + w], region), weight), dst=region)


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
    canvas = table_with_things(rng, stage, integer(rng, ranges.distractors) + extra, in_place=True)
    hand_mask = None
    if rng.random() < ranges.hand or extra:
        covered = canvas.copy()
        w, h = size
        hand_mask = random_hand(rng, covered, (float(rng.uniform(0, w)), float(rng.uniform(0, h))),
                                stage.die_px, whole=False)  # only its pixels are laid over the dice
    spots = place_dice(rng, stage, n, ranges.touching, ranges.at_edge, hand_mask)
    posed = rest_dice(rng, stage, kinds, spots, ranges)
    stage.paint(canvas, posed)
    if hand_mask is not None:
        cover(canvas, covered, hand_mask)
    image, jpeg = stage.photo.shoot(canvas, rng, in_place=True)
    return Scene(image, tuple(label(stage, d) for d in posed), jpeg)
