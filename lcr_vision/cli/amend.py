"""``lcr-vision amend``: correct a misread roll, replay the ledger (or, when the later rolls cannot
be replayed on the right faces, settle it: they stand, and chips are handed back), say what
changed."""

from __future__ import annotations

import argparse

from lcr_vision.cli.options import add_session_argument
from lcr_vision.ledger import EditError, Session
from lcr_vision.manual import parse_roll
from lcr_vision.phrases.written import describe_roll, describe_settlement, plural
from lcr_vision.review import PAGE, build_review, standings_changes, write_page
from lcr_vision.review.changes import UNCHANGED
from lcr_vision.rules import Decision

HELP = "correct the faces of a roll and say what that changes"
DESCRIPTION = (
    "Record that roll N of a session really showed other faces: the correction is appended to "
    "the journal (the roll as read stays on record), the ledger is replayed, and the changes to "
    "each game's standings, winners and wins are printed. The review page, if written, is "
    "refreshed. A correction that would make a later roll impossible (another player's turn, "
    "another number of dice) is settled instead: the later rolls stand as thrown, and the chips "
    "the roll moved wrongly are handed back now (in the game in progress on the table; in a "
    "finished game between the players, the winner holding the center); the moves to make are "
    "printed."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_session_argument(p)
    p.add_argument("--roll", type=int, required=True, metavar="N", help="the roll's number in "
                   "the session, from 1, as on the review page and in the ledger")
    p.add_argument("--faces", required=True, metavar="FACES",
                   help='the faces the dice really showed, e.g. "L C dot" or "4 6 2"; with Wild '
                   "add @Name per chip a wild takes, with Wilder start with 'reverse' to pay "
                   "for it")


def run(args: argparse.Namespace) -> int:
    session = Session.open(args.session)
    try:
        before = session.ledger
        entry = before.entry(args.roll)
        shown, chosen = before.faces(args.roll)
        faces, decision = parse_roll(args.faces, session.settings)
        if len(faces) != len(entry.faces):
            raise EditError(
                f"roll {args.roll} was {entry.player}'s throw of "
                f"{plural(len(entry.faces), 'die', 'dice')}; --faces gives {len(faces)}"
            )
        kept = decision or Decision(reverse=entry.decision.reverse)
        if faces == shown and kept == chosen:
            print(f"Roll {args.roll} already shows {' '.join(faces)}: nothing to correct.")
            return 0
        amendment = session.amend(args.roll, faces, decision)
        after = session.ledger
    finally:
        session.close()
    played, players = after.rolls[args.roll - 1], after.settings.players
    print(
        f"Roll {args.roll} ({entry.player}, game {played.game}, turn {played.turn}): "
        f"{' '.join(shown)} -> {' '.join(faces)}. "
        + describe_roll(amendment.result, players)
    )
    changes = standings_changes(before, after)
    if amendment.settled is not None:
        print(describe_settlement(amendment.settled.settlement, players))
        changes = [] if changes == [UNCHANGED] else changes  # a finished game's table stands
    for line in changes:
        print(line)
    if (args.session / PAGE).exists():
        print(f"Updated {write_page(args.session, build_review(args.session))}.")
    return 0
