"""The journal and the session: commits, crash recovery, damage, corrections, undo, reports."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from lcr_vision.cli import main
from lcr_vision.errors import english
from lcr_vision.ledger import (
    JOURNAL,
    EditError,
    JournalError,
    Session,
    SessionError,
    read_journal,
    replay,
)
from lcr_vision.ledger.journal import line_digest
from lcr_vision.review.report import ledger_json, ledger_rows, ledger_text
from lcr_vision.rules import Decision, FaceCountError, IllegalChoiceError, Roll, Settings, Variants

PLAYERS = ("Ann", "Ben", "Cat")


@pytest.fixture
def session(tmp_path: Path):
    s = Session.create(tmp_path / "s", Settings.create(PLAYERS))
    yield s
    s.close()


def journal_lines(s: Session) -> list[str]:
    return (s.folder / JOURNAL).read_text().splitlines()


def test_a_new_session_holds_its_settings_and_a_photo_folder(session: Session) -> None:
    first = json.loads(journal_lines(session)[0])
    assert first["event"] == "session" and first["settings"]["players"] == list(PLAYERS)
    assert session.photos.is_dir() and session.to_roll == "Ann" and session.dice_owed == 3


def test_each_roll_is_on_disk_when_its_result_is_returned(session: Session) -> None:
    result = session.record_roll(("L", "R", "dot"), photo="photos/0001.json")
    assert result.after.chips == (1, 4, 4)
    event = json.loads(journal_lines(session)[-1])
    assert event.pop("prev") == line_digest(journal_lines(session)[0].encode())
    assert event | {"time": None} == {
        "event": "roll", "k": 1, "time": None, "player": "Ann", "faces": ["L", "R", "dot"],
        "reverse": False, "targets": None, "photo": "photos/0001.json",
    }  # fmt: skip
    assert replay(read_journal(session.folder / JOURNAL)[0]).series == session.ledger.series


def test_a_refused_roll_writes_nothing(tmp_path: Path) -> None:
    s = Session.create(tmp_path / "s", Settings.create(PLAYERS, variants=Variants(wild=True)))
    before = journal_lines(s)
    with pytest.raises(FaceCountError, match="Ann rolls 3 dice, got 2 faces"):
        s.record_roll(("L", "R"))
    with pytest.raises(IllegalChoiceError):
        s.record_roll(("wild", "dot", "dot"), Decision(targets=(0,)))
    assert journal_lines(s) == before and s.ledger.rolls == ()
    s.close()


def test_a_game_end_is_recorded_and_the_next_game_starts(tmp_path: Path) -> None:
    s = Session.create(tmp_path / "s", Settings.create(PLAYERS, stakes=(1, 1, 1)))
    s.record_roll(("L",))
    s.record_roll(("L", "L"))
    kinds = [json.loads(line)["event"] for line in journal_lines(s)]
    assert kinds == ["session", "roll", "roll", "game_over", "new_game"]
    assert json.loads(journal_lines(s)[3])["winner"] == "Cat"
    assert s.state.game == 2 and s.to_roll == "Ben"
    s.close()


def test_reopening_replays_the_same_state(session: Session) -> None:
    for faces in (("L", "R", "dot"), ("C", "4", "5"), ("6", "6", "1")):
        session.record_roll(faces)
    state = session.ledger.series
    session.close()
    again = Session.open(session.folder)
    assert again.ledger.series == state and again.warning is None
    again.close()


def test_a_session_folder_has_one_writer_at_a_time(session: Session) -> None:
    with pytest.raises(SessionError, match="open in another lcr-vision process"):
        Session.open(session.folder)
    with pytest.raises(SessionError, match="already holds a session"):
        Session.create(session.folder, session.settings)


def test_unusable_folders_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SessionError, match="not a session folder"):
        Session.open(tmp_path)
    (tmp_path / "file").write_text("")
    with pytest.raises(SessionError, match="cannot make the session folder .*file"):
        Session.create(tmp_path / "file", Settings.create(PLAYERS))
    with pytest.raises(SessionError, match="cannot read .*file/journal.jsonl"):
        read_journal(tmp_path / "file" / JOURNAL)


def test_a_line_cut_by_a_crash_is_reported_ignored_and_cleaned_up(session: Session) -> None:
    session.record_roll(("L", "R", "dot"))
    session.close()
    path = session.folder / JOURNAL
    with path.open("a") as f:
        f.write('{"event": "roll", "k": 2, "player": "Ben", "fa')
    lines, warning = read_journal(path)
    assert (
        len(lines) == 2
        and warning is not None
        and english(warning) == "journal.jsonl line 3 was cut short by a crash and is ignored"
    )
    again = Session.open(session.folder)
    assert again.warning == warning and len(again.ledger.rolls) == 1
    again.record_roll(("dot", "dot", "dot"))
    again.close()
    assert read_journal(path) == (read_journal(path)[0], None)
    assert [json.loads(x)["k"] for x in path.read_text().splitlines()[1:]] == [1, 2]


def test_a_whole_last_line_without_its_newline_is_kept(session: Session) -> None:
    """An editor may save the file without a final newline: nothing was cut, nothing is lost."""
    session.record_roll(("L", "R", "dot"))
    session.close()
    path = session.folder / JOURNAL
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    assert read_journal(path)[1] is None and len(replay(read_journal(path)[0]).rolls) == 1
    again = Session.open(session.folder)
    assert again.warning is None and len(again.ledger.rolls) == 1
    again.record_roll(("dot", "dot", "dot"))
    again.close()
    assert [json.loads(x)["event"] for x in path.read_text().splitlines()] == [
        "session", "roll", "roll"]


def test_rolls_wait_to_be_announced_until_marked_and_old_journals_count_as_said(
        session: Session) -> None:
    session.record_roll(("L", "R", "dot"))
    with session.announcing(1):
        pass
    session.record_roll(("dot", "dot", "dot"))
    session.close()
    again = Session.open(session.folder)
    assert again.unannounced == (2,) and again.photo_number == 3
    again.undo()
    assert again.unannounced == ()
    again.close()
    path = session.folder / JOURNAL
    lines = path.read_text().splitlines()
    old = [json.loads(lines[0]) | {"version": 1}] + [
        json.loads(x) for x in lines[1:] if json.loads(x)["event"] != "announced"]
    path.write_text("".join(json.dumps(e) + "\n" for e in old))
    assert Session.open(session.folder).unannounced == ()


T = "2030-01-01T00:00:00.000+00:00"  # a time after any the tests write


def line(kind: str, **fields: object) -> str:
    """A journal line of ``kind`` with a time and the choices a roll or correction holds."""
    choices = {"reverse": False, "targets": None} if "faces" in fields else {}
    photo = {"photo": None} if kind == "roll" else {}
    return json.dumps({"event": kind, "time": T, **choices, **photo, **fields}) + "\n"


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        ("not json\n", "line 3 is damaged"),
        ("[1, 2]\n", "line 3 is not a journal event"),
        ('{"event": "shuffle"}\n', "line 3: unexpected 'shuffle' event"),
        (line("roll", k=5, player="Ben", faces=["L"]), "line 3: roll 5 cannot"),
        (line("roll", k=2, player="Ben", faces=["L"]), "3 dice, got 1 face"),
        (line("roll", k=2, player="Cat", faces=["L", "L", "L"]), "Ben's turn"),
        (line("roll", k=2, player="Ben", faces=["L", "L", "Q"]), "unknown face"),
        (line("undo", k=1) * 2, "line 4: only the last roll"),
        (line("correct", k=7, faces=["L"]), "line 3: there is no roll 7"),
        ("\n", "line 3 is damaged"),
        (line("roll", k=2, player="Ben", faces=["L", "L", "L"], photo=5),
         "line 3: roll event's 'photo' must be text or null, not 5"),
    ],
)
def test_any_other_damage_is_an_error_naming_the_line(session: Session, damage, message) -> None:
    session.record_roll(("L", "R", "dot"))
    session.close()
    with (session.folder / JOURNAL).open("a") as f:
        f.write(damage)
    with pytest.raises(JournalError, match=message):
        Session.open(session.folder)


@pytest.mark.parametrize(
    ("first", "message"),
    [
        ({"event": "roll", "k": 1}, "line 1 must be the session event"),
        ({"event": "session", "version": 9}, "line 1: unknown journal version 9"),
        ({"event": "session", "version": 1, "time": T, "settings": {}},
         "line 1: malformed settings"),
    ],
)
def test_a_damaged_first_line_is_an_error(tmp_path: Path, first: dict, message: str) -> None:
    (tmp_path / JOURNAL).write_text(json.dumps(first) + "\n")
    with pytest.raises(JournalError, match=message):
        replay(read_journal(tmp_path / JOURNAL)[0])


def test_a_bad_face_map_in_the_settings_names_line_1(tmp_path: Path) -> None:
    settings = Settings.create(PLAYERS).to_dict() | {"face_map": {"1": "L"}}
    (tmp_path / JOURNAL).write_text(
        json.dumps({"event": "session", "version": 1, "time": T, "settings": settings}) + "\n"
    )
    with pytest.raises(JournalError, match="line 1: a face map must give"):
        replay(read_journal(tmp_path / JOURNAL)[0])


def test_correcting_a_roll_replays_what_the_right_faces_would_have_done(session: Session) -> None:
    session.record_roll(("L", "R", "dot"))
    session.record_roll(("C", "dot", "dot"))
    fixed = session.amend(1, Roll(("dot", "dot", "C")))
    assert fixed.result.after.chips == (2, 3, 3) and fixed.struck == ()
    assert session.state.chips == (2, 2, 3) and session.state.center == 2
    assert [r.entry.corrected for r in session.ledger.rolls] == [True, False]
    session.close()
    assert Session.open(session.folder).ledger.series == session.ledger.series


def test_a_correction_that_changes_a_later_dice_count_strikes_that_roll_and_the_rest(
    session: Session,
) -> None:
    for faces in (("L", "dot", "dot"), ("dot",) * 3, ("dot",) * 3, ("dot", "dot"), ("dot",) * 3):
        session.record_roll(faces)
    # played again (--replay), Ann keeps 3 chips: roll 4 owed 3 dice
    fixed = session.amend(1, Roll(("dot", "dot", "dot")), keep=False)
    assert [e.k for e in fixed.struck] == [4, 5] and session.to_roll == "Ann"
    assert session.dice_owed == 3 and len(session.ledger.rolls) == 3
    session.record_roll(("dot",) * 3)  # roll 4 again, thrown on the corrected game
    session.close()
    reopened = Session.open(session.folder)
    assert [e.k for e in reopened.ledger.struck] == [4, 5] and len(reopened.ledger.rolls) == 4
    reopened.close()


def test_a_late_correction_is_settled_now_and_the_rolls_since_stand(session: Session,
                                                                     capsys) -> None:
    """The same misread, settled: rolls 2-5 stand as thrown, Ben hands Ann back the chip that
    roll 1 passed him, and every report agrees on the chips and on what was done."""
    for faces in (("L", "dot", "dot"), ("dot",) * 3, ("dot",) * 3, ("dot", "dot"), ("dot",) * 3):
        session.record_roll(faces)
    table = session.state
    fixed = session.amend(1, Roll(("dot", "dot", "dot")))
    assert fixed.how == "settled" and fixed.struck == ()
    assert [str(t) for t in fixed.transfers] == ["Transfer(giver=1, receiver=0, chips=1)"]
    assert session.state.chips == (3, 3, 3) and session.to_roll == "Cat"
    assert session.state.turn == table.turn and len(session.ledger.rolls) == 5
    with pytest.raises(EditError, match="roll 5 was thrown before a correction was settled"):
        session.undo()
    session.close()
    assert main(["ledger", str(session.folder), "--csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[-1] == ('1*,1,,,dot dot dot,dot dot dot,"Roll 1 corrected after roll 5, '
                        'settled then: Ben gave Ann one chip.",3,3,3,0,yes,no,no')
    assert main(["ledger", str(session.folder), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["current"]["chips"] == {"Ann": 3, "Ben": 3,
                                                                        "Cat": 3}
    assert main(["ledger", str(session.folder)]) == 0
    text = capsys.readouterr().out
    assert "Roll 1 corrected after roll 5, settled then: Ben gave Ann one chip." in text
    assert "Ann 3, Ben 3, Cat 3; center 0." in text


def test_a_correction_the_roll_itself_refuses_changes_nothing(session: Session) -> None:
    session.record_roll(("L", "R", "dot"))
    before = journal_lines(session)
    with pytest.raises(EditError, match="roll 1: Ann rolls 3 dice, got 2 faces"):
        session.amend(1, Roll(("dot", "dot")))
    assert journal_lines(session) == before


def test_undo_withdraws_the_last_roll(session: Session) -> None:
    session.record_roll(("L", "R", "dot"))
    start = session.ledger.series
    session.record_roll(("C", "C", "C"))
    assert session.undo().faces == ("C", "C", "C")
    assert session.ledger.series == start and session.to_roll == "Ben"
    session.record_roll(("dot", "dot", "dot"))
    assert session.ledger.rolls[-1].entry.k == 2
    session.undo()
    session.undo()
    with pytest.raises(EditError, match="no roll to undo"):
        session.undo()
    session.close()
    assert Session.open(session.folder).ledger.rolls == ()


def test_ledger_json_is_the_formats_md_shape(tmp_path: Path) -> None:
    settings = Settings.create(PLAYERS, stakes=(1, 1, 1), chip_value=Decimal("0.25"))
    s = Session.create(tmp_path / "s", settings)
    s.record_roll(("L",))
    s.record_roll(("L", "L"))
    assert ledger_json(s.ledger) == {
        "games": [{"number": 1, "first": "Ann", "winner": "Cat", "draw": False, "rolls": 2,
                   "chips": {"Ann": 0, "Ben": 0, "Cat": 3}, "center": 0}],
        "current": {"game": 2, "to_roll": "Ben", "dice": 1,
                    "chips": {"Ann": 1, "Ben": 1, "Cat": 1}, "center": 0},
        "wins": {"Ann": 0, "Ben": 0, "Cat": 1},
    }  # fmt: skip
    assert ledger_rows(s.ledger)[2] == [
        "2", "1", "2", "Ben", "L L", "L L",
        "Ben passes two chips left to Cat; Ben has no chips left. Cat wins game 1!",
        "0", "0", "3", "0", "no", "no", "no",
    ]  # fmt: skip
    text = ledger_text(s.ledger)
    assert "Game 1: won by Cat after 2 rolls, Ann first." in text
    assert text.endswith("Wins: Ann 0, Ben 0, Cat 1.\nMoney: Ann -0.25, Ben -0.25, Cat +0.50.")
    s.close()


def test_ledger_command_prints_json_csv_and_text(session: Session, capsys) -> None:
    session.record_roll(("4", "6", "2"))
    session.amend(1, Roll(("4", "5", "2")))
    assert main(["ledger", str(session.folder), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["current"]["chips"] == {"Ann": 1, "Ben": 4, "Cat": 3}
    assert main(["ledger", str(session.folder), "--csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("number,game,turn,player,faces,game_faces,moves,chips_Ann")
    assert rows[1].startswith("1,1,1,Ann,4 5 2,L C dot,") and rows[1].endswith(",1,4,3,1,yes,no,no")
    assert main(["ledger", str(session.folder)]) == 0
    text = capsys.readouterr().out
    assert "4 5 2 (L C dot) [corrected]" in text and "Ben to roll 3 dice." in text


def test_ledger_command_on_a_damaged_journal_is_a_one_line_error(session: Session, capsys) -> None:
    session.close()
    with (session.folder / JOURNAL).open("a") as f:
        f.write("garbage\n")
    assert main(["ledger", str(session.folder)]) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith("lcr-vision: error: journal.jsonl line 2 is damaged")
        and "Traceback" not in err
    )


def test_a_version_3_settle_is_replayed_as_a_correction(session: Session) -> None:
    for faces in (("L", "dot", "dot"), ("dot",) * 3, ("dot",) * 3, ("dot", "dot")):
        session.record_roll(faces)
    session.close()
    with (session.folder / JOURNAL).open("a") as journal:
        journal.write(json.dumps({"event": "settle", "k": 1, "time": T, "faces": ["dot"] * 3,
                                  "reverse": False, "targets": None}) + "\n")
    ledger = replay(read_journal(session.folder / JOURNAL)[0])
    assert [e.k for e in ledger.struck] == [4] and ledger.rolls[0].entry.corrected
    assert ledger.series.game.chips == (3, 3, 3) and ledger_rows(ledger)[-1][-1] == "no"
