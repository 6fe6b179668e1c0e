"""`lcr-vision amend`: a correction goes through the ledger (replayed, later rolls that no longer
fit struck), the chips to move and the changes are said, every report and the review page agree
with the ledger, the README says what the program does, and mistakes are one-line errors that
change nothing."""

from __future__ import annotations

import csv
import html
import json
import os
import re
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_review_model import PLAYERS, camera_session, manual_session

from lcr_vision.cli import main
from lcr_vision.ledger import JOURNAL, Session, read_journal, replay
from lcr_vision.ledger.journal import SEAL
from lcr_vision.phrases.en import EN
from lcr_vision.phrases.written import describe_standings, describe_struck
from lcr_vision.review.report import ledger_rows
from lcr_vision.rules import Settings, Variants
from lcr_vision.window.screen import KEYS

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
            "Roll 2 (<script>, game 1, turn 2): L L -> R dot. <script> passes one chip right to "
            "Ann; <script> has one chip left."
        ),
        "No chips change hands.",  # game 2 was dealt one chip each, as game 1 now stands
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
            "Roll 1 (Ann, game 1, turn 1): dot dot dot -> wild dot dot. Ann takes one chip from "
            "Cat; Ann has four chips left."
        ),
        "Cat, give one chip to Ann.",
        "Game 1 standings: Ann 3 -> 4, Cat 3 -> 2.",
    ]


def reports(folder: Path, capsys) -> tuple[dict, list[str], str]:
    """``ledger --json``, ``ledger --csv``'s rows and ``ledger``'s text, as printed."""
    outputs = []
    for extra in (["--json"], ["--csv"], []):
        assert main(["ledger", str(folder), *extra]) == 0
        outputs.append(capsys.readouterr().out)
    return json.loads(outputs[0]), outputs[1].splitlines(), outputs[2]


def test_an_early_misread_strikes_the_rolls_it_leaves_no_room_for_and_every_report_agrees(
        tmp_path: Path, capsys) -> None:
    folder = camera_session(tmp_path / "s", extra=0)
    session = Session.open(folder)
    first = session.ledger.rolls[0].entry
    session.close()
    assert main(["review", str(folder)]) == 0
    capsys.readouterr()
    status, out, err = amend(capsys, folder, 1, " ".join(["C"] * len(first.faces)))
    assert (status, err) == (0, "")
    ledger = replay(read_journal(folder / JOURNAL)[0])
    assert ledger.struck, "Ann's later rolls no longer fit: she put every chip in the center"
    assert "Struck: " in out and "from roll " in out
    data, rows, text = reports(folder, capsys)
    now = data["current"] if ledger.series.game.rolls else data["games"][-1]
    last = rows[-1].split(",")
    assert [int(c) for c in last[-4 - len(PLAYERS):-3]] == [*now["chips"].values(), now["center"]]
    assert int(last[0]) == len(ledger.rolls) and last[-3:] == ["no", "no", "no"]
    assert rows[1].endswith(",yes,no,no"), "the corrected roll is marked in the CSV, verified"
    struck = describe_struck(ledger.struck[0].k, ledger.struck[0].player, ledger.struck[0].faces)
    assert struck in text and describe_standings(ledger.series.game, PLAYERS) in text
    page = (folder / "index.html").read_text()
    assert struck in html.unescape(re.sub(r"<[^>]+>", "", page)), "the page names the struck roll"
    assert Standings(page).cards == ledger_standings(folder)
    current = re.search(r'<p class="current">(.*?)</p>', page, re.DOTALL).group(1)
    assert describe_standings(ledger.series.game, PLAYERS) in html.unescape(
        re.sub(r"<[^>]+>", "", current)), "the Games panel says what the ledger says"
    assert sorted(Standings(page).cards) == [r.entry.k for r in ledger.rolls]


def test_the_chips_to_move_are_said_and_nobody_is_asked_for_chips_they_lack(
        tmp_path: Path, capsys) -> None:
    session = Session.create(tmp_path / "g", Settings.create(PLAYERS, stakes=(3, 1, 3)))
    for faces in (("L", "dot", "dot"), ("L", "L")):  # <script> passed both chips on to Cat
        session.record_roll(faces)
    session.close()
    status, out, _ = amend(capsys, tmp_path / "g", 1, "dot dot dot")
    assert status == 0 and out.splitlines() == [
        ("Roll 1 (Ann, game 1, turn 1): L dot dot -> dot dot dot. Nothing moves; Ann has three "
         "chips."),
        # settled now, <script> would give back a chip passed on since
        "It cannot be settled now, so the rolls since are played again on it.",
        "Struck: one roll from roll two on; the corrected game leaves no room for them.",
        "Cat, give one chip to Ann.",
        "Cat, give one chip to <script>.",
        "Game 1 standings: Ann 2 -> 3, <script> 0 -> 1, Cat 5 -> 3.",
    ]
    ledger = Session.open(tmp_path / "g").ledger
    assert [r.entry.k for r in ledger.rolls] == [1] and ledger.series.game.turn == 1


def test_the_center_pays_back_what_it_took_wrongly(tmp_path: Path, capsys) -> None:
    session = Session.create(tmp_path / "g", Settings.create(PLAYERS))
    for faces in (("C", "C", "dot"), ("dot",) * 3, ("dot",) * 3):
        session.record_roll(faces)
    session.close()
    status, out, _ = amend(capsys, tmp_path / "g", 1, "R R dot")
    assert status == 0 and "Take two chips from the center and give them to Cat." in out


def test_a_page_that_cannot_be_written_leaves_the_correction_saved(
        tmp_path: Path, capsys, monkeypatch) -> None:
    folder = manual_session(tmp_path / "m", CAT_WINS)
    assert main(["review", str(folder)]) == 0
    page = (folder / "index.html").read_text()

    made = tempfile.mkstemp

    def full_disk(prefix: str, dir: str) -> tuple[int, str]:
        """The page's scratch file is made, and written to a disk that is full (/dev/full)."""
        if not prefix.startswith(".scratch-index.html"):
            return made(prefix=prefix, dir=dir)
        fd, path = made(prefix=prefix, dir=dir)
        os.close(fd)
        return os.open("/dev/full", os.O_WRONLY), path

    with monkeypatch.context() as patched:
        patched.setattr(tempfile, "mkstemp", full_disk)
        status, out, err = amend(capsys, folder, 2, "R dot")
    assert status == 0 and read_journal(folder / JOURNAL)[0][-1][1]["event"] == "correct"
    assert err == (f"lcr-vision: warning: the correction is saved, but cannot write "
                   f"{folder / 'index.html'}: no space left on the disk; rebuild the page with: "
                   f"lcr-vision review {folder}\n")
    assert sorted(p.name for p in folder.iterdir()) == ["index.html", JOURNAL, SEAL, "photos"]
    assert (folder / "index.html").read_text() == page, "the old page stays whole"
    status, out, _ = amend(capsys, folder, 2, "R dot")  # again: the stale page is rebuilt
    assert status == 0 and out.splitlines() == [
        "Roll 2 already shows R dot: nothing to correct.", f"Updated {folder / 'index.html'}."]
    assert Standings((folder / "index.html").read_text()).cards == ledger_standings(folder)


def test_the_readme_names_every_window_key_and_the_ways_to_amend() -> None:
    text = " ".join((Path(__file__).resolve().parents[1] / "README.md").read_text().split())
    keys = text[text.index("Keys: "):text.index("(everything is already saved)")]
    named = set(re.findall(r"\*\*(.+?)\*\*", keys))
    assert named == {"space" if k == " " else k for k in KEYS if k != "\x1b"}
    assert "**a** amends a roll" in keys and KEYS["a"] == "amend"
    assert ("`amend K FACES` corrects roll *K* as `amend` does" in text
            and "amend K FACES" in EN.sentence("manual_help"))
    assert "The rolls thrown since stand as thrown" in text and "are *struck*" in text


def test_a_correction_of_a_finished_game_is_a_row_of_that_game_with_its_chips(
        tmp_path: Path, capsys) -> None:
    """Ann and <script> put their one chip each in the center and Cat won game 1; game 2 has
    begun. Roll 1 was an R: settled late, Cat ends game 1 with two chips and the center one, and
    the CSV's game 1 ends so, as the JSON's does, before game 2's rows."""
    session = Session.create(tmp_path / "g", Settings.create(PLAYERS, stakes=(1, 1, 1)))
    for faces in (("C",), ("C",), ("dot",)):
        session.record_roll(faces)
    session.close()
    status, out, _ = amend(capsys, tmp_path / "g", 1, "R")
    assert status == 0 and "The rolls since stand as thrown; it is settled now." in out
    data, rows, _ = reports(tmp_path / "g", capsys)
    table = list(csv.reader(rows[1:]))
    assert [(r[0], r[1]) for r in table] == [("1", "1"), ("2", "1"), ("1*", "1"), ("3", "2")]
    game1 = data["games"][0]
    assert table[2][7:11] == [str(c) for c in (*game1["chips"].values(), game1["center"])]
    assert game1["chips"] == {"Ann": 0, PLAYERS[1]: 0, "Cat": 2} and game1["center"] == 1
    now = data["current"]
    assert table[-1][7:11] == [str(c) for c in (*now["chips"].values(), now["center"])]
