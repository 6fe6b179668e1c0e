"""pytest's view of the repository: the package's modules are collected for their docstring
examples (``--doctest-modules``), less those that cannot be imported as modules."""

from __future__ import annotations

import importlib.util
from pathlib import Path

HERE = Path(__file__).parent
# `python -m` entry points run their program on import.
collect_ignore = [str(p.relative_to(HERE)) for p in (HERE / "lcr_vision").rglob("__main__.py")]
if importlib.util.find_spec("torch") is None:  # the training code without the train extra
    collect_ignore += [str(p.relative_to(HERE)) for p in (HERE / "lcr_vision").rglob("*.py")
                       if "import torch" in p.read_text()]
