"""The play controller both front ends drive: a roll is journalled before it is said and marked
said after; amend and undo leave the ledger the command line's would; a resumed session says the
unsaid roll once; the keyboard's voice says what the table's does; the table's questions at the
terminal are asked in the table's language."""

from __future__ import annotations

import io
import shutil
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from lcr_vision.cli import main
from lcr_vision.controller import Announcement, Controller, FrontEnd
from lcr_vision.ledger import JOURNAL, Amendment, Entry, Ledger, Session, read_journal, replay
from lcr_vision.manual import ManualPlay
from lcr_vision.phrases.en import EN
from lcr_vision.phrases.ru import RU
from lcr_vision.rules import Roll, RulesError, Settings
from lcr_vision.speech import Announcer, Phrasebook

PLAYERS = ("Ann", "Ben", "Cat")
PHOTO = Path(__file__).resolve().parents[1] / "sample_images" / "images" / "lcr_1_00019.jpg"


def kinds(folder: Path) -> list[tuple[str, int | None]]:
    """Each journal line's kind and roll number, in order."""
    return [(e["event"], e.get("k")) for _, e in read_journal(folder / JOURNAL)[0]]


def ledger_of(folder: Path) -> Ledger:
    return replay(read_journal(folder / JOURNAL)[0])


class Journalled(io.StringIO):
    """The announcer's output, noting the journal's lines each time something is said."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self.seen: list[list[tuple[str, int | None]]] = []

    def write(self, text: str) -> int:
        if text.strip():
            self.seen.append(kinds(self.folder))
        return super().write(text)


class Shown(FrontEnd):
    """A front end that notes what it was shown, and what had been said by then."""

    def __init__(self, out: io.StringIO) -> None:
        self.out = out
        self.shown: list[tuple[str, object, str]] = []

    def rolled(self, told: Announcement) -> None:
        self.shown.append(("rolled", told, self.out.getvalue()))

    def amended(self, amendment: Amendment, said: Sequence[str]) -> None:
        self.shown.append(("amended", amendment.k, self.out.getvalue()))

    def undone(self, entry: Entry) -> None:
        self.shown.append(("undone", entry.k, self.out.getvalue()))


def test_a_roll_is_journalled_then_shown_then_said_then_marked_said(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    session = Session.create(folder, Settings.create(PLAYERS))
    out = Journalled(folder)
    front = Shown(out)
    with Announcer(None, speak=False, record=None, out=out) as announcer:
        play = Controller(session, announcer, Phrasebook(PLAYERS), front=front)
        play.roll(Roll(("L", "R", "dot")))
    assert out.seen == [[("session", None), ("roll", 1)]]  # on disk, not yet marked said
    assert kinds(folder)[-1] == ("announced", 1) and session.unannounced == ()
    (what, told, said_by_then), = front.shown
    assert what == "rolled" and said_by_then == "" and not told.resumed
    assert out.getvalue().splitlines() == list(told.said) == [
        "Left, right, dot.", "Ann, pass one chip left to Ben and one right to Cat."]
    session.close()


def test_a_roll_the_rules_refuse_is_neither_journalled_nor_said(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    session = Session.create(folder, Settings.create(PLAYERS))
    out = io.StringIO()
    with Announcer(None, speak=False, record=None, out=out) as announcer:
        play = Controller(session, announcer, Phrasebook(PLAYERS))
        with pytest.raises(RulesError, match="Ann rolls 3 dice"):
            play.roll(Roll(("L", "R")))
    assert kinds(folder) == [("session", None)] and out.getvalue() == ""
    session.close()


# Ann keeps her one chip, Ben passes his to Cat, Cat puts both in the center: Ann wins game 1.
SHORT_GAME = [("dot",), ("L",), ("C", "C")]
SHORT_GAME_SAID = [
    "Dot.", "Ann keeps every chip.",
    "Left.", "Ben, pass one chip left to Cat.",
    "Center, center.", "Cat, pass two chips to the center.", "Ann wins!",
    "Ann one, Ben zero, Cat zero, center two.",
]


def test_a_roll_that_moves_none_of_the_rollers_chips_says_so_and_a_games_end_the_standings(
        tmp_path: Path) -> None:
    session = Session.create(tmp_path / "s", Settings.create(PLAYERS, stakes=(1, 1, 1)))
    out = io.StringIO()
    with Announcer(None, speak=False, record=None, out=out) as announcer:
        play = Controller(session, announcer, Phrasebook(PLAYERS))
        for faces in SHORT_GAME:
            play.roll(Roll(faces))
    assert out.getvalue().splitlines() == SHORT_GAME_SAID
    session.close()


def test_the_keyboard_says_each_roll_as_the_table_does(tmp_path: Path) -> None:
    session = Session.create(tmp_path / "s", Settings.create(PLAYERS, stakes=(1, 1, 1)))
    printed, spoken = io.StringIO(), io.StringIO()
    with Announcer(None, speak=False, record=None, out=spoken) as announcer:
        ManualPlay(session, printed, announcer, Phrasebook(PLAYERS)).run(
            [" ".join(faces) for faces in SHORT_GAME], prompt=False)
    session.close()
    assert spoken.getvalue().splitlines() == SHORT_GAME_SAID
    lines = printed.getvalue().splitlines()  # the next game is told where its first turn is
    at = lines.index("Game two: Ben throws first.")
    assert lines[at - 1:at + 2] == ["  Ann 1, Ben 0, Cat 0; center 2.",
                                    "Game two: Ben throws first.",
                                    "Game 2, roll 4: Ben to roll 1 die."]


def test_undo_and_amend_through_the_controller_leave_the_ledger_the_command_lines_do(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    rolls = [("L", "dot", "dot"), ("dot", "dot"), ("C", "C", "R"), ("R", "dot")]
    settings = Settings.create(PLAYERS, stakes=(3, 1, 3))

    mine = Session.create(tmp_path / "mine", settings)
    out = io.StringIO()
    front = Shown(out)
    with Announcer(None, speak=False, record=None, out=out) as announcer:
        play = Controller(mine, announcer, Phrasebook(PLAYERS), front=front)
        for faces in rolls:
            play.roll(Roll(faces))
        assert play.undo().k == 4
        play.amend(1, Roll(("C", "dot", "dot")))
    mine.close()
    assert [(what, k) for what, k, _ in front.shown[4:]] == [("undone", 4), ("amended", 1)]
    assert "Ann's roll is undone." not in front.shown[4][2]  # shown, then said
    said = out.getvalue().splitlines()

    cli = tmp_path / "cli"
    lines = "\n".join([*(" ".join(f) for f in rolls), "undo"]) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert main(["play", "--manual", "--mute", "--players", ",".join(PLAYERS), "--stakes",
                 "Ann=3,Ben=1,Cat=3", "--session", str(cli)]) == 0
    capsys.readouterr()
    assert main(["amend", str(cli), "--roll", "1", "--faces", "C dot dot"]) == 0
    printed = capsys.readouterr().out.splitlines()

    ours, theirs = ledger_of(tmp_path / "mine"), ledger_of(cli)
    assert ours.series == theirs.series
    assert [r.entry.faces for r in ours.rolls] == [r.entry.faces for r in theirs.rolls]
    assert [e.faces for e in ours.struck] == [e.faces for e in theirs.struck]
    assert ours.settled == theirs.settled != (), "settled now, the rolls since standing"
    assert "Ann's roll is undone." in said  # the chips to move: said here, printed there
    moves = said[said.index("Roll one was center, dot, dot.") + 1:]
    assert moves and all(line in printed for line in moves)


def test_a_resumed_session_says_the_unsaid_roll_once(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    session = Session.create(folder, Settings.create(PLAYERS))
    session.record_roll(("L", "R", "dot"))  # journalled; the process died before saying it
    session.close()
    heard = []
    for _ in range(2):
        session = Session.open(folder)
        out = io.StringIO()
        front = Shown(out)
        with Announcer(None, speak=False, record=None, out=out) as announcer:
            play = Controller(session, announcer, Phrasebook(PLAYERS), front=front)
            play.resume()
            play.resume()
        session.close()
        heard.append((out.getvalue().splitlines(), [told.resumed for _, told, _ in front.shown]))
    assert heard == [(["Before the crash, Ann rolled.", "Left, right, dot.",
                       "Ann, pass one chip left to Ben and one right to Cat."], [True]),
                     ([], [])]
    assert [k for k in kinds(folder) if k[0] == "announced"] == [("announced", 1)]


def test_the_odds_are_worked_out_only_when_asked_and_said_only_with_say_odds(
        tmp_path: Path) -> None:
    session = Session.create(tmp_path / "s", Settings.create(PLAYERS))
    out = io.StringIO()
    with Announcer(None, speak=False, record=None, out=out) as announcer:
        assert Controller(session, announcer, Phrasebook(PLAYERS)).odds is None
        shown = Controller(session, announcer, Phrasebook(PLAYERS), odds=True)
        assert shown.odds is not None and shown.plan(Roll(("L", "R", "dot"))).told.odds is not None
        said = Controller(session, announcer, Phrasebook(PLAYERS), say_odds=True)
        said.roll(Roll(("L", "R", "dot")))
    assert out.getvalue().splitlines() == [
        "Left, right, dot.", "Ann, pass one chip left to Ben and one right to Cat.",
        "Cat is favoured to win, thirty-eight percent."]
    session.close()


@pytest.mark.parametrize(("language", "questions"), [
    ("en", ["Amend which roll? (Enter: roll 1) ", "Faces roll 1 really showed (e.g. L R dot): "]),
    ("ru", ["Какой бросок исправить? (Enter: бросок 1) ",
            "Грани броска 1 на самом деле (например, L R dot): "]),
])
def test_the_tables_questions_are_asked_in_its_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str,
        questions: list[str]) -> None:
    from lcr_vision.camera.stills import FolderSource
    from lcr_vision.table.loop import TableLoop
    from lcr_vision.vision.reading import Reading
    from lcr_vision.window.screen import Screen

    session = Session.create(tmp_path / "s", Settings.create(PLAYERS))
    session.record_roll(("L", "dot", "dot"))
    with session.announcing(1):
        pass
    (tmp_path / "photos").mkdir()
    shutil.copy(PHOTO, tmp_path / "photos")  # never read: the amend is asked before any photo
    asked: list[str] = []
    answers = iter(["", "C . ."])
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or next(answers))
    with Announcer(None, speak=False, record=None, out=io.StringIO()) as announcer:
        loop = TableLoop(session, FolderSource(tmp_path / "photos"), Reading(lambda frame: None),
                         announcer, Phrasebook(PLAYERS, language), Screen())
        loop.act("amend", np.zeros((48, 64, 3), np.uint8))
    assert asked == questions
    assert session.ledger.rolls[0].entry.faces == ("C", "dot", "dot")
    session.close()


def test_every_sentence_has_its_russian() -> None:
    # Russian also words the written record's sentences, which English writes in `written`
    assert EN.templates.keys() <= RU.templates.keys()
    assert all(key.startswith("rec_") for key in RU.templates.keys() - EN.templates.keys())
    ru = Phrasebook(PLAYERS, "ru")
    assert ru.written("ask_roll", k=3) == "бросок 3? "
    assert ru.written("ask_faces", player="Ann", owed=2) == (
        "Грани игрока Ann (кубиков: 2, например, L R dot): ")
    assert Phrasebook(PLAYERS).written("ask_faces", player="Ann", owed=2) == (
        "Faces for Ann (2 dice, e.g. L R dot): ")
