"""How sure a roll must be read to be committed unasked, chosen from labelled rolls pooled across
tables, with a bound on the silent errors it lets by.

Each labelled roll is read as the table reads it and judged as the table judges it (`Verdict`) at
every level of `LEVELS`: a roll read with exactly the dice owed, each face at least that sure in
the game, is committed, and each of its dice whose game face is not among the roll's is a silent
error. A few dozen rolls of one table say little about errors of 1 in 1,000, so the level rests on
every table's rolls pooled, and on a one-sided 95% Clopper-Pearson upper bound on the committed
dice's error rate, not on the rate seen: with no error among ``n`` committed dice the bound is
``1 - 0.05 ** (1 / n)``, which is 1 in 1,000 only from 2,995 dice on (`DICE_FOR_TARGET`).

>>> round(upper_bound(0, 2995) * 1000, 3)
1.0
>>> round(upper_bound(3, 1000) * 1000, 1)  # three wrong in 1,000: under about 7.7 in 1,000
7.7
>>> from lcr_vision.vision.detections import Detections
>>> def read(faces, score):
...     return Detections.from_records([{"box": [30 * i, 0, 30 * i + 20, 20], "face": f,
...                                      "score": score} for i, f in enumerate(faces)])
>>> rolls = [Roll(("L", "C"), read(("L", "C"), 0.99)), Roll(("dot",), read(("C",), 0.9))]
>>> tally(rolls, 0.85)
Tally(rolls=2, committed_rolls=2, committed_dice=3, wrong=1)
>>> tally(rolls, 0.95)
Tally(rolls=2, committed_rolls=1, committed_dice=2, wrong=0)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from lcr_vision.faces import DiceKind, FaceMap
from lcr_vision.measure.reliability import REAL, real_photos
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.labels import REAL_SET_ERRATA, read_labels
from lcr_vision.vision.reader import DiceReader, ReaderSettings
from lcr_vision.vision.split import is_validation
from lcr_vision.vision.verdict import DEFAULT_MAP, Verdict

LEVELS = (0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.97, 0.99)
TARGET = 1e-3  # committed dice wrong at most 1 in 1,000, at 95% confidence
CONFIDENCE = 0.95
DICE_FOR_TARGET = math.ceil(math.log(1 - CONFIDENCE) / math.log(1 - TARGET))


@dataclass(frozen=True)
class Roll:
    """One labelled roll: the faces up (as labelled), the dice the reader reported, and the
    least level its table commits at (a calibrated table's doubt may only raise the level)."""

    truth: tuple[str, ...]
    dice: Detections
    doubt: float = 0.0


@dataclass(frozen=True)
class Tally:
    """What the table would have done with a set of rolls at one level."""

    rolls: int
    committed_rolls: int
    committed_dice: int
    wrong: int

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.rolls + other.rolls, self.committed_rolls + other.committed_rolls,
                     self.committed_dice + other.committed_dice, self.wrong + other.wrong)

    @property
    def asked(self) -> float:
        """The share of rolls the table would ask about."""
        return 1 - self.committed_rolls / self.rolls if self.rolls else 0.0

    @property
    def bound(self) -> float:
        """The 95% upper bound on the committed dice's error rate (1.0 with none committed)."""
        return upper_bound(self.wrong, self.committed_dice)


def tally(rolls: Iterable[Roll], level: float, face_map: FaceMap = DEFAULT_MAP) -> Tally:
    """The rolls committed at ``level`` and the silent errors among their dice."""
    out = Tally(0, 0, 0, 0)
    for roll in rolls:
        verdict = Verdict.of(roll.dice, len(roll.truth), max(level, roll.doubt), face_map)
        if not verdict.usable:
            out += Tally(1, 0, 0, 0)
            continue
        said = Counter(face_map.to_game_faces(verdict.faces))
        right = sum((said & Counter(face_map.to_game_faces(roll.truth))).values())
        out += Tally(1, 1, verdict.seen, verdict.seen - right)
    return out


def upper_bound(wrong: int, dice: int, confidence: float = CONFIDENCE) -> float:
    """The one-sided Clopper-Pearson upper bound on an error rate seen as ``wrong`` of ``dice``:
    the rate at which so few errors would be seen only ``1 - confidence`` of the time."""
    if dice <= 0 or wrong >= dice:
        return 1.0
    alpha = 1 - confidence
    if wrong == 0:
        return 1 - alpha ** (1 / dice)
    lo, hi = wrong / dice, 1.0
    for _ in range(60):  # bisection: the binomial tail falls as the rate rises
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if _at_most(wrong, dice, mid) > alpha else (lo, mid)
    return hi


def _at_most(k: int, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p)."""
    log_p, log_q = math.log(p), math.log1p(-p)
    return sum(math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
                        + i * log_p + (n - i) * log_q) for i in range(k + 1))


def chosen(pooled: Mapping[float, Tally], target: float = TARGET) -> float | None:
    """The lowest level whose bound on silent errors is at most ``target``; None if none is
    (too few dice committed, or too many wrong)."""
    return next((level for level in sorted(pooled) if pooled[level].bound <= target), None)


def report(sets: Mapping[str, Sequence[Roll]], levels: Sequence[float] = LEVELS
           ) -> dict[str, object]:
    """Each set's and the pooled tallies at every level, and the level the pool supports."""
    per_set = {name: {level: tally(rolls, level) for level in levels}
               for name, rolls in sets.items()}
    pooled = {level: sum((t[level] for t in per_set.values()), Tally(0, 0, 0, 0))
              for level in levels}
    return {"sets": per_set, "pooled": pooled, "chosen": chosen(pooled)}


def report_lines(found: Mapping[str, object]) -> list[str]:
    """`report` as a table: for each level, the pooled rolls asked about, the committed dice,
    the silent errors among them and their bound; then each set at every level."""
    pooled: Mapping[float, Tally] = found["pooled"]  # type: ignore[assignment]
    per_set: Mapping[str, Mapping[float, Tally]] = found["sets"]  # type: ignore[assignment]
    lines = ["pooled: level  rolls asked  dice committed  silent wrong  95% bound per 1,000"]
    lines += [f"{level:>13.2f}  {t.asked:>11.1%}  {t.committed_dice:>14}  {t.wrong:>12}  "
              f"{t.bound * 1000:>19.2f}" for level, t in pooled.items()]
    level = found["chosen"]
    lines.append(f"lowest level bounding silent errors at 1 per 1,000: "
                 f"{'none' if level is None else level} (needs {DICE_FOR_TARGET:,} dice "
                 "committed with none wrong)")
    lines.append("")
    lines.append("set                    " + "  ".join(f"{lv:>10.2f}" for lv in pooled))
    lines.append("  (asked / wrong dice) ")
    for name, tallies in per_set.items():
        cells = (f"{t.asked:>5.0%}/{t.wrong:<4}" for t in tallies.values())
        lines.append(f"{name:<22} " + "  ".join(f"{c:>10}" for c in cells))
    return lines



def tray_rolls(model: Path | None = None) -> list[Roll]:
    """The tray's real validation photos (with their errata), each one roll of the dice it
    shows, read as the table reads photos (every scale); none where the set is not here."""
    if not REAL.is_dir():
        return []
    labels = read_labels(REAL / "labels.csv", REAL_SET_ERRATA)
    reader = DiceReader(model, ReaderSettings(DiceKind.PIP, pyramid=True))
    return [Roll(truth.faces, reader.read(image)) for image, truth in
            real_photos(REAL, {n: t for n, t in labels.items() if is_validation(n)})]
