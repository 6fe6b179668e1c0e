"""Replaying a journal, after any corrections played again and undos, gives the state of playing
the corrected rolls from the start (a later roll that no longer fits struck with the rest);
reopening the folder gives the same again; and the chips said after each correction make the
table the ledger. With corrections settled now among them, the ledger, its JSON, its CSV, its
text, the review page and what is said agree on the chips after every step."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import event, given, settings
from hypothesis import strategies as st
from test_rules_properties import faces_of, tables

from lcr_vision.ledger import JOURNAL, EditError, Session, read_journal, replay
from lcr_vision.phrases.written import describe_standings
from lcr_vision.review import build_review
from lcr_vision.review.report import ledger_json, ledger_rows, ledger_text
from lcr_vision.rules import (
    BOX,
    CENTER,
    Decision,
    GameState,
    Roll,
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
                    amendment = session.amend(k, Roll(faces, decision), keep=False)
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


def agree(session: Session) -> None:
    """``ledger --json``, ``--csv``, the ledger's text and the review page say the same chips:
    the CSV's last row (a roll, or a correction settled after it) holds the chips of the game it
    belongs to as it stands, and none is negative."""
    ledger = session.ledger
    players, game = ledger.settings.players, ledger.series.game
    data = ledger_json(ledger)
    assert data["current"]["chips"] == dict(zip(players, game.chips))
    assert data["current"]["center"] == game.center and min(game.chips + (game.center,)) >= 0
    rows = ledger_rows(ledger)
    if len(rows) > 1:
        last = rows[-1]
        chips = [int(c) for c in last[7:7 + len(players) + 1]]
        number = int(last[1])
        ended = [g for g in data["games"] if g["number"] == number]
        held = ([*ended[0]["chips"].values(), ended[0]["center"]] if ended
                else [*game.chips, game.center])
        assert chips == held, (last, held)
    text = ledger_text(ledger)
    assert describe_standings(game, players) in text
    review = build_review(session.folder)
    assert describe_standings(game, players) in review.current
    assert len(review.settled) == len(ledger.settled) and len(review.struck) == len(ledger.struck)


@settings(max_examples=80, deadline=None)
@given(tables(), st.data())
def test_after_any_corrections_settled_or_played_again_every_report_agrees(
        s: Settings, data) -> None:
    tokens = st.sampled_from(faces_of(s))
    with tempfile.TemporaryDirectory() as tmp:
        session = Session.create(Path(tmp) / "s", s)
        for _ in range(data.draw(st.integers(1, 25))):
            action = data.draw(st.sampled_from(["roll", "roll", "correct", "correct", "undo"]))
            rolls = session.ledger.rolls
            if action == "undo" and rolls:
                try:
                    session.undo()
                except EditError:
                    event("an undo refused: a correction was settled after that roll")
            elif action == "correct" and rolls:
                k = data.draw(st.integers(1, len(rolls)))
                owed = len(rolls[k - 1].entry.played_faces)
                faces = tuple(data.draw(st.lists(tokens, min_size=owed, max_size=owed)))
                table = session.state
                try:
                    amendment = session.amend(k, Roll(faces), keep=data.draw(st.booleans()))
                except EditError:
                    continue
                event(f"a correction {amendment.how or 'played again as asked'}")
                now = session.state
                places = moved(table, amendment.transfers)
                assert places == {**dict(enumerate(now.chips)), CENTER: now.center,
                                  BOX: places[BOX]}, "what is said makes the table the ledger"
            else:
                game = session.state
                owed = game.dice_owed
                session.record_roll(tuple(data.draw(st.lists(tokens, min_size=owed,
                                                             max_size=owed))))
            agree(session)
        ledger = session.ledger
        session.close()
        reopened = Session.open(session.folder)
        assert reopened.ledger.series == ledger.series
        assert reopened.ledger.settled == ledger.settled
        reopened.close()


def test_a_correction_played_again_keeps_an_earlier_settled_correction(tmp_path: Path) -> None:
    """Six players, every roll three dots, as the property test shrank it: roll 1, corrected
    after roll 2 to 1 1 5 and settled then, puts P0's chip in the center; a roll later undone,
    roll 2 corrected as it was, and roll 4 corrected as it was and played again must keep that
    chip there: the replay starts back at roll 1, since roll 2, where it would start for roll
    4, had roll 1's correction settled after it."""
    session = Session.create(tmp_path / "s", Settings.create(
        tuple(f"P{i}" for i in range(6)), stakes=(3, 3, 3, 3, 6, 1)))
    dots = ("1", "1", "1")
    for _ in range(3):
        session.record_roll(dots)
    session.amend(1, Roll(dots), keep=False)
    session.undo()
    session.amend(1, Roll(("1", "1", "5")), keep=True)
    for _ in range(2):
        session.record_roll(dots)
    session.amend(2, Roll(dots), keep=True)
    session.record_roll(dots)
    session.undo()
    assert (session.state.chips[0], session.state.center) == (2, 1)
    session.amend(4, Roll(dots), keep=False)
    assert (session.state.chips[0], session.state.center) == (2, 1)
