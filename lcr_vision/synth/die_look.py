"""`DieLook`: one physical die's appearance, with its six face textures made once.

Bodies are opaque, marbled (two colours swirled), translucent (lighter core, the table and the
other faces' pips show through faintly) or, where the ranges ask (`as_made`), glitter: several
colours swirled, with sparkles. Ink stands out from the body by colour and brightness, a big 1 is
red on light dice, and ink may be rimmed in another colour (as paint in engraved pips often is).
Pips are drilled, so each carries a thin shadow on one side.

>>> rng = np.random.default_rng(3)
>>> look = DieLook.sample(rng, "lcr", 48, Ranges())
>>> look.tokens, look.textures[0].shape
(('L', 'dot', 'C', 'dot', 'R', 'dot'), (48, 48, 3))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

import cv2
import numpy as np

from lcr_vision.synth.cube import DIE_KINDS, faces_of
from lcr_vision.synth.drawing import solid, tint, weigh
from lcr_vision.synth.face_art import FaceArt
from lcr_vision.synth.noise import smooth_noise
from lcr_vision.synth.ranges import Ranges, jitter, uniform

_RED = np.array([40, 40, 200], np.float32)
# An ink differs from its die's body by at least this much in brightness (grey levels) and in
# colour (CIE Lab distance): red pips on a black die pass (50 and 83), white on pale grey does not.
_INK_BRIGHTNESS = 30.0
_INK_COLOUR = 55.0
# A dim ink (`Ranges.dim_ink`) differs from the body by less than this in brightness: printed dice
# whose ink differs by under 75 grey levels read right but unsurely far more often than those
# over 120 (docs/model-history.md, "Which dice are read right but unsurely").
_DIM_BRIGHTNESS = 75.0


@dataclass(frozen=True)
class DieLook:
    """Kind, face tokens, BGR uint8 textures ``(T, T, 3)`` per face, body colour, bevel, opacity."""

    kind: str
    tokens: tuple[str, ...]
    textures: tuple[np.ndarray, ...]
    body: np.ndarray
    bevel: float
    opacity: float
    gloss: float

    @classmethod
    def sample(cls, rng: np.random.Generator, kind: str, texture_px: int,
               ranges: Ranges) -> DieLook:
        """A random die of ``kind`` whose textures are ``texture_px`` square."""
        body = jitter(rng, ranges.body_colours[rng.integers(len(ranges.body_colours))],
                      ranges.colour_jitter)
        ink = _contrasting_ink(rng, body, ranges)
        rim = (_contrasting_ink(rng, ink, ranges)  # drawn only when asked: default renders stay
               if ranges.rimmed and rng.random() < ranges.rimmed else None)
        finish = str(rng.choice(ranges.finishes))
        art = FaceArt.sample(rng, ranges)
        tokens = faces_of(kind)
        base = _body_texture(rng, body, finish, texture_px)
        masks = [art.mask(token, texture_px, rng) for token in tokens]
        made: dict[str, np.ndarray] = {}
        for face, token in enumerate(tokens):  # the three dots of an LCR die are one texture
            if token not in made:
                face_ink = _RED if token == "1" and art.big_one and body.mean() > 150 else ink
                seen = base
                if finish == "translucent":
                    ghost = _ghosts(rng, masks, face)
                    seen = weigh(base, 1 - ghost) + tint(ghost, ink)
                made[token] = _ink(seen, masks[face], face_ink, rim)
                made[token].setflags(write=False)  # looks are shared (see stock_look)
        return cls(kind, tokens, tuple(made[t] for t in tokens), body, uniform(rng, ranges.bevel),
                   0.82 if finish == "translucent" else 1.0, float(rng.uniform(0.0, 0.5)))


def as_made(ranges: Ranges) -> Ranges:
    """``ranges`` with dice that shops sell beside plain ones: glitter bodies (`_body_texture`'s
    ``galaxy``) and ink rimmed in another colour, a third of the dice each. Training asks for them;
    the default renders leave them out, so that the fixed render sets of the tests stay as they
    were.

    >>> made = as_made(Ranges())
    >>> made.finishes.count("galaxy") / len(made.finishes), made.rimmed
    (0.3333333333333333, 0.3)
    """
    return replace(ranges, finishes=(*ranges.finishes, "galaxy", "galaxy"), rimmed=0.3)


def _contrasting_ink(rng: np.random.Generator, body: np.ndarray, ranges: Ranges) -> np.ndarray:
    """An ink from the palette that stands out from ``body``: far from it in colour (CIE Lab)
    and at least somewhat in brightness. Real dice are often inked by colour more than by
    brightness (red pips on a black or smoky die), so brightness alone would leave them out.
    With ``ranges.dim_ink``, that share of the inks are the dim ones among them, where the
    palette has one (`_DIM_BRIGHTNESS`)."""
    inks = [jitter(rng, c, ranges.colour_jitter * 0.5) for c in ranges.ink_colours]
    lum = np.array([0.114, 0.587, 0.299], np.float32)
    lab = _lab(np.array([body, *inks]))
    brightness = [abs(float((i - body) @ lum)) for i in inks]
    colour = np.linalg.norm(lab[1:] - lab[0], axis=1)
    good = [(i, b) for i, b, c in zip(inks, brightness, colour)
            if b >= _INK_BRIGHTNESS and c >= _INK_COLOUR]
    if ranges.dim_ink and rng.random() < ranges.dim_ink:  # drawn only when asked, as `rimmed`
        good = [(i, b) for i, b in good if b < _DIM_BRIGHTNESS] or good
    return good[int(rng.integers(len(good)))][0] if good else inks[int(np.argmax(colour))]


def _lab(bgr: np.ndarray) -> np.ndarray:
    """CIE Lab ``(N, 3)`` of BGR colours ``(N, 3)`` in 0-255 (L 0-100)."""
    return cv2.cvtColor((bgr.reshape(1, -1, 3) / 255.0).astype(np.float32), cv2.COLOR_BGR2LAB)[0]


def _body_texture(rng: np.random.Generator, body: np.ndarray, finish: str, size: int) -> np.ndarray:
    """The bare face: a flat, marbled, translucent-looking or glitter body colour."""
    tex = solid(body, (size, size))
    if finish == "galaxy":  # the body's colour and two others in soft clouds, then sparkles
        colours = [body, *(rng.uniform(0, 255, (2, 3)).astype(np.float32))]
        clouds = [smooth_noise(rng, (size, size), rng.uniform(2, 5)) ** 3 + 1e-3 for _ in colours]
        total = sum(clouds)
        tex = sum(tint(cloud / total, colour) for cloud, colour in zip(clouds, colours))
        glitter = (rng.random((size, size)) < rng.uniform(0.01, 0.06)).astype(np.float32)
        glitter = cv2.GaussianBlur(glitter, (0, 0), max(0.5, size / 100)) * rng.uniform(1.0, 3.0)
        tex = np.clip(tex + tint(np.minimum(glitter, 1), np.float32([255, 255, 255])), 0, 255)
    elif finish == "marbled":
        other = np.clip(body * 0.6 + rng.uniform(0, 255, 3) * 0.4, 0, 255)
        field = smooth_noise(rng, (size, size), 3)
        swirl = (0.5 + 0.5 * np.sin(field * rng.uniform(6, 12))) * rng.uniform(0.3, 0.7)
        tex = weigh(tex, 1 - swirl) + tint(swirl, other.astype(np.float32))
    elif finish == "translucent":
        yy, xx = np.mgrid[-1:1:size * 1j, -1:1:size * 1j].astype(np.float32)
        core = np.clip(1 - 0.5 * (xx**2 + yy**2), 0, 1)
        tex = np.clip(weigh(tex, 0.75 + 0.45 * core), 0, 255)
    return tex.astype(np.float32)


def _ghosts(rng: np.random.Generator, masks: list[np.ndarray], face: int) -> np.ndarray:
    """The other faces' ink that a translucent die shows through its body on ``face``: the
    opposite face's mirrored and shrunk by the depth, the four side faces' squashed against the
    edges, blurred and faint. Real smoky dice show them, and a reader must not count them as pips.
    Faces ``2k`` and ``2k + 1`` are opposite (`lcr_vision.synth.cube.NORMALS`)."""
    size = masks[face].shape[0]
    c = (size - 1) / 2
    depth = rng.uniform(0.6, 0.85)
    to_face = np.float32([[-depth, 0, c * (1 + depth)], [0, depth, c * (1 - depth)]])  # mirrored
    field = cv2.warpAffine(masks[face ^ 1], to_face, (size, size))
    sides = [i for i in range(len(masks)) if i // 2 != face // 2]
    squash = rng.uniform(0.2, 0.4)
    for side, (sx, sy, tx, ty) in zip(sides, ((squash, 1, 0, 0),
                                              (squash, 1, size * (1 - squash), 0),
                                              (1, squash, 0, 0),
                                              (1, squash, 0, size * (1 - squash)))):
        field = np.maximum(field, cv2.warpAffine(masks[side],
                                                 np.float32([[sx, 0, tx], [0, sy, ty]]),
                                                 (size, size)) * rng.uniform(0.3, 1.0))
    field = cv2.GaussianBlur(field, (0, 0), size * rng.uniform(0.02, 0.06))
    return np.clip(field * rng.uniform(0.15, 0.45), 0, 1).astype(np.float32)


def _ink(base: np.ndarray, mask: np.ndarray, ink: np.ndarray,
         rim: np.ndarray | None = None) -> np.ndarray:
    """``base`` with ``mask`` inked in ``ink`` (inside a ``rim`` of another ink, when given), and
    a drilled-pip shadow along the ink's edge (rounded to uint8 by ``cv2.convertScaleAbs``: the
    values are never negative)."""
    size = mask.shape[0]
    if rim is not None:
        width = 2 * max(1, round(size / 40)) + 1
        ring = cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (width, width)))
        base = weigh(base, 1 - ring) + tint(ring, rim)
    shift = max(1, size // 48)
    rim = np.zeros_like(mask)
    rim[shift:, shift:] = mask[:-shift, :-shift]
    rim = np.clip(rim - mask, 0, 1)
    return cv2.convertScaleAbs(weigh(weigh(base, 1 - 0.35 * rim), 1 - mask) + tint(mask, ink))


# How many different dice of one kind and texture size `stock_look` keeps.
STOCK = 80


@lru_cache(maxsize=1200)  # the whole stock: 80 x 3 kinds x 5 sizes, under 150 MB
def stock_look(kind: str, texture_px: int, number: int, ranges: Ranges) -> DieLook:
    """Die ``number`` (0 to ``STOCK - 1``) of a fixed stock: made once, then shared, so stills do
    not pay for new textures for every die."""
    return DieLook.sample(np.random.default_rng([number, texture_px, DIE_KINDS.index(kind)]), kind,
                          texture_px, ranges)
