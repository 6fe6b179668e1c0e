"""The window's picture: text big and plain enough to read across a table, below the dice."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

import cv2
import numpy as np
import pytest

from lcr_vision.camera.stills import FolderSource
from lcr_vision.ledger import Session
from lcr_vision.rules import GameState, Settings, play_roll
from lcr_vision.speech import Announcer, Phrasebook
from lcr_vision.table.loop import TableLoop
from lcr_vision.table.view import TableView
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.reading import Reading
from lcr_vision.window.overlay import (
    DISPLAY_WIDTH,
    MARGIN,
    MIN_TEXT_PX,
    STANDINGS_PX,
    TEXT_PX,
    TURN_PX,
    WINNER_PX,
    board,
    draw_panel,
    widened,
    wrap,
)
from lcr_vision.window.screen import Screen


def ink_runs(image: np.ndarray) -> list[tuple[int, int]]:
    """The first and last row of each run of rows holding white ink."""
    rows = np.flatnonzero((image.min(2) > 200).any(1))
    runs: list[tuple[int, int]] = []
    for row in rows:
        if runs and row <= runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], row)
        else:
            runs.append((row, row))
    return runs


@pytest.mark.parametrize("size", [(320, 240), (640, 480), (1280, 720)])
@pytest.mark.parametrize("px", [TEXT_PX, STANDINGS_PX, TURN_PX, WINNER_PX])
def test_the_windows_capitals_stand_as_tall_as_asked_below_the_picture(size, px: int) -> None:
    frame = np.full((size[1], size[0], 3), 180, np.uint8)
    picture = board(frame, [("HELL", px)])
    top = widened(frame)
    assert picture.shape[1] == max(DISPLAY_WIDTH, size[0])
    assert (picture[: top.shape[0]] == top).all(), "no text over the picture"
    band = picture[top.shape[0]:]
    (first, last), = ink_runs(band)
    assert last - first + 1 >= px - 1
    assert np.median(band[:, :, 0]) < 40  # white on near black


def test_the_panel_of_the_photo_log_keeps_its_capitals_eighteen_pixels_tall() -> None:
    frame = np.full((480, 640, 3), 180, np.uint8)
    view = widened(draw_panel(frame, ["HELL"]))
    (first, last), *_ = ink_runs(view)
    assert last - first + 1 >= MIN_TEXT_PX - 1


def test_a_long_line_wraps_inside_the_window() -> None:
    frame = np.full((480, 640, 3), 90, np.uint8)
    names = "  ".join(f"Player{i} 3" for i in range(12))
    one, many = board(frame, [("Ann 3", STANDINGS_PX)]), board(frame, [(names, STANDINGS_PX)])
    assert many.shape[0] > one.shape[0] and len(ink_runs(many[720:])) > 1  # more rows
    assert (many[:, -3:, 0] < 200).all()  # nothing written off the right edge


def test_the_turn_and_standings_are_largest_and_the_winner_larger_still() -> None:
    players = ("Ann", "Ben", "Cat")
    view = TableView(Screen(), players)
    frame = np.full((480, 640, 3), 90, np.uint8)
    settings = Settings.create(list(players), stakes=(1, 1, 1))
    result = play_roll(settings, GameState((0, 1, 2), 0, turn=1), ("L",))
    view.rolled(result)
    runs = ink_runs(view.picture(frame, GameState((0, 1, 2), 0, turn=1), None, True)[720:])
    heights = [last - first + 1 for first, last in runs]
    assert heights[0] >= TURN_PX - 1 and heights[1] >= STANDINGS_PX - 1
    assert heights[2] >= TEXT_PX - 1  # "Ben: L. ...", capitals and descenders
    ending = view.ending(frame, Detections(), result)[720:]
    first, last = ink_runs(ending)[0]
    assert last - first + 1 >= WINNER_PX - 1


class Captured(Screen):
    """A visible window that keeps each picture it is shown, for a test to look at."""

    visible = True

    def __init__(self) -> None:
        self.shown: list[np.ndarray] = []

    def show(self, image: np.ndarray) -> str | None:
        self.shown.append(image)
        return None


@contextmanager
def one_photo_table(folder: Path, players: Sequence[str], screen: Screen, language: str = "en",
                    out: TextIO | None = None) -> Iterator[TableLoop]:
    """A table loop over a folder of one photo in which no die is read, in a new session in
    ``folder``, showing on ``screen`` and printing to ``out``; the session is closed after."""
    (folder / "rolls").mkdir()
    cv2.imwrite(str(folder / "rolls" / "roll.png"), np.full((48, 64, 3), 90, np.uint8))
    session = Session.create(folder / "s", Settings.create(list(players)))
    try:
        with Announcer(None, speak=False, record=None, out=out) as voice:
            nothing = Reading(lambda f: Detections())
            yield TableLoop(session, FolderSource(folder / "rolls"), nothing,
                            voice, Phrasebook(session.settings.players, language), screen)
    finally:
        session.close()


def test_keys_that_type_never_crash_where_nobody_can_type(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """t and a with the terminal's input ended: the table says nobody can type here and plays
    on; a choice (Wilder's payment, a wild's target) is left to the policy."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    frame = np.full((48, 64, 3), 90, np.uint8)
    with one_photo_table(tmp_path, ["Ann", "Ben", "Cat"], Screen()) as loop:
        for key in ("type", "amend"):
            loop.act(key, frame)
        assert capsys.readouterr().out.count(
            "Nobody can type here: the terminal's input has ended.") == 2
        assert loop.session.ledger.rolls == () and loop.view.choose("pay? ") == ""


def test_every_key_shows_in_the_window_and_standings_wrap_between_players(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Space with no read waiting, s, and t with nobody at the terminal each leave a line in the
    window; a photo folder is never told to roll again; eight long names wrap between players,
    never between a name and its chips."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    players = [f"Bartholomew{i}" for i in range(8)]
    frame = np.full((480, 640, 3), 90, np.uint8)
    screen = Captured()
    with one_photo_table(tmp_path, players, screen, out=io.StringIO()) as loop:
        loop.view.show(frame, loop.session.state, None, True)
        bare = screen.shown[-1]
        notes = []
        for key in ("confirm", "standings", "type"):
            loop.act(key, frame)
            notes.append(loop.view.note)
            assert not np.array_equal(screen.shown[-1], bare), f"{key} changed nothing"
        rows = wrap(loop.view.chips(loop.session.state), DISPLAY_WIDTH - 2 * MARGIN,
                    STANDINGS_PX)
    assert notes == ["Nothing to accept: no unsure read is waiting", "Standings said",
                     "Nobody can type here: the terminal's input has ended."]
    assert "roll again" not in loop.view.hint
    assert TableView(Screen(), tuple(players)).hint.endswith("or roll again")
    assert len(rows) > 1 and all(re.fullmatch(r"(\w+ \d+ *)+", row) for row in rows)
