"""Every module of the odds package shows its use by example, and the examples hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import lcr_vision.odds

ODDS_MODULES = ["lcr_vision.odds"] + [
    info.name for info in pkgutil.iter_modules(lcr_vision.odds.__path__, "lcr_vision.odds.")
]


@pytest.mark.parametrize("name", ODDS_MODULES)
def test_examples_in_docstrings(name: str) -> None:
    outcome = doctest.testmod(importlib.import_module(name))
    assert outcome.attempted > 0 and outcome.failed == 0
