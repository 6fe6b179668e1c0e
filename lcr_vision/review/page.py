"""The review page as one self-contained HTML file: inline CSS, SVG and script, photos linked by
relative paths, nothing fetched from the network.

Every text that comes from the session (names, faces, sentences, file names) goes through
`html.escape`, so a player called ``<script>`` is shown, not run; the Content-Security-Policy
allows only the page's own script, by its hash, as a second line of defence. Player names are
isolated and long ones cut (`lcr_vision.review.names`). The page is written in the session's
language: its own words are `lcr_vision.phrases.page`'s, its sentences the model's; the one script
is the same in every language (its hash is the policy's) and takes its words from the page.

>>> faces_html(("4", "C"), ("L", "C"), page_words("en"))
'<span class="die" title="pip 4">L<sub>4</sub></span><span class="die">C</span>'
"""

from __future__ import annotations

import base64
import hashlib
import json
from html import escape
from urllib.parse import quote

from lcr_vision.ledger.clock import readable
from lcr_vision.phrases.page import PageWords, page_words
from lcr_vision.review.chart import chips_chart, legend
from lcr_vision.review.fairness import LOADED
from lcr_vision.review.model import Card, Review, is_low
from lcr_vision.review.names import name_html, name_text, text_html
from lcr_vision.review.script import SCRIPT
from lcr_vision.review.style import STYLE

KEYS = (("j", "k"), ("Enter",), ("g",), ("p",), ("f",), ("Esc",))  # as `PageWords.keys` says


def _html(template: str, **parts: str) -> str:
    """A template of the page's words, escaped, filled with ``parts`` that are HTML already."""
    return escape(template).format(**parts)


def faces_html(faces: tuple[str, ...], game_faces: tuple[str, ...], words: PageWords) -> str:
    """A badge per die: the game face, with the pip value beside it for pip dice."""
    return "".join(
        f'<span class="die" title="{escape(words.pip.format(face=f))}">{escape(g)}'
        f"<sub>{escape(f)}</sub></span>"
        if f != g
        else f'<span class="die">{escape(g)}</span>'
        for f, g in zip(faces, game_faces)
    )


def _photo(card: Card, words: PageWords) -> str:
    photo = card.photo
    if photo is None or photo.annotated is None:
        why = words.typed_manual if photo is None else photo.problem or words.image_missing
        return f'<div class="photo none">{escape(words.no_photo.format(why=why))}</div>'
    src = escape(quote(photo.annotated))
    alt = words.photo_alt.format(k=card.k, name=name_text(card.player))
    return (
        f'<a class="photo" href="{src}" data-caption="{escape(alt)}">'
        f'<img src="{src}" alt="{escape(alt)}" loading="lazy"></a>'
    )


def _seen(card: Card, words: PageWords) -> str:
    """What the camera read, with confidences; low ones marked."""
    photo = card.photo
    if photo is None:
        return ""
    dice = "".join(
        f'<span class="seen-die{" low" if is_low(d) else ""}">{escape(d.game_face)} '
        f"<small>{d.score:.0%}</small></span>"
        for d in photo.dice
    )
    how = words.how[photo.how]
    frame = ""
    if photo.frame:  # the frame as the camera took it, without boxes
        photo_name = escape(words.photo.format(name=photo.name))
        frame = f' · <a href="{escape(quote(photo.frame))}">{photo_name}</a>'
    seen = _html(words.seen, dice=dice) if dice else escape(words.seen_none)
    return f'<p class="seen">{seen} <span class="how">({escape(how)}){frame}</span></p>'


def _standings(card: Card, players: tuple[str, ...], words: PageWords) -> str:
    items = []
    for name, chips in zip(players, card.chips):
        role = "winner" if name == card.winner else "roller" if name == card.player else ""
        items.append(f'<li class="{role}">{name_html(name)} <b>{chips}</b></li>')
    items.append(f'<li class="pot">{escape(words.center)} <b>{card.center}</b></li>')
    label = escape(words.standings_label)
    return f'<ul class="standings" aria-label="{label}">{"".join(items)}</ul>'


def marks(card: Card, words: PageWords) -> list[tuple[str, str]]:
    """What makes a card stand out, as (class, badge in HTML): corrected, doubtful, answered at
    the table, it ended the game."""
    every = [
        ("corrected", escape(words.corrected), card.corrected),
        ("doubtful", escape(words.doubtful), bool(card.doubts)),
        ("answered", escape(words.answered), card.answered is not None),
        ("ended", _html(words.wins, name=name_html(card.winner or "")), card.winner is not None),
    ]
    return [(name, badge) for name, badge, on in every if on]


def _why(mark: str, card: Card) -> str:
    """The title a badge shows on hover: how an answered roll was answered."""
    return f' title="{escape(card.answered)}"' if mark == "answered" and card.answered else ""


def card_html(card: Card, players: tuple[str, ...], words: PageWords) -> str:
    """One ``<article data-roll="K">``: photo, who and when, faces, moves, standings after."""
    classes = " ".join(["card"] + [name for name, _ in marks(card, words)])
    badges = "".join(f'<span class="flag {n}"{_why(n, card)}>{b}</span>'
                     for n, b in marks(card, words))
    where = words.where.format(game=card.game, turn=card.turn,
                               dice=words.count(card.dice_owed, "die"))
    parts = [
        (
            f'<article class="{classes}" id="roll-{card.k}" data-roll="{card.k}" '
            f'data-game="{card.game}" data-player="{escape(card.player)}" tabindex="0" '
            f'aria-label="{escape(words.roll_label.format(k=card.k, name=card.player))}">'
        ),
        _photo(card, words),
        '<div class="body">',
        (
            f'<h3><span class="num">{escape(words.roll.format(k=card.k))}</span> '
            f'{name_html(card.player)} <span class="where">{escape(where)}</span>{badges}</h3>'
        ),
        f'<p class="faces">{faces_html(card.faces, card.game_faces, words)}</p>',
    ]
    if card.first_read is not None:
        read = f"<s>{escape(' '.join(card.first_read))}</s>"
        really = f"<b>{escape(' '.join(card.faces))}</b>"
        parts.append(f'<p class="correction">{_html(words.correction, read=read, really=really)}'
                     "</p>")
    parts.append(_seen(card, words))
    if card.doubts:
        doubts = "".join(f"<li>{escape(d)}</li>" for d in card.doubts)
        label = escape(words.doubts_label)
        parts.append(f'<ul class="doubts" aria-label="{label}">{doubts}</ul>')
    parts += [
        f'<p class="moves">{text_html(card.moves, players)}</p>',
        _standings(card, players, words),
        f'<p class="time">{escape(readable(card.time))}</p>',
        "</div></article>",
    ]
    return "\n".join(p for p in parts if p)


def _head(*names: str) -> str:
    """A table's header row."""
    return "<thead><tr>" + "".join(f"<th>{escape(n)}</th>" for n in names) + "</tr></thead>"


def _games(review: Review, words: PageWords) -> str:
    rows = "".join(
        f"<tr><td>{g.number}</td><td>{name_html(g.first)}</td>"
        f"<td>{name_html(g.winner) if g.winner else escape(words.draw.format(center=g.center))}"
        f"</td><td>{g.rolls}</td></tr>"
        for g in review.games
    )
    table = (
        f'<table class="games">{_head(*words.games_head)}<tbody>{rows}</tbody></table>'
        if rows
        else f'<p class="empty">{escape(words.no_games)}</p>'
    )
    struck = "".join(f'<p class="struck">{text_html(s, review.players)}</p>'
                     for s in (*review.settled, *review.struck))
    return f'{table}<p class="current">{text_html(review.current, review.players)}</p>{struck}'


def _wins(review: Review, words: PageWords) -> str:
    most = max(max(review.wins), 1)
    money = review.money or ()
    rows = []
    for i, name in enumerate(review.players):
        cash = f"<td>{words.decimal(f'{money[i]:+}')}</td>" if money else ""
        rows.append(
            f"<tr><td>{name_html(name)}</td><td>{review.wins[i]}</td>"
            f'<td class="bar"><span style="width:{100 * review.wins[i] / most:.0f}%"></span></td>'
            f"{cash}</tr>"
        )
    head = (words.money,) if money else ()
    return (
        f'<table class="wins">{_head(*words.wins_head, "", *head)}'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _fairness(review: Review, words: PageWords) -> str:
    """Per set of dice: each face's count against a fair die's, and what the test says."""
    if not review.fairness:
        return f'<p class="empty">{escape(words.no_dice)}</p>'
    parts = []
    for test in review.fairness:
        verdict = words.judge(test.p, test.dice, test.needed, LOADED, test.left_out)
        rows = "".join(
            f"<tr><td>{escape(face)}</td><td>{seen}</td>"
            f"<td>{words.decimal(f'{chance * test.dice:.1f}')}</td></tr>"
            for face, seen, chance in zip(test.kind.faces, test.counts, test.chances))
        kind = escape(words.kinds[test.kind.word])
        parts.append(
            f'<table class="fairness" aria-label="{kind}"><caption>{kind}</caption>'
            f"{_head(*words.fairness_head)}<tbody>{rows}</tbody></table>"
            f'<p class="verdict">{escape(verdict)}</p>')
    return "".join(parts)


def _select(label: str, id_: str, options: list[tuple[str, str]], words: PageWords) -> str:
    """A labelled filter: "all", then each (value, text) of ``options``."""
    items = "".join(f'<option value="{escape(v)}">{escape(text)}</option>' for v, text in options)
    return (f'<label>{escape(label)} <select id="{id_}"><option value="">{escape(words.all)}'
            f"</option>{items}</select></label>")


def _filters(review: Review, words: PageWords) -> str:
    games = [(str(g), words.game_option.format(game=g))
             for g in sorted({c.game for c in review.cards})]
    players = [(p, name_text(p)) for p in review.players]
    shown = words.shown_of(len(review.cards))
    keys = " · ".join("/".join(f"<kbd>{k}</kbd>" for k in pressed) + f" {escape(word)}"
                      for pressed, word in zip(KEYS, words.keys))
    return (
        f'<nav class="filters" aria-label="{escape(words.filters)}">'
        f"{_select(words.game, 'filter-game', games, words)}"
        f"{_select(words.player, 'filter-player', players, words)}"
        f'<label><input type="checkbox" id="filter-flagged"> {escape(words.flagged)}</label>'
        f'<span id="shown" aria-live="polite" data-of="{escape(shown)}">'
        f"{escape(shown.format(shown=len(review.cards)))}</span>"
        f'<span class="keys">{keys}</span></nav>'
    )


def _summary(review: Review, words: PageWords) -> str:
    cards = review.cards
    counts = [
        words.count(len(cards), "roll"),
        words.count(len(review.games), "finished_game"),
        words.corrected_count.format(n=sum(c.corrected for c in cards)),
        words.doubtful_count.format(n=sum(bool(c.doubts) for c in cards)),
    ]
    variants = ", ".join(map(words.variant, review.variants)) or words.none
    return (
        f'<p class="meta">{", ".join(map(name_html, review.players))}'
        f" · {escape(words.variants_label.format(variants=variants))}"
        f" · {escape(' · '.join(counts))}</p>"
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
    """The whole page, in the session's language."""
    words = page_words(review.language)
    policy = (
        "default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'; "
        f"script-src '{_hash(SCRIPT)}'"
    )
    cards = "\n".join(card_html(c, review.players, words) for c in review.cards)
    title = f"{escape(words.title)} {escape(review.title)}"
    return f"""<!doctype html>
<html lang="{escape(review.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{policy}">
<link rel="icon" href="data:,">
<title>{title}</title>
<style>{STYLE}</style>
</head>
<body>
<header><h1>{escape(words.title)} <span class="title">{escape(review.title)}</span></h1>
{_summary(review, words)}{_warning(review)}</header>
<main>
<section class="overview">
<div class="panel chart"><h2>{escape(words.chart_heading)}</h2>
{chips_chart(review, words)}
{legend(review.players, words)}</div>
<div class="panel"><h2>{escape(words.games_heading)}</h2>{_games(review, words)}</div>
<div class="panel"><h2>{escape(words.wins_heading)}</h2>{_wins(review, words)}</div>
<div class="panel dice" data-also="{escape(json.dumps(review.also))}">\
<h2>{escape(words.dice_heading)}</h2>
{_fairness(review, words)}</div>
</section>
{_filters(review, words)}
<section id="cards" class="cards" aria-label="{escape(words.rolls_label)}">
{cards or f'<p class="empty">{escape(words.no_rolls)}</p>'}
</section>
</main>
<dialog id="viewer" aria-label="{escape(words.viewer_label)}"><img alt=""><p class="caption"></p>
<button type="button" class="close">{escape(words.close)}</button></dialog>
<script>{SCRIPT}</script>
</body>
</html>
"""
