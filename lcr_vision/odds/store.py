"""The on-disk store of solved levels, so that big tables are solved once per machine.

Solving 8 players from the start takes about fifteen seconds, while reading one position back
takes a fraction of one: a level is memory-mapped in the order of `states.composition_rank`, so a
look-up finds its row without building the level and reads only the pages it needs. Levels of
fewer than `MIN_STATES` states are not stored: with all the levels below them, they solve in a
fraction of a second, so once a table's big levels are stored every position of its games is at
hand (`quick`). The folder is ``$LCR_VISION_CACHE`` or the user cache folder (``$XDG_CACHE_HOME``
or ``~/.cache``) under ``lcr-vision/odds``; a file that cannot be written or read back is simply
solved again, and files of an older `FORMAT` are removed when a level of their table is stored.

A row keeps the win chances but the last seat's (they add up to one) in fixed point of 24 bits,
steps of `STEP` (so within half a step, 3e-8, and the last seat's within ``players - 1`` half steps,
2.1e-7 for 8), then the turns in single precision (within 6e-8 of their size): 25 bytes a state
for 8 players, where single precision throughout took 36. A solve
never builds on stored levels (`exact.solved_level`), so their rounding enters an answer once.

>>> import tempfile, os
>>> os.environ["LCR_VISION_CACHE"] = tempfile.mkdtemp()
>>> values = np.tile([0.2, 0.3, 0.1, 0.4, 61.123456789], (MIN_STATES, 1))
>>> save(4, 20, values)
>>> back = decode(load(4, 20, MIN_STATES))
>>> bool(abs(back - values)[:, :-1].max() <= STEP / 2), load(4, 20, MIN_STATES + 1)
(True, None)
>>> del os.environ["LCR_VISION_CACHE"]
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

MIN_STATES = 30_000
FORMAT = 3  # bump when the numbering of states or the layout of a row changes
BYTES = 3  # of a stored win chance
STEP = 1 / (2 ** (8 * BYTES) - 1)  # of a stored win chance: 0 and 1 both exact


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


def row_type(players: int) -> np.dtype:
    """A stored row (see the module docstring): ``players - 1`` win chances of `BYTES` bytes each,
    least significant first, then the turns."""
    return np.dtype([("wins", np.uint8, (players - 1, BYTES)), ("turns", "<f4")])


def encode(values: np.ndarray) -> np.ndarray:
    """A level's value rows (every seat's win chance, then the turns) as stored."""
    players = values.shape[1] - 1
    kept = np.empty(len(values), row_type(players))
    steps = np.rint(np.clip(values[:, : players - 1], 0.0, 1.0) / STEP).astype("<u4")
    kept["wins"] = steps.view(np.uint8).reshape(len(values), players - 1, 4)[..., :BYTES]
    kept["turns"] = values[:, -1]
    return kept


def decode(kept: np.ndarray) -> np.ndarray:
    """Value rows (every seat's win chance, then the turns) in double precision from stored
    rows (one row or many)."""
    kept = np.atleast_1d(kept)
    wins = kept["wins"]
    values = np.empty((len(kept), wins.shape[1] + 2))
    values[:, :-2] = wins[..., 0]
    for byte in range(1, BYTES):
        values[:, :-2] += wins[..., byte] * float(256**byte)
    values[:, :-2] *= STEP
    values[:, -2] = 1.0 - values[:, :-2].sum(axis=1)
    values[:, -1] = kept["turns"]
    return values


def load(players: int, chips: int, states: int) -> np.ndarray | None:
    """The stored rows of a level (memory-mapped, as `encode` keeps them), or ``None`` when it is
    small, missing or not as expected."""
    file = path(players, chips)
    if states < MIN_STATES or not file.exists():
        return None
    try:
        kept = np.load(file, mmap_mode="r")
    except (OSError, ValueError):
        return None
    return kept if kept.shape == (states,) and kept.dtype == row_type(players) else None


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
