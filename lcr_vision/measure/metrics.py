"""Scoring a reader against labelled images: matching, per-die and per-image accuracy (numpy only).

A found die matches a labelled one when its centre lies within half the labelled die's size of the
label's centre (one-to-one, nearest first): box corners of turned dice are ambiguous, their centres
are not. Example: one die right, one misread, one phantom die:

>>> truth = {"a.jpg": Detections([[0, 0, 10, 10], [20, 0, 30, 10]], ["4", "2"], [1, 1])}
>>> found = {"a.jpg": Detections([[1, 0, 11, 10], [20, 1, 30, 11], [50, 50, 60, 60]],
...                              ["4", "3", "6"], [0.9, 0.8, 0.7])}
>>> s = score(truth, found)
>>> s.recall, round(s.precision, 3), s.face_accuracy, round(s.die_accuracy, 3), s.exact_images
(1.0, 0.667, 0.5, 0.333, 0.0)
>>> s.game_accuracy  # truth L + dot, found L + dot + R
0.0
>>> s.as_dict()["by_size"]  # both labelled dice are 10 px: one of the two read right
{'<20': {'dice': 2, 'read': 0.5}}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from lcr_vision.faces import FACE_TOKENS, FaceMap
from lcr_vision.vision.detections import Detections

MISSED = "none"  # confusion-matrix label: no die found for a label, or no label for a found die
LABELS: tuple[str, ...] = FACE_TOKENS + (MISSED,)
# Die sizes in pixels (mean box edge) that split the labelled dice into the bands of
# ``Scores.by_size``: the reader is meant to read dice from about 14 px, and a set's figure is
# only understood once the small dice's share of the misses is known.
SIZE_EDGES: tuple[int, ...] = (20, 28, 40)


def match(truth: Detections, found: Detections) -> list[tuple[int, int]]:
    """Pairs ``(truth index, found index)``: centres within half a labelled die, nearest first."""
    if not len(truth) or not len(found):
        return []
    dist = np.linalg.norm(truth.centers[:, None] - found.centers[None], axis=2)
    close = dist < 0.5 * truth.sizes[:, None]
    pairs, used_t, used_f = [], set(), set()
    for flat in np.argsort(dist, axis=None, kind="stable"):
        t, f = np.unravel_index(flat, dist.shape)
        if close[t, f] and t not in used_t and f not in used_f:
            pairs.append((int(t), int(f)))
            used_t.add(t)
            used_f.add(f)
    return pairs


@dataclass(frozen=True)
class Scores:
    """The figures of ``lcr-vision eval``; each ratio is in [0, 1] (NaN when it has no cases).

    ``die_accuracy`` counts a die right only when found and read right, over labelled dice plus
    phantom dice. ``game_accuracy``: images whose L/C/R/dot/wild outcome (faces mapped with the
    face map, order ignored) is right. ``false_per_empty``: dice found per image labelled empty.
    ``by_size``: ``(band, labelled dice, of them found and read right)`` for each band of
    ``SIZE_EDGES`` that holds dice (phantoms have no labelled size and are left out).
    """

    images: int
    dice: int
    found: int
    recall: float
    precision: float
    face_accuracy: float
    die_accuracy: float
    exact_images: float
    game_accuracy: float
    empty_images: int
    false_per_empty: float
    confusion: tuple[tuple[int, ...], ...]
    by_size: tuple[tuple[str, int, int], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, with the confusion matrix keyed by true then found label."""
        d = asdict(self)
        d["confusion"] = {t: {f: n for f, n in zip(LABELS, row) if n}
                          for t, row in zip(LABELS, self.confusion) if any(row)}
        d["by_size"] = {band: {"dice": n, "read": _ratio(r, n)} for band, n, r in self.by_size}
        return d


def _ratio(num: float, den: float) -> float:
    return num / den if den else float("nan")


def size_band(size: float) -> str:
    """The name of the ``SIZE_EDGES`` band a die of ``size`` pixels falls in.

    >>> [size_band(s) for s in (14.0, 20.0, 39.9, 40.0)]
    ['<20', '20-28', '28-40', '40+']
    """
    i = int(np.searchsorted(SIZE_EDGES, size, side="right"))
    if i == 0:
        return f"<{SIZE_EDGES[0]}"
    return f"{SIZE_EDGES[-1]}+" if i == len(SIZE_EDGES) else f"{SIZE_EDGES[i - 1]}-{SIZE_EDGES[i]}"


def score(
    truth: Mapping[str, Detections], found: Mapping[str, Detections],
    face_map: FaceMap | None = None,
) -> Scores:
    """Score ``found`` against ``truth`` over the images of ``truth`` (missing found: none seen)."""
    fmap = face_map or FaceMap.default()
    confusion = np.zeros((len(LABELS), len(LABELS)), int)
    matched = right = exact = game = extra = found_total = empty_false = empties = 0
    bands: dict[str, list[int]] = {}
    for name, t in truth.items():
        f = found.get(name, Detections())
        pairs = match(t, f)
        read = {i for i, j in pairs if t.faces[i] == f.faces[j]}
        hits = len(read)
        for i, size in enumerate(t.sizes.tolist()):
            band = bands.setdefault(size_band(size), [0, 0])
            band[0] += 1
            band[1] += i in read
        for i, j in pairs:
            confusion[LABELS.index(t.faces[i]), LABELS.index(f.faces[j])] += 1
        for i in set(range(len(t))) - {i for i, _ in pairs}:
            confusion[LABELS.index(t.faces[i]), -1] += 1
        for j in set(range(len(f))) - {j for _, j in pairs}:
            confusion[-1, LABELS.index(f.faces[j])] += 1
        matched += len(pairs)
        right += hits
        extra += len(f) - len(pairs)
        found_total += len(f)
        exact += hits == len(t) == len(f)
        game += sorted(map(fmap.to_game, t.faces)) == sorted(map(fmap.to_game, f.faces))
        if not len(t):
            empties += 1
            empty_false += len(f)
    dice = sum(len(t) for t in truth.values())
    return Scores(
        images=len(truth), dice=dice, found=found_total, recall=_ratio(matched, dice),
        precision=_ratio(matched, found_total), face_accuracy=_ratio(right, matched),
        die_accuracy=_ratio(right, dice + extra), exact_images=_ratio(exact, len(truth)),
        game_accuracy=_ratio(game, len(truth)), empty_images=empties,
        false_per_empty=_ratio(empty_false, empties),
        confusion=tuple(tuple(int(v) for v in row) for row in confusion),
        by_size=tuple((b, *bands[b]) for b in map(size_band, (0, *SIZE_EDGES)) if b in bands),
    )
