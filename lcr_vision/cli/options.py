"""The options several subcommands share, each spelled once, so that the same flag means the same
thing in every ``--help``, and what those that open a camera and a window read as
(`resolution_from`, `screen_from`); and `add_command`, which every subcommand is registered
through."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from lcr_vision.camera.capture import Mode, parse_mode
from lcr_vision.cli.usage import actions, refused, translate, words
from lcr_vision.errors import Said, UserError
from lcr_vision.languages import LANGUAGES
from lcr_vision.phrases.spoken import warn_in
from lcr_vision.rules import Variants
from lcr_vision.rules.settings import MAX_PLAYERS, MIN_PLAYERS, STARTING_CHIPS
from lcr_vision.window.screen import Screen, Window, display_available

if TYPE_CHECKING:
    from lcr_vision.calibration.profile import Profile

# The trial tables of measure.calibration_trial by name (`measure calibration --kinds`, `synth
# --table`), written out so that ``--help`` loads no OpenCV; a test holds them to the module's.
TRIAL_KINDS = ("high-camera-tray", "close-camera", "steep-odd-dice", "plain-felt", "printed-lcr",
               "printed-wild", "printed-small", "printed-steep", "printed-felt", "printed-edge",
               "printed-big", "pip-table", "star-center")

def add_command(subparsers: argparse._SubParsersAction, name: str, help: str | None,
                description: str, arguments: Callable[[argparse.ArgumentParser], None],
                run: Callable[[argparse.Namespace], int] | None) -> argparse.ArgumentParser:
    """Add subcommand ``name``: its parser, its ``arguments`` and the ``run`` that it calls (None
    where the subcommands that ``arguments`` adds each have their own); without ``help`` it is
    left out of the list of commands (a developer's tool, listed apart). Every command it runs
    takes ``--language`` (its own, where it says more with it than its refusals), and its help is
    in the language the command line is read in."""
    line, description = words().command(name, help or "", description)
    parser = (subparsers.add_parser(name, help=line, description=description) if help
              else subparsers.add_parser(name, description=description))
    arguments(parser)
    if run is not None:
        parser.set_defaults(run=run)
        if all(action.dest != "language" for action in actions(parser)):
            add_language_option(parser, "default en")
    translate(parser, name)
    return parser


def add_language_option(parser: argparse.ArgumentParser, default: str) -> None:
    """``--language`` of a command that prints only refusals in it; ``default`` says which it
    is without (None here: `lcr_vision.cli.language_of` chooses)."""
    parser.add_argument("--language", choices=LANGUAGES,
                        help=f"language of refusals and of --help ({default})")


def add_session_argument(parser: argparse.ArgumentParser) -> None:
    """The ``SESSION`` folder that ``ledger``, ``review`` and ``amend`` read, and their
    ``--language``, the session's unless given."""
    parser.add_argument("session", type=Path, metavar="SESSION", help="the session folder")
    add_language_option(parser, "default: the session's")


def add_seed_option(parser: argparse.ArgumentParser, default: int = 0,
                    what: str = "random seed") -> None:
    """``--seed``; ``what`` says what it seeds."""
    parser.add_argument("--seed", type=int, default=default, metavar="S",
                        help=f"{what} (default {default})")


def add_seats_option(parser: argparse.ArgumentParser, default: str | None = None) -> None:
    """``--players`` where a game is worked out rather than played: how many, or their names
    (as ``play`` takes them); `seats` reads it."""
    parser.add_argument("--players", default=default, metavar="N|NAMES",
                        help=f"how many players ({MIN_PLAYERS}-{MAX_PLAYERS}), or their names "
                        "in clockwise order, first thrower first, as play takes them (e.g. 4 "
                        "or Ann,Ben,Cat,Dan)" + (f"; default {default}" if default else ""))


def seats(players: str) -> tuple[str, ...]:
    """The players ``--players`` names: ``N`` of them, seated as Seat 1 to Seat N, or the
    comma-separated names (checked as any game's are, by `Settings.create`).

    >>> seats("3"), seats("Ann, Ben,Cat")
    (('Seat 1', 'Seat 2', 'Seat 3'), ('Ann', 'Ben', 'Cat'))
    """
    if re.fullmatch(r"[+-]?\d+", players.strip()):
        count = int(players)
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise UserError(Said("players_range", {"least": MIN_PLAYERS, "most": MAX_PLAYERS,
                                                     "n": count}))
        return tuple(f"Seat {i}" for i in range(1, count + 1))
    return tuple(name.strip() for name in players.split(","))


def add_chips_option(parser: argparse.ArgumentParser, note: str = "") -> None:
    """``--chips``, the chips each player starts with; ``note`` follows the default."""
    parser.add_argument("--chips", type=int, default=STARTING_CHIPS, metavar="N",
                        help=f"starting chips per player (default {STARTING_CHIPS}{note})")


def add_variant_option(parser: argparse.ArgumentParser, help: str) -> None:
    """``--variant``, repeated or comma-separated (read by `variants_from`)."""
    parser.add_argument("--variant", action="append", default=[], metavar="NAME", help=help)


def variants_from(args: argparse.Namespace) -> Variants:
    """The variants of every ``--variant``, each of which may name several."""
    return Variants.parse(v for item in args.variant for v in item.split(",") if v.strip())


MAX_THREADS = 64  # more than any machine lcr-vision runs on gives the model


def thread_count(text: str) -> int:
    """``--threads``: a whole number from 1 to `MAX_THREADS` (argparse says which option)."""
    if not text.strip().isdigit() or not 1 <= int(text) <= MAX_THREADS:
        raise refused(Said("must_count", {"low": 1, "high": MAX_THREADS, "value": text}))
    return int(text)


def add_model_options(parser: argparse.ArgumentParser, threads: bool = True) -> None:
    """``--model`` and, unless told otherwise, ``--threads``: the network that reads the dice."""
    parser.add_argument("--model", type=Path,
                        help="ONNX dice model (default: the shipped models/dice.onnx)")
    if threads:
        parser.add_argument("--threads", type=thread_count, default=1,
                            help=f"CPU threads for the model, 1 to {MAX_THREADS} (default: 1)")


def add_where_options(parser: argparse.ArgumentParser, camera: str, source_metavar: str,
                      source: str) -> None:
    """``--camera N`` or ``--source``, the one or the other; ``camera`` and ``source`` say what
    each is read for."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--camera", type=int, metavar="N",
                       help=f"{camera} webcam N (the default, with N = 0)")
    where.add_argument("--source", metavar=source_metavar, help=source)
    parser.add_argument("--resolution", metavar="WxH",
                        help="open the webcam in this mode, e.g. 1280x720 (default: the largest "
                        "of 1920x1080 and 1280x720 it takes, else its own; with --calibration, "
                        "the mode the profile was made at); the size of the simulated table")


def resolution_from(resolution: str | None, profile: Profile | None = None) -> Mode | None:
    """The webcam mode asked for: ``--resolution`` (``resolution``), else the frames ``profile``
    was made from (its play area is in their pixels), else ``None``: the largest."""
    if resolution is not None:
        return parse_mode(resolution)
    frame = None if profile is None else profile.view.frame
    return None if frame is None else (int(frame[0]), int(frame[1]))


def add_window_options(parser: argparse.ArgumentParser, headless: str) -> None:
    """``--headless`` (``headless`` says what happens without the window) and ``--mute``."""
    parser.add_argument("--headless", action="store_true",
                        help=f"no window{headless}. Automatic where no display is available")
    parser.add_argument("--mute", action="store_true",
                        help="print what would be said, speak nothing")


def screen_from(headless: bool, language: str) -> Screen:
    """A window unless ``--headless`` or no display can show one (said in ``language``)."""
    if headless:
        return Screen()
    if not display_available():
        warn_in(language)(Said("no_display"))
        return Screen()
    return Window()
