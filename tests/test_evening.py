"""The evening: a table learns its dice from every roll it verified, between games, into the profile
it plays with, kept only where held-out rolls read better or would be asked about less; the next
game and the next session start from it."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from test_calibration_faces import MISREAD, later_rolls, play_session, printed_table
from test_table import PLAYERS, sure_still, write_folder

from lcr_vision.calibration import load
from lcr_vision.calibration.doubt import table_asks
from lcr_vision.calibration.evening import Evening
from lcr_vision.calibration.fit import CheckRoll, measure
from lcr_vision.calibration.profile import Profile
from lcr_vision.calibration.store import NO_CHECKS, Checks, load_checks, save, save_checks
from lcr_vision.camera.stills import FolderSource
from lcr_vision.faces import DiceKind, FaceMap
from lcr_vision.ledger import Session
from lcr_vision.rules import Series, Settings
from lcr_vision.speech import Announcer, Phrasebook
from lcr_vision.table.loop import TableLoop, TableOptions
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.reader import DiceReader, ReaderSettings
from lcr_vision.vision.reading import Reading
from lcr_vision.window.screen import Screen

pytest.importorskip("PIL", reason="the family's printed dice are drawn by Pillow (train extra)")


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("LCR_VISION_DATA", str(tmp_path / "data"))
    return tmp_path / "data" / "profiles"


def test_the_evening_learns_the_dice_and_the_next_session_starts_from_it(
        data: Path, tmp_path: Path) -> None:
    """A Wild table whose printed dice the model misreads: after a game, the profile learns
    them (saved at once, naming the session and the photos its head learnt from) and reads
    later rolls better; the next session judges a new head only on its own rolls, and where
    none is kept the profile file stays as it was."""
    table = printed_table(MISREAD[1], MISREAD[0])
    path = save(Profile("family", ReaderSettings(DiceKind.WILD)).turned(2))
    wild = FaceMap.default(wild=True)
    play_session(tmp_path / "game1", table, 8)
    evening = Evening(load("family"), path)
    reading = evening.learn(tmp_path / "game1", wild)
    assert reading is not None and evening.learnt == 1
    assert reading.expected is not None and 0 <= reading.expected <= 100  # said at the table
    assert reading.doubt == load("family").doubt  # the doubt fitted to the table with it
    kept = load("family")
    assert kept.face_head is not None and kept.sessions == (str((tmp_path / "game1").resolve()),)
    assert len(kept.head_rolls) == 8 and all(Path(r).is_file() for r in kept.head_rolls)
    test = later_rolls(table, 20)
    plain = measure(test, DiceReader(None, ReaderSettings(DiceKind.WILD)).read)
    assert measure(test, reading.read).right > plain.right
    before = path.read_bytes()
    play_session(tmp_path / "game2", table, 3)  # too few fresh rolls to judge a head by
    assert Evening(load("family"), path).learn(tmp_path / "game2", wild) is None
    assert path.read_bytes() == before


def test_a_session_without_a_profile_learns_into_one_made_for_it(data: Path,
                                                                 tmp_path: Path) -> None:
    table = printed_table(MISREAD[1], MISREAD[0])
    play_session(tmp_path / "s", table, 8)
    evening = Evening.made_for(tmp_path / "s", None, False, data)
    assert evening.made and not evening.path.exists()
    evening = replace(evening, profile=evening.profile.turned(2))
    assert evening.learn(tmp_path / "s", FaceMap.default(wild=True)) is not None
    made = load("table-s")
    assert made.dice is DiceKind.WILD and made.face_head is not None  # its dice told by the rolls


def test_check_rolls_are_kept_beside_the_profile(tmp_path: Path) -> None:
    path = tmp_path / "family.json"
    rng = np.random.default_rng(0)
    rolls = [CheckRoll(str(i), rng.integers(0, 255, (48, 64, 3), np.uint8), faces)
             for i, faces in enumerate((("L", "dot"), ("wild",)))]
    empty = np.full((48, 64, 3), 90, np.uint8)
    save_checks(path, Checks(tuple(rolls), empty))
    save_checks(path, Checks(tuple(rolls[:1]), empty))  # again: the new set replaces the old whole
    kept = load_checks(path)
    assert [r.truth for r in kept.rolls] == [("L", "dot")]
    assert np.array_equal(kept.rolls[0].image, rolls[0].image)
    assert np.array_equal(kept.background, empty)
    assert load_checks(tmp_path / "other.json") == NO_CHECKS


def test_the_table_asks_as_the_loop_does() -> None:
    asks = table_asks(FaceMap.default())
    sure = Detections.from_records([{"box": [0, 0, 20, 20], "face": "L", "score": 0.97}])
    unsure = Detections.from_records([{"box": [0, 0, 20, 20], "face": "L", "score": 0.5}])
    assert not asks(("L",), sure) and asks(("L",), unsure) and asks(("L", "C"), sure)


def test_the_table_reads_on_with_what_it_learnt_after_each_game(tmp_path: Path) -> None:
    """A folder of two whole games: after each, the loop asks what was learnt and reads the
    rolls after it with the reader it is given."""
    settings = Settings.create(PLAYERS, stakes=[1, 1, 1])
    rng, series, images = np.random.default_rng(3), Series.start(settings), []
    while len(series.finished) < 2:
        image, faces = sure_still(rng, series.game.dice_owed)
        images.append(image)
        _, series = series.play(faces)
    folder = write_folder(tmp_path / "rolls", images)
    first, learnt = DiceReader(None, ReaderSettings(DiceKind.LCR)), DiceReader(
        None, ReaderSettings(DiceKind.LCR, views=2))
    used: list[str] = []
    games: list[int] = []

    def read_first(frame: np.ndarray) -> Detections:
        used.append("first")
        return first.read(frame)

    def read_learnt(frame: np.ndarray) -> Detections:
        used.append("learnt")
        return learnt.read(frame)

    def learn() -> Reading:
        games.append(len(used))
        return Reading(read_learnt, doubt=0.9, expected=4)

    session = Session.create(tmp_path / "s", settings)
    said = io.StringIO()
    start = Reading(read_first)
    with Announcer(None, speak=False, record=None, out=said) as voice:
        loop = TableLoop(session, FolderSource(folder), start, voice, Phrasebook(PLAYERS),
                         Screen(), TableOptions(learn=learn))
        loop.run()
    assert loop.reading.doubt == 0.9, "the doubt fitted to the table judges on"
    assert said.getvalue().count("I learnt your dice from that game: I expect to ask about "
                                 "four rolls in a hundred now.") == 2
    assert session.ledger.series.finished == series.finished
    session.close()
    assert games == [series.finished[0].rolls, len(images)]  # every photo read once
    assert used[:games[0]] == ["first"] * games[0] and set(used[games[0]:]) == {"learnt"}
