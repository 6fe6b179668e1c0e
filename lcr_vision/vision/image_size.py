"""The size of a picture read from its header, without decoding it: so that a small file that
declares a huge picture (a 1 MB PNG of 20000x20000 pixels) is refused before it takes gigabytes.

JPEG, PNG, BMP, TIFF, WebP and the PBM/PGM/PPM family are read; for anything else the size is
unknown (None), and the picture is not decoded.

>>> import cv2, numpy as np
>>> ok, png = cv2.imencode(".png", np.zeros((20, 30, 3), np.uint8))
>>> image_size(png.tobytes()), image_size(b"P6\\n# made by hand\\n30 20\\n255\\n")
((30, 20), (30, 20))
>>> image_size(b"not a picture") is None
True
"""

from __future__ import annotations

import re
import struct
from collections.abc import Callable

Size = tuple[int, int]  # width, height in pixels

# JPEG start-of-frame markers, the segments that hold the size (not DHT, JPG or DAC)
SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def _png(data: bytes) -> Size | None:
    if data[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _jpeg(data: bytes) -> Size | None:
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in (0x01, 0xD8) or 0xD0 <= marker <= 0xD7:  # markers without a length
            at += 2
            continue
        if marker in SOF:
            if at + 9 > len(data):
                return None
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            return width, height
        if marker == 0xDA:  # image data before any frame header
            return None
        at += 2 + struct.unpack(">H", data[at + 2 : at + 4])[0]
    return None


def _bmp(data: bytes) -> Size | None:
    if len(data) < 26:
        return None
    if struct.unpack("<I", data[14:18])[0] == 12:  # the OS/2 header of 16-bit sizes
        width, height = struct.unpack("<HH", data[18:22])
    else:
        width, height = struct.unpack("<ii", data[18:26])
    return abs(width), abs(height)


def _webp(data: bytes) -> Size | None:
    chunk = data[12:16]
    if chunk == b"VP8 " and len(data) >= 30:
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    if chunk == b"VP8L" and len(data) >= 25:
        bits = struct.unpack("<I", data[21:25])[0]
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X" and len(data) >= 30:
        return (int.from_bytes(data[24:27], "little") + 1,
                int.from_bytes(data[27:30], "little") + 1)
    return None


def _tiff(data: bytes) -> Size | None:
    """The first picture's size, from its IFD's ImageWidth (256) and ImageLength (257) tags."""
    order = "<" if data[:2] == b"II" else ">"
    first = struct.unpack(order + "I", data[4:8])[0]
    if first + 2 > len(data):
        return None
    count = struct.unpack(order + "H", data[first : first + 2])[0]
    found: dict[int, int] = {}
    for at in range(first + 2, min(first + 2 + 12 * count, len(data) - 11), 12):
        tag, kind = struct.unpack(order + "HH", data[at : at + 4])
        if tag in (256, 257) and kind in (3, 4):
            value = data[at + 8 : at + 12]
            found[tag] = struct.unpack(order + "H", value[:2])[0] if kind == 3 else \
                struct.unpack(order + "I", value)[0]
    return (found[256], found[257]) if len(found) == 2 else None


def _pnm(data: bytes) -> Size | None:
    text = re.sub(rb"#[^\n]*", b" ", data[2:1024])
    fields = text.split()
    if len(fields) < 2 or not (fields[0].isdigit() and fields[1].isdigit()):
        return None
    return int(fields[0]), int(fields[1])


SIGNATURES: tuple[tuple[Callable[[bytes], bool], Callable[[bytes], Size | None]], ...] = (
    (lambda d: d.startswith(b"\x89PNG\r\n\x1a\n"), _png),
    (lambda d: d.startswith(b"\xff\xd8"), _jpeg),
    (lambda d: d.startswith(b"BM"), _bmp),
    (lambda d: d[:4] == b"RIFF" and d[8:12] == b"WEBP", _webp),
    (lambda d: d[:4] in (b"II*\0", b"MM\0*"), _tiff),
    (lambda d: re.match(rb"P[1-6]\s", d[:3]) is not None, _pnm),
)


def image_size(data: bytes) -> Size | None:
    """``(width, height)`` as the picture's header declares it; None when it cannot be told."""
    for matches, size in SIGNATURES:
        if matches(data):
            try:
                return size(data)
            except struct.error:  # a header cut short
                return None
    return None
