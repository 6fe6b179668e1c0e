"""Load a photo for the reader, turning every way a file can be unusable into one clear message."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from lcr_vision.errors import UserError

MIN_SIDE = 16  # smaller images cannot hold a readable die
# The file names taken for pictures where a folder is given (detect, eval, play --source DIR).
IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff"})


class ImageError(UserError):
    """An image file that is missing, empty, not an image, or too small to hold a die."""


def check_frame(image: np.ndarray, what: str = "image") -> np.ndarray:
    """A BGR uint8 frame from grey, BGR or BGRA input; too small or odd shapes raise ImageError.

    >>> check_frame(np.zeros((20, 30), np.uint8)).shape
    (20, 30, 3)
    >>> try:
    ...     check_frame(np.zeros((1, 1, 3), np.uint8))
    ... except ImageError as e:
    ...     print(e)
    image is 1x1 pixels, too small to hold a die (16x16 at least)
    """
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    elif image.ndim == 3 and image.shape[2] == 4:
        image = cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
        raise ImageError(f"{what} must be an 8-bit grey, BGR or BGRA picture, not {image.shape}")
    h, w = image.shape[:2]
    if min(h, w) < MIN_SIDE:
        raise ImageError(
            f"{what} is {w}x{h} pixels, too small to hold a die ({MIN_SIDE}x{MIN_SIDE} at least)"
        )
    return image


def load_image(path: Path) -> np.ndarray:
    """The BGR pixels of the image file at ``path``."""
    if not path.is_file():
        raise ImageError(f"{path}: no such file")
    data = path.read_bytes()
    if not data:
        raise ImageError(f"{path}: the file is empty (0 bytes)")
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
    if image is None:
        raise ImageError(f"{path}: not a picture OpenCV can read (JPEG, PNG, BMP, TIFF, WebP ...)")
    if image.dtype == np.uint16:
        image = (image >> 8).astype(np.uint8)
    return check_frame(image, str(path))
