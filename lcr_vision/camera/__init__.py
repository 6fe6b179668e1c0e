"""Frame sources for the play loop: webcams, video files and streams, photo folders, and the
renderer's simulated table, all behind :class:`FrameSource`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from lcr_vision.camera.capture import CaptureSource, Mode, SourceError
from lcr_vision.camera.source import FrameSource, Warn, tell_in_english, warn_in_english
from lcr_vision.camera.stills import FolderSource
from lcr_vision.errors import Said
from lcr_vision.vision.images import IMAGE_SUFFIXES
from lcr_vision.vision.limits import MAX_PIXELS

SYNTHETIC = "synthetic"


def open_source(camera: int | None, source: str | None, seed: int = 0,
                ready: Callable[[], bool] = lambda: True,
                max_pixels: int = MAX_PIXELS, warn: Warn = warn_in_english,
                resolution: Mode | None = None, tell: Warn = tell_in_english) -> FrameSource:
    """The source named by ``--camera N`` or ``--source VIDEO|URL|DIR|PHOTO|synthetic`` (a photo
    is one roll, as a folder's photos are).

    ``seed`` and ``ready`` (true once the players have heard the instruction) are for the
    simulated table; ``max_pixels`` is the pixel limit of a folder's photos; ``warn`` tells what
    befalls the frames (a photo skipped, a camera gone and back), in the table's language, and
    ``tell`` the size a webcam's frames come at. A webcam opens at ``resolution``, else at the
    largest mode it takes (`capture.MODES`); the simulated table renders at ``resolution``, its
    dice in proportion (default 640x480).

    >>> open_source(None, "no/such/video.mp4")
    Traceback (most recent call last):
    ...
    lcr_vision.camera.capture.SourceError: no video file, folder or stream at no/such/video.mp4
    """
    if source is None:
        return CaptureSource(camera if camera is not None else 0, live=True, warn=warn,
                             resolution=resolution, tell=tell)
    if source == SYNTHETIC:
        from lcr_vision.camera.simulated import SimulatedTable

        return SimulatedTable(seed, size=resolution or (640, 480), ready=ready)
    if "://" in source:
        return CaptureSource(source, live=True, warn=warn)
    path = Path(source)
    if path.is_dir() or (path.is_file() and path.suffix.lower() in IMAGE_SUFFIXES):
        return FolderSource(path, max_pixels, warn)
    if path.is_file():
        return CaptureSource(str(path), live=False, warn=warn)
    raise SourceError(Said("no_source", {"source": source}))


__all__ = ["CaptureSource", "FolderSource", "FrameSource", "SourceError", "open_source"]
