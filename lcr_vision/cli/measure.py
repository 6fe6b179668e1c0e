"""``lcr-vision measure``: the accuracy studies of the model card, one subcommand each.

- ``holdout``: rendered scenes outside (or, ``--in-range``, inside) the training's settings;
- ``shifts``: the real validation split as other cameras would show it;
- ``calibration``: rendered tables calibrated on a few check rolls and scored on others;
- ``losses``: where a labelled set's (or renders') dice are lost: not located, dropped or
  misread;
- ``games``: whole games through the table loop, every question answered with the truth;
- ``reliability``: how often dice committed at each doubt threshold are wrong;
- ``commit-level``: the commit level whole rolls bound silent errors at, pooled across tables.

Each prints what it measured; none is timed (``bench`` measures speed).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from lcr_vision.cli.dice import add_dice_option
from lcr_vision.cli.options import TRIAL_KINDS, add_command, add_model_options
from lcr_vision.errors import Said, UserError

if TYPE_CHECKING:  # the modules load on use, so that --help loads no OpenCV
    from lcr_vision.synth.ranges import Ranges


def _render_ranges(args: argparse.Namespace) -> Ranges:
    """The rendered scenes' settings that the holdout options ask for."""
    from lcr_vision.measure.holdout import OUT_OF_RANGE
    from lcr_vision.synth.ranges import Ranges
    from lcr_vision.synth.typefaces import printed

    base = Ranges() if args.in_range else OUT_OF_RANGE
    ranges = replace(base, tilt_deg=tuple(args.tilt or base.tilt_deg),
                     roll_deg=tuple(args.roll or base.roll_deg),
                     die_px=tuple(args.die_px or OUT_OF_RANGE.die_px))
    return printed(ranges, held=True) if args.typefaces else ranges


def _holdout(args: argparse.Namespace) -> int:
    from lcr_vision.measure.holdout import holdout_report

    print(json.dumps(holdout_report(args.model, args.count, args.seed, _render_ranges(args),
                                    tuple(args.size), args.one_look), indent=1))
    return 0


def _shifts(args: argparse.Namespace) -> int:
    from lcr_vision.measure.shifts import REAL, shift_table

    args.labels = args.labels or REAL
    if not args.labels.is_file():
        raise UserError(Said("no_labels", {"path": str(args.labels)}))
    for line in shift_table(args.labels, args.model, args.photos):
        print(line, flush=True)
    return 0


def _calibration(args: argparse.Namespace) -> int:
    kinds = args.kinds and [k for named in args.kinds for k in TRIAL_KINDS
                            if k == named or named == "printed" and k.startswith("printed-")]
    if args.table_check:
        from lcr_vision.measure.light_trial import table_check_lines

        lines = table_check_lines(args.calibration_rolls, args.seed, args.tables, kinds)
    else:
        from lcr_vision.measure.calibration_trial import trial_lines

        lines = trial_lines(args.calibration_rolls, args.test_rolls, args.seed, args.tables,
                            args.model, kinds, args.show_faces)
    for line in lines:
        print(line, flush=True)
    return 0


def _games(args: argparse.Namespace) -> int:
    from lcr_vision.measure.games import measure_games, report_lines

    if args.evening:
        from lcr_vision.measure.evening_trial import EVENING_TABLES, SEED, evening_lines

        unknown = set(args.sets or ()) - set(EVENING_TABLES)
        if unknown:
            raise UserError(Said("no_evening_table", {"name": min(unknown),
                                                      "tables": ", ".join(EVENING_TABLES)}))
        if not 1 <= args.games <= 20:
            raise UserError(Said("evening_games"))
        from lcr_vision.camera.capture import parse_mode

        size = (640, 480) if args.resolution is None else parse_mode(args.resolution)
        for line in evening_lines(args.sets or EVENING_TABLES,
                                  SEED if args.seed is None else args.seed, args.games,
                                  args.model, size):
            print(line, flush=True)
        return 0
    if not 1 <= args.games <= 100 or not 0 <= args.videos <= 20:
        raise UserError(Said("games_videos"))
    report = measure_games(args.games, args.videos, args.seed, args.sets, args.model)
    print(json.dumps(report, indent=1) if args.json else "\n".join(report_lines(report)))
    return 0


def _games_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, default=3, help="folder games a set (default 3)")
    p.add_argument("--videos", type=int, default=1,
                   help="rendered video games a video set (default 1; 0 leaves them out)")
    p.add_argument("--sets", nargs="+", metavar="SET",
                   help="the sets to play, by name as the table prints them (default all)")
    p.add_argument("--seed", type=int, help="render and game seed (default 4000)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--evening", action="store_true",
                   help="an evening at each of a few tables instead: calibrate on the table's "
                   "first 20 rolls, then play three games in a row, every question answered, "
                   "the table learning after each game; then the same games with nobody "
                   "answering. Prints a JSON line per table, then per game: rolls, questions per "
                   "100, silent wrong dice per 1,000, exact ledger, whether the table learnt, "
                   "how the game ended with nobody answering (right, flagged, wrong), and why "
                   "the rolls answered were asked (a die missing, one too many, every die read "
                   "right but under the doubt, or read wrong). "
                   "--sets names its tables (printed-lcr, printed-wild, pip-table, printed-big, "
                   "'tray photos'), --games how many of each (seeds from --seed, default 5000)")
    p.add_argument("--resolution", metavar="WxH",
                   help="with --evening: the rendered tables' frames, e.g. 1280x720, the same "
                   "view as at 640x480 with its dice in proportion (default 640x480; the tray "
                   "photos stay as taken)")


def _reliability(args: argparse.Namespace) -> int:
    from lcr_vision.measure.reliability import curves, table

    if not 10 <= args.count <= 2000:
        raise UserError(Said("count_range"))
    found = curves(args.count, args.model)
    if args.json:
        print(json.dumps({n: {"dice": len(c.scores), "threshold for 1/1000": c.threshold(),
                              "curve": {str(t): c.at(t) for t in c.THRESHOLDS}}
                          for n, c in found.items()}, indent=1))
    else:
        print("\n".join(table(found)))
    return 0


def _commit_level(args: argparse.Namespace) -> int:
    from lcr_vision.measure.calibration_trial import read_rolls
    from lcr_vision.measure.commit_level import report, report_lines, tray_rolls
    from lcr_vision.meter import Meter
    from lcr_vision.synth.typefaces import has_pillow, typefaces

    if not 10 <= args.rolls <= 5000:
        raise UserError(Said("rolls_range"))
    if args.calibrated and not 5 <= args.calibrated <= 40:
        raise UserError(Said("calibrated_range"))
    printing = has_pillow() and bool(typefaces())
    kinds = [k for k in COMMIT_KINDS if printing or not k.startswith("printed-")]
    sets = {}
    with Meter("measure commit-level: tables read", len(kinds) * args.tables + 1) as meter:
        if tray := tray_rolls(args.model):
            sets["tray photos"] = tray
        meter.advance()
        for kind in kinds:
            for seed in range(args.seed, args.seed + args.tables):
                sets[f"{kind} {seed}"] = read_rolls(kind, args.rolls, seed, args.model,
                                                    args.calibrated)
                meter.advance()
    found = report(sets)
    if args.json:
        print(json.dumps({"chosen": found["chosen"], "pooled": {
            str(level): vars(t) for level, t in found["pooled"].items()}, "sets": {
            name: {str(level): vars(t) for level, t in tallies.items()}
            for name, tallies in found["sets"].items()}}, indent=1))
    else:
        print("\n".join(report_lines(found)))
    return 0


def _commit_level_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rolls", type=int, default=200, help="rolls of each table (default 200)")
    p.add_argument("--tables", type=int, default=1,
                   help="tables of each kind, one render seed each (default 1)")
    p.add_argument("--seed", type=int, default=COMMIT_SEED,
                   help=f"first render seed (default {COMMIT_SEED}: no other study uses it)")
    p.add_argument("--calibrated", type=int, default=0, metavar="ROLLS",
                   help="calibrate each table on this many check rolls first (10 as a family "
                   "would), up to 10 more if it asks, and read the rolls after them through its "
                   "profile, at its doubt where that is higher (default 0: uncalibrated)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")


def _reliability_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--count", type=int, default=200, help="renders a set (default 200)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")


def _losses(args: argparse.Namespace) -> int:
    from lcr_vision.measure.losses import labelled_photos, losses
    from lcr_vision.vision.labels import read_labels
    from lcr_vision.vision.reader import DiceReader, ReaderSettings
    from lcr_vision.vision.split import in_split

    if args.renders:
        from lcr_vision.faces import DiceKind
        from lcr_vision.measure.holdout import holdout_scenes

        scenes = holdout_scenes(args.renders, args.count, args.seed, _render_ranges(args),
                                size=tuple(args.size))
        photos = ((truth, scene.image) for truth, scene in scenes)
    elif args.rune55:  # a missing labels file is read_labels' one-line error
        from lcr_vision.training.realset import rune55_photos

        photos = labelled_photos(rune55_photos(args.rune55, validation=True),
                                 args.rune55 / "images")
    else:
        truth = {n: t for n, t in read_labels(*args.labels).items() if in_split(n, args.split)}
        photos = labelled_photos(truth, args.labels[0].parent / "images")
    dice = args.dice or (DiceKind(args.renders) if args.renders else None)
    reader = DiceReader(args.model, ReaderSettings(dice, pyramid=not args.one_look))
    print(json.dumps(losses(reader, photos), indent=1))
    return 0


# The studies' defaults, written out so that ``--help`` loads no OpenCV; a test checks them
# against the modules' own (measure.holdout SEED and SIZE, measure.calibration_trial SEED;
# the trial tables, TRIAL_KINDS, are cli.options').
HOLDOUT_SEED, HOLDOUT_SIZE, TRIAL_SEED = 1000, (640, 480), 2000
TRIAL_DEFAULT = TRIAL_KINDS[:6]
COMMIT_SEED = 7000
# The trial tables whose rolls bound the commit level: all but star-center, whose star the
# reader takes for a wild face until calibration teaches it (the model card's limits).
COMMIT_KINDS = tuple(k for k in TRIAL_KINDS if k != "star-center")


HELP = "the model card's accuracy studies"
DESCRIPTION = (
    "The accuracy studies of the model card (models/README.md): holdout (rendered scenes the "
    "model never trained on), shifts (the real split as other cameras would show it) and "
    "calibration (rendered tables calibrated on a few check rolls). Each prints what it "
    "measured; `bench` measures speed."
)


def _one_look_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--one-look", action="store_true",
                   help="read as the live camera loop does, in one look (320 px for 640x480, 640 "
                   "px for 1280x720 and larger; default: at every scale, as `lcr-vision detect` "
                   "and `eval` read photos)")


def _render_arguments(p: argparse._ActionsContainer, count: int) -> None:
    p.add_argument("--count", type=int, default=count, help=f"scenes per set (default: {count})")
    p.add_argument("--seed", type=int, default=HOLDOUT_SEED,
                   help=f"render seed (default: {HOLDOUT_SEED})")
    p.add_argument("--in-range", action="store_true",
                   help="draw the dice in the training's own fonts, colours and tilts (still "
                   "with a seed never trained on): what the reader misses there is not a "
                   "failure to generalise but the scenes' difficulty (tiny, blurred dice)")
    p.add_argument("--tilt", type=float, nargs=2, metavar=("LO", "HI"),
                   help="camera tilts in degrees (default: 40 50, past the training's 0-40; "
                   "0 40 leaves only the other fonts and colours out of range; with "
                   "--in-range: 0 40)")
    p.add_argument("--roll", type=float, nargs=2, metavar=("LO", "HI"),
                   help="camera roll about its axis in degrees (default: any, -180 180; -12 12 "
                   "is a webcam standing at the table's edge, the far side up, as an upright "
                   "model is trained)")
    p.add_argument("--size", type=int, nargs=2, metavar=("W", "H"), default=HOLDOUT_SIZE,
                   help="frame size in pixels (default: 640 480)")
    p.add_argument("--die-px", type=float, nargs=2, metavar=("LO", "HI"),
                   help="die edge in pixels at the frame's centre, log-uniform (default: the "
                   "renderer's 14 140; for a big photo of a far table, say 40 120 at 4032 3024)")
    p.add_argument("--typefaces", action="store_true",
                   help="print every boxed die in the TrueType typefaces and wild designs kept "
                   "out of training (lcr_vision.synth.typefaces; needs Pillow and fonts)")


def _holdout_arguments(p: argparse.ArgumentParser) -> None:
    _render_arguments(p, 200)
    _one_look_option(p)


def _shifts_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--labels", type=Path,
                   help="labels.csv of the real set (default: ../shared/data/real-d6-tray)")
    p.add_argument("--photos", type=int, help="score only the first N photos of the split")


def _calibration_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--calibration-rolls", type=int, default=10,
                   help="check rolls the calibration sees first (default: 10); one that "
                   "asks for more is done again with up to 10 more, as a user rolls them")
    p.add_argument("--test-rolls", type=int, default=40,
                   help="other rolls of the same table scored (default: 40)")
    p.add_argument("--seed", type=int, default=TRIAL_SEED,
                   help=f"first render seed (default: {TRIAL_SEED})")
    p.add_argument("--tables", type=int, default=3,
                   help="tables of each kind, one render seed each (default: 3)")
    printed = "'printed' is every printed kind: one family's dice whose letters and wild design " \
        "training never saw, 18-90 px, the calibration targets' tables; they need Pillow"
    p.add_argument("--kinds", nargs="+", choices=(*TRIAL_KINDS, "printed"), metavar="KIND",
                   help=f"these kinds of table (default: {', '.join(TRIAL_DEFAULT)}; of "
                   f"{', '.join(TRIAL_KINDS)}); {printed}")
    p.add_argument("--show-faces", action="store_true",
                   help="a photo of one die with each face up joins the check rolls, as "
                   "calibration's step 5 asks someone at the table to show them")
    p.add_argument("--table-check", action="store_true",
                   help="measure only the check that the rolls show the empty table's table: "
                   "each table's own rolls under drifting exposure and after a lamp is moved "
                   "(should be accepted), another table's and a moved camera's (should be "
                   "refused); no model is run")


def _losses_arguments(p: argparse.ArgumentParser) -> None:
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--labels", type=Path, nargs="+", metavar="CSV",
                       help="labels.csv of a set (images/ beside it), and any errata files")
    where.add_argument("--rune55", type=Path, metavar="DIR",
                       help="rune55-d6's validation split, as training and bench draw it")
    where.add_argument("--renders", choices=("pip", "lcr", "wild"), metavar="KIND",
                       help="rendered scenes of pip, lcr or wild dice, as `measure holdout` "
                       "draws them (its options below; --dice defaults to these)")
    p.add_argument("--split", choices=("all", "validation", "train"), default="validation",
                   help="with --labels: the fixed split of the set to read (default: validation)")
    add_dice_option(p, "only their faces are reported (default: any face, each photo's dice "
                    "read as one set)")
    _one_look_option(p)
    _render_arguments(p.add_argument_group("with --renders"), 100)


# Each study: its name, help, description, options and what runs it.
STUDIES = (
    ("holdout", "rendered scenes the model never trained on",
     ("Score the reader on rendered LCR and Wild scenes with seeds and settings never trained "
      "on, and count false dice on as many empty tables; prints JSON."),
     _holdout_arguments, _holdout),
    ("shifts", "the real split as other cameras would show it",
     ("Die accuracy and photos exactly right on the real validation split under each shift "
      "(half and double size, JPEG 50 and 25, warm light, soft focus, dim and noisy), in one look "
      "and at every scale; prints a Markdown table."),
     _shifts_arguments, _shifts),
    ("calibration", "calibration on rendered tables, before and after",
     ("For each kind of rendered table the model never trained on, calibrate on a few check "
      "rolls and score other rolls of the same table with the default reader and with the "
      "profile; one JSON line a table, then each kind's totals, the tables refused, those "
      "read worse after calibrating, and those given more check rolls."),
     _calibration_arguments, _calibration),
    ("losses", "where a labelled set's dice are lost",
     ("For each size band of a labelled set's dice (real photos or renders): the share the "
      "locator puts a peak on, the "
      "share of those the classifier drops (none, or no face sure enough), those it misreads and "
      "those read right; prints JSON. It tells whether the locator or the classifier loses "
      "them."),
     _losses_arguments, _losses),
    ("games", "whole games through the table, questions answered with the truth",
     ("Play games of three players through the table loop and the shipped reader: folders of "
      "the real validation splits' photos and of renders (boxed, Wild, pip, held-out "
      "typefaces; webcam tilts to 45 degrees), and rendered videos with throws, hands and "
      "settling. Every question is answered with the true faces, as a player would type them. "
      "Prints, per set: games, games whose ledger ends exactly right, rolls, questions per 100 "
      "rolls, and dice committed wrong without a question per 1,000 committed."),
     _games_arguments, _games),
    ("reliability", "how often dice committed at each doubt threshold are wrong",
     ("Read the real validation splits (every scale) and renders of boxed, Wild and pip dice "
      "from a webcam at the table's edge (one look), and score every die reported: for each "
      "doubt threshold, the share of dice committed without a question and how many of them "
      "are wrong (per 1,000), then the least threshold that keeps each set's committed dice "
      "wrong at most 1 in 1,000."),
     _reliability_arguments, _reliability),
    ("commit-level", "the commit level, from rolls pooled across tables, with a bound",
     ("Read the tray's real validation photos and rolls of every trial table but star-center "
      "(renders the model never trained on; the printed ones need Pillow) as the table reads "
      "them, uncalibrated or (--calibrated) through each table's own profile, and judge each "
      "roll as the table does at each commit level: the rolls it would ask about, the dice it "
      "would commit and how many of those are wrong, pooled, with a 95% upper bound on their "
      "error rate; then the lowest level whose bound is at most 1 in 1,000 (3,000 committed "
      "dice with none wrong), and each set's figures."),
     _commit_level_arguments, _commit_level),
)


def add_arguments(measure: argparse.ArgumentParser) -> None:
    """The studies, each with its own options and ``--model``."""
    studies = measure.add_subparsers(dest="study", required=True, metavar="STUDY")
    for name, summary, description, arguments, run in STUDIES:
        study = add_command(studies, name, summary, description, arguments, run)
        add_model_options(study, threads=False)
