"""The review of a session: its page (every roll with its photo, the chips chart, games and
wins) and the ledger's printed report.

`build_review` gathers the page model from the replayed ledger, the journal and the photo log;
`render_page` turns it into one self-contained HTML file; `write_page` writes ``index.html``.
`standings_changes` says what a correction changed; `report` prints the replayed ledger as
text, docs/formats.md JSON or CSV, in the session's language (`lcr-vision ledger`).
"""

from lcr_vision.review.changes import standings_changes
from lcr_vision.review.model import Card, Review, build_review
from lcr_vision.review.page import render_page
from lcr_vision.review.publish import PAGE, refresh_page, write_page

__all__ = [
    "PAGE",
    "Card",
    "Review",
    "build_review",
    "refresh_page",
    "render_page",
    "standings_changes",
    "write_page",
]
