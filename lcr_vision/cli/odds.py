"""``lcr-vision odds``: each player's chance to win from the start or from any position."""

from __future__ import annotations

import argparse
import json
import sys

from lcr_vision.cli.options import (
    add_chips_option,
    add_seats_option,
    add_seed_option,
    add_variant_option,
    seats,
    variants_from,
)
from lcr_vision.errors import Said, UserError
from lcr_vision.odds import (
    DEFAULT_GAMES,
    METHODS,
    Odds,
    exact_state_count,
    odds,
    solves_exactly,
    store,
)
from lcr_vision.odds.method import EXACT_STATE_LIMIT
from lcr_vision.odds.quick import exact_at_hand
from lcr_vision.odds.result import EXACT
from lcr_vision.rules import GameState, Settings, Variants
from lcr_vision.rules.settings import MAX_PLAYERS, STARTING_CHIPS

SLOW_SOLVE_STATES = 2_000_000
MAX_IN_PLAY = MAX_PLAYERS * STARTING_CHIPS  # the most a standard table holds: simulated in 30 s
MAX_GAMES = 100_000  # random games a simulation may be asked for: minutes at the most chips


class StateError(UserError):
    """A ``--state`` or ``--to-roll`` that does not describe a table."""


HELP = "each player's chance to win, exactly, from the start or any position"
DESCRIPTION = (
    "Each player's chance to win and the expected number of further rolls. Standard rules are "
    "solved exactly (an absorbing Markov chain, level by level of chips in play); variants, and "
    "tables beyond the exact solver's reach, are simulated with random games and shown with 95% "
    "confidence intervals. Expected turns count rolls only: a player with no chips is skipped "
    "and that turn does not count."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_seats_option(p)
    add_chips_option(p, "; seat 1 rolls first")
    p.add_argument("--state", metavar="NAME=N,...",
                   help="a position instead of the start: chips per player in clockwise seating "
                   "order, e.g. Ann=2,Ben=0,Cat=5")
    p.add_argument("--center", type=int, default=0, metavar="K",
                   help="chips in the center pot (default 0)")
    p.add_argument("--to-roll", metavar="NAME",
                   help="who rolls next (default the first player); a player without chips passes "
                   "the turn on to the next holder on the left")
    add_variant_option(p, "wild, wilder (with wild; nobody pays to reverse), last-chip-wins or "
                       "dot-to-win; variants are always simulated")
    p.add_argument("--method", choices=METHODS, default=METHODS[0],
                   help="auto (default): exact for standard rules up to 8 players with 3 chips "
                   "each, simulation beyond; exact or simulation to force one")
    p.add_argument("--games", type=int, default=DEFAULT_GAMES, metavar="G",
                   help=f"random games when simulating (default {DEFAULT_GAMES})")
    add_seed_option(p, what="simulation seed")
    p.add_argument("--json", action="store_true",
                   help='print {"win": [per player, in seating order], "expected_turns": t, '
                   '"method": ...} (a simulation adds "games", "ci95" and "draw")')


def parse_state(text: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Names and chips from ``Ann=2,Ben=0,Cat=5``."""
    names, chips = [], []
    for item in text.split(","):
        name, sep, count = item.partition("=")
        if not sep or not name.strip() or not count.strip().isdigit():
            raise StateError(Said("state_entry", {"entry": item.strip()}))
        names.append(name.strip())
        chips.append(int(count))
    return tuple(names), tuple(chips)


def table_from_args(args: argparse.Namespace) -> tuple[Settings, GameState]:
    """The settings and position the options describe."""
    variants = variants_from(args)
    if args.state:
        names, chips = parse_state(args.state)
        if args.players is not None and len(seats(args.players)) != len(names):
            raise StateError(Said("state_players", {"players": args.players, "n": len(names)}))
    elif args.players is not None:
        if args.chips < 1:
            raise StateError(Said("chips_least", {"chips": args.chips}))
        names = seats(args.players)
        chips = (args.chips,) * len(names)
    else:
        raise StateError(Said("odds_who"))
    if args.center < 0:
        raise StateError(Said("center_negative", {"center": args.center}))
    if sum(chips) + args.center > MAX_IN_PLAY:
        raise StateError(Said("odds_in_play", {"chips": sum(chips) + args.center,
                                                "most": MAX_IN_PLAY, "players": MAX_PLAYERS}))
    if not 1 <= args.games <= MAX_GAMES:
        raise StateError(Said("games_range", {"most": f"{MAX_GAMES:,}", "games": args.games}))
    settings = Settings.create(names, stakes=None if args.state else chips, variants=variants)
    turn = settings.seat(args.to_roll) if args.to_roll else 0
    return settings, GameState(chips=chips, center=args.center, turn=turn)


def render(settings: Settings, state: GameState, result: Odds) -> str:
    """A readable table: one row per player, the winner or the favourite marked (none when the
    lead is within the noise)."""
    simulated = result.win_ci95 is not None
    if simulated:
        title = f"Simulated odds ({result.games} random games, 95% confidence intervals)"
    else:
        title = "Exact odds (standard rules)"
    width = max(len("player"), *(len(name) for name in settings.players))
    lines = [title, f"  {'player':<{width}}  chips  {'win':>7}"]
    for seat, name in enumerate(settings.players):
        row = f"  {name:<{width}}  {state.chips[seat]:>5}  {100 * result.win[seat]:6.2f}%"
        if result.win_ci95 is not None:
            low, high = result.win_ci95[seat]
            row += f"  ({100 * low:.2f}-{100 * high:.2f}%)"
        if seat == result.won:
            row += "  has won"
        elif seat == result.favourite:
            row += "  favoured"
        lines.append(row)
    turns = f"Expected further rolls: {result.expected_turns:.2f}"
    if result.turns_ci95 is not None:
        turns += f" ({result.turns_ci95[0]:.2f}-{result.turns_ci95[1]:.2f})"
    lines.append(turns + " (skipped turns do not count)")
    if simulated and result.draw:
        lines.append(f"Draw: {100 * result.draw:.2f}%")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    settings, state = table_from_args(args)
    chips = sum(state.chips)
    states = exact_state_count(settings.seats, chips)
    slow = states > SLOW_SOLVE_STATES and not exact_at_hand(settings.seats, chips)
    exact = solves_exactly(settings, state, args.method)
    if slow and exact:
        print(
            f"lcr-vision: solving {states:,} states exactly: up to a minute the first time, "
            "instant once stored in the cache folder",
            file=sys.stderr,
        )
    elif not exact and settings.variants == Variants() and args.method == "auto":
        print(f"lcr-vision: {states:,} states are past the exact solver's "
              f"{EXACT_STATE_LIMIT:,}: simulating {args.games:,} random games", file=sys.stderr)
    result = odds(settings, state, args.method, args.games, args.seed)
    if slow and result.method == EXACT:
        size = store.kept(settings.seats)
        print(f"lcr-vision: the cache keeps {size / 1e6:,.0f} MB of solved {settings.seats}-player "
              f"odds in {store.folder()}; delete the folder to free it", file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(render(settings, state, result))
    return 0
