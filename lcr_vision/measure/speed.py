"""How fast the reader is: milliseconds per 640x480 frame, and the same as a multiple of a JPEG
decode.

The play loop reads every camera frame while the dice settle, so this is the figure that matters;
decoding the frame's JPEG is the yardstick because it scales with the machine the same way.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from lcr_vision.faces import DiceKind
from lcr_vision.vision.reader import DiceReader, ReaderSettings

# what is timed unless told otherwise: LCR dice, read as the reader reads them by default
TIMED = ReaderSettings(DiceKind.LCR)


@dataclass(frozen=True)
class ReaderSpeed:
    """Milliseconds per frame (median and 90th percentile) by thread count, and per JPEG decode."""

    median_ms: dict[int, float]
    p90_ms: dict[int, float]
    decode_ms: float

    @property
    def decode_ratio(self) -> float:
        """One-thread median over the decode median: how many JPEG decodes one reading costs."""
        return self.median_ms[1] / self.decode_ms


def _timings(job: Callable[[], object], runs: int) -> np.ndarray:
    for _ in range(3):
        job()
    out = np.empty(runs)
    for i in range(runs):
        start = time.perf_counter()
        job()
        out[i] = (time.perf_counter() - start) * 1000
    return out


def sample_frame(seed: int = 7, size: tuple[int, int] = (640, 480)) -> bytes:
    """A rendered table of ``size`` (w, h) with three LCR dice, as JPEG (quality 90), for timing;
    a wider frame shows the same view, its dice in proportion (`Ranges.at_width`)."""
    from lcr_vision.synth.ranges import Ranges
    from lcr_vision.synth.scene import render_scene

    scene = render_scene(np.random.default_rng(seed), "lcr", size, Ranges().at_width(size[0]),
                         dice=3)
    return cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()


def reader_speed(
    jpeg: bytes | None = None, model_path: Path | None = None, runs: int = 100,
    threads: tuple[int, ...] = (1, 2), reading: ReaderSettings = TIMED,
) -> ReaderSpeed:
    """Time ``DiceReader.read`` on ``jpeg`` (default: ``sample_frame()``) with each thread count,
    reading as ``reading`` says: ``bench`` changes one field of `TIMED` at a time (``views``
    read per die, ``pyramid`` as photos are read, ``find_up`` off as a calibrated profile
    reads, ``second_below`` ``math.inf`` to look again at every die)."""
    data = np.frombuffer(jpeg if jpeg is not None else sample_frame(), np.uint8)
    frame = cv2.imdecode(data, cv2.IMREAD_COLOR)
    median, p90 = {}, {}
    for n in threads:
        reader = DiceReader(model_path, reading, n)
        ms = _timings(lambda r=reader: r.read(frame), runs)
        median[n], p90[n] = float(np.median(ms)), float(np.percentile(ms, 90))
    decode = _timings(lambda: cv2.imdecode(data, cv2.IMREAD_COLOR), runs)
    return ReaderSpeed(median, p90, float(np.median(decode)))
