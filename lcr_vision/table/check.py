"""Is a read usable as the roll owed? Exactly the dice owed, each face read with confidence.

>>> from lcr_vision.vision.detections import Detections
>>> d = Detections.from_records([{"box": [50, 0, 70, 20], "face": "L", "score": 0.97},
...                              {"box": [0, 0, 20, 20], "face": "dot", "score": 0.41}])
>>> v = Verdict.of(d, owed=2)
>>> v.faces, v.seen, v.unsure, v.usable
(('dot', 'L'), 2, 1, False)
>>> Verdict.of(d, owed=3).count_right
False

The dice of a roll are one set, alike in size, so something read at under half the size of the
largest confident die (a printed dot, a ring on a card, a far coin) is not one of them:

>>> tiny = Detections.from_records([*d.to_records(), {"box": [90, 0, 98, 8], "face": "dot",
...                                                     "score": 0.9}])
>>> Verdict.of(tiny, owed=2).seen
2
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lcr_vision.vision.detections import Detections

MIN_SCORE = 0.75  # a face read with less confidence must be confirmed, typed or rolled again
ALIKE = 0.55  # the least size of a die of the set in play, as a share of the largest sure die's


@dataclass(frozen=True)
class Verdict:
    """A read (dice sorted left to right) judged against the dice owed."""

    dice: Detections
    owed: int
    min_score: float = MIN_SCORE

    @classmethod
    def of(cls, detections: Detections, owed: int, min_score: float = MIN_SCORE) -> Verdict:
        """Judge ``detections``; the dice are put in left-to-right order for saying and saving,
        leaving out what is too small to be one of the set."""
        sure = detections.scores >= min_score
        if len(detections):
            largest = detections.sizes[sure if sure.any() else slice(None)].max()
            detections = detections.filter(detections.sizes >= ALIKE * largest)
        order = np.argsort(detections.centers[:, 0], kind="stable")
        return cls(detections[order], owed, min_score)

    @property
    def faces(self) -> tuple[str, ...]:
        return self.dice.faces

    @property
    def seen(self) -> int:
        return len(self.dice)

    @property
    def unsure(self) -> int:
        """How many dice were read with too little confidence."""
        return len(self.doubtful)

    @property
    def doubtful(self) -> tuple[int, ...]:
        """The places (0 = leftmost) of the dice read with too little confidence."""
        return tuple(int(i) for i in np.flatnonzero(self.dice.scores < self.min_score))

    @property
    def count_right(self) -> bool:
        return self.seen == self.owed

    @property
    def usable(self) -> bool:
        """Right count and every face confident: commit without asking."""
        return self.count_right and self.unsure == 0
