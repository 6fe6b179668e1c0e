"""Rendered tables the model was not trained on, and what calibration gains on them.

Each trial table keeps one camera, table, light and set of dice colours for all its photos, as a
real table does, and most lie outside the training renders: a camera high over a tray (small
dice), a camera close to the table (dice bigger than most trained on), a steep camera with dice
of colours and fonts never seen. A plain felt table at an ordinary height is the control, where
calibration should change little. The printed tables' dice are one family's set, in a typeface
and wild design the model never saw: calibration has to learn them. ``shoot`` renders the empty
table and rolls; ``write_folder`` lays them out as a photo folder with docs/formats.md answers,
which ``lcr-vision calibrate --source DIR --answers`` reads. ``lcr-vision measure calibration``
calibrates on a few rolls of each table and prints the accuracy of the default reader and of the
profile on other rolls of the same table.
"""

from __future__ import annotations

import csv
import json
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np

from lcr_vision.faces import DiceKind
from lcr_vision.measure.commit_level import Roll
from lcr_vision.measure.holdout import OUT_OF_RANGE
from lcr_vision.meter import Meter
from lcr_vision.synth.layout import place_dice
from lcr_vision.synth.ranges import Ranges
from lcr_vision.synth.scene import label, rest_dice
from lcr_vision.synth.sequence import Table

if TYPE_CHECKING:
    from lcr_vision.calibration.guide import Calibration
    from lcr_vision.calibration.profile import Profile
    from lcr_vision.vision.reader import DiceReader

TABLES: dict[str, tuple[str, Ranges]] = {
    "high-camera-tray": ("lcr", replace(Ranges(), die_px=(11.0, 12.0), surfaces=("tray",),
                                        tilt_deg=(0.0, 15.0), distractors=(0, 1))),
    "close-camera": ("pip", replace(Ranges(), die_px=(170.0, 180.0), tilt_deg=(0.0, 20.0))),
    "steep-odd-dice": ("wild", replace(OUT_OF_RANGE, die_px=(30.0, 40.0))),
    "plain-felt": ("lcr", replace(Ranges(), die_px=(40.0, 50.0), tilt_deg=(10.0, 20.0),
                                  surfaces=("felt",))),
    "printed-lcr": ("lcr", replace(Ranges(), die_px=(30.0, 60.0))),
    "printed-wild": ("wild", replace(Ranges(), die_px=(30.0, 60.0))),
    "printed-small": ("lcr", replace(Ranges(), die_px=(18.0, 24.0), surfaces=("tray",),
                                     tilt_deg=(0.0, 15.0))),
    "printed-steep": ("wild", replace(OUT_OF_RANGE, die_px=(30.0, 45.0))),
    "printed-felt": ("lcr", replace(Ranges(), die_px=(45.0, 60.0), tilt_deg=(10.0, 20.0),
                                    surfaces=("felt",))),
    "printed-edge": ("wild", replace(Ranges(), die_px=(20.0, 30.0), tilt_deg=(30.0, 40.0))),
    "printed-big": ("wild", replace(Ranges(), die_px=(64.0, 90.0))),
    "pip-table": ("pip", replace(Ranges(), die_px=(24.0, 60.0))),
    # boxed dice whose maker marks Center with a star, which the model was only ever shown as a
    # wild face: calibration must learn that the star is C
    "star-center": ("lcr", replace(Ranges(), die_px=(30.0, 60.0), symbols=(("C", "star"),))),
}
# Tables whose dice are one family's set, all alike, with letters in a typeface and a wild design
# kept out of training (`synth.typefaces`, which needs Pillow): what calibration must learn. The
# targets' tables (``measure calibration --kinds printed``): a family's printed dice at any size,
# from a camera high over a tray (the smallest) to one on felt, steep, at the table's edge, or
# close (big dice, 64-90 px, where calibration once read worse than the reader as shipped).
PRINTED = tuple(kind for kind in TABLES if kind.startswith("printed-"))
# The kinds measured unless others are named: the first six, kept so that figures stay comparable.
KINDS = ("high-camera-tray", "close-camera", "steep-odd-dice", "plain-felt", "printed-lcr",
         "printed-wild")
SEED = 2000
# Check rolls shot after the first, given to a calibration that asks for more (`figures`): as many
# as it asks for, to learn the dice or find the far side.
SPARE = 10
# How far a webcam's automatic exposure and white balance drift from photo to photo: exposure up
# to 35% either way, each channel up to 6%.
DRIFT = {"exposure": 0.35, "white": 0.06}


@dataclass(frozen=True)
class Shoot:
    """Photos of one table: the empty table, then rolls with the faces up in each."""

    empty: tuple[np.ndarray, ...]
    rolls: tuple[tuple[np.ndarray, tuple[str, ...]], ...]
    boxes: tuple[tuple[tuple[float, float, float, float], ...], ...]


Photo = tuple[np.ndarray, tuple[str, ...], tuple[tuple[float, float, float, float], ...]]


class TrialTable:
    """One trial ``table`` as a camera sees it (seeded by ``seed``): its empty table, and rolls.
    Frames of another ``size`` than 640 px wide show the same kind of table through a camera of
    that resolution: the dice in proportion to the width (`Ranges.at_width`)."""

    def __init__(self, table: str, seed: int = SEED, size: tuple[int, int] = (640, 480),
                 max_dice: int = 3) -> None:
        self.lamp = 0.0  # how far a lamp moved tilts the light across each photo (`Photo.drifted`)
        self.kind, ranges = TABLES[table]
        ranges = ranges.at_width(size[0])
        self.family = seed if table in PRINTED else None  # the stock look of every die
        if self.family is not None:
            from lcr_vision.synth.typefaces import printed

            ranges = printed(ranges, held=True)
        self.ranges = ranges
        self.rng = np.random.default_rng(seed)
        self.scene = Table(self.rng, self.kind, size, ranges, max_dice)

    def develop(self, canvas: np.ndarray) -> np.ndarray:
        """The photo of ``canvas``, its exposure and white balance drifted (`DRIFT`)."""
        photo = self.scene.stage.photo.drifted(self.rng, lamp=self.lamp, **DRIFT)
        return photo.develop(canvas, self.rng)

    def empty(self, photos: int = 3) -> tuple[np.ndarray, ...]:
        """Photos of the table with no dice on it."""
        return tuple(self.develop(self.scene.backdrop.copy()) for _ in range(photos))

    def attempt(self, count: int) -> Photo | None:
        """A photo of ``count`` dice thrown, the faces up and the dice's boxes; ``None`` when a die
        landed partly out of the picture."""
        stage, rng = self.scene.stage, self.rng
        spots = place_dice(rng, stage, count, self.ranges.touching, 0.0)
        posed = rest_dice(rng, stage, [self.kind] * len(spots), spots, self.ranges,
                          stock=self.family)
        canvas = self.scene.backdrop.copy()
        stage.paint(canvas, posed)
        labels = [label(stage, d) for d in posed]
        if not spots or not all(lab.in_frame for lab in labels):
            return None
        return (self.develop(canvas), tuple(lab.face for lab in labels),
                tuple(lab.box for lab in labels))

    def roll(self, count: int) -> Photo:
        """A photo of ``count`` dice thrown, thrown again until every die lies in the picture."""
        while (photo := self.attempt(count)) is None:
            pass
        return photo

    def faces_shown(self) -> list[Photo]:
        """A photo of one die with each face of the table's dice up, in the order of
        `DiceKind.faces`: one die thrown until it has shown them all."""
        shown: dict[str, Photo] = {}
        faces = DiceKind(self.kind).faces
        while len(shown) < len(faces):
            photo = self.roll(1)
            shown.setdefault(photo[1][0], photo)
        return [shown[face] for face in faces]


def shoot(table: str, rolls: int, seed: int = SEED, size: tuple[int, int] = (640, 480),
          max_dice: int = 3, faces: bool = False) -> Shoot:
    """``rolls`` photos of 1 to ``max_dice`` dice on trial ``table``, and three of it empty;
    with ``faces``, then one photo of one die with each face of the table's dice up, in turn (as
    calibration's step 5 asks someone at the table to show them)."""
    camera = TrialTable(table, seed, size, max_dice)
    empty = camera.empty()
    photos, boxes = [], []
    while len(photos) < rolls:
        photo = camera.attempt(int(camera.rng.integers(1, max_dice + 1)))
        if photo is not None:
            photos.append(photo[:2])
            boxes.append(photo[2])
    if faces:
        shown = camera.faces_shown()
        photos += [photo[:2] for photo in shown]
        boxes += [photo[2] for photo in shown]
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
            model: Path | None = None, faces: bool = False) -> dict[str, object]:
    """Calibrate on ``calibration_rolls`` of ``table`` (headless, scripted), then score the
    default reader and the profile on ``test_rolls`` further rolls of the same table
    (`calibrated`). With ``faces``, a photo of one die with each face up joins the check rolls
    (a scripted calibration's answers label them as they label any roll)."""
    from lcr_vision.calibration.fit import CheckRoll, measure
    from lcr_vision.calibration.guide import CalibrationError
    from lcr_vision.calibration.profile import profile_reader
    from lcr_vision.vision.reader import DiceReader, ReaderSettings

    kind = DiceKind(TABLES[table][0])
    start = calibration_rolls + SPARE
    end = start + test_rolls
    shots = shoot(table, end, seed, faces=faces)
    test = [CheckRoll(str(i), image, up) for i, (image, up) in enumerate(shots.rolls[start:end])]
    reader = DiceReader(model, ReaderSettings(kind))
    try:
        profile, more = calibrated(table, reader, shots, calibration_rolls, end)
    except CalibrationError as exc:
        return {"table": table, "dice": kind.value, "failed": str(exc), "more": exc.more,
                "before": vars(measure(test, reader.read))}
    before = measure(test, reader.read)
    after = measure(test, profile_reader(profile, model).read)
    view, reading = profile.view, profile.reading
    return {"table": table, "dice": kind.value, "roi": view.roi, "scale": view.scale,
            "tiles": view.tiles, "turn": profile.turn, "pyramid": reading.pyramid,
            "heat_threshold": reading.heat_threshold, "face_score": reading.face_score,
            "die_px": profile.die_px, "learnt": profile.face_head is not None,
            "held_out": None if profile.held_out is None else [vars(a) for a in profile.held_out],
            "calibration_rolls": calibration_rolls, "more": more,
            "faces_shown": len(shots.rolls) - end,
            "test_rolls": test_rolls, "before": vars(before), "after": vars(after)}


def calibrated(table: str, reader: DiceReader, shots: Shoot, rolls: int, end: int
               ) -> tuple[Profile, int]:
    """The profile calibrated from the first ``rolls`` of ``shots`` (and any shot from ``end``
    on: the faces shown), and how many check rolls more it was given: one that wants more is
    done again with up to `SPARE` more, as a user asked for them rolls them. A refused
    calibration raises `CalibrationError`, its ``more`` then the rolls more it was given."""
    from lcr_vision.calibration.guide import CalibrationError

    def calibrate(n: int) -> Calibration:
        return calibrate_on(table, reader, Shoot(shots.empty, shots.rolls[:n] + shots.rolls[end:],
                                                 shots.boxes[:n] + shots.boxes[end:]))

    try:
        calibration = calibrate(rolls)
        wanted = calibration.wanted_more
    except CalibrationError as exc:  # refused, having said the rolls more it wanted
        if not exc.more:
            raise
        wanted = exc.more
    if not wanted:
        return calibration.profile, 0
    more = min(wanted, SPARE)
    try:
        return calibrate(rolls + more).profile, more
    except CalibrationError as exc:
        exc.more = more
        raise


def read_rolls(table: str, rolls: int, seed: int, model: Path | None = None,
               calibrating: int = 0) -> list[Roll]:
    """``rolls`` rolls of trial ``table`` read as the table reads them, with their true faces
    (`lcr_vision.measure.commit_level`'s evidence): uncalibrated (one live look, the table's
    dice), or with ``calibrating`` check rolls first, through the profile calibrated from them
    (`calibrated`), each roll carrying the profile's doubt. A table whose calibration is refused
    is read uncalibrated, as it would be played."""
    from lcr_vision.calibration.guide import CalibrationError
    from lcr_vision.calibration.profile import profile_reader
    from lcr_vision.vision.reader import DiceReader, ReaderSettings

    start = calibrating + SPARE if calibrating else 0
    shots = shoot(table, start + rolls, seed)
    reader, doubt = DiceReader(model, ReaderSettings(DiceKind(TABLES[table][0]))), 0.0
    if calibrating:
        try:
            profile, _ = calibrated(table, reader, shots, calibrating, start + rolls)
            reader, doubt = profile_reader(profile, model), profile.doubt
        except CalibrationError:
            pass
    return [Roll(up, reader.read(image), doubt) for image, up in shots.rolls[start:]]


def calibrate_on(table: str, reader: DiceReader, shots: Shoot) -> Calibration:
    """Calibrate on ``shots`` of trial ``table`` as a family would, headless, every check roll
    answered with its true faces: the calibration run, its ``profile`` made (how many more check
    rolls it asked for, what it learnt from). A refused calibration raises `CalibrationError`."""
    from lcr_vision.calibration.dialogue import Dialogue
    from lcr_vision.calibration.guide import Calibration, Request
    from lcr_vision.camera.stills import FolderSource
    from lcr_vision.speech import Announcer
    from lcr_vision.vision.labels import read_answers
    from lcr_vision.window.screen import Screen

    kind = DiceKind(TABLES[table][0])
    with tempfile.TemporaryDirectory() as tmp:
        answers = read_answers(write_folder(shots, Path(tmp)), kind)
        with open(Path(tmp) / "said.txt", "w") as said:
            dialogue = Dialogue(Announcer(None, False, None, said), Screen(), said, asks=False)
            calibration = Calibration(Request(table, kind), reader,
                                      FolderSource(Path(tmp) / "images"), dialogue, answers)
            calibration.run()
            return calibration


def trial_lines(calibration_rolls: int = 10, test_rolls: int = 40, seed: int = SEED,
                tables: int = 3, model: Path | None = None,
                kinds: Sequence[str] | None = None, faces: bool = False) -> Iterator[str]:
    """The lines of ``lcr-vision measure calibration``: one JSON object per table of ``kinds``
    (default: `KINDS`), then each kind's die accuracy before and after
    calibrating (with ``faces``, each face shown too: `figures`), then the tables refused,
    those read worse after calibrating than before, and those given more check rolls."""
    totals: dict[str, list[float]] = {}
    refused: list[str] = []
    worse: list[str] = []
    more: list[str] = []
    kinds = kinds or KINDS
    meter = Meter("calibration: tables measured", len(kinds) * tables)
    for table in kinds:
        for s in range(seed, seed + tables):
            result = figures(table, calibration_rolls, test_rolls, s, model, faces)
            meter.advance()
            meter.clear()
            yield json.dumps({"seed": s, **result})
            after = result.get("after", result["before"])  # a failed calibration changes nothing
            if "failed" in result:
                refused.append(f"{table} {s}")
            if result["more"]:
                more.append(f"{table} {s}")
            if after["die_accuracy"] < result["before"]["die_accuracy"]:
                worse.append(f"{table} {s} {100 * result['before']['die_accuracy']:.1f}% -> "
                             f"{100 * after['die_accuracy']:.1f}%")
            for key, value in (("before", result["before"]), ("after", after)):
                totals.setdefault(f"{table} {key}", []).append(value["die_accuracy"])
    meter.close()
    for key, values in totals.items():
        yield (f"{key:>24}: die accuracy {100 * float(np.mean(values)):.1f}% "
               f"(tables: {', '.join(f'{100 * v:.0f}%' for v in values)})")
    count = len(kinds) * tables
    yield (f"{'refused':>24}: {len(refused)} of {count} tables"
           f"{': ' if refused else ''}{', '.join(refused)}")
    yield (f"{'worse after calibrating':>24}: {len(worse)} of {count} tables"
           f"{': ' if worse else ''}{', '.join(worse)}")
    yield (f"{'given more check rolls':>24}: {len(more)} of {count} tables"
           f"{': ' if more else ''}{', '.join(more)}")
