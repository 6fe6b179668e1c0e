"""The photo log: numbered frames, annotated frames and records that survive reopening."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from lcr_vision.photolog import VERSION, PhotoLog, move_record
from lcr_vision.rules.moves import Pass, Take, ToCenter


def test_each_roll_gets_two_images_and_a_record_numbered_in_order(tmp_path: Path) -> None:
    log = PhotoLog(tmp_path)
    frame = np.full((60, 80, 3), 90, np.uint8)
    first = log.save(frame, frame, {"player": "Ann", "faces": ["4", "6", "2"]})
    second = log.save(frame, 255 - frame, {"player": "Ben", "faces": ["L"]})
    assert [first.name, second.name] == ["0001.json", "0002.json"]
    record = json.loads(second.read_text(encoding="utf-8"))
    assert record == {"version": VERSION, "roll": 2, "frame": "0002.jpg",
                      "annotated": "0002-annotated.jpg", "player": "Ben", "faces": ["L"]}
    annotated = cv2.imread(str(tmp_path / "photos" / record["annotated"]))
    assert annotated.shape == (60, 80, 3) and abs(float(annotated.mean()) - 165) < 3
    assert sorted(p.name for p in (tmp_path / "photos").iterdir()) == [
        "0001-annotated.jpg", "0001.jpg", "0001.json", "0002-annotated.jpg", "0002.jpg",
        "0002.json"]


def test_numbering_continues_after_reopening_the_session(tmp_path: Path) -> None:
    frame = np.zeros((20, 20, 3), np.uint8)
    PhotoLog(tmp_path).save(frame, frame, {})
    assert PhotoLog(tmp_path).save(frame, frame, {}).name == "0002.json"


def test_moves_name_the_players_and_keep_chip_counts() -> None:
    players = ["Ann", "Ben", "Cat"]
    assert [move_record(m, players) for m in (Pass(2, 0), ToCenter(1), Take(0, 2))] == [
        {"move": "Pass", "giver": "Cat", "receiver": "Ann"},
        {"move": "ToCenter", "player": "Ben"},
        {"move": "Take", "taker": "Ann", "victim": "Cat"},
    ]
