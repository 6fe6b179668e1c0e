"""The ledger is the replay of the journal: settings, then the live rolls played through the rules.

Corrections replace a roll's faces and undo withdraws the last roll; the ledger is then what it
would have been had the right faces been read, one replay that every report is drawn from. A
correction is always accepted: the later rolls are played again on it, and the first that the
corrected game would not have let happen (another player's turn, another number of dice, a choice
the rules refuse) is *struck* with every roll after it (docs/rules.md, "Corrections").

>>> from lcr_vision.rules import Settings
>>> ledger = Ledger.start(Settings.create(["Ann", "Ben", "Cat"]))
>>> ledger = ledger.apply(RollEvent(k=1, player="Ann", faces=("L", "R", "3")))
>>> ledger = ledger.apply(CorrectEvent(k=1, faces=("C", "3", "3")))
>>> ledger.series.game.chips, ledger.series.game.center, ledger.rolls[0].entry.corrected
((2, 3, 3), 1, True)
>>> for k, faces in enumerate((("3",) * 3, ("3",) * 3, ("L", "3")), start=2):
...     ledger = ledger.apply(RollEvent(k=k, player="Ann Ben Cat".split()[(k - 1) % 3],
...                                     faces=faces))
>>> ledger = ledger.apply(CorrectEvent(k=1, faces=("C", "C", "C")))
>>> [r.entry.k for r in ledger.rolls], [e.faces for e in ledger.struck]  # Ann has no chips left
([1, 2, 3], [('L', '3')])
>>> ledger.series.game.chips, ledger.series.game.center, ledger.series.game.turn
((0, 3, 3), 3, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from lcr_vision.errors import Said
from lcr_vision.ledger.checks import Order
from lcr_vision.ledger.errors import EditError, JournalError
from lcr_vision.ledger.events import (
    AnnouncedEvent,
    CorrectEvent,
    Event,
    GameOverEvent,
    NewGameEvent,
    Origin,
    RollEvent,
    SessionEvent,
    UndoEvent,
    fault,
    parse_journal,
)
from lcr_vision.ledger.journal import JOURNAL, RawEvent
from lcr_vision.rules import (
    Decision,
    GameRecord,
    GameState,
    RollResult,
    RulesError,
    Series,
    Settings,
    Transfer,
    handback,
)
from lcr_vision.rules.late_correction import settle

NOT_SEEN = "dot"  # what the rules play for a die nobody saw: the face that moves no chip


def shown(faces: Sequence[str], unseen: int) -> tuple[str, ...]:
    """A roll's ``faces`` as played (`Entry.played_faces`, or their game faces) as a person reads
    them: the ``unseen`` dice, the last, as ``?``.

    >>> shown(("L", "dot", "dot"), 2)
    ('L', '?', '?')
    """
    return (*faces[:len(faces) - unseen], *("?",) * unseen)


@dataclass(frozen=True)
class Entry:
    """A live roll as the journal holds it: latest faces and choices, and the line they are on."""

    k: int
    player: str
    faces: tuple[str, ...]
    decision: Decision
    photo: str | None
    corrected: bool
    line: int
    origin: Origin | None = None  # the folder's photo or video's frame it was read from
    doubtful: bool = False  # committed doubtful, with nobody to answer the question
    unseen: int = 0  # dice owed that nobody saw, after ``faces`` (those seen)

    @property
    def played_faces(self) -> tuple[str, ...]:
        """The faces the rules play: those seen, and a dot for each die nobody saw. A dot moves
        no chip, so a die not seen moves none until a correction says what it showed; the
        ledger is unverified from this roll on meanwhile (`Ledger.unverified_from`).

        >>> Entry(3, "Cat", ("L",), Decision(), None, False, 0, unseen=2).played_faces
        ('L', 'dot', 'dot')
        """
        return self.faces + (NOT_SEEN,) * self.unseen

    @property
    def shown_faces(self) -> tuple[str, ...]:
        """The faces as a person reads them: those seen, and ``?`` for each die nobody saw."""
        return shown(self.played_faces, self.unseen)

    @property
    def verified(self) -> bool:
        """Its faces were all seen and sure, or confirmed: not a doubtful read nobody answered
        for, nor one with dice nobody saw, unless corrected since."""
        return self.corrected or not (self.doubtful or self.unseen)


@dataclass(frozen=True)
class PlayedRoll:
    """A live roll and what it did: its game, its number within the game, the engine's result,
    and the series before it (what undo returns to)."""

    entry: Entry
    game: int
    turn: int
    result: RollResult
    before: Series

    @property
    def shown_game_faces(self) -> tuple[str, ...]:
        """The game faces as a person reads them: ``?`` for each die nobody saw."""
        return shown(self.result.game_faces, self.entry.unseen)


@dataclass(frozen=True)
class Settlement:
    """A correction of roll ``k`` settled after roll ``after`` was thrown, the rolls between
    standing as thrown (docs/rules.md, Corrections): the game it left on the table (``table``),
    the chips handed for it (``transfers``, none for a finished game's) and, where roll ``k``'s
    game had ended, that game as the correction left it (``ended``)."""

    k: int
    after: int
    table: GameState
    transfers: tuple[Transfer, ...]
    ended: GameRecord | None = None

    @property
    def holdings(self) -> tuple[tuple[int, ...], int]:
        """The chips and center of the corrected game after it: of the game on the table, or
        of the finished game it corrected (whose result stands)."""
        game = self.table if self.ended is None else self.ended
        return game.chips, game.center


@dataclass(frozen=True)
class Ledger:
    """The replayed state of a session."""

    settings: Settings
    series: Series
    rolls: tuple[PlayedRoll, ...] = ()
    struck: tuple[Entry, ...] = ()  # rolls a correction struck, in the order they were thrown
    settled: tuple[Settlement, ...] = ()  # corrections settled now, in the order made
    language: str = "en"  # the session's, in which its reports are written (`SessionEvent`)

    @classmethod
    def start(cls, settings: Settings, language: str = "en") -> Ledger:
        """A session with no rolls yet."""
        return cls(settings, Series.start(settings), language=language)

    def play(self, entry: Entry) -> Ledger:
        """This ledger with one more roll; a `RulesError` if the rules refuse it."""
        game = self.series.game
        expected = self.settings.players[game.turn]
        if entry.player != expected:
            raise EditError(Said("not_their_turn", {"k": entry.k, "player": entry.player,
                                                    "expected": expected}))
        result, series = self.series.play(entry.played_faces, entry.decision)
        played = PlayedRoll(entry, game.game, game.rolls + 1, result, self.series)
        return replace(self, series=series, rolls=self.rolls + (played,))

    def replayed(self, entries: list[Entry]) -> Ledger:
        """The session played again from the first of ``entries`` on (the rolls before it stand);
        a refused first entry is an `EditError`, a later one is struck with the rest. A
        correction of an earlier roll settled after ``entries[0]`` was thrown is in no state the
        replay could start from, so it starts from that roll, whose corrected faces carry it,
        and so on back while the roll it starts from had such a correction settled after it."""
        first = entries[0].k
        while earlier := [s.k for s in self.settled if s.k < first <= s.after]:
            # starting earlier may cross another settlement made after that roll: go on back
            entries = [r.entry for r in self.rolls[min(earlier) - 1:first - 1]] + entries
            first = min(earlier)
        ledger = replace(self, series=self.rolls[first - 1].before, rolls=self.rolls[: first - 1],
                         settled=tuple(s for s in self.settled if s.after < first))
        try:
            ledger = ledger.play(entries[0])
        except (RulesError, EditError) as exc:
            raise EditError(Said("roll_refused", {"k": first, "why": exc.said})) from None
        for n, entry in enumerate(entries[1:], 1):
            try:
                ledger = ledger.play(entry)
            except (RulesError, EditError):
                return replace(ledger, struck=ledger.struck + tuple(entries[n:]))
        return ledger

    def kept(self, entry: Entry) -> Ledger | None:
        """This ledger with roll ``entry.k`` corrected to ``entry`` and settled now, the rolls
        since standing as thrown (`settle`); ``None`` where it cannot be settled now, or nothing
        was thrown since (it is played again: docs/rules.md, Corrections)."""
        k = entry.k
        if k == len(self.rolls):
            return None
        played = self.rolls[k - 1]
        try:
            result, _ = played.before.play(entry.played_faces, entry.decision)
        except RulesError as exc:
            raise EditError(Said("roll_refused", {"k": k, "why": exc.said})) from None
        settled = settle(self.series, played.game, played.result.after, result.after)
        if settled is None:
            return None
        series, table = settled
        rolls = (*self.rolls[:k - 1], replace(played, entry=entry, result=result),
                 *self.rolls[k:])
        ended = next((g for g in series.finished if g.number == played.game), None)
        made = Settlement(k, len(self.rolls), table, handback(self.series.game, table), ended)
        return replace(self, series=series, rolls=rolls, settled=(*self.settled, made))

    @property
    def unverified_from(self) -> int | None:
        """The first live roll not verified (`Entry.verified`): the chips are right from there on
        only if it read right, so the ledger says so until it is answered with a correction."""
        return next((r.entry.k for r in self.rolls if not r.entry.verified), None)

    def entry(self, k: int) -> Entry:
        """Live roll ``k``."""
        if not 1 <= k <= len(self.rolls):
            raise EditError(Said("no_roll", {"k": k, "rolls": len(self.rolls)}))
        return self.rolls[k - 1].entry

    def apply(self, event: Event, line: int = 0) -> Ledger:
        """The ledger after one journal event; the rules validate rolls and corrections."""
        match event:
            case RollEvent(k=k):
                if k != len(self.rolls) + 1:
                    raise EditError(Said("cannot_follow", {"k": k, "last": len(self.rolls)}))
                decision = event.choices.decision(self.settings, line)
                return self.play(Entry(k, event.player, event.faces, decision, event.photo, False,
                                       line, event.origin, event.doubtful, event.unseen))
            case CorrectEvent(k=k):  # a version 3 ``settle`` too: a correction replayed
                entry = replace(self.entry(k), faces=event.faces, unseen=0,
                                decision=event.choices.decision(self.settings, line),
                                corrected=True, line=line)
                if event.keep and (kept := self.kept(entry)) is not None:
                    return kept
                replayed = self.replayed([entry, *(r.entry for r in self.rolls[k:])])
                if len(replayed.rolls) < k:  # played again from a correction settled after it
                    raise EditError(Said("settled_after", {"k": k}))
                return replayed
            case UndoEvent(k=k):
                if k != len(self.rolls) or k == 0:
                    raise EditError(Said("undo_last", {"k": k}))
                if any(s.after == k for s in self.settled):
                    raise EditError(Said("undo_settled", {"k": k}))
                return replace(self, series=self.rolls[-1].before, rolls=self.rolls[:-1])
            case GameOverEvent() | NewGameEvent() | AnnouncedEvent():
                return self  # a record for readers
        raise fault(line, f"unexpected {event.KIND!r} event")  # a session event after line 1

    @classmethod
    def replay(cls, events: Sequence[tuple[int, Event]]) -> Ledger:
        """The ledger of a journal's numbered events, the journal checked whole (`checks`); any
        event that does not fit names its line."""
        first = events[0][1]
        if not isinstance(first, SessionEvent):
            raise JournalError(Said("journal_first", {"journal": JOURNAL}))
        ledger, order = cls.start(first.settings, first.language or "en"), Order(first)
        for line, event in events[1:]:
            try:
                after = ledger.apply(event, line)
            except (RulesError, EditError) as exc:
                raise fault(line, str(exc)) from None
            order.check(line, event, ledger.series, after.series, len(after.rolls))
            ledger = after
        return ledger


def replay(lines: Sequence[tuple[int, RawEvent]]) -> Ledger:
    """The ledger of a journal's numbered lines as read (`read_journal`), each read into its event
    (`parse_journal`) and replayed (`Ledger.replay`)."""
    return Ledger.replay(parse_journal(lines))


def unannounced(events: Sequence[tuple[int, Event]]) -> tuple[int, ...]:
    """The live rolls of a replayed journal's events that were journalled but never marked
    ``announced``, in order. A version 1 journal marked none (its program said every roll before
    going on), so its rolls count as said until a later lcr-vision writes the first mark.

    >>> from lcr_vision.rules import Settings
    >>> first = SessionEvent(settings=Settings.create(["Ann", "Ben", "Cat"]))
    >>> rolls = [RollEvent(k=1, player="Ann", faces=("L",)), AnnouncedEvent(k=1),
    ...          RollEvent(k=2, player="Ben", faces=("L",))]
    >>> unannounced(list(enumerate([first, *rolls], start=1)))
    (2,)
    >>> from dataclasses import replace
    >>> unannounced(list(enumerate([replace(first, version=1), *rolls[:1]], start=1)))
    ()
    """
    first = events[0][1]
    marking = not (isinstance(first, SessionEvent) and first.version == 1)
    waiting: dict[int, None] = {}
    for _, event in events[1:]:
        match event:
            case AnnouncedEvent(k=k) | UndoEvent(k=k):
                marking = marking or isinstance(event, AnnouncedEvent)
                waiting.pop(k, None)
            case RollEvent(k=k) if marking:
                waiting[k] = None
    return tuple(waiting)
