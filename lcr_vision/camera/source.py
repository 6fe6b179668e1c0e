"""What every frame source offers the play loop: frames, and a hint at each turn."""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator

import numpy as np

from lcr_vision.errors import Said, english

# How a source tells what befell its frames (a photo skipped, a camera gone and back).
Warn = Callable[[Said], None]


def warn_in_english(said: Said) -> None:
    """A source's warning on stderr, in English: the front end passes one in its language."""
    print(f"lcr-vision: {english(Said('warning', {'what': said}))}", file=sys.stderr, flush=True)


def tell_in_english(said: Said) -> None:
    """What a source tells of itself once (a webcam's frame size), on stderr, in English."""
    print(f"lcr-vision: {english(said)}", file=sys.stderr, flush=True)


class FrameSource(ABC):
    """Frames from a camera, a video, a folder of photos or the simulated table.

    ``stills`` is true where each frame is already one settled roll (a folder of photos), so the
    loop reads it directly instead of watching for the dice to settle. ``name`` says where frames
    come from, for messages. A source that gives the same frames each time it is read (a folder,
    a video file) has an ``identity`` (its resolved path): its rolls are journalled with it and
    with their ``position`` (the frame's index in the source, from 0), and a resumed session
    sets ``start`` past the last of them, so no photo or frame is read twice.
    """

    name: str = "source"
    stills: bool = False
    identity: str | None = None
    start: int = 0  # the index of the first frame `frames` gives
    position: int = -1  # the index of the latest frame given
    done: frozenset[str] = frozenset()  # a folder's photos read before, by name: passed over

    @abstractmethod
    def frames(self) -> Iterator[np.ndarray]:
        """BGR frames until the source ends (a live camera never does)."""

    @property
    def recorded(self) -> bool:
        """Whether the frames were taken before play (a folder, a video file): nobody can throw
        again for them, so a roll that cannot be used as read is asked about, not thrown again."""
        return self.identity is not None

    @property
    def where(self) -> str:
        """Where the latest frame came from, for the photo log."""
        return self.name

    @property
    def photo(self) -> tuple[str, str] | None:
        """The latest frame's file name and digest, where it is a photo of a folder."""
        return None

    def differs(self, name: str, digest: str) -> bool | None:
        """Whether the photo ``name`` read with ``digest`` is gone (True) or changed (False)
        since; None where it is as it was, or the source holds no photos."""
        return None

    def check(self) -> None:
        """Raise `SourceError` now if the source cannot give frames at all, so that nothing is
        started for a source that was never there. Most sources know only once they are read."""

    def turn(self, player: str, count: int) -> None:
        """A player is told to roll ``count`` dice. Real players hear the announcer; only the
        simulated table acts on it."""

    def close(self) -> None:
        """Release the device or file."""
