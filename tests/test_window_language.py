"""The window in the session's language: a Russian table's window says nothing in English, draws
its notes whatever their script, and wraps its standings between players, never inside one."""

from __future__ import annotations

import io
import re
import string
from pathlib import Path

import numpy as np
import pytest
from test_table_view import Captured, one_photo_table

from lcr_vision.odds import Odds
from lcr_vision.phrases import window
from lcr_vision.phrases.window import WINDOW
from lcr_vision.rules import GameState, Settings, play_roll
from lcr_vision.speech import Phrasebook
from lcr_vision.table import view as view_module
from lcr_vision.table.view import TableView
from lcr_vision.vision.detections import Detections
from lcr_vision.window.overlay import DISPLAY_WIDTH, GLUE, MARGIN, STANDINGS_PX, wrap
from lcr_vision.window.screen import Screen

FACES = {"L", "C", "R", "dot", "wild"}  # the faces as typed, in every language


def composed(language: str, players: tuple[str, ...], monkeypatch: pytest.MonkeyPatch) -> str:
    """Every line the view hands the window in a game's course: the turn, the standings, both
    kinds of odds, a roll, an amended roll, an unsure read, each key's note, a win and a draw."""
    lines: list[str] = []
    monkeypatch.setattr(view_module, "board", lambda image, rows, room=0: lines.extend(
        text for text, _ in rows) or image)
    settings = Settings.create(list(players))
    start = GameState.start(settings.stakes)
    result = play_roll(settings, start, ("L", "C", "dot"))
    view = TableView(Screen(), players, language=language)
    frame = np.zeros((48, 64, 3), np.uint8)
    view.rolled(result)
    for method in ("exact", "simulation"):
        view.picture(frame, result.after, Odds((0.5, 0.2, 0.3), 9.0, method), True)
    view.amended(1, result, Phrasebook(players, language).corrections.amended(
        1, result.game_faces, None, 0, (), ())[1:])
    view.picture(frame, result.after, None, False)
    for key in ("standings_said", "nothing_to_accept", "answer_at_terminal"):
        view.noted_key(key)
        view.picture(frame, result.after, None, False)
    view.undone()
    view.picture(frame, result.after, None, False)
    won = play_roll(settings, GameState((1, 0, 0), 8, turn=0), ("dot",))
    drawn = play_roll(settings, GameState((0, 0, 1), 8, turn=2), ("C",))
    for end in (won, drawn):
        view.ending(frame, Detections(), end)
    return "\n".join(lines).replace(GLUE, " ")


def test_a_russian_window_says_nothing_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    russian = composed("ru", ("Аня", "Боря", "Катя"), monkeypatch)
    assert set(re.findall(r"[A-Za-z]{2,}", russian)) <= FACES, russian
    for words in ("Игра 1: Боря бросает 3 кубика", "Аня 1   Боря 4   Катя 3   центр 1",
                  "Шансы: Аня 50%  Боря 20%  Катя 30%", "Шансы (оценка):",
                  "Бросок прочитан неуверенно: пробел — принять", "Счёт объявлен",
                  "Аня: L C dot. Аня: одну фишку налево — Боря и одну в центр.",
                  "Бросок 1 исправлен:", "Последний бросок отменён", "Нажмите любую клавишу"):
        assert words in russian
    english = composed("en", ("Ann", "Ben", "Cat"), monkeypatch)
    assert "Game 1: Ben rolls 3" in english and "Unsure read: space accepts" in english
    assert "Press any key" in english and not re.search("[А-яЁё]", english)


def test_each_window_line_has_the_same_fields_in_both_languages() -> None:
    def fields(template: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}

    english, russian = window.ENGLISH, window.RUSSIAN
    assert english.keys() == russian.keys()
    assert all(fields(english[key]) == fields(russian[key]) for key in english)
    assert WINDOW["ru"].templates.keys() >= {*russian, "odds_line", "odds_line_estimated"}


def test_russian_standings_wrap_between_players_never_inside_one() -> None:
    players = tuple(f"Бартоломей{i}" for i in range(8))
    view = TableView(Screen(), players, language="ru")
    settings = Settings.create(list(players))
    rows = wrap(view.chips(GameState.start(settings.stakes)), DISPLAY_WIDTH - 2 * MARGIN,
                STANDINGS_PX)
    assert len(rows) > 1 and all(re.fullmatch(r"(\w+ \d+ *)+", row) for row in rows), rows
    assert rows[-1].endswith("центр 0")


def test_a_russian_table_draws_its_notes_and_its_refusals(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keys at a Russian table: their notes, and a refusal (nobody at the terminal), are drawn
    in Russian as they are, not replaced by a pointer to the terminal."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    frame = np.full((480, 640, 3), 90, np.uint8)
    screen = Captured()
    with one_photo_table(tmp_path, ["Аня", "Боря", "Катя"], screen, "ru",
                         io.StringIO()) as loop:
        loop.view.show(frame, loop.session.state, None, False)
        notes = []
        for key in ("confirm", "standings", "type"):
            before = screen.shown[-1]
            loop.act(key, frame)
            notes.append(loop.view.note)
            assert not np.array_equal(screen.shown[-1], before), f"{key} changed nothing"
    assert notes[:2] == [WINDOW["ru"].written("nothing_to_accept"),
                         WINDOW["ru"].written("standings_said")]
    assert re.search("[А-я]", notes[2]) and not re.search("[A-Za-z]", notes[2]), notes[2]
    assert loop.view.hint == "пробел — принять, t — ввести грани"  # a folder is not thrown again
