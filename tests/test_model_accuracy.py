"""The shipped model through onnxruntime: accuracy on real photos, samples and unseen renders.

Each figure of ``lcr_vision.measure.accuracy`` is held to its bound in ``tests/floors.json``: the
worst figure measured with one and two threads and onnxruntime's graph optimisations on and off,
less twice their spread and at least one standard error of the figure (``make floors`` measures
them again), so another processor's rounding of a borderline score does not fail them while a
clearly worse model does. The targets are higher (models/README.md says how far the model
is from each): 99.5% of real dice and 98% of real photos, 98% of unseen renders, no side face read
as the roll, at most one false die per hundred empty tables.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lcr_vision.faces import DiceKind
from lcr_vision.measure.accuracy import NEEDS_REAL, REAL, Bound, below, figures, groups
from lcr_vision.measure.metrics import match
from lcr_vision.vision.images import load_image
from lcr_vision.vision.labels import REAL_SET_ERRATA, read_labels
from lcr_vision.vision.reader import DiceReader, ReaderSettings
from lcr_vision.vision.split import is_validation

FLOORS_FILE = Path(__file__).with_name("floors.json")
FLOORS = {k: Bound.from_json(v) for k, v in json.loads(FLOORS_FILE.read_text()).items()}
NO_REAL = pytest.mark.skipif(not REAL.is_dir(), reason=f"the real photo set is not at {REAL}")


@pytest.mark.parametrize("group", groups(), ids=[f"{s}, {look}" for s, look in groups()])
def test_the_shipped_model_holds_its_floors(group: tuple[str, str]) -> None:
    if group[0] in NEEDS_REAL and not NEEDS_REAL[group[0]].is_dir():
        pytest.skip(f"the real photo set is not at {NEEDS_REAL[group[0]]}")
    measured = figures(group)
    unmeasured = sorted(set(measured) - set(FLOORS))
    assert not unmeasured, f"no floor in {FLOORS_FILE} for {unmeasured}: run `make floors`"
    missed = below({k: [c] for k, c in measured.items()}, FLOORS)
    assert not missed, missed


def test_every_floor_is_a_figure_still_measured() -> None:
    keys = {k.rsplit(" / ", 1)[0] for k in FLOORS}
    assert keys == {f"{s} / {look}" for s, look in groups()}


@NO_REAL
def test_the_real_split_is_the_one_measured() -> None:
    """41 photos and, with the errata, 322 dice: the floors' cases (``n`` in floors.json)."""
    truth = {n: t for n, t in read_labels(REAL / "labels.csv", REAL_SET_ERRATA).items()
             if is_validation(n)}
    assert len(truth) == 41 and sum(len(t) for t in truth.values()) == 322
    assert FLOORS["real split / one look / photos with errata"].n == 41


@NO_REAL
def test_each_erratum_is_a_die_the_labels_leave_out() -> None:
    """Every added die lies where no label is, and the model finds it and reads the face given."""
    labels, errata = read_labels(REAL / "labels.csv"), read_labels(REAL_SET_ERRATA)
    reader = DiceReader(None, ReaderSettings(DiceKind.PIP, pyramid=True))
    for name, added in errata.items():
        assert not match(labels[name], added), name
        found = reader.read(load_image(REAL / "images" / name))
        pairs = match(added, found)
        assert len(pairs) == len(added), name
        assert all(added.faces[i] == found.faces[j] for i, j in pairs), name
