"""The review page model of real sessions: a game played through the ledger `Session`, its photo
log written by `PhotoLog` with frames rendered by `lcr_vision.synth` and annotated by the reader's
drawing code. The helpers here make the sessions the page, browser and amend tests use."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lcr_vision.ledger import JOURNAL, Session, read_journal, replay
from lcr_vision.ledger.events import (
    CorrectEvent,
    RollEvent,
    SessionEvent,
    UndoEvent,
    photo_path,
)
from lcr_vision.photolog import Committed, PhotoLog, PhotoRecord, Shot, Sighting
from lcr_vision.phrases.written import describe_roll
from lcr_vision.review import build_review, render_page
from lcr_vision.review.model import curves_of
from lcr_vision.review.report import ledger_rows
from lcr_vision.review.sources import live_roll_events, load_record
from lcr_vision.rules import Roll, RollResult, Settings, Variants
from lcr_vision.synth import render_scene
from lcr_vision.vision.annotate import annotate
from lcr_vision.vision.detections import Detections

PLAYERS = ("Ann", "<script>", "Cat")
DOUBTFUL, TYPED, UNDONE = 3, 5, 2  # which rolls (by number) are confirmed, typed, undone once


def photo_record(session: Session, number: int, result: RollResult, dice: Detections,
                 how: Committed) -> dict:
    """The record the play loop writes for a roll committed as photo ``number``."""
    said = [describe_roll(result, session.settings.players)]
    return PhotoRecord.from_roll(number, result, session.settings, Sighting("synth", dice, how),
                                 said).to_json()


def camera_roll(session: Session, log: PhotoLog, rng: np.random.Generator) -> None:
    """Throw the dice owed on a rendered table, commit what lies there, log the photo."""
    k = len(session.ledger.rolls) + 1
    scene = render_scene(rng, "lcr", (320, 240), dice=session.dice_owed)
    while len(scene.dice) != session.dice_owed:  # a crowded table may not fit them all
        scene = render_scene(rng, "lcr", (320, 240), dice=session.dice_owed)
    dice = sorted(scene.dice, key=lambda d: d.box[0])
    scores = [0.41 if k == DOUBTFUL and i == 0 else 0.97 for i in range(len(dice))]
    seen = Detections([d.box for d in dice], [d.face for d in dice], scores)
    how = {DOUBTFUL: Committed.UNANSWERED, TYPED: Committed.TYPED}.get(k, Committed.READ)
    number = session.photo_number
    result = session.record_roll(seen.faces, photo=photo_path(number))
    log.stage(Shot(number, scene.image, annotate(scene.image, seen),
                   photo_record(session, number, result, seen, how)))
    log.finish(number)


def camera_session(folder: Path, extra: int = 3, seed: int = 11,
                   players: tuple[str, ...] = PLAYERS, language: str = "en") -> Path:
    """A session played until game 1 is won and ``extra`` rolls into game 2, with photos; roll
    `UNDONE` is withdrawn once and thrown again, so photo numbers run one ahead after it."""
    rng = np.random.default_rng(seed)
    session = Session.create(folder, Settings.create(players, stakes=(2, 2, 2)), language)
    log = PhotoLog(folder)
    try:
        while len(session.ledger.rolls) < UNDONE:
            camera_roll(session, log, rng)
        session.undo()
        while not session.ledger.series.finished:
            camera_roll(session, log, rng)
        for _ in range(extra):
            camera_roll(session, log, rng)
    finally:
        session.close()
    return folder


def manual_session(folder: Path, lines: list[str]) -> Path:
    """A session typed in manual play: no photos."""
    session = Session.create(folder, Settings.create(PLAYERS, stakes=(1, 1, 1)))
    try:
        for line in lines:
            session.record_roll(tuple(line.split()))
    finally:
        session.close()
    return folder


@pytest.fixture(scope="module")
def camera(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return camera_session(tmp_path_factory.mktemp("review") / "s")


def test_every_live_roll_has_a_card_that_agrees_with_the_ledger(camera: Path) -> None:
    review = build_review(camera)
    rows = ledger_rows(replay(read_journal(camera / JOURNAL)[0]))[1:]
    assert [c.k for c in review.cards] == list(range(1, len(rows) + 1))
    for card, row in zip(review.cards, rows):
        assert [str(card.k), str(card.game), str(card.turn), card.player] == row[:4]
        assert [" ".join(card.faces), " ".join(card.game_faces), card.moves] == row[4:7]
        assert [str(c) for c in card.chips] + [str(card.center)] == row[7:11]
    assert [g.winner for g in review.games] == [review.cards[-4].winner]
    assert review.cards[-4].winner in PLAYERS and sum(review.wins) == 1


def test_photos_follow_the_ledgers_link_even_after_an_undo(camera: Path) -> None:
    cards = build_review(camera).cards
    assert cards[0].photo.annotated == "photos/0001-annotated.jpg"
    assert cards[UNDONE - 1].photo.name == f"{UNDONE + 1:04d}", "the undone roll kept its photos"
    assert cards[-1].photo.name == f"{cards[-1].k + 1:04d}"
    record = json.loads((camera / "photos" / f"{UNDONE + 1:04d}.json").read_text())
    assert tuple(record["faces"]) == cards[UNDONE - 1].faces


def test_a_doubt_nobody_answered_says_why_and_an_answered_one_is_no_doubt(camera: Path) -> None:
    """A doubtful read committed with nobody to answer is flagged, saying why; faces typed at
    the table are as the players said: marked answered (and how), not doubtful."""
    cards = build_review(camera).cards
    doubtful, typed = cards[DOUBTFUL - 1], cards[TYPED - 1]
    assert doubtful.doubts[0] == "doubtful read committed unanswered: check it"
    assert doubtful.doubts[1].endswith("read at 41% confidence") and doubtful.flagged
    assert (typed.doubts, typed.answered, typed.flagged) == ((), "faces typed at the table", False)
    assert [c.k for c in cards if c.flagged] == [DOUBTFUL]


def test_a_corrected_roll_keeps_its_first_read(tmp_path: Path) -> None:
    folder = manual_session(tmp_path / "m", ["L", "dot dot"])
    session = Session.open(folder)
    session.amend(2, Roll(("C", "dot")))
    session.close()
    first, second = build_review(folder).cards
    assert (first.first_read, first.corrected) == (None, False)
    assert (second.first_read, second.faces, second.flagged) == (("dot", "dot"), ("C", "dot"), True)
    assert (second.chips, second.center) == ((0, 1, 1), 1)


def test_a_manual_session_has_cards_without_photos(tmp_path: Path) -> None:
    folder = manual_session(tmp_path / "m", ["L", "L L"])
    review = build_review(folder)
    assert [c.photo for c in review.cards] == [None, None]
    assert [c.doubts for c in review.cards] == [(), ()], "typing is how manual play reads dice"
    assert review.games[0].winner == "Cat" and review.cards[1].winner == "Cat"
    assert review.current == "Game 2: <script> to roll 1 die. Ann 1, <script> 1, Cat 1; center 0."


def test_photo_records_outside_the_session_or_unreadable_are_left_out(tmp_path: Path) -> None:
    (tmp_path / "photos").mkdir()
    (tmp_path / "photos" / "0001.json").write_text("{not json")
    (tmp_path / "0002.json").write_text(json.dumps({"frame": "x.jpg", "dice": []}))
    assert load_record(tmp_path, "photos/0001.json") is None
    assert load_record(tmp_path / "photos", "../0002.json") is None
    record = load_record(tmp_path, "0002.json")
    assert record is not None and record.frame is None, "a named image that is missing is None"


def test_a_record_of_another_roll_is_flagged_and_not_shown(tmp_path: Path) -> None:
    """An older lcr-vision could file a roll's photo under the number of one a crash left without
    its record: the page flags it rather than show one player's dice under another's roll."""
    folder = tmp_path / "s"
    session = Session.create(folder, Settings.create(PLAYERS, stakes=(2, 2, 2)))
    log, frame = PhotoLog(folder), np.zeros((40, 40, 3), np.uint8)
    session.record_roll(("dot", "dot"), photo="photos/0001.json")  # killed before its record
    second = session.record_roll(("R", "dot"), photo="photos/0001.json")  # the number reused
    log.stage(Shot(1, frame, frame, photo_record(session, 1, second, Detections(),
                                                Committed.READ)))
    log.finish(1)
    session.record_roll(("C", "dot"), photo="photos/0003.json")
    log.complete(3, {"player": "Cat", "faces": ["C", "dot"]})  # its files never reached the disk
    session.close()
    journal = folder / JOURNAL  # that lcr-vision wrote version 1, whose photos are not checked
    lines = journal.read_text().splitlines()
    old = [json.loads(lines[0]) | {"version": 1}, *map(json.loads, lines[1:])]
    journal.write_text("".join(json.dumps({k: v for k, v in e.items() if k != "prev"}) + "\n"
                               for e in old))  # nor were its lines chained
    first, shown, lost = build_review(folder).cards
    assert first.photo.annotated is None and first.flagged
    assert first.doubts == ("photo record 0001 is of another roll (<script>'s R dot)",)
    assert shown.photo.annotated == "photos/0001-annotated.jpg" and not shown.flagged
    assert lost.doubts == ("the photo was lost in a crash",)
    page = render_page(build_review(folder))
    assert "No photo: photo record 0001 is of another roll" in page
    assert "No photo: the photo was lost in a crash" in page


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["L", "C", "R", "dot"]), min_size=3, max_size=80))
def test_the_chart_curves_hold_every_state_and_conserve_chips(faces: list[str]) -> None:
    """Random one-die games: each curve starts from the stakes and adds one point per roll."""
    from lcr_vision.ledger import Ledger

    ledger = Ledger.start(Settings.create(PLAYERS, stakes=(1, 1, 1)))
    for face in faces:
        owed = ledger.series.game.dice_owed
        ledger = ledger.apply(RollEvent(k=len(ledger.rolls) + 1,
                                        player=PLAYERS[ledger.series.game.turn],
                                        faces=(face,) * owed))
    curves = curves_of(ledger)
    assert sum(len(c.chips) - 1 for c in curves) == len(ledger.rolls)
    for curve in curves:
        assert curve.chips[0] == (1, 1, 1)
        assert {sum(c) + center for c, center in zip(curve.chips, curve.centers)} == {3}
    assert [c.game for c in curves] == sorted({r.game for r in ledger.rolls})


def test_the_live_event_of_a_roll_is_its_last_throw() -> None:
    events = [(1, SessionEvent(settings=Settings.create(PLAYERS))),
              (2, RollEvent(k=1, player="Ann", faces=("L",))), (3, UndoEvent(k=1)),
              (4, RollEvent(k=1, player="Ann", faces=("R",))),
              (5, CorrectEvent(k=1, faces=("C",)))]  # fmt: skip
    assert live_roll_events(events)[1].faces == ("R",)


def test_pip_faces_show_the_game_face_and_the_pip(tmp_path: Path) -> None:
    settings_ = Settings.create(PLAYERS, variants=Variants(wild=True))
    session = Session.create(tmp_path / "p", settings_)
    session.record_roll(("1", "5", "2"))
    session.close()
    card = build_review(tmp_path / "p").cards[0]
    assert (card.faces, card.game_faces) == (("1", "5", "2"), ("wild", "C", "dot"))
    assert card.moves.startswith("Ann puts one chip in the center and takes one chip from <script>")
    page = render_page(build_review(tmp_path / "p"))
    assert '<span class="die" title="pip 1">wild<sub>1</sub></span>' in page


def test_an_intact_journal_is_shown_intact_and_an_edited_one_marks_the_rolls_after(
        camera: Path, tmp_path: Path) -> None:
    review = build_review(camera)
    assert review.intact is not None and review.intact.startswith("The journal is intact")
    assert review.tampered is None
    edited = tmp_path / "s"
    shutil.copytree(camera, edited)
    lines = (edited / JOURNAL).read_text().splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if '"k": 4' in line and '"roll"' in line)
    lines[at] = lines[at].replace('"player"', '"player" ', 1)  # the same event, other bytes
    (edited / JOURNAL).write_text("".join(lines))
    review = build_review(edited)
    assert review.intact is None and f"line {at + 2} does not follow" in review.tampered
    marked = [c.k for c in review.cards if c.doubts and "not vouched for" in c.doubts[0]]
    assert marked == list(range(4, len(review.cards) + 1))  # the edited roll on
