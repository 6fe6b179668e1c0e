"""The window's picture: text big and plain enough to read across a table."""

from __future__ import annotations

import numpy as np
import pytest

from lcr_vision.table.overlay import DISPLAY_WIDTH, MIN_TEXT_PX, draw_panel
from lcr_vision.table.screen import shown


@pytest.mark.parametrize("size", [(320, 240), (640, 480), (1280, 720)])
def test_capitals_stand_eighteen_pixels_tall_as_the_window_shows_them(size) -> None:
    frame = np.full((size[1], size[0], 3), 180, np.uint8)
    view = shown(draw_panel(frame, ["HELL"]))
    assert view.shape[1] >= DISPLAY_WIDTH
    ink = np.flatnonzero((view[:, :, 0] > 128).sum(1) > 0)
    band_rows = ink[ink < ink.min() + 3 * MIN_TEXT_PX]  # the first line of white text
    assert band_rows.max() - band_rows.min() + 1 >= MIN_TEXT_PX - 1
    behind = view[: band_rows.min() - 3, :, 0]
    assert np.median(behind) < 40  # white on near black, whatever the frame behind shows


def test_a_long_line_wraps_inside_the_frame() -> None:
    frame = np.full((480, 640, 3), 90, np.uint8)
    names = "  ".join(f"Player{i} 3" for i in range(12))
    one = draw_panel(frame.copy(), ["Ann 3"])
    many = draw_panel(frame.copy(), [names])
    height = lambda img: int(np.flatnonzero((img[:, :, 0] < 40).all(1)).max())
    assert height(many) > height(one)  # more rows of the band
    assert (many[:, -3:, 0] < 200).all()  # nothing written off the right edge
