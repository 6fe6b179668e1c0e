"""Reading a play area in overlapping tiles, for dice too small for one look.

The locator sees at most 320 pixels across whatever it is shown, so dice far from the camera end
up a few pixels wide in it. Cut into ``n`` x ``n`` tiles, the play area reaches the locator ``n``
times larger; tiles overlap by more than a die, so every die lies whole in at least one tile (a
die cut by a tile's edge is not read there: the reader drops dice cut by its picture's edge). A
die read in two tiles is kept once, from the tile where it was read more surely.

>>> windows((640, 480), 2, 40)
[(0, 0, 340, 260), (300, 0, 340, 260), (0, 220, 340, 260), (300, 220, 340, 260)]
>>> a = Detections([[10, 10, 30, 30], [300, 10, 320, 30]], ["L", "C"], [0.9, 0.6])
>>> b = Detections([[2, 11, 22, 31]], ["C"], [0.8])
>>> merge([(a, (0, 0)), (b, (300, 0))]).faces
('L', 'C')
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lcr_vision.vision.detections import Detections


def windows(size: tuple[int, int], tiles: int, overlap: int) -> list[tuple[int, int, int, int]]:
    """The ``tiles`` x ``tiles`` windows ``(x, y, w, h)`` covering a picture of ``size`` (w, h),
    row by row, neighbours sharing ``overlap`` pixels."""
    w, h = size
    tw = min(-(-(w + (tiles - 1) * overlap) // tiles), w)
    th = min(-(-(h + (tiles - 1) * overlap) // tiles), h)
    xs = [round(i * (w - tw) / (tiles - 1)) if tiles > 1 else 0 for i in range(tiles)]
    ys = [round(j * (h - th) / (tiles - 1)) if tiles > 1 else 0 for j in range(tiles)]
    return [(x, y, tw, th) for y in ys for x in xs]


def merge(parts: Sequence[tuple[Detections, tuple[int, int]]]) -> Detections:
    """The dice read in each tile, moved by the tile's offset ``(x, y)``, each die once: of dice
    within half a die of each other, the surest."""
    every = Detections.merge(d.moved(d.boxes + np.array(offset * 2, np.float32))
                             for d, offset in parts)
    keep: list[int] = []
    for i in np.argsort(-every.scores, kind="stable"):
        if all(np.linalg.norm(every.centers[i] - every.centers[k]) >= 0.5 * every.sizes[k]
               for k in keep):
            keep.append(int(i))
    return every[sorted(keep)]
