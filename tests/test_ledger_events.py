"""The journal's typed events: every kind round-trips through its JSON line, byte for byte as the
journal has always written it; a damaged field names its line; and journals written by earlier
versions (no ``announced`` lines, ``settle`` corrections, other time stamps) replay to the same
ledger as the journal written now."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lcr_vision.faces import FACE_TOKENS
from lcr_vision.ledger import JOURNAL, JournalError, Ledger, Session, clock, read_journal, replay
from lcr_vision.ledger import events as ev
from lcr_vision.ledger.journal import line_digest
from lcr_vision.ledger.session import new_session_folder
from lcr_vision.rules import Decision, Roll, Settings, Variants

PLAYERS = ("Ann", "Ben", "Cat")
T = "2026-11-29T16:40:05.123+00:00"
LINES = [  # a line of each kind, as the journal writes it (docs/formats.md)
    '{"event": "session", "version": 3, "time": "%s", "settings": %s}',
    ('{"event": "roll", "k": 1, "time": "%s", "player": "Ann", "faces": ["1", "5", "2"], '
     '"reverse": false, "targets": ["Cat"], "photo": "photos/0001.json"}'),
    ('{"event": "roll", "k": 2, "time": "%s", "player": "Ben", "faces": ["L"], "reverse": true, '
     '"targets": null, "photo": null, "source": "/videos/a.mp4", "frame": 12, "doubtful": true}'),
    ('{"event": "correct", "k": 1, "time": "%s", "faces": ["C"], "reverse": false, '
     '"targets": null}'),
    ('{"event": "settle", "k": 1, "time": "%s", "faces": ["C"], "reverse": false, '
     '"targets": null}'),
    '{"event": "undo", "k": 2, "time": "%s"}',
    '{"event": "announced", "k": 1, "time": "%s"}',
    ('{"event": "game_over", "game": 1, "after_roll": 9, "time": "%s", "winner": "Cat", '
     '"draw": false}'),
    ('{"event": "game_over", "game": 2, "after_roll": 20, "time": "%s", "winner": null, '
     '"draw": true}'),
    '{"event": "new_game", "game": 2, "time": "%s", "first": "Ben", "carried": 0}',
]


def settings() -> Settings:
    return Settings.create(PLAYERS, variants=Variants(wild=True))


def filled(line: str) -> str:
    values = (T, json.dumps(settings().to_dict())) if '"session"' in line else T
    return line % values


@pytest.mark.parametrize("line", LINES)
def test_every_kind_round_trips_byte_for_byte(line: str) -> None:
    text = filled(line)
    event = ev.parse_event(json.loads(text), 1)
    assert json.dumps(event.to_json()) == text
    assert type(event).from_json(event.to_json()) == event


def test_the_fields_read_back_typed() -> None:
    roll, moved = (ev.parse_event(json.loads(filled(line))) for line in LINES[1:3])
    assert roll == ev.RollEvent(k=1, player="Ann", faces=("1", "5", "2"),
                                choices=ev.Choices(targets=("Cat",)), photo=ev.photo_path(1),
                                time=datetime(2026, 11, 29, 16, 40, 5, 123000, UTC))
    assert moved.origin == ev.Origin("/videos/a.mp4", 12) and moved.doubtful
    assert roll.choices.decision(settings()) == Decision(targets=(2,))
    settle = ev.parse_event(json.loads(filled(LINES[4])))
    assert isinstance(settle, ev.SettleEvent) and isinstance(settle, ev.CorrectEvent)


def test_a_session_journals_each_event_as_its_class_writes_it(tmp_path: Path) -> None:
    session = Session.create(tmp_path / "s", Settings.create(PLAYERS, stakes=(1, 1, 1)))
    session.record_roll(("L",), photo=ev.photo_path(1))
    with session.announcing(1):
        pass
    session.record_roll(("L", "L"))
    session.amend(2, Roll(("dot", "dot")))
    session.undo()
    session.close()
    text = (tmp_path / "s" / JOURNAL).read_text().splitlines()
    events = [e for _, e in ev.parse_journal(read_journal(tmp_path / "s" / JOURNAL)[0])]
    assert [type(e) for e in events] == [
        ev.SessionEvent, ev.RollEvent, ev.AnnouncedEvent, ev.RollEvent, ev.GameOverEvent,
        ev.NewGameEvent, ev.CorrectEvent, ev.UndoEvent]
    # each line as its class writes it, then the digest of the line before it
    assert [json.dumps(e.to_json()) for e in events] == [
        json.dumps({k: v for k, v in json.loads(line).items() if k != "prev"}) for line in text]
    assert all(json.loads(b)["prev"] == line_digest(a.encode()) for a, b in pairwise(text))


times = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2200, 1, 1),
                     timezones=st.sampled_from([UTC, timezone(timedelta(hours=-5))])).map(
    lambda t: t.replace(microsecond=t.microsecond // 1000 * 1000))
counts = st.integers(0, 10**9)
names = st.text(min_size=1, max_size=12)
faces = st.lists(st.sampled_from(FACE_TOKENS), max_size=3).map(tuple)
choices = st.builds(ev.Choices, st.booleans(), st.none() | st.lists(names, max_size=3).map(tuple))
any_event: st.SearchStrategy[ev.Event] = st.one_of(
    st.builds(ev.SessionEvent, settings=st.just(settings()),
              version=st.sampled_from(ev.READABLE), time=times),
    st.builds(ev.RollEvent, k=counts, player=names, faces=faces, choices=choices,
              photo=st.none() | st.text(),
              origin=st.none() | st.builds(ev.Origin, st.text(), counts),
              doubtful=st.booleans(), time=times),
    *(st.builds(kind, k=counts, faces=faces, choices=choices, time=times)
      for kind in (ev.CorrectEvent, ev.SettleEvent)),
    *(st.builds(kind, k=counts, time=times) for kind in (ev.UndoEvent, ev.AnnouncedEvent)),
    st.builds(ev.GameOverEvent, game=counts, after_roll=counts, winner=st.none() | names,
              draw=st.booleans(), time=times),
    st.builds(ev.NewGameEvent, game=counts, first=names, carried=counts, time=times),
)


@given(any_event)
def test_any_valid_event_round_trips_through_its_json_line(event: ev.Event) -> None:
    line = json.dumps(event.to_json(), ensure_ascii=False)
    again = ev.parse_event(json.loads(line), 5)
    assert again == event and type(again) is type(event)
    assert json.dumps(again.to_json(), ensure_ascii=False) == line


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"event": "shuffle"}, "line 4: unexpected 'shuffle' event"),
        ({"event": "undo", "k": 1}, "line 4: undo event needs 'time'"),
        ({"event": "undo", "k": -1, "time": T}, "undo event's 'k' cannot be negative"),
        ({"event": "undo", "k": True, "time": T}, "undo event's 'k' must be a whole number"),
        ({"event": "announced", "k": 1, "time": "2026-11-29T16:40:05"},
         "announced event's time '2026-11-29T16:40:05' is not ISO 8601 with a time zone"),
        ({"event": "correct", "k": 1, "time": T, "faces": ["Q"], "reverse": False,
          "targets": None}, "unknown face in \\['Q'\\]"),
        ({"event": "correct", "k": 1, "time": T, "faces": ["L"], "reverse": False,
          "targets": [3]}, "bad wild targets"),
        ({"event": "roll", "k": 1, "time": T, "player": "Ann", "faces": ["L"], "reverse": False,
          "targets": None, "photo": None, "source": "a.mp4"}, "roll event needs 'frame'"),
        ({"event": "session", "version": 9}, "line 4: unknown journal version 9"),
        ({"event": "session", "version": 2, "time": T, "settings": {}},
         "line 4: malformed settings"),
    ],
)
def test_a_bad_field_is_a_journal_error_naming_the_line(data: dict, message: str) -> None:
    with pytest.raises(JournalError, match=message):
        ev.parse_event(data, 4)


def test_a_class_reads_only_its_own_kind() -> None:
    with pytest.raises(JournalError, match="line 2: not a roll event: 'undo'"):
        ev.RollEvent.from_json({"event": "undo", "k": 1, "time": T}, 2)


def older(lines: list[str], version: int) -> list[str]:
    """The journal as an earlier version wrote it: version 1 had no ``announced`` lines,
    version 3 wrote ``settle`` for a correction; the times with ``Z``, to the second."""
    out = []
    for line in lines:
        event = json.loads(line)
        event["time"] = clock.record_stamp(clock.parse(event["time"]))
        if event["event"] == "session":
            event["version"] = version
        if event["event"] == "correct" and version == 3:
            event["event"] = "settle"
        if not (event["event"] == "announced" and version == 1):
            out.append(json.dumps(event) + "\n")
    return out


@pytest.mark.parametrize("version", ev.READABLE)
def test_a_journal_of_an_earlier_version_replays_to_the_same_ledger(tmp_path: Path,
                                                                     version: int) -> None:
    session = Session.create(tmp_path / "s", Settings.create(PLAYERS, stakes=(1, 1, 1)))
    for k, face in enumerate(("R", "L", "C", "L", "dot", "L", "C"), start=1):
        session.record_roll((face,) * session.dice_owed)
        with session.announcing(k):
            pass
    session.amend(5, Roll(("C",)))  # roll 7 is struck; a game still ends in it
    session.undo()
    session.close()
    path = tmp_path / "s" / JOURNAL
    now = replay(read_journal(path)[0])
    kinds = {json.loads(line)["event"] for line in path.read_text().splitlines()}
    assert kinds == {"session", "roll", "announced", "game_over", "new_game", "correct", "undo"}
    assert now.rolls[4].entry.corrected and now.struck and len(now.series.finished) == 2
    path.write_text("".join(older(path.read_text().splitlines(), version)))
    then = Session.open(tmp_path / "s")
    assert then.ledger.series == now.series and then.unannounced == ()
    assert [replace(r.entry, line=0) for r in then.ledger.rolls] == [
        replace(r.entry, line=0) for r in now.rolls]
    assert [e.faces for e in then.ledger.struck] == [e.faces for e in now.struck]
    then.close()


def test_the_replay_dispatches_typed_events_without_a_journal() -> None:
    first = ev.SessionEvent(settings=Settings.create(PLAYERS, stakes=(1, 1, 1)))
    events: list[ev.Event] = [first, ev.RollEvent(k=1, player="Ann", faces=("L",)),
                              ev.CorrectEvent(k=1, faces=("dot",)), ev.UndoEvent(k=1)]
    ledger = Ledger.replay(list(enumerate(events, start=1)))
    assert ledger.rolls == () and ledger.series.game.chips == (1, 1, 1)
    with pytest.raises(JournalError, match="line 3: unexpected 'session' event"):
        Ledger.replay([(1, first), (2, events[1]), (3, first)])


def test_one_clock_stamps_the_journal_the_photo_log_and_the_folders(tmp_path: Path) -> None:
    moment = clock.now()
    assert clock.parse(clock.stamp(moment)) == moment and moment.microsecond % 1000 == 0
    assert clock.parse(clock.record_stamp(moment)) == moment.replace(microsecond=0)
    folder = new_session_folder(tmp_path)
    assert datetime.strptime(folder.name, "%Y%m%d-%H%M%S").year == moment.year
    with pytest.raises(ValueError, match="not ISO 8601 with a time zone"):
        clock.parse("yesterday")
