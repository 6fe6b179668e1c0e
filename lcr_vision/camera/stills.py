"""A folder of photos, one settled roll each, taken in name order
(``IMG_0002`` before ``IMG_0010``)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from lcr_vision.camera.capture import SourceError
from lcr_vision.camera.source import FrameSource, Warn, warn_in_english
from lcr_vision.errors import Said
from lcr_vision.vision.images import IMAGE_SUFFIXES
from lcr_vision.vision.limits import MAX_PIXELS


def natural_key(path: Path) -> list[object]:
    """Sort key that orders the digits in names by value.

    >>> sorted(["r10.jpg", "r9.jpg", "r1.jpg"], key=lambda n: natural_key(Path(n)))
    ['r1.jpg', 'r9.jpg', 'r10.jpg']
    """
    return [int(t) if t.isdigit() else t.lower() for t in re.split(r"(\d+)", path.name)]


def digest_of(data: bytes) -> str:
    """The first 16 hex digits of the SHA-256 of a photo's bytes: a journalled roll keeps it, so
    that a photo changed since shows."""
    return hashlib.sha256(data).hexdigest()[:16]


def photo_digest(path: Path) -> str:
    """`digest_of` the photo file at ``path``."""
    return digest_of(path.read_bytes())


class FolderSource(FrameSource):
    """Each image of ``folder`` (or the one photo it names) is one roll at rest. An image that
    cannot be used (unreadable, not a picture, over ``max_pixels``) is skipped, saying why
    (``warn``), as a roll the camera could not see: the player owed it rolls with the next photo.
    ``position`` counts every image, used or not. The photos named in ``done`` were read before (a
    resumed session): they are passed over wherever they sort, and every other photo is read."""

    stills = True

    def __init__(self, folder: Path, max_pixels: int = MAX_PIXELS,
                 warn: Warn = warn_in_english) -> None:
        self.max_pixels = max_pixels
        self.warn = warn
        self.name = str(folder)
        if folder.is_file():  # one photo: a folder of one roll
            self.folder, self.paths = folder.parent, [folder]
        else:
            self.folder = folder
            self.paths = sorted((p for p in folder.iterdir()
                                 if p.suffix.lower() in IMAGE_SUFFIXES), key=natural_key)
        if not self.paths:
            raise SourceError(Said("no_images", {"folder": str(folder)}))
        self.identity = str(folder.resolve())
        self.current: Path | None = None

    @property
    def where(self) -> str:
        """The file name of the photo being read."""
        return self.current.name if self.current is not None else self.name

    @property
    def photo(self) -> tuple[str, str] | None:
        """The photo being read: its file name and `photo_digest`."""
        return None if self.current is None else (self.current.name,
                                                   photo_digest(self.current))

    def differs(self, name: str, digest: str) -> bool | None:
        path = self.folder / name
        if not path.is_file():
            return True
        try:
            return None if photo_digest(path) == digest else False
        except OSError:
            return True

    def frames(self) -> Iterator[np.ndarray]:
        import cv2

        from lcr_vision.vision.images import ImageError, load_image

        for index, path in enumerate(self.paths[self.start:], self.start):
            if path.name in self.done:
                continue
            self.position = index
            try:
                image = load_image(path, self.max_pixels, cv2.IMREAD_COLOR)
            except ImageError as exc:
                self.warn(Said("photo_skipped", {"why": exc.said}))
                continue
            self.current = path
            yield image
