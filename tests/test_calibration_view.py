"""The calibrated view: what the reader is shown, and boxes mapped back to the frame exactly."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lcr_vision.calibration.play_area import View, ViewError
from lcr_vision.calibration.tiles import merge, windows
from lcr_vision.vision.detections import Detections


@st.composite
def views_and_squares(draw: st.DrawFn) -> tuple[View, tuple[int, int, int]]:
    """A view of a 640x480 frame (its play area turned by any quarter-turns) and a white square
    (x, y, side) inside its play area."""
    w, h = draw(st.integers(40, 640)), draw(st.integers(40, 480))
    x, y = draw(st.integers(0, 640 - w)), draw(st.integers(0, 480 - h))
    side = draw(st.integers(12, min(w, h) // 2))
    sx, sy = draw(st.integers(x, x + w - side)), draw(st.integers(y, y + h - side))
    scale = draw(st.sampled_from([0.25, 0.5, 1.0, 1.5, 2.0]))
    return View((x, y, w, h), scale, (640, 480), turn=draw(st.integers(0, 3))), (sx, sy, side)


@settings(max_examples=80, deadline=None)
@given(views_and_squares())
def test_a_square_found_in_the_view_maps_back_to_where_it_is(case) -> None:
    view, (sx, sy, side) = case
    frame = np.zeros((480, 640, 3), np.uint8)
    frame[sy:sy + side, sx:sx + side] = 255
    shown = view.apply(frame)
    ys, xs = np.nonzero(shown[..., 0] > 127)
    found = Detections([[xs.min(), ys.min(), xs.max() + 1, ys.max() + 1]], ["L"], [1.0])
    box = view.to_frame(found, frame.shape).boxes[0]
    step = 1 / view.scale + 1  # one pixel of the view, plus resampling at the edges
    assert np.abs(box - [sx, sy, sx + side, sy + side]).max() <= step


def test_the_view_has_the_play_area_at_the_scale() -> None:
    view = View((100, 40, 320, 200), 0.5, (640, 480))
    assert view.apply(np.zeros((480, 640, 3), np.uint8)).shape == (100, 160, 3)
    frame = np.zeros((48, 64, 3), np.uint8)
    whole = View().apply(frame)
    assert whole.shape == frame.shape and np.shares_memory(whole, frame)  # nothing copied


def test_a_camera_at_another_resolution_sees_the_same_play_area() -> None:
    view = View((100, 40, 320, 200), 0.5, (640, 480))
    frame = np.zeros((960, 1280, 3), np.uint8)
    frame[80:480, 200:840] = 200  # the play area, twice as many pixels
    shown = view.apply(frame)
    assert shown.shape == (100, 160, 3) and shown.min() == 200
    back = view.to_frame(Detections([[0, 0, 160, 100]], ["C"], [1.0]), frame.shape)
    assert back.boxes.tolist() == [[200.0, 80.0, 840.0, 480.0]]


def test_frames_of_another_shape_or_too_small_are_refused() -> None:
    view = View((500, 400, 100, 60), 1.0, (640, 480))
    with pytest.raises(ViewError, match="made for 640x480 frames, these are 640x360"):
        view.apply(np.zeros((360, 640, 3), np.uint8))
    with pytest.raises(ViewError, match="lies outside these 320x240 frames"):
        View((500, 400, 100, 60)).apply(np.zeros((240, 320, 3), np.uint8))


@settings(max_examples=200, deadline=None)
@given(st.integers(40, 2000), st.integers(40, 2000), st.integers(1, 4), st.integers(0, 60),
       st.data())
def test_every_die_lies_whole_in_some_tile(w: int, h: int, tiles: int, overlap: int,
                                           data: st.DataObject) -> None:
    boxes = windows((w, h), tiles, overlap)
    assert len(boxes) == tiles * tiles
    assert all(0 <= x and 0 <= y and x + tw <= w and y + th <= h for x, y, tw, th in boxes)
    side = data.draw(st.integers(1, max(min(overlap, w, h), 1)))  # a die fits the frame
    dx, dy = data.draw(st.integers(0, w - side)), data.draw(st.integers(0, h - side))
    assert any(x <= dx and dx + side <= x + tw and y <= dy and dy + side <= y + th
               for x, y, tw, th in boxes)


def test_a_die_read_in_two_tiles_is_kept_once_from_the_surer_read() -> None:
    left = Detections([[300, 100, 330, 130]], ["L"], [0.7])
    right = Detections([[2, 101, 32, 131], [100, 100, 130, 130]], ["R", "C"], [0.9, 0.8])
    merged = merge([(left, (0, 0)), (right, (298, 0))])
    assert sorted(merged.faces) == ["C", "R"]
    assert merged.boxes.tolist() == [[300.0, 101.0, 330.0, 131.0], [398.0, 100.0, 428.0, 130.0]]
