"""The window's lettering: Cyrillic and Latin drawn with numpy and OpenCV alone, each letter its
own, capitals as tall as asked, and as wide as `width` says, which is what wrapping relies on."""

from __future__ import annotations

import numpy as np
import pytest

from lcr_vision.window.lettering import FALLBACK, coverage, draw, width

RUSSIAN = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя"


def drawn(text: str, px: int, x: int = 10) -> np.ndarray:
    """``text`` drawn white on black, its ink from column ``x``, as one channel."""
    picture = np.zeros((3 * px, 40 * px, 3), np.uint8)
    draw(picture, text, (x, 2 * px), px)
    return picture[:, :, 0]


def ink(picture: np.ndarray) -> np.ndarray:
    """The picture cut to its ink."""
    rows, cols = np.flatnonzero(picture.any(1)), np.flatnonzero(picture.any(0))
    return picture[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]


def test_every_russian_letter_is_drawn_and_each_differently() -> None:
    shapes = {letter: ink(drawn(letter, 24)) for letter in RUSSIAN}
    assert all(shape.max() == 255 for shape in shapes.values())
    unknown = ink(drawn(FALLBACK, 24))
    assert not any(np.array_equal(shape, unknown) for shape in shapes.values())
    as_bytes = {shape.shape + (shape.tobytes(),) for shape in shapes.values()}
    assert len(as_bytes) == len(RUSSIAN), "two letters drawn alike"


def test_a_character_the_atlas_lacks_is_drawn_as_the_fallback() -> None:
    assert np.array_equal(drawn("中", 24), drawn(FALLBACK, 24))
    assert np.array_equal(drawn("Ж", 24), drawn("Ж", 24)) and not np.array_equal(
        drawn("Ж", 24), drawn(FALLBACK, 24))


@pytest.mark.parametrize("px", [12, 18, 24, 32, 40, 72])
@pytest.mark.parametrize("text", ["Игра 1: Аня бросает 3 кубика", "Ann 3   Ben 3   center 0",
                                  "«Ёлка» — №5, Łukasz, José", "jyй", "Щ"])
def test_the_width_measured_is_the_width_drawn(text: str, px: int) -> None:
    columns = np.flatnonzero(drawn(text, px).max(0) > 32)
    assert abs(columns[0] - 10) <= 1, "the ink starts where it is drawn"
    assert abs(columns[-1] + 1 - columns[0] - width(text, px)) <= 2


@pytest.mark.parametrize("px", [18, 24, 40, 72])
def test_cyrillic_capitals_stand_as_tall_as_asked_on_the_baseline(px: int) -> None:
    rows = np.flatnonzero(drawn("НП", px).max(1) > 200)
    assert rows[-1] == 2 * px - 1 and abs(rows[-1] + 1 - rows[0] - px) <= 1


def test_a_line_is_wider_for_more_letters_and_larger_capitals() -> None:
    assert width("Аня", 24) < width("Аня 3", 24) < width("Аня 3", 40)
    assert width("", 24) == width("   ", 24) == 0 and coverage(" ", 24)[0].size == 0


def test_text_past_the_pictures_edges_is_cut_not_failed() -> None:
    picture = np.zeros((20, 30, 3), np.uint8)
    draw(picture, "Константин", (20, 15), 24)
    draw(picture, "Аня", (-200, 500), 24)
    assert picture[:, 20:].any() and not picture[:, :20].any()
