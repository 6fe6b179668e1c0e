"""What a correction changed: each game's standings (final, or now for the game in progress), who
won, and the wins over the session, as lines for the terminal.

>>> from lcr_vision.ledger.events import CorrectEvent, RollEvent
>>> from lcr_vision.rules import Settings
>>> before = Ledger.start(Settings.create(["Ann", "Ben", "Cat"])).apply(
...     RollEvent(k=1, player="Ann", faces=("L", "R", "dot")))
>>> after = before.apply(CorrectEvent(k=1, faces=("C", "dot", "dot")))
>>> standings_changes(before, after)
['Game 1 standings: Ann 1 -> 2, Ben 4 -> 3, Cat 4 -> 3, center 0 -> 1.']
>>> standings_changes(after, after)
['The standings do not change.']

A Russian session's lines are Russian:

>>> from dataclasses import replace
>>> standings_changes(replace(before, language="ru"), replace(after, language="ru"))
['Игра 1, фишки: Ann 1 -> 2, Ben 4 -> 3, Cat 4 -> 3, центр 0 -> 1.']
"""

from __future__ import annotations

from dataclasses import dataclass

from lcr_vision.ledger import Ledger
from lcr_vision.review.report import record_of


@dataclass(frozen=True)
class Outcome:
    """Where a game stands: chips, center, and how it ended (``None`` while it is played)."""

    chips: tuple[int, ...]
    center: int
    ending: str | None


def outcomes(ledger: Ledger) -> dict[int, Outcome]:
    """Each game of the session by number: the finished ones as they ended, then the current one."""
    players, record = ledger.settings.players, record_of(ledger)
    games = {
        g.number: Outcome(g.chips, g.center, record.line("draw") if g.draw or g.winner is None
                          else record.line("won_by", player=players[g.winner]))
        for g in ledger.series.finished
    }
    now = ledger.series.game
    games[now.game] = Outcome(now.chips, now.center, None)
    return games


def _pairs(labels: tuple[str, ...], old: tuple[int, ...], new: tuple[int, ...]) -> str:
    """``Ann 1 -> 2, Cat 4 -> 3`` for the counts that differ."""
    return ", ".join(f"{n} {a} -> {b}" for n, a, b in zip(labels, old, new) if a != b)


def standings_changes(before: Ledger, after: Ledger) -> list[str]:
    """The differences between two replays of the same session, one line per game or total, in
    the session's language."""
    record = record_of(after)
    labels = before.settings.players + (record.line("center"),)
    old, new = outcomes(before), outcomes(after)
    playing = record.line("playing")
    lines = []
    for number in sorted(old.keys() | new.keys()):
        was, now = old.get(number), new.get(number)
        if was is None or now is None:
            lines.append(record.line("changes_gone" if now is None else "changes_begins",
                                     n=number))
            continue
        moved = _pairs(labels, was.chips + (was.center,), now.chips + (now.center,))
        if moved:
            lines.append(record.line("changes_standings", n=number, moved=moved))
        if was.ending != now.ending:
            lines.append(record.line("changes_winner", n=number, was=was.ending or playing,
                                     now=now.ending or playing))
    wins = _pairs(labels, before.series.wins, after.series.wins)
    if wins:
        lines.append(record.line("wins", wins=wins))
    return lines or [record.line("unchanged")]
