"""Properties of random games: chips are conserved and never negative, the moves account for every
chip, the player to roll always holds chips, and games end."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from lcr_vision.faces import PIP_FACES
from lcr_vision.random_games import play_random_game
from lcr_vision.rules import (
    AllToCenter,
    Decision,
    Draw,
    GameState,
    Give,
    IllegalChoiceError,
    Move,
    Pass,
    PayToReverse,
    Series,
    Settings,
    Skip,
    Take,
    TakeCenter,
    ToCenter,
    Variants,
    Win,
    legal_choices,
    play_roll,
)


@st.composite
def tables(draw: st.DrawFn) -> Settings:
    """Any legal table: 3-7 players, their own stakes, any combination of variants."""
    n = draw(st.integers(3, 7))
    wild = draw(st.booleans())
    ending = draw(st.sampled_from(["standard", "last_chip_wins", "dot_to_win"]))
    variants = Variants(
        wild=wild,
        wilder=wild and draw(st.booleans()),
        last_chip_wins=ending == "last_chip_wins",
        dot_to_win=ending == "dot_to_win",
    )
    stakes = draw(st.lists(st.integers(1, 6), min_size=n, max_size=n))
    policy = draw(st.sampled_from(["richest", "left"]))
    return Settings.create([f"P{i}" for i in range(n)], stakes, variants, policy=policy)


def faces_of(s: Settings) -> list[str]:
    """Every token a roll may hold under these settings."""
    return list(PIP_FACES) + ["L", "C", "R", "dot"] + (["wild"] if s.variants.wild else [])


def apply_moves(moves: tuple[Move, ...], chips: list[int], center: int) -> tuple[list[int], int]:
    """An independent reading of the moves: what they say happened to the chips."""
    for m in moves:
        if isinstance(m, Pass):
            chips[m.giver] -= 1
            chips[m.receiver] += 1
        elif isinstance(m, Take):
            chips[m.victim] -= 1
            chips[m.taker] += 1
        elif isinstance(m, Give):
            chips[m.giver] -= 1
            chips[m.receiver] += 1
        elif isinstance(m, ToCenter):
            chips[m.player] -= 1
            center += 1
        elif isinstance(m, (TakeCenter, AllToCenter)):
            sign = 1 if isinstance(m, TakeCenter) else -1
            chips[m.player] += sign * m.chips
            center -= sign * m.chips
        elif isinstance(m, PayToReverse):
            chips[m.player] -= 3
            center += 3
        else:
            assert isinstance(m, (Skip, Win, Draw))
    return chips, center


@settings(max_examples=150, deadline=None)
@given(tables(), st.data())
def test_random_rolls_conserve_chips_and_moves_account_for_them(s: Settings, data) -> None:
    series = Series.start(s)
    for _ in range(40):
        game = series.game
        assert game.chips[game.turn] > 0, "the player to roll always holds chips"
        assert game.total == sum(s.stakes) + series.carried
        owed = game.dice_owed
        faces = data.draw(st.lists(st.sampled_from(faces_of(s)), min_size=owed, max_size=owed))
        reverse = s.variants.wilder and game.chips[game.turn] >= 3 and data.draw(st.booleans())
        result, series = series.play(faces, Decision(reverse=reverse))
        after = result.after
        assert min(after.chips) >= 0 and after.center >= 0
        assert after.total == game.total
        chips, center = apply_moves(result.moves, list(game.chips), game.center)
        assert (tuple(chips), center) == (after.chips, after.center)
        assert after.over == any(isinstance(m, (Win, Draw)) for m in result.moves)


@settings(max_examples=60, deadline=None)
@given(tables(), st.integers(0, 2**32))
def test_random_games_end(s: Settings, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(3):
        end = play_random_game(s, rng)
        assert end.over and end.rolls < 20_000
        assert (end.winner is None) == end.draw


@given(st.lists(st.integers(0, 6), min_size=3, max_size=6), st.data())
def test_the_rules_accept_exactly_the_choices_they_call_legal(chips: list[int],
                                                              data: st.DataObject) -> None:
    assume(sum(c > 0 for c in chips) >= 2)  # one holder only: the game is over
    s = Settings.create([f"P{i}" for i in range(len(chips))], variants=Variants(wild=True,
                                                                               wilder=True))
    state = replace(GameState.start(s.stakes), chips=tuple(chips),
                    turn=next(i for i, c in enumerate(chips) if c))
    if state.over:
        return
    faces = tuple(data.draw(st.lists(st.sampled_from(["L", "C", "R", "dot", "wild"]),
                                     min_size=state.dice_owed, max_size=state.dice_owed)))
    legal = legal_choices(s, state, faces)
    try:
        play_roll(s, state, faces, Decision(reverse=True))
        assert legal.reverse
    except IllegalChoiceError:
        assert not legal.reverse
    richest = max((i for i in range(len(chips)) if i != state.turn), key=chips.__getitem__)
    targets = (richest,) * max(legal.wild_chips, 1)
    try:
        play_roll(s, state, faces, Decision(targets=targets))
        assert legal.wild_chips
    except IllegalChoiceError as exc:
        assert not legal.wild_chips or "has" in str(exc)  # or the target has too few chips
