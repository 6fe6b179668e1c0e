"""The renderer's simulated table as a camera: the demo's (and ``--source synthetic``'s) frames.

It behaves like the players at a real table: told that a player owes some dice, it waits until the
announcer has finished speaking, then throws them (a hand takes the last roll's dice, flings the new
ones in, they tumble and settle); between throws the dice just lie there. A throw nobody reacts to
(no read, so no new instruction) is thrown again after a while, as an impatient player would. The
true faces of every throw are kept in ``throws`` so a run can be checked against them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import replace

import numpy as np

from lcr_vision.camera.source import FrameSource
from lcr_vision.synth.ranges import Ranges
from lcr_vision.synth.sequence import Table

IDLE_SECONDS = 1 / 30  # between two frames of a table where nothing happens, as a webcam would
# A webcam on a stand above a game table: the renderer's training ranges, narrowed to that view.
WEBCAM = replace(Ranges(), die_px=(35.0, 80.0), tilt_deg=(0.0, 25.0), touching=0.1,
                 distractors=(0, 4))
PATIENCE = 90  # still frames after a throw nobody answered before the player throws again


class SimulatedTable(FrameSource):
    """A rendered table seen by a fixed camera of ``size``, its dice in proportion to the
    width (`Ranges.at_width`); ``ready()`` says when the players may throw."""

    name = "simulated table"

    def __init__(self, seed: int, kind: str = "lcr", size: tuple[int, int] = (640, 480),
                 ready: Callable[[], bool] = lambda: True, ranges: Ranges = WEBCAM) -> None:
        self.rng = np.random.default_rng(seed)
        self.table = Table(self.rng, kind=kind, size=size, ranges=ranges.at_width(size[0]))
        self.ready = ready
        self.owed: int | None = None
        self.throws: list[tuple[str, ...]] = []
        self.settled_at: list[int] = []  # per throw: the frame number at which the dice stopped
        self.count = 0  # frames given so far

    def turn(self, player: str, count: int) -> None:
        """The next throw will have ``count`` dice."""
        self.owed = count

    def frames(self) -> Iterator[np.ndarray]:
        """Throws when one is owed and the players are ready; the still table in between."""
        last: np.ndarray | None = None
        unanswered, still = 0, 0
        while True:
            if self.owed is None and unanswered and still >= PATIENCE:
                self.owed = unanswered
            if self.owed is not None and self.ready():
                frames, faces = self.table.throw(self.owed, self.rng)
                unanswered, still, self.owed = self.owed, 0, None
                self.throws.append(faces)
                settled = False
                for frame in frames:
                    if frame.phase == "settled" and not settled:
                        self.settled_at.append(self.count)
                        settled = True
                    last = frame.image
                    self.count += 1
                    yield last
                continue
            if self.owed is not None:
                unanswered = 0
            time.sleep(IDLE_SECONDS)
            still += 1
            if last is not None:
                self.count += 1
                yield last

    def delays(self, reads: list[int]) -> list[int]:
        """Frames from the dice of a throw stopping to its read, for reads at frame numbers
        ``reads`` (a read belongs to the last throw that had stopped by then)."""
        return [r - max(s for s in self.settled_at if s <= r) for r in reads
                if any(s <= r for s in self.settled_at)]
