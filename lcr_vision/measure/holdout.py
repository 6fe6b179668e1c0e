"""Rendered test scenes the model never trained on, and how well the reader does on them.

Training renders use seed 1 inside the renderer's default ``Ranges``; these use other seeds and,
for the generalisation figure, settings outside those ranges: other fonts, other body and ink
colours, steeper camera tilts. ``lcr-vision measure holdout`` prints the figures, read
at every scale as photos are (``--one-look``: as the live loop reads), for any frame size:
``lcr-vision measure holdout``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from lcr_vision.faces import DiceKind
from lcr_vision.measure.metrics import Scores, score
from lcr_vision.meter import metered
from lcr_vision.synth.ranges import Ranges
from lcr_vision.synth.scene import Scene, render_scene
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.reader import DiceReader, ReaderSettings

OUT_OF_RANGE = replace(
    Ranges(),
    fonts=(1, 5),  # HERSHEY_PLAIN and COMPLEX_SMALL; training uses 0, 2, 3, 4
    body_colours=((200, 120, 220), (60, 180, 180), (120, 200, 120), (20, 60, 110), (0, 0, 0)),
    ink_colours=((0, 215, 255), (230, 230, 60), (255, 255, 255)),
    tilt_deg=(40.0, 50.0),  # training: 0-40
)
SEED = 1000  # the training renders use seed 1
SIZE = (640, 480)


def holdout_scenes(kind: str, count: int, seed: int = SEED, ranges: Ranges = OUT_OF_RANGE,
                   empty: bool = False, size: tuple[int, int] = SIZE,
                   ) -> Iterator[tuple[Detections, Scene]]:
    """``count`` rendered ``kind`` scenes of ``size`` (w, h) pixels from ``seed``, each with its
    truth: the dice fully in frame (``empty``: tables with chips, coins, cards and hands but no
    dice)."""
    rng = np.random.default_rng(seed)
    for _ in metered(range(count), f"holdout: {kind} scenes read"):
        scene = render_scene(rng, kind, size, ranges, dice=0 if empty else None)
        dice = scene.labelled
        yield Detections([d.box for d in dice], [d.face for d in dice], [1.0] * len(dice)), scene


def holdout_run(
    reader: DiceReader, kind: str, count: int, seed: int = SEED, ranges: Ranges = OUT_OF_RANGE,
    empty: bool = False, size: tuple[int, int] = SIZE,
) -> tuple[Scores, int]:
    """Score ``reader`` on `holdout_scenes`, and count the dice found centred on a side face the
    camera sees (and on no die's top face): each a side face read as if it were the roll, since
    from a steep or wide-angle view a side can face the camera more squarely than the top."""
    truth, found, sides = {}, {}, 0
    for i, (labelled, scene) in enumerate(holdout_scenes(kind, count, seed, ranges, empty, size)):
        truth[f"{i}"] = labelled
        found[f"{i}"] = read = reader.read(scene.image)
        for centre in read.centers.tolist():
            sides += (any(_inside(side, centre) for d in scene.dice for side in d.sides)
                      and not any(_inside(d.polygon, centre) for d in scene.dice))
    return score(truth, found), sides


def _inside(polygon: np.ndarray, point: list[float]) -> bool:
    return cv2.pointPolygonTest(polygon.astype(np.float32), point, False) >= 0


def holdout_report(model: Path | None = None, count: int = 200, seed: int = SEED,
                   ranges: Ranges = OUT_OF_RANGE, size: tuple[int, int] = SIZE,
                   one_look: bool = False) -> dict[str, dict]:
    """The figures of ``lcr-vision measure holdout``: LCR and Wild scenes of ``ranges`` (each
    with its side faces read) and as many empty tables, read in one look or at every scale."""
    figures: dict[str, dict] = {}
    for kind in ("lcr", "wild"):
        reader = DiceReader(model, ReaderSettings(DiceKind(kind), pyramid=not one_look))
        s, sides = holdout_run(reader, kind, count, seed, ranges, size=size)
        figures[kind] = {**s.as_dict(), "side_faces_read": sides}
    s, _ = holdout_run(DiceReader(model, ReaderSettings(pyramid=not one_look)), "mixed", count,
                       seed + 1, Ranges(), empty=True, size=size)
    figures["empty"] = {"frames": s.images, "false_dice": s.found,
                        "false_per_frame": s.false_per_empty}
    return figures
