"""The examples in the docstrings of the game's modules (rules, ledger, manual play, simulation)
are part of the tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import lcr_vision.ledger
import lcr_vision.rules

MODULES = [
    m.name
    for package in (lcr_vision.rules, lcr_vision.ledger)
    for m in pkgutil.iter_modules(package.__path__, package.__name__ + ".")
] + ["lcr_vision.manual", "lcr_vision.sim"]
WITHOUT_EXAMPLES = {"errors", "moves", "__init__"}


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    if name.rsplit(".", 1)[-1] not in WITHOUT_EXAMPLES:
        assert result.attempted > 0, f"{name} should show its use by example"
