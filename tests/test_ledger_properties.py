"""Replaying a journal, after any corrections and undos, gives the state of playing the corrected
rolls from the start; and reopening the folder gives the same again."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import event, given, settings
from hypothesis import strategies as st
from test_rules_properties import faces_of, tables

from lcr_vision.ledger import JOURNAL, EditError, Session, read_journal, replay
from lcr_vision.rules import Decision, Series, Settings


def play_from_start(s: Settings, rolls: list[tuple[tuple[str, ...], Decision]]) -> Series:
    series = Series.start(s)
    for faces, decision in rolls:
        _, series = series.play(faces, decision)
    return series


@settings(max_examples=40, deadline=None)
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
                            tokens, min_size=len(model[k - 1][0]), max_size=len(model[k - 1][0])
                        )
                    )
                )
                decision = Decision(reverse=model[k - 1][1].reverse)
                try:
                    session.correct(k, faces, decision)
                except EditError:
                    event("a correction refused")
                    continue  # the correction would change a later roll: refused, nothing written
                event("a correction accepted")
                model[k - 1] = (faces, decision)
            else:
                game = session.state
                owed = game.dice_owed
                faces = tuple(data.draw(st.lists(tokens, min_size=owed, max_size=owed)))
                reverse = (
                    s.variants.wilder and game.chips[game.turn] >= 3 and data.draw(st.booleans())
                )
                session.record_roll(faces, Decision(reverse=reverse))
                model.append((faces, Decision(reverse=reverse)))
            expected = play_from_start(s, model)
            assert session.ledger.series == expected
        session.close()
        assert replay(read_journal(session.folder / JOURNAL)[0]).series == expected
        reopened = Session.open(session.folder)
        assert reopened.ledger.series == expected
        assert [r.entry.faces for r in reopened.ledger.rolls] == [f for f, _ in model]
        reopened.close()
