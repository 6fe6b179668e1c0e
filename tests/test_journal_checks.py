"""The journal is checked whole on replay: damage the rules alone let through is one line naming
the journal's line, and random damage is either reported or harmless to the replayed ledger.

Caught: any field renamed, missing, unknown or of the wrong type; a time that is not ISO 8601 with
its zone or goes back; a roll, ``announced``, ``game_over`` or ``new_game`` line deleted, repeated
or moved out of place; a photo that is not the roll's own; a ``game_over`` or ``new_game`` that is
not what the rules say. Harmless, so not reported: a deleted last ``announced`` (read as a crash
before the mark: that roll is said again), a deleted ``new_game`` (a record for readers), a time
moved without going back.
"""

from __future__ import annotations

import json
import random
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lcr_vision.cli import main
from lcr_vision.errors import english
from lcr_vision.ledger import (
    JOURNAL,
    JournalError,
    Ledger,
    Session,
    read_journal,
    replay,
    tampering,
)
from lcr_vision.ledger.events import photo_path
from lcr_vision.ledger.journal import SEAL
from lcr_vision.rules import Settings

PLAYERS = ("Ann", "Ben", "Cat")


def play(folder: Path, rolls: int = 30, seed: int = 5) -> Session:
    """A session played as the table plays it: each roll with its own photo, then announced; one
    roll undone on the way. One chip each, so that every player opens a game."""
    rng = random.Random(seed)
    session = Session.create(folder, Settings.create(PLAYERS, stakes=(1, 1, 1)))
    for n in range(rolls):
        faces = tuple(rng.choice(("L", "C", "R", "dot")) for _ in range(session.dice_owed))
        session.record_roll(faces, photo=photo_path(session.photo_number))
        with session.announcing(len(session.ledger.rolls)):
            pass
        if n == rolls // 2:
            session.undo()
    session.close()
    return session


def lines_of(folder: Path) -> list[str]:
    return (folder / JOURNAL).read_text().splitlines(keepends=True)


def events(folder: Path) -> list[dict]:
    return [json.loads(line) for line in lines_of(folder)]


def rewrite(folder: Path, lines: list[str]) -> None:
    (folder / JOURNAL).write_text("".join(lines))


def index(folder: Path, kind: str, nth: int = 0, **fields: object) -> int:
    """The line index (from 0) of the ``nth`` event of ``kind`` with ``fields``."""
    found = [i for i, e in enumerate(events(folder))
             if e["event"] == kind and all(e.get(k) == v for k, v in fields.items())]
    return found[nth]


@pytest.fixture(scope="module")
def journal(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    folder = tmp_path_factory.mktemp("played") / "s"
    play(folder)
    assert sum(e["event"] == "game_over" for e in events(folder)) >= 3
    return (folder / JOURNAL).read_bytes()


@pytest.fixture
def folder(tmp_path: Path, journal: bytes) -> Path:
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / JOURNAL).write_bytes(journal)
    return tmp_path / "s"


def edit(folder: Path, i: int, **fields: object) -> None:
    lines = lines_of(folder)
    lines[i] = json.dumps(json.loads(lines[i]) | fields) + "\n"
    rewrite(folder, lines)


def test_a_renamed_field_names_the_line(folder: Path) -> None:
    i = index(folder, "announced", 3)
    rewrite(folder, [*lines_of(folder)[:i], lines_of(folder)[i].replace('"time"', '"tmme"'),
                     *lines_of(folder)[i + 1:]])
    with pytest.raises(JournalError, match=f"line {i + 1}: announced event has an unknown "
                                           f"field 'tmme'"):
        Session.open(folder)


def test_a_deleted_announced_line_before_the_last_is_reported(folder: Path) -> None:
    lines, i = lines_of(folder), index(folder, "announced", k=5)
    rewrite(folder, lines[:i] + lines[i + 1:])
    with pytest.raises(JournalError, match="roll 6 was announced, but roll 5 before it never was"):
        Session.open(folder)


def test_a_deleted_last_announced_line_is_a_crash_before_the_mark(folder: Path) -> None:
    rewrite(folder, lines_of(folder)[:-1])
    session = Session.open(folder)
    assert session.unannounced == (len(session.ledger.rolls),)  # said again, once
    session.close()


def test_a_duplicated_announced_line_is_reported(folder: Path) -> None:
    lines, i = lines_of(folder), index(folder, "announced", k=4)
    rewrite(folder, lines[: i + 1] + lines[i:])
    with pytest.raises(JournalError, match=f"line {i + 2}: roll 4 was already announced"):
        Session.open(folder)


def test_a_photo_of_another_roll_is_reported(folder: Path) -> None:
    i = index(folder, "roll", k=3)
    edit(folder, i, photo=photo_path(2))
    with pytest.raises(JournalError, match=f"line {i + 1}: roll 3's photo 'photos/0002.json' is "
                                           "not its own, 'photos/0003.json'"):
        Session.open(folder)


def test_a_game_over_the_rules_do_not_say_is_reported(folder: Path) -> None:
    i = index(folder, "game_over")
    edit(folder, i, after_roll=events(folder)[i]["after_roll"] + 1)
    with pytest.raises(JournalError, match=f"line {i + 1}: this game_over is not what the rules"):
        Session.open(folder)


@pytest.mark.parametrize("time", ["2020-01-01T00:00:00.000+00:00", "yesterday",
                                  "2030-01-01T00:00:00"])
def test_a_time_that_goes_back_or_is_not_iso_8601_is_reported(folder: Path, time: str) -> None:
    i = index(folder, "roll", k=7)
    edit(folder, i, time=time)
    with pytest.raises(JournalError, match=f"line {i + 1}: (its time|roll event's time)"):
        Session.open(folder)


def test_a_clock_set_back_still_writes_times_that_never_go_back(folder: Path) -> None:
    edit(folder, len(lines_of(folder)) - 1, time="2999-01-01T00:00:00.000+00:00")
    session = Session.open(folder)
    session.undo()
    session.close()
    assert events(folder)[-1]["time"] == "2999-01-01T00:00:00.000+00:00"
    Session.open(folder).close()


def test_damage_is_one_line_from_the_command_line(folder: Path, capsys) -> None:
    edit(folder, index(folder, "new_game"), carried=3)
    assert main(["ledger", str(folder)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_older_journals_are_not_held_to_photo_numbers(folder: Path) -> None:
    edit(folder, 0, version=1)
    edit(folder, index(folder, "roll", k=3), photo=photo_path(2))
    Session.open(folder).close()


def same(a: Ledger, b: Ledger) -> bool:
    """The same ledger, whatever lines its events are on."""
    def entries(ledger: Ledger) -> list:
        return [replace(r.entry, line=0) for r in ledger.rolls]
    return a.series == b.series and entries(a) == entries(b)


def damaged(journal: bytes, how: str, a: int, b: int, bit: int) -> bytes:
    lines = journal.splitlines(keepends=True)
    i, j = a % len(lines), b % len(lines)
    if how == "flip":
        at = a % len(journal)
        return journal[:at] + bytes([journal[at] ^ (1 << bit)]) + journal[at + 1:]
    if how == "delete":
        return b"".join(lines[:i] + lines[i + 1:])
    if how == "duplicate":
        return b"".join(lines[: i + 1] + lines[i:])
    lines[i], lines[j] = lines[j], lines[i]
    return b"".join(lines)


@settings(max_examples=300, deadline=None)
@given(how=st.sampled_from(["flip", "delete", "duplicate", "swap"]),
       a=st.integers(0, 10**6), b=st.integers(0, 10**6), bit=st.integers(0, 7))
def test_random_damage_is_reported_or_harmless(journal: bytes, how: str, a: int, b: int,
                                               bit: int) -> None:
    whole = replay(_lines(journal)[0])
    try:
        lines, warning = _lines(damaged(journal, how, a, b, bit))
        ledger = replay(lines)
    except JournalError:
        return
    assert warning is not None or same(ledger, whole), (how, a, b, bit)


def _lines(data: bytes) -> tuple[list, str | None]:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / JOURNAL).write_bytes(data)
        return read_journal(Path(folder) / JOURNAL)


def test_a_name_with_a_terminal_escape_in_the_settings_is_reported(folder: Path) -> None:
    """Older versions took any name: a long one still reads (the review page cuts it), but no
    journal name may hold what the terminal would obey."""
    settings = events(folder)[0]["settings"]
    edit(folder, 0, settings=settings | {"players": ["Ann\x1b[31m", "Ben", "Cat"]})
    with pytest.raises(JournalError, match="line 1: player name .* holds a line break or control"):
        Session.open(folder)


@pytest.fixture(scope="module")
def sealed(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, bytes]:
    """A played journal and its seal, as lcr-vision left them."""
    folder = tmp_path_factory.mktemp("sealed") / "s"
    play(folder)
    return (folder / JOURNAL).read_bytes(), (folder / SEAL).read_bytes()


def test_a_journal_as_written_is_intact(sealed: tuple[bytes, bytes], tmp_path: Path) -> None:
    (tmp_path / JOURNAL).write_bytes(sealed[0])
    (tmp_path / SEAL).write_bytes(sealed[1])
    assert tampering(tmp_path / JOURNAL) is None


@settings(max_examples=300, deadline=None)
@given(how=st.sampled_from(["flip", "delete", "duplicate", "swap", "cut"]),
       a=st.integers(0, 10**6), b=st.integers(0, 10**6), bit=st.integers(0, 7))
def test_every_edit_by_hand_shows(sealed: tuple[bytes, bytes], how: str, a: int, b: int,
                                  bit: int) -> None:
    """Any byte flipped, line deleted, repeated or moved, or lines cut from the end: the journal
    is refused, read as cut by a crash, or shows where it was changed (`tampering`)."""
    journal, seal = sealed
    if how == "cut":
        lines = journal.splitlines(keepends=True)
        changed = b"".join(lines[:len(lines) - 1 - a % 5])
    else:
        changed = damaged(journal, how, a, b, bit)
    if changed == journal:
        return
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / JOURNAL).write_bytes(changed)
        (Path(folder) / SEAL).write_bytes(seal)
        try:
            lines, warning = read_journal(Path(folder) / JOURNAL)
            replay(lines)
        except JournalError:
            return
        assert warning is not None or tampering(Path(folder) / JOURNAL) is not None, (how, a, b)


def test_an_older_journal_says_once_that_edits_would_not_show(folder: Path) -> None:
    old = [{k: v for k, v in e.items() if k != "prev"} for e in events(folder)]
    rewrite(folder, [json.dumps(old[0] | {"version": 3}) + "\n",
                     *(json.dumps(e) + "\n" for e in old[1:])])
    session = Session.open(folder)
    assert session.tampered is not None and session.tampered.line is None
    assert "written before its lines were chained (version 3)" in english(session.tampered.why)
    session.close()
