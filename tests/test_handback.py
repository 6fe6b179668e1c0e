"""The chips to move after a correction: the fewest transfers, nobody giving chips they lack."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from lcr_vision.rules import BOX, CENTER, GameState, Transfer, handback
from lcr_vision.rules.handback import compensation


@st.composite
def two_tables(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Two spreads of the same chips over 3-8 seats and the center (the last place)."""
    places = draw(st.integers(4, 9))
    before = draw(st.lists(st.integers(0, 12), min_size=places, max_size=places))
    after = [0] * places
    for _ in range(sum(before)):
        after[draw(st.integers(0, places - 1))] += 1
    return tuple(before), tuple(after)


def applied(before: tuple[int, ...],
            transfers: tuple[tuple[int, int, int], ...]) -> tuple[int, ...]:
    counts = list(before)
    for giver, receiver, chips in transfers:
        counts[giver] -= chips
        counts[receiver] += chips
        assert min(counts) >= 0, "a transfer gave chips its giver did not hold"
    return tuple(counts)


def fewest(before: tuple[int, ...], after: tuple[int, ...]) -> int:
    """The fewest moves by brute force: changed places less the most groups that even out."""
    changes = [a - b for b, a in zip(before, after) if a != b]

    def most(left: tuple[int, ...]) -> int:
        if not left:
            return 0
        first, rest = left[0], left[1:]
        return max(1 + most(tuple(c for i, c in enumerate(rest) if i not in picked))
                   for size in range(len(rest) + 1)
                   for picked in combinations(range(len(rest)), size)
                   if first + sum(rest[i] for i in picked) == 0)

    return len(changes) - most(tuple(changes))


@settings(max_examples=300, deadline=None)
@given(two_tables())
def test_the_transfers_turn_one_table_into_the_other_in_the_fewest_moves(
        tables: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
    before, after = tables
    transfers = compensation(before, after)
    assert applied(before, transfers) == after
    givers = {g for g, _, _ in transfers}
    assert not givers & {r for _, r, _ in transfers}, "nobody both gives and receives"
    assert all(chips > 0 and g != r for g, r, chips in transfers)
    if sum(b != a for b, a in zip(before, after)) <= 7:
        assert len(transfers) == fewest(before, after)


def test_equal_losses_and_gains_are_paired_one_move_each() -> None:
    # Greedy seat order alone would make three moves (0->1, 0->3, 2->3); two suffice.
    assert compensation((2, 1, 0, 3, 0), (0, 0, 1, 5, 0)) == ((0, 3, 2), (1, 2, 1))


def test_tables_with_other_totals_are_refused() -> None:
    try:
        compensation((1, 1, 0), (1, 1, 1))
    except ValueError as exc:
        assert "cannot be reached" in str(exc)
    else:
        raise AssertionError("different totals were accepted")


def test_the_center_and_the_box_are_places_too() -> None:
    table = GameState((0, 4, 2), 3)
    assert handback(table, GameState((2, 4, 3), 0)) == (
        Transfer(CENTER, 0, 2), Transfer(CENTER, 2, 1))
    drawn = GameState((0, 0, 0), 3)  # a draw: the pot carried into a game dealt from the box
    assert handback(drawn, GameState((1, 1, 1), 3)) == (
        Transfer(BOX, 0, 1), Transfer(BOX, 1, 1), Transfer(BOX, 2, 1))
    assert handback(GameState((1, 1, 1), 3), drawn) == (
        Transfer(0, BOX, 1), Transfer(1, BOX, 1), Transfer(2, BOX, 1))
