"""Writing ``SESSION/index.html``, replaced atomically so a browser never reads half a page; a
folder that cannot be written (read-only, full) is one line naming the file."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from lcr_vision.atomic import replace_file, sweep
from lcr_vision.errors import Said, UserError, os_reason
from lcr_vision.review.model import Review, build_review
from lcr_vision.review.page import render_page

PAGE = "index.html"


def write_page(folder: Path, review: Review) -> Path:
    """Write ``review`` as the page of the session in ``folder``; returns the page's path."""
    return _write(folder / PAGE, render_page(review))


def refresh_page(folder: Path) -> Path | None:
    """Rewrite the session's page if it has one that no longer matches its journal (after a
    correction, or one whose page could not be written then); the page's path if written."""
    path = folder / PAGE
    if not path.exists():
        return None
    old = path.read_text(encoding="utf-8", errors="replace")
    text = render_page(build_review(folder, judged_with(old)))
    return None if old == text else _write(path, text)


def judged_with(page: str) -> list[Path]:
    """The other sessions a page's dice were judged over (its ``--also``), so that a refreshed
    page judges them over the same throws."""
    found = re.search(r'data-also="([^"]*)"', page)
    try:
        named = json.loads(html.unescape(found.group(1))) if found else []
    except (ValueError, RecursionError):
        return []
    return [Path(p) for p in named if isinstance(p, str)]


def _write(path: Path, text: str) -> Path:
    """Replace ``path`` by ``text`` atomically (`replace_file`), sweeping away the scratch of a
    page write that was killed."""
    sweep(path.parent)
    try:
        return replace_file(path, text)
    except OSError as exc:
        raise UserError(Said("cannot_write", {"path": str(path), "why": os_reason(exc)})) from None
