"""Load a photo for the reader, turning every way a file can be unusable into one clear message.

A file is checked before it is decoded, so that no file can take more memory than a photo of the
pixel limit: its size on disk (at most `MAX_FILE_BYTES`), then the picture's size as its header
declares it (`lcr_vision.vision.image_size`; at most ``max_pixels``, `MAX_PIXELS` unless the user
asks for another with ``--max-megapixels``). A picture whose header cannot be read is not
decoded.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from lcr_vision.errors import Said, UserError, os_reason
from lcr_vision.vision.image_size import image_size
from lcr_vision.vision.limits import MAX_FILE_BYTES, MAX_PIXELS

MIN_SIDE = 16  # smaller images cannot hold a readable die
# The file names taken for pictures where a folder is given (detect, eval, play --source DIR):
# every format read from a file named alone (`vision.image_size`), the PBM/PGM/PPM family too.
IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff", ".pbm",
                            ".pgm", ".ppm", ".pnm"})


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


def read_picture(path: Path, max_pixels: int = MAX_PIXELS) -> bytes:
    """The bytes of the picture file at ``path``, once its size on disk and its pixels, as its
    header declares them, are within the limits."""
    try:
        if not path.is_file():
            raise ImageError(Said("not_a_file" if path.exists() else "no_picture_file",
                                      {"path": str(path)}))
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ImageError(Said("picture_too_big", {"path": str(path),
                                                        "mb": f"{path.stat().st_size / 2**20:.0f}",
                                                        "most": MAX_FILE_BYTES // 2**20}))
        data = path.read_bytes()
    except OSError as exc:
        raise ImageError(Said("cannot_read", {"path": str(path), "why": os_reason(exc)})) from None
    if not data:
        raise ImageError(Said("picture_empty", {"path": str(path)}))
    size = image_size(data)
    if size is None:
        raise ImageError(Said("not_a_picture", {"path": str(path)}))
    w, h = size
    if w * h > max_pixels:
        raise ImageError(Said("too_many_pixels", {"path": str(path), "size": f"{w}x{h}",
                                                    "most": f"{max_pixels / 1e6:g}"}))
    return data


# Decoded as stored (not turned by EXIF data), 8 bits a channel, grey or colour without alpha:
# at most 3 bytes a pixel, whatever the file holds (a 16-bit RGBA PNG would decode to 8).
AS_STORED = cv2.IMREAD_ANYCOLOR | cv2.IMREAD_IGNORE_ORIENTATION


def load_image(path: Path, max_pixels: int = MAX_PIXELS, flags: int = AS_STORED) -> np.ndarray:
    """The BGR pixels of the image file at ``path``, checked before decoding (module docstring);
    ``flags`` are OpenCV's (``IMREAD_COLOR`` also turns a photo as its EXIF data says)."""
    image = cv2.imdecode(np.frombuffer(read_picture(path, max_pixels), np.uint8), flags)
    if image is None:
        raise ImageError(Said("undecodable", {"path": str(path)}))
    return check_frame(image, str(path))
