"""Random games: seat win rates against the exact 3-player values, both simulation paths agreeing,
variants, and the command's JSON."""

from __future__ import annotations

import json
import math
import re

import pytest

from lcr_vision.cli import main
from lcr_vision.random_games import games_per_second, simulate, simulate_with_engine
from lcr_vision.rules import Settings, Variants

EXACT_3 = (0.306843, 0.328019, 0.365138)  # seats 1-3, seat 1 rolling first


def assert_near_exact(wins: tuple[int, ...], games: int, sigmas: float = 4.0) -> None:
    for seat, (won, p) in enumerate(zip(wins, EXACT_3), start=1):
        bound = sigmas * math.sqrt(p * (1 - p) / games)
        assert abs(won / games - p) < bound, f"seat {seat}: {won / games:.4f} vs {p} ± {bound:.4f}"


def test_vectorised_win_rates_match_the_exact_values() -> None:
    result = simulate(3, 200_000, seed=11)
    assert result.draws == 0 and sum(result.wins) == 200_000
    assert_near_exact(result.wins, 200_000)


def test_the_rules_engine_plays_the_same_game() -> None:
    settings = Settings.create(["Ann", "Ben", "Cat"])
    engine = simulate_with_engine(settings, 4_000, seed=3)
    assert_near_exact(engine.wins, 4_000)
    vectorised = simulate(3, 100_000, seed=3)
    assert abs(engine.mean_turns - vectorised.mean_turns) < 0.6  # about 17.5 rolls a game


@pytest.mark.parametrize(
    ("variants", "draws"),
    [
        (Variants(wild=True), False),
        (Variants(last_chip_wins=True), False),
        (Variants(dot_to_win=True), True),
    ],
)
def test_variant_games_end_with_a_winner_or_a_draw(variants: Variants, draws: bool) -> None:
    result = simulate(4, 400, seed=2, variants=variants)
    assert sum(result.wins) + result.draws == 400
    assert (result.draws > 0) == draws


def test_more_chips_make_longer_games() -> None:
    assert simulate(5, 5_000, seed=1, chips=5).mean_turns > simulate(5, 5_000, seed=1).mean_turns


def test_simulate_json_and_speed(capsys) -> None:
    assert main(["simulate", "--players", "5", "--games", "20000", "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"players", "games", "wins", "draws", "mean_turns"}
    assert out["players"] == 5 and len(out["wins"]) == 5 and sum(out["wins"]) == 20_000
    assert games_per_second(games=20_000) > 5_000


def test_simulate_refuses_impossible_tables(capsys) -> None:
    assert main(["simulate", "--players", "2"]) == 2
    assert capsys.readouterr().err == "lcr-vision: error: --players must be from 3 to 20, not 2\n"
    assert main(["simulate", "--games", "0"]) == 2


def test_simulate_prints_percentages_as_odds_does(capsys) -> None:
    assert main(["simulate", "--players", "3", "--games", "1000", "--seed", "1"]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert all(re.fullmatch(r"  (Seat \d|draws ) *: +\d+ +(wins)? +\d+\.\d\d%", r) for r in rows)


def test_simulate_and_odds_take_the_players_names_as_play_does(capsys) -> None:
    assert main(["simulate", "--players", "Ann,Ben,Cat", "--games", "1000"]) == 0
    assert [r.split(":")[0].strip() for r in capsys.readouterr().out.splitlines()[1:]] == [
        "Ann", "Ben", "Cat", "draws"]
    assert main(["odds", "--players", "Ann,Ben,Cat,Dan", "--chips", "2"]) == 0
    out = capsys.readouterr().out
    assert all(f"{name} " in out for name in ("Ann", "Ben", "Cat", "Dan")) and "Seat" not in out
    assert main(["simulate", "--players", "Ann,Ann,Cat"]) == 2
    assert "Ann" in capsys.readouterr().err
