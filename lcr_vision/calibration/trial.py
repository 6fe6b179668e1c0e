"""Rendered tables the model was not trained on, and what calibration gains on them.

Each trial table keeps one camera, table, light and set of dice colours for all its photos, as a
real table does, and most lie outside the training renders: a camera high over a tray (small
dice), a camera close to the table (dice bigger than most trained on), a steep camera with dice
of colours and fonts never seen. A plain felt table at an ordinary height is the control, where
calibration should change little. ``shoot`` renders the empty table and rolls; ``write_folder`` lays them out
as a photo folder with docs/formats.md answers, which ``lcr-vision calibrate --source DIR --answers``
reads. ``lcr-vision measure calibration`` calibrates on a few rolls of each table and
prints the accuracy of the default reader and of the profile on other rolls of the same table.
"""

from __future__ import annotations

import csv
import json
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

import cv2
import numpy as np

from lcr_vision.meter import Meter
from lcr_vision.synth.layout import place_dice
from lcr_vision.synth.ranges import Ranges
from lcr_vision.synth.scene import label, rest_dice
from lcr_vision.synth.sequence import Table
from lcr_vision.vision.holdout import OUT_OF_RANGE

TABLES: dict[str, tuple[str, Ranges]] = {
    "high-camera-tray": ("lcr", replace(Ranges(), die_px=(11.0, 12.0), surfaces=("tray",),
                                        tilt_deg=(0.0, 15.0), distractors=(0, 1))),
    "close-camera": ("pip", replace(Ranges(), die_px=(170.0, 180.0), tilt_deg=(0.0, 20.0))),
    "steep-odd-dice": ("wild", replace(OUT_OF_RANGE, die_px=(30.0, 40.0))),
    "plain-felt": ("lcr", replace(Ranges(), die_px=(40.0, 50.0), tilt_deg=(10.0, 20.0),
                                  surfaces=("felt",))),
}
SEED = 2000


@dataclass(frozen=True)
class Shoot:
    """Photos of one table: the empty table, then rolls with the faces up in each."""

    empty: tuple[np.ndarray, ...]
    rolls: tuple[tuple[np.ndarray, tuple[str, ...]], ...]
    boxes: tuple[tuple[tuple[float, float, float, float], ...], ...]


def shoot(table: str, rolls: int, seed: int = SEED, size: tuple[int, int] = (640, 480),
          max_dice: int = 3) -> Shoot:
    """``rolls`` photos of 1 to ``max_dice`` dice on trial ``table``, and three of it empty."""
    kind, ranges = TABLES[table]
    rng = np.random.default_rng(seed)
    scene = Table(rng, kind, size, ranges, max_dice)
    stage = scene.stage
    empty = tuple(stage.photo.develop(scene.backdrop.copy(), rng) for _ in range(3))
    photos, boxes = [], []
    while len(photos) < rolls:
        spots = place_dice(rng, stage, int(rng.integers(1, max_dice + 1)), ranges.touching, 0.0)
        dice = rest_dice(rng, stage, [kind] * len(spots), spots, ranges)
        canvas = scene.backdrop.copy()
        stage.paint(canvas, dice)
        labels = [label(stage, d) for d in dice]
        if spots and all(lab.in_frame for lab in labels):
            photos.append((stage.photo.develop(canvas, rng), tuple(lab.face for lab in labels)))
            boxes.append(tuple(lab.box for lab in labels))
    return Shoot(empty, tuple(photos), tuple(boxes))


def write_folder(shots: Shoot, folder: Path) -> Path:
    """``folder/images/`` with the photos and ``folder/labels.csv``; returns the CSV's path."""
    images = folder / "images"
    images.mkdir(parents=True, exist_ok=True)
    for i, image in enumerate(shots.empty):
        cv2.imwrite(str(images / f"empty-{i}.png"), image)
    with (folder / "labels.csv").open("w", newline="") as out:
        rows = csv.writer(out)
        rows.writerow(["file", "width", "height", "class", "xmin", "ymin", "xmax", "ymax"])
        for i, ((image, faces), boxes) in enumerate(zip(shots.rolls, shots.boxes)):
            name = f"roll-{i:03d}.png"
            cv2.imwrite(str(images / name), image)
            h, w = image.shape[:2]
            for face, box in zip(faces, boxes):
                rows.writerow([name, w, h, face, *(round(v, 1) for v in box)])
    return folder / "labels.csv"


def figures(table: str, calibration_rolls: int, test_rolls: int, seed: int = SEED,
            model: Path | None = None) -> dict[str, object]:
    """Calibrate on ``calibration_rolls`` of ``table`` (headless, scripted), then score the
    default reader and the profile on ``test_rolls`` further rolls of the same table."""
    from lcr_vision.calibration.dialogue import Dialogue
    from lcr_vision.calibration.fit import CheckRoll, measure
    from lcr_vision.calibration.guide import Calibration, CalibrationError, Request
    from lcr_vision.calibration.view import profile_reader
    from lcr_vision.camera.stills import FolderSource
    from lcr_vision.cli.calibrate import read_answers
    from lcr_vision.faces import DiceKind
    from lcr_vision.speech import Announcer
    from lcr_vision.table.screen import Screen
    from lcr_vision.vision.reader import DiceReader

    kind = DiceKind(TABLES[table][0])
    shots = shoot(table, calibration_rolls + test_rolls, seed)
    calib = Shoot(shots.empty, shots.rolls[:calibration_rolls], shots.boxes[:calibration_rolls])
    test = [CheckRoll(str(i), image, faces)
            for i, (image, faces) in enumerate(shots.rolls[calibration_rolls:])]
    reader = DiceReader(model, kind)
    make_reader = partial(DiceReader, model, kind, 1)
    with tempfile.TemporaryDirectory() as tmp:
        answers = read_answers(write_folder(calib, Path(tmp)), kind)
        with open(Path(tmp) / "said.txt", "w") as said:
            dialogue = Dialogue(Announcer(None, False, None, said), Screen(), said, asks=False)
            source = FolderSource(Path(tmp) / "images")
            try:
                profile = Calibration(Request(table, kind), make_reader, source, dialogue,
                                      answers).run()
            except CalibrationError as exc:
                return {"table": table, "dice": kind.value, "failed": str(exc),
                        "before": vars(measure(test, reader.read))}
    before = measure(test, reader.read)
    after = measure(test, profile_reader(profile, model).read)
    return {"table": table, "dice": kind.value, "roi": profile.roi, "scale": profile.scale,
            "tiles": profile.tiles, "pyramid": profile.pyramid,
            "heat_threshold": profile.heat_threshold, "min_score": profile.min_score,
            "die_px": profile.die_px, "calibration_rolls": calibration_rolls,
            "test_rolls": test_rolls, "before": vars(before), "after": vars(after)}


def trial_lines(calibration_rolls: int = 10, test_rolls: int = 40, seed: int = SEED,
                tables: int = 3, model: Path | None = None) -> Iterator[str]:
    """The lines of ``lcr-vision measure calibration``: one JSON object per table, then each
    kind of table's die accuracy before and after calibrating."""
    totals: dict[str, list[float]] = {}
    meter = Meter("calibration: tables measured", len(TABLES) * tables)
    for table in TABLES:
        for s in range(seed, seed + tables):
            result = figures(table, calibration_rolls, test_rolls, s, model)
            meter.advance()
            meter.clear()
            yield json.dumps({"seed": s, **result})
            after = result.get("after", result["before"])  # a failed calibration changes nothing
            for key, value in (("before", result["before"]), ("after", after)):
                totals.setdefault(f"{table} {key}", []).append(value["die_accuracy"])
    meter.close()
    for key, values in totals.items():
        yield (f"{key:>24}: die accuracy {100 * float(np.mean(values)):.1f}% "
               f"(tables: {', '.join(f'{100 * v:.0f}%' for v in values)})")
