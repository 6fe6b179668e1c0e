"""The moments the table is at rest, from any frame source, without asking the model.

Calibration cannot use the play loop's settle detection, which waits for the reader to agree with
itself: the reader is what is being calibrated. A rest is a run of still frames after movement
(the start of a video or camera counts as after movement, so the first rest is the table as it was
first seen). A folder of photos gives each photo as a rest of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from lcr_vision.camera.source import FrameSource
from lcr_vision.camera.stills import FolderSource
from lcr_vision.vision.settle import SettleConfig, motion, motion_image

REST_FRAMES = 5  # still frames in a row that make a rest
STILLNESS = SettleConfig()  # what counts as movement: the play loop's thresholds


@dataclass(frozen=True)
class StillFrames:
    """Still frames of the table; ``name`` is the photo's file name, or ``frame-N`` for the last
    frame's number in a video or camera stream."""

    name: str
    frames: tuple[np.ndarray, ...]

    @property
    def image(self) -> np.ndarray:
        """The frame the dice are read from: the last still one."""
        return self.frames[-1]


def rests(source: FrameSource, watch: Callable[[np.ndarray], object] = lambda frame: None,
          config: SettleConfig = STILLNESS) -> Iterator[StillFrames]:
    """Every rest of ``source``, in order; a live source never ends. ``watch`` sees each frame of
    a video or camera as it comes (to show it)."""
    if isinstance(source, FolderSource):
        for frame in source.frames():
            assert source.current is not None
            yield StillFrames(source.current.name, (frame,))
        return
    previous: np.ndarray | None = None
    moved, quiet = True, []
    for index, frame in enumerate(source.frames()):
        watch(frame)
        small = motion_image(frame, config.width)
        level = 0.0 if previous is None or previous.shape != small.shape else motion(
            previous, small, config.pixel_delta)
        previous = small
        if level > config.motion_on:
            moved, quiet = True, []
        elif moved:
            quiet = quiet + [frame] if level <= config.motion_off else []
            if len(quiet) >= REST_FRAMES:
                yield StillFrames(f"frame-{index}", tuple(quiet))
                moved, quiet = False, []
