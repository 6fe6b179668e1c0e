"""The window as a person sees it: a real OpenCV window on a virtual screen (Xvfb), captured with
xwd and read back, must be at least 960 px wide, show the picture whole, and below it the turn and
the standings in capitals at least 40 and 32 px tall, white on near black. The capture is also the
README's picture of the window."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pytest
from programs import require
from test_table_view import ink_runs

from lcr_vision.window.overlay import DISPLAY_WIDTH, STANDINGS_PX, TURN_PX

SHOW = """
import sys, time
from pathlib import Path
from lcr_vision.camera.stills import FolderSource
from lcr_vision.ledger import Session
from lcr_vision.rules import Settings
from lcr_vision.speech import Announcer, Phrasebook
from lcr_vision.table.loop import TableLoop
from lcr_vision.window.screen import Window
from lcr_vision.vision.reader import DiceReader
from lcr_vision.vision.reading import Reading
from lcr_vision.vision.images import load_image
photos, folder = Path(sys.argv[1]), Path(sys.argv[2])
session = Session.create(folder, Settings.create(["Ann", "Ben", "Cat"]))
reader = DiceReader()
with Announcer(None, speak=False, record=None) as announcer:
    loop = TableLoop(session, FolderSource(photos), Reading(reader.read), announcer,
                     Phrasebook(session.settings.players), Window())
    frame = load_image(next(photos.iterdir()))
    loop.view.marked = reader.read(frame)
    for _ in range(40):
        loop.show(frame)
    print("shown", flush=True)
    while not Path(folder / "stop").exists():  # shown until the test has its capture
        loop.show(frame)
"""


def xwd_image(data: bytes) -> np.ndarray:
    """The picture of an XWD dump (24-bit TrueColor, as Xvfb's root window), as BGR."""
    header = np.frombuffer(data[:100], ">u4")
    size, width, height, bpp, line = (int(header[i]) for i in (0, 4, 5, 11, 12))
    colours = int(header[19])
    start = size + 12 * colours
    pixels = np.frombuffer(data[start:start + line * height], np.uint8).reshape(height, line)
    rgba = pixels[:, : width * bpp // 8].reshape(height, width, bpp // 8)
    big = int(header[7]) == 1  # byte order: MSBFirst
    return rgba[:, :, 1:4] if big else rgba[:, :, :3]


@pytest.fixture
def display():
    """A fresh virtual screen on a display number Xvfb picks itself (-displayfd), so a server
    already running on this machine is never the one captured; yielded once it is ready."""
    xvfb = require("Xvfb")
    read, write = os.pipe()
    server = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                               "-nolisten", "tcp"], stderr=subprocess.DEVNULL, pass_fds=(write,))
    os.close(write)
    with os.fdopen(read) as announced:
        number = announced.readline().strip()
    assert number, "Xvfb did not start"
    yield f":{number}"
    server.terminate()
    server.wait(10)


def capture(display: str, patience: float = 60.0) -> np.ndarray:
    """The screen once a window is drawn on it whole: the server maps a window a moment after
    OpenCV is asked to show it and the window draws itself after that, however busy the machine,
    so the root is read until it is no longer black and two reads in a row agree."""
    end = time.monotonic() + patience

    def screen() -> np.ndarray:
        return xwd_image(subprocess.run([require("xwd"), "-root", "-silent", "-display", display],
                                        capture_output=True, check=True).stdout)

    last, now = None, screen()
    while (not now.any() or last is None or not np.array_equal(last, now)) \
            and time.monotonic() < end:
        time.sleep(0.2)
        last, now = now, screen()
    return now


def test_the_window_is_big_and_plain_enough_to_read_across_a_table(
        display: str, tmp_path: Path) -> None:
    photos = tmp_path / "photos"
    photos.mkdir()
    sample = Path(__file__).resolve().parents[1] / "sample_images" / "images" / "lcr_1_00019.jpg"
    (photos / sample.name).write_bytes(sample.read_bytes())
    env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
    child = subprocess.Popen([sys.executable, "-c", SHOW, str(photos), str(tmp_path / "s")],
                             env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "shown"
        screen = capture(display)
        (tmp_path / "s" / "stop").touch()
        assert child.wait(120) == 0
    finally:
        child.kill()
    lit = np.flatnonzero(screen.max(2).max(0) > 0)  # the window's columns on the black root
    assert lit.size, "nothing was drawn on the screen"
    assert lit.max() - lit.min() + 1 >= DISPLAY_WIDTH
    lit_rows = np.flatnonzero(screen.max(2).max(1) > 0)
    window = screen[lit_rows.min():lit_rows.max() + 1, lit.min():lit.max() + 1]
    width = window.shape[1]
    frame = cv2.imread(str(sample))
    high = round(frame.shape[0] * width / frame.shape[1])  # the picture, widened to the window
    assert np.median(window[:high]) > 60, "the picture is not darkened behind text"
    band = window[high:]
    assert np.median(band.max(2)) < 40  # white on near black
    heights = [last - first + 1 for first, last in ink_runs(band)[:2]]  # the turn, the standings
    assert heights[0] >= TURN_PX - 1 and heights[1] >= STANDINGS_PX - 1, heights
    # LCR_VISION_SCREENSHOT=/tmp/window.png keeps the capture (docs/window.jpg in the README)
    picture = Path(os.environ.get("LCR_VISION_SCREENSHOT", tmp_path / "window.png"))
    assert cv2.imwrite(str(picture), window) and picture.stat().st_size > 10_000
