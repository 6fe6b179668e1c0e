"""`Session`: a session folder open for play. Every roll, correction and undo is checked by the
rules, appended to the journal and synced to disk before its outcome is returned to be announced.

>>> import tempfile, pathlib
>>> from lcr_vision.rules import Settings
>>> folder = pathlib.Path(tempfile.mkdtemp()) / "s1"
>>> s = Session.create(folder, Settings.create(["Ann", "Ben", "Cat"]))
>>> s.record_roll(("L", "R", "dot")).after.chips
(1, 4, 4)
>>> s.close()
>>> s = Session.open(folder)
>>> s.to_roll, s.dice_owed
('Ben', 3)
>>> s.correct(1, ("C", "dot", "dot")).after.chips
(2, 3, 3)
>>> s.undo().k, s.to_roll
(1, 'Ann')
>>> s.close()
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from lcr_vision.ledger.errors import EditError, SessionError
from lcr_vision.ledger.events import (
    correct_event,
    game_events,
    roll_event,
    session_event,
    undo_event,
)
from lcr_vision.ledger.journal import Journal
from lcr_vision.ledger.replay import Entry, Ledger, replay
from lcr_vision.rules import Decision, GameState, RollResult, Settings

JOURNAL = "journal.jsonl"
PHOTOS = "photos"


def new_session_folder(root: Path = Path("sessions")) -> Path:
    """A fresh folder name under ``root`` from the current UTC time, e.g. ``20261129-154800``."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    folder, n = root / stamp, 1
    while folder.exists():
        n += 1
        folder = root / f"{stamp}-{n}"
    return folder


def _sync_folder(folder: Path) -> None:
    """Make a new file's name in ``folder`` durable."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class Session:
    """An open session folder: its locked journal and the ledger replayed from it."""

    def __init__(self, folder: Path, journal: Journal, ledger: Ledger) -> None:
        self.folder = folder
        self.ledger = ledger
        self.warning = journal.warning
        self._journal = journal

    @classmethod
    def create(cls, folder: Path, settings: Settings) -> Session:
        """Start a new session in ``folder`` (created if needed, with its ``photos/``)."""
        if (folder / JOURNAL).exists():
            raise SessionError(f"{folder} already holds a session: open it to continue")
        try:
            (folder / PHOTOS).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SessionError(f"cannot make the session folder {folder}: {exc.strerror}") from None
        journal = Journal.open(folder / JOURNAL)
        journal.append([session_event(settings)])
        _sync_folder(folder)
        return cls(folder, journal, Ledger.start(settings))

    @classmethod
    def open(cls, folder: Path) -> Session:
        """Open an existing session and replay its journal."""
        if not (folder / JOURNAL).is_file():
            raise SessionError(f"{folder} is not a session folder: it has no {JOURNAL}")
        journal = Journal.open(folder / JOURNAL)
        try:
            ledger = replay(journal.lines)
        except BaseException:
            journal.close()
            raise
        return cls(folder, journal, ledger)

    @property
    def settings(self) -> Settings:
        """The session's settings, as its first journal line holds them."""
        return self.ledger.settings

    @property
    def state(self) -> GameState:
        """The game in progress."""
        return self.ledger.series.game

    @property
    def to_roll(self) -> str:
        """The name of the player whose turn it is."""
        return self.settings.players[self.state.turn]

    @property
    def dice_owed(self) -> int:
        """How many dice the player to roll throws."""
        return self.state.dice_owed

    @property
    def photos(self) -> Path:
        """The folder for the photo log; a roll's ``photo`` is stored relative to the session."""
        return self.folder / PHOTOS

    def _commit(self, ledger: Ledger, events: list[dict]) -> None:
        self._journal.append(events)
        self.ledger = ledger

    def record_roll(
        self, faces: tuple[str, ...], decision: Decision | None = None, photo: str | None = None
    ) -> RollResult:
        """Play the next roll: checked by the rules, then committed to disk, then returned."""
        decision = decision or Decision()
        k = len(self.ledger.rolls) + 1
        event = roll_event(k, self.to_roll, tuple(faces), decision, photo, self.settings)
        ledger = self.ledger.apply(event)
        events = [event]
        if len(ledger.series.finished) > len(self.ledger.series.finished):
            events += game_events(ledger.series.finished[-1], self.settings, k)
        self._commit(ledger, events)
        return ledger.rolls[-1].result

    def correct(
        self, k: int, faces: tuple[str, ...], decision: Decision | None = None
    ) -> RollResult:
        """Replace the faces of roll ``k``; the roller's Wilder payment stands unless ``decision``
        says otherwise, and wild targets go back to the policy. Returns roll ``k``'s new result."""
        if decision is None:
            decision = Decision(reverse=self.ledger.entry(k).decision.reverse)
        event = correct_event(k, tuple(faces), decision, self.settings)
        try:
            ledger = self.ledger.apply(event)
        except EditError as exc:
            raise EditError(f"cannot correct roll {k}: {exc}") from None
        self._commit(ledger, [event])
        return ledger.rolls[k - 1].result

    def undo(self) -> Entry:
        """Withdraw the last roll; returns it."""
        if not self.ledger.rolls:
            raise EditError("there is no roll to undo")
        last = self.ledger.rolls[-1].entry
        event = undo_event(last.k)
        self._commit(self.ledger.apply(event), [event])
        return last

    def close(self) -> None:
        """Release the journal; everything is already on disk."""
        self._journal.close()
