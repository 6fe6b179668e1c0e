"""`lcr-vision play --manual`: rolls piped in, bad lines rejected, resumption, and a SIGKILL that
loses no committed roll."""

from __future__ import annotations

import io
import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lcr_vision.cli import main
from lcr_vision.ledger import JOURNAL, Ledger, Session, read_journal, replay
from lcr_vision.manual import DEMO_ROLLS, ManualPlay
from lcr_vision.rules import Series, Settings
from lcr_vision.speech import Announcer, Phrasebook
from lcr_vision.speech.voice import wav_seconds

PLAYERS = ["--players", "Ann,Ben,Cat"]


def play(monkeypatch, capsys, lines: str, *args: str) -> tuple[int, str, str]:
    """Run the command in-process with ``lines`` as its piped standard input, muted (manual play
    speaks as the table does: these tests are about what it prints)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    status = main(["play", "--manual", "--mute", *args])
    out, err = capsys.readouterr()
    return status, out, err


def ledger_of(folder: Path) -> Ledger:
    return replay(read_journal(folder / JOURNAL)[0])


def test_piped_rolls_are_played_and_bad_lines_explained(tmp_path, monkeypatch, capsys) -> None:
    folder = tmp_path / "s"
    lines = "L R dot\nC C\nC C .   # Ben\nbogus\nundo\nc 4 .\n"
    status, out, err = play(monkeypatch, capsys, lines, *PLAYERS, "--session", str(folder))
    assert status == 0 and err == ""
    assert "Game 1, roll 1: Ann to roll 3 dice." in out
    assert "Roll 1: Ann rolled L R dot. Ann passes one chip left to Ben" in out
    assert "Rejected: Ben rolls 3 dice, got 2 faces. Try again." in out
    assert "Rejected: unknown face 'bogus'" in out
    assert "Roll 2 (Ben: C C dot) undone." in out
    assert "Roll 2: Ben rolled C 4 dot." in out
    assert out.rstrip().endswith("resume it with --session.")
    assert ledger_of(folder).series.game.chips == (1, 2, 5)


def test_the_bundled_demo_game_plays_to_its_end(tmp_path, monkeypatch, capsys) -> None:
    folder = tmp_path / "s"
    lines = DEMO_ROLLS.read_text()
    status, out, _ = play(
        monkeypatch, capsys, lines, "--players", "Ann,Ben,Cat,Dan", "--session", str(folder)
    )
    assert status == 0 and out.count("Rejected:") == 1 and "Roll 6 corrected" in out
    assert "Ben wins game 1 and the center pot of ten chips!" in out
    ledger = ledger_of(folder)
    assert ledger.series.wins == (0, 1, 0, 0) and len(ledger.rolls) == 16


def test_a_session_resumes_where_it_stopped(tmp_path, monkeypatch, capsys) -> None:
    folder = str(tmp_path / "s")
    play(monkeypatch, capsys, "L R dot\n", *PLAYERS, "--session", folder)
    status, out, _ = play(monkeypatch, capsys, "dot dot dot\nquit\nL L L\n", "--session", folder)
    assert status == 0 and "Game 1, roll 2: Ben to roll 3 dice." in out
    assert len(ledger_of(Path(folder)).rolls) == 2, "nothing after quit is read"


def test_a_roll_a_crash_kept_from_being_printed_is_printed_first_and_once(
        tmp_path, monkeypatch, capsys) -> None:
    folder = tmp_path / "s"
    session = Session.create(folder, Settings.create(["Ann", "Ben", "Cat"]))
    session.record_roll(("L", "R", "dot"))  # journalled, and then the process died
    session.close()
    status, out, _ = play(monkeypatch, capsys, "", "--session", str(folder))
    assert status == 0
    assert "  Before the crash: roll 1: Ann rolled L R dot. Ann passes one chip left" in out
    status, out, _ = play(monkeypatch, capsys, "", "--session", str(folder))
    assert status == 0 and "Before the crash" not in out


def test_a_new_session_goes_under_sessions_by_default(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, _ = play(monkeypatch, capsys, "", *PLAYERS)
    (folder,) = (tmp_path / "sessions").iterdir()
    assert status == 0 and f"Session sessions/{folder.name}." in out
    assert (folder / JOURNAL).is_file() and (folder / "photos").is_dir()


def test_choices_corrections_and_variants_from_the_command_line(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "s"
    args = ["--players", "Ann,Ben,Cat", "--variant", "wild,wilder", "--stakes", "ann=4,Cat=1"]
    lines = "reverse L 1 1 @cat @Cat\n"  # Ann pays 3, takes Ben's chip, gives two to Cat
    status, out, _ = play(monkeypatch, capsys, lines, *args, "--session", str(folder))
    assert status == 0
    assert (
        "Ann pays three chips into the center to reverse the dice, takes one chip from Ben " in out
    )
    assert ledger_of(folder).series.game.chips == (0, 2, 3)
    status, out, _ = play(
        monkeypatch, capsys, "correct 1 reverse 1 1 1\n", "--session", str(folder)
    )
    assert "Roll 1 corrected: Ann rolled 1 1 1. Ann pays three chips" in out
    assert "sends all one chip to the center" in out
    ledger = ledger_of(folder)
    assert ledger.series.game.chips == (0, 3, 1) and ledger.series.game.center == 4


def test_setup_mistakes_are_one_line_errors(tmp_path, monkeypatch, capsys) -> None:
    folder = str(tmp_path / "s")
    cases = [
        ((), "a new session needs --players"),
        (("--players", "Ann,Ben"), "at least 3 players, got 2"),
        ((*PLAYERS, "--stakes", "Dan=4"), "--stakes entry 'Dan=4' should be"),
        ((*PLAYERS, "--variant", "wilder"), "Wilder variant is played with Wild"),
        ((*PLAYERS, "--chip-value", "lots"), "--chip-value 'lots' is not an amount"),
        ((*PLAYERS, "--face-map", "1=L"), "a face map must give a game face for each pip"),
    ]
    for args, message in cases:
        status, _, err = play(monkeypatch, capsys, "", *args, "--session", folder)
        assert status == 2 and err.startswith("lcr-vision: error: ") and message in err, err
    play(monkeypatch, capsys, "", *PLAYERS, "--session", folder)
    status, _, err = play(monkeypatch, capsys, "", "--players", "Ann,Ben,Dan", "--session", folder)
    assert status == 2 and "was started with other settings" in err


class Player:
    """A running ``play --manual`` process fed one line at a time."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "lcr_vision", "play", "--manual", *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )  # fmt: skip
        self.buffer = b""

    def send(self, line: str) -> None:
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def wait_for(self, text: str, timeout: float = 120) -> None:
        """Read the output until ``text`` appears: the roll it names has been committed."""
        deadline = time.monotonic() + timeout
        fd = self.proc.stdout.fileno()
        while text.encode() not in self.buffer:
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(fd, 65536) if ready else b""
            assert chunk, f"no {text!r} in the output: {self.buffer.decode()[-500:]}"
            self.buffer += chunk


def test_sigkill_mid_session_loses_no_committed_roll(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    settings = Settings.create(["Ann", "Ben", "Cat", "Dan"])
    rng = random.Random(5)
    model, sent = Series.start(settings), []

    def next_faces() -> str:
        nonlocal model
        faces = [rng.choice(["L", "C", "R", "dot", "4", "2"]) for _ in range(model.game.dice_owed)]
        _, model = model.play(faces)
        sent.append(tuple(faces))
        return " ".join(faces)

    player = Player("--players", "Ann,Ben,Cat,Dan", "--session", str(folder))
    for k in range(1, 9):
        player.send(next_faces())
        player.wait_for(f"Roll {k}: ")
    player.send(next_faces())  # roll 9: killed at once, committed or not
    player.proc.send_signal(signal.SIGKILL)
    player.proc.wait(timeout=60)

    survived = ledger_of(folder).rolls
    assert 8 <= len(survived) <= 9
    assert [r.entry.faces for r in survived] == sent[: len(survived)]

    del sent[len(survived) :]
    model = Series.start(settings)
    for faces in sent:
        _, model = model.play(faces)
    resumed = Player("--session", str(folder))
    resumed.wait_for(f"roll {len(survived) + 1}: ")
    resumed.send(next_faces())
    resumed.wait_for(f"Roll {len(survived) + 1}: ")
    resumed.proc.stdin.close()
    assert resumed.proc.wait(timeout=120) == 0
    final = ledger_of(folder)
    assert [r.entry.faces for r in final.rolls] == sent and final.series == model


@pytest.mark.usefixtures("espeak")
def test_manual_play_speaks_records_and_gives_odds_as_the_table_does(
        tmp_path, monkeypatch, capsys) -> None:
    wav = tmp_path / "said.wav"
    code, out, _ = play(monkeypatch, capsys, "L R dot\n", "--players", "Ann,Ben,Cat", "--mute",
                        "--speech-out", str(wav), "--odds", "--session", str(tmp_path / "s"))
    assert code == 0 and "  Odds: Ann " in out and "%" in out
    assert out.count("Ann, pass one chip left to Ben and one right to Cat.") == 1  # muted: printed
    assert wav_seconds(wav) > 1.5  # "Left, right, dot." and the passes, recorded


def test_muted_manual_play_prints_what_would_be_said_in_the_language_chosen(
        tmp_path, monkeypatch, capsys) -> None:
    code, out, _ = play(monkeypatch, capsys, "L R dot\n", "--players", "Ann,Ben,Cat",
                        "--language", "ru", "--session", str(tmp_path / "s"))
    assert code == 0 and (
        "Лево, право, точка.\nAnn: одну фишку налево — Ben и одну направо — Cat." in out)


def test_a_russian_session_continued_without_language_plays_on_in_russian(
        tmp_path, monkeypatch, capsys) -> None:
    folder = str(tmp_path / "s")
    play(monkeypatch, capsys, "L R dot\n", *PLAYERS, "--language", "ru", "--session", folder)
    code, out, _ = play(monkeypatch, capsys, "bogus\ndot dot dot\n", "--session", folder)
    assert code == 0 and "Лево" not in out and "Точка, точка, точка." in out
    assert "Rejected" not in out and "unknown face" not in out
    code, _, err = play(monkeypatch, capsys, "", "--session", folder, "--rate", "5")
    assert code == 2 and err.startswith("lcr-vision: ошибка:")


@pytest.mark.parametrize("option", [["--calibration", "boxed"], ["--camera", "0"],
                                    ["--dice", "boxed"], ["--source", "synthetic"]])
def test_options_of_the_camera_are_refused_in_manual_play(
        tmp_path, monkeypatch, capsys, option: list[str]) -> None:
    code, _, err = play(monkeypatch, capsys, "L R dot\n", "--players", "Ann,Ben,Cat",
                        "--session", str(tmp_path / "s"), *option)
    assert code == 2 and f"{option[0]} does not apply" in err
    assert not (tmp_path / "s").exists()


@pytest.mark.parametrize(("language", "said", "printed"), [
    ("en", ["Roll one was center, dot, dot.",
            "The rolls since stand as thrown; it is settled now.",
            "Ben, put one chip in the center."],
     [("  Roll 1 corrected: Ann rolled C dot dot. Ann puts one chip in the center; "
      "Ann has two chips left."), "  Ann 2, Ben 1, Cat 3; center 1."]),
    ("ru", ["Бросок один на самом деле: центр, точка, точка.",
            "Броски после него остаются как брошены; исправление улаживаем сейчас.",
            "Ben, положи одну фишку в центр."],
     ["  Бросок 1 исправлен: Ann — C dot dot. Ann: одну фишку в центр. У игрока Ann фишек: 2.",
      "  Ann 2, Ben 1, Cat 3; в центре 1."]),
])
def test_amend_in_manual_play_prints_and_says_the_chips_to_hand_back(
        tmp_path, language: str, said: list[str], printed: list[str]) -> None:
    session = Session.create(tmp_path / "s", Settings.create(["Ann", "Ben", "Cat"],
                                                             stakes=(3, 1, 3)))
    out, spoken = io.StringIO(), io.StringIO()
    with Announcer(None, speak=False, record=None, out=spoken) as announcer:
        play = ManualPlay(session, out, announcer, Phrasebook(("Ann", "Ben", "Cat"), language))
        play.run(["L dot dot", "dot dot  # Ben threw two dice on Ann's chip", "amend 1 C . ."],
                 prompt=False)
    session.close()
    lines = out.getvalue().splitlines()
    at = lines.index(printed[0])  # printed in the table's language, as it is said
    assert lines[at + 1:at + 4] == [*("  " + s for s in said[1:]), printed[1]]
    assert spoken.getvalue().splitlines()[-3:] == said
    ledger = ledger_of(tmp_path / "s")  # Ben's two dice stand as thrown, though he owed one
    assert len(ledger.rolls) == 2 and ledger.struck == () and ledger.settled[0].after == 2


def test_manual_play_in_russian_prints_russian(tmp_path) -> None:
    """Chosen, Russian is what the transcript is written in too: turns, rolls, refusals, undo,
    standings and help; only the faces typed and the names stay as they are."""
    session = Session.create(tmp_path / "s", Settings.create(["Аня", "Боря", "Вера"]))
    out = io.StringIO()
    ManualPlay(session, out, None, Phrasebook(("Аня", "Боря", "Вера"), "ru")).run(
        ["L C dot", "xyz", "undo", "help"], prompt=False)
    session.close()
    text = out.getvalue()
    assert "Игра 1, бросок 1: Аня бросает 3 кубика." in text
    assert ("  Бросок 1: Аня — L C dot. Аня: одну фишку налево — Боря и одну в центр. У игрока "
            "Аня фишек: 1.") in text
    assert ("  Не принято: Неизвестная грань 'xyz'" in text
            and "Бросок 1 (Аня: L C dot) отменён." in text)
    assert "Вводите грани каждого броска" in text and text.rstrip().endswith("--session.")
    assert not any(word in text for word in ("Game", "Roll", "rolled", "Rejected", "Session",
                                             "Type each"))
