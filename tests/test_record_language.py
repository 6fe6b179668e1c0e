"""A Russian session's written record is Russian: the ledger as text and its CSV's moves, what
``amend`` and ``review`` print, and the review page's sentences. Only face tokens, names and
paths may be other than Russian."""

from __future__ import annotations

import csv
import io
import re
import shutil
from pathlib import Path

import pytest
from test_review_model import camera_session

from lcr_vision.cli import main
from lcr_vision.ledger import JOURNAL, Ledger, Session, read_journal, replay
from lcr_vision.ledger.errors import JournalError
from lcr_vision.ledger.events import RollEvent, SessionEvent
from lcr_vision.ledger.report import ledger_text
from lcr_vision.review import build_review
from lcr_vision.rules import Settings

PLAYERS = ("Аня", "Боря", "Вера")
FACE_TOKENS = {"L", "C", "R", "dot", "wild"}


def latin_words(text: str) -> set[str]:
    """The words of Latin letters in ``text`` that are not face tokens, paths left out (they are
    the user's folders)."""
    text = " ".join(word for word in text.split() if "/" not in word)
    return set(re.findall(r"[A-Za-z]+", text)) - FACE_TOKENS


@pytest.fixture(scope="module")
def russian(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A camera session in Russian, with an undo, a doubtful read, a finished game, a roll with
    a die nobody saw, a correction settled now and one played again."""
    folder = camera_session(tmp_path_factory.mktemp("ru") / "s", players=PLAYERS,
                            language="ru")
    session = Session.open(folder)
    try:
        session.commit_roll(session.plan_roll(("dot",) * (session.dice_owed - 1),
                                              unseen=1))
    finally:
        session.close()
    return folder


def amend(folder: Path, k: int, *more: str) -> str:
    """Correct roll ``k`` to faces other than its own; what ``amend`` printed."""
    entry = replay(read_journal(folder / JOURNAL)[0]).entry(k)
    faces = " ".join("L" if f == "dot" else "dot" for f in entry.faces)
    assert main(["amend", str(folder), "--roll", str(k), "--faces", faces, *more]) == 0
    return entry.player


def test_a_russian_session_prints_no_english_word(russian: Path, tmp_path: Path,
                                                  capsys) -> None:
    struck = tmp_path / "struck"
    shutil.copytree(russian, struck)
    amend(struck, 1, "--replay")  # the later rolls played again: most are struck
    rolls = len(replay(read_journal(russian / JOURNAL)[0]).rolls)
    for k in range(rolls - 2, 0, -1):  # the latest correction that can be settled now
        amend(russian, k)
        if replay(read_journal(russian / JOURNAL)[0]).settled:
            break
    amended = capsys.readouterr().out
    printed = [amended]
    for folder in (russian, struck):
        assert main(["ledger", str(folder)]) == 0
        printed.append(capsys.readouterr().out)
        assert main(["ledger", str(folder), "--csv"]) == 0
        rows = csv.DictReader(io.StringIO(capsys.readouterr().out))
        printed.append(" ".join(row["moves"] for row in rows))
        assert main(["review", str(folder)]) == 0
        printed.append(capsys.readouterr().out)
        review = build_review(folder)
        assert review.language == "ru"
        printed += [review.current, *review.settled, *review.struck, review.unverified or "",
                    review.intact or "", *(c.moves for c in review.cards),
                    *(d for c in review.cards for d in c.doubts),
                    *(c.answered or "" for c in review.cards)]
    text = "\n".join(printed)
    assert latin_words(text) == set(), text
    for said in ("исправлен после броска", "вычеркнут", "Не проверено с броска",
                 "Игра 1: победитель", "Страница записана", "Игра 1, фишки:",
                 "прочитано с уверенностью", "грани введены за столом"):
        assert said in text, said


def test_a_journal_written_before_languages_reads_as_english() -> None:
    first = SessionEvent(settings=Settings.create(["Ann", "Ben", "Cat"]))
    assert "language" not in first.to_json()  # as older versions wrote it, byte for byte
    read = SessionEvent.from_json(first.to_json())
    roll = RollEvent(k=1, player="Ann", faces=("L", "dot", "dot"))
    ledger = Ledger.replay([(1, read), (2, roll)])
    assert read.language is None and ledger.language == "en"
    assert ledger_text(ledger).startswith("Players and starting chips: Ann 3, Ben 3, Cat 3.")


def test_an_unknown_language_names_the_line() -> None:
    data = SessionEvent(settings=Settings.create(["Ann", "Ben", "Cat"]), language="ru").to_json()
    with pytest.raises(JournalError, match="line 1: unknown language 'fr'"):
        SessionEvent.from_json(data | {"language": "fr"}, 1)


def test_a_russian_sessions_refusals_are_russian(russian: Path, capsys) -> None:
    assert main(["amend", str(russian), "--roll", "99", "--faces", "L"]) == 2
    assert main(["amend", str(russian), "--roll", "1", "--faces", "L L L L"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("lcr-vision: error: броска 99 нет: всего бросков ")
    assert err[1].startswith("lcr-vision: error: бросок 1 — это бросок игрока Аня, ")
    assert all(latin_words(line.removeprefix("lcr-vision: error:")) <= {"faces"}
               for line in err[:2])
