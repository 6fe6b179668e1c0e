"""Settling a late correction: the compensating transfers and what they do to a series."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lcr_vision.rules import (
    GameState,
    Series,
    Settings,
    SettleError,
    Transfer,
    Variants,
    compensation,
    play_roll,
    settle,
)


@st.composite
def two_tables(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Two spreads of the same chips over 3-8 seats and the center (the last place)."""
    places = draw(st.integers(4, 9))
    before = draw(st.lists(st.integers(0, 12), min_size=places, max_size=places))
    after = [0] * places
    for _ in range(sum(before)):
        after[draw(st.integers(0, places - 1))] += 1
    return tuple(before), tuple(after)


def applied(before: tuple[int, ...], transfers: tuple[Transfer, ...]) -> tuple[int, ...]:
    counts = list(before)
    center = len(counts) - 1
    for t in transfers:
        counts[center if t.giver is None else t.giver] -= t.chips
        counts[center if t.receiver is None else t.receiver] += t.chips
        assert min(counts) >= 0, "a transfer gave chips its giver did not hold"
    return tuple(counts)


@settings(max_examples=300, deadline=None)
@given(two_tables())
def test_the_transfers_turn_one_table_into_the_other_and_nobody_gives_and_receives(
        tables: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
    before, after = tables
    transfers = compensation(before, after)
    assert applied(before, transfers) == after
    givers = {t.giver for t in transfers}
    receivers = {t.receiver for t in transfers}
    assert not givers & receivers
    assert all(t.chips > 0 and t.giver != t.receiver for t in transfers)
    changed = sum(b != a for b, a in zip(before, after))
    assert len(transfers) <= max(changed - 1, 0)
    assert sum(t.chips for t in transfers) == sum(max(b - a, 0) for b, a in zip(before, after))


def test_equal_losses_and_gains_are_paired_one_move_each() -> None:
    # Greedy seat order alone would make three moves (0->1, 0->3, 2->3); two suffice.
    assert compensation((2, 1, 0, 3, 0), (0, 0, 1, 5, 0)) == (
        Transfer(0, 3, 2), Transfer(1, 2, 1))


def test_tables_with_other_totals_are_refused() -> None:
    try:
        compensation((1, 1, 0), (1, 1, 1))
    except ValueError as exc:
        assert "cannot be reached" in str(exc)
    else:
        raise AssertionError("different totals were accepted")


THREE = Settings.create(["Ann", "Ben", "Cat"])


def test_a_settlement_in_the_game_in_progress_moves_table_chips_and_passes_an_empty_turn() -> None:
    start = GameState.start(THREE.stakes)
    made = play_roll(THREE, start, ("L", "L", "L")).after  # read: Ann passes all three to Ben
    right = play_roll(THREE, start, ("L", "dot", "dot")).after
    series = Series(THREE, GameState((1, 4, 4), 0, turn=0, rolls=5))  # Ann to roll with one chip
    settlement, settled = settle(series, 1, made, right)
    assert settlement.transfers == (Transfer(1, 0, 2),) and not settlement.finished
    assert settled.game.chips == (3, 2, 4) and settled.game.turn == 0
    assert sum(settled.game.chips) + settled.game.center == 9


def test_the_game_ends_when_a_settlement_leaves_one_holder() -> None:
    start = GameState.start(THREE.stakes)
    made = play_roll(THREE, start, ("dot", "dot", "dot")).after
    now = Series(THREE, GameState((3, 0, 6), 0, turn=2, rolls=7))
    spread = play_roll(THREE, start, ("L", "R", "C")).after  # Ann's chips were all due out
    settlement, settled = settle(now, 1, made, spread)
    assert [(t.giver, t.receiver) for t in settlement.transfers] == [(0, 1), (0, 2), (0, None)]
    assert (settled.game.chips, settled.game.center, settled.finished) == ((0, 1, 7), 1, ())
    _, won = settle(now, 1, made, play_roll(THREE, start, ("R", "R", "R")).after)
    assert won.finished[-1].winner == 2 and won.game.game == 2 and won.wins == (0, 0, 1)


def test_nobody_gives_chips_they_do_not_hold() -> None:
    start = GameState.start(THREE.stakes)
    made = play_roll(THREE, start, ("L", "dot", "dot")).after
    right = play_roll(THREE, start, ("dot", "dot", "dot")).after
    series = Series(THREE, GameState((4, 0, 5), 0, turn=0, rolls=4))  # Ben passed his chips on
    try:
        settle(series, 1, made, right)
    except SettleError as exc:
        assert str(exc) == "settling it, Ben would have to give 1 chip and holds 0"
    else:
        raise AssertionError("Ben gave a chip he does not hold")


def test_a_finished_game_is_settled_in_what_the_players_took_home() -> None:
    series = Series.start(Settings.create(["Ann", "Ben", "Cat"], stakes=(1, 1, 1)))
    start = series.game
    _, series = series.play(["L"])  # read as L: Ann's chip went to Ben
    _, series = series.play(["L", "L"])  # Ben passed both to Cat, who won
    made = play_roll(series.settings, start, ("L",)).after
    right = play_roll(series.settings, start, ("C",)).after  # Ann's chip was due in the center
    settlement, settled = settle(series, 1, made, right)
    # Ben ends a chip down; the center goes to the winner, so Ben owes it to Cat
    assert settlement.finished and settlement.transfers == (Transfer(1, 2, 1),)
    assert settled.net_chips == (-1, -2, 3) and settled.wins == (0, 0, 1)
    assert settled.game == series.game


def test_a_drawn_game_whose_pot_would_change_is_not_settled() -> None:
    dot = Settings.create(["Ann", "Ben", "Cat"], stakes=(1, 1, 1),
                          variants=Variants(dot_to_win=True))
    series = Series.start(dot)
    start = series.game
    for faces in (["C"], ["C"], ["C"]):  # Cat, the last holder, puts the last chip in
        _, series = series.play(faces)
    assert series.finished[-1].draw and series.game.center == 3
    made, right = (play_roll(dot, start, (f,)).after for f in ("C", "dot"))
    try:
        settle(series, 1, made, right)
    except SettleError as exc:
        assert "game 1 was a draw and its pot carried over" in str(exc)
    else:
        raise AssertionError("a carried pot was settled")
