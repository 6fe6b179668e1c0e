"""`Session`: a session folder open for play. Every roll, correction and undo is checked by the
rules, appended to the journal and synced to disk before its outcome is returned to be announced;
once a roll has been said, `announcing` journals that too, so that a resumed session knows
which rolls (`unannounced`) a crash kept from being said. A roll may be planned (`plan_roll`:
checked, its outcome known, nothing written) and committed later, so that what must be written
with it can be prepared first. Its ``photo`` number (`photo_number`) counts the roll events ever
journalled, so no two rolls share one, even after an undo or a crash.

>>> import tempfile, pathlib
>>> from lcr_vision.rules import Roll, Settings
>>> folder = pathlib.Path(tempfile.mkdtemp()) / "s1"
>>> s = Session.create(folder, Settings.create(["Ann", "Ben", "Cat"]))
>>> s.record_roll(("L", "R", "dot")).after.chips
(1, 4, 4)
>>> s.close()
>>> s = Session.open(folder)
>>> s.to_roll, s.dice_owed
('Ben', 3)
>>> fixed = s.amend(1, Roll(("C", "dot", "dot")))
>>> fixed.result.after.chips, fixed.transfers
((2, 3, 3), (Transfer(giver=1, receiver=0, chips=1), Transfer(giver=2, receiver='center', chips=1)))
>>> s.unannounced, s.photo_number
((1,), 2)
>>> with s.announcing(1):
...     print("Ann passes one chip left to Ben")
Ann passes one chip left to Ben
>>> s.undo().k, s.to_roll, s.photo_number
(1, 'Ann', 2)
>>> s.close()
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from lcr_vision.errors import Said, os_reason
from lcr_vision.ledger import clock
from lcr_vision.ledger.errors import EditError, SessionError
from lcr_vision.ledger.events import (
    PHOTOS,
    TYPED,
    AnnouncedEvent,
    Choices,
    CorrectEvent,
    Event,
    Evidence,
    RollEvent,
    SessionEvent,
    UndoEvent,
    game_events,
    parse_journal,
)
from lcr_vision.ledger.journal import JOURNAL, Journal, tampering
from lcr_vision.ledger.replay import Entry, Ledger, unannounced
from lcr_vision.rules import (
    Decision,
    GameRecord,
    GameState,
    Roll,
    RollResult,
    Settings,
    Transfer,
    handback,
)


def new_session_folder(root: Path = Path("sessions")) -> Path:
    """A fresh folder name under ``root`` from the current UTC time, e.g. ``20261129-154800``."""
    stamp = clock.folder_stamp(clock.now())
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


@dataclass(frozen=True)
class Amendment:
    """What correcting roll ``k`` did: its ``result`` now, how it was made good (``how``:
    ``settled`` now, the later rolls standing as thrown; ``replayed``, asked to be settled but
    the later rolls played again since it could not be; None, played again as asked or with
    nothing thrown since), the later rolls it ``struck`` (docs/rules.md, Corrections), the
    games whose end it changed (``ended``: as they end now), and the ``transfers`` that make the
    table's chips, which followed the ledger before, the ledger's."""

    k: int
    result: RollResult
    struck: tuple[Entry, ...]
    ended: tuple[GameRecord, ...]
    transfers: tuple[Transfer, ...]
    how: str | None = None


@dataclass(frozen=True)
class PlannedRoll:
    """A roll checked by the rules and not yet journalled: its events and the ledger after it."""

    events: list[Event]
    ledger: Ledger

    @property
    def result(self) -> RollResult:
        return self.ledger.rolls[-1].result

    @property
    def k(self) -> int:
        return len(self.ledger.rolls)

    def with_shot(self, shot: str) -> PlannedRoll:
        """This roll, its journal line keeping ``shot``, the digest of its saved photo."""
        return PlannedRoll([replace(e, shot=shot) if isinstance(e, RollEvent) else e
                            for e in self.events], self.ledger)


class Session:
    """An open session folder: its locked journal and the ledger replayed from it."""

    def __init__(self, folder: Path, journal: Journal, ledger: Ledger,
                 events: list[tuple[int, Event]]) -> None:
        self.folder = folder
        self.ledger = ledger
        self.warning = journal.warning
        # what shows the journal was changed by hand since it was written (`tampering`)
        self.tampered = tampering(journal.path) if events else None
        self._journal = journal
        self._rolls_journalled = sum(isinstance(e, RollEvent) for _, e in events)
        waiting = unannounced(events) if events else ()
        self.unannounced = tuple(n for n in waiting if n <= len(ledger.rolls))  # none struck

    @classmethod
    def create(cls, folder: Path, settings: Settings, language: str = "en") -> Session:
        """Start a new session in ``folder`` (created if needed, with its ``photos/``), played in
        ``language``, which its ledger, review page and corrections are written in."""
        if (folder / JOURNAL).exists():
            raise SessionError(Said("session_exists", {"folder": str(folder)}))
        try:
            (folder / PHOTOS).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SessionError(Said("cannot_make_session", {"path": str(folder),
                                                         "why": os_reason(exc)})) from None
        journal = Journal.open(folder / JOURNAL)
        journal.append([SessionEvent(settings=settings, language=language).to_json()])
        _sync_folder(folder)
        return cls(folder, journal, Ledger.start(settings, language), [])

    @classmethod
    def open(cls, folder: Path) -> Session:
        """Open an existing session and replay its journal."""
        if not (folder / JOURNAL).is_file():
            raise SessionError(Said("not_session", {"folder": str(folder), "journal": JOURNAL}))
        journal = Journal.open(folder / JOURNAL)
        try:
            events = parse_journal(journal.lines)
            ledger = Ledger.replay(events)
        except BaseException:
            journal.close()
            raise
        return cls(folder, journal, ledger, events)

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

    @property
    def photo_number(self) -> int:
        """The photo log number of the next roll: one past the roll events journalled so far."""
        return self._rolls_journalled + 1

    def _commit(self, ledger: Ledger, events: list[Event]) -> None:
        self._journal.append([e.to_json() for e in events])
        self.ledger = ledger

    def plan_roll(self, roll: Roll, evidence: Evidence = TYPED) -> PlannedRoll:
        """The next roll checked by the rules, with its outcome; nothing is written yet. Dice
        nobody saw make the roll doubtful (`RollEvent`)."""
        choices = Choices.of(roll.decision or Decision(), self.settings)
        k = len(self.ledger.rolls) + 1
        event = RollEvent(k=k, player=self.to_roll, faces=roll.faces, choices=choices,
                          photo=evidence.photo, origin=evidence.origin,
                          doubtful=evidence.doubtful or evidence.unseen > 0,
                          unseen=evidence.unseen)
        ledger = self.ledger.apply(event)
        events: list[Event] = [event]
        if len(ledger.series.finished) > len(self.ledger.series.finished):
            events += game_events(ledger.series.finished[-1], self.settings, k)
        return PlannedRoll(events, ledger)

    def commit_roll(self, planned: PlannedRoll) -> RollResult:
        """Commit a roll planned on the ledger as it still is; returns its result."""
        if planned.ledger.rolls[:-1] != self.ledger.rolls:
            raise EditError(Said("session_changed"))
        self._commit(planned.ledger, planned.events)
        self._rolls_journalled += 1
        self.unannounced += (planned.k,)
        return planned.result

    def record_roll(
        self, faces: tuple[str, ...], decision: Decision | None = None, photo: str | None = None
    ) -> RollResult:
        """Play the next roll, from its parts: checked by the rules, then committed to disk,
        then returned (the shorthand of typed sessions and tests)."""
        roll = Roll(tuple(faces), decision)
        return self.commit_roll(self.plan_roll(roll, Evidence(photo=photo)))

    @contextmanager
    def announcing(self, k: int) -> Iterator[None]:
        """Journal that roll ``k`` has been said once the body (the saying) has run. The line is
        made ready first, so that as little as can be comes between saying and marking: a crash
        just there is the one way a roll is said twice."""
        waiting = k in self.unannounced
        line = self._journal.stamped([AnnouncedEvent(k=k).to_json()]) if waiting else b""
        yield
        if line:
            self._journal.write(line)
            self.unannounced = tuple(n for n in self.unannounced if n != k)

    def amend(self, k: int, roll: Roll, keep: bool = True) -> Amendment:
        """Roll ``k`` really was ``roll``: settled now, the later rolls standing as thrown, where
        it can be and ``keep`` asks, else the later rolls replayed on it (docs/rules.md,
        Corrections); the roller's Wilder payment stands unless ``roll`` decides otherwise, and
        wild targets go back to the policy. Refused (an `EditError`) only when roll ``k`` itself
        cannot show its faces."""
        before = self.ledger
        decision = roll.decision or Decision(reverse=before.entry(k).decision.reverse)
        event = CorrectEvent(k=k, faces=roll.faces, choices=Choices.of(decision, self.settings),
                             keep=keep)
        ledger = before.apply(event)
        self._commit(ledger, [event])
        self.unannounced = tuple(n for n in self.unannounced if n <= len(ledger.rolls))
        ends = {(g.number, g.winner, g.draw) for g in before.series.finished}
        ended = tuple(g for g in ledger.series.finished if (g.number, g.winner, g.draw) not in ends)
        settled = len(ledger.settled) > len(before.settled)  # a replay settles nothing
        how = ("settled" if settled else "replayed" if keep and k < len(before.rolls)
               else None)
        return Amendment(k, ledger.rolls[k - 1].result, ledger.struck[len(before.struck):],
                         ended, handback(before.series.game, ledger.series.game), how)

    def undo(self) -> Entry:
        """Withdraw the last roll; returns it."""
        if not self.ledger.rolls:
            raise EditError(Said("no_undo"))
        last = self.ledger.rolls[-1].entry
        event = UndoEvent(k=last.k)
        self._commit(self.ledger.apply(event), [event])
        self.unannounced = tuple(n for n in self.unannounced if n != last.k)
        return last

    def close(self) -> None:
        """Release the journal; everything is already on disk."""
        self._journal.close()
