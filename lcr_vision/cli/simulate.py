"""``lcr-vision simulate``: play many random games and count wins per seat."""

from __future__ import annotations

import argparse
import json

from lcr_vision.cli.options import (
    add_chips_option,
    add_seats_option,
    add_seed_option,
    add_variant_option,
    seats,
    variants_from,
)
from lcr_vision.errors import Said, UserError
from lcr_vision.random_games import simulate
from lcr_vision.rules import Settings

HELP = "play random games and report win rates per seat"
DESCRIPTION = (
    "Play G random games with boxed dice, seat 1 throwing first, and count wins per seat. The "
    "standard game is vectorised with numpy; variants use the rules engine (slower) with the "
    "default wild policy, and nobody pays for Wilder."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_seats_option(p, default="3")
    p.add_argument("--games", type=int, default=100_000, metavar="G",
                   help="games to play (default 100000)")
    add_seed_option(p)
    add_chips_option(p)
    add_variant_option(p, "wild, wilder, last-chip-wins or dot-to-win; repeat for several")
    p.add_argument("--json", action="store_true",
                   help='print {"players", "games", "wins", "draws", "mean_turns"} as JSON')


MAX_GAMES = 10_000_000  # a minute of standard games; variants, through the engine, take longer


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.games <= MAX_GAMES:
        raise UserError(Said("games_range", {"most": f"{MAX_GAMES:,}", "games": args.games}))
    names = seats(args.players)
    Settings.create(list(names))  # names a game would refuse are refused here too
    result = simulate(len(names), args.games, args.seed, variants_from(args), args.chips)
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    print(f"{result.games} games of {result.players} players, {result.mean_turns:.2f} rolls each")
    width = max(len("draws"), *(len(name) for name in names))
    for name, wins in zip(names, result.wins):
        print(f"  {name:<{width}}: {wins:>9} wins  {100 * wins / result.games:6.2f}%")
    print(f"  {'draws':<{width}}: {result.draws:>9}       "
          f"{100 * result.draws / result.games:6.2f}%")
    return 0
