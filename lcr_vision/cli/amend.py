"""``lcr-vision amend``: correct a misread roll, settle it now (or replay the ledger on it), print
the chips to move and what changed, then refresh the review page (after the journal: a page that
cannot be written leaves the correction saved, and says how to rebuild the page)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lcr_vision.cli.options import add_session_argument
from lcr_vision.controller import amendment_said
from lcr_vision.errors import UserError
from lcr_vision.ledger import EditError, Session
from lcr_vision.phrases.corrections import Corrections
from lcr_vision.phrases.record import Record
from lcr_vision.phrases.spoken import tagged
from lcr_vision.review import refresh_page, standings_changes
from lcr_vision.review.report import record_of
from lcr_vision.rules import Decision, Roll

HELP = "correct the faces of a roll and say what that changes"
DESCRIPTION = (
    "Record that roll N of a session really showed other faces: the correction is appended to "
    "the journal (the roll as read stays on record). The rolls thrown since stand as thrown, and "
    "what roll N moved wrongly is settled now: the fewest chip moves that make it right on the "
    "chips as they are. Where that cannot be (a player would give chips they no longer hold, a "
    "finished game would have ended otherwise), or with --replay, the later rolls are played "
    "again on the corrected one, and a later roll the corrected game would not have let happen "
    "(another player's turn, another number of dice) is struck, with every roll after it "
    "(docs/rules.md, Corrections). The changes to each game's standings, winners and wins are "
    "printed; the review page, if written, is refreshed."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_session_argument(p)
    p.add_argument("--roll", type=int, required=True, metavar="N", help="the roll's number in "
                   "the session, from 1, as on the review page and in the ledger")
    p.add_argument("--faces", required=True, metavar="FACES",
                   help='the faces the dice really showed, e.g. "L C dot" or "4 6 2"; with Wild '
                   "add @Name per chip a wild takes, with Wilder start with 'reverse' to pay "
                   "for it")
    p.add_argument("--replay", action="store_true",
                   help="play the later rolls again on the corrected one, striking those it "
                   "leaves no room for, instead of letting them stand and settling now")


def run(args: argparse.Namespace) -> int:
    session = Session.open(args.session)
    try:
        before = session.ledger
        record = record_of(before)
        entry = before.entry(args.roll)
        roll = Roll.parse(args.faces, session.settings)
        owed = len(entry.played_faces)
        if len(roll.faces) != owed:
            raise EditError(record.line("faces_count", k=args.roll, player=entry.player,
                                        dice=record.count(owed, "die"), given=len(roll.faces)))
        kept = roll.decision or Decision(reverse=entry.decision.reverse)
        if roll.faces == entry.faces and kept == entry.decision and entry.verified:
            print(record.line("already", k=args.roll, faces=" ".join(roll.faces)))
            return refresh(args.session, record)
        amendment = session.amend(args.roll, roll, keep=not args.replay)
        after = session.ledger
    finally:
        session.close()
    played = after.rolls[args.roll - 1]
    said = amendment_said(amendment, Corrections(record.players, record.language))
    print(record.line("amended", k=args.roll, player=entry.player, game=played.game,
                      turn=played.turn, before=" ".join(entry.shown_faces),
                      after=" ".join(roll.faces), moves=record.roll(amendment.result)))
    for line in [*said[1:], *standings_changes(before, after)]:
        print(line)
    return refresh(args.session, record)


def refresh(folder: Path, record: Record) -> int:
    """Bring the session's review page, if it has one, in line with the journal. The correction
    is saved already, so a page that cannot be written is said, with how to rebuild it, and the
    command still succeeds."""
    try:
        written = refresh_page(folder)
    except UserError as exc:
        stale = record.line("page_stale", why=exc.said, folder=folder)
        print(tagged("warning", stale, record.language), file=sys.stderr)
        return 0
    if written is not None:
        print(record.line("updated", path=written))
    return 0
