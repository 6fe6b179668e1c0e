"""The replayed ledger printed three ways: docs/formats.md's JSON, one CSV row per roll, a text
table.

>>> from lcr_vision.ledger.events import RollEvent
>>> from lcr_vision.rules import Settings
>>> ledger = Ledger.start(Settings.create(["Ann", "Ben", "Cat"]))
>>> ledger = ledger.apply(RollEvent(k=1, player="Ann", faces=("4", "2", "5")))
>>> ledger_json(ledger)["current"]
{'game': 1, 'to_roll': 'Ben', 'dice': 3, 'chips': {'Ann': 1, 'Ben': 4, 'Cat': 3}, 'center': 1}
>>> ledger_rows(ledger)[1][:6]
['1', '1', '1', 'Ann', '4 2 5', 'L dot C']

A roll committed with a die nobody saw shows it as ``?``, and the ledger says from where its
chips are unchecked:

>>> ledger = ledger.apply(RollEvent(k=2, player="Ben", faces=("6", "5"), doubtful=True, unseen=1))
>>> ledger_rows(ledger)[2][4:6], ledger_rows(ledger)[2][-1]
(['6 5 ?', 'R C ?'], 'yes')
>>> ledger_text(ledger).splitlines()[-4]  # doctest: +NORMALIZE_WHITESPACE
'Unverified from roll 2 on: a roll read doubtful or with dice nobody saw; amend it once you know
its faces.'

"""

from __future__ import annotations

import csv
from typing import Any, TextIO

from lcr_vision.ledger.replay import Ledger, PlayedRoll, Settlement
from lcr_vision.phrases.record import Record


def ledger_json(ledger: Ledger) -> dict[str, Any]:
    """The ``lcr-vision ledger --json`` object, exactly the shape of docs/formats.md."""
    players = ledger.settings.players
    game = ledger.series.game
    return {
        "games": [
            {
                "number": g.number,
                "first": players[g.first],
                "winner": None if g.winner is None else players[g.winner],
                "draw": g.draw,
                "rolls": g.rolls,
                "chips": dict(zip(players, g.chips)),
                "center": g.center,
            }
            for g in ledger.series.finished
        ],
        "current": {
            "game": game.game,
            "to_roll": players[game.turn],
            "dice": game.dice_owed,
            "chips": dict(zip(players, game.chips)),
            "center": game.center,
        },
        "wins": dict(zip(players, ledger.series.wins)),
    }


def _row(roll: PlayedRoll, record: Record) -> list[str]:
    result = roll.result
    return [
        str(roll.entry.k),
        str(roll.game),
        str(roll.turn),
        record.players[result.player],
        " ".join(roll.entry.shown_faces),
        " ".join(roll.shown_game_faces),
        record.roll(result),
        *(str(c) for c in result.after.chips),
        str(result.after.center),
        "yes" if roll.entry.corrected else "no",
        "yes" if roll.entry.doubtful and not roll.entry.corrected else "no",
        "no" if roll.entry.verified else "yes",
    ]


def _settled_row(s: Settlement, ledger: Ledger) -> list[str]:
    """A correction settled after a roll, as a row of its own in the game it corrected:
    ``number`` is ``K*`` for roll K's, the faces are its corrected ones, and the chips those the
    settlement left in that game (`Settlement.holdings`)."""
    roll = ledger.rolls[s.k - 1]
    chips, center = s.holdings
    return [f"{s.k}*", str(roll.game), "", "", " ".join(roll.entry.faces),
            " ".join(roll.result.game_faces), record_of(ledger).settled(s.k, s.after, s.transfers),
            *(str(c) for c in chips), str(center), "yes", "no", "no"]


def _row_after(s: Settlement, ledger: Ledger) -> int:
    """The roll a settlement's row follows: the roll it was settled after, or, where the game it
    corrected had ended by then, that game's last roll, so that each game's rows end with its
    chips."""
    if s.ended is None:
        return s.after
    return max(r.entry.k for r in ledger.rolls if r.game == s.ended.number)


def ledger_rows(ledger: Ledger) -> list[list[str]]:
    """A header and one row per live roll: the chips and center after it, corrected or not,
    doubtful (read unsure and committed with nobody to answer; answered or corrected, it is not)
    and unverified (doubtful, or with dice nobody saw, ``?``: `Entry.verified`); after the roll
    a correction was settled on (in a game ended by then, after that game's last roll), a row
    for that settlement (`_settled_row`), so that each game's last row holds its chips and the
    last row the ledger's. The moves are in the session's language; the rest are the
    format's tokens."""
    players, record = ledger.settings.players, record_of(ledger)
    header = ["number", "game", "turn", "player", "faces", "game_faces", "moves"]
    header += [f"chips_{p}" for p in players] + ["center", "corrected", "doubtful", "unverified"]
    rows = [header]
    for roll in ledger.rolls:
        rows.append(_row(roll, record))
        rows += [_settled_row(s, ledger) for s in ledger.settled
                 if _row_after(s, ledger) == roll.entry.k]
    return rows


def write_csv(ledger: Ledger, out: TextIO) -> None:
    """The rows of `ledger_rows` as CSV."""
    csv.writer(out, lineterminator="\n").writerows(ledger_rows(ledger))


def record_of(ledger: Ledger) -> Record:
    """The words of the session's record: its players, in its language."""
    return Record(ledger.settings.players, ledger.language)


def ledger_text(ledger: Ledger) -> str:
    """A readable account in the session's language: the settings, every roll, the finished
    games, the game in progress."""
    s, record = ledger.settings, record_of(ledger)
    series = ledger.series
    stakes = ", ".join(f"{p} {c}" for p, c in zip(s.players, s.stakes))
    lines = [record.line("players", stakes=stakes)]
    variants = ", ".join(record.line(f"variant_{name}") for name in s.variants.names)
    lines.append(record.line("variants", variants=variants or record.line("none"),
                             policy=record.line(f"policy_{s.policy}")))
    for roll in ledger.rolls:
        r, entry = roll.result, roll.entry
        faces, game_faces = entry.shown_faces, roll.shown_game_faces
        text = " ".join(faces) + (f" ({' '.join(game_faces)})" if faces != game_faces else "")
        mark = f" [{record.line('corrected')}]" if entry.corrected else ""
        if not entry.verified:
            mark = f" [{record.unverified_roll(entry.unseen)}]"
        where = record.line("where", game=roll.game, turn=f"{roll.turn:<3}")
        lines.append(f"{entry.k:>4}  {where} {text}{mark}")
        lines.append(f"      {record.roll(r)}")
        lines += [f"      {record.settled(c.k, c.after, c.transfers)}"
                  for c in ledger.settled if c.after == entry.k]
    for entry in ledger.struck:
        lines.append(record.struck(entry.k, entry.player, entry.faces))
    for g in series.finished:
        ending = "game_draw" if g.draw else "game_won"
        lines.append(record.line(ending, n=g.number, rolls=g.rolls, first=s.players[g.first],
                                 player="" if g.winner is None else s.players[g.winner]))
    if ledger.unverified_from is not None:
        lines.append(record.unverified(ledger.unverified_from))
    lines.append(record.line("game_now", game=series.game.game, turn=record.turn(series.game)))
    lines.append(record.standings(series.game))
    wins = ", ".join(f"{p} {w}" for p, w in zip(s.players, series.wins))
    lines.append(record.line("wins", wins=wins))
    if series.money is not None:
        money = ", ".join(f"{p} {m:+}" for p, m in zip(s.players, series.money))
        lines.append(record.line("money", money=money))
    return "\n".join(lines)
