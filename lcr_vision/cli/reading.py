"""The dice reader's options, the profile and the reader they ask for: shared by ``detect``,
``eval``, ``play`` and ``demo``, so that each subcommand takes them from here rather than from
another's module."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from lcr_vision.cli.dice import add_dice_option
from lcr_vision.cli.options import add_model_options
from lcr_vision.vision.limits import MAX_PIXELS

if TYPE_CHECKING:
    from lcr_vision.calibration.play_area import CalibratedReader
    from lcr_vision.calibration.profile import Profile
    from lcr_vision.vision.reader import DiceReader


def add_reader_options(parser: argparse.ArgumentParser, photos: bool = False) -> None:
    """The options that choose and tune the dice reader (shared with ``eval``, ``play`` and
    ``demo``); ``photos`` adds ``--one-look`` (``detect`` and ``eval``: the live loop always
    looks once)."""
    add_dice_option(parser, "only their faces are reported (default: the calibration "
                    "profile's dice, else any face, each frame's dice read as one set)")
    add_model_options(parser)
    add_calibration_option(parser)
    parser.add_argument("--max-megapixels", type=float, default=MAX_PIXELS / 1e6, metavar="MP",
                        help="refuse photo files of more megapixels than this, before decoding "
                        f"them (default {MAX_PIXELS / 1e6:g})")
    if photos:
        parser.add_argument(
            "--one-look", action="store_true",
            help="find dice in one look at the photo shrunk to 320 px, as the live camera loop "
            "does: faster on big photos, but it misses many dice under about 3%% of the photo's "
            "width (default: also look at twice that scale and twice again up to the photo's "
            "own; with --calibration the profile says how to look)")


def add_calibration_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--calibration`` to ``parser``."""
    parser.add_argument(
        "--calibration", metavar="NAME_OR_PATH",
        help="read the dice through a calibration profile: the name of one made with "
        "`lcr-vision calibrate` (or of a shipped default: boxed, wild, regular), or a profile "
        "file's path; its dice are the default for --dice")


def profile_from(args: argparse.Namespace) -> Profile | None:
    """The profile ``--calibration`` names, loaded once for all that reads through it; None
    without one."""
    if not getattr(args, "calibration", None):
        return None
    from lcr_vision.calibration.store import load  # imported lazily: fast --help

    return load(args.calibration)


def reader_from(args: argparse.Namespace, pyramid: bool = False) -> DiceReader | CalibratedReader:
    """The reader that ``--model``, ``--dice``, ``--threads`` and ``--calibration`` ask for
    (`reader_for`); without a profile, ``pyramid`` makes it look at every scale."""
    from lcr_vision.calibration.profile import reader_for

    return reader_for(profile_from(args), args.model, args.threads, args.dice, pyramid,
                      getattr(args, "language", "en"))
