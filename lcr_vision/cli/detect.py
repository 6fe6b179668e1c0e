"""``lcr-vision detect``: read the dice in photos, as docs/formats.md JSON Lines, optionally drawn.

A file that cannot be read (missing, unreadable, not a picture, over the pixel limit) gets its own
error line on stderr; the other files are still read, and the exit status is 2 when any file
failed. Outputs that cannot be written (``--jsonl`` into a missing folder, ``--annotate`` onto a
file) are one-line errors before any photo is read.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TextIO

from lcr_vision.cli.reading import add_reader_options, reader_from
from lcr_vision.errors import Said, UserError
from lcr_vision.phrases.spoken import printed, tagged
from lcr_vision.vision.images import IMAGE_SUFFIXES


def image_files(paths: list[Path]) -> list[Path]:
    """Files as given, and the pictures inside folders and the folders in them (sorted by path:
    `detect sample_images/` finds the photos in its images/); a folder without any is a
    mistake (a wrong folder), said before anything is read."""
    files = []
    for path in paths:
        if not path.is_dir():
            files.append(path)
            continue
        inside = sorted(p for p in path.rglob("*")
                        if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file())
        if not inside:
            suffixes = ", ".join(sorted(IMAGE_SUFFIXES))
            raise UserError(Said("no_pictures", {"path": str(path), "suffixes": suffixes}))
        files += inside
    return files


HELP = "read the dice in photos (JSON Lines)"
DESCRIPTION = (
    "Find every die in each photo and read its top face. Prints one JSON object per image "
    "(docs/formats.md detections) to stdout, or writes them with --jsonl."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("images", nargs="+", type=Path, metavar="IMAGES_OR_DIRS",
                   help="image files, or folders whose pictures are all read")
    p.add_argument("--jsonl", type=Path, metavar="OUT",
                   help="write the JSON Lines to this file instead of stdout")
    p.add_argument("--annotate", type=Path, metavar="DIR",
                   help="also write each image with its dice boxed and labelled into DIR")
    add_reader_options(p, photos=True)


def outputs(args: argparse.Namespace) -> TextIO:
    """Make the ``--annotate`` folder and open the ``--jsonl`` file (else stdout)."""
    try:
        if args.annotate:
            args.annotate.mkdir(parents=True, exist_ok=True)
        return args.jsonl.open("w", encoding="utf-8") if args.jsonl else sys.stdout
    except OSError as exc:
        raise UserError(f"cannot write {exc.filename}: {exc.strerror}") from None


def run(args: argparse.Namespace) -> int:
    import cv2

    from lcr_vision.vision.annotate import annotate
    from lcr_vision.vision.images import load_image
    from lcr_vision.vision.limits import pixel_limit

    limit = pixel_limit(args.max_megapixels)
    files = image_files(args.images)
    reader = reader_from(args, pyramid=not args.one_look)
    out = outputs(args)
    failed = 0
    try:
        for path in files:
            try:
                image = load_image(path, limit)
            except UserError as exc:
                language = getattr(args, "language", None) or "en"
                print(tagged("error", printed(exc, language), language), file=sys.stderr)
                failed += 1
                continue
            start = time.perf_counter()
            dice = reader.read(image)
            ms = (time.perf_counter() - start) * 1000
            h, w = image.shape[:2]
            record = {"image": path.name, "width": w, "height": h, "ms": round(ms, 2),
                      "dice": dice.to_records()}
            out.write(json.dumps(record) + "\n")
            out.flush()
            drawn = args.annotate / f"{path.stem}.jpg" if args.annotate else None
            if drawn is not None and not cv2.imwrite(str(drawn), annotate(image, dice)):
                raise UserError(f"cannot write {drawn}")
    finally:
        if args.jsonl:
            out.close()
    return 2 if failed else 0
