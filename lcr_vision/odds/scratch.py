"""Working memory kept from one level of the exact solver to the next, because fresh memory is
slow: the first touch of each page costs a fault, and on the shared two-core machines, virtual
machines whose host takes back the pages a process frees within seconds, faulting an array in
costs more than a sweep over it (a cold solve of 8 players once spent 18 of its 45 s in the
kernel, taking 2.3 GB of fresh pages for 0.7 GB of results).

Each level's arrays are about a quarter bigger than the last's, so arrays taken fresh per level
touch fresh pages every time. An `Arena` instead cuts every array one level's solve needs, one
after the other, from a buffer kept per thread and name, made `GROWTH` times the size asked for
when it must grow (pages never touched cost nothing, so a generous buffer grows seldom): the next
level's arena cuts the pages already touched again. `release` lets the buffers go once a solve is
done. Each thread has buffers of its own, so that two solves at once never share one.

For the same reason a solve asks for ordinary pages (`small_pages`): numpy asks the kernel for huge
pages for every big array, and on these machines faulting huge pages in cost more than the faults
it spared (a cold 8-player solve, three runs each, alternating: 8.2-10.5 s in the kernel with huge
pages against 2.4-3.0 s without, 37.0-41.4 s against 30.8-33.6 s in all).

>>> level = Arena("doc")
>>> first, second = level.zeros(5, np.int64), level.empty((2, 3), np.float32)
>>> np.shares_memory(first, second)  # one arena's arrays are apart
False
>>> np.shares_memory(first, Arena("doc").zeros((3, 2), np.int32))  # the next level's: the same
True
>>> release()
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from math import prod

import numpy as np

_local = threading.local()
ALIGN = 64  # bytes: every array starts on a cache line
GROWTH = 4  # a buffer that must grow is made this many times what was asked of it


def _buffers() -> dict[str, np.ndarray]:
    """This thread's buffers, by name."""
    if not hasattr(_local, "buffers"):
        _local.buffers = {}
    return _local.buffers


class Arena:
    """Arrays for as long as one level's solve (or one block's plan): cut one after the other from
    this thread's buffer ``name``, their contents whatever was left there. A new arena on the same
    buffer hands the same memory out again, so the arrays of the last one must be dead by then.
    Without a name every array is fresh (for callers whose arrays may live on)."""

    def __init__(self, name: str | None = "level") -> None:
        self.name = name
        self._offset = 0

    def empty(self, shape: int | tuple[int, ...], dtype: type[np.generic]) -> np.ndarray:
        """An array of ``shape``, its contents whatever was left there."""
        if self.name is None:
            return np.empty(shape, dtype)
        shape = (shape,) if isinstance(shape, int) else shape
        size = prod(shape) * np.dtype(dtype).itemsize
        buffers = _buffers()
        buffer = buffers.get(self.name)
        if buffer is None or self._offset + size > buffer.nbytes:
            buffer = buffers[self.name] = np.empty(GROWTH * (self._offset + size), np.uint8)
            self._offset = 0  # the arrays cut so far keep the old buffer alive
        piece = buffer[self._offset : self._offset + size]
        self._offset += -(-size // ALIGN) * ALIGN
        return piece.view(dtype).reshape(shape)

    def zeros(self, shape: int | tuple[int, ...], dtype: type[np.generic]) -> np.ndarray:
        """An array of ``shape`` filled with zeros."""
        array = self.empty(shape, dtype)
        array.fill(0)
        return array


FRESH = Arena(None)  # for callers outside a solve: every array fresh


def release() -> None:
    """Let this thread's buffers go (arrays cut from them stay valid, and keep theirs)."""
    _buffers().clear()


_pages = threading.Lock()
_held = {"solves": 0, "before": False}  # solves under way, and numpy's setting before the first


@contextmanager
def small_pages() -> Iterator[None]:
    """numpy's big arrays on ordinary pages while this lasts (and while any other thread's does),
    its setting put back after; a no-op where numpy has no such setting.

    >>> with small_pages():
    ...     np._core.multiarray._get_madvise_hugepage()
    False
    """
    setter = getattr(np._core.multiarray, "_set_madvise_hugepage", None)
    if setter is None:
        yield
        return
    with _pages:
        if not _held["solves"]:
            _held["before"] = setter(False)
        _held["solves"] += 1
    try:
        yield
    finally:
        with _pages:
            _held["solves"] -= 1
            if not _held["solves"]:
                setter(_held["before"])
