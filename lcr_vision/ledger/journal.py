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
(['session', 'roll'], Said(key='cut_line', fields={'journal': 'journal.jsonl', 'line': 3}))
>>> _ = path.write_text('{"event": "session"}\\n{"event": "roll", "k": 1}')
>>> [e["event"] for _, e in read_journal(path)[0]], read_journal(path)[1]
(['session', 'roll'], None)
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lcr_vision.atomic import replace_file, sweep
from lcr_vision.errors import Said, os_reason
from lcr_vision.ledger.errors import JournalError, SessionError

JOURNAL = "journal.jsonl"  # the journal's name in a session folder, and in its error messages
SEAL = "journal.seal"  # beside it: how many lines were written, and the last one's digest
PREV = "prev"  # each line's field holding the digest of the line before it
CHAINED = 4  # the journal version from which every line after the first carries `PREV`

RawEvent = dict[str, Any]  # a line as JSON; `lcr_vision.ledger.events` reads it into its event


def _event(raw: bytes, name: str, number: int) -> RawEvent:
    """One line's event; damage raises `JournalError` naming the line."""
    try:
        event = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise JournalError(Said("journal_damaged", {"journal": name, "line": number,
                                                     "why": str(exc)})) from None
    except RecursionError:  # hundreds of brackets deep: no event is
        raise JournalError(Said("journal_damaged", {"journal": name, "line": number,
                                                     "why": "nested too deep"})) from None
    if not isinstance(event, dict) or not isinstance(event.get("event"), str):
        raise JournalError(Said("journal_not_event", {"journal": name, "line": number}))
    return event


def _split(data: bytes, name: str) -> tuple[list[tuple[int, RawEvent]], int, Said | None]:
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
        return events, end, Said("cut_line", {"journal": name, "line": number})
    return events, len(data), None


def line_digest(raw: bytes) -> str:
    """The first 16 hex digits of the SHA-256 of a line's bytes (its newline left out)."""
    return hashlib.sha256(raw.rstrip(b"\n")).hexdigest()[:16]


def chain_break(data: bytes, chained: bool = False) -> int | None:
    """The first line of a journal's ``data`` that does not carry the digest of the line before
    it (`PREV`): from line 2 on where ``chained`` (a journal written chained), else once a line
    has carried one; None where every line follows the one before.

    >>> first = b'{"event": "session"}'
    >>> second = b'{"event": "roll", "prev": "%s"}' % line_digest(first).encode()
    >>> chain_break(first + b"\\n" + second), chain_break(second + b"\\n" + first)
    (None, 1)
    """
    raws = data.split(b"\n")
    for number, raw in enumerate(raws, start=1):
        if not raw.strip():
            continue
        try:
            prev = json.loads(raw).get(PREV)
        except (ValueError, RecursionError, AttributeError):
            if number == len(raws):  # a last line cut by a crash: reading leaves it out
                return None
            return number
        if prev is None:
            if chained and number > 1:
                return number
            continue
        chained = True
        if number == 1 or prev != line_digest(raws[number - 2]):
            return number
    return None


def lines_of(events: list[RawEvent]) -> bytes:
    """Events as journal lines."""
    return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events).encode("utf-8")


def read_journal(path: Path) -> tuple[list[tuple[int, RawEvent]], str | None]:
    """The events of a journal with their line numbers, and a warning if its last line was cut."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SessionError(Said("not_session", {"folder": str(path.parent),
                                                 "journal": path.name})) from None
    except OSError as exc:
        raise SessionError(Said("cannot_read", {"path": str(path),
                                                 "why": os_reason(exc)})) from None
    events, _, warning = _split(data, path.name)
    return events, warning


def journal_language(path: Path) -> str:
    """The language its first line says the session was played in (`SessionEvent`); English
    where it says none or cannot be read, so that a refusal about a broken journal is still
    printed."""
    try:
        with path.open("rb") as f:
            first = json.loads(f.readline(1 << 16))  # a session line is far shorter
    except (OSError, ValueError, RecursionError):
        return "en"
    language = first.get("language") if isinstance(first, dict) else None
    return language if isinstance(language, str) else "en"


class Journal:
    """A journal open for appending, locked against a second writer. ``lines`` holds the events
    it had when opened, numbered; ``warning`` says if a cut last line was dropped."""

    def __init__(self, path: Path, fd: int, lines: list[tuple[int, RawEvent]], warning: str | None,
                 last: bytes | None = None):
        self.path = path
        self.lines = lines
        self.warning = warning
        self._fd = fd
        self._last = last  # the last line written, to chain the next one to
        self._count = len(lines)
        self._time = max((e["time"] for _, e in lines if isinstance(e.get("time"), str)),
                         default="")

    @classmethod
    def open(cls, path: Path) -> Journal:
        """Open (or create) ``path`` for appending; drop a cut last line; lock it."""
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
        except OSError as exc:
            raise SessionError(Said("cannot_open", {"path": str(path),
                                                 "why": os_reason(exc)})) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise SessionError(Said("session_busy", {"folder": str(path.parent)})) from None
        sweep(path.parent)  # what writes killed in the last sitting left (the seal's, the page's)
        try:
            data = path.read_bytes()
            lines, end, warning = _split(data, path.name)
        except JournalError:
            os.close(fd)
            raise
        whole = data[:end].rstrip(b"\n") if warning else data.rstrip(b"\n")
        journal = cls(path, fd, lines, warning, whole.rsplit(b"\n", 1)[-1] if whole else None)
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
        takes the last one's time, so that the replay can hold times to never going back; each
        after the first line carries the digest of the line before it (`PREV`), so that a line
        edited, removed or moved by hand shows (`chain_break`)."""
        ready, last = b"", self._last
        for event in events:
            self._time = max(self._time, event.get("time", ""))
            stamped = event | {"time": self._time} if "time" in event else dict(event)
            if last is not None:
                stamped[PREV] = line_digest(last)
            line = lines_of([stamped])
            ready += line
            last = line.rstrip(b"\n")
        return ready

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
            lines = data.rstrip(b"\n").split(b"\n")
            if lines[-1]:
                self._last = lines[-1]
                self._count += len([line for line in lines if line])
        except OSError as exc:
            try:
                if start >= 0:
                    os.ftruncate(self._fd, start)
            except OSError:
                pass  # what is left is a cut last line, which the next reading drops
            raise SessionError(Said("cannot_write", {"path": str(self.path),
                                                  "why": os_reason(exc)})) from None
        self._seal()

    def _seal(self) -> None:
        """Write `SEAL` beside the journal: its lines and the last one's digest, so that lines
        cut from its end or a last line edited by hand show too (`tampering`). Written after the
        journal, so a crash between leaves the journal ahead of it, which reads as whole; a seal
        that cannot be written leaves the journal as it is."""
        if self._last is None:
            return
        seal = {"lines": self._count, "last": line_digest(self._last)}
        try:
            replace_file(self.path.with_name(SEAL), json.dumps(seal) + "\n")
        except OSError:
            pass

    def close(self) -> None:
        """Release the lock and the file."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


@dataclass(frozen=True)
class Tampering:
    """What shows that a journal was changed by hand since it was written: why, in one line, and
    the first line not vouched for (None where none can be named)."""

    why: Said
    line: int | None = None


def tampering(path: Path) -> Tampering | None:
    """What shows that the journal at ``path`` was changed by hand since it was written, or None
    where every line follows the one before and the seal agrees. A journal written before its
    lines were chained (version 3 and older) says so: edits would not show."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    try:
        version = json.loads(data.split(b"\n", 1)[0]).get("version")
    except (ValueError, RecursionError, AttributeError):
        version = None
    chained = isinstance(version, int) and version >= CHAINED
    broken = chain_break(data, chained)
    if broken is not None:
        since = max(broken - 1, 1)  # either line may be the one changed
        return Tampering(Said("chain_broken", {"journal": path.name, "line": broken,
                                               "before": broken - 1, "since": since}), since)
    if not chained:
        return Tampering(Said("unchained", {"journal": path.name, "version": str(version)}))
    try:
        seal = json.loads(path.with_name(SEAL).read_text(encoding="utf-8"))
        sealed, last = int(seal["lines"]), str(seal["last"])
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return Tampering(Said("no_seal", {"seal": SEAL, "journal": path.name}))
    raws = [raw for raw in data.split(b"\n") if raw.strip()]
    if len(raws) < sealed or line_digest(raws[sealed - 1]) != last:
        return Tampering(Said("seal_differs", {"journal": path.name, "line": sealed, "seal": SEAL}),
                         min(len(raws), sealed))
    return None
