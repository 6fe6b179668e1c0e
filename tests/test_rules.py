"""Worked examples for every rule and variant of docs/rules.md."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from lcr_vision.faces import FaceMap
from lcr_vision.phrases.written import describe_roll
from lcr_vision.rules import (
    AllToCenter,
    Decision,
    Draw,
    FaceCountError,
    GameOverError,
    GameState,
    Give,
    IllegalChoiceError,
    IllegalFaceError,
    Pass,
    PayToReverse,
    Series,
    Settings,
    SettingsError,
    Skip,
    Take,
    TakeCenter,
    ToCenter,
    Variants,
    Win,
    play_roll,
)

ABCD = ("A", "B", "C", "D")


def at(chips: tuple[int, ...], turn: int = 0, center: int = 0) -> GameState:
    """A game in progress with the given chips, ``turn`` to roll."""
    return GameState(chips=chips, center=center, turn=turn)


def settings(*variants: str, players: tuple[str, ...] = ABCD, **kw) -> Settings:
    return Settings.create(players, variants=Variants.parse(variants), **kw)


def test_seed_003_worked_turns() -> None:
    s = settings()
    first = play_roll(s, GameState.start(s.stakes), ("L", "R", "dot"))
    assert (first.after.chips, first.after.center) == ((1, 4, 3, 4), 0)
    second = play_roll(s, first.after, ("C", "C", "dot"))
    assert second.player == 1, "B rolls next, with 4 chips but 3 dice"
    assert (second.after.chips, second.after.center) == ((1, 2, 3, 4), 2)
    assert second.after.total == 12


def test_seed_002_five_chips_left_center_dot_leaves_three() -> None:
    s = settings()
    r = play_roll(s, at((5, 3, 3, 3)), ("4", "5", "2"))
    assert r.game_faces == ("L", "C", "dot")
    assert r.after.chips[0] == 3 and r.after.chips[1] == 4 and r.after.center == 1


@pytest.mark.parametrize(("held", "dice"), [(1, 1), (2, 2), (3, 3), (4, 3), (9, 3)])
def test_dice_owed_is_chips_capped_at_three(held: int, dice: int) -> None:
    assert at((held, 1, 1)).dice_owed == dice


def test_left_is_next_seat_right_is_previous_with_wrapping() -> None:
    r = play_roll(settings(), at((3, 3, 3, 3), turn=3), ("L", "R", "dot"))
    assert r.moves == (Pass(3, 0), Pass(3, 2))


def test_empty_handed_player_is_skipped_and_stays_in_the_circle() -> None:
    s = settings()
    r = play_roll(s, at((3, 0, 2, 1)), ("dot", "dot", "dot"))
    assert r.moves == (Skip(1),) and r.after.turn == 2
    # C passes right to B, who rolls one die when the turn comes round, not at once.
    r = play_roll(s, r.after, ("R", "dot"))
    assert r.after.chips == (3, 1, 1, 1) and r.after.turn == 3
    r = play_roll(s, r.after, ("dot",))
    r = play_roll(s, r.after, ("dot", "dot", "dot"))
    assert r.after.turn == 1 and r.after.dice_owed == 1


def test_last_holder_wins_at_once_and_does_not_roll_again() -> None:
    s = settings()
    r = play_roll(s, at((1, 0, 4, 0), center=7), ("C",))
    assert r.moves == (ToCenter(0), Win(2))
    assert r.after.winner == 2 and r.after.over and r.after.dice_owed == 0
    with pytest.raises(GameOverError):
        play_roll(s, r.after, ("dot",))


def test_wrong_number_of_faces_is_refused_with_a_clear_message() -> None:
    s = settings(players=("Ann", "Ben", "Cat"))
    with pytest.raises(FaceCountError, match="Ann rolls 3 dice, got 2 faces"):
        play_roll(s, GameState.start(s.stakes), ("L", "R"))
    with pytest.raises(FaceCountError, match="Ann rolls 1 die, got 3 faces"):
        play_roll(s, at((1, 3, 3)), ("L", "R", "C"))


def test_wild_face_without_the_wild_variant_is_refused() -> None:
    with pytest.raises(IllegalFaceError, match="Wild variant is off"):
        play_roll(settings(), at((3, 3, 3, 3)), ("wild", "dot", "dot"))
    with pytest.raises(IllegalFaceError, match="unknown face '7'"):
        play_roll(settings(), at((3, 3, 3, 3)), ("7", "dot", "dot"))


def test_face_map_default_custom_and_wild() -> None:
    assert play_roll(settings(), at((3, 3, 3, 3)), ("1", "2", "3")).moves == ()
    assert play_roll(settings("wild"), at((3, 3, 3, 3)), ("1", "2", "3")).game_faces[0] == "wild"
    house = settings(face_map=FaceMap.parse("1=L,2=dot,3=R,4=dot,5=C,6=dot"))
    assert play_roll(house, at((3, 3, 3, 3)), ("1", "3", "5")).moves == (
        Pass(0, 1),
        Pass(0, 3),
        ToCenter(0),
    )


@pytest.mark.parametrize(
    ("players", "stakes", "message"),
    [
        (("Ann", "Ben"), None, "at least 3 players, got 2"),
        (tuple(f"P{i}" for i in range(21)), None, "at most 20 players"),
        (("Ann", "Ben", "ann"), None, "must differ"),
        (("Ann", "Ben", "Cat"), (3, 0, 3), "Ben must start with 1 to 20 chips, not 0"),
        (("Ann", "Ben", "Cat"), (3, 3, 21), "Cat must start with 1 to 20 chips, not 21"),
        (("A" * 41, "Ben", "Cat"), None, "is over 40 characters"),
        (("Ann\x1b[2J", "Ben", "Cat"), None, "holds a line break or control character"),
        (("Ann", "Ben", "Cat"), (3, 3), "3 players need 3 stakes"),
    ],
)
def test_impossible_tables_are_refused(players, stakes, message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings.create(players, stakes=stakes)


def test_variant_names_and_clashes() -> None:
    assert Variants.parse(["Last-Chip-Wins"]).names == ("last-chip-wins",)
    with pytest.raises(SettingsError, match="unknown variant 'wildest'"):
        Variants.parse(["wildest"])
    with pytest.raises(SettingsError, match="Wilder variant is played with Wild"):
        Variants.parse(["wilder"])
    with pytest.raises(SettingsError, match="pick one"):
        Variants.parse(["last-chip-wins", "dot-to-win"])
    with pytest.raises(SettingsError, match="wild face but the Wild variant is off"):
        settings(face_map=FaceMap.default(wild=True))


def test_settings_survive_their_json_form() -> None:
    s = settings("wild", "wilder", stakes=(5, 1, 2, 3), chip_value=Decimal("0.25"), policy="left")
    assert Settings.from_dict(s.to_dict()) == s
    with pytest.raises(SettingsError, match="malformed settings"):
        Settings.from_dict({"players": ["A", "B", "C"]})


# --- Wild -------------------------------------------------------------------------------------


def test_one_wild_takes_from_the_richest_opponent_ties_to_the_left() -> None:
    r = play_roll(settings("wild"), at((3, 2, 4, 4)), ("wild", "dot", "dot"))
    assert r.moves == (Take(0, 2),) and r.after.chips == (4, 2, 3, 4)


def test_two_wilds_take_two_from_one_or_one_each_from_two() -> None:
    s = settings("wild")
    assert play_roll(s, at((3, 1, 1, 5)), ("1", "1", "2")).after.chips == (5, 1, 1, 3)
    one_each = play_roll(s, at((3, 1, 1, 5)), ("1", "1", "2"), Decision(targets=(1, 2)))
    assert one_each.moves[:2] == (Take(0, 1), Take(0, 2))
    assert one_each.after.chips == (5, 0, 0, 5)


def test_wilds_resolve_after_the_other_dice_and_only_from_holders() -> None:
    s = settings("wild")
    # B has nothing before the roll; A's L gives B a chip, which A's wild may then take back.
    r = play_roll(s, at((2, 0, 1, 0)), ("L", "wild"), Decision(targets=(1,)))
    assert r.moves[:2] == (Pass(0, 1), Take(0, 1))
    with pytest.raises(IllegalChoiceError, match="D has 0 chips to take"):
        play_roll(s, at((2, 0, 1, 0)), ("L", "wild"), Decision(targets=(3,)))
    with pytest.raises(IllegalChoiceError, match="C has 1 chip to take"):
        play_roll(s, at((3, 0, 1, 1)), ("wild", "wild", "dot"), Decision(targets=(2, 2)))
    with pytest.raises(IllegalChoiceError, match="must be an opponent"):
        play_roll(s, at((3, 1, 1, 1)), ("wild", "dot", "dot"), Decision(targets=(0,)))
    with pytest.raises(IllegalChoiceError, match="no wild choice"):
        play_roll(s, at((3, 1, 1, 1)), ("L", "dot", "dot"), Decision(targets=(1,)))


def test_wild_takes_only_what_opponents_hold() -> None:
    r = play_roll(settings("wild"), at((3, 1, 0, 0)), ("wild", "wild", "dot"))
    assert r.moves == (Take(0, 1), Win(0))


def test_three_wilds_take_the_center_and_win_at_once() -> None:
    r = play_roll(settings("wild"), at((3, 3, 3, 3), center=5), ("wild",) * 3)
    assert r.moves == (TakeCenter(0, 5), Win(0))
    assert r.after.chips == (8, 3, 3, 3) and r.after.center == 0 and r.after.winner == 0


# --- Wilder -----------------------------------------------------------------------------------


def test_wilder_reverses_the_dice_after_paying_three() -> None:
    s = settings("wild", "wilder")
    r = play_roll(s, at((4, 2, 1, 0)), ("L", "R", "C"), Decision(reverse=True))
    assert r.moves == (PayToReverse(0), Take(0, 1), TakeCenter(0, 1))
    assert r.after.chips == (3, 1, 1, 0) and r.after.center == 2, "D had nothing for the R"


def test_wilder_dice_count_is_fixed_before_paying() -> None:
    s = settings("wild", "wilder")
    r = play_roll(s, at((3, 1, 1, 1)), ("L", "L", "dot"), Decision(reverse=True))
    assert r.after.chips == (1, 0, 1, 1) and r.after.center == 3


def test_wilder_reversed_wilds_give_and_three_send_everything_to_the_center() -> None:
    s = settings("wild", "wilder")
    gives = play_roll(s, at((5, 1, 4, 2)), ("wild", "wild", "dot"), Decision(reverse=True))
    assert gives.moves == (PayToReverse(0), Give(0, 1), Give(0, 1)), "both to the poorest"
    chosen = Decision(reverse=True, targets=(2, 2))
    assert play_roll(s, at((5, 1, 4, 2)), ("1", "1", "3"), chosen).after.chips == (0, 1, 6, 2)
    sent = play_roll(s, at((5, 1, 4, 2)), ("wild",) * 3, Decision(reverse=True))
    assert sent.moves == (PayToReverse(0), AllToCenter(0, 2))
    assert sent.after.chips == (0, 1, 4, 2) and sent.after.center == 5 and not sent.after.over


def test_paying_for_wilder_needs_the_variant_and_three_chips() -> None:
    with pytest.raises(IllegalChoiceError, match="needs the Wilder variant"):
        play_roll(settings("wild"), at((3, 3, 3, 3)), ("dot",) * 3, Decision(reverse=True))
    with pytest.raises(IllegalChoiceError, match="A needs 3 chips to pay for Wilder, has 2"):
        play_roll(settings("wild", "wilder"), at((2, 3, 3, 3)), ("dot",) * 2, Decision(True))


# --- Last Chip Wins and Dot to Win ------------------------------------------------------------


def test_last_chip_wins_plays_on_until_a_c_empties_the_table() -> None:
    s = settings("last-chip-wins")
    r = play_roll(s, at((1, 0, 2, 0), center=9), ("C",))
    assert r.moves == (ToCenter(0), Skip(1)) and r.after.turn == 2, "C holds all, plays on"
    r = play_roll(s, r.after, ("C", "dot"))
    assert r.moves == (ToCenter(2), Skip(3), Skip(0), Skip(1)) and r.after.turn == 2
    r = play_roll(s, r.after, ("C",))
    assert r.moves == (ToCenter(2), Win(2)) and r.after.center == 12


def test_dot_to_win_sole_holder_must_roll_all_dots() -> None:
    s = settings("dot-to-win")
    sole = at((0, 0, 2, 0), turn=2, center=10)
    assert play_roll(s, sole, ("dot", "3")).moves == (Win(2),)
    passes = play_roll(s, sole, ("L", "dot"))
    assert not passes.after.over and passes.after.turn == 3
    keeps = play_roll(s, sole, ("C", "dot"))
    assert not keeps.after.over and keeps.after.turn == 2
    lost = play_roll(s, sole, ("C", "C"))
    assert lost.moves == (ToCenter(2), ToCenter(2), Draw(12)) and lost.after.draw


def test_dot_to_win_does_not_end_the_game_with_one_holder() -> None:
    r = play_roll(settings("dot-to-win"), at((1, 0, 2, 0), center=9), ("R",))
    assert r.after.chips == (0, 0, 2, 1) and not r.after.over


# --- Series, stakes and money ----------------------------------------------------------------


def test_first_thrower_moves_left_each_game_and_wins_are_kept() -> None:
    s = Settings.create(("Ann", "Ben", "Cat"), stakes=(1, 1, 1))
    series = Series.start(s)
    firsts = []
    for _ in range(4):
        firsts.append(series.game.turn)
        game = series.game.game
        while series.game.game == game:
            _, series = series.play(("C",) * series.game.dice_owed)
    assert firsts == [0, 1, 2, 0]
    assert [g.first for g in series.finished] == firsts
    assert sum(series.wins) == 4


def test_a_drawn_pot_carries_over_and_the_next_winner_takes_it() -> None:
    s = Settings.create(
        ("Ann", "Ben", "Cat"), variants=Variants(dot_to_win=True), chip_value=Decimal("0.25")
    )
    series = Series(s, at((0, 0, 1), turn=2, center=8))
    result, series = series.play(("C",))
    assert result.after.draw and series.carried == 9
    assert series.game.center == 9 and series.game.chips == (3, 3, 3) and series.game.first == 1
    assert series.net_chips == (-3, -3, -3) and series.money == (Decimal("-0.75"),) * 3
    series = replace(series, game=replace(series.game, chips=(0, 3, 0), center=15, turn=1))
    result, series = series.play(("dot", "dot", "dot"))
    assert result.moves == (Win(1),)
    assert series.net_chips == (-6, 12, -6) and sum(series.net_chips) == 0
    assert series.wins == (0, 1, 0)


def test_choose_your_stakes_starts_each_player_with_their_ante() -> None:
    s = Settings.create(("Ann", "Ben", "Cat"), stakes=(8, 1, 2))
    game = Series.start(s).game
    assert game.chips == (8, 1, 2) and game.total == 11 and game.dice_owed == 3


def test_describe_roll_words_every_kind_of_move() -> None:
    s = settings("wild", "wilder", players=("Ann", "Ben", "Cat", "Dan"))
    chosen = Decision(reverse=True, targets=(2, 2))
    r = play_roll(s, at((5, 1, 0, 2)), ("L", "wild", "wild"), chosen)
    assert describe_roll(r, s.players) == (
        "Ann pays three chips into the center to reverse the dice, takes one chip from Ben and "
        "gives two chips to Cat; Ann has one chip left. Ben has no chips and is skipped."
    )
    r = play_roll(s, at((3, 0, 0, 2), center=4), ("wild",) * 3)
    assert describe_roll(r, s.players) == (
        "Ann takes four chips from the center; Ann has seven chips left. Ann wins game 1!"
    )
    r = play_roll(s, at((3, 3, 3, 3)), ("L", "R", "C"))
    assert describe_roll(r, s.players) == (
        "Ann passes one chip left to Ben, one right to Dan and one to the center; "
        "Ann has no chips left."
    )
    r = play_roll(s, at((3, 3, 3, 3)), ("C", "C", "dot"))
    assert describe_roll(r, s.players).startswith("Ann puts two chips in the center;")
    r = play_roll(s, at((1, 0, 2, 0)), ("R",))
    assert describe_roll(r, s.players) == (
        "Ann passes one chip right to Dan; Ann has no chips left. Ben has no chips and is skipped."
    )
