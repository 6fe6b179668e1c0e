"""The accuracy figures the shipped model is held to, and how far they move with onnxruntime.

Another processor or install runs onnxruntime along other code paths (other vector widths, fused
or unfused operators, another split over threads), so a borderline die's score can land on the
other side of a threshold and a figure moves by a die or two. ``WAYS`` stand in for those
machines: one and two threads, graph optimisations on and off. ``floors`` derives each test's
bound from the figures measured every way: the worst of them, less a margin of twice their spread
and never less than one standard error of the figure as a share of its cases (at least one case),
so a small set, where one die is a point, is not held to the point, while a clearly worse model
still fails. ``tests/floors.json`` holds the bounds the tests assert; ``lcr-vision bench --only
accuracy --write-floors tests/floors.json`` measures them again (``make floors``), and ``--check``
tells whether an install (``make lock``) still meets them.

>>> floor = bound([Count(320, 322), Count(319, 322)])
>>> round(floor.limit, 4), floor.higher_is_better  # worst 0.9907, spread 1 die, SE 0.0053
(0.9845, True)
>>> bound([Count(0, 100, higher_is_better=False)]).limit  # no false die: ceiling one in 100
0.01
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from lcr_vision.faces import DiceKind
from lcr_vision.measure.holdout import OUT_OF_RANGE, holdout_run
from lcr_vision.measure.metrics import Scores, score
from lcr_vision.measure.shifts import SHIFTS, resized, shifted_scores
from lcr_vision.synth.ranges import Ranges
from lcr_vision.vision.images import load_image
from lcr_vision.vision.labels import REAL_SET_ERRATA, read_labels
from lcr_vision.vision.reader import DiceReader, ReaderSettings
from lcr_vision.vision.split import is_validation

REPO = Path(__file__).resolve().parents[2]
REAL = REPO.parent / "shared" / "data" / "real-d6-tray"
RUNE55 = REPO.parent / "shared" / "data" / "rune55-d6"
SAMPLES = REPO / "sample_images"


@dataclass(frozen=True)
class Count:
    """``k`` cases of ``n``; ``higher_is_better`` false for errors (side faces, false dice)."""

    k: int
    n: int
    higher_is_better: bool = True

    @property
    def share(self) -> float:
        return self.k / self.n if self.n else float("nan")


@dataclass(frozen=True)
class Bound:
    """A figure's floor (or ceiling, for errors) and the figures it was derived from."""

    limit: float
    higher_is_better: bool
    measured: tuple[float, float]  # lowest and highest share over the ways
    n: int

    def holds(self, count: Count) -> bool:
        if self.higher_is_better:
            return count.share >= self.limit - 1e-9
        return count.share <= self.limit + 1e-9

    def to_json(self) -> dict[str, object]:
        return {"limit": round(self.limit, 4), "higher_is_better": self.higher_is_better,
                "measured": [round(v, 4) for v in self.measured], "n": self.n}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Bound:
        lo, hi = data["measured"]  # type: ignore[misc]
        return cls(float(data["limit"]), bool(data["higher_is_better"]),  # type: ignore[arg-type]
                   (float(lo), float(hi)), int(data["n"]))  # type: ignore[call-overload]


def bound(counts: Sequence[Count]) -> Bound:
    """The bound of one figure from its counts measured every way (see the module's docstring)."""
    shares = [c.share for c in counts]
    n = min(c.n for c in counts)
    worst = min(shares) if counts[0].higher_is_better else max(shares)
    p = min(max(worst, 1 / n), 1 - 1 / n) if n > 1 else 0.5
    margin = max(2 * (max(shares) - min(shares)), math.sqrt(p * (1 - p) / n), 1 / n)
    higher = counts[0].higher_is_better
    limit = max(worst - margin, 0.0) if higher else min(worst + margin, 1.0)
    return Bound(limit, higher, (min(shares), max(shares)), n)


@dataclass(frozen=True)
class Way:
    """One way of running onnxruntime: threads, and graph optimisations on or off."""

    threads: int = 1
    optimize: bool = True

    def __str__(self) -> str:
        return f"{self.threads} thread{'s' * (self.threads > 1)}, " \
               f"optimisations {'on' if self.optimize else 'off'}"


WAYS = (Way(1, True), Way(2, True), Way(1, False), Way(2, False))
MakeReader = Callable[..., DiceReader]  # a reader of the ReaderSettings fields given, run one way


def _dice(s: Scores) -> Count:
    """Dice found and read right, over labelled dice plus phantoms (``Scores.die_accuracy``)."""
    matched = round(s.recall * s.dice) if s.dice else 0
    cases = s.dice + s.found - matched
    return Count(round(s.die_accuracy * cases) if cases else 0, cases)


def _photos(s: Scores) -> Count:
    return Count(round(s.exact_images * s.images), s.images)


def _folder(reader: DiceReader, labels: Path, *more: Path, split: bool = False) -> Scores:
    truth = {n: t for n, t in read_labels(labels, *more).items() if not split or is_validation(n)}
    return score(truth, {n: reader.read(load_image(labels.parent / "images" / n)) for n in truth})


def _real(make: MakeReader, look: bool) -> dict[str, Count]:
    plain = _folder(make(dice=DiceKind.PIP, pyramid=look), REAL / "labels.csv", split=True)
    errata = _folder(make(dice=DiceKind.PIP, pyramid=look), REAL / "labels.csv", REAL_SET_ERRATA,
                     split=True)
    return {"dice": _dice(plain), "photos": _photos(plain),
            "dice with errata": _dice(errata), "photos with errata": _photos(errata)}


def _rune55(make: MakeReader, look: bool) -> dict[str, Count]:
    """The validation split of rune55-d6 (many cameras and tables) as training draws it: three
    copies of each source photo at most, the side-view photos of tiny dice left out."""
    from lcr_vision.training.realset import rune55_photos

    truth = rune55_photos(RUNE55, validation=True)
    reader = make(dice=DiceKind.PIP, pyramid=look)
    s = score(truth, {n: reader.read(load_image(RUNE55 / "images" / n)) for n in truth})
    return {"dice": _dice(s), "photos": _photos(s)}


def _cameras(make: MakeReader, look: bool) -> dict[str, Count]:
    """The real split as other cameras show it (``measure.shifts``) and enlarged four times."""
    reader = make(dice=DiceKind.PIP, pyramid=True)
    figures = {shift: _dice(shifted_scores(reader, REAL / "labels.csv", SHIFTS[shift]))
               for shift in SHIFTS}
    close = shifted_scores(reader, REAL / "labels.csv", resized(4.0))
    matched = round(close.recall * close.dice)
    figures["close-up x4"] = _dice(close)
    figures["close-up x4 precision"] = Count(matched, close.found)
    return figures


def _samples(make: MakeReader, look: bool) -> dict[str, Count]:
    return {"dice": _dice(_folder(make(pyramid=look), SAMPLES / "labels.csv"))}


def _renders(kind: str) -> Callable[[MakeReader, bool], dict[str, Count]]:
    def measure(make: MakeReader, look: bool) -> dict[str, Count]:
        s, _ = holdout_run(make(dice=DiceKind(kind), pyramid=look), kind, count=60,
                           ranges=OUT_OF_RANGE)
        return {"dice": _dice(s)}
    return measure


def _side_faces(make: MakeReader, look: bool) -> dict[str, Count]:
    steep = replace(Ranges(), tilt_deg=(30.0, 40.0))  # the steepest quarter of the training's tilts
    s, sides = holdout_run(make(dice=DiceKind.LCR, pyramid=look), "lcr", 60, ranges=steep)
    return {"side faces read": Count(sides, s.found, higher_is_better=False), "dice": _dice(s)}


def _empty(make: MakeReader, look: bool) -> dict[str, Count]:
    s, _ = holdout_run(make(pyramid=look), "mixed", count=100, seed=2001, ranges=Ranges(),
                       empty=True)
    return {"false dice": Count(s.found, s.empty_images, higher_is_better=False)}


# Each set of figures, measured in one look (as the live loop reads) and at every scale (as
# `detect` and `eval` read photos); `cameras` at every scale only.
SETS: dict[str, Callable[[MakeReader, bool], dict[str, Count]]] = {
    "real split": _real, "rune55 split": _rune55, "other cameras": _cameras, "samples": _samples,
    "renders lcr": _renders("lcr"), "renders wild": _renders("wild"),
    "side faces": _side_faces, "empty tables": _empty,
}
NEEDS_REAL = {"real split": REAL, "other cameras": REAL, "rune55 split": RUNE55}
LOOKS = {"one look": False, "every scale": True}


def groups() -> list[tuple[str, str]]:
    """Every (set, look) measured."""
    return [(s, look) for s in SETS for look in LOOKS
            if not (s == "other cameras" and look == "one look")]


def figures(group: tuple[str, str], way: Way = Way(),
            model: Path | None = None) -> dict[str, Count]:
    """The figures of one (set, look), read ``way``; keyed ``set / look / figure``."""
    name, look = group

    def make(**kwargs: object) -> DiceReader:
        return DiceReader(model, ReaderSettings(**kwargs), way.threads, way.optimize)

    measured = SETS[name](make, LOOKS[look])
    return {f"{name} / {look} / {k}": v for k, v in measured.items()}


def measure(ways: Iterable[Way] = WAYS, model: Path | None = None,
            progress: Callable[[str], None] = lambda line: None) -> dict[str, list[Count]]:
    """Every figure's counts, one for each of ``ways`` (the real-photo sets only where the real
    set is beside the repository)."""
    counts: dict[str, list[Count]] = {}
    for way in ways:
        for group in groups():
            if group[0] in NEEDS_REAL and not NEEDS_REAL[group[0]].is_dir():
                continue
            progress(f"{way}: {group[0]}, {group[1]}")
            for key, count in figures(group, way, model).items():
                counts.setdefault(key, []).append(count)
    return counts


def floors(counts: dict[str, list[Count]]) -> dict[str, Bound]:
    """Every figure's bound from its counts measured each way."""
    return {key: bound(c) for key, c in counts.items()}


def below(counts: dict[str, list[Count]], held: dict[str, Bound]) -> list[str]:
    """The figures of ``counts`` that miss their bound in ``held``, each as one line."""
    return [f"{key}: {c.share:.4f} ({c.k} of {c.n}) against {held[key].limit}"
            for key, cs in counts.items() if key in held for c in cs if not held[key].holds(c)]
