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
from lcr_vision.table.loop import TableLoop
from lcr_vision.vision.reader import DiceReader, ReaderSettings
from lcr_vision.vision.reading import Reading
from lcr_vision.window.screen import KEYS, Screen

PHOTO = Path(__file__).resolve().parents[1] / "sample_images" / "images" / "lcr_1_00019.jpg"


def test_an_unsure_read_is_said_as_a_doubt_before_its_faces(tmp_path: Path) -> None:
    photos = tmp_path / "photos"
    photos.mkdir()
    shutil.copy(PHOTO, photos / "roll.jpg")  # two boxed dice, read surely at 0.75
    settings = Settings.create(["Ann", "Ben", "Cat"], stakes=(2, 3, 3))
    session = Session.create(tmp_path / "s", settings)
    out = io.StringIO()
    with Announcer(None, speak=False, record=None, out=out) as announcer:
        unsure = Reading(DiceReader(None, ReaderSettings(DiceKind.LCR)).read,
                         doubt=1.01)  # no face is ever sure enough
        loop = TableLoop(session, FolderSource(photos), unsure,
                         announcer, Phrasebook(session.settings.players), Screen())
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
        reading = Reading(DiceReader().read)
        TableLoop(session, FolderSource(tmp_path / "photos"), reading, announcer,
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
    answers = iter(["1", "C . .", "", "L"])  # then Enter: the last roll, Ben's
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    out = io.StringIO()
    with Announcer(None, speak=False, record=None, out=out) as announcer:
        loop = TableLoop(session, FolderSource(tmp_path / "photos"), Reading(DiceReader().read),
                         announcer, Phrasebook(session.settings.players), Screen())
        assert KEYS["a"] == "amend"
        loop.act("amend", np.zeros((480, 640, 3), np.uint8))
        loop.act("amend", np.zeros((480, 640, 3), np.uint8))
    assert out.getvalue().splitlines() == [
        "Roll one was center, dot, dot.",
        "The rolls since stand as thrown; it is settled now.",
        "Ben, put one chip in the center.",
        "Cat, roll three dice.",
        # roll 2, corrected in turn, is played again on roll 1 as corrected: Ben held one chip
        "Roll two was left.",
        "Ben, give one chip to Cat.",
        "Cat, roll three dice.",
    ]
    assert loop.view.last == ("Roll 2 amended: Ben passes one chip left to Cat; Ben has no chips "
                              "left. Ben, give one chip to Cat.")
    assert (session.state.chips, session.state.center) == ((2, 0, 4), 1)
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
        loop = TableLoop(session, FolderSource(tmp_path / "photos"), Reading(DiceReader().read),
                         announcer, Phrasebook(session.settings.players, "ru"), Screen())
        loop.act("amend", np.zeros((480, 640, 3), np.uint8))
    assert out.getvalue().splitlines() == [
        "Бросок один: дикий забирает только у соперника, а не у места ноль."]
    session.close()
