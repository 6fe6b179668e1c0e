"""Read a labelled image set: ``labels.csv`` (one row per die) and the optional ``empty.txt``.

The format is docs/formats.md's; ``eval`` scores the reader against it, training learns from it
and calibration takes its check rolls' answers from it.

>>> import io
>>> rows = io.StringIO("file,width,height,class,xmin,ymin,xmax,ymax\\na.jpg,64,48,4,1,2,11,12\\n")
>>> s = parse_labels(rows, empty=["b.jpg"])
>>> sorted(s), s["a.jpg"].faces, len(s["b.jpg"])
(['a.jpg', 'b.jpg'], ('4',), 0)
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from lcr_vision.errors import Said, UserError
from lcr_vision.faces import FACE_TOKENS, DiceKind
from lcr_vision.vision.detections import Detections

# Dice that the real photo set's labels leave out, each checked by eye (a whole die, plainly
# read): four beside its 1487 labelled dice, one in the validation split. Training learns from
# the set with them added, so that no real die is taught as background; `eval` adds them when
# named after the set's labels.csv. The set itself (../shared) is read-only.
REAL_SET_ERRATA = Path(__file__).resolve().parents[1] / "data" / "real-d6-tray-errata.csv"
HEADER = ["file", "width", "height", "class", "xmin", "ymin", "xmax", "ymax"]


class LabelsError(UserError):
    """A labels file that is missing or not in the docs/formats.md layout."""


def parse_labels(rows: TextIO, empty: Iterable[str] = ()) -> dict[str, Detections]:
    """Ground truth per image name (score 1 for every die); images in ``empty`` have no dice."""
    reader = csv.reader(rows)
    header = next(reader, None)
    if header is None or [h.strip() for h in header] != HEADER:
        raise LabelsError(Said("labels_header", {"header": ",".join(HEADER)}))
    dice: dict[str, list[tuple[list[float], str]]] = {name: [] for name in empty}
    for line, row in enumerate(reader, start=2):
        if not row:
            continue
        if len(row) != len(HEADER) or row[3] not in FACE_TOKENS:
            raise LabelsError(Said("labels_row", {"line": line, "row": str(row)}))
        try:
            box = [float(v) for v in row[4:8]]
        except ValueError:
            raise LabelsError(Said("labels_box", {"line": line})) from None
        dice.setdefault(row[0], []).append((box, row[3]))
    return {
        name: Detections([b for b, _ in ds], [f for _, f in ds], [1.0] * len(ds))
        for name, ds in dice.items()
    }


def read_labels(csv_path: Path, *more: Path) -> dict[str, Detections]:
    """Ground truth from ``csv_path`` and the ``empty.txt`` beside it, if there is one, with the
    rows of each file in ``more`` added: corrections to a set whose own files cannot change."""
    empty_file = csv_path.parent / "empty.txt"
    empty = empty_file.read_text().split() if empty_file.is_file() else []
    truth: dict[str, Detections] = {}
    for i, path in enumerate((csv_path, *more)):
        if not path.is_file():
            raise LabelsError(Said("no_labels", {"path": str(path)}))
        with path.open(newline="") as rows:
            for name, dice in parse_labels(rows, empty if i == 0 else ()).items():
                truth[name] = Detections.merge([truth[name], dice]) if name in truth else dice
    return truth


def read_answers(path: Path, kind: DiceKind) -> dict[str, tuple[str, ...]]:
    """File name -> faces up, from a labels.csv of check rolls (calibration's ``--answers``);
    faces the dice cannot show are an error."""
    answers = {name: dice.faces for name, dice in read_labels(path).items()}
    for name, faces in answers.items():
        wrong = [f for f in faces if f not in kind.faces]
        if wrong:
            raise LabelsError(Said("answer_face", {"path": str(path), "name": name,
                                                   "face": wrong[0], "dice": kind.value}))
    return answers
