"""The photo log: numbered frames, annotated frames and records, staged before their roll is
journalled and finished after it, or on resume after a crash."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from lcr_vision.photolog import VERSION, PhotoError, PhotoLog, Shot, move_record
from lcr_vision.rules.moves import Pass, Take, ToCenter


def test_each_roll_gets_two_images_and_a_record_numbered_in_order(tmp_path: Path) -> None:
    log = PhotoLog(tmp_path)
    frame = np.full((60, 80, 3), 90, np.uint8)
    log.stage(Shot(1, frame, frame, {"player": "Ann", "faces": ["4", "6", "2"]}))
    log.stage(Shot(2, frame, 255 - frame, {"player": "Ben", "faces": ["L"]}))
    first, second = log.finish(1), log.finish(2)
    assert [first.name, second.name] == ["0001.json", "0002.json"]
    record = json.loads(second.read_text(encoding="utf-8"))
    assert record == {"version": VERSION, "roll": 2, "frame": "0002.jpg",
                      "annotated": "0002-annotated.jpg", "player": "Ben", "faces": ["L"]}
    annotated = cv2.imread(str(tmp_path / "photos" / record["annotated"]))
    assert annotated.shape == (60, 80, 3) and abs(float(annotated.mean()) - 165) < 3
    assert sorted(p.name for p in (tmp_path / "photos").iterdir()) == [
        "0001-annotated.jpg", "0001.jpg", "0001.json", "0002-annotated.jpg", "0002.jpg",
        "0002.json"]


def test_staged_files_are_named_only_when_finished(tmp_path: Path) -> None:
    log, frame = PhotoLog(tmp_path), np.zeros((20, 20, 3), np.uint8)
    log.stage(Shot(3, frame, frame, {"player": "Ann"}))
    folder = tmp_path / "photos"
    assert sorted(p.name for p in folder.iterdir()) == [
        "0003-annotated.jpg.staged", "0003.jpg.staged", "0003.json.staged"]
    assert log.finish(3) == folder / "0003.json" and log.finish(3).is_file()  # twice is once
    assert sorted(p.name for p in folder.iterdir()) == ["0003-annotated.jpg", "0003.jpg",
                                                        "0003.json"]


def test_resume_finishes_staged_files_or_says_the_photo_was_lost(tmp_path: Path) -> None:
    log, frame = PhotoLog(tmp_path), np.zeros((20, 20, 3), np.uint8)
    folder = tmp_path / "photos"
    log.stage(Shot(1, frame, frame, {"player": "Ann"}))
    (folder / "0001.jpg.staged").rename(folder / "0001.jpg")  # a crash halfway through finish
    assert log.complete(1, {"player": "Ann"})
    assert json.loads((folder / "0001.json").read_text())["annotated"] == "0001-annotated.jpg"
    assert not log.complete(1, {"player": "Ann"}), "a record in place is left alone"
    assert log.complete(2, {"player": "Ben", "faces": ["L"]})  # nothing was ever staged
    assert json.loads((folder / "0002.json").read_text()) == {
        "version": VERSION, "roll": 2, "frame": None, "annotated": None, "lost": True,
        "player": "Ben", "faces": ["L"]}
    log.stage(Shot(3, frame, frame, {}))  # a roll the crash kept out of the journal
    log.clear()
    assert not list(folder.glob("0003*"))


def test_a_full_disk_or_a_folder_that_cannot_be_made_is_one_line_naming_the_file(
        tmp_path: Path) -> None:
    (tmp_path / "photos").write_text("")
    with pytest.raises(PhotoError, match=r"cannot make .*photos: File exists"):
        PhotoLog(tmp_path)
    (tmp_path / "photos").unlink()
    log, frame = PhotoLog(tmp_path), np.zeros((20, 20, 3), np.uint8)
    (tmp_path / "photos" / "0001-annotated.jpg.staged").symlink_to("/dev/full")  # no space
    with pytest.raises(PhotoError, match=r"cannot write .*0001-annotated.jpg: no space left"):
        log.stage(Shot(1, frame, frame, {}))
    assert not list((tmp_path / "photos").iterdir()), "nothing half-written is left"


def test_moves_name_the_players_and_keep_chip_counts() -> None:
    players = ["Ann", "Ben", "Cat"]
    assert [move_record(m, players) for m in (Pass(2, 0), ToCenter(1), Take(0, 2))] == [
        {"move": "Pass", "giver": "Cat", "receiver": "Ann"},
        {"move": "ToCenter", "player": "Ben"},
        {"move": "Take", "taker": "Ann", "victim": "Cat"},
    ]
