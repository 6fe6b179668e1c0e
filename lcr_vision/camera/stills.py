"""A folder of photos, one settled roll each, taken in name order (``IMG_0002`` before ``IMG_0010``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from lcr_vision.camera.capture import SourceError
from lcr_vision.camera.source import FrameSource
from lcr_vision.vision.images import IMAGE_SUFFIXES


def natural_key(path: Path) -> list[object]:
    """Sort key that orders the digits in names by value.

    >>> sorted(["r10.jpg", "r9.jpg", "r1.jpg"], key=lambda n: natural_key(Path(n)))
    ['r1.jpg', 'r9.jpg', 'r10.jpg']
    """
    return [int(t) if t.isdigit() else t.lower() for t in re.split(r"(\d+)", path.name)]


class FolderSource(FrameSource):
    """Each image of ``folder`` is one roll at rest; an image that cannot be decoded is an error."""

    stills = True

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.name = str(folder)
        self.paths = sorted(
            (p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES), key=natural_key
        )
        if not self.paths:
            raise SourceError(f"no images in {folder}")
        self.current: Path | None = None

    @property
    def where(self) -> str:
        """The file name of the photo being read."""
        return self.current.name if self.current is not None else self.name

    def frames(self) -> Iterator[np.ndarray]:
        import cv2

        for path in self.paths:
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is None:
                raise SourceError(f"cannot read image {path}")
            self.current = path
            yield image
