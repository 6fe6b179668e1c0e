"""The chips chart: every player's chips after every roll of the session, as inline SVG.

The x axis counts the session's rolls; each game is drawn on its own, from everyone's stake at the
start to its last roll, with a dashed line where the next game begins. The center pot, which only
grows during a game and soon dwarfs the players' stacks, is the grey dashed line on its own scale
(right-hand axis); the winner's last point is ringed. A transparent column over each roll links to
its card (``data-goto``). Names reach the SVG only through `html.escape`; the words are the
page's (`lcr_vision.phrases.page`), in the session's language.

>>> colour(0), colour(12)
('#1f77b4', 'hsl(34 70% 42%)')
>>> nice_step(23)
5
"""

from __future__ import annotations

from html import escape

from lcr_vision.phrases.page import PageWords
from lcr_vision.review.model import Curve, Review
from lcr_vision.review.names import name_html, name_text

WIDTH, HEIGHT = 960, 300
LEFT, RIGHT, TOP, BOTTOM = 44, 44, 30, 34
PALETTE = (
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
    "#8c564b", "#e377c2", "#bcbd22", "#393b79", "#637939", "#843c39",
)  # fmt: skip


def colour(seat: int) -> str:
    """A distinct colour per seat: a fixed palette, then hues spaced by the golden angle."""
    if seat < len(PALETTE):
        return PALETTE[seat]
    return f"hsl({((seat - len(PALETTE)) * 137.5 + 34) % 360:.0f} 70% 42%)"


def nice_step(span: int, ticks: int = 5) -> int:
    """A round tick step (1, 2, 5, 10, 20, ...) giving about ``ticks`` ticks over ``span``."""
    step = 1
    while span / step > ticks:
        for factor in (2, 2.5, 2):
            step = int(step * factor)
            if span / step <= ticks:
                break
    return step


class Frame:
    """Pixel positions of roll numbers, and of chip counts up to ``most`` (players' scale on the
    left, or the pot's on the right)."""

    def __init__(self, rolls: int, most: int) -> None:
        self.rolls = max(rolls, 1)
        step = nice_step(max(most, 1))
        self.most = -(-max(most, 1) // step) * step  # up to the next tick

    def x(self, k: float) -> float:
        return round(LEFT + k / self.rolls * (WIDTH - LEFT - RIGHT), 1)

    def y(self, chips: float) -> float:
        return round(HEIGHT - BOTTOM - chips / self.most * (HEIGHT - TOP - BOTTOM), 1)


def _polyline(frame: Frame, start: int, values: list[int], attrs: str) -> str:
    points = " ".join(f"{frame.x(start + i)},{frame.y(v)}" for i, v in enumerate(values))
    return f'<polyline points="{points}" {attrs}/>'


def _axes(frame: Frame, pot: Frame, words: PageWords) -> list[str]:
    parts = []
    for v in range(0, frame.most + 1, nice_step(frame.most)):
        y = frame.y(v)
        parts.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y}" y2="{y}"/>')
        parts.append(f'<text class="tick" x="{LEFT - 6}" y="{y + 4}" text-anchor="end">{v}</text>')
    for v in range(0, pot.most + 1, nice_step(pot.most)):
        parts.append(
            f'<text class="tick pot" x="{WIDTH - RIGHT + 6}" y="{pot.y(v) + 4}">{v}</text>'
        )
    for k in range(0, frame.rolls + 1, nice_step(frame.rolls, 10)):
        parts.append(
            f'<text class="tick" x="{frame.x(k)}" y="{HEIGHT - BOTTOM + 16}" '
            f'text-anchor="middle">{k}</text>'
        )
    parts.append(
        f'<text class="axis" x="{WIDTH - RIGHT}" y="{HEIGHT - 4}" text-anchor="end">'
        f"{escape(words.axis_roll)}</text>"
        f'<text class="axis" x="4" y="{TOP - 12}">{escape(words.axis_chips)}</text>'
        f'<text class="axis" x="{WIDTH - 4}" y="{TOP - 12}" text-anchor="end">'
        f"{escape(words.center)}</text>"
    )
    return parts


def _game(frame: Frame, pot: Frame, curve: Curve, review: Review,
          words: PageWords) -> list[str]:
    """One game's lines, its start marker and its winner's ring."""
    x0 = frame.x(curve.start)
    parts = [f'<g class="game" data-game="{curve.game}">']
    if curve.start:
        parts.append(f'<line class="boundary" x1="{x0}" x2="{x0}" y1="{TOP - 6}" '
                     f'y2="{HEIGHT - BOTTOM}"/>')  # fmt: skip
    label = escape(words.chart_game.format(game=curve.game))
    parts.append(f'<text class="label" x="{x0 + 4}" y="{TOP - 10}">{label}</text>')
    parts.append(_polyline(pot, curve.start, list(curve.centers), 'class="center"'))
    for seat, name in enumerate(review.players):
        values = [chips[seat] for chips in curve.chips]
        attrs = f'class="line" data-player="{escape(name)}" stroke="{colour(seat)}"'
        parts.append(_polyline(frame, curve.start, values, attrs))
    end = next((g for g in review.games if g.number == curve.game), None)
    if end is not None and end.winner is not None:
        seat = review.players.index(end.winner)
        k = curve.start + len(curve.chips) - 1
        won = words.chart_won.format(name=name_text(end.winner), game=curve.game)
        parts.append(
            f'<circle class="winner" cx="{frame.x(k)}" cy="{frame.y(curve.chips[-1][seat])}" '
            f'r="6" stroke="{colour(seat)}"><title>{escape(won)}</title></circle>'
        )
    parts.append("</g>")
    return parts


def _columns(frame: Frame, review: Review, words: PageWords) -> list[str]:
    """A clickable, titled column over each roll."""
    width = frame.x(1) - frame.x(0)
    columns = []
    for card in review.cards:
        title = words.chart_roll.format(k=card.k, name=name_text(card.player),
                                        faces=" ".join(card.game_faces))
        columns.append(
            f'<rect class="hit" x="{frame.x(card.k - 1)}" y="{TOP}" width="{width}" '
            f'height="{HEIGHT - TOP - BOTTOM}" data-goto="{card.k}"><title>{escape(title)}'
            "</title></rect>"
        )
    return columns


def chips_chart(review: Review, words: PageWords) -> str:
    """The SVG element, or a short note when the session has no rolls yet."""
    if not review.curves:
        return f'<p class="empty">{escape(words.chart_empty)}</p>'
    frame = Frame(len(review.cards), max(max(map(max, c.chips)) for c in review.curves))
    pot = Frame(len(review.cards), max(max(c.centers) for c in review.curves))
    parts = [
        (
            f'<svg id="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
            f'aria-label="{escape(words.chart_label)}">'
        ),
        *_axes(frame, pot, words),
    ]
    for curve in review.curves:
        parts += _game(frame, pot, curve, review, words)
    parts += _columns(frame, review, words)
    parts.append("</svg>")
    return "\n".join(parts)


def legend(players: tuple[str, ...], words: PageWords) -> str:
    """The key under the chart: a swatch and the name of each player, then the center."""
    keys = [
        f'<li data-player="{escape(p)}"><span class="swatch" style="background:{colour(i)}">'
        f"</span>{name_html(p)}</li>"
        for i, p in enumerate(players)
    ]
    keys.append(f'<li><span class="swatch center"></span>{escape(words.legend_center)}</li>')
    return f'<ul class="legend">{"".join(keys)}</ul>'
