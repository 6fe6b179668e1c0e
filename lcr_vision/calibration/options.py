"""``--calibration NAME_OR_PATH`` for the commands that read dice (play, detect, demo, eval).

Two calls wire a command to profiles: :func:`add_argument` on its parser, :func:`reader_for` where
it builds its reader. The profile's dice kind is the default for ``--dice``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from lcr_vision.calibration.profile import Profile
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


def reader_for(args: argparse.Namespace, pyramid: bool = False) -> Reader:
    """The reader that ``--model``, ``--dice``, ``--threads`` and ``--calibration`` ask for;
    without a profile, ``pyramid`` makes it look at every scale (`DiceReader`), as photos deserve.
    A profile's view already brings the dice to the size the reader reads best."""
    if not getattr(args, "calibration", None):
        from lcr_vision.vision.reader import DiceReader

        return DiceReader(args.model, args.dice, args.threads, pyramid=pyramid)
    profile = load(args.calibration)
    return profile_reader(profile, args.model, args.threads, args.dice or profile.dice)


def profile_reader(profile: Profile, model: Path | None = None, threads: int = 1,
                   dice: DiceKind | None = None) -> CalibratedReader:
    """A reader with ``profile``'s thresholds, seeing frames through its view; ``dice`` (default:
    the profile's) limits the faces reported."""
    from lcr_vision.vision.reader import DiceReader

    reader = DiceReader(model, dice or profile.dice, threads, profile.heat_threshold,
                        profile.min_score, pyramid=profile.pyramid)
    return CalibratedReader(reader, profile.view)
