"""``lcr-vision calibrate``: a guided session that fits the dice reader to one table and saves it
as a profile that ``play``, ``detect`` and ``demo`` use with ``--calibration NAME``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lcr_vision.calibration.profile import profile_name
from lcr_vision.cli.dice import add_dice_option
from lcr_vision.cli.options import (
    add_model_options,
    add_where_options,
    add_window_options,
    resolution_from,
    screen_from,
)
from lcr_vision.errors import Said, UserError
from lcr_vision.faces import DiceKind, FaceMap
from lcr_vision.phrases.calibration import LANGUAGES, CalibrationWords

HELP = "fit the dice reader to your dice, table and camera"
DESCRIPTION = (
    "A guided session, spoken and shown in a window (or headless from a folder of photos or a "
    "video): (1) the empty table: background, play area, light; (2) the dice size; (3) the face "
    "map of regular dice; (4) check rolls, read and confirmed or corrected, which choose the play "
    "area and scale the reader reads best; (5) learning these dice from the check rolls, kept "
    "only where it reads held-out check rolls better. The profile is saved in the user's data "
    "folder only when the calibration succeeds. With --update NAME SESSION..., a profile learns "
    "its dice again from the photo logs of games played with it, under the same held-out rule."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_dice_option(p, "the profile is for these dice (required, except with --update)")
    p.add_argument("--name",
                   help="the profile's name, later given to --calibration (an existing profile "
                   "of that name is replaced only by a successful calibration; required, "
                   "except with --update)")
    p.add_argument("--update", metavar="NAME_OR_PATH",
                   help="learn this profile's dice again from the SESSION folders' rolls (their "
                   "photos and the faces in their ledgers, corrections included); saved only if "
                   "it reads held-out rolls clearly better than the profile does now")
    p.add_argument("sessions", nargs="*", type=Path, metavar="SESSION",
                   help="with --update: the session folders of games played with the profile")
    add_where_options(p, "calibrate live with", "FILE_OR_URL|DIR",
                      "a video or stream whose first still moment is the empty table and each "
                      "later one a check roll; or a folder of photos, in name order, the first "
                      "of the empty table (with --answers: the photos without dice)")
    p.add_argument("--answers", type=Path, metavar="LABELS_CSV",
                   help="the faces up in each check roll, as labels.csv (docs/formats.md): for a "
                   "folder, photos without rows are the empty table; for a video, the labelled "
                   "files in name order are the rolls in order. Nobody is asked anything")
    p.add_argument("--roi", metavar="X,Y,W,H",
                   help="the play area in frame pixels (default: the tray found, or the whole "
                   "frame; in the window it can be dragged)")
    p.add_argument("--face-map", metavar="MAP",
                   help="how regular dice count, e.g. 1=L,2=dot,3=R,4=dot,5=C,6=dot "
                   "(default 1-3 dot, 4 L, 5 C, 6 R)")
    p.add_argument("--rolls", type=int, default=10, metavar="N",
                   help="check rolls to make when rolling live or typing answers (default 10)")
    p.add_argument("--language", choices=LANGUAGES, default="en",
                   help="language of what calibration says and prints (default en)")
    p.add_argument("--keep-anyway", action="store_true",
                   help="write the profile even where it reads under 80%% of the check dice "
                   "right (it says what to change first)")
    add_window_options(p, ": answers are typed at the terminal")
    add_model_options(p)


def parse_roi(text: str | None) -> tuple[int, int, int, int] | None:
    """``--roi x,y,w,h`` as four pixel numbers.

    >>> parse_roi("10, 20,300,200")
    (10, 20, 300, 200)
    """
    if text is None:
        return None
    parts = text.replace(" ", "").split(",")
    if len(parts) != 4 or not all(p.isdigit() for p in parts) or min(map(int, parts[2:])) < 16:
        raise UserError(Said("roi_syntax", {"roi": text}))
    x, y, w, h = map(int, parts)
    return x, y, w, h


def run(args: argparse.Namespace) -> int:
    if args.update is not None:
        return run_update(args)
    if args.sessions:
        raise UserError(Said("sessions_for_update"))
    missing = [flag for flag, value in (("--dice", args.dice), ("--name", args.name))
               if value is None]
    if missing:
        raise UserError(Said("calibrate_needs", {"missing": ", ".join(missing)}))
    from lcr_vision.calibration.dialogue import Dialogue
    from lcr_vision.calibration.guide import Calibration, Request
    from lcr_vision.calibration.store import save, save_checks
    from lcr_vision.camera import open_source
    from lcr_vision.phrases.spoken import note_in, warn_in
    from lcr_vision.speech import Announcer
    from lcr_vision.vision.labels import read_answers
    from lcr_vision.vision.reader import DiceReader, ReaderSettings

    kind = args.dice
    try:
        profile_name(args.name)
    except ValueError as exc:
        raise UserError(Said("profile_name", {"why": exc.args[0]})) from None
    if args.rolls < 1:
        raise UserError(Said("rolls_least"))
    if args.face_map is not None and kind is not DiceKind.PIP:
        raise UserError(Said("face_map_regular"))
    face_map = None if args.face_map is None else FaceMap.parse(args.face_map)
    request = Request(args.name, kind, face_map, parse_roi(args.roi), args.rolls, args.language,
                      args.keep_anyway)
    answers = None if args.answers is None else read_answers(args.answers, kind)
    # a missing or broken model is the first thing said
    reader = DiceReader(args.model, ReaderSettings(kind), args.threads)
    source = open_source(args.camera, args.source, warn=warn_in(args.language),
                         resolution=resolution_from(args.resolution), tell=note_in(args.language))
    screen = screen_from(args.headless, args.language)
    try:
        with Announcer.start(args.language, mute=args.mute) as announcer:
            dialogue = Dialogue(announcer, screen, sys.stdin, asks=answers is None,
                                words=CalibrationWords(args.language))
            calibration = Calibration(request, reader, source, dialogue, answers)
            profile = calibration.run()
            path = save(profile)
            save_checks(path, calibration.checks)
            announcer.say(CalibrationWords(args.language).sentence("saved", name=profile.name))
        print(f"profile: {path}")
    finally:
        screen.close()
        source.close()
    return 0


def run_update(args: argparse.Namespace) -> int:
    """``--update NAME SESSION...``: the profile learns its dice from games played with it."""
    from lcr_vision.calibration.store import load, save
    from lcr_vision.calibration.update import update

    if not args.sessions:
        raise UserError(Said("update_needs"))
    for flag, value in (("--dice", args.dice), ("--name", args.name), ("--source", args.source),
                        ("--camera", args.camera), ("--answers", args.answers),
                        ("--resolution", args.resolution)):
        if value is not None:
            raise UserError(Said("update_takes", {"option": flag}))
    old = load(args.update)
    words = CalibrationWords(args.language)
    profile, learnt = update(old, args.sessions, args.model, args.threads, words)
    if profile.turn != old.turn:
        print(words.far_side(profile.turn))
    b, a = learnt.before, learnt.after
    print(words.sentence("update_learnt" if learnt.head is not None else "update_not_kept",
                         b=b.right, bd=b.dice, a=a.right, ad=a.dice, rolls=b.rolls))
    print(f"profile: {save(profile)}")
    return 0
