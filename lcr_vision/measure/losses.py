"""Where a reader loses the dice of a labelled set: not located, dropped, or misread.

A labelled die the reader gets wrong is lost in one of three places: the locator puts no peak on
it, the classifier drops the peak it found (``none``, or no face sure enough), or it reads another
face. Which one decides what to train next, the locator or the classifier, so each size band of
dice gets all three (``lcr-vision measure losses``).

>>> truth = Detections([[0, 0, 10, 10], [20, 0, 30, 10], [40, 0, 80, 40]], ["4", "2", "6"], [1] * 3)
>>> peaks = Detections([[1, 0, 11, 10], [20, 1, 30, 11]], ["none"] * 2, [0.9, 0.8])
>>> read = Detections([[1, 0, 11, 10]], ["4"], [0.9])
>>> [vars(band) for band in tally([(truth, peaks, read)])]  # doctest: +NORMALIZE_WHITESPACE
[{'band': '<20', 'dice': 2, 'located': 2, 'reported': 1, 'right': 1},
 {'band': '40+', 'dice': 1, 'located': 0, 'reported': 0, 'right': 0}]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from lcr_vision.measure.metrics import SIZE_EDGES, match, size_band
from lcr_vision.meter import metered
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.images import load_image
from lcr_vision.vision.reader import DiceReader

ALL = "all"  # the band that sums the others


@dataclass(frozen=True)
class BandLosses:
    """Of a size band's labelled ``dice``: those with a locator peak on them (``located``), those
    reported as some face (``reported``) and those reported as their own face (``right``)."""

    band: str
    dice: int
    located: int
    reported: int
    right: int

    def as_dict(self) -> dict[str, float | int]:
        """Counts as shares of the band's dice, as `lcr-vision measure losses` prints them."""
        return {"dice": self.dice, "located": _share(self.located, self.dice),
                "dropped": _share(self.located - self.reported, self.dice),
                "misread": _share(self.reported - self.right, self.dice),
                "right": _share(self.right, self.dice)}


def _share(k: int, n: int) -> float:
    return round(k / n, 4) if n else 0.0


def tally(images: Iterable[tuple[Detections, Detections, Detections]]) -> list[BandLosses]:
    """Each size band's losses over ``(truth, peaks, read)`` of every image: the labelled dice,
    the locator's peaks (any faces) and the dice read, matched as `metrics.match` matches."""
    counts: dict[str, np.ndarray] = {}
    for truth, peaks, read in images:
        located = {t for t, _ in match(truth, peaks)}
        reported = dict(match(truth, read))
        sizes = (truth.boxes[:, 2:] - truth.boxes[:, :2]).mean(1) if len(truth) else []
        for i, size in enumerate(sizes):
            row = counts.setdefault(size_band(float(size)), np.zeros(4, int))
            row += (1, i in located, i in reported,
                    i in reported and read.faces[reported[i]] == truth.faces[i])
    order = [size_band(edge) for edge in (0, *SIZE_EDGES)]
    return [BandLosses(band, *map(int, counts[band])) for band in order if band in counts]


def losses(reader: DiceReader,
           photos: Iterable[tuple[Detections, np.ndarray]]) -> dict[str, dict]:
    """``reader``'s losses on ``photos`` (each its labelled dice and BGR image), by size band and
    in all."""

    def seen() -> Iterable[tuple[Detections, Detections, Detections]]:
        for truth, image in photos:
            staged = reader.stages(image)  # the peaks `DiceReader.read` reads, kept
            peaks = staged.peaks
            yield truth, Detections(peaks.boxes(), ["none"] * len(peaks.scores),
                                    peaks.scores), staged.dice

    bands = tally(seen())
    total = BandLosses(ALL, *(sum(getattr(b, k) for b in bands)
                              for k in ("dice", "located", "reported", "right")))
    return {b.band: b.as_dict() for b in (total, *bands)}


def labelled_photos(truth: Mapping[str, Detections],
                    images: Path) -> Iterator[tuple[Detections, np.ndarray]]:
    """The labelled photos of folder ``images``, in name order, each with its truth."""
    for name in metered(sorted(truth), "losses: photos read"):
        yield truth[name], load_image(images / name)
