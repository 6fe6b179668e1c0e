"""Settle detection: decide, frame by frame, when a throw has come to rest, and read it once.

A roll is read when three things have happened in order: motion on a small grey copy of the frame
rose (something was thrown), then fell and stayed low for a few frames, and then the reader's
detections stayed the same (same dice, same faces, boxes still) for a short window. The reader is
only called in that last phase, so the model costs nothing while dice tumble.

What must not become a roll:

- dice left on the table: after a read the detector is disarmed until motion rises again;
- flicker: each small frame is scaled to a fixed mean brightness before differencing, so a lamp
  that dims or brightens the whole table is not motion;
- a hand passing over the dice, or a die nudged aside: motion rises and falls, but the settled dice
  are the dice already read (same faces, each within ``nudge`` die sizes of where it was), and
  they were in sight throughout, so nothing new is reported;
- an empty table: a settle with no dice in view is not a roll (the detector stays ready, since
  the dice were just picked up and are about to be thrown).

What must become a roll, though it looks like the last one: dice picked up and thrown again that
land showing the same faces in the same places. While the table moves, each die of the last roll
is looked for where it lay (`DiceWatch`, a template match around its box, blind to light
levels); a die missing from its place for ``gone_frames`` frames in a row (longer than a hand
passing over it takes) was picked up. Such a settle is reported with ``repeated`` set: the
table asks whether it is a new roll rather than either committing it or ignoring it, since only
a throw and a hand resting on the dice look alike here.

It knows frames and :class:`Detections`, never the rules: whether the count is right for the player
is the table's question.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from lcr_vision.vision.detections import Detections
from lcr_vision.vision.spec import CLASSES

ReadFrame = Callable[[np.ndarray], Detections]  # one frame to its dice: a reader's read


@dataclass(frozen=True)
class SettleConfig:
    """Thresholds of settle detection; the defaults suit 10-30 frames per second webcams."""

    width: int = 128  # the small grey image motion is measured on (height follows the frame)
    # grey-level change (of 255, after brightness normalising) that counts
    pixel_delta: float = 14.0
    motion_on: float = 0.003  # fraction of changed pixels that means something is moving
    motion_off: float = 0.001  # fraction under which the frame counts as still
    quiet_frames: int = 2  # still frames in a row before the reader is asked
    stable_reads: int = 3  # reads in a row that must agree before the roll is reported
    still: float = 0.15  # a box centre may move this many die sizes between agreeing reads
    nudge: float = 1.5  # a settled die this close (in die sizes) to a die of the last roll is it
    seen: float = 0.5  # the template match (normalised correlation) that finds a die in place
    gone_frames: int = 8  # frames in a row without a die in its place: it was picked up


def _grey(frame: np.ndarray) -> np.ndarray:
    return frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)


def motion_image(frame: np.ndarray, width: int) -> np.ndarray:
    """The small grey image motion is measured on, scaled to mean grey 128 so flicker cancels
    out."""
    grey = _grey(frame)
    height = max(1, round(grey.shape[0] * width / grey.shape[1]))
    small = cv2.resize(grey, (width, height), interpolation=cv2.INTER_AREA).astype(np.float32)
    return small * (128.0 / max(float(small.mean()), 1.0))


def motion(previous: np.ndarray, current: np.ndarray, pixel_delta: float) -> float:
    """The fraction of pixels of two motion images that changed by more than ``pixel_delta``."""
    return float(np.mean(np.abs(current - previous) > pixel_delta))


def same_dice(a: Detections, b: Detections, tolerance: float) -> bool:
    """Whether two reads show the same faces at the same places, each die within
    ``tolerance`` sizes.

    Dice are paired greedily by nearest centre among dice showing the same face.

    >>> one = Detections.from_records([{"box": [0, 0, 20, 20], "face": "L", "score": 0.9}])
    >>> moved = Detections.from_records([{"box": [4, 0, 24, 20], "face": "L", "score": 0.9}])
    >>> same_dice(one, moved, 0.15), same_dice(one, moved, 0.5)
    (False, True)
    """
    pairs = paired(a, b)
    return pairs is not None and all(
        float(np.linalg.norm(a.centers[i] - b.centers[j]))
        <= tolerance * max(float(a.sizes[i]), 1.0)
        for i, j in enumerate(pairs))


def paired(a: Detections, b: Detections) -> list[int] | None:
    """For each die of ``a``, the die of ``b`` showing its face nearest to it, each once; None
    unless both show the same faces."""
    if len(a) != len(b) or sorted(a.faces) != sorted(b.faces):
        return None
    unused, pairs = set(range(len(b))), []
    for i, face in enumerate(a.faces):
        candidates = [j for j in unused if b.faces[j] == face]
        distances = [float(np.linalg.norm(a.centers[i] - b.centers[j])) for j in candidates]
        pairs.append(candidates[int(np.argmin(distances))])
        unused.remove(pairs[-1])
    return pairs


def pooled(reads: list[Detections]) -> Detections:
    """The last of agreeing ``reads`` (same faces at the same places), each die's class
    probabilities averaged over them all and its score the pooled probability of its face: a
    roll is judged on every frame it lay still in, not on the last alone."""
    last = reads[-1]
    if last.probs is None or any(r.probs is None for r in reads):
        return last
    rows = [r.probs[paired(last, r)] for r in reads]
    probs = np.mean(rows, axis=0)
    score = np.array([probs[i, CLASSES.index(f)] for i, f in enumerate(last.faces)])
    return Detections(last.boxes, last.faces, score, probs)


class DiceWatch:
    """The dice of the last roll, looked for in each frame while the table moves: whether one of
    them has been gone from its place, with the place still, for ``frames`` frames in a row."""

    def __init__(self, grey: np.ndarray, dice: Detections, config: SettleConfig) -> None:
        """Watch ``dice`` as they lie in the grey frame ``grey``."""
        self.config = config
        self.shape = grey.shape
        self.spots = [_spot(grey, box, size, config.nudge) for box, size in
                      zip(dice.boxes, dice.sizes)]
        self.missing = [0] * len(self.spots)
        self.gone = False

    def look(self, grey: np.ndarray) -> None:
        """Look for each die in the grey frame ``grey``; a die not found counts a frame, a die
        found restarts."""
        if grey.shape != self.shape:
            return
        for i, (template, (x0, y0, x1, y1)) in enumerate(self.spots):
            if not template.size:
                continue
            found = cv2.matchTemplate(grey[y0:y1, x0:x1], template, cv2.TM_CCOEFF_NORMED).max()
            self.missing[i] = self.missing[i] + 1 if found < self.config.seen else 0
            self.gone |= self.missing[i] >= self.config.gone_frames


def _spot(grey: np.ndarray, box: np.ndarray, size: float,
          nudge: float) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """A die's template (its box and a fifth of a die around it) and the area it is looked for
    in (``nudge`` die sizes around), clipped to the frame."""
    h, w = grey.shape
    cx, cy = (box[:2] + box[2:]) / 2
    half, reach = 0.6 * size, (0.6 + nudge) * size
    tx0, ty0 = max(int(cx - half), 0), max(int(cy - half), 0)
    tx1, ty1 = min(int(cx + half) + 1, w), min(int(cy + half) + 1, h)
    area = (max(int(cx - reach), 0), max(int(cy - reach), 0),
            min(int(cx + reach) + 1, w), min(int(cy + reach) + 1, h))
    return grey[ty0:ty1, tx0:tx1].copy(), area


class SettleDetector:
    """Feed it every frame; it returns the detections of a roll once, on the frame the roll settles.

    ``update`` returns ``None`` on all other frames. ``latest`` holds the last detections read (for
    drawing), ``motion_level`` the last motion fraction, ``phase`` one of ``waiting`` (for a throw),
    ``moving``, ``settling``; ``repeated`` is true for a roll reported although it shows the last
    roll's dice where they lay, because they were picked up meanwhile (see the module's docstring).
    """

    def __init__(self, config: SettleConfig = SettleConfig()) -> None:
        self.config = config
        self.phase = "waiting"
        self.motion_level = 0.0
        self.latest = Detections()
        self._previous: np.ndarray | None = None
        self._quiet = 0
        self._agreed: list[Detections] = []  # the last reads agreeing, the roll's if it settles
        self._last_roll = Detections()
        self._watch: DiceWatch | None = None
        self.repeated = False

    def update(self, frame: np.ndarray, read: ReadFrame) -> Detections | None:
        """Take one frame; call ``read`` on it only while the table is still after a throw."""
        cfg = self.config
        grey = _grey(frame)  # once a frame, for the motion and the watch alike
        small = motion_image(grey, cfg.width)
        if self._previous is None or self._previous.shape != small.shape:
            self._previous = small
            return None
        self.motion_level = motion(self._previous, small, cfg.pixel_delta)
        self._previous = small
        if self._watch is not None and self.phase != "waiting" and not self._watch.gone:
            self._watch.look(grey)
        if self.motion_level > cfg.motion_on:
            self.phase, self._quiet, self._agreed = "moving", 0, []
            return None
        if self.phase == "waiting":
            return None
        self._quiet = self._quiet + 1 if self.motion_level <= cfg.motion_off else 0
        if self._quiet < cfg.quiet_frames:
            return None
        self.phase = "settling"
        return self._settle(read(frame), grey)

    def _settle(self, detections: Detections, grey: np.ndarray) -> Detections | None:
        """Count agreeing reads; report the roll when enough agree and it is not the last one."""
        cfg = self.config
        agrees = same_dice(detections, self.latest, cfg.still)
        self._agreed = [*self._agreed, detections][-cfg.stable_reads:] if agrees else [detections]
        self.latest = detections
        if len(self._agreed) < cfg.stable_reads or len(detections) == 0:
            return None  # not yet still, or an empty table: stay ready for the throw to come
        self.phase = "waiting"
        picked_up = self._watch is not None and self._watch.gone
        self.repeated = same_dice(detections, self._last_roll, cfg.nudge)
        if self.repeated and not picked_up:
            return None
        self._last_roll = detections
        self._watch = DiceWatch(grey, detections, cfg)
        return pooled(self._agreed)
