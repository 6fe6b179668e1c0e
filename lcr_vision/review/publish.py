"""Writing ``SESSION/index.html``, replaced atomically so a browser never reads half a page; a
folder that cannot be written (read-only, full) is one line naming the file."""

from __future__ import annotations

import os
from pathlib import Path

from lcr_vision.errors import UserError
from lcr_vision.review.model import Review
from lcr_vision.review.page import render_page

PAGE = "index.html"


def write_page(folder: Path, review: Review) -> Path:
    """Write ``review`` as the page of the session in ``folder``; returns the page's path."""
    path = folder / PAGE
    scratch = path.with_name(PAGE + ".tmp")
    try:
        scratch.write_text(render_page(review), encoding="utf-8")
        os.replace(scratch, path)
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror}") from None
    return path
