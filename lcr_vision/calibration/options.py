"""``--calibration NAME_OR_PATH`` for the commands that read dice (play, detect, demo, eval).

Two calls wire a command to profiles: :func:`add_argument` on its parser, :func:`reader_for` where
it builds its reader. The profile's dice kind is the default for ``--dice``.
"""

from __future__ import annotations

import argparse

from lcr_vision.calibration.store import load
from lcr_vision.calibration.view import CalibratedReader, Reader
from lcr_vision.faces import DiceKind


def add_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--calibration`` to ``parser``."""
    parser.add_argument(
        "--calibration", metavar="NAME_OR_PATH",
        help="read the dice through a calibration profile: the name of one made with "
        "`lcr-vision calibrate` (or of a shipped default: boxed, wild, regular), or a profile "
        "file's path; its dice are the default for --dice")


def reader_for(args: argparse.Namespace) -> Reader:
    """The reader that ``--model``, ``--dice``, ``--threads`` and ``--calibration`` ask for."""
    from lcr_vision.vision.reader import DiceReader

    profile = load(args.calibration) if getattr(args, "calibration", None) else None
    kind = DiceKind(args.dice) if args.dice else profile.dice if profile else None
    reader = DiceReader(args.model, kind, args.threads)
    return reader if profile is None else CalibratedReader(reader, profile.view)
