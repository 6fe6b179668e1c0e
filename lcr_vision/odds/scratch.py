"""Working arrays kept from one level of the exact solver to the next, because fresh memory is
slow: the first touch of each page costs a fault, and on the shared 2-core machine faulting an
array in costs about as much as a sweep over it.

Each level's arrays are about a quarter bigger than the last's, so an array taken fresh per level
touches fresh pages every time. Each kind is instead cut from one buffer per name, made twice the
size asked for when it must grow: the next levels reuse the pages already touched, and pages
never touched cost nothing. `release` lets them go once a solve is done. Each thread has buffers
of its own, so that two solves at once never share one.

>>> first = scratch("doc", (2, 3), np.float32)
>>> np.shares_memory(first, scratch("doc", (3, 2), np.float32))
True
>>> release()
"""

from __future__ import annotations

import threading
from math import prod

import numpy as np

_local = threading.local()


def _buffers() -> dict[str, np.ndarray]:
    """This thread's buffers, by name."""
    if not hasattr(_local, "buffers"):
        _local.buffers = {}
    return _local.buffers


def scratch(name: str, shape: tuple[int, ...], dtype: type[np.generic]) -> np.ndarray:
    """An array of ``shape`` on the buffer ``name``, its contents whatever was left there."""
    size = prod(shape) * np.dtype(dtype).itemsize
    buffers = _buffers()
    buffer = buffers.get(name)
    if buffer is None or buffer.nbytes < size:
        buffer = buffers[name] = np.empty(2 * size, np.uint8)
    return buffer[:size].view(dtype).reshape(shape)


def release() -> None:
    """Let every buffer go (arrays cut from them stay valid, and keep theirs)."""
    _buffers().clear()
