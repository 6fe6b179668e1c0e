"""The review page as one self-contained HTML file: inline CSS, SVG and script, photos linked by
relative paths, nothing fetched from the network.

Every text that comes from the session (names, faces, sentences, file names) goes through
`html.escape`, so a player called ``<script>`` is shown, not run; the Content-Security-Policy
allows only the page's own script, by its hash, as a second line of defence. Player names are
isolated and long ones cut (`lcr_vision.review.names`).

>>> faces_html(("4", "C"), ("L", "C"))
'<span class="die" title="pip 4">L<sub>4</sub></span><span class="die">C</span>'
"""

from __future__ import annotations

import base64
import hashlib
import json
from html import escape
from urllib.parse import quote

from lcr_vision.ledger.clock import readable
from lcr_vision.photolog import How
from lcr_vision.phrases.written import describe_fairness, plural
from lcr_vision.review.chart import chips_chart, legend
from lcr_vision.review.fairness import LOADED
from lcr_vision.review.model import Card, Review, is_low
from lcr_vision.review.names import name_html, name_text, text_html
from lcr_vision.review.script import SCRIPT
from lcr_vision.review.style import STYLE

HOW_WORDS = {
    How.READ: "read by the camera",
    How.CONFIRMED: "doubtful camera read, accepted by hand",
    How.TYPED: "typed by hand",
    How.UNANSWERED: "doubtful camera read, committed with nobody to answer: check it",
}


def faces_html(faces: tuple[str, ...], game_faces: tuple[str, ...]) -> str:
    """A badge per die: the game face, with the pip value beside it for pip dice."""
    return "".join(
        f'<span class="die" title="pip {escape(f)}">{escape(g)}<sub>{escape(f)}</sub></span>'
        if f != g
        else f'<span class="die">{escape(g)}</span>'
        for f, g in zip(faces, game_faces)
    )


def _photo(card: Card) -> str:
    photo = card.photo
    if photo is None or photo.annotated is None:
        why = ("typed in manual play" if photo is None
               else photo.problem or "the image file is missing")
        return f'<div class="photo none">No photo: {why}</div>'
    src = escape(quote(photo.annotated))
    alt = f"Roll {card.k}: {name_text(card.player)}'s dice as the camera read them"
    return (
        f'<a class="photo" href="{src}" data-caption="{escape(alt)}">'
        f'<img src="{src}" alt="{escape(alt)}" loading="lazy"></a>'
    )


def _seen(card: Card) -> str:
    """What the camera read, with confidences; low ones marked."""
    photo = card.photo
    if photo is None:
        return ""
    dice = "".join(
        f'<span class="seen-die{" low" if is_low(d) else ""}">{escape(d.game_face)} '
        f"<small>{d.score:.0%}</small></span>"
        for d in photo.dice
    )
    how = HOW_WORDS[photo.how]
    frame = ""
    if photo.frame:  # the frame as the camera took it, without boxes
        frame = f' · <a href="{escape(quote(photo.frame))}">photo {escape(photo.name)}</a>'
    seen = dice or "no dice"
    return f'<p class="seen">Camera saw {seen} <span class="how">({escape(how)}){frame}</span></p>'


def _standings(card: Card, players: tuple[str, ...]) -> str:
    items = []
    for name, chips in zip(players, card.chips):
        role = "winner" if name == card.winner else "roller" if name == card.player else ""
        items.append(f'<li class="{role}">{name_html(name)} <b>{chips}</b></li>')
    items.append(f'<li class="pot">center <b>{card.center}</b></li>')
    return f'<ul class="standings" aria-label="standings after the roll">{"".join(items)}</ul>'


def marks(card: Card) -> list[tuple[str, str]]:
    """What makes a card stand out, as (class, badge): corrected, doubtful, answered at the table,
    it ended the game."""
    every = [
        ("corrected", "corrected", card.corrected),
        ("doubtful", "doubtful", bool(card.doubts)),
        ("answered", "answered", card.answered is not None),
        ("ended", f"{name_html(card.winner or '')} wins", card.winner is not None),
    ]
    return [(name, badge) for name, badge, on in every if on]


def _why(mark: str, card: Card) -> str:
    """The title a badge shows on hover: how an answered roll was answered."""
    return f' title="{escape(card.answered)}"' if mark == "answered" and card.answered else ""


def card_html(card: Card, players: tuple[str, ...]) -> str:
    """One ``<article data-roll="K">``: photo, who and when, faces, moves, standings after."""
    classes = " ".join(["card"] + [name for name, _ in marks(card)])
    badges = "".join(f'<span class="flag {n}"{_why(n, card)}>{b}</span>' for n, b in marks(card))
    parts = [
        (
            f'<article class="{classes}" id="roll-{card.k}" data-roll="{card.k}" '
            f'data-game="{card.game}" data-player="{escape(card.player)}" tabindex="0" '
            f'aria-label="Roll {card.k}, {escape(card.player)}">'
        ),
        _photo(card),
        '<div class="body">',
        (
            f'<h3><span class="num">Roll {card.k}</span> {name_html(card.player)} '
            f'<span class="where">game {card.game}, turn {card.turn} · '
            f"{plural(card.dice_owed, 'die', 'dice')}</span>{badges}</h3>"
        ),
        f'<p class="faces">{faces_html(card.faces, card.game_faces)}</p>',
    ]
    if card.first_read is not None:
        parts.append(
            f'<p class="correction">Corrected: read <s>{escape(" ".join(card.first_read))}</s>, '
            f"really <b>{escape(' '.join(card.faces))}</b></p>"
        )
    parts.append(_seen(card))
    if card.doubts:
        doubts = "".join(f"<li>{escape(d)}</li>" for d in card.doubts)
        parts.append(f'<ul class="doubts" aria-label="why this read is doubtful">{doubts}</ul>')
    parts += [
        f'<p class="moves">{text_html(card.moves, players)}</p>',
        _standings(card, players),
        f'<p class="time">{escape(readable(card.time))}</p>',
        "</div></article>",
    ]
    return "\n".join(p for p in parts if p)


def _games(review: Review) -> str:
    rows = "".join(
        f"<tr><td>{g.number}</td><td>{name_html(g.first)}</td>"
        f"<td>{name_html(g.winner) if g.winner else 'draw, pot of ' + str(g.center)}</td>"
        f"<td>{g.rolls}</td></tr>"
        for g in review.games
    )
    table = (
        '<table class="games"><thead><tr><th>Game</th><th>First</th><th>Winner</th>'
        f"<th>Rolls</th></tr></thead><tbody>{rows}</tbody></table>"
        if rows
        else '<p class="empty">No game has ended yet.</p>'
    )
    struck = "".join(f'<p class="struck">{text_html(s, review.players)}</p>'
                     for s in (*review.settled, *review.struck))
    return f'{table}<p class="current">{text_html(review.current, review.players)}</p>{struck}'


def _wins(review: Review) -> str:
    most = max(max(review.wins), 1)
    money = review.money or ()
    rows = []
    for i, name in enumerate(review.players):
        cash = f"<td>{money[i]:+}</td>" if money else ""
        rows.append(
            f"<tr><td>{name_html(name)}</td><td>{review.wins[i]}</td>"
            f'<td class="bar"><span style="width:{100 * review.wins[i] / most:.0f}%"></span></td>'
            f"{cash}</tr>"
        )
    head = "<th>Money</th>" if money else ""
    return (
        '<table class="wins"><thead><tr><th>Player</th><th>Wins</th><th></th>'
        f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _fairness(review: Review) -> str:
    """Per set of dice: each face's count against a fair die's, and what the test says."""
    if not review.fairness:
        return '<p class="empty">No dice thrown yet.</p>'
    parts = []
    for test in review.fairness:
        verdict = describe_fairness(test.p, test.dice, test.needed, LOADED, test.left_out)
        rows = "".join(
            f"<tr><td>{escape(face)}</td><td>{seen}</td><td>{chance * test.dice:.1f}</td></tr>"
            for face, seen, chance in zip(test.kind.faces, test.counts, test.chances))
        parts.append(
            f'<table class="fairness" aria-label="{test.kind.word} dice"><caption>'
            f"{test.kind.word} dice</caption><thead><tr><th>Face</th><th>Seen</th>"
            f"<th>Fair</th></tr></thead><tbody>{rows}</tbody></table>"
            f'<p class="verdict">{escape(verdict)}</p>')
    return "".join(parts)


def _filters(review: Review) -> str:
    games = sorted({c.game for c in review.cards})
    game_options = "".join(f'<option value="{g}">game {g}</option>' for g in games)
    player_options = "".join(
        f'<option value="{escape(p)}">{escape(name_text(p))}</option>' for p in review.players
    )
    return (
        '<nav class="filters" aria-label="filters">'
        f'<label>Game <select id="filter-game"><option value="">all</option>{game_options}'
        "</select></label>"
        f'<label>Player <select id="filter-player"><option value="">all</option>{player_options}'
        "</select></label>"
        '<label><input type="checkbox" id="filter-flagged"> only corrected or doubtful</label>'
        f'<span id="shown" aria-live="polite">{len(review.cards)} of {len(review.cards)} rolls'
        "</span>"
        '<span class="keys"><kbd>j</kbd>/<kbd>k</kbd> next/previous roll · <kbd>Enter</kbd> photo'
        " · <kbd>g</kbd> game · <kbd>p</kbd> player · <kbd>f</kbd> flagged · <kbd>Esc</kbd> close"
        "</span></nav>"
    )


def _summary(review: Review) -> str:
    cards = review.cards
    counts = [
        plural(len(cards), "roll"),
        plural(len(review.games), "finished game"),
        f"{sum(c.corrected for c in cards)} corrected",
        f"{sum(bool(c.doubts) for c in cards)} doubtful",
    ]
    variants = ", ".join(review.variants) or "none"
    return (
        f'<p class="meta">{", ".join(map(name_html, review.players))}'
        f" · variants: {escape(variants)}"
        f" · {' · '.join(counts)}</p>"
    )


def _warning(review: Review) -> str:
    """The journal's warning, what shows it was changed by hand (or that it is intact), and the
    ledger's unverified rolls."""
    said = "".join(f'<p class="warning">{escape(text)}</p>'
                   for text in (review.warning, review.tampered, review.unverified) if text)
    return said + (f'<p class="intact">{escape(review.intact)}</p>' if review.intact else "")


def _hash(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()


def render_page(review: Review) -> str:
    """The whole page."""
    policy = (
        "default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'; "
        f"script-src '{_hash(SCRIPT)}'"
    )
    cards = "\n".join(card_html(c, review.players) for c in review.cards)
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{policy}">
<link rel="icon" href="data:,">
<title>LCR session {escape(review.title)}</title>
<style>{STYLE}</style>
</head>
<body>
<header><h1>LCR session <span class="title">{escape(review.title)}</span></h1>
{_summary(review)}{_warning(review)}</header>
<main>
<section class="overview">
<div class="panel chart"><h2>Chips after every roll</h2>
{chips_chart(review)}
{legend(review.players)}</div>
<div class="panel"><h2>Games</h2>{_games(review)}</div>
<div class="panel"><h2>Wins</h2>{_wins(review)}</div>
<div class="panel dice" data-also="{escape(json.dumps(review.also))}"><h2>Are these dice fair?</h2>
{_fairness(review)}</div>
</section>
{_filters(review)}
<section id="cards" class="cards" aria-label="rolls">
{cards or '<p class="empty">No rolls yet.</p>'}
</section>
</main>
<dialog id="viewer" aria-label="photo"><img alt=""><p class="caption"></p>
<button type="button" class="close">Close (Esc)</button></dialog>
<script>{SCRIPT}</script>
</body>
</html>
"""
