"""pytest's view of the repository: the package's modules are collected for their docstring
examples (``--doctest-modules``), less those that cannot be imported as modules."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

HERE = Path(__file__).parent
# `python -m` entry points run their program on import.
collect_ignore = [str(p.relative_to(HERE)) for p in (HERE / "lcr_vision").rglob("__main__.py")]
if importlib.util.find_spec("torch") is None:  # the training code without the train extra
    collect_ignore += [str(p.relative_to(HERE)) for p in (HERE / "lcr_vision").rglob("*.py")
                       if "import torch" in p.read_text()]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """With LCR_VISION_SKIPPED set, each test skipped is listed in that file (once or more), so
    that CI runs again only those once the train extra is installed (`.ci/run`)."""
    listing = os.environ.get("LCR_VISION_SKIPPED")
    if listing and report.skipped and not hasattr(report, "wasxfail"):
        with open(listing, "a") as out:
            out.write(report.nodeid + "\n")
