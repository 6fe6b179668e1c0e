"""The fixed validation split of the real photo set, chosen by a hash of each file's name.

A name's SHA-1 decides once and for all, so the split never depends on file order, on which
files happen to be present, or on a random seed; training never sees a validation photo.

>>> is_validation("IMG_20191208_111228.jpg"), is_validation("IMG_20191208_111246.jpg")
(True, False)
"""

from __future__ import annotations

import hashlib

VALIDATION_BUCKETS = 5  # one name in five, 41 of the 200 real photos


def is_validation(name: str) -> bool:
    """True for the photos held out of training: the SHA-1 of the name is 0 modulo 5."""
    return int(hashlib.sha1(name.encode()).hexdigest(), 16) % VALIDATION_BUCKETS == 0
