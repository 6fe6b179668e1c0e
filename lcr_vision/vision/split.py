"""The fixed validation split of a real photo set, chosen by a hash of each source photo's name.

A name's SHA-1 decides once and for all, so the split never depends on file order, on which
files happen to be present, or on a random seed; training never sees a validation photo. Sets
exported from Roboflow (rune55-d6) hold several re-shot copies of one source photo, named
``<source>.rf.<hash>.jpg``; the hash is of the source's name, so every copy of a photo falls in
the same split.

>>> is_validation("IMG_20191208_111228.jpg"), is_validation("IMG_20191208_111246.jpg")
(True, False)
>>> source_photo("00084_jpg.rf.0123abcd.jpg")
'00084_jpg'
>>> is_validation("00084_jpg.rf.0123abcd.jpg") == is_validation("00084_jpg.rf.ffff.jpg")
True
"""

from __future__ import annotations

import hashlib

VALIDATION_BUCKETS = 5  # one source photo in five: 41 of the tray set's 200, 109 of rune55's 526
COPY_MARK = ".rf."  # what a Roboflow export puts between a source photo's name and a copy's hash


def source_photo(name: str) -> str:
    """The name of the photo that ``name`` is a copy of (``name`` itself when it is no copy)."""
    return name.split(COPY_MARK, 1)[0]


def in_split(name: str, split: str) -> bool:
    """Whether ``name`` is in ``split``: ``all``, ``validation`` or ``train``.

    >>> in_split("IMG_20191208_111228.jpg", "validation"), in_split("x.jpg", "all")
    (True, True)
    """
    return split == "all" or is_validation(name) == (split == "validation")


def is_validation(name: str) -> bool:
    """True for the photos held out of training: the SHA-1 of the source's name is 0 modulo 5."""
    digest = hashlib.sha1(source_photo(name).encode()).hexdigest()
    return int(digest, 16) % VALIDATION_BUCKETS == 0
