"""Odds at the table: ``play --say-odds`` says who is favoured after each roll, ``--odds`` keeps the
chances in the photo log, and tables too big to solve at once get an estimate instead of a stall.

The dice are read by a scripted reader (one roll of faces per photo, in order), so these tests
check the table's odds, not the dice model."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from math import comb
from pathlib import Path

import cv2
import numpy as np
import pytest

from lcr_vision.cli import main
from lcr_vision.odds import quick_odds, store, win_probabilities
from lcr_vision.odds.quick import TABLE_GAMES, VARIANT_GAMES, exact_at_hand
from lcr_vision.rules import GameState, Settings, Variants
from lcr_vision.speech import Phrasebook
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.reading import Reading
from lcr_vision.window.screen import Screen

PLAYERS = ("Ann", "Ben", "Cat")
ROLLS = [("L", "R", "dot"), ("L", "L", "C"), ("R", "dot", "C")]
# After each roll: chips per seat and who rolls next (Ann 1, Ben 4, Cat 4 with Ben to roll, ...).
AFTER = [((1, 4, 4), 1), ((1, 1, 6), 2), ((1, 2, 4), 0)]


def scripted_reader(rolls: list[tuple[str, ...]]) -> Callable[[np.ndarray], Detections]:
    """Reads the next roll of ``rolls`` from whatever photo it is shown, confidently."""
    remaining = iter(rolls)

    def read(frame: np.ndarray) -> Detections:
        faces = next(remaining)
        boxes = [[40 * i, 0, 40 * i + 30, 30] for i in range(len(faces))]
        return Detections(np.array(boxes), faces, np.full(len(faces), 0.99))

    return read


@pytest.fixture
def play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Path]:
    """Play ``ROLLS`` from a folder of photos, headless and muted, with the options given; the
    session folder. Nothing is stored in the user's odds cache."""
    monkeypatch.setenv("LCR_VISION_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr("lcr_vision.cli.play.table_reading",
                        lambda args, profile: Reading(scripted_reader(ROLLS)))
    photos = tmp_path / "rolls"
    photos.mkdir()
    for i in range(len(ROLLS)):
        cv2.imwrite(str(photos / f"roll{i + 1}.png"), np.zeros((48, 64, 3), np.uint8))

    def run(*options: str) -> Path:
        session = tmp_path / "s"
        argv = ["play", "--headless", "--mute", "--dice", "lcr", "--players", ",".join(PLAYERS),
                "--source", str(photos), "--session", str(session), *options]
        assert main(argv) == 0
        return session

    return run


def test_the_favourite_is_said_after_every_roll(play, capsys: pytest.CaptureFixture[str]) -> None:
    play("--say-odds")
    out = capsys.readouterr().out
    phrases = Phrasebook(PLAYERS)
    expected = []
    for chips, roller in AFTER:
        win = win_probabilities(chips, roller)
        best = max(range(len(win)), key=win.__getitem__)
        expected.append(phrases.standings.favoured(PLAYERS[best], win[best]))
    assert [line for line in out.splitlines() if "favoured" in line] == expected
    assert expected[0] == "Cat is favoured to win, thirty-eight percent."
    read = out.index("Left, right, dot.")
    assert read < out.index(expected[0]) < out.index("Ben, roll three dice.")


def test_the_window_shows_each_players_chance(play, monkeypatch: pytest.MonkeyPatch) -> None:
    """A window (one that shows nothing here) gets a line of odds: from the start, then after
    each roll but the last, whose photo is the last frame."""

    class Shown(Screen):
        visible = True

    panels: list[Sequence[str]] = []

    def board(image: np.ndarray, lines: Sequence[tuple[str, int]], room: int = 0) -> np.ndarray:
        panels.append([text for text, _ in lines])
        return image

    monkeypatch.setattr("lcr_vision.cli.table.screen_from", lambda headless, language: Shown())
    monkeypatch.setattr("lcr_vision.table.view.board", board)
    play("--odds")
    shown = [line for lines in panels for line in lines if line.startswith("Odds:")]
    assert shown == ["Odds: Ann 31%  Ben 33%  Cat 37%", "Odds: Ann 29%  Ben 33%  Cat 38%",
                     "Odds: Ann 24%  Ben 25%  Cat 51%"]


def test_odds_go_to_the_photo_log_and_are_said_only_when_asked(
        play, capsys: pytest.CaptureFixture[str]) -> None:
    session = play("--odds")
    assert "favoured" not in capsys.readouterr().out
    records = [json.loads(p.read_text(encoding="utf-8"))
               for p in sorted((session / "photos").glob("*.json"))]
    assert [r["odds_method"] for r in records] == ["exact"] * len(AFTER)
    for record, (chips, roller) in zip(records, AFTER):
        exact = dict(zip(PLAYERS, win_probabilities(chips, roller)))
        assert record["odds"] == pytest.approx(exact, abs=1e-6)


def test_a_table_too_big_to_solve_at_once_gets_an_estimate(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Eight players from the start would take most of a minute to solve: random games answer,
    and a variant, which only random games can answer, is played by the rules engine."""
    monkeypatch.setenv("LCR_VISION_CACHE", str(tmp_path))
    eight = Settings.create([f"P{i}" for i in range(8)])
    estimate = quick_odds(eight, GameState(chips=(3,) * 8))
    assert estimate.method == "simulation" and estimate.games == TABLE_GAMES
    assert sum(estimate.win) == pytest.approx(1.0)
    assert all(0.09 < p < 0.16 for p in estimate.win), "each about 1 in 8"
    wild = Settings.create(list(PLAYERS), variants=Variants(wild=True))
    assert quick_odds(wild, GameState(chips=(3, 3, 3))).games == VARIANT_GAMES
    exact = quick_odds(Settings.create(list(PLAYERS)), GameState(chips=(1, 4, 4), turn=1))
    assert exact.method == "exact" and exact.win == win_probabilities((1, 4, 4), 1)


def test_once_a_table_is_stored_every_position_of_its_games_is_exact_at_the_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every level of 3 to 8 players with 3 chips each is either kept by the store or, with the
    levels below it, quick enough to solve at the table."""
    monkeypatch.setenv("LCR_VISION_CACHE", str(tmp_path))  # nothing stored yet
    for players in range(3, 9):
        for chips in range(1, 3 * players + 1):
            level_states = comb(chips + players - 2, players - 1)  # the roller holds a chip
            assert (level_states >= store.MIN_STATES
                    or exact_at_hand(players, chips)), (players, chips)
