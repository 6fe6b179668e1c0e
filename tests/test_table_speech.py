"""What the table says when it must not move chips (a doubtful read, a new game) and when chips
must be handed back (an amended roll)."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import numpy as np

from lcr_vision.camera.stills import FolderSource
from lcr_vision.faces import DiceKind
from lcr_vision.ledger import Session
from lcr_vision.rules import Settings, Variants
from lcr_vision.speech import Announcer, Phrasebook
from lcr_vision.table.loop import TableLoop, TableOptions
from lcr_vision.table.screen import KEYS, Screen
from lcr_vision.vision.reader import DiceReader, ReaderSettings

PHOTO = Path(__file__).resolve().parents[1] / "sample_images" / "images" / "lcr_1_00019.jpg"


def test_an_unsure_read_is_said_as_a_doubt_before_its_faces(tmp_path: Path) -> None:
    photos = tmp_path / "photos"
    photos.mkdir()
    shutil.copy(PHOTO, photos / "roll.jpg")  # two boxed dice, read surely at 0.75
    settings = Settings.create(["Ann", "Ben", "Cat"], stakes=(2, 3, 3))
    session = Session.create(tmp_path / "s", settings)
    out = io.StringIO()
    with Announcer(None, speak=False, record=None, out=out) as announcer:
        loop = TableLoop(session, FolderSource(photos),
                         DiceReader(None, ReaderSettings(DiceKind.LCR)).read,
                         announcer, Phrasebook(session.settings.players), Screen(),
                         TableOptions(doubt_threshold=1.01))  # no face is ever sure enough
        loop.run()
    lines = out.getvalue().splitlines()
    assert lines[:2] == ["Ann, roll two dice.",
                         "Wait: I am not sure of Ann's left and right dice."]
    assert lines[2].startswith("I read ")  # nothing moved before the doubt is settled
    # Nobody can answer here: the photo is still Ann's roll, committed doubtful and said so.
    assert lines[3] == ("Nobody answered: I take Ann's roll as I read it. "
                        "Check roll one in the review.")
    assert [r.entry.doubtful for r in session.ledger.rolls] == [True]
    session.close()


def test_a_new_game_is_said_with_who_throws_first(tmp_path: Path) -> None:
    settings = Settings.create(["Ann", "Ben", "Cat"], stakes=(1, 1, 1))
    session = Session.create(tmp_path / "s", settings)
    for k, faces in enumerate([("L",), ("L", "L")], 1):  # Cat holds every chip: game 2
        session.record_roll(faces)
        with session.announcing(k):  # said at the table before (the loop says none again)
            pass
    (tmp_path / "photos").mkdir()
    shutil.copy(PHOTO.with_name("lcr_1_00022.jpg"), tmp_path / "photos")  # one R
    out = io.StringIO()
    with Announcer(None, speak=False, record=None, out=out) as announcer:
        TableLoop(session, FolderSource(tmp_path / "photos"), DiceReader().read, announcer,
                  Phrasebook(session.settings.players), Screen()).run()
    lines = out.getvalue().splitlines()
    assert lines[:2] == ["Game two: Ben throws first.", "Ben, roll one die."]
    assert "Game" not in " ".join(lines[2:])  # said once, at the game's start
    session.close()


def test_key_a_amends_a_roll_and_says_the_chips_to_hand_back(tmp_path: Path, monkeypatch) -> None:
    session = Session.create(tmp_path / "s", Settings.create(["Ann", "Ben", "Cat"],
                                                             stakes=(3, 1, 3)))
    for k, faces in enumerate([("L", "dot", "dot"), ("dot", "dot")], 1):  # Ben threw Ann's chip
        session.record_roll(faces)
        with session.announcing(k):
            pass
    (tmp_path / "photos").mkdir()
    shutil.copy(PHOTO, tmp_path / "photos")
    answers = iter(["1", "C . .", "", "L"])  # Enter: the last roll, Ann's, once Ben's is struck
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    out = io.StringIO()
    with Announcer(None, speak=False, record=None, out=out) as announcer:
        loop = TableLoop(session, FolderSource(tmp_path / "photos"), DiceReader().read,
                         announcer, Phrasebook(session.settings.players), Screen())
        assert KEYS["a"] == "amend"
        loop.act("amend", np.zeros((480, 640, 3), np.uint8))
        loop.act("amend", np.zeros((480, 640, 3), np.uint8))
    assert out.getvalue().splitlines() == [
        "Roll one was center, dot, dot.",
        "Struck: one roll from roll two on; the corrected game leaves no room for them.",
        "Ben, put one chip in the center.",
        "Ben, roll one die.",
        "Roll one: Ann rolls three dice, got one face.",
    ]
    assert loop.view.last == (
        "Roll 1 amended: Ann puts one chip in the center; Ann has two chips left. Struck: one "
        "roll from roll two on; the corrected game leaves no room for them. Ben, put one chip in "
        "the center.")
    assert (session.state.chips, session.state.center) == ((2, 1, 3), 1)
    session.close()


def test_a_refusal_is_said_in_the_tables_language_with_numbers_in_words(
        tmp_path: Path, monkeypatch) -> None:
    """Issue #27: a wild target refused at a Russian table is said in Russian, not in English."""
    session = Session.create(tmp_path / "s", Settings.create(
        ["Ann", "Ben", "Cat"], variants=Variants(wild=True)))
    session.record_roll(("L", "dot", "dot"))
    with session.announcing(1):
        pass
    (tmp_path / "photos").mkdir()
    shutil.copy(PHOTO, tmp_path / "photos")
    answers = iter(["1", "wild dot dot @Ann"])  # Ann's own wild cannot take from Ann
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    out = io.StringIO()
    with Announcer(None, speak=False, record=None, out=out) as announcer:
        loop = TableLoop(session, FolderSource(tmp_path / "photos"), DiceReader().read,
                         announcer, Phrasebook(session.settings.players, "ru"), Screen())
        loop.act("amend", np.zeros((480, 640, 3), np.uint8))
    assert out.getvalue().splitlines() == [
        "Бросок один: дикий забирает только у соперника, а не у места ноль."]
    session.close()
