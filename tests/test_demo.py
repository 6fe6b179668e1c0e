"""``lcr-vision demo``: a whole game on the simulated table through the real pipeline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lcr_vision.cli import main
from lcr_vision.ledger import Session
from lcr_vision.rules import Settings
from lcr_vision.speech.voice import wav_seconds


@pytest.mark.usefixtures("espeak")
def test_the_demo_plays_one_game_to_a_winner_and_keeps_everything(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, wav = tmp_path / "demo", tmp_path / "said.wav"
    assert main(["demo", "--headless", "--mute", "--chips", "1", "--seed", "2",
                 "--session", str(folder), "--speech-out", str(wav)]) == 0
    out = capsys.readouterr().out
    session = Session.open(folder)
    games, rolls = session.ledger.series.finished, session.ledger.rolls
    session.close()
    assert len(games) == 1 and games[0].winner is not None
    winner = ("Ann", "Ben", "Cat")[games[0].winner]
    assert f"{winner} wins!" in out and f"{winner} won the demo game." in out
    assert out.rstrip().endswith(f"Session: {folder}")
    records = [json.loads(p.read_text()) for p in sorted((folder / "photos").glob("*.json"))]
    assert [r["faces"] for r in records] == [list(r.entry.faces) for r in rolls]
    assert all((folder / "photos" / r["annotated"]).is_file() for r in records)
    said = sum(len(r["said"]) for r in records)
    assert wav_seconds(wav) > 0.5 * said  # every sentence was spoken into the recording


def test_the_demo_ends_in_the_language_chosen(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                             ) -> None:
    assert main(["demo", "--headless", "--mute", "--chips", "1", "--seed", "2", "--language",
                 "ru", "--session", str(tmp_path / "demo")]) == 0
    last = capsys.readouterr().out.splitlines()[-3:]
    assert last[0].endswith(" выигрывает демонстрационную игру.")
    assert last[1].startswith("Прочитано бросков: ") and last[2] == f"Сессия: {tmp_path / 'demo'}"


def test_the_demo_refuses_a_folder_that_holds_a_session(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    Session.create(tmp_path, Settings.create(["Ann", "Ben", "Cat"])).close()
    assert main(["demo", "--headless", "--mute", "--session", str(tmp_path)]) == 2
    assert "already holds a session" in capsys.readouterr().err
