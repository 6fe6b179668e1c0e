"""Are these dice fair? Each face's count over the rolls of one or more sessions played with the
same dice, and Pearson's chi-square test against a fair die, per set of dice: a pip set is judged on
its six faces, a boxed set on L, C, R and dot (three sides of six), a Wild set on its five.

Every throw counts, as the ledger holds its faces now: the live rolls, corrected where they were,
and the rolls a correction struck (thrown all the same). A withdrawn roll does not count, nor the
dice of a roll nobody verified (`Entry.verified`: a doubtful read nobody answered for, or one with
dice nobody saw): they are counted apart as left out, since a misread or a guessed face would
make fair dice look loaded.

>>> from lcr_vision.ledger.events import RollEvent
>>> from lcr_vision.rules import Settings
>>> ledger = Ledger.start(Settings.create(["Ann", "Ben", "Cat"]))
>>> ledger = ledger.apply(RollEvent(k=1, player="Ann", faces=("L", "dot", "C")))
>>> test, = dice_tests([ledger])
>>> test.kind.word, dict(zip(test.kind.faces, test.counts)), test.dice, test.p
('boxed', {'L': 1, 'C': 1, 'R': 0, 'dot': 1}, 3, None)
>>> ledger = ledger.apply(RollEvent(k=2, player="Ben", faces=("R",), doubtful=True, unseen=2))
>>> test, = dice_tests([ledger])
>>> test.dice, test.left_out
(3, 3)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from math import ceil

from lcr_vision.faces import PIP_FACES, DiceKind
from lcr_vision.ledger import Ledger
from lcr_vision.stats import chi_square, chi_square_p

MIN_EXPECTED = 5  # the test is fair to the dice once every face is expected this often
LOADED = 0.01  # below this p-value the dice look loaded: one fair set in a hundred is called so


def sides(kind: DiceKind, face: str) -> int:
    """How many of a die's six sides show ``face``: the dots fill what L, C, R (and wild) leave."""
    return 6 - len(kind.faces) + 1 if face == "dot" else 1


@dataclass(frozen=True)
class DiceTest:
    """One set of dice: how often each of its faces (``kind.faces``) came up."""

    kind: DiceKind
    counts: tuple[int, ...]
    left_out: int = 0  # dice owed in rolls nobody verified, seen or not

    @property
    def dice(self) -> int:
        return sum(self.counts)

    @property
    def chances(self) -> tuple[float, ...]:
        """Each face's chance on a fair die."""
        return tuple(sides(self.kind, f) / 6 for f in self.kind.faces)

    @property
    def needed(self) -> int:
        """The dice it takes for every face to be expected `MIN_EXPECTED` times."""
        return ceil(MIN_EXPECTED / min(self.chances))

    @property
    def p(self) -> float | None:
        """The chance that fair dice stray this far from their expected counts, or ``None``
        while there are too few dice to tell."""
        if self.dice < self.needed:
            return None
        return chi_square_p(chi_square(self.counts, self.chances), len(self.counts) - 1)


def kind_of(faces: Sequence[str], wild: bool) -> DiceKind:
    """The set a roll was thrown with: pips if it shows any, else Wild dice in a Wild game."""
    if any(f in PIP_FACES for f in faces):
        return DiceKind.PIP
    return DiceKind.WILD if wild or "wild" in faces else DiceKind.LCR


def dice_tests(ledgers: Sequence[Ledger]) -> tuple[DiceTest, ...]:
    """The faces thrown in ``ledgers``, one test per set of dice, in the order first thrown; the
    dice of unverified rolls are left out and counted."""
    seen: dict[DiceKind, Counter[str]] = {}
    left_out: Counter[DiceKind] = Counter()
    for ledger in ledgers:
        wild = ledger.settings.variants.wild
        for entry in [*(r.entry for r in ledger.rolls), *ledger.struck]:
            kind = kind_of(entry.faces, wild)
            counts = seen.setdefault(kind, Counter())
            if entry.verified:
                counts.update(entry.faces)
            else:
                left_out[kind] += len(entry.played_faces)
    return tuple(DiceTest(kind, tuple(counts[f] for f in kind.faces), left_out[kind])
                 for kind, counts in seen.items())
