"""Rendered training scenes (``lcr_vision.synth``): the only source of L, C, R, dot and wild faces.

Rendering costs about 0.2 s a frame, so a training run renders its scenes once, keeps them in a
pickle under ``runs/`` keyed by seed and count, and augments them afresh at every use.
"""

from __future__ import annotations

import multiprocessing
import pickle
from pathlib import Path

import cv2
import numpy as np

from lcr_vision.synth.scene import render_scene
from lcr_vision.training.augment import Scene
from lcr_vision.vision.spec import NONE

# Share of each kind of rendered scene: boxed dice first, pips as a bridge to the real photos,
# and empty tables (chips, coins, cards, hands) that must yield no dice at all.
MIX = (("lcr", 0.35), ("wild", 0.35), ("pip", 0.1), ("mixed", 0.1), ("empty", 0.1))
SIZE = (640, 480)


def as_training_scene(image: np.ndarray, dice) -> Scene:  # dice: Sequence[synth DieLabel]
    """A synth scene in training form: dice cut by the frame edge become ``none``."""
    h, w = image.shape[:2]
    seen = [d for d in dice if d.box[2] > 0 and d.box[3] > 0 and d.box[0] < w and d.box[1] < h]
    boxes = np.array([d.box for d in seen], np.float32).reshape(-1, 4)
    return Scene.from_boxes(image, boxes, tuple(d.face if d.in_frame else NONE for d in seen))


CHUNK = 50  # scenes rendered from one seed, so that processes can share the work


def _render_chunk(seed: int, chunk: int, count: int) -> list[Scene]:
    rng = np.random.default_rng([seed, chunk])
    kinds, shares = zip(*MIX)
    out = []
    for kind in rng.choice(kinds, size=count, p=shares):
        s = render_scene(rng, "mixed" if kind == "empty" else str(kind), SIZE,
                         dice=0 if kind == "empty" else None)
        out.append(as_training_scene(s.image, s.dice))
    return out


def render_scenes(count: int, seed: int, workers: int = 0) -> list[Scene]:
    """``count`` scenes in the proportions of ``MIX``, reproducible from ``seed`` whatever the
    number of ``workers`` (processes) rendering them."""
    jobs = [(seed, c, min(CHUNK, count - c * CHUNK)) for c in range(-(-count // CHUNK))]
    if workers:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            chunks = pool.starmap(_render_chunk, jobs)
    else:
        chunks = [_render_chunk(*job) for job in jobs]
    return [scene for chunk in chunks for scene in chunk]


def cached_renders(count: int, seed: int, folder: Path, workers: int = 0) -> list[Scene]:
    """``render_scenes(count, seed)``, from ``folder`` when rendered before (JPEG-compressed)."""
    path = folder / f"renders-v2-{seed}-{count}.pkl"
    if not path.is_file():
        stored = [(cv2.imencode(".jpg", s.image, [cv2.IMWRITE_JPEG_QUALITY, 95])[1], s.centers,
                   s.sizes, s.faces) for s in render_scenes(count, seed, workers)]
        folder.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps(stored))
    stored = pickle.loads(path.read_bytes())
    return [Scene(cv2.imdecode(jpg, cv2.IMREAD_COLOR), c, s, f) for jpg, c, s, f in stored]
