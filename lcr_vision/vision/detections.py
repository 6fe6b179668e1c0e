"""`Detections`: the one type passed between the reader, settle detection, the UI and the photo log.

Modelled on supervision's ``Detections``: parallel arrays, cheap to filter, with the JSON Lines
record of docs/formats.md as its serialised form.

>>> d = Detections.from_records([{"box": [10, 10, 40, 40], "face": "4", "score": 0.97},
...                              {"box": [50, 10, 80, 40], "face": "L", "score": 0.6}])
>>> len(d), d.faces
(2, ('4', 'L'))
>>> d[d.scores > 0.9].faces, d[1].faces, d[::-1].faces, d[[1, 0]] == d[::-1]
(('4',), ('L',), ('L', '4'), True)
>>> d[d.scores > 0.99] == Detections.empty()
True
>>> d.moved(d.boxes + 5).boxes[0].tolist()
[15.0, 15.0, 45.0, 45.0]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

Index = int | slice | np.ndarray | Sequence[int] | Sequence[bool]


@dataclass(frozen=True, eq=False)
class Detections:
    """Dice found in one image: boxes ``(N, 4)`` as x0, y0, x1, y1 pixels, face tokens, scores.

    Equal when their values are (supervision's ``Detections`` too); indexed like a numpy array, by
    an int, a slice, an array of indices or a boolean mask, always giving ``Detections``.

    ``probs``, where the reader gives them, is each die's probability of every class of
    ``vision.spec.CLASSES`` ``(N, C)``: what the table needs to judge a face in the game's terms
    (a pip die torn between 1 and 2 is still surely a dot). Dice read from records have none.
    """

    boxes: np.ndarray = field(default_factory=lambda: np.zeros((0, 4), np.float32))
    faces: tuple[str, ...] = ()
    scores: np.ndarray = field(default_factory=lambda: np.zeros((0,), np.float32))
    probs: np.ndarray | None = None

    def __post_init__(self) -> None:
        boxes = np.asarray(self.boxes, np.float32).reshape(-1, 4)
        scores = np.asarray(self.scores, np.float32).reshape(-1)
        if not (len(boxes) == len(self.faces) == len(scores)):
            raise ValueError("boxes, faces and scores must have the same length")
        if self.probs is not None:
            probs = np.asarray(self.probs, np.float32)
            if probs.ndim != 2 or len(probs) != len(scores):
                raise ValueError("probs must be one row of class probabilities a die")
            object.__setattr__(self, "probs", probs)
        object.__setattr__(self, "boxes", boxes)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "faces", tuple(self.faces))

    def __len__(self) -> int:
        return len(self.faces)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Detections):
            return NotImplemented
        return (self.faces == other.faces and np.array_equal(self.boxes, other.boxes)
                and np.array_equal(self.scores, other.scores))

    __hash__ = None  # type: ignore[assignment]  # arrays inside: equal by value, not hashable

    def __getitem__(self, index: Index) -> Detections:
        """The dice at ``index``: an int (one die), a slice, indices or a boolean mask."""
        if isinstance(index, (int, np.integer)):
            index = [int(index)]
        elif not isinstance(index, slice):
            index = np.asarray(index)
            if index.dtype == bool:
                index = np.flatnonzero(index)
            elif not index.size:  # [] is no dice, not an array of floats
                index = np.zeros(0, int)
        chosen = np.arange(len(self))[index]
        return Detections(self.boxes[chosen], tuple(self.faces[i] for i in chosen),
                          self.scores[chosen], None if self.probs is None else self.probs[chosen])

    @classmethod
    def empty(cls) -> Detections:
        """No dice."""
        return cls()

    def filter(self, mask: np.ndarray | Sequence[bool]) -> Detections:
        """Keep the dice where ``mask`` is true (``self[mask]``)."""
        return self[np.asarray(mask, bool).reshape(-1)]

    def moved(self, boxes: np.ndarray) -> Detections:
        """The same dice with ``boxes`` (``(N, 4)``) instead: seen in another frame's pixels."""
        return replace(self, boxes=boxes)

    @classmethod
    def merge(cls, parts: Iterable[Detections]) -> Detections:
        """Every die of ``parts``, in order (as supervision's ``Detections.merge``).

        >>> one = Detections.from_records([{"box": [0, 0, 9, 9], "face": "L", "score": 0.9}])
        >>> Detections.merge([one, Detections(), one]).faces
        ('L', 'L')
        """
        ds = list(parts) or [cls()]
        probs = [d.probs for d in ds if len(d)]
        known = probs and all(p is not None for p in probs)
        return cls(np.concatenate([d.boxes for d in ds]), tuple(f for d in ds for f in d.faces),
                   np.concatenate([d.scores for d in ds]), np.concatenate(probs) if known else None)

    @property
    def centers(self) -> np.ndarray:
        """Box centres, ``(N, 2)``."""
        return (self.boxes[:, :2] + self.boxes[:, 2:]) / 2

    @property
    def sizes(self) -> np.ndarray:
        """Mean of box width and height, ``(N,)``: the die's size in pixels."""
        return ((self.boxes[:, 2] - self.boxes[:, 0]) + (self.boxes[:, 3] - self.boxes[:, 1])) / 2

    def to_records(self) -> list[dict[str, Any]]:
        """The ``dice`` list of a docs/formats.md detections line."""
        return [
            {"box": [round(float(v), 1) for v in b], "face": f, "score": round(float(s), 4)}
            for b, f, s in zip(self.boxes, self.faces, self.scores)
        ]

    @classmethod
    def from_records(cls, records: Iterable[dict[str, Any]]) -> Detections:
        """Inverse of :meth:`to_records`."""
        recs = list(records)
        return cls(
            np.array([r["box"] for r in recs], np.float32).reshape(-1, 4),
            tuple(str(r["face"]) for r in recs),
            np.array([r["score"] for r in recs], np.float32),
        )
