"""The examples in the rules engine's docstrings are part of its tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import lcr_vision.rules

MODULES = [m.name for m in pkgutil.iter_modules(lcr_vision.rules.__path__, "lcr_vision.rules.")]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    if name.endswith((".engine", ".series", ".describe", ".settings", ".choices")):
        assert result.attempted > 0, f"{name} should show its use by example"
