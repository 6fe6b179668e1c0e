"""``lcr-vision synth``: write rendered, labelled dice scenes to a folder in the shared format."""

from __future__ import annotations

import argparse
from pathlib import Path

from lcr_vision.cli.options import TRIAL_KINDS, add_seed_option
from lcr_vision.cli.usage import refused
from lcr_vision.errors import Said, UserError


class SynthError(UserError):
    """A bad ``synth`` option."""


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise refused(Said("size_syntax", {"size": text})) from None
    if not (16 <= w <= 8192 and 16 <= h <= 8192):
        raise refused(Said("size_range", {"size": text}))
    return w, h


def _kinds(text: str) -> tuple[str, ...]:
    kinds = tuple(k.strip() for k in text.split(",") if k.strip())
    bad = [k for k in kinds if k not in ("pip", "lcr", "wild", "mixed")]
    if bad or not kinds:
        raise refused(Said("kind_syntax", {"kind": text}))
    return kinds


HELP = "render labelled synthetic dice scenes"
DESCRIPTION = (
    "Render photo-like scenes of dice on tables (3-D dice under a tilted camera, varied tables, "
    "chips, cards and hands, blur, noise and JPEG) and write DIR/images/*.jpg with DIR/labels.csv "
    "(one row per die fully in frame: the box around its top face and its face token). The same "
    "seed always gives the same images."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--kind", type=_kinds, default=("mixed",), metavar="KIND[,KIND...]",
                   help="which dice: pip (1-6), lcr (L, C, R, dot), wild (L, C, R, dot, wild) or "
                   "mixed (each die any of them); several, comma-separated, take turns from image "
                   "to image; default mixed")
    p.add_argument("--n", type=int, default=100, metavar="N",
                   help="how many scenes with dice to render (default 100)")
    add_seed_option(p)
    p.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder to write into")
    p.add_argument("--size", type=_size, default=(640, 480), metavar="WxH",
                   help="image size in pixels (default 640x480)")
    p.add_argument("--empty", type=int, default=0, metavar="K",
                   help="also render K scenes without dice (distractors only), listed in "
                   "DIR/empty.txt (default 0)")
    p.add_argument("--table", choices=TRIAL_KINDS, metavar="TABLE",
                   help="instead, one table as a calibration rehearsal: three photos of it empty "
                   "(no rows in labels.csv) and N rolls of 1-3 dice, its exposure drifting "
                   f"from photo to photo; one of {', '.join(TRIAL_KINDS)} (--kind, --size and "
                   "--empty do not apply)")


def run(args: argparse.Namespace) -> int:
    from lcr_vision.synth.dataset import write_dataset

    if args.n < 0 or args.empty < 0:
        raise SynthError(Said("render_negative"))
    if args.n + args.empty == 0:
        raise SynthError(Said("render_nothing"))
    if args.out.exists() and not args.out.is_dir():
        raise SynthError(Said("out_not_folder", {"path": str(args.out)}))
    if args.table is not None:
        from lcr_vision.measure.calibration_trial import shoot, write_folder

        write_folder(shoot(args.table, args.n, args.seed), args.out)
        print(f"wrote 3 photos of the empty {args.table} table and {args.n} rolls on it to "
              f"{args.out}")
        return 0
    images, dice = write_dataset(args.out, args.kind, args.n, args.seed, args.size, args.empty)
    print(f"wrote {images} images with {dice} labelled dice to {args.out}")
    return 0
