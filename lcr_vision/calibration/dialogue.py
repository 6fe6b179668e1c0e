"""How the guided calibration talks with the user: spoken sentences, the window, the terminal.

Everything said is printed and spoken by the announcer. With a window, the user answers by key
(space: yes, ``t``: type at the terminal, ``q``: stop) and may drag a new play area; without one,
by typing a line (Enter: yes). A scripted calibration (``--answers``) asks nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

import numpy as np

from lcr_vision.faces import FaceError, parse_faces
from lcr_vision.phrases.calibration import EN_WORDS, CalibrationWords
from lcr_vision.speech import Announcer
from lcr_vision.vision.annotate import annotate
from lcr_vision.vision.detections import Detections
from lcr_vision.window.overlay import draw_panel
from lcr_vision.window.screen import Screen, Window

Roi = tuple[int, int, int, int]


class Dialogue:
    """The user at the table; with ``asks`` false (a scripted run) nobody is asked anything.
    Prompts and keys are shown in the language of ``words``."""

    def __init__(self, announcer: Announcer, screen: Screen, terminal: TextIO,
                 asks: bool, words: CalibrationWords = EN_WORDS) -> None:
        self.announcer = announcer
        self.screen = screen
        self.terminal = terminal
        self.asks = asks
        self.words = words

    def say(self, *sentences: str) -> None:
        """Print and speak."""
        self.announcer.say(*sentences)

    def show(self, image: np.ndarray, lines: Sequence[str]) -> str | None:
        """Show ``image`` with ``lines`` on top in the window; the key's action, if any."""
        return self.screen.show(draw_panel(image.copy(), lines))

    def line(self, prompt: str) -> str | None:
        """A line typed at the terminal (``None`` at its end)."""
        print(prompt, end=" ", flush=True)
        text = self.terminal.readline()
        return text.strip() if text else None

    def ready(self, what: str) -> bool:
        """Wait until the user says the table is ready for ``what``; false to stop."""
        if not self.asks:
            return True
        if isinstance(self.screen, Window):
            return self._spoken_key([what, self.words.sentence("keys_ready")])
        return self.line(self.words.sentence("type_ready", what=what)) not in (None, "q")

    def agree(self, offer: str) -> bool:
        """Whether the user takes up ``offer`` (said first); nobody takes it in a scripted run."""
        if not self.asks:
            return False
        self.say(offer)
        if isinstance(self.screen, Window):
            return self._spoken_key([offer, self.words.sentence("keys_yes_no")])
        return self.line(self.words.sentence("type_yes_no")) in ("", "y", "yes")

    def play_area(self, image: np.ndarray, roi: Roi | None) -> Roi | None:
        """The play area the user keeps (the one found) or drags in the window."""
        if not self.asks or not isinstance(self.screen, Window):
            return roi
        import cv2

        shown = image.copy()
        if roi is not None:
            x, y, w, h = roi
            cv2.rectangle(shown, (x, y), (x + w, y + h), (40, 200, 40), 2)
        draw_panel(shown, [self.words.sentence("drag_area")])
        x, y, w, h = (int(v) for v in cv2.selectROI(self.screen.title, shown, False))
        return (x, y, w, h) if w >= 16 and h >= 16 else roi

    def truth(self, image: np.ndarray, dice: Detections) -> tuple[str, ...] | None:
        """The faces really up, as the user confirms or corrects the ``dice`` read in ``image``;
        ``None`` to stop."""
        read = dice.faces
        said = " ".join(read) or self.words.sentence("no_dice_read")
        if isinstance(self.screen, Window):
            action = self._key(annotate(image, dice),
                               [self.words.sentence("shown_read", faces=said),
                                self.words.sentence("keys_truth")])
            if action == "quit":
                return None
            if action == "confirm":
                return read
        while True:
            text = self.line(self.words.sentence("type_truth", faces=said))
            if text is None or text == "q":
                return None
            if not text:
                return read
            try:
                return parse_faces(text)
            except FaceError as exc:
                print(f"lcr-vision: {exc}", file=sys.stderr)

    def _spoken_key(self, lines: list[str]) -> bool:
        """Whether the key pressed under ``lines``, on a blank window, is not the one to stop."""
        return self._key(np.zeros((480, 640, 3), np.uint8), lines) != "quit"

    def _key(self, image: np.ndarray, lines: list[str]) -> str | None:
        while (action := self.show(image, lines)) not in ("confirm", "type", "quit"):
            pass
        return action
