"""`journal.jsonl`: an append-only file of JSON events, one per line, each synced to disk.

A line counts once it ends with a newline. A last line without one was cut by a crash before its
fsync returned, so nothing it held was ever announced: reading reports it and leaves it out, and
opening for writing truncates it away. Any other damage is an error naming the line.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "journal.jsonl"
>>> j = Journal.open(path)
>>> j.append([{"event": "session"}, {"event": "roll", "k": 1}])
>>> j.close()
>>> _ = path.open("a").write('{"event": "ro')
>>> lines, warning = read_journal(path)
>>> [e["event"] for _, e in lines], warning
(['session', 'roll'], 'journal.jsonl line 3 was cut short by a crash and is ignored')
"""

from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path
from typing import Any

from lcr_vision.ledger.errors import JournalError, SessionError

Event = dict[str, Any]


def _split(data: bytes, name: str) -> tuple[list[tuple[int, Event]], int, str | None]:
    """Parsed complete lines (numbered from 1), the bytes they cover, a warning for a cut tail."""
    events = []
    end = data.rfind(b"\n") + 1
    for number, raw in enumerate(data[:end].split(b"\n")[:-1], start=1):
        try:
            event = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise JournalError(f"{name} line {number} is damaged: {exc}") from None
        if not isinstance(event, dict) or not isinstance(event.get("event"), str):
            raise JournalError(f"{name} line {number} is not a journal event")
        events.append((number, event))
    warning = None
    if end < len(data):
        warning = f"{name} line {len(events) + 1} was cut short by a crash and is ignored"
    return events, end, warning


def read_journal(path: Path) -> tuple[list[tuple[int, Event]], str | None]:
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

    def __init__(self, path: Path, fd: int, lines: list[tuple[int, Event]], warning: str | None):
        self.path = path
        self.lines = lines
        self.warning = warning
        self._fd = fd

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
            lines, end, warning = _split(path.read_bytes(), path.name)
        except JournalError:
            os.close(fd)
            raise
        if warning:
            os.ftruncate(fd, end)
            os.fsync(fd)
        return cls(path, fd, lines, warning)

    def append(self, events: list[Event]) -> None:
        """Write the events as lines in one write, then fsync: they are committed on return."""
        data = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events).encode("utf-8")
        view = memoryview(data)
        while view:
            view = view[os.write(self._fd, view) :]
        os.fsync(self._fd)

    def close(self) -> None:
        """Release the lock and the file."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
