"""Matching and scoring: worked examples and properties of `lcr_vision.measure.metrics`."""

from __future__ import annotations

import io
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lcr_vision.faces import FACE_TOKENS, FaceMap
from lcr_vision.measure.metrics import LABELS, match, score
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.labels import LabelsError, parse_labels


def dice_at(points: list[tuple[float, float]], faces: list[str], size: float = 20.0) -> Detections:
    boxes = [[x - size / 2, y - size / 2, x + size / 2, y + size / 2] for x, y in points]
    return Detections(np.array(boxes).reshape(-1, 4), faces, [0.9] * len(faces))


def test_touching_dice_match_one_to_one_nearest_first() -> None:
    truth = dice_at([(10, 10), (30, 10)], ["1", "2"])
    found = dice_at([(29, 10), (12, 10)], ["2", "1"])
    assert sorted(match(truth, found)) == [(0, 1), (1, 0)]


def test_a_found_die_off_the_labelled_centre_is_no_match() -> None:
    assert match(dice_at([(10, 10)], ["1"]), dice_at([(21, 10)], ["1"])) == []


def test_empty_frames_count_false_dice_and_game_outcomes_use_the_face_map() -> None:
    truth = {"e1.jpg": Detections(), "e2.jpg": Detections(), "a.jpg": dice_at([(50, 50)], ["4"])}
    found = {"e1.jpg": dice_at([(5, 5)], ["L"]), "a.jpg": dice_at([(50, 50)], ["L"])}
    s = score(truth, found, FaceMap.default())
    assert s.empty_images == 2 and s.false_per_empty == 0.5
    assert s.face_accuracy == 0.0  # a pip 4 read as the letter L is a misread die ...
    assert s.game_accuracy == pytest.approx(2 / 3)  # ... but the same game outcome
    row = s.confusion[LABELS.index("4")]
    assert row[LABELS.index("L")] == 1
    assert s.confusion[LABELS.index("none")][LABELS.index("L")] == 1


def test_nothing_to_count_is_not_a_number_not_a_crash() -> None:
    s = score({"e.jpg": Detections()}, {})
    assert math.isnan(s.recall) and math.isnan(s.face_accuracy) and s.exact_images == 1.0


def test_dice_are_counted_in_the_size_band_of_their_labelled_box() -> None:
    small = dice_at([(20, 20), (60, 20)], ["L", "C"], size=16.0)
    big = dice_at([(200, 200)], ["R"], size=48.0)
    truth = {"a.jpg": small, "b.jpg": big}
    found = {"a.jpg": dice_at([(20, 20), (60, 20)], ["L", "R"], size=30.0), "b.jpg": big}
    s = score(truth, found)
    assert s.by_size == (("<20", 2, 1), ("40+", 1, 1))  # the found box's size does not count
    assert s.as_dict()["by_size"] == {"<20": {"dice": 2, "read": 0.5},
                                      "40+": {"dice": 1, "read": 1.0}}


@st.composite
def labelled_images(draw: st.DrawFn) -> dict[str, Detections]:
    images = {}
    for i in range(draw(st.integers(1, 4))):
        n = draw(st.integers(0, 5))
        faces = draw(st.lists(st.sampled_from(FACE_TOKENS), min_size=n, max_size=n))
        images[f"{i}.jpg"] = dice_at([(30.0 * k + 15, 15.0) for k in range(n)], faces)
    return images


@settings(max_examples=50, deadline=None)
@given(labelled_images())
def test_the_truth_scores_perfectly(truth: dict[str, Detections]) -> None:
    s = score(truth, truth)
    assert s.exact_images == 1.0 and s.game_accuracy == 1.0
    assert s.dice == 0 or s.recall == s.precision == s.die_accuracy == 1.0
    assert sum(map(sum, s.confusion)) == s.dice
    assert sum(n for _, n, _ in s.by_size) == s.dice
    assert all(read == n for _, n, read in s.by_size)


@settings(max_examples=50, deadline=None)
@given(labelled_images(), st.data())
def test_dropping_a_die_costs_recall_and_the_image(truth: dict[str, Detections], data) -> None:
    name = data.draw(st.sampled_from(sorted(truth)))
    if not len(truth[name]):
        return
    drop = data.draw(st.integers(0, len(truth[name]) - 1))
    found = dict(truth, **{name: truth[name].filter(np.arange(len(truth[name])) != drop)})
    s = score(truth, found)
    assert s.recall == pytest.approx((s.dice - 1) / s.dice)
    assert s.precision == 1.0 or (s.found == 0 and math.isnan(s.precision))
    assert s.exact_images == pytest.approx(1 - 1 / len(truth))
    assert s.confusion[LABELS.index(truth[name].faces[drop])][-1] == 1
    assert sum(n - read for _, n, read in s.by_size) == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [("a,b\n", "header"), ("file,width,height,class,xmin,ymin,xmax,ymax\na.jpg,1,1,7,0,0,1,1\n",
                            "line 2"),
     ("file,width,height,class,xmin,ymin,xmax,ymax\na.jpg,1,1,L,0,x,1,1\n", "numbers")],
)
def test_bad_labels_files_say_where(text: str, message: str) -> None:
    with pytest.raises(LabelsError, match=message):
        parse_labels(io.StringIO(text))
