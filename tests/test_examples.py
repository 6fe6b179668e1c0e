"""The modules that must show their use by example do (``--doctest-modules`` runs the examples
of every module; this checks that the game's, the reader's and calibration's have some)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import lcr_vision.ledger
import lcr_vision.odds
import lcr_vision.rules


def _package(package: object, without: set[str] = frozenset()) -> list[str]:
    return [m.name for m in pkgutil.iter_modules(package.__path__, package.__name__ + ".")
            if m.name.rsplit(".", 1)[-1] not in without]


SHOWN_BY_EXAMPLE = [
    "lcr_vision.odds", *_package(lcr_vision.odds),
    *_package(lcr_vision.rules, {"errors", "moves", "__init__"}),
    *_package(lcr_vision.ledger, {"errors", "__init__"}),
    "lcr_vision.manual", "lcr_vision.random_games", "lcr_vision.faces", "lcr_vision.review.report",
    *(f"lcr_vision.measure.{m}" for m in ("accuracy", "metrics")),
    *(f"lcr_vision.vision.{m}" for m in ("spec", "crops", "heatmap", "labels", "split", "images",
                                         "annotate", "reader")),
    *(f"lcr_vision.calibration.{m}" for m in ("profile", "play_area", "store", "dice_size", "fit",
                                              "empty_table", "tiles")),
    "lcr_vision.cli.calibrate",
]


@pytest.mark.parametrize("name", SHOWN_BY_EXAMPLE)
def test_the_module_shows_its_use_by_example(name: str) -> None:
    tests = doctest.DocTestFinder().find(importlib.import_module(name))
    assert sum(len(t.examples) for t in tests) > 0, f"{name} should show its use by example"
