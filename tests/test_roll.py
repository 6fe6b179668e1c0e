"""A roll is a value with a parse and a print that round-trip (`lcr_vision.rules.roll`), as a
player types one at the keyboard, in ``amend`` and at the table."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lcr_vision.errors import UserError
from lcr_vision.faces import FACE_TOKENS
from lcr_vision.rules import Decision, Roll, Settings, Variants

NAMES = ("Ann", "Ann Marie", "Ben", "Дед Мороз", "Cat-2")


@st.composite
def rolls(draw: st.DrawFn) -> tuple[Settings, Roll]:
    """Any roll of 1-3 face tokens at a table whose names may have spaces, one a prefix of
    another; any choices, or none."""
    players = draw(st.lists(st.sampled_from(NAMES), min_size=3, max_size=5, unique=True))
    settings = Settings.create(players, variants=Variants(wild=True, wilder=True))
    faces = tuple(draw(st.lists(st.sampled_from(FACE_TOKENS), min_size=1, max_size=3)))
    if not draw(st.booleans()):
        return settings, Roll(faces)
    targets = draw(st.lists(st.integers(0, len(players) - 1), max_size=2))
    reverse = draw(st.booleans())
    if not (reverse or targets):
        return settings, Roll(faces)
    return settings, Roll(faces, Decision(reverse, tuple(targets) or None))


@given(rolls())
def test_a_roll_printed_parses_back_as_itself(table: tuple[Settings, Roll]) -> None:
    settings, roll = table
    assert Roll.parse(roll.text(settings), settings) == roll


def test_typed_shorthands_and_the_choices_in_any_order() -> None:
    settings = Settings.create(["Ann", "Ann Marie", "Ben"],
                               variants=Variants(wild=True, wilder=True))
    assert Roll.parse("@ann marie l, ., w @ANN", settings) == Roll(
        ("L", "dot", "wild"), Decision(False, (1, 0)))
    assert Roll.parse("rev 4 6 2", settings) == Roll(("4", "6", "2"), Decision(True))
    assert Roll.parse("4 6 2", settings).decision is None


@pytest.mark.parametrize("line", ["L x dot", "L @Zed dot", "L @Ann Mari dot"])
def test_a_face_or_a_name_the_table_does_not_know_is_refused(line: str) -> None:
    settings = Settings.create(["Ann", "Ann Marie", "Ben"])
    with pytest.raises(UserError):
        Roll.parse(line, settings)
