"""Player names on the review page, shown safely: each isolated from the text around it, so a
name holding right-to-left letters or an unclosed direction override cannot reorder the rest of
a sentence, and a very long name cut (in full in its tooltip), so it cannot widen the page.

>>> name_html("Ann")
'<bdi>Ann</bdi>'
>>> text_html("Ann passes one chip to Ben\u202e.", ("Ann", "Ben\u202e"))
'<bdi>Ann</bdi> passes one chip to <bdi>Ben\u202e</bdi>.'
>>> shown("x" * 50)[-3:], len(shown("x" * 50))
('xx…', 40)
"""

from __future__ import annotations

import re
from html import escape

LONGEST = 40  # characters of a name shown; the rest is in its tooltip
FSI, PDI = "\u2068", "\u2069"  # first-strong isolate and its end, for text that takes no tags


def shown(name: str) -> str:
    """The name as shown: cut to `LONGEST` characters, the last an ellipsis."""
    return name if len(name) <= LONGEST else name[: LONGEST - 1] + "…"


def name_html(name: str) -> str:
    """The name in HTML, isolated and, when long, cut with the whole name as its tooltip."""
    title = "" if shown(name) == name else f' title="{escape(name)}"'
    return f"<bdi{title}>{escape(shown(name))}</bdi>"


def name_text(name: str) -> str:
    """The name for places that hold text only (``<option>``, SVG ``<title>``, ``alt``), isolated
    by Unicode's own marks; still to be escaped."""
    return FSI + shown(name) + PDI


def text_html(text: str, players: tuple[str, ...]) -> str:
    """``text`` escaped, with every player's name in it shown as `name_html`."""
    names = sorted({p for p in players if p}, key=len, reverse=True)
    if not names:
        return escape(text)
    pattern = re.compile("|".join(map(re.escape, names)))
    parts, at = [], 0
    for match in pattern.finditer(text):
        parts += [escape(text[at : match.start()]), name_html(match.group())]
        at = match.end()
    return "".join(parts) + escape(text[at:])
