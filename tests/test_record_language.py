"""A Russian session's written record is Russian: the ledger as text and its CSV's moves, what
``amend`` and ``review`` print, and the review page's sentences. Only face tokens, names and
paths may be other than Russian."""

from __future__ import annotations

import csv
import io
import re
import shutil
import string
from pathlib import Path

import pytest
from test_review_model import camera_session

from lcr_vision.cli import main
from lcr_vision.ledger import JOURNAL, Ledger, Session, read_journal, replay
from lcr_vision.ledger.errors import JournalError
from lcr_vision.ledger.events import Evidence, RollEvent, SessionEvent
from lcr_vision.review import build_review
from lcr_vision.review.report import ledger_text
from lcr_vision.rules import Roll, Settings

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
        session.commit_roll(session.plan_roll(Roll(("dot",) * (session.dice_owed - 1)),
                                              Evidence(unseen=1)))
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
    assert err[0].startswith("lcr-vision: ошибка: броска 99 нет: всего бросков ")
    assert err[1].startswith("lcr-vision: ошибка: бросок 1 — это бросок игрока Аня, ")
    assert all(latin_words(line.removeprefix("lcr-vision: ошибка:")) <= {"faces"}
               for line in err[:2])


# Latin a Russian refusal may hold besides face tokens, options, quoted fields and hyphenated names
# (variants, the program): names of things that have no Russian name, and what the user types
# (amend K, N, x,y,w,h, a profile's true, false and null).
NAMES = {"LCR", "Wild", "Wilder", "JSON", "ONNX", "JPEG", "PNG", "BMP", "TIFF", "WebP", "PPM",
         "OpenCV", "PyTorch", "amend", "K", "N", "x", "y", "w", "h", "aplay", "install", "make",
         "train", "pip", "lcr", "mixed", "true", "false", "null", "Pillow",
         "TrueType"}


def fields(template: str) -> set[str]:
    """The names of a template's fields."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_refusal_is_in_both_languages() -> None:
    """The same keys in both tables; English holds no Russian, Russian no English word past what
    is typed, and no field the English does not fill (it may leave one out)."""
    from lcr_vision.phrases.ru_refusals import REFUSALS_RU
    from lcr_vision.refusals import REFUSALS

    assert REFUSALS.keys() == REFUSALS_RU.keys()
    for key, template in REFUSALS_RU.items():
        assert not re.search("[а-яё]", REFUSALS[key], re.IGNORECASE), key
        assert fields(template) <= fields(REFUSALS[key]), key
        text = re.sub(r"\{[^}]*\}|'[^']*'", " ", template)
        text = re.sub(r"--[a-z-]+( [a-z]+)?|[a-z]+(-[a-z]+)+", " ", text)  # typed as they are
        assert latin_words(text) <= NAMES, (key, latin_words(text) - NAMES)


def test_a_russian_sessions_file_refusals_are_russian(russian: Path, tmp_path: Path,
                                                      capsys) -> None:
    damaged, blocked = tmp_path / "damaged", tmp_path / "blocked"
    shutil.copytree(russian, damaged)
    shutil.copytree(russian, blocked)
    with (damaged / JOURNAL).open("a") as journal:
        journal.write('{"event": "roll", "k": [}\n{"event": "undo"}\n')
    (blocked / "index.html").unlink(missing_ok=True)
    (blocked / "index.html").mkdir()
    assert main(["ledger", str(damaged)]) == 2
    assert main(["review", str(blocked)]) == 2
    session = Session.open(russian)  # a second program is at the table
    try:
        assert main(["amend", str(russian), "--roll", "1", "--faces", "L"]) == 2
    finally:
        session.close()
    err = capsys.readouterr().err.splitlines()
    assert "журнала journal.jsonl повреждена" in err[0]
    assert err[1].startswith(f"lcr-vision: ошибка: не записать {blocked}")
    assert "уже открыта другой программой lcr-vision" in err[2]
    assert all(latin_words(line.removeprefix("lcr-vision: ошибка:")) <= {"journal", "jsonl",
                                                                        "lcr", "vision"}
               for line in err), err


def test_a_russian_sessions_journal_warnings_are_russian(russian: Path, tmp_path: Path,
                                                         capsys) -> None:
    edited = tmp_path / "edited"
    shutil.copytree(russian, edited)
    lines = (edited / JOURNAL).read_text(encoding="utf-8").splitlines(keepends=True)
    lines[2] = lines[2].replace('"k": 2', '"k": 2 ')  # the same event, not the same line
    (edited / JOURNAL).write_text("".join(lines) + '{"event": "ro', encoding="utf-8")
    assert main(["ledger", str(edited)]) == 0
    capsys.readouterr()
    assert main(["review", str(edited)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert "оборвана сбоем и пропущена" in err[0] and "не следует за строкой 3" in err[1]
    assert all(latin_words(line.removeprefix("lcr-vision: внимание:")) <= {"journal", "jsonl"}
               for line in err), err
    review = build_review(edited)
    assert latin_words(f"{review.warning} {review.tampered}") <= {"journal", "jsonl"}
