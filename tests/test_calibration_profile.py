"""Profiles on disk: JSON round trips, clear errors naming the field, where they are found, and
writes that never leave a half-written or lost profile."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lcr_vision.calibration import Accuracy, Profile, ProfileError, load, save, user_folder
from lcr_vision.calibration.play_area import View
from lcr_vision.calibration.profile import Roi
from lcr_vision.calibration.store import SHIPPED, profile_path
from lcr_vision.faces import GAME_FACES, PIP_FACES, DiceKind, FaceMap
from lcr_vision.vision.reader import ReaderSettings
from lcr_vision.vision.verdict import DOUBT_THRESHOLD


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("LCR_VISION_DATA", str(tmp_path / "data"))
    return tmp_path / "data" / "profiles"


accuracies = st.builds(
    Accuracy, st.integers(1, 50), st.integers(1, 150),
    st.floats(0, 1).map(lambda v: round(v, 4)), st.floats(0, 1).map(lambda v: round(v, 4)))


def made(name: str, dice: DiceKind, frame: tuple[int, int] | None, roi: Roi | None, scale: float,
         tiles: int, overlap: int, turn: int | None, pyramid: bool, heat_threshold: float,
         face_score: float | None, **measured: object) -> Profile:
    """A profile of every field a profile's JSON holds."""
    reading = ReaderSettings(dice, heat_threshold=heat_threshold, face_score=face_score,
                             pyramid=pyramid)
    view = View(roi, scale, frame, tiles, overlap)
    return Profile(name, reading, view, **measured).turned(turn)  # type: ignore[arg-type]


profiles = st.builds(
    made,
    name=st.text("abcxyz-_0123456789", min_size=1, max_size=12),
    dice=st.sampled_from(list(DiceKind)),
    face_map=st.none() | st.lists(st.sampled_from(GAME_FACES), min_size=6, max_size=6).map(
        lambda faces: FaceMap(dict(zip(PIP_FACES, faces)))),
    frame=st.none() | st.tuples(st.integers(2000, 4000), st.integers(2000, 4000)),
    roi=st.none() | st.tuples(st.integers(0, 999), st.integers(0, 999),
                              st.integers(16, 999), st.integers(16, 999)),
    scale=st.floats(0.01, 10),
    tiles=st.integers(1, 4),
    overlap=st.integers(0, 200),
    turn=st.none() | st.integers(0, 3),
    pyramid=st.booleans(),
    heat_threshold=st.floats(0.01, 0.99),
    face_score=st.none() | st.floats(0.01, 0.99),
    die_px=st.none() | st.floats(1, 500),
    table=st.dictionaries(st.sampled_from(["brightness", "glare", "focus"]), st.floats(0, 255)),
    notes=st.lists(st.text(max_size=30), max_size=3).map(tuple),
    accuracy=st.none() | accuracies,
    default_accuracy=st.none() | accuracies,
    doubt=st.floats(DOUBT_THRESHOLD, 0.99),
)


@settings(max_examples=60, deadline=None)
@given(profiles)
def test_profiles_survive_json(profile: Profile) -> None:
    text = json.dumps(profile.to_dict())
    assert Profile.from_dict(json.loads(text)) == profile


def test_saved_profile_loads_by_name_and_by_path(data: Path) -> None:
    profile = Profile("kitchen", ReaderSettings(DiceKind.PIP, heat_threshold=0.2, face_score=0.3),
                      View((10, 20, 300, 200), 0.5, (640, 480)), FaceMap.default(wild=True),
                      die_px=31.0)
    path = save(profile)
    assert path == data / "kitchen.json" and user_folder() == data
    assert load("kitchen") == profile == load(str(path))
    assert json.loads(path.read_text())["version"] == 2


def test_user_folder_follows_xdg_then_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("LCR_VISION_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert user_folder() == tmp_path / "xdg" / "lcr-vision" / "profiles"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert user_folder() == tmp_path / ".local" / "share" / "lcr-vision" / "profiles"


@pytest.mark.parametrize(("name", "kind"), [("boxed", DiceKind.LCR), ("wild", DiceKind.WILD),
                                            ("regular", DiceKind.PIP)])
def test_shipped_defaults_read_the_whole_frame(data: Path, name: str, kind: DiceKind) -> None:
    profile = load(name)
    assert profile_path(name) == SHIPPED / f"{name}.json"
    assert (profile.dice, profile.view.roi, profile.view.scale) == (kind, None, 1.0)
    assert (profile.face_map == FaceMap.default()) == (kind is DiceKind.PIP)


def test_a_users_profile_shadows_the_shipped_default(data: Path) -> None:
    save(Profile("boxed", ReaderSettings(DiceKind.LCR), View((0, 0, 100, 100), frame=(640, 480))))
    assert load("boxed").view.roi == (0, 0, 100, 100)


def test_unknown_names_and_files_are_clear(data: Path) -> None:
    with pytest.raises(ProfileError, match="no profile named 'nope'; known: boxed, regular, wild"):
        load("nope")
    with pytest.raises(ProfileError, match="no profile file at missing/x.json"):
        load("missing/x.json")


GOOD = Profile("t", ReaderSettings(DiceKind.LCR), View((1, 2, 300, 200), 0.5, (640, 480)),
               accuracy=Accuracy(5, 12, 0.9, 0.8)).to_dict()


@pytest.mark.parametrize(("field", "value", "message"), [
    ("version", 3, "field 'version' is 3, but this lcr-vision reads profile versions 1 to 2"),
    ("face_head", {"model": "m", "bias": [0.0]}, "field 'face_head' must be an object of model"),
    ("face_head", {"model": "m", "bias": [0.0], "weights": [[0.0, 1.0]]},
     "field 'face_head' must hold a finite weights matrix with one bias per class"),
    ("held_out", {"before": {}}, "field 'held_out' must be an object of before and after"),
    ("version", "1", "field 'version' must be a whole number from 1, not '1'"),
    ("name", "../etc", "field 'name' must be a name without '/'"),
    ("dice", "boxed", "field 'dice' must be one of pip, lcr, wild, not 'boxed'"),
    ("roi", [1, 2, 3], "field 'roi' must be 4 whole pixel numbers"),
    ("roi", [0, 0, 0, 10], "field 'roi' must be 4 whole pixel numbers"),
    ("frame", "640x480", "field 'frame' must be 2 whole pixel numbers"),
    ("scale", 0, "field 'scale' must be a positive number, not 0"),
    ("scale", True, "field 'scale' must be a positive number, not True"),
    ("min_score", 1.5, "field 'min_score' must be a number between 0 and 1, not 1.5"),
    ("tiles", 9, "field 'tiles' must be a whole number from 1 to 4, not 9"),
    ("turn", 4, "field 'turn' must be a whole number from 0 to 3, not 4"),
    ("pyramid", "yes", "field 'pyramid' must be true or false, not 'yes'"),
    ("face_map", {"1": "L"}, "field 'face_map' is not a face map"),
    ("face_map", {"1": "up", "2": "L", "3": "L", "4": "L", "5": "L", "6": "L"},
     "field 'face_map' is not a face map"),
    ("table", {"glare": "lots"}, "field 'table' must map names to finite numbers"),
    ("notes", "fine", "field 'notes' must be a list of sentences"),
    ("accuracy", {"rolls": 1}, "field 'accuracy' must hold rolls, dice"),
    ("accuracy", {"rolls": 1, "dice": 2, "die_accuracy": 1.5, "roll_accuracy": 0},
     "field 'accuracy' must hold accuracies between 0 and 1"),
    ("accuracy", {"rolls": 1, "dice": 2, "die_accuracy": "high", "roll_accuracy": 0},
     "field 'accuracy' must hold accuracies between 0 and 1"),
    ("accuracy", {"rolls": "1", "dice": 2, "die_accuracy": 1, "roll_accuracy": 0},
     "field 'accuracy' must hold whole numbers of rolls and dice"),
    ("die_px", 1e300, "field 'die_px' must be a positive number of pixels up to 16384"),
    ("die_px", 700, "field 'die_px' must be at most the 640x480 frame's side, not 700"),
    ("frame", [10**12, 10**12], "field 'frame' must be 2 whole pixel numbers up to 16384"),
    ("roi", [0, 0, 10**30, 10**30], "field 'roi' must be 4 whole pixel numbers up to 16384"),
    ("roi", [600, 0, 100, 100], r"field 'roi' must lie inside the 640x480 frame, not \[600"),
    ("table", {"glare": float("nan")}, "field 'table' must map names to finite numbers"),
    ("doubt", 0.5, "field 'doubt' must be a number from 0.85 up to 1, not 0.5"),
    ("doubt", 1, "field 'doubt' must be a number from 0.85 up to 1, not 1"),
])
def test_a_bad_field_is_named(data: Path, field: str, value: object, message: str) -> None:
    data.mkdir(parents=True)
    (data / "bad.json").write_text(json.dumps({**GOOD, field: value}))
    with pytest.raises(ProfileError) as info:
        load("bad")
    assert re.match(re.escape(f"{data / 'bad.json'}: ") + message, str(info.value))


@pytest.mark.parametrize("field", ["version", "name", "dice", "scale"])
def test_a_missing_required_field_is_named(field: str) -> None:
    with pytest.raises(ProfileError, match=f"field '{field}' is missing"):
        Profile.from_dict({k: v for k, v in GOOD.items() if k != field})


def test_optional_fields_default_when_absent() -> None:
    minimal = {"version": 1, "name": "hand-made", "dice": "wild", "scale": 1}
    assert Profile.from_dict(minimal) == Profile("hand-made", ReaderSettings(DiceKind.WILD))


def test_a_file_that_is_not_json_is_named(data: Path) -> None:
    data.mkdir(parents=True)
    (data / "torn.json").write_text('{"version": 1, "name": "to')
    with pytest.raises(ProfileError, match="torn.json: not a readable JSON profile"):
        load("torn")


def test_a_write_that_fails_keeps_the_old_profile(data: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = save(Profile("home", ReaderSettings(DiceKind.LCR)))
    before = path.read_bytes()

    def crash(src: str, dst: str) -> None:
        raise OSError("disk pulled out")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        save(Profile("home", ReaderSettings(DiceKind.PIP), View(scale=3.0)))
    assert path.read_bytes() == before
    assert sorted(p.name for p in data.iterdir()) == ["home.json"]  # no temporary file left
