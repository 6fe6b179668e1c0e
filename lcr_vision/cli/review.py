"""``lcr-vision review``: write a session's review page, and open it in the browser if asked."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lcr_vision.cli.options import add_session_argument
from lcr_vision.phrases.record import Record
from lcr_vision.phrases.spoken import tagged
from lcr_vision.review import PAGE, build_review, write_page
from lcr_vision.review.browser import open_page

HELP = "write a session's review page: every roll with its photo, a chips chart, the wins"
DESCRIPTION = (
    f"Replay a session folder and write SESSION/{PAGE}: one card per roll (annotated photo, "
    "faces and confidences, moves in words, standings after; corrected rolls and doubtful reads "
    "marked), a chart of every player's chips, the winner of each game and the wins per player, "
    "with filters and keyboard navigation, and whether the dice look fair (each face's count and "
    "a chi-square test, per set of dice, over this session and any --also). The page is one file "
    "that links the photos by relative paths and needs no network. Reading never changes the "
    "session."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_session_argument(p)
    p.add_argument("--open", action="store_true",
                   help="open the page in the default web browser once written")
    p.add_argument("--also", type=Path, action="append", default=[], metavar="SESSION",
                   help="another session played with the same dice, whose throws count in "
                   "judging them (repeat for several)")


def run(args: argparse.Namespace) -> int:
    review = build_review(args.session, args.also)
    for said in (review.warning, review.tampered):  # in the session's language already
        if said:
            print(tagged("warning", said, review.language), file=sys.stderr)
    path = write_page(args.session, review)
    record = Record(review.players, review.language)
    print(record.line("wrote", path=path, rolls=record.count(len(review.cards), "roll"),
                      games=record.count(len(review.games), "finished_game")))
    failed = open_page(path.resolve().as_uri()) if args.open else None
    if failed:
        print(tagged("error", record.line("open_yourself", why=failed, path=path), review.language),
              file=sys.stderr)
        return 2
    return 0
