"""`lcr-vision amend`: a correction goes through the ledger (replayed, or settled when the later
rolls cannot be replayed on it), the changes are said, the review page follows the ledger, the
README says what the program does, and mistakes are one-line errors that change nothing."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_review_model import PLAYERS, camera_session, manual_session

from lcr_vision.cli import main
from lcr_vision.ledger import JOURNAL, EditError, Session, read_journal, replay
from lcr_vision.ledger.report import ledger_rows
from lcr_vision.manual import HELP
from lcr_vision.rules import Series, Settings, Variants
from lcr_vision.table.screen import KEYS

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
        (1, "wild", "roll 1: Ann rolled a wild, but the Wild variant is off"),
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


def test_an_early_misread_in_a_finished_game_is_settled_between_the_players(
        tmp_path: Path, capsys) -> None:
    folder = manual_session(tmp_path / "m", CAT_WINS)
    status, out, err = amend(capsys, folder, 1, "dot")  # <script> then threw one chip too many
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "Roll 1 (Ann, game 1, turn 1): L -> dot. Nothing moves; Ann has one chip.",
        "Game 1 stands as played; to settle it, <script> gives one chip to Ann.",
    ]
    lines = read_journal(folder / JOURNAL)[0]
    assert lines[-1][1]["event"] == "settle" and lines[0][1]["version"] == 3
    ledger = replay(lines)
    assert [r.entry.faces for r in ledger.rolls] == [("L",), ("L", "L")]  # thrown, they stand
    assert ledger.series.wins == (0, 0, 1) and ledger.series.net_chips == (0, -2, 2)
    status, out, _ = amend(capsys, folder, 1, "C")  # the center's chip goes to the winner, Cat
    assert status == 0 and out.splitlines()[1] == (
        "Game 1 stands as played; to settle it, Ann gives one chip to Cat.")
    assert Session.open(folder).ledger.series.net_chips == (-1, -2, 3)
    assert main(["ledger", str(folder)]) == 0
    assert ("      Roll 1 settled here: really C. Game 1 stands as played; to settle it, Ann "
            "gives one chip to Cat.") in capsys.readouterr().out.splitlines()


def test_an_early_misread_in_the_game_in_progress_is_settled_on_the_table(
        tmp_path: Path, capsys) -> None:
    settings = Settings.create(PLAYERS, stakes=(3, 1, 3))
    session = Session.create(tmp_path / "g", settings)
    for faces in (("L", "dot", "dot"), ("dot", "dot"), ("R", "dot", "dot")):
        session.record_roll(faces)  # <script> threw two dice on the chip Ann passed
    session.close()
    status, out, _ = amend(capsys, tmp_path / "g", 1, "C dot dot")
    assert status == 0 and out.splitlines() == [
        ("Roll 1 (Ann, game 1, turn 1): L dot dot -> C dot dot. Ann puts one chip in the "
        "center; Ann has two chips left."),
        ("The later rolls stand as thrown; to make the chips right, <script> puts one chip in "
        "the center."),
        "Game 1 standings: <script> 3 -> 2, center 0 -> 1.",
    ]
    ledger = Session.open(tmp_path / "g").ledger
    assert (ledger.series.game.chips, ledger.series.game.center) == ((2, 2, 2), 1)
    thrown = Series.start(settings)
    for roll in ledger.rolls:
        _, thrown = thrown.play(roll.entry.faces)
    assert thrown.game.chips == (2, 3, 2), "the rolls as thrown, before the chip handed in"


def test_a_settlement_nobody_can_make_is_refused_and_changes_nothing(
        tmp_path: Path, capsys) -> None:
    session = Session.create(tmp_path / "g", Settings.create(PLAYERS, stakes=(3, 1, 3)))
    for faces in (("L", "dot", "dot"), ("L", "L")):  # <script> passed both chips on to Cat
        session.record_roll(faces)
    session.close()
    journal = (tmp_path / "g" / JOURNAL).read_bytes()
    assert amend(capsys, tmp_path / "g", 1, "dot dot dot") == (
        2, "", ("lcr-vision: error: cannot correct roll 1: later rolls were thrown on it, and "
        "settling it, <script> would have to give 1 chip and holds 0\n"))
    assert (tmp_path / "g" / JOURNAL).read_bytes() == journal


def test_chips_handed_back_stay_handed_back(tmp_path: Path) -> None:
    session = Session.create(tmp_path / "g", Settings.create(PLAYERS, stakes=(3, 1, 3)))
    for faces in (("L", "dot", "dot"), ("dot", "dot")):
        session.record_roll(faces)
    amendment = session.amend(1, ("C", "dot", "dot"))
    assert amendment.settled is not None and amendment.result.after.center == 1
    settled = session.ledger.series
    with pytest.raises(EditError, match="roll 2 cannot be undone: chips were handed back"):
        session.undo()
    session.record_roll(("dot", "dot", "dot"))
    assert session.undo().k == 3 and session.ledger.series == settled
    assert session.amend(2, ("dot", "L")).settled is not None, "replaying roll 2 would undo them"
    session.close()
    assert Session.open(tmp_path / "g").ledger.series.game.chips == (2, 0, 4)


def test_the_review_card_shows_the_settlement_and_keeps_the_roll_as_played(
        tmp_path: Path, capsys) -> None:
    folder = manual_session(tmp_path / "m", CAT_WINS)
    assert main(["review", str(folder)]) == 0
    status, out, _ = amend(capsys, folder, 1, "dot")
    assert status == 0 and out.rstrip().endswith(f"Updated {folder / 'index.html'}.")
    page = (folder / "index.html").read_text()
    card = page[page.index('id="roll-1"'):page.index('id="roll-2"')]
    assert 'class="card corrected"' in page[page.rindex("<article", 0, page.index('id="roll-1"')):]
    assert '<p class="correction settled">Corrected after later rolls: read <s>L</s>, ' \
           "really <b>dot</b>. Game 1 stands as played; to settle it, " in card
    assert "gives one chip to" in card and "&lt;script&gt;" in card  # the names, escaped
    assert "passes one chip left to" in card, "the moves as played stay on the card"
    assert Standings(page).cards == ledger_standings(folder)


def test_the_readme_names_every_window_key_and_the_ways_to_amend() -> None:
    text = " ".join((Path(__file__).resolve().parents[1] / "README.md").read_text().split())
    keys = text[text.index("Keys: "):text.index("(everything is already saved)")]
    named = set(re.findall(r"\*\*(.+?)\*\*", keys))
    assert named == {"space" if k == " " else k for k in KEYS if k != "\x1b"}
    assert "**a** amends a roll" in keys and KEYS["a"] == "amend"
    assert "`amend K FACES` corrects roll *K* as `amend` does" in text and "amend K FACES" in HELP
    assert "the correction is *settled*" in text
