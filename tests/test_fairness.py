"""Are these dice fair? Each face's count per set of dice over one or many sessions, judged by a
chi-square test: fair dice pass, loaded ones are named, too few throws are said to be too few."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from test_amend import amend

from lcr_vision.cli import main
from lcr_vision.faces import PIP_FACES, DiceKind
from lcr_vision.ledger import Session
from lcr_vision.review import build_review
from lcr_vision.review.fairness import DiceTest, sides
from lcr_vision.rules import Settings, Variants

PLAYERS = ("Ann", "Ben", "Cat", "Dan")
BOXED = ("L", "C", "R", "dot", "dot", "dot")
WILD = ("L", "C", "R", "wild", "dot", "dot")


def thrown(folder: Path, sides_of_die: tuple[str, ...], dice: int, seed: int,
           chances: list[float] | None = None, variants: Variants | None = None) -> Path:
    """A session whose rolls throw dice with these sides (fair, or with ``chances``), until at
    least ``dice`` dice have been thrown; a game won starts the next."""
    rng = np.random.default_rng(seed)
    session = Session.create(folder, Settings.create(PLAYERS, variants=variants or Variants()))
    try:
        while sum(len(r.entry.faces) for r in session.ledger.rolls) < dice:
            faces = rng.choice(sides_of_die, session.dice_owed, p=chances)
            session.record_roll(tuple(str(f) for f in faces))
    finally:
        session.close()
    return folder


def test_fair_pip_dice_show_no_sign_of_loading_over_six_faces(tmp_path: Path) -> None:
    test, = build_review(thrown(tmp_path / "s", PIP_FACES, 600, seed=1)).fairness
    assert test.kind is DiceKind.PIP and len(test.counts) == 6 and test.dice >= 600
    assert test.p is not None and test.p > 0.01


def test_loaded_pip_dice_are_named(tmp_path: Path) -> None:
    heavy = [0.1, 0.1, 0.1, 0.1, 0.1, 0.5]  # sixes come up half the time
    test, = build_review(thrown(tmp_path / "s", PIP_FACES, 300, seed=2, chances=heavy)).fairness
    assert test.p is not None and test.p < 1e-6


def test_boxed_dice_are_judged_on_four_faces_and_wild_dice_on_five(tmp_path: Path) -> None:
    boxed, = build_review(thrown(tmp_path / "b", BOXED, 120, seed=3)).fairness
    wild, = build_review(thrown(tmp_path / "w", WILD, 120, seed=3,
                                variants=Variants(wild=True))).fairness
    assert boxed.kind.faces == ("L", "C", "R", "dot") and boxed.chances[-1] == 0.5
    assert (wild.kind.faces == ("L", "C", "R", "dot", "wild")
            and wild.chances[3] == pytest.approx(1 / 3))
    assert sum(sides(DiceKind.WILD, f) for f in wild.kind.faces) == 6


def test_too_few_dice_are_not_judged() -> None:
    few = DiceTest(DiceKind.LCR, (3, 2, 1, 6))
    assert few.needed == 30 and few.p is None


def test_the_page_judges_the_dice_of_every_session_named(tmp_path: Path, capsys) -> None:
    one = thrown(tmp_path / "one", BOXED, 150, seed=4)
    two = thrown(tmp_path / "two", BOXED, 150, seed=5)
    alone, = build_review(one).fairness
    both, = build_review(one, [two]).fairness
    assert both.dice == alone.dice + build_review(two).fairness[0].dice
    assert main(["review", str(one), "--also", str(two)]) == 0
    page = (one / "index.html").read_text()
    verdict = re.search(r'<p class="verdict">(.*?)</p>', page).group(1)
    assert re.fullmatch(rf"No sign these dice are loaded: p = 0\.\d\d over {both.dice} dice\.",
                        verdict), verdict
    assert amend(capsys, one, 1, "C C C")[0] == 0  # a refreshed page judges the same sessions
    assert (f"over {build_review(one, [two]).fairness[0].dice} dice."
            in (one / "index.html").read_text())


def test_a_struck_roll_was_thrown_and_counts(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "g"
    session = Session.create(folder, Settings.create(["Ann", "Ben", "Cat"], stakes=(3, 1, 3)))
    for faces in (("L", "dot", "dot"), ("L", "L")):
        session.record_roll(faces)
    session.close()
    assert amend(capsys, folder, 1, "dot dot dot")[0] == 0  # roll 2 is struck
    test, = build_review(folder).fairness
    assert dict(zip(test.kind.faces, test.counts)) == {"L": 2, "C": 0, "R": 0, "dot": 3}
