"""The real validation split as other cameras would show it, and how well the reader holds up.

The product is judged on photos from cameras, lights and tables it never saw, and the one real
set is one tray under one camera. Each shift here is one plain image operation a different
camera brings (fewer or more pixels, harder JPEG, warm light, softer focus, a dim noisy room),
applied to every photo of the split. ``lcr-vision measure shifts`` prints die accuracy
and photos read exactly right under each, in one look and at every scale.

>>> shifted = SHIFTS["half size (320 px)"]
>>> shifted.apply(np.zeros((64, 80, 3), np.uint8), np.random.default_rng(0)).shape, shifted.scale
((32, 40, 3), 0.5)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from lcr_vision.faces import DiceKind
from lcr_vision.measure.metrics import Scores, score
from lcr_vision.vision.images import load_image
from lcr_vision.vision.labels import read_labels
from lcr_vision.vision.reader import DiceReader, ReaderSettings
from lcr_vision.vision.split import is_validation

REAL = Path(__file__).resolve().parents[3] / "shared" / "data" / "real-d6-tray" / "labels.csv"


@dataclass(frozen=True)
class Shift:
    """An image operation (given a random generator for its noise) and the size it scales by."""

    apply: Callable[[np.ndarray, np.random.Generator], np.ndarray]
    scale: float = 1.0


def resized(k: float) -> Shift:
    """The photo ``k`` times its size (area-averaged down, cubic up), as a camera with fewer or
    more pixels, or nearer or farther, takes it."""
    interpolation = cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC
    return Shift(lambda im, _: cv2.resize(im, None, fx=k, fy=k, interpolation=interpolation), k)


def _jpeg(image: np.ndarray, quality: int) -> np.ndarray:
    data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1]
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def _scaled(image: np.ndarray, gains: tuple[float, float, float]) -> np.ndarray:
    return np.clip(image * np.array(gains), 0, 255).astype(np.uint8)


SHIFTS: dict[str, Shift] = {
    "as is": Shift(lambda im, _: im),
    "half size (320 px)": resized(0.5),
    "double size (1280 px)": resized(2.0),
    "JPEG quality 50": Shift(lambda im, _: _jpeg(im, 50)),
    "JPEG quality 25": Shift(lambda im, _: _jpeg(im, 25)),
    "warm light (blue x0.75, red x1.3)": Shift(lambda im, _: _scaled(im, (0.75, 1.0, 1.3))),
    "soft focus (blur sigma 1.5)": Shift(lambda im, _: cv2.GaussianBlur(im, (0, 0), 1.5)),
    "dim and noisy (x0.55, noise sigma 6)": Shift(
        lambda im, rng: np.clip(im * 0.55 + rng.normal(0, 6, im.shape), 0, 255).astype(np.uint8)),
}


def shifted_scores(reader: DiceReader, labels: Path, shift: Shift, photos: int | None = None,
                   seed: int = 0) -> Scores:
    """``reader`` on the validation split of ``labels`` (the first ``photos`` of it by name),
    every photo passed through ``shift`` and its labels scaled to match."""
    truth = {n: t for n, t in sorted(read_labels(labels).items()) if is_validation(n)}
    names = list(truth)[:photos]
    rng = np.random.default_rng(seed)
    found, scaled = {}, {}
    for name in names:
        t = truth[name]
        scaled[name] = t.moved(t.boxes * shift.scale)
        found[name] = reader.read(shift.apply(load_image(labels.parent / "images" / name), rng))
    return score(scaled, found)


def shift_table(labels: Path, model: Path | None = None,
                photos: int | None = None) -> Iterator[str]:
    """The Markdown rows of ``lcr-vision measure shifts``: every shift, read in one look and at
    every scale (die accuracy and photos exactly right)."""
    readers = [DiceReader(model, ReaderSettings(DiceKind.PIP, pyramid=p)) for p in (False, True)]
    yield "| shift | one look: dice / photos exact | every scale |\n|---|---|---|"
    for name, shift in SHIFTS.items():
        cells = []
        for reader in readers:
            s = shifted_scores(reader, labels, shift, photos)
            cells.append(f"{100 * s.die_accuracy:.1f}% / {100 * s.exact_images:.1f}%")
        yield f"| {name} | {' | '.join(cells)} |"
