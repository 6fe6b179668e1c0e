"""The on-disk store of solved levels, so that big tables are solved once per machine.

Solving 8 players from the start takes some twenty seconds, while reading the solved levels back
takes well under a second (they are memory-mapped, so a look-up reads only the pages it needs).
Levels of fewer than `MIN_STATES` states are not stored: with all the levels below them, they
solve in a fraction of a second, so once a table's big levels are stored every position of its
games is at hand (`quick`). The folder is ``$LCR_VISION_CACHE`` or the user cache folder
(``$XDG_CACHE_HOME`` or ``~/.cache``) under ``lcr-vision/odds``; a file that cannot be written or
read back is simply solved again.

>>> import tempfile, os
>>> os.environ["LCR_VISION_CACHE"] = tempfile.mkdtemp()
>>> save(5, 20, np.ones((MIN_STATES, 6)))
>>> float(load(5, 20, MIN_STATES, 6).sum()), load(5, 20, MIN_STATES + 1, 6)
(180000.0, None)
>>> del os.environ["LCR_VISION_CACHE"]
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

MIN_STATES = 30_000
FORMAT = 1  # bump when the numbering of states changes


def folder() -> Path:
    """Where solved levels are kept."""
    root = os.environ.get("LCR_VISION_CACHE")
    if root:
        return Path(root) / "odds"
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "lcr-vision" / "odds"


def kept(players: int) -> int:
    """The bytes stored for tables of ``players``, so that a big solve can say what it keeps."""
    return sum(f.stat().st_size for f in folder().glob(f"v{FORMAT}-{players}players-*chips.npy"))


def path(players: int, chips: int) -> Path:
    """The file of one level."""
    return folder() / f"v{FORMAT}-{players}players-{chips}chips.npy"


def load(players: int, chips: int, states: int, width: int) -> np.ndarray | None:
    """The stored values of a level, or ``None`` when it is small, missing or not as expected."""
    file = path(players, chips)
    if states < MIN_STATES or not file.exists():
        return None
    try:
        values = np.load(file, mmap_mode="r")
    except (OSError, ValueError):
        return None
    return values if values.shape == (states, width) and values.dtype == np.float64 else None


def save(players: int, chips: int, values: np.ndarray) -> None:
    """Keep a big level's values (written whole, then renamed, so a crash leaves no half file)."""
    if len(values) < MIN_STATES:
        return
    file = path(players, chips)
    partial = file.with_suffix(".partial.npy")
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        for stale in file.parent.glob("*.partial.npy"):  # left by a solve killed while saving
            stale.unlink(missing_ok=True)
        np.save(partial, values)
        partial.replace(file)
    except OSError:
        partial.unlink(missing_ok=True)
