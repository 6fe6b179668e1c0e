"""The reader's numpy parts: heat-map coding, crops, image loading, and their docstring examples."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lcr_vision.vision.crops import cut_crop, cut_crops
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.heatmap import decode, encode
from lcr_vision.vision.images import ImageError, load_image
from lcr_vision.vision.spec import CROP, CROP_CONTEXT, PAD_VALUE


@st.composite
def separated_dice(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray]:
    """Up to 8 dice on a 96x128 locator frame, centres at least 10 px apart, 6-40 px wide."""
    n = draw(st.integers(0, 8))
    centers = []
    for _ in range(n):
        c = draw(st.tuples(st.floats(2, 125), st.floats(2, 93)))
        if all(np.hypot(c[0] - x, c[1] - y) >= 10 for x, y in centers):
            centers.append(c)
    sizes = [draw(st.tuples(st.floats(6, 40), st.floats(6, 40))) for _ in centers]
    return np.array(centers, np.float32).reshape(-1, 2), np.array(sizes, np.float32).reshape(-1, 2)


@settings(max_examples=60, deadline=None)
@given(separated_dice())
def test_heatmap_encode_decode_gives_the_dice_back(dice: tuple[np.ndarray, np.ndarray]) -> None:
    centers, sizes = dice
    peaks = decode(*encode(centers, sizes, (24, 32))[:3], threshold=0.99)
    assert len(peaks.centers) == len(centers)
    order = np.lexsort((centers[:, 0], centers[:, 1] // 4))
    got = np.lexsort((peaks.centers[:, 0], peaks.centers[:, 1] // 4))
    np.testing.assert_allclose(peaks.centers[got], centers[order], atol=1e-3)
    np.testing.assert_allclose(peaks.sizes[got], sizes[order], rtol=1e-4)


def test_crop_centres_the_die_at_the_agreed_scale() -> None:
    image = np.zeros((300, 400, 3), np.uint8)
    cv2.rectangle(image, (190, 130), (229, 169), (255, 255, 255), -1)  # a 40 px die at (210, 150)
    crop = cut_crop(image, 210.0, 150.0, 40.0)
    inner = CROP / CROP_CONTEXT
    lit = np.argwhere(crop[..., 0] > 127)
    assert crop.shape == (CROP, CROP, 3)
    assert (abs(lit[:, 0].mean() - (CROP - 1) / 2) < 0.6
            and abs(lit[:, 1].mean() - (CROP - 1) / 2) < 0.6)
    assert abs((lit[:, 1].max() - lit[:, 1].min() + 1) - inner) <= 1.5


def test_crop_beyond_the_frame_is_padding() -> None:
    image = np.full((100, 100, 3), 7, np.uint8)
    crop = cut_crops(image, np.array([[0.0, 50.0], [-500.0, -500.0]]), np.array([30.0, 30.0]))
    assert (crop[0, :, :, :CROP // 2 - 2] == PAD_VALUE).all()
    assert (crop[0, :, :, CROP // 2 + 2:] == 7).all()
    assert (crop[1] == PAD_VALUE).all()


def test_big_dice_are_shrunk_without_aliasing() -> None:
    stripes = np.zeros((600, 600, 3), np.uint8)
    stripes[:, ::2] = 255  # one-pixel stripes average to grey when shrunk 10 times
    crop = cut_crop(stripes, 300.0, 300.0, 300.0)
    assert abs(float(crop.mean()) - 127.5) < 3 and float(crop.std()) < 10


@pytest.mark.parametrize(
    ("content", "message"),
    [(None, "no such file"), (b"", r"empty \(0 bytes\)"), (b"hello, not a JPEG", "not a picture"),
     ("1x1", "1x1 pixels, too small")],
)
def test_unusable_images_say_why(tmp_path: Path, content: bytes | str | None, message: str) -> None:
    path = tmp_path / "bad.jpg"
    if content == "1x1":
        cv2.imwrite(str(path), np.zeros((1, 1, 3), np.uint8))
    elif content is not None:
        path.write_bytes(content)
    with pytest.raises(ImageError, match=message):
        load_image(path)


@st.composite
def detections(draw: st.DrawFn) -> Detections:
    n = draw(st.integers(0, 6))
    corners = draw(st.lists(st.tuples(st.integers(0, 500), st.integers(0, 500)), min_size=n,
                            max_size=n))
    faces = draw(st.lists(st.sampled_from(["1", "6", "L", "dot"]), min_size=n, max_size=n))
    scores = draw(st.lists(st.floats(0, 1, width=32), min_size=n, max_size=n))
    return Detections([[x, y, x + 20, y + 20] for x, y in corners], faces, scores)


@given(detections(), st.data())
def test_detections_index_as_arrays_do(d: Detections, data: st.DataObject) -> None:
    mask = data.draw(st.lists(st.booleans(), min_size=len(d), max_size=len(d)))
    picked = np.flatnonzero(mask)
    assert d[np.array(mask, bool)] == d[picked] == d.filter(mask)
    assert d[picked].faces == tuple(d.faces[i] for i in picked)
    assert Detections.merge([d[:k] for k in (2,)] + [d[2:]]) == d
    assert d[::-1][::-1] == d and (d == d[:]) and (len(d) == 0) == (d == Detections.empty())
    assert d[[]] == Detections.empty() == d[np.zeros(0, int)]
    if len(d):
        i = data.draw(st.integers(0, len(d) - 1))
        assert d[i] == d[[i]] and d[i].faces == (d.faces[i],)
        assert d.moved(d.boxes + 1) != d
