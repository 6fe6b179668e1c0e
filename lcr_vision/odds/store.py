"""The on-disk store of solved levels, so that big tables are solved once per machine.

Solving 8 players from the start takes most of twenty seconds, while reading one position back
takes a fraction of one: a level is memory-mapped in the order of `states.composition_rank`, so a
look-up finds its row without building the level and reads only the pages it needs. Levels of
fewer than `MIN_STATES` states are not stored: with all the levels below them, they solve in a
fraction of a second, so once a table's big levels are stored every position of its games is at
hand (`quick`). The folder is ``$LCR_VISION_CACHE`` or the user cache folder (``$XDG_CACHE_HOME``
or ``~/.cache``) under ``lcr-vision/odds``; a file that cannot be written or read back is simply
solved again, and files of an older `FORMAT` are removed when a level of their table is stored.

A row is kept in single precision, half the bytes of double, which still holds a win chance to
within 6e-8 (`encode`): the win chances but the last seat's (they add up to one), then the turns
as a single-precision number and what it rounded off, since the turns run to the tens and single
precision alone would hold them to some 4e-6 only.

>>> import tempfile, os
>>> os.environ["LCR_VISION_CACHE"] = tempfile.mkdtemp()
>>> values = np.tile([0.2, 0.3, 0.1, 0.4, 61.123456789], (MIN_STATES, 1))
>>> save(4, 20, values)
>>> back = decode(load(4, 20, MIN_STATES, 5))
>>> float(abs(back - values).max()) < 1e-7, load(4, 20, MIN_STATES + 1, 5)
(True, None)
>>> del os.environ["LCR_VISION_CACHE"]
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

MIN_STATES = 30_000
FORMAT = 2  # bump when the numbering of states or the layout of a row changes


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


def encode(values: np.ndarray) -> np.ndarray:
    """A level's rows as stored (see the module docstring): ``players + 1`` single-precision
    columns for the ``players + 1`` of a value row."""
    players = values.shape[1] - 1
    kept = np.empty(values.shape, np.float32)
    kept[:, : players - 1] = values[:, : players - 1]
    kept[:, -2] = values[:, -1]
    kept[:, -1] = values[:, -1] - kept[:, -2]
    return kept


def decode(kept: np.ndarray) -> np.ndarray:
    """Value rows (every seat's win chance, then the turns) in double precision from stored
    rows (one row or many)."""
    kept = np.atleast_2d(kept)
    values = np.empty(kept.shape)
    values[:, :-2] = kept[:, :-2]
    values[:, -2] = 1.0 - values[:, :-2].sum(axis=1)
    values[:, -1] = kept[:, -2]
    values[:, -1] += kept[:, -1]
    return values


def load(players: int, chips: int, states: int, width: int) -> np.ndarray | None:
    """The stored rows of a level (memory-mapped, as `encode` keeps them), or ``None`` when it is
    small, missing or not as expected."""
    file = path(players, chips)
    if states < MIN_STATES or not file.exists():
        return None
    try:
        kept = np.load(file, mmap_mode="r")
    except (OSError, ValueError):
        return None
    return kept if kept.shape == (states, width) and kept.dtype == np.float32 else None


def save(players: int, chips: int, values: np.ndarray) -> None:
    """Keep a big level's values (written whole, then renamed, so a crash leaves no half file),
    and let its table's files of an older format go."""
    if len(values) < MIN_STATES:
        return
    file = path(players, chips)
    partial = file.with_suffix(".partial.npy")
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        for stale in file.parent.glob("*.partial.npy"):  # left by a solve killed while saving
            stale.unlink(missing_ok=True)
        for old in file.parent.glob(f"v*-{players}players-*chips.npy"):
            if not old.name.startswith(f"v{FORMAT}-"):
                old.unlink(missing_ok=True)
        np.save(partial, encode(values))
        partial.replace(file)
    except OSError:
        partial.unlink(missing_ok=True)
