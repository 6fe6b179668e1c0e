"""``lcr-vision ledger``: print a session's replayed ledger as text, docs/formats.md JSON or CSV."""

from __future__ import annotations

import argparse
import json
import sys

from lcr_vision.cli.options import add_session_argument
from lcr_vision.ledger import JOURNAL, read_journal, replay, tampering
from lcr_vision.phrases.record import Record
from lcr_vision.phrases.spoken import tagged
from lcr_vision.review.report import ledger_json, ledger_text, write_csv

HELP = "print the replayed ledger of a session"
DESCRIPTION = (
    f"Replay a session folder's {JOURNAL} (corrections and undos included) and print every roll, "
    "the finished games, the game in progress and the wins. Reading never changes the session; "
    "a last line cut by a crash is reported on stderr and ignored."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_session_argument(p)
    form = p.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true",
                      help="print the docs/formats.md object: games, current game, wins")
    form.add_argument("--csv", action="store_true",
                      help="print one CSV row per roll: number, game, turn, player, faces, game "
                      "faces, moves in words, chips and center after it, corrected yes/no")


def run(args: argparse.Namespace) -> int:
    lines, warning = read_journal(args.session / JOURNAL)
    ledger = replay(lines)  # damage it cannot replay is the one line said
    tampered = tampering(args.session / JOURNAL)
    record = Record(ledger.settings.players, ledger.language)
    for said in (warning, tampered and tampered.why):
        if said:
            print(tagged("warning", record.told(said), record.language), file=sys.stderr)
    if args.json:
        print(json.dumps(ledger_json(ledger), ensure_ascii=False, indent=2))
    elif args.csv:
        write_csv(ledger, sys.stdout)
    else:
        print(ledger_text(ledger))
    return 0
