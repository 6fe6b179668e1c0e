"""The lint rules hold in ``make test`` as in ``make lint``: ruff finds nothing in the code.

The line length (100, `pyproject.toml`) and the other rules would otherwise be checked only by
whoever runs ``make lint``; here a line too long fails the tests like any other mistake.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def ruff_command() -> list[str]:
    """ruff run as a module of this Python, or else the ruff installed beside it."""
    if importlib.util.find_spec("ruff") is not None:
        return [sys.executable, "-m", "ruff"]
    beside = shutil.which(str(Path(sys.executable).with_name("ruff")))
    if beside is None:
        pytest.skip(f"ruff (a test dependency) is neither importable nor beside {sys.executable}")
    return [beside]


def test_ruff_finds_nothing_in_the_package_or_the_tests() -> None:
    """The line length and the other rules are enforced by ``make test``, not only by ``make
    lint``, so that code over the limit or breaking a rule cannot pass the tests unseen."""
    result = subprocess.run([*ruff_command(), "check", "lcr_vision", "tests", "conftest.py"],
                            cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
