"""Replaying a journal, after any corrections and undos, gives the state of playing the corrected
rolls from the start (a later roll that no longer fits struck with the rest); reopening the folder
gives the same again; and the chips said after each correction make the table the ledger."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import event, given, settings
from hypothesis import strategies as st
from test_rules_properties import faces_of, tables

from lcr_vision.ledger import JOURNAL, EditError, Session, read_journal, replay
from lcr_vision.rules import (
    BOX,
    CENTER,
    Decision,
    GameState,
    RulesError,
    Series,
    Settings,
    Transfer,
)

Rolls = list[tuple[int, tuple[str, ...], Decision]]  # the thrower's seat, the faces, choices


def play_from_start(s: Settings, rolls: Rolls) -> Series:
    series = Series.start(s)
    for _, faces, decision in rolls:
        _, series = series.play(faces, decision)
    return series


def fitting(s: Settings, rolls: Rolls) -> Rolls:
    """The rolls up to the first whose thrower is not the one to roll or whose faces the rules
    refuse (docs/rules.md: it is struck with the rest)."""
    series = Series.start(s)
    for n, (seat, faces, decision) in enumerate(rolls):
        try:
            if seat != series.game.turn:
                raise RulesError("another player's turn")
            _, series = series.play(faces, decision)
        except RulesError:
            return rolls[:n]
    return rolls


def moved(table: GameState, transfers: tuple[Transfer, ...]) -> dict[object, int]:
    """The table's chips after the transfers, each checked as it is made."""
    places: dict[object, int] = {**dict(enumerate(table.chips)), CENTER: table.center, BOX: 0}
    for t in transfers:
        assert t.chips > 0 and t.giver != t.receiver
        places[t.giver] -= t.chips
        places[t.receiver] += t.chips
        assert t.giver == BOX or places[t.giver] >= 0, "asked for chips they do not hold"
    return places


@settings(max_examples=120, deadline=None)
@given(tables(), st.data())
def test_replay_after_corrections_equals_playing_the_corrected_rolls(s: Settings, data) -> None:
    tokens = st.sampled_from(faces_of(s))
    with tempfile.TemporaryDirectory() as tmp:
        session = Session.create(Path(tmp) / "s", s)
        model: list[tuple[tuple[str, ...], Decision]] = []
        for _ in range(data.draw(st.integers(1, 25))):
            action = data.draw(st.sampled_from(["roll", "roll", "roll", "correct", "undo"]))
            if action == "undo" and model:
                session.undo()
                model.pop()
            elif action == "correct" and model:
                k = data.draw(st.integers(1, len(model)))
                faces = tuple(
                    data.draw(
                        st.lists(
                            tokens, min_size=len(model[k - 1][1]), max_size=len(model[k - 1][1])
                        )
                    )
                )
                seat, _, chosen = model[k - 1]
                decision = Decision(reverse=chosen.reverse)
                table = session.state
                try:
                    amendment = session.amend(k, faces, decision)
                except EditError:
                    event("a correction roll k itself refuses")
                    continue
                corrected = fitting(s, [*model[: k - 1], (seat, faces, decision), *model[k:]])
                assert len(corrected) >= k, "the corrected roll itself stands"
                event("later rolls struck" if len(corrected) < len(model) else "all replayed")
                model = corrected
                now = session.state
                places = moved(table, amendment.transfers)
                assert places == {**dict(enumerate(now.chips)), CENTER: now.center,
                                  BOX: places[BOX]}
                carried = sum(now.chips) + now.center - sum(table.chips) - table.center
                assert places[BOX] == -carried, "chips come from the box only for a carried pot"
            else:
                game = session.state
                owed = game.dice_owed
                faces = tuple(data.draw(st.lists(tokens, min_size=owed, max_size=owed)))
                reverse = (
                    s.variants.wilder and game.chips[game.turn] >= 3 and data.draw(st.booleans())
                )
                session.record_roll(faces, Decision(reverse=reverse))
                model.append((game.turn, faces, Decision(reverse=reverse)))
            expected = play_from_start(s, model)
            assert session.ledger.series == expected
        session.close()
        assert replay(read_journal(session.folder / JOURNAL)[0]).series == expected
        reopened = Session.open(session.folder)
        assert reopened.ledger.series == expected
        assert [r.entry.faces for r in reopened.ledger.rolls] == [f for _, f, _ in model]
        reopened.close()
