"""Without ``--dice`` the reader still reads one frame's dice as one set: pips, or boxed faces."""

from __future__ import annotations

from pathlib import Path

import pytest

from lcr_vision.faces import PIP_FACES
from lcr_vision.vision.images import load_image
from lcr_vision.vision.labels import read_labels
from lcr_vision.vision.reader import DiceReader

SAMPLES = Path(__file__).resolve().parents[1] / "sample_images"


@pytest.fixture(scope="module")
def truth():
    return read_labels(SAMPLES / "labels.csv")


@pytest.mark.parametrize("name", ["pip_1_00006.jpg", "pip_1_00009.jpg", "pip_1_00018.jpg"])
def test_a_pip_roll_with_a_one_is_read_as_pips(truth, name: str) -> None:
    assert "1" in truth[name].faces
    found = DiceReader().read(load_image(SAMPLES / "images" / name))
    assert "1" in found.faces and set(found.faces) <= set(PIP_FACES), found.faces


@pytest.mark.parametrize("name", ["lcr_1_00004.jpg", "wild_1_00008.jpg", "wild_1_00005.jpg"])
def test_a_boxed_roll_keeps_its_dots(truth, name: str) -> None:
    assert "dot" in truth[name].faces
    found = DiceReader().read(load_image(SAMPLES / "images" / name))
    assert "dot" in found.faces and not set(found.faces) & set(PIP_FACES)
