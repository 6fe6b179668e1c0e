"""How often the same-table check is right, on rendered tables: `lcr-vision measure calibration
--table-check`.

Calibration refuses check rolls that mostly do not show the empty table's table
(`light.same_table`, `light.refused`). Each rendered table (`trial.TrialTable`, its exposure and
white balance drifting from photo to photo) is shown four ways: its own rolls; its own rolls after
a lamp was moved; the rolls of another table of the same kind (another render seed: another
table, camera and light); and its own rolls from a camera moved a little (turned 4 degrees and
shifted 5% of the picture). The first two should be accepted, the last two refused.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence

import cv2
import numpy as np

from lcr_vision.calibration.guide import dice_seen
from lcr_vision.calibration.light import change_of, refused, same_table
from lcr_vision.measure.calibration_trial import KINDS, SEED, TrialTable
from lcr_vision.meter import Meter

OTHER_SEED = 1000  # the other table of a kind is rendered from its seed plus this
LAMP = 0.6  # a moved lamp tilts the light by up to 60% across the picture
WAYS = ("same table", "lamp moved", "other table", "camera moved")
SHOULD_REFUSE = {"same table": False, "lamp moved": False, "other table": True,
                 "camera moved": True}


def moved(image: np.ndarray) -> np.ndarray:
    """``image`` as a camera turned 4 degrees and shifted 5% of the picture would take it."""
    h, w = image.shape[:2]
    turn = cv2.getRotationMatrix2D((w / 2, h / 2), 4.0, 1.0)
    turn[:, 2] += (0.05 * w, 0.05 * h)
    return cv2.warpAffine(image, turn, (w, h), borderMode=cv2.BORDER_REFLECT)


def check(empty: Sequence[np.ndarray], rolls: Sequence[np.ndarray]) -> bool:
    """Whether calibration refuses ``rolls`` as not showing the table of ``empty``."""
    background = np.median(np.stack(empty), axis=0).astype(np.uint8)
    strangers = 0
    for image in rolls:
        change = change_of(background, image)
        strangers += not same_table(background, image, dice_seen(image, background, change), change)
    return refused(strangers, len(rolls))


def rolls_of(camera: TrialTable, count: int) -> list[np.ndarray]:
    """``count`` photos of 1 to 3 dice thrown on ``camera``'s table."""
    return [camera.roll(int(camera.rng.integers(1, 4)))[0] for _ in range(count)]


def refusals(table: str, seed: int, rolls: int) -> dict[str, bool]:
    """Whether each of `WAYS` of showing ``table`` (render ``seed``) is refused."""
    camera = TrialTable(table, seed)
    empty = camera.empty()
    own = rolls_of(camera, rolls)
    camera.lamp = LAMP
    lit = rolls_of(camera, rolls)
    other = TrialTable(table, seed + OTHER_SEED)
    return {"same table": check(empty, own), "lamp moved": check(empty, lit),
            "other table": check(empty, rolls_of(other, rolls)),
            "camera moved": check(empty, [moved(image) for image in own])}


def table_check_lines(rolls: int = 10, seed: int = SEED, tables: int = 10,
                      kinds: Sequence[str] | None = None) -> Iterator[str]:
    """One JSON line a table, then for each way the share refused, over every kind."""
    kinds = kinds or KINDS
    meter = Meter("table check: tables", len(kinds) * tables)
    counts = dict.fromkeys(WAYS, 0)
    for table in kinds:
        for s in range(seed, seed + tables):
            result = refusals(table, s, rolls)
            meter.advance()
            meter.clear()
            yield json.dumps({"table": table, "seed": s, "refused": result})
            for way in WAYS:
                counts[way] += result[way]
    meter.close()
    n = len(kinds) * tables
    for way in WAYS:
        yield (f"{way:>13}: refused {counts[way]} of {n} sets ({100 * counts[way] / n:.0f}%; "
               f"should be {'all' if SHOULD_REFUSE[way] else 'none'})")
