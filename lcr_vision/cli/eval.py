"""``lcr-vision eval``: score the dice reader against a labelled image set
(docs/formats.md labels.csv)."""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from lcr_vision.cli.reading import add_reader_options, reader_from
from lcr_vision.measure.metrics import LABELS, Scores

SPLITS = ("all", "validation", "train")


HELP = "score the dice reader on labelled photos"
DESCRIPTION = (
    "Read every labelled image and report recall, precision, face accuracy of matched dice, die "
    "accuracy, game-outcome accuracy, exact images, false dice per empty frame (images listed in "
    "empty.txt) and the confusion matrix."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--labels", type=Path, required=True, nargs="+", metavar="CSV",
                   help="labels.csv (file,width,height,class,xmin,ymin,xmax,ymax); the rows of "
                   "further files are added, as corrections to a set that cannot change (e.g. "
                   "lcr_vision/data/real-d6-tray-errata.csv: dice the real set's labels leave out)")
    p.add_argument("--images", type=Path, metavar="DIR",
                   help="folder of the images (default: images/ beside the first CSV)")
    p.add_argument("--split", choices=SPLITS, default="all",
                   help="score only the fixed validation (or training) split of the real photo "
                   "set, chosen by a hash of each file name (default: all)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    add_reader_options(p, photos=True)


def pct(value: float) -> str:
    """A ratio as a percentage, ``n/a`` when there was nothing to count."""
    return "n/a" if math.isnan(value) else f"{100 * value:.2f}%"


def format_scores(s: Scores) -> str:
    """The figures as an aligned text report with the confusion matrix (rows: truth)."""
    empty = f"{s.false_per_empty:.3f}" if s.empty_images else "n/a"
    lines = [
        f"images {s.images}, dice {s.dice}, found {s.found}",
        f"recall          {pct(s.recall)}",
        f"precision       {pct(s.precision)}",
        f"face accuracy   {pct(s.face_accuracy)}   (of matched dice)",
        f"die accuracy    {pct(s.die_accuracy)}   (right / (labelled + phantom))",
        f"exact images    {pct(s.exact_images)}",
        f"game outcome    {pct(s.game_accuracy)}   (faces mapped to L/C/R/dot/wild)",
        f"false dice per empty frame {empty} ({s.empty_images} empty images)",
        "read right by die size: " + (", ".join(
            f"{band} px {pct(read / dice)} of {dice}" for band, dice, read in s.by_size) or "n/a"),
        "confusion (rows: labelled, columns: found; none = missed / phantom)",
    ]
    used = [i for i in range(len(LABELS))
            if any(s.confusion[i]) or any(row[i] for row in s.confusion)]
    lines.append("      " + "".join(f"{LABELS[j]:>6}" for j in used))
    lines += [f"{LABELS[i]:>6}" + "".join(f"{s.confusion[i][j]:>6}" for j in used) for i in used]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from lcr_vision.measure.metrics import score
    from lcr_vision.meter import metered
    from lcr_vision.vision.images import load_image
    from lcr_vision.vision.labels import read_labels
    from lcr_vision.vision.split import in_split

    truth = {n: t for n, t in read_labels(*args.labels).items() if in_split(n, args.split)}
    folder = args.images or args.labels[0].parent / "images"
    reader = reader_from(args, pyramid=not args.one_look)
    found = {name: reader.read(load_image(folder / name))
             for name in metered(sorted(truth), "eval: images read")}
    scores = score(truth, found)
    print(json.dumps(scores.as_dict(), indent=1) if args.json else format_scores(scores))
    return 0
