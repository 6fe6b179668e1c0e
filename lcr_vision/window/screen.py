"""Where the table view goes: an OpenCV window that also reads keys, or nowhere (headless).

Keys in the window: space confirms a doubtful read, ``t`` types faces at the terminal, ``a`` amends
a roll (its number and faces typed at the terminal), ``u`` undoes the last roll, ``s`` says the
standings, ``q`` quits (the journal already holds every roll).
"""

from __future__ import annotations

import os
import sys

import numpy as np

from lcr_vision.window.overlay import widened

KEYS = {" ": "confirm", "t": "type", "a": "amend", "u": "undo", "s": "standings", "q": "quit",
        "\x1b": "quit"}


def display_available() -> bool:
    """Whether a window can be opened: always on Windows and macOS, with X11 or Wayland on Linux."""
    if not sys.platform.startswith("linux"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


class Screen:
    """No window: frames are not shown and no key is ever pressed (``--headless``)."""

    visible = False

    def show(self, image: np.ndarray) -> str | None:
        """Show ``image``; the action of the key pressed meanwhile, if any (see ``KEYS``)."""
        return None

    def hold(self, image: np.ndarray) -> None:
        """Show ``image`` until a key is pressed (a game's end: who won stays on the screen)."""

    def close(self) -> None:
        """Close the window."""


class Window(Screen):
    """An OpenCV window showing the table view, resizable, without a toolbar, at least
    `overlay.DISPLAY_WIDTH` wide (smaller frames are scaled up); keys become actions."""

    visible = True

    def __init__(self, title: str = "lcr-vision") -> None:
        import cv2

        self.title = title
        self.sized = False
        cv2.namedWindow(title, cv2.WINDOW_NORMAL | cv2.WINDOW_KEEPRATIO | cv2.WINDOW_GUI_NORMAL)

    def show(self, image: np.ndarray) -> str | None:
        import cv2

        image = widened(image)
        if not self.sized:  # the first frame sets the size; the players may resize it after
            cv2.resizeWindow(self.title, image.shape[1], image.shape[0])
            self.sized = True
        cv2.imshow(self.title, image)
        key = cv2.waitKey(1)
        return KEYS.get(chr(key & 0xFF).lower()) if key >= 0 else None

    def hold(self, image: np.ndarray) -> None:
        import cv2

        cv2.imshow(self.title, widened(image))
        while cv2.getWindowProperty(self.title, cv2.WND_PROP_VISIBLE) >= 1:
            if cv2.waitKey(100) >= 0:
                return

    def close(self) -> None:
        import cv2

        cv2.destroyWindow(self.title)
