"""`lcr-vision amend`: a correction goes through the ledger, the changes are said, the review page
follows the replayed ledger, and mistakes are one-line errors that change nothing."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_review_model import PLAYERS, camera_session, manual_session

from lcr_vision.cli import main
from lcr_vision.ledger import JOURNAL, Session, read_journal, replay
from lcr_vision.ledger.report import ledger_rows
from lcr_vision.rules import Settings, Variants

# Ann, <script> and Cat hold one chip each: Ann passes left, <script> passes both left, Cat wins.
CAT_WINS = ["L", "L L"]


class Standings(HTMLParser):
    """The text of each card's standings list, by roll number, as a reader of the page sees it."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.cards: dict[int, list[str]] = {}
        self.roll: int | None = None
        self.inside = False
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "article":
            self.roll = int(found["data-roll"] or 0)
            self.cards[self.roll] = []
        self.inside = self.inside or (tag == "ul" and found.get("class") == "standings")

    def handle_endtag(self, tag: str) -> None:
        self.inside = self.inside and tag != "ul"

    def handle_data(self, data: str) -> None:
        if self.inside and self.roll is not None and data.strip():
            self.cards[self.roll].append(data.strip())


def amend(capsys, folder: Path, roll: int, faces: str) -> tuple[int, str, str]:
    status = main(["amend", str(folder), "--roll", str(roll), "--faces", faces])
    out, err = capsys.readouterr()
    return status, out, err


def ledger_standings(folder: Path) -> dict[int, list[str]]:
    """Each roll's standings from ``ledger --csv`` rows, in the page's order of words."""
    rows = ledger_rows(replay(read_journal(folder / JOURNAL)[0]))
    names = [*PLAYERS, "center"]
    return {int(r[0]): [w for n, c in zip(names, r[7:11]) for w in (n, c)] for r in rows[1:]}


def test_a_correction_that_takes_the_win_away_says_so(tmp_path: Path, capsys) -> None:
    folder = manual_session(tmp_path / "m", CAT_WINS)
    status, out, err = amend(capsys, folder, 2, "R dot")
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        (
            "Roll 2 (<script>, game 1, turn 2): L L -> R dot. <script> passes one chip right to Ann; "
            "<script> has one chip left."
        ),
        "Game 1 standings: Ann 0 -> 1, <script> 0 -> 1, Cat 3 -> 1.",
        "Game 1 winner: won by Cat -> still being played.",
        "Game 2 is no longer played.",
        "Wins: Cat 1 -> 0.",
    ]
    assert read_journal(folder / JOURNAL)[0][-1][1]["event"] == "correct"
    assert not (folder / "index.html").exists(), "amend refreshes a page, it does not make one"


def test_the_refreshed_page_agrees_with_the_replayed_ledger(tmp_path: Path, capsys) -> None:
    folder = camera_session(tmp_path / "s", extra=2)
    assert main(["review", str(folder)]) == 0
    assert Standings((folder / "index.html").read_text()).cards == ledger_standings(folder)
    last = replay(read_journal(folder / JOURNAL)[0]).rolls[-1].entry
    faces = ["dot" if "C" in last.faces else "C"] * len(last.faces)
    status, out, _ = amend(capsys, folder, last.k, " ".join(faces))
    page = (folder / "index.html").read_text()
    assert Standings(page).cards == ledger_standings(folder)
    assert status == 0 and out.rstrip().endswith(f"Updated {folder / 'index.html'}.")
    assert f'class="card corrected" id="roll-{last.k}"' in page


def test_the_same_faces_again_record_nothing(tmp_path: Path, capsys) -> None:
    folder = manual_session(tmp_path / "m", CAT_WINS)
    journal = (folder / JOURNAL).read_bytes()
    status, out, _ = amend(capsys, folder, 2, "l l")
    assert status == 0 and out == "Roll 2 already shows L L: nothing to correct.\n"
    assert (folder / JOURNAL).read_bytes() == journal


@pytest.mark.parametrize(
    ("roll", "faces", "message"),
    [
        (3, "L", "there is no roll 3: the session has 2 rolls"),
        (2, "L", "roll 2 was <script>'s throw of 2 dice; --faces gives 1"),
        (2, "L X", "unknown face 'X': use L, C, R, dot (or .), wild, or a pip value 1-6"),
        (1, "dot", ("cannot correct roll 1: roll 2 (journal line 3): <script> rolls 1 die, got 2 "
                   "faces")),
    ],
)  # fmt: skip
def test_a_mistake_is_one_line_and_changes_nothing(
    tmp_path: Path, capsys, roll: int, faces: str, message: str
) -> None:
    folder = manual_session(tmp_path / "m", CAT_WINS)
    journal = (folder / JOURNAL).read_bytes()
    assert amend(capsys, folder, roll, faces) == (2, "", f"lcr-vision: error: {message}\n")
    assert (folder / JOURNAL).read_bytes() == journal


def test_a_session_being_played_cannot_be_amended(tmp_path: Path, capsys) -> None:
    folder = manual_session(tmp_path / "m", CAT_WINS)
    playing = Session.open(folder)
    try:
        status, _, err = amend(capsys, folder, 1, "C")
    finally:
        playing.close()
    assert (
        status == 2
        and err == f"lcr-vision: error: {folder} is open in another lcr-vision process\n"
    )


def test_a_wild_correction_takes_from_the_player_named(tmp_path: Path, capsys) -> None:
    session = Session.create(tmp_path / "w", Settings.create(PLAYERS, variants=Variants(wild=True)))
    session.record_roll(("dot", "dot", "dot"))
    session.close()
    status, out, _ = amend(capsys, tmp_path / "w", 1, "wild dot dot @cat")
    assert status == 0 and out.splitlines() == [
        (
            "Roll 1 (Ann, game 1, turn 1): dot dot dot -> wild dot dot. Ann takes one chip from Cat; "
            "Ann has four chips left."
        ),
        "Game 1 standings: Ann 3 -> 4, Cat 3 -> 2.",
    ]
