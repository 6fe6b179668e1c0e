"""``lcr-vision play``: play a session, reading the dice with a camera (or a video, a folder of
photos, the simulated table); ``--manual`` reads rolls typed or piped one per line instead."""

from __future__ import annotations

import argparse
import os
import sys
from decimal import Decimal, InvalidOperation
from functools import partial
from pathlib import Path

from lcr_vision.cli.options import add_chips_option, add_variant_option, variants_from
from lcr_vision.cli.reading import profile_from
from lcr_vision.cli.table import (
    add_source_options,
    add_table_options,
    play_at_table,
    sitting_from,
    table_reading,
)
from lcr_vision.errors import Said, UserError
from lcr_vision.faces import FaceMap
from lcr_vision.ledger import JOURNAL, Session, SessionError, new_session_folder
from lcr_vision.manual import ManualPlay
from lcr_vision.phrases.record import Record
from lcr_vision.phrases.spoken import tagged
from lcr_vision.rules import Settings
from lcr_vision.rules.settings import MAX_NAME, POLICIES
from lcr_vision.speech import Phrasebook

HELP = "play a session of LCR and keep its ledger"
DESCRIPTION = (
    "Play games of Left Center Right in a session folder whose journal survives crashes. A new "
    "session needs --players; --session of a started session continues it."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--manual", action="store_true",
                   help="type (or pipe) each roll as a line of faces instead of using the camera")
    add_source_options(p)
    add_game_options(p)
    add_table_options(p)
    p.add_argument("--no-learn", action="store_true",
                   help="do not learn the dice between games (by default the table learns them "
                   "after each game from every roll read surely or answered, into the "
                   "--calibration profile, else into one made for the session, kept only where "
                   "it would ask less and misread no more)")


def add_game_options(p: argparse.ArgumentParser) -> None:
    """The options that set up or reopen a session (shared by every way of playing)."""
    p.add_argument("--players", metavar="NAMES",
                   help="comma-separated names in clockwise seating order, first thrower first "
                   f"(3-20 players), e.g. Ann,Ben,Cat; no quoting, so no name holds a comma; "
                   f"each at most {MAX_NAME} printable characters")
    add_variant_option(p, "a rule variant: wild, wilder (with wild), last-chip-wins or "
                       "dot-to-win; repeat or comma-separate for several")
    add_chips_option(p)
    p.add_argument("--stakes", metavar="NAME=N,...",
                   help="Choose Your Stakes: starting chips per player, e.g. Ann=5,Ben=2; players "
                   "not named start with --chips")
    p.add_argument("--chip-value", metavar="AMOUNT",
                   help="money per chip, e.g. 0.25, to keep money won and lost")
    p.add_argument("--face-map", metavar="MAP",
                   help="how pip dice count, e.g. 1=L,2=dot,3=R,4=dot,5=C,6=dot (default 1-3 dot, "
                   "4 L, 5 C, 6 R; with wild, 1 is wild)")
    p.add_argument("--wild-policy", choices=POLICIES, default=POLICIES[0],
                   help="who a wild takes from when the roller does not say: the richest "
                   "opponent (ties to the nearest on the left), or the nearest on the left")
    p.add_argument("--session", type=Path, metavar="DIR",
                   help="session folder: continued if it holds a session, else created (default: "
                   "a new folder under ./sessions)")


def _stakes(args: argparse.Namespace, players: list[str]) -> list[int]:
    stakes = dict.fromkeys(players, args.chips)
    for item in (args.stakes or "").split(","):
        if not item.strip():
            continue
        name, sep, count = item.partition("=")
        match = [p for p in players if p.lower() == name.strip().lower()]
        if not sep or not match or not count.strip().isdigit():
            raise UserError(Said("stakes_entry", {"entry": item}))
        stakes[match[0]] = int(count)
    return [stakes[p] for p in players]


def settings_from_args(args: argparse.Namespace) -> Settings:
    """The settings the game options describe."""
    players = [p.strip() for p in args.players.split(",")]
    variants = variants_from(args)
    try:
        value = None if args.chip_value is None else Decimal(args.chip_value)
    except InvalidOperation:
        raise UserError(Said("chip_amount", {"value": args.chip_value})) from None
    return Settings.create(
        players,
        stakes=_stakes(args, players),
        variants=variants,
        face_map=None if args.face_map is None else FaceMap.parse(args.face_map),
        chip_value=value,
        policy=args.wild_policy,
    )


def open_session(args: argparse.Namespace, settings: Settings | None) -> Session:
    """Continue the session in ``--session`` or start one with ``settings``, those of the game
    options (checked before any device is opened, by `run`)."""
    folder = args.session
    if folder is not None and (folder / JOURNAL).exists():
        session = Session.open(folder)
        if settings is not None and settings != session.settings:
            session.close()
            raise SessionError(Said("session_settings", {"folder": str(folder)}))
    elif settings is None:
        raise UserError(Said("new_needs_players"))
    else:
        session = Session.create(folder or new_session_folder(), settings, args.language)
    record = Record(session.settings.players, session.ledger.language)
    for said in (session.warning, session.tampered and session.tampered.why):
        if said:
            print(tagged("warning", record.told(said), record.language), file=sys.stderr)
    return session


def run(args: argparse.Namespace) -> int:
    settings = settings_from_args(args) if args.players else None  # mistakes before devices
    if not args.manual:
        profile = profile_from(args)  # loaded once: the reading, the webcam mode, the evening
        play_at_table(args, profile, table_reading(args, profile),
                      partial(open_session, args, settings))
        return 0
    for option in ("camera", "source", "resolution", "calibration", "model", "dice"):
        if getattr(args, option) is not None:
            raise UserError(Said("manual_no_camera", {"option": option}))
    sitting = sitting_from(args)
    with open(os.devnull, "w") as quiet, sitting.announcer(
            sys.stdout if sitting.mute else quiet) as announcer:
        # manual play prints its own text; the announcer speaks and records, or, muted, prints
        # what it would have said
        session = open_session(args, settings)
        try:
            phrases = Phrasebook(session.settings.players, sitting.language)
            ManualPlay(session, sys.stdout, announcer, phrases, sitting.odds,
                       sitting.say_odds).run(sys.stdin, prompt=sys.stdin.isatty())
        finally:
            session.close()
    return 0
