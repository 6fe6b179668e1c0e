"""``python -m lcr_vision.vision.holdout``: the figures of the model card, for any frame size."""

from __future__ import annotations

import json

import pytest

from lcr_vision.vision.holdout import main


@pytest.mark.parametrize("how", [[], ["--one-look"]], ids=["every-scale", "one-look"])
def test_prints_each_set_for_the_size_and_dice_asked(
    how: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--count", "2", "--size", "960", "720", "--die-px", "30", "60",
                 "--tilt", "0", "40", *how]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) == {"lcr", "wild", "empty"}
    for kind in ("lcr", "wild"):
        assert figures[kind]["images"] == 2 and figures[kind]["dice"] > 0
        assert 0 <= figures[kind]["die_accuracy"] <= 1
    assert figures["empty"]["frames"] == 2
