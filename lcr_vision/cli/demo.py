"""``lcr-vision demo``: one full game on the simulated table, through the real pipeline.

Rendered throws are watched frame by frame: settle detection, the shipped model, the rules, the
journal, the photo log and the announcer are the ones ``play`` uses; only the camera is simulated.
The simulated players wait for the announcer before throwing, as people at a table would.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from lcr_vision.cli.options import add_chips_option, add_seed_option
from lcr_vision.cli.reading import profile_from
from lcr_vision.cli.table import add_table_options, play_table, sitting_from, table_reading
from lcr_vision.faces import DiceKind
from lcr_vision.ledger import Session, new_session_folder
from lcr_vision.phrases.sitting import Games
from lcr_vision.rules import Settings

DEFAULT_PLAYERS = "Ann,Ben,Cat"


HELP = "play one game on a simulated table (no camera needed)"
DESCRIPTION = (
    "Play one full game of LCR on a simulated table: rendered throws go through settle "
    "detection, the dice model, the rules, the ledger, the photo log and speech. Ends with the "
    "winner and prints the session folder. Headless where there is no display."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", default=DEFAULT_PLAYERS, metavar="NAMES",
                   help=f"comma-separated names in clockwise order (default {DEFAULT_PLAYERS})")
    add_chips_option(p, "; 1 is a short game")
    add_seed_option(p, 1, "random seed of the table, the dice and the throws")
    p.add_argument("--session", type=Path, metavar="DIR",
                   help="new session folder to play in (default: a new folder under ./sessions)")
    add_table_options(p)
    p.set_defaults(dice=DiceKind.LCR)


def run(args: argparse.Namespace) -> int:
    from lcr_vision.camera.simulated import SimulatedTable

    players = args.players.split(",")
    settings = Settings.create(players, stakes=[args.chips] * len(players))
    reading = table_reading(args, profile_from(args))
    sitting = sitting_from(args)
    with sitting.announcer() as announcer:  # checked before the session folder is made
        session = Session.create(args.session or new_session_folder(), settings,
                                 args.language)
        try:
            table = SimulatedTable(args.seed, kind=args.dice.value, ready=announcer.idle)
            loop = play_table(sitting, session, table, reading, announcer, games=1, ask=False)
        finally:
            session.close()
    finished = session.ledger.series.finished
    winner = finished[-1].winner if finished else None
    lines = Games(settings.players, args.language).demo_end(
        None if winner is None else settings.players[winner],
        sorted(table.delays(loop.view.reads)), session.folder)
    print("\n".join(lines))
    return 0
