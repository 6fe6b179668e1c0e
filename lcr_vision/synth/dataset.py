"""Writing rendered stills as a labelled image folder in the shared format (docs/formats.md).

``DIR/images/KIND_SEED_NNNNN.jpg`` (the camera's own JPEG, not re-encoded), ``DIR/labels.csv`` (one
row per die fully in frame, box around its top face) and, when empty frames are asked for,
``DIR/empty.txt`` listing them. Frame ``i`` of seed ``s`` is the same image whatever ``n`` is, so a
bigger set extends a smaller one; with several kinds, frame ``i`` has kind
``kinds[i % len(kinds)]``.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from lcr_vision.meter import metered
from lcr_vision.synth.ranges import Ranges
from lcr_vision.synth.scene import Scene, render_scene

HEADER = ("file", "width", "height", "class", "xmin", "ymin", "xmax", "ymax")


def label_rows(name: str, scene: Scene
               ) -> list[tuple[str, int, int, str, float, float, float, float]]:
    """The ``labels.csv`` rows of ``scene`` saved as ``name``."""
    h, w = scene.image.shape[:2]
    return [(name, w, h, d.face, *(round(float(v), 1) for v in d.box)) for d in scene.labelled]


def write_dataset(out: Path, kinds: Sequence[str], n: int, seed: int,
                  size: tuple[int, int] = (640, 480), empty: int = 0,
                  ranges: Ranges | None = None) -> tuple[int, int]:
    """Render ``n`` scenes of ``kinds`` and ``empty`` dice-free ones into ``out``.

    Returns (images written, dice labelled).
    """
    images = out / "images"
    images.mkdir(parents=True, exist_ok=True)
    rows = []
    empties = []
    for i in metered(range(n + empty), "synth: images rendered"):
        rng = np.random.default_rng([seed, i])
        kind = kinds[i % len(kinds)]
        scene = render_scene(rng, kind, size, ranges, dice=0 if i >= n else None)
        name = f"{'empty' if i >= n else kind}_{seed}_{i:05d}.jpg"
        (images / name).write_bytes(scene.jpeg)
        rows += label_rows(name, scene)
        if i >= n:
            empties.append(name)
    with open(out / "labels.csv", "w", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(HEADER)
        writer.writerows(rows)
    if empties:
        (out / "empty.txt").write_text("".join(f"{e}\n" for e in empties))
    return n + empty, len(rows)
