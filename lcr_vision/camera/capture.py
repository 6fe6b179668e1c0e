"""Webcams, video files and streams, read through OpenCV; a live camera that fails is retried.

A camera that cannot be opened at all is the user's mistake (a wrong index) and raises
:class:`SourceError` after a few tries, from `check`, before play starts, with OpenCV's own
warnings about each backend it tried, and FFmpeg's about a file that is no video, kept off the
terminal. Once frames have flowed, a camera or stream that stops
sending them is reported on stderr and reopened until it comes back: the game waits, and nothing
of its state is lost. A video file simply ends.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from lcr_vision.camera.source import FrameSource, Warn, tell_in_english, warn_in_english
from lcr_vision.errors import Said, UserError


class SourceError(UserError):
    """A camera, video or folder that cannot be read."""


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Standard error, file descriptor 2, sent nowhere: FFmpeg writes to it directly, past
    OpenCV's logging, and what it says of a bad file the one-line refusal says better."""
    sys.stderr.flush()
    saved, null = os.dup(2), os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 2)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


# The webcam modes asked for in turn, largest first: most webcams open at 640x480 unless asked,
# where a die at table distance is 20-30 pixels and its pips 3. The reader's one look shrinks
# any of them for the locator and cuts each die's crop from the full frame (`vision.looker`).
MODES = ((1920, 1080), (1280, 720))
Mode = tuple[int, int]


def parse_mode(text: str) -> Mode:
    """``--resolution WxH``: a webcam mode, width by height.

    >>> parse_mode("1280x720"), parse_mode(" 640X480 ")
    ((1280, 720), (640, 480))
    >>> parse_mode("720p")
    Traceback (most recent call last):
    ...
    lcr_vision.errors.UserError: --resolution 720p should be WIDTHxHEIGHT, like 1280x720
    """
    parts = text.strip().lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() and 16 <= int(p) <= 16384 for p in parts):
        raise UserError(Said("resolution_syntax", {"resolution": text}))
    return int(parts[0]), int(parts[1])


def ask_mode(capture: Any, modes: tuple[Mode, ...]) -> Mode | None:
    """Ask an opened ``cv2.VideoCapture`` webcam for the first of ``modes`` it takes (in
    MJPEG, where it has it: most webcams give their large modes at full speed only so); the mode
    it took, or ``None`` where it took none and stays at its own."""
    import cv2

    capture.set(cv2.CAP_PROP_FOURCC, cv2.VideoWriter_fourcc(*"MJPG"))
    for width, height in modes:
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        got = (round(capture.get(cv2.CAP_PROP_FRAME_WIDTH)),
               round(capture.get(cv2.CAP_PROP_FRAME_HEIGHT)))
        if got == (width, height):
            return got
    return None


class CaptureSource(FrameSource):
    """Frames from ``cv2.VideoCapture``: a camera index, a video file, or a stream URL.

    ``live`` sources (cameras, streams) are retried every ``retry_seconds`` when they fail;
    ``first_tries`` bounds the attempts before any frame was ever read. A webcam (an index) is
    opened at ``resolution``, else at the largest of `MODES` it takes; `check` tells the size
    its frames came at through ``tell``, and warns where it is not the one asked for.
    """

    def __init__(self, target: int | str, live: bool, retry_seconds: float = 1.0,
                 first_tries: int = 3, warn: Warn = warn_in_english,
                 resolution: Mode | None = None, tell: Warn = tell_in_english) -> None:
        self.target = target
        self.warn = warn
        self.tell = tell
        self.resolution = resolution
        self.size: Mode | None = None  # of the frames, once `check` read one
        self.live = live
        self.name = f"camera {target}" if isinstance(target, int) else str(target)
        self.retry_seconds = retry_seconds
        self.first_tries = first_tries
        self._capture: Any = None
        self._first: np.ndarray | None = None  # the frame `check` read, given first
        if not live:
            self.identity = str(Path(target).resolve())

    def _open(self) -> bool:
        import cv2

        self.close()
        level = cv2.utils.logging.getLogLevel()
        cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)
        try:
            with _quiet_stderr():
                self._capture = cv2.VideoCapture(self.target)
                if isinstance(self.target, int) and self._capture.isOpened():
                    ask_mode(self._capture, (self.resolution,) if self.resolution else MODES)
        finally:
            cv2.utils.logging.setLogLevel(level)
        return bool(self._capture.isOpened())

    def check(self) -> None:
        """Read a first frame, trying ``first_tries`` times; `SourceError` if none comes."""
        for tries in range(self.first_tries):
            if tries:
                time.sleep(self.retry_seconds)
            self._open()
            self._first = self._read()
            if self._first is not None:
                self._told(self._first)
                return
        raise SourceError(Said("no_frames", {"source": self.name}))

    def _told(self, first: np.ndarray) -> None:
        """Tell once the size the ``first`` frame came at; warn where a webcam's is not the
        resolution asked for."""
        h, w = first.shape[:2]
        self.size = (w, h)
        if not isinstance(self.target, int):
            return
        self.tell(Said("camera_mode", {"source": self.name, "size": f"{w}x{h}"}))
        if self.resolution is not None and self.size != self.resolution:
            wanted = "x".join(map(str, self.resolution))
            self.warn(Said("camera_mode_refused", {"source": self.name, "size": f"{w}x{h}",
                                                   "wanted": wanted}))

    def _read(self) -> np.ndarray | None:
        ok, frame = self._capture.read() if self._capture is not None else (False, None)
        return frame if ok and frame is not None and frame.size else None

    def frames(self) -> Iterator[np.ndarray]:
        """Frames as they come; a live source that drops out is reopened until it is back."""
        tries, flowed = 0, False
        while True:
            frame = self._first if self._first is not None else self._read()
            self._first = None
            if frame is not None:
                if flowed and tries:
                    self.warn(Said("source_back", {"source": self.name}))
                flowed, tries = True, 0
                self.position += 1
                if self.position >= self.start:
                    yield frame
                continue
            if flowed and not self.live:
                return
            if not flowed and tries >= self.first_tries:
                raise SourceError(Said("no_frames", {"source": self.name}))
            if flowed and not tries:
                self.warn(Said("source_lost", {"source": self.name}))
            if tries:
                time.sleep(self.retry_seconds)
            tries += 1
            self._open()

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None
