"""``lcr-vision amend``: correct a misread roll, replay the ledger, say what changed."""

from __future__ import annotations

import argparse
from pathlib import Path

from lcr_vision.ledger import EditError, Session
from lcr_vision.manual import parse_roll
from lcr_vision.review import PAGE, build_review, standings_changes, write_page
from lcr_vision.rules import Decision
from lcr_vision.rules.describe import describe_roll
from lcr_vision.rules.engine import plural


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "amend",
        help="correct the faces of a roll and say what that changes",
        description="Record that roll N of a session really showed other faces: the correction "
        "is appended to the journal (the roll as read stays on record), the ledger is replayed, "
        "and the changes to each game's standings, winners and wins are printed. The review "
        "page, if written, is refreshed. A correction that would make a later roll impossible "
        "(another player's turn, another number of dice) is refused.",
    )
    p.add_argument("session", type=Path, metavar="SESSION", help="the session folder")
    p.add_argument(
        "--roll",
        type=int,
        required=True,
        metavar="N",
        help="the roll's number in the session, from 1, as on the review page and in the ledger",
    )
    p.add_argument(
        "--faces",
        required=True,
        metavar="FACES",
        help='the faces the dice really showed, e.g. "L C dot" or "4 6 2"; with Wild add '
        "@Name per chip a wild takes, with Wilder start with 'reverse' to pay for it",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    session = Session.open(args.session)
    try:
        before = session.ledger
        entry = before.entry(args.roll)
        faces, decision = parse_roll(args.faces, session.settings)
        if len(faces) != len(entry.faces):
            raise EditError(
                f"roll {args.roll} was {entry.player}'s throw of "
                f"{plural(len(entry.faces), 'die', 'dice')}; --faces gives {len(faces)}"
            )
        kept = decision or Decision(reverse=entry.decision.reverse)
        if faces == entry.faces and kept == entry.decision:
            print(f"Roll {args.roll} already shows {' '.join(faces)}: nothing to correct.")
            return 0
        result = session.correct(args.roll, faces, decision)
        after = session.ledger
    finally:
        session.close()
    played = after.rolls[args.roll - 1]
    print(
        f"Roll {args.roll} ({entry.player}, game {played.game}, turn {played.turn}): "
        f"{' '.join(entry.faces)} -> {' '.join(faces)}. "
        + describe_roll(result, after.settings.players)
    )
    for line in standings_changes(before, after):
        print(line)
    if (args.session / PAGE).exists():
        print(f"Updated {write_page(args.session, build_review(args.session))}.")
    return 0
