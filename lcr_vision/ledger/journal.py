"""`journal.jsonl`: an append-only file of JSON events, one per line, each synced to disk.

A last line that is not a whole JSON event was cut by a crash before its fsync returned, so
nothing it held was ever announced: reading reports it and leaves it out, and opening for writing
truncates it away. A whole event without its newline (a file saved by an editor, or a crash that
came between the event and its newline) is kept: opening for writing adds the newline, and
anything it held that was never announced is announced on resume (see `lcr_vision.ledger.events`).
Any other damage is an error naming the line. A write that fails (a full disk) is taken back, so
the journal never holds half a line that this process goes on after.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "journal.jsonl"
>>> j = Journal.open(path)
>>> j.append([{"event": "session"}, {"event": "roll", "k": 1}])
>>> j.close()
>>> _ = path.open("a").write('{"event": "ro')
>>> lines, warning = read_journal(path)
>>> [e["event"] for _, e in lines], warning
(['session', 'roll'], 'journal.jsonl line 3 was cut short by a crash and is ignored')
>>> _ = path.write_text('{"event": "session"}\\n{"event": "roll", "k": 1}')
>>> [e["event"] for _, e in read_journal(path)[0]], read_journal(path)[1]
(['session', 'roll'], None)
"""

from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path
from typing import Any

from lcr_vision.ledger.errors import JournalError, SessionError

JOURNAL = "journal.jsonl"  # the journal's name in a session folder, and in its error messages

RawEvent = dict[str, Any]  # a line as JSON; `lcr_vision.ledger.events` reads it into its event


def _event(raw: bytes, name: str, number: int) -> RawEvent:
    """One line's event; damage raises `JournalError` naming the line."""
    try:
        event = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise JournalError(f"{name} line {number} is damaged: {exc}") from None
    except RecursionError:  # hundreds of brackets deep: no event is
        raise JournalError(f"{name} line {number} is damaged: nested too deep") from None
    if not isinstance(event, dict) or not isinstance(event.get("event"), str):
        raise JournalError(f"{name} line {number} is not a journal event")
    return event


def _split(data: bytes, name: str) -> tuple[list[tuple[int, RawEvent]], int, str | None]:
    """Parsed lines (numbered from 1), the bytes they cover, a warning for a cut tail. A last line
    without its newline counts when it is a whole event; otherwise it was cut by a crash."""
    end = data.rfind(b"\n") + 1
    events = [(number, _event(raw, name, number))
              for number, raw in enumerate(data[:end].split(b"\n")[:-1], start=1)]
    if end == len(data):
        return events, end, None
    number = len(events) + 1
    try:
        events.append((number, _event(data[end:], name, number)))
    except JournalError:
        return events, end, f"{name} line {number} was cut short by a crash and is ignored"
    return events, len(data), None


def lines_of(events: list[RawEvent]) -> bytes:
    """Events as journal lines."""
    return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events).encode("utf-8")


def read_journal(path: Path) -> tuple[list[tuple[int, RawEvent]], str | None]:
    """The events of a journal with their line numbers, and a warning if its last line was cut."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SessionError(f"{path.parent} is not a session folder: no {path.name}") from None
    except OSError as exc:
        raise SessionError(f"cannot read {path}: {exc.strerror}") from None
    events, _, warning = _split(data, path.name)
    return events, warning


class Journal:
    """A journal open for appending, locked against a second writer. ``lines`` holds the events
    it had when opened, numbered; ``warning`` says if a cut last line was dropped."""

    def __init__(self, path: Path, fd: int, lines: list[tuple[int, RawEvent]], warning: str | None):
        self.path = path
        self.lines = lines
        self.warning = warning
        self._fd = fd
        self._time = max((e["time"] for _, e in lines if isinstance(e.get("time"), str)),
                         default="")

    @classmethod
    def open(cls, path: Path) -> Journal:
        """Open (or create) ``path`` for appending; drop a cut last line; lock it."""
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
        except OSError as exc:
            raise SessionError(f"cannot open {path}: {exc.strerror}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise SessionError(f"{path.parent} is open in another lcr-vision process") from None
        try:
            data = path.read_bytes()
            lines, end, warning = _split(data, path.name)
        except JournalError:
            os.close(fd)
            raise
        journal = cls(path, fd, lines, warning)
        try:
            if warning:
                os.ftruncate(fd, end)
                os.fsync(fd)
            elif data and not data.endswith(b"\n"):
                journal.write(b"\n")  # a whole last event saved without its newline
        except SessionError:
            journal.close()
            raise
        return journal

    def stamped(self, events: list[RawEvent]) -> bytes:
        """The events as lines, ready to write: one stamped before the last (a clock set back)
        takes the last one's time, so that the replay can hold times to never going back."""
        ready = []
        for event in events:
            self._time = max(self._time, event.get("time", ""))
            ready.append(event | {"time": self._time} if "time" in event else event)
        return lines_of(ready)

    def append(self, events: list[RawEvent]) -> None:
        """Write the events as lines in one write, then fsync: they are committed on return."""
        self.write(self.stamped(events))

    def write(self, data: bytes) -> None:
        """Append and fsync ``data``; a failed write (a full disk) is cut back off and raises
        `SessionError` naming the journal."""
        start, view = -1, memoryview(data)
        try:
            start = os.lseek(self._fd, 0, os.SEEK_END)
            while view:
                view = view[os.write(self._fd, view) :]
            os.fsync(self._fd)
        except OSError as exc:
            try:
                if start >= 0:
                    os.ftruncate(self._fd, start)
            except OSError:
                pass  # what is left is a cut last line, which the next reading drops
            raise SessionError(f"cannot write {self.path}: {exc.strerror}") from None

    def close(self) -> None:
        """Release the lock and the file."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
