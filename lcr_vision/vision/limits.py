"""How big a picture lcr-vision takes: the limits that keep any input file's memory bounded.

Kept apart from the decoding code (which loads OpenCV) so that the command line can show them in
``--help`` quickly.
"""

from __future__ import annotations

from lcr_vision.errors import Said, UserError

MAX_PIXELS = 50_000_000  # the default pixel limit: 50 megapixels, twice a big phone photo
MAX_FILE_BYTES = 200 * 2**20  # 200 MB: four bytes a pixel of the default limit
MAX_MEGAPIXELS = 150  # the most --max-megapixels allows: about 6 bytes a pixel decoded, 1 GB


def pixel_limit(megapixels: float) -> int:
    """``--max-megapixels``: the pixel limit, from a number of megapixels.

    >>> pixel_limit(12.5)
    12500000
    """
    if not 0 < megapixels <= MAX_MEGAPIXELS:
        raise UserError(Said("megapixels", {"mp": f"{megapixels:g}", "most": MAX_MEGAPIXELS}))
    return round(megapixels * 1_000_000)
