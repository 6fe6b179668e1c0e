"""Rendered training scenes (``lcr_vision.synth``): the only source of L, C, R, dot and wild faces.

Rendering costs about 0.2 s a frame, so a training run renders its scenes once, keeps them in a
pickle under ``runs/`` keyed by seed and count, and augments them afresh at every use.
"""

from __future__ import annotations

import multiprocessing
import pickle
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from lcr_vision.synth.die_look import as_made
from lcr_vision.synth.ranges import Ranges
from lcr_vision.synth.scene import render_scene
from lcr_vision.synth.typefaces import printed
from lcr_vision.training.augment import DECOY, Scene
from lcr_vision.vision.spec import NONE, UPRIGHT_TURN

# Share of each kind of rendered scene: boxed dice first, pips as a bridge to the real photos,
# and empty tables (chips, coins, cards, hands) that must yield no dice at all.
MIX = (("lcr", 0.35), ("wild", 0.35), ("pip", 0.1), ("mixed", 0.1), ("empty", 0.1))
PIP_SHARE = dict(MIX)["pip"]
SIZE = (640, 480)


# A side face showing at least this share of its die's top face's area is a decoy: from a tilted
# camera it carries pips or a letter as plain as the roll's, and must be read as ``none``.
SIDE_SHARE = 0.4
SIDE_CLEAR = 0.45  # ... unless its middle is this close (in die sizes) to a die's top face: hidden


def as_training_scene(image: np.ndarray, labels) -> Scene:  # labels: Sequence[synth DieLabel]
    """A synth scene in training form: dice cut by the frame edge become ``none``, and the plainly
    seen side faces of the dice in frame become decoys."""
    h, w = image.shape[:2]
    seen = [d for d in labels if d.box[2] > 0 and d.box[3] > 0 and d.box[0] < w and d.box[1] < h]
    boxes = np.array([d.box for d in seen], np.float32).reshape(-1, 4)
    scene = Scene.from_boxes(image, boxes, tuple(d.face if d.in_frame else NONE for d in seen))
    sides = [side for d in seen if d.in_frame for side in d.sides
             if _area(side) >= SIDE_SHARE * _area(d.polygon)]
    centers = np.array([side.mean(0) for side in sides], np.float32).reshape(-1, 2)
    sizes = np.array([side.max(0) - side.min(0) for side in sides], np.float32).reshape(-1, 2)
    if len(scene.centers):  # a side hidden behind another die would mark that die's face
        gaps = np.linalg.norm(centers[:, None] - scene.centers[None], axis=2)
        clear = (gaps > SIDE_CLEAR * scene.sizes.mean(1)[None]).all(1)
        centers, sizes = centers[clear], sizes[clear]
    return Scene(image, np.concatenate([scene.centers, centers]),
                 np.concatenate([scene.sizes, sizes]), scene.faces + (DECOY,) * len(centers))


def _area(polygon: np.ndarray) -> float:
    return abs(cv2.contourArea(polygon.astype(np.float32)))


CHUNK = 50  # scenes rendered from one seed, so that processes can share the work


TILT_MAX = Ranges().tilt_deg[1]  # the renderer's steepest camera unless a run asks for more


@dataclass(frozen=True)
class RenderLook:
    """How a run's scenes are rendered: cameras tilted up to ``tilt_max`` degrees; ``typefaces``,
    letters printed as real boxed dice are (`synth.typefaces.printed`) and glitter bodies and
    rimmed ink as shops sell them (`synth.die_look.as_made`); ``upright``, the table's far side
    up (cameras rolled by at most ``UPRIGHT_TURN``, not any angle); ``pip_share`` of the scenes
    pip dice, the boxed kinds giving up what it adds to ``MIX``'s; and ``dim_ink`` of the dice
    inked close to their body's brightness (`synth.ranges.Ranges.dim_ink`).

    >>> dict(RenderLook(pip_share=0.3).mix())["lcr"]
    0.25
    >>> RenderLook(tilt_max=50, upright=True, pip_share=0.3, dim_ink=0.25).tag()
    '-tilt50-upright-pip0.3-dim0.25'
    """

    tilt_max: float = TILT_MAX
    typefaces: bool = False
    upright: bool = False
    pip_share: float = PIP_SHARE
    dim_ink: float = 0.0

    def mix(self) -> tuple[tuple[str, float], ...]:
        """Each kind of scene and its share: ``MIX`` with the pips at ``pip_share``."""
        shares = dict(MIX, pip=self.pip_share)
        boxed = (1 - sum(shares.values()) + shares["lcr"] + shares["wild"]) / 2
        if self.pip_share < 0 or boxed <= 0:
            raise ValueError(f"a pip share of {self.pip_share:g} leaves no boxed dice")
        return tuple((kind, round(boxed, 6) if kind in ("lcr", "wild") else share)
                     for kind, share in dict(shares, lcr=boxed, wild=boxed).items())

    def tag(self) -> str:
        """What sets these renders apart from the default ones, for their cache's name."""
        return "".join((f"-tilt{self.tilt_max:g}" if self.tilt_max != TILT_MAX else "",
                        "-typefaces" if self.typefaces else "", "-upright" if self.upright else "",
                        f"-pip{self.pip_share:g}" if self.pip_share != PIP_SHARE else "",
                        f"-dim{self.dim_ink:g}" if self.dim_ink else ""))


def _render_chunk(seed: int, chunk: int, count: int, look: RenderLook) -> list[Scene]:
    rng = np.random.default_rng([seed, chunk])
    ranges = replace(Ranges(), tilt_deg=(Ranges().tilt_deg[0], look.tilt_max))
    ranges = replace(ranges, roll_deg=(-UPRIGHT_TURN, UPRIGHT_TURN)) if look.upright else ranges
    ranges = as_made(printed(ranges)) if look.typefaces else ranges
    ranges = replace(ranges, dim_ink=look.dim_ink)
    kinds, shares = zip(*look.mix())
    out = []
    for kind in rng.choice(kinds, size=count, p=shares):
        s = render_scene(rng, "mixed" if kind == "empty" else str(kind), SIZE, ranges,
                         dice=0 if kind == "empty" else None)
        out.append(as_training_scene(s.image, s.dice))
    return out


def render_scenes(count: int, seed: int, workers: int = 0,
                  look: RenderLook = RenderLook()) -> list[Scene]:
    """``count`` scenes in the proportions of ``look.mix()``, rendered as ``look`` says,
    reproducible from ``seed`` whatever the number of ``workers`` rendering them."""
    jobs = [(seed, c, min(CHUNK, count - c * CHUNK), look) for c in range(-(-count // CHUNK))]
    if workers:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            chunks = pool.starmap(_render_chunk, jobs)
    else:
        chunks = [_render_chunk(*job) for job in jobs]
    return [scene for chunk in chunks for scene in chunk]


def cached_renders(count: int, seed: int, folder: Path, workers: int = 0,
                   look: RenderLook = RenderLook()) -> list[Scene]:
    """``render_scenes(count, seed, look=look)``, from ``folder`` when rendered before
    (JPEG-compressed)."""
    # v5: smoky dice; v6: glitter and rimmed dice among the typefaces
    path = folder / f"renders-v6-{seed}-{count}{look.tag()}.pkl"
    if not path.is_file():
        stored = [(cv2.imencode(".jpg", s.image, [cv2.IMWRITE_JPEG_QUALITY, 95])[1], s.centers,
                   s.sizes, s.faces)
                  for s in render_scenes(count, seed, workers, look)]
        folder.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps(stored))
    stored = pickle.loads(path.read_bytes())
    return [Scene(cv2.imdecode(jpg, cv2.IMREAD_COLOR), c, s, f) for jpg, c, s, f in stored]
