"""The examples in the review package's docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import lcr_vision.review

MODULES = sorted(
    m.name for m in pkgutil.iter_modules(lcr_vision.review.__path__, "lcr_vision.review.")
)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_each_review_module_hold(name: str) -> None:
    assert doctest.testmod(importlib.import_module(name)).failed == 0
