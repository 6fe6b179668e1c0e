"""Does a confidence mean what it says? The reliability curve of the reader's scores.

Every die the reader reports on a validation set is scored against the labels: right when it
matches a labelled die (`metrics.match`) and its game face is the label's, wrong otherwise (a
misread, or a die where none is). For each doubt threshold, the share of dice committed without a
question (score at or above it) and how many of those are wrong: how well each die's score
means what it says. The table's commit level is chosen on whole rolls judged as the table judges
them, pooled across tables, with a bound (`lcr_vision.measure.commit_level`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from lcr_vision.faces import DiceKind, FaceMap
from lcr_vision.measure.metrics import match
from lcr_vision.meter import Meter
from lcr_vision.synth.ranges import Ranges
from lcr_vision.synth.scene import render_scene
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.images import load_image
from lcr_vision.vision.labels import REAL_SET_ERRATA, read_labels
from lcr_vision.vision.reader import DiceReader, ReaderSettings
from lcr_vision.vision.split import is_validation

REPO = Path(__file__).resolve().parents[2]
REAL = REPO.parent / "shared" / "data" / "real-d6-tray"
RUNE55 = REPO.parent / "shared" / "data" / "rune55-d6"
THRESHOLDS = (0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.97, 0.98, 0.99, 0.995, 0.999)
TARGET = 1e-3  # committed dice wrong at most 1 in 1,000
SEED = 5000  # renders never trained on
# A webcam at the table's edge: tilts to 45 degrees, the far side up.
EDGE = Ranges(tilt_deg=(0.0, 45.0), roll_deg=(-12.0, 12.0))

Labelled = tuple[np.ndarray, Detections]


@dataclass(frozen=True)
class Curve:
    """The scores of one set's reported dice and whether each is right."""

    THRESHOLDS = THRESHOLDS

    scores: np.ndarray
    right: np.ndarray

    def at(self, threshold: float) -> tuple[float, float]:
        """The share of reported dice committed at ``threshold`` and their error rate."""
        kept = self.scores >= threshold
        committed = float(kept.mean()) if len(kept) else 0.0
        wrong = float((~self.right[kept]).mean()) if kept.any() else 0.0
        return committed, wrong

    def threshold(self, target: float = TARGET) -> float | None:
        """The lowest of `THRESHOLDS` whose committed dice are wrong at most ``target`` of the
        time, committing some; None if none is. With few dice the figure is loose: 0 wrong in 300
        still allows 1 in 100 (the rule of three)."""
        return next((t for t in THRESHOLDS if (at := self.at(t))[0] and at[1] <= target), None)


def scored(reader: DiceReader, photos: Iterable[Labelled], face_map: FaceMap) -> Curve:
    """The curve of ``reader`` over labelled ``photos``."""
    scores, right = [], []
    for image, truth in photos:
        found = reader.read(image)
        pairs = {f: t for t, f in match(truth, found)}
        for i, (face, score) in enumerate(zip(found.faces, found.scores)):
            t = pairs.get(i)
            scores.append(float(score))
            right.append(t is not None
                         and face_map.to_game(face) == face_map.to_game(truth.faces[t]))
    return Curve(np.array(scores), np.array(right, bool))


def real_photos(root: Path, labels: dict[str, Detections]) -> Iterator[Labelled]:
    for name in sorted(labels):
        yield load_image(root / "images" / name), labels[name]


def rendered(kind: str, count: int, seed: int) -> Iterator[Labelled]:
    rng = np.random.default_rng(seed)
    for _ in range(count):
        scene = render_scene(rng, kind, (640, 480), EDGE)
        yield scene.image, Detections.from_records(
            [{"box": list(d.box), "face": d.face, "score": 1.0} for d in scene.labelled])


def curves(count: int = 200, model: Path | None = None) -> dict[str, Curve]:
    """Each validation set's curve: the real splits as photos are read (every scale), renders
    as the live camera reads them (one look)."""
    sets: list[tuple[str, DiceKind, bool, Iterable[Labelled]]] = []
    if REAL.is_dir():
        labels = read_labels(REAL / "labels.csv", REAL_SET_ERRATA)
        sets.append(("tray photos", DiceKind.PIP, True,
                     real_photos(REAL, {n: t for n, t in labels.items() if is_validation(n)})))
    if RUNE55.is_dir():
        from lcr_vision.training.realset import rune55_photos

        sets.append(("rune55 photos", DiceKind.PIP, True,
                     real_photos(RUNE55, rune55_photos(RUNE55, validation=True))))
    for i, kind in enumerate(("lcr", "wild", "pip")):
        sets.append((f"{kind} renders", DiceKind(kind), False, rendered(kind, count, SEED + i)))
    out = {}
    with Meter("measure reliability: sets read", len(sets)) as meter:
        for name, dice, pyramid, photos in sets:
            out[name] = scored(DiceReader(model, ReaderSettings(dice, pyramid=pyramid)), photos,
                               FaceMap.default())
            meter.advance()
    return out


def table(found: dict[str, Curve], thresholds: Sequence[float] = THRESHOLDS) -> list[str]:
    """The curves as lines: for each threshold, each set's committed share and error."""
    names = list(found)
    lines = ["threshold  " + "  ".join(f"{n:>22}" for n in names),
             "           " + "  ".join(f"{'committed / wrong':>22}" for _ in names)]
    for t in thresholds:
        cells = [found[n].at(t) for n in names]
        lines.append(f"{t:>9.3f}  " + "  ".join(f"{c:>10.1%} / {w * 1000:>6.1f}‰" for c, w in
                                                 cells))
    chosen = [found[n].threshold() for n in names]
    lines.append("for 1/1000 " + "  ".join(f"{'-' if t is None else t:>22}" for t in chosen))
    lines.append("dice       " + "  ".join(f"{len(found[n].scores):>22}" for n in names))
    return lines
