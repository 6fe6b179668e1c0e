"""How fast the renderer makes 640x480 frames on one core (``lcr-vision bench`` reports it)."""

from __future__ import annotations

import time

import cv2
import numpy as np

from lcr_vision.synth.scene import render_scene
from lcr_vision.synth.sequence import Table


def frames_per_second(size: tuple[int, int] = (640, 480), frames: int = 40, kind: str = "mixed",
                      throws: bool = False, seed: int = 0) -> float:
    """Frames rendered per second of CPU time on one thread (so other work on the machine does not
    count): training stills, or with ``throws`` the demo's simulated-table frames (three dice
    thrown, rendered back to back). Twenty untimed stills first fill part of the shared dice stock,
    as any longer run of training renders would."""
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)
    try:
        rng = np.random.default_rng(seed)
        for _ in range(20):
            render_scene(rng, kind, size)
        table = Table(rng, "lcr" if kind == "mixed" else kind, size) if throws else None
        done = 0
        start = time.process_time()
        while done < frames:
            if table is None:
                render_scene(rng, kind, size)
                done += 1
            else:
                for _ in table.throw(3, rng)[0]:
                    done += 1
        return done / (time.process_time() - start)
    finally:
        cv2.setNumThreads(threads)
