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
largest confident die (a printed dot, a ring on a card, a far coin) is not one of them, nor is
an unsure read at over twice its size (a card, a cup, a hand's knuckle):

>>> tiny = Detections.from_records([*d.to_records(), {"box": [90, 0, 98, 8], "face": "dot",
...                                                     "score": 0.9}])
>>> Verdict.of(tiny, owed=2).seen
2
>>> big = Detections.from_records([*d.to_records(), {"box": [100, 0, 160, 60], "face": "L",
...                                                    "score": 0.3}])
>>> Verdict.of(big, owed=2).seen
2

A face is judged as the game counts it: a pip die the reader finds torn between 1 and 2 is surely
a dot, which is all the game needs of it:

>>> import numpy as np
>>> from lcr_vision.vision.spec import CLASSES
>>> probs = np.zeros((1, len(CLASSES)))
>>> probs[0, CLASSES.index("1")], probs[0, CLASSES.index("2")] = 0.55, 0.4
>>> torn = Detections(np.array([[0, 0, 20, 20]]), ["1"], [0.55], probs)
>>> Verdict.of(torn, owed=1).usable, Verdict.of(torn, owed=1, face_map=None).usable
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from lcr_vision.faces import FaceMap
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.spec import CLASSES, NONE

# A face read with less confidence must be confirmed, typed or rolled again. Chosen on whole games
# (`lcr-vision measure games`): against a lower threshold it silenced the wrong dice of boxed and
# pip renders and boxed videos for a few more questions on renders and none more on the tray's
# real photos; a higher one silenced no more and asked more (docs/figures.md, "Figures behind the
# code's settings").
DOUBT_THRESHOLD = 0.85
DEFAULT_MAP = FaceMap.default()
ALIKE = 0.55  # the least size of a die of the set in play, as a share of the largest sure die's
# The most size of an unsure read that may be a die of the set, as a multiple of the largest sure
# die's: perspective at a table's edge makes the near dice up to about 1.8 times the far ones'
# size; what the reader finds at over 2.5 times is something else on the table. On a printed Wild
# trial table some rolls read with a die too many were such a read (docs/figures.md, "Figures
# behind the code's settings").
UNLIKE = 2.5


@dataclass(frozen=True)
class Verdict:
    """A read (dice sorted left to right) judged against the dice owed."""

    dice: Detections
    owed: int
    doubt_threshold: float = DOUBT_THRESHOLD
    confidence: np.ndarray = field(default_factory=lambda: np.zeros(0))  # each die's, in the game

    @classmethod
    def of(cls, detections: Detections, owed: int, doubt_threshold: float = DOUBT_THRESHOLD,
           face_map: FaceMap | None = DEFAULT_MAP) -> Verdict:
        """Judge ``detections`` (their faces as ``face_map`` counts them: `game_confidence`;
        ``None``: each face as read); the dice are put in left-to-right order for saying and
        saving, leaving out what is too small to be one of the set, or too big and unsure."""
        confidence = game_confidence(detections, face_map)
        if len(detections):
            sure = confidence >= doubt_threshold
            largest = detections.sizes[sure if sure.any() else slice(None)].max()
            alike = ((detections.sizes >= ALIKE * largest)
                     & (sure | (detections.sizes <= UNLIKE * largest)))
            detections, confidence = detections.filter(alike), confidence[alike]
        order = np.argsort(detections.centers[:, 0], kind="stable")
        return cls(detections[order], owed, doubt_threshold, confidence[order])

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
        return tuple(int(i) for i in np.flatnonzero(self.confidence < self.doubt_threshold))

    @property
    def count_right(self) -> bool:
        return self.seen == self.owed

    @property
    def usable(self) -> bool:
        """Right count and every face confident: commit without asking."""
        return self.count_right and self.unsure == 0


def game_confidence(dice: Detections, face_map: FaceMap | None) -> np.ndarray:
    """Each die's confidence in its face as ``face_map`` counts it in the game: the probability
    of every class that counts the same (a pip 1, 2 or 3 is a dot), where the reader gave the
    classes' probabilities; else, or without a face map, its score."""
    if dice.probs is None or face_map is None:
        return dice.scores
    game = np.array([None if c == NONE else face_map.to_game(c) for c in CLASSES], object)
    same = game[None, :] == np.array(face_map.to_game_faces(dice.faces), object)[:, None]
    return (dice.probs * same).sum(1)
