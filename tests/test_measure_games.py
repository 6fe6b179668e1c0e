"""``lcr-vision measure games``: whole games through the table loop, every question answered
with the truth; what a family lives with is counted (questions, silent wrong dice, exact games)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from lcr_vision.camera.stills import FolderSource
from lcr_vision.cli import main
from lcr_vision.measure.games import (
    REAL,
    SETS,
    WHY_ASKED,
    Tally,
    TruthAnswers,
    crop_rolls,
    measure_games,
    play_source,
)
from lcr_vision.vision.detections import Detections


def test_a_question_is_answered_with_the_truth_of_the_photo_in_view_once(tmp_path) -> None:
    (tmp_path / "a.png").write_bytes(b"")
    source = FolderSource(tmp_path)
    source.position = 4
    answers = TruthAnswers(source, lambda frame: ("L", "dot") if frame == 4 else ("C",))
    assert answers.ask("roll 5? ") == "L dot"
    assert answers.ask("roll 5? ") is None  # refused once: nothing more to say
    source.position = 5
    assert answers.ask("roll 6? ") == "C" and answers.questions == 3


def test_rolls_asked_about_are_told_apart_by_what_was_read(tmp_path) -> None:
    """Photos of an empty table through the real loop and reader: each roll is asked about with
    its dice missing, answered, and counted as such; nobody answering, none is counted."""
    import cv2

    from lcr_vision.calibration.profile import reading_for
    from lcr_vision.ledger import Session
    from lcr_vision.rules import Settings

    photos = tmp_path / "photos"
    photos.mkdir()
    for i in range(3):
        cv2.imwrite(str(photos / f"roll{i:04d}.png"), np.full((480, 640, 3), 120, np.uint8))
    for answered in (True, False):
        session = Session.create(tmp_path / f"session-{answered}",
                                 Settings.create(["Ann", "Ben", "Cat"]))
        tally = Tally()
        play_source(session, FolderSource(photos), lambda frame: ("dot", "dot", "dot"),
                    reading_for(None), tally, answered)
        session.close()
        assert tally.rolls == 3
        assert [getattr(tally, why) for why in WHY_ASKED] == ([3, 0, 0, 0] if answered
                                                              else [0, 0, 0, 0])


def test_rolls_are_cut_with_no_other_die_in_the_crop(tmp_path) -> None:
    import cv2

    cv2.imwrite(str(tmp_path / "p.png"), np.full((200, 400, 3), 90, np.uint8))
    boxes = Detections.from_records([{"box": [10, 10, 40, 40], "face": "4", "score": 1.0},
                                     {"box": [50, 10, 80, 40], "face": "2", "score": 1.0},
                                     {"box": [300, 100, 330, 130], "face": "6", "score": 1.0}])
    (one,) = crop_rolls(tmp_path, {"p.png": boxes}, 1)
    assert one[1] == ("6",)  # the first two lie too close to be cut alone
    (two,) = crop_rolls(tmp_path, {"p.png": boxes}, 2)
    assert two[1] == ("4", "2")


def test_games_report_each_set(capsys: pytest.CaptureFixture[str]) -> None:
    report = measure_games(games=2, videos=0, names=["boxed renders"])
    tally = report["boxed renders"]
    assert tally["games"] == 2 and tally["rolls"] >= 10
    assert 0 <= tally["silent wrong dice"] <= tally["dice committed"]
    assert main(["measure", "games", "--games", "1", "--videos", "0", "--sets",
                 "boxed renders"]) == 0
    head, row = capsys.readouterr().out.splitlines()[:2]
    assert head.split() == ["set", "games", "exact", "rolls", "asked/100", "silent/1000",
                            "asked:", "missing", "/", "extra", "/", "right", "/", "wrong"]
    assert sum(int(n) for n in row.split()[-7::2]) <= round(
        float(row.split()[-9]) * int(row.split()[-10]) / 100)  # rolls asked, at most questions


def test_an_unknown_set_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["measure", "games", "--sets", "chess"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lcr-vision: error: no game set 'chess'") and len(err.splitlines()) == 1


@pytest.mark.skipif(not REAL.is_dir(), reason="needs ../shared/data/real-d6-tray")
def test_real_tray_games_end_with_the_true_ledger() -> None:
    """Five games of the tray set's unseen photos (measured: 5 of 5 exact, 6.5 questions per 100
    rolls, no silent wrong die): every ledger ends right, with few questions."""
    tally = measure_games(games=5, videos=0, names=["tray photos"])["tray photos"]
    assert tally["exact games"] == 5 and tally["silent wrong dice"] == 0
    assert tally["questions per 100 rolls"] <= 15


def test_every_set_is_named_once() -> None:
    names = [g.name for g in SETS]
    assert len(names) == len(set(names))
    assert all(isinstance(g.available(), (str, type(None))) for g in SETS)


def test_an_evening_at_the_tray_ends_every_game_right_and_nobody_answering_none_wrong(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Three games of the real tray photos in one session, the table learning into a profile
    made for it: every answered game ends with the true ledger, no die committed wrong unasked,
    and with nobody answering no game ends wrong without the ledger saying so."""
    if not REAL.is_dir():
        pytest.skip(f"needs {REAL}")
    assert main(["measure", "games", "--evening", "--games", "1", "--sets", "tray photos"]) == 0
    night = json.loads(capsys.readouterr().out.splitlines()[0])
    assert [g["exact games"] for g in night["games"]] == [1, 1, 1]
    assert sum(g["silent wrong dice"] for g in night["games"]) == 0
    assert "wrong" not in night["nobody answering"] and len(night["nobody answering"]) == 3
    for game in night["games"]:  # each roll answered counted once, however often it was asked
        asked = sum(game[f"asked, {why}"] for why in WHY_ASKED)
        assert asked <= round(game["questions per 100 rolls"] * game["rolls"] / 100)
    assert sum(g["asked, right"] + g["asked, missing"] for g in night["games"]) > 0


def test_an_unknown_evening_table_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["measure", "games", "--evening", "--sets", "chess"]) == 2
    assert "no evening table 'chess'; the tables are: printed-lcr" in capsys.readouterr().err
