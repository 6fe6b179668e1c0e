"""The calibrated view: what the reader is shown, and boxes mapped back to the frame exactly."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lcr_vision.calibration.view import View, ViewError
from lcr_vision.vision.detections import Detections


@st.composite
def views_and_squares(draw: st.DrawFn) -> tuple[View, tuple[int, int, int]]:
    """A view of a 640x480 frame and a white square (x, y, side) inside its play area."""
    w, h = draw(st.integers(40, 640)), draw(st.integers(40, 480))
    x, y = draw(st.integers(0, 640 - w)), draw(st.integers(0, 480 - h))
    side = draw(st.integers(12, min(w, h) // 2))
    sx, sy = draw(st.integers(x, x + w - side)), draw(st.integers(y, y + h - side))
    scale = draw(st.sampled_from([0.25, 0.5, 1.0, 1.5, 2.0]))
    return View((x, y, w, h), scale, (640, 480)), (sx, sy, side)


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
