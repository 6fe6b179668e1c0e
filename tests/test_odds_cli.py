"""The ``odds`` command: its JSON (win, expected_turns, method), the readable table, and user
mistakes as one line."""

from __future__ import annotations

import json

import pytest

from lcr_vision.cli import main
from lcr_vision.odds.exact import solved_level


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(["odds", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_start_of_a_five_player_game(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--players", "5")
    assert data["method"] == "exact"
    assert data["win"] == pytest.approx(
        [0.193707, 0.193808, 0.199938, 0.206322, 0.206225], abs=1e-6
    )
    assert data["expected_turns"] == pytest.approx(39.702, abs=1e-3)


def test_a_player_without_chips_passes_the_turn(capsys: pytest.CaptureFixture[str]) -> None:
    """Ben cannot roll, so asking with Ben to roll is asking with Cat to roll."""
    ben = run_json(capsys, "--state", "Ann=2,Ben=0,Cat=5", "--center", "2", "--to-roll", "ben")
    cat = run_json(capsys, "--state", "Ann=2,Ben=0,Cat=5", "--center", "2", "--to-roll", "Cat")
    assert ben == cat and ben["win"][2] > 0.45


def test_readable_table_marks_the_favourite(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--state", "Ann=3,Ben=3,Cat=3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Exact odds")
    cat = next(line for line in out.splitlines() if line.strip().startswith("Cat"))
    assert "36.51%" in cat and "favoured" in cat
    assert "skipped turns do not count" in out


def test_a_table_past_the_exact_solver_is_simulated_and_says_so(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--players", "6", "--chips", "10", "--games", "50")
    assert data["method"] == "simulation"
    assert main(["odds", "--players", "6", "--chips", "10", "--games", "50"]) == 0
    assert "states are past the exact solver's 8,000,000: simulating 50 random games" in (
        capsys.readouterr().err)


def test_variants_are_simulated_and_say_so(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--players", "3", "--variant", "wild", "--games", "300", "--seed", "4")
    assert data["method"] == "simulation" and data["games"] == 300
    assert all(low <= p <= high for p, (low, high) in zip(data["win"], data["ci95"]["win"]))
    assert main(["odds", "--players", "3", "--variant", "wild", "--games", "300"]) == 0
    assert capsys.readouterr().out.startswith("Simulated odds (300 random games, 95% confidence")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--state", "Ann=2,Ben"], "should be NAME=CHIPS"),
        (["--state", "Ann=2,Ben=1,Cat=0", "--to-roll", "Dan"], "no player called 'Dan'"),
        (["--state", "Ann=2,Ben=1"], "at least 3 players"),
        (["--state", "Ann=0,Ben=0,Cat=0"], "nobody holds a chip"),
        (["--players", "4", "--state", "Ann=1,Ben=1,Cat=1"], "--state names 3 players"),
        ([], "say who plays"),
        (["--players", "3", "--variant", "wild", "--method", "exact"], "exact odds cover"),
        (["--players", "8", "--chips", "7", "--method", "exact"],
         ("exact odds here are 3,872,894,697 states, past the 8,000,000 solved within about a "
         "minute, 1.5 GB of memory and 200 MB of cache; --method simulate")),
        (["--players", "20", "--method", "exact"], "past the 8,000,000 solved within"),
        (["--players", "3", "--center", "-1"], "cannot be negative"),
        (["--players", "-3"], "--players must be from 3 to 20, not -3"),
        (["--players", "3", "--chips", "1000"], "3000 chips in play: odds are worked out"),
        (["--state", "Ann=50,Ben=5,Cat=6"], "61 chips in play"),
        (["--players", "3", "--games", "1000000"], "--games must be from 1 to 100,000"),
    ],
)
def test_mistakes_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["odds", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lcr-vision: error: ") and message in err and err.count("\n") == 1


def test_a_decided_game_is_won_not_favoured(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--state", "Ann=3,Ben=0,Cat=0"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[2].endswith("100.00%  has won") and "favoured" not in "\n".join(rows)


def test_a_lead_within_the_simulations_noise_is_not_favoured(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--state", "Ann=3,Ben=3,Cat=3", "--method", "simulation", "--games",
                 "200"]) == 0
    assert "favoured" not in capsys.readouterr().out


def test_a_big_solve_says_what_the_cache_keeps_and_where(
        tmp_path, monkeypatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LCR_VISION_CACHE", str(tmp_path))
    solved_level.cache_clear()  # solved in memory, a level is not stored again
    monkeypatch.setattr("lcr_vision.cli.odds.SLOW_SOLVE_STATES", 0)
    monkeypatch.setattr("lcr_vision.cli.odds.exact_at_hand", lambda players, chips: False)
    assert main(["odds", "--players", "6", "--chips", "4"]) == 0
    err = capsys.readouterr().err.splitlines()
    size = sum(f.stat().st_size for f in (tmp_path / "odds").iterdir())
    assert size > 0 and err[-1] == (
        f"lcr-vision: the cache keeps {size / 1e6:,.0f} MB of solved 6-player odds in "
        f"{tmp_path / 'odds'}; delete the folder to free it")
