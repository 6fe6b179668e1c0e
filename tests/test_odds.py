"""Worked examples of the odds: the published starting values, positions checked against random
games (the numpy simulator and the rules engine) and small variants solved by hand."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from lcr_vision.odds import (
    Odds,
    OddsMethodError,
    PositionError,
    exact,
    odds,
    solve_times,
    solves_exactly,
    store,
    win_probabilities,
)
from lcr_vision.odds.dice import roll_outcomes
from lcr_vision.odds.exact import (
    BUDGET,
    TURNS_UNIT,
    exact_values,
    expected_turns,
    solved_level,
    tolerance,
)
from lcr_vision.odds.plan import BlockSketch
from lcr_vision.odds.position import Position
from lcr_vision.odds.states import Level
from lcr_vision.random_games import simulate_standard
from lcr_vision.rules import GameState, Settings, Variants


def assert_close(expected: Sequence[float], result: Odds) -> None:
    """Each simulated share lies within 4.5 standard errors of the exact chance (fixed seeds make
    the tests deterministic; the margin keeps them honest for any seed)."""
    games = result.games or 0
    for p, share in zip(expected, result.win):
        assert abs(share - p) <= 4.5 * math.sqrt(p * (1 - p) / games) + 1e-12


def test_three_players_from_the_start() -> None:
    assert win_probabilities([3, 3, 3], roller=0) == pytest.approx(
        [0.306843, 0.328019, 0.365138], abs=1e-6
    )


def test_five_players_from_the_start() -> None:
    assert win_probabilities([3] * 5, roller=0) == pytest.approx(
        [0.193707, 0.193808, 0.199938, 0.206322, 0.206225], abs=1e-6
    )


def test_the_seat_after_the_first_roller_is_favoured_with_three_players() -> None:
    """Rotating the table rotates the odds: seat 3 is favoured whoever starts."""
    first = win_probabilities([3, 3, 3], roller=0)
    assert win_probabilities([3, 3, 3], roller=1) == pytest.approx(first[-1:] + first[:-1])
    assert max(range(3), key=first.__getitem__) == 2


def test_agrees_with_the_vectorised_simulation() -> None:
    games = 50_000
    sim = simulate_standard(4, games, seed=7)
    exact = win_probabilities([3] * 4, roller=0)
    for wins, p in zip(sim.wins, exact):
        assert abs(wins / games - p) < 4.5 * math.sqrt(p * (1 - p) / games)
    assert sim.mean_turns == pytest.approx(expected_turns([3] * 4, roller=0), rel=0.02)


def test_a_mid_game_position_agrees_with_the_rules_engine() -> None:
    """Ben has no chips, so Cat rolls; the engine's random games agree with the exact answer."""
    settings = Settings.create(["Ann", "Ben", "Cat", "Dan"])
    state = GameState(chips=(2, 0, 4, 1), center=5, turn=1)
    exact = odds(settings, state)
    sim = odds(settings, state, method="simulation", games=4000, seed=3)
    assert exact.method == "exact" and sim.method == "simulation"
    assert_close(exact.win, sim)
    low, high = sim.turns_ci95 or (0, 0)
    assert abs(exact.expected_turns - sim.expected_turns) <= (high - low) / 2 * 4.5 / 1.96


def test_a_won_game_needs_no_more_rolls() -> None:
    assert win_probabilities([0, 4, 0], roller=2) == (0.0, 1.0, 0.0)
    assert expected_turns([0, 4, 0], roller=2) == 0.0


def test_one_chip_each_worked_by_hand() -> None:
    """Two single chips at three seats. A = (1, 1, 0) and B = (1, 0, 1), seen from the roller,
    with win vectors a and b. From A: a dot (1/2) leads to B seen from seat 1; L or C (1/3) and
    seat 1 has won; R (1/6) leads to A seen from seat 1. From B: a dot (1/2) skips the empty seat
    to A seen from seat 2; L (1/6) leads to A seen from seat 1; R or C (1/3) and seat 2 has won.
    Solving those six equations by hand gives a = (35, 59, 17) / 111, b = (97, 43, 193) / 333,
    which the solve of two levels holds to two tolerances."""
    within = 2 * tolerance(3)
    assert win_probabilities([1, 1, 0], roller=0) == pytest.approx(
        [35 / 111, 59 / 111, 17 / 111], abs=within
    )
    assert win_probabilities([1, 0, 1], roller=0) == pytest.approx(
        [97 / 333, 43 / 333, 193 / 333], abs=within
    )


@pytest.mark.parametrize(
    ("chips", "roller", "message"),
    [
        ([3, 3], 0, "at least 3 players"),
        ([3, -1, 3], 0, "negative"),
        ([0, 0, 0], 0, "nobody holds a chip"),
        ([3, 3, 3], 5, "seat 5"),
    ],
)
def test_impossible_positions_are_user_errors(chips: list[int], roller: int, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        win_probabilities(chips, roller)


def test_last_chip_wins_with_one_chip_left() -> None:
    """Ann holds the last chip: a C wins it for whoever holds it, L and R pass it on. By symmetry
    the holder wins 1/2 and each neighbour 1/4."""
    settings = Settings.create(["Ann", "Ben", "Cat"], variants=Variants(last_chip_wins=True))
    result = odds(settings, GameState(chips=(1, 0, 0), center=8), games=4000, seed=1)
    assert result.method == "simulation"
    assert_close((0.5, 0.25, 0.25), result)


def test_dot_to_win_with_one_chip_left() -> None:
    """The sole holder must roll a dot to win: a = 1/2 + b/3 and b = a/6 + b/6 give the holder
    15/28, each neighbour 3/28, and a C ends it in a draw 1/4 of the time."""
    settings = Settings.create(["Ann", "Ben", "Cat"], variants=Variants(dot_to_win=True))
    result = odds(settings, GameState(chips=(1, 0, 0), center=8), games=4000, seed=2)
    assert_close((15 / 28, 3 / 28, 3 / 28), result)
    assert result.draw == pytest.approx(0.25, abs=0.03)


def test_simulation_json_is_labelled() -> None:
    settings = Settings.create(["Ann", "Ben", "Cat"], variants=Variants(wild=True))
    data = odds(settings, GameState(chips=(3, 3, 3)), games=300).to_dict()
    assert data["method"] == "simulation" and data["games"] == 300
    assert len(data["ci95"]["win"]) == 3 and data["ci95"]["expected_turns"][0] > 0
    assert sum(data["win"]) + data["draw"] == pytest.approx(1.0)


def test_exact_json_holds_win_expected_turns_and_method() -> None:
    data = Odds((0.5, 0.5, 0.0), 3.0).to_dict()
    assert data == {"win": [0.5, 0.5, 0.0], "expected_turns": 3.0, "method": "exact"}


def test_solve_times_are_reported_per_player_count() -> None:
    times = solve_times(players=(3, 4))
    assert set(times) == {3, 4} and all(0 < t < 10 for t in times.values())


def test_big_levels_are_solved_once_and_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Levels go to the store once solved and come back equal; a damaged file is solved again."""
    monkeypatch.setenv("LCR_VISION_CACHE", str(tmp_path))
    monkeypatch.setattr(store, "MIN_STATES", 20)
    solved_level.cache_clear()
    try:
        first = win_probabilities([3] * 4, roller=0)
        files = sorted((tmp_path / "odds").glob("*.npy"))
        assert files and store.path(4, 12) in files
        solved_level.cache_clear()
        assert win_probabilities([3] * 4, roller=0) == pytest.approx(first, abs=1e-7)
        store.path(4, 12).write_bytes(b"not an array")
        solved_level.cache_clear()
        assert win_probabilities([3] * 4, roller=0) == pytest.approx(first, abs=1e-7)
    finally:
        solved_level.cache_clear()


def cold_solve_of_four(monkeypatch: pytest.MonkeyPatch, stored: bool
                       ) -> tuple[list[tuple[int, bool]], list[int]]:
    """Solve 4 players of 3 chips from nothing in memory: each level solved, in order, and
    whether it came sketched ahead; and each level sketched ahead."""
    solves: list[tuple[int, bool]] = []
    sketched: list[int] = []
    solve, ahead = exact._solve, exact._sketched

    def counted(level: Level, lower: dict[int, exact.SolvedLevel],
                sketches: list[BlockSketch] | None = None) -> np.ndarray:
        solves.append((level.chips, sketches is not None))
        return solve(level, lower, sketches)

    def made(players: int, chips: int, lower: dict[int, Level]
             ) -> tuple[Level, list[BlockSketch]]:
        sketched.append(chips)
        return ahead(players, chips, lower)

    monkeypatch.setattr(exact, "_solve", counted)
    monkeypatch.setattr(exact, "_sketched", made)
    solved_level.cache_clear()
    try:
        exact_values(Position.of((3,) * 4, roller=0), stored=stored)
    finally:
        solved_level.cache_clear()
    return solves, sketched


@pytest.mark.parametrize("stored", [False, True])
def test_a_cold_solve_solves_each_level_once(
    stored: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From the start, with nothing in memory or on disk, every level is solved once, with the
    store or without it (the bench times it without): two spellings of a call solved each twice."""
    monkeypatch.setenv("LCR_VISION_CACHE", str(tmp_path))
    solves, _ = cold_solve_of_four(monkeypatch, stored)
    assert sorted(chips for chips, _ in solves) == list(range(1, 13))


def test_each_level_above_the_first_is_sketched_while_the_one_below_solves(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cold solve builds and sketches every level but the first in the look-ahead thread, and
    sketches none past the chips asked for."""
    solves, sketched = cold_solve_of_four(monkeypatch, stored=False)
    assert solves == [(1, False), *((c, True) for c in range(2, 13))]
    assert sorted(sketched) == list(range(2, 13))


def test_exact_up_to_eight_players_with_three_chips_each() -> None:
    def start(players: int, chips: int = 3) -> tuple[Settings, GameState]:
        table = Settings.create([f"P{i}" for i in range(players)])
        return table, GameState(chips=(chips,) * players)

    assert solves_exactly(*start(8))
    assert not solves_exactly(*start(9))
    with pytest.raises(OddsMethodError, match="70,607,460 states, past the 8,000,000"):
        solves_exactly(*start(9), method="exact")  # refused before any work, not hours on
    assert solves_exactly(*start(7, chips=2), method="exact")
    assert not solves_exactly(*start(3), method="simulation")
    assert solves_exactly(*start(12, chips=1))


def test_a_cold_solve_gives_the_published_figures() -> None:
    """Nothing in memory or on disk: every level of 6 players is solved again and the start
    gives the figures this solver has always given."""
    solved_level.cache_clear()
    try:
        values = exact_values(Position.of((3,) * 6, roller=0), stored=False)
    finally:
        solved_level.cache_clear()
    assert values[:-1] == pytest.approx(
        [0.162118, 0.160989, 0.164404, 0.169400, 0.172619, 0.170470], abs=1e-6
    )
    assert values[-1] == pytest.approx(50.063357, abs=1e-5)


def test_two_threads_solving_at_once_agree_with_one() -> None:
    """The solver's working buffers are each thread's own: two tables solved at once, each level
    afresh, come out as each does alone."""
    from concurrent.futures import ThreadPoolExecutor

    import numpy as np

    from lcr_vision.odds.exact import exact_values, solved_level
    from lcr_vision.odds.position import Position

    positions = [Position.of((3, 3, 3, 3, 3), 0), Position.of((2, 3, 3, 2, 2, 1), 2)]
    alone = [exact_values(p, stored=False) for p in positions]
    for _ in range(2):
        solved_level.cache_clear()
        with ThreadPoolExecutor(2) as pool:
            together = list(pool.map(lambda p: exact_values(p, stored=False), positions))
        for got, want in zip(together, alone):
            np.testing.assert_array_equal(got, want)


def test_a_solve_asks_for_small_pages_and_puts_numpy_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """During a solve numpy's big arrays take ordinary pages, also while another thread's solve
    is still under way; after the last one, numpy asks for huge pages again as before, even when
    the solve fails."""
    import numpy as np

    from lcr_vision.odds.scratch import small_pages

    huge = np._core.multiarray._get_madvise_hugepage
    before = huge()
    with small_pages():
        assert not huge()
        with small_pages():
            assert not huge()
        assert not huge()
    assert huge() == before
    with pytest.raises(RuntimeError), small_pages():
        raise RuntimeError("a solve that fails")
    assert huge() == before
    seen = []

    def watched(players: int, chips: int, *, stored: bool) -> exact.SolvedLevel:
        seen.append(huge())
        return solved_level(players, chips, stored=stored)

    monkeypatch.setattr(exact, "solved_level", watched)
    exact.exact_values(Position.of((3, 3, 3), 0), stored=False)
    assert seen and not any(seen) and huge() == before


def _dense_reference(chips: tuple[int, ...]) -> dict[tuple[tuple[int, ...], int], np.ndarray]:
    """Every seat's win chance and the turns from every position with the chips of ``chips``
    in play or fewer, by one dense linear solve over all of them: slow, and plainly the rules."""
    n, total = len(chips), sum(chips)
    tables = [t for t in itertools.product(range(total + 1), repeat=n) if 0 < sum(t) <= total]
    states = [(t, r) for t in tables for r in range(n) if t[r] and sum(map(bool, t)) > 1]
    number = {s: i for i, s in enumerate(states)}
    step, known = np.eye(len(states)), np.zeros((len(states), n + 1))
    for i, (table, roller) in enumerate(states):
        known[i, n] = 1.0
        for o in roll_outcomes(min(table[roller], 3)):
            after = list(table)
            after[roller] -= o.moved
            after[(roller + 1) % n] += o.left
            after[roller - 1] += o.right
            if sum(map(bool, after)) == 1:  # the last holder has won
                known[i, after.index(max(after))] += o.chance
                continue
            nxt = next(s % n for s in range(roller + 1, roller + n + 1) if after[s % n])
            step[i, number[tuple(after), nxt]] -= o.chance
    solved = np.linalg.solve(step, known)
    return {s: solved[i] for s, i in number.items()}


def test_stored_levels_agree_with_a_dense_solve_and_keep_few_bytes_a_state(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every level of 4 players with 3 chips each, stored and read back, is within the budget of
    one dense solve of the whole game (the turns within `TURNS_UNIT` budgets); a level takes
    `store.BYTES` per win chance it keeps, players - 1 of them, and 4 for the turns per state
    (the file's header aside), which puts 8 players' levels at 25 bytes a state."""
    monkeypatch.setenv("LCR_VISION_CACHE", str(tmp_path))
    monkeypatch.setattr(store, "MIN_STATES", 1)
    start = (3, 3, 3, 3)
    solved_level.cache_clear()
    try:
        exact_values(Position.of(start, 0))
        solved_level.cache_clear()  # from here on, every answer is read from the store
        for (table, roller), want in _dense_reference(start).items():
            got = exact_values(Position.of(table, roller))
            np.testing.assert_allclose(got[:-1], want[:-1], rtol=0, atol=BUDGET)
            assert got[-1] == pytest.approx(want[-1], abs=TURNS_UNIT * BUDGET)
    finally:
        solved_level.cache_clear()
    for chips in range(2, 13):
        states = math.comb(chips + 2, 3)
        size = store.path(4, chips).stat().st_size
        assert states * (3 * store.BYTES + 4) <= size <= states * (3 * store.BYTES + 4) + 128


def test_a_stored_level_reads_back_within_half_a_step() -> None:
    """The store rounds a win chance to the nearest `store.STEP` (0 and 1 exactly, the last seat's
    from the others') and keeps the turns in single precision."""
    rng = np.random.default_rng(5)
    wins = rng.dirichlet(np.ones(8), size=1000)
    wins[0] = np.eye(8)[0]  # a finished game
    values = np.column_stack([wins, rng.uniform(0, 200, 1000)])
    values[0, -1] = 0.0
    back = store.decode(store.encode(values))
    assert np.abs(back[:, :-2] - values[:, :-2]).max() <= store.STEP / 2
    assert np.abs(back[:, -2] - values[:, -2]).max() <= 7 * store.STEP / 2
    np.testing.assert_allclose(back[:, -1], values[:, -1], rtol=2.0**-24, atol=0)
    np.testing.assert_array_equal(back[0], values[0])
