"""The one controller of a game in play, whichever front end reads the rolls: the camera's table
loop (`lcr_vision.table.loop`) or the keyboard's manual play (`lcr_vision.manual`).

Both do the same things to a game, so one owner does them alike: a roll is journalled before it is
said and marked said once it is, so that a crash loses none and a resumed session says each
unsaid roll once (`resume`); an amendment says the fewest chip moves that make the table's chips
the corrected ledger's; an undo withdraws the last roll; the odds are worked out when asked for.
A front end reads rolls its own way and shows what happened through its `FrontEnd` hooks, which
run just before the voice, inside the journal's mark of a roll said.

With a photo log (the camera's), `commit` keeps a roll in this order: its photos and record are
staged (written under temporary names), the roll is journalled with the frame's digest (the
commit point, synced to disk), the photo files are renamed into place, the roll is said, and the
journal marks it said. Staging first means that a write that cannot be done (a full disk, a
read-only ``photos/``) stops play with one line before the roll is journalled, while the steps
after the journal can no longer fail for want of space (a rename, and one short journal line). A
crash anywhere leaves a state `resume` finishes when play starts again: staged files of a
journalled roll renamed (or its record marked lost, when they never reached the disk), then every
journalled roll not yet marked said is said, prefixed "Before the crash". So every roll is on
disk before it is said, and is said once: twice only if a crash falls between saying it and the
mark, never not at all.

>>> import pathlib, tempfile
>>> from lcr_vision.ledger import Session
>>> from lcr_vision.rules import Roll, Settings
>>> from lcr_vision.speech import Announcer, Phrasebook
>>> folder = pathlib.Path(tempfile.mkdtemp()) / "s"
>>> session = Session.create(folder, Settings.create(["Ann", "Ben", "Cat"]))
>>> with Announcer(None, speak=False, record=None) as voice:
...     play = Controller(session, voice, Phrasebook(session.settings.players))
...     chips = play.roll(Roll(("L", "R", "dot"))).after.chips
...     fixed = play.amend(1, Roll.parse("c . .", session.settings))
Left, right, dot.
Ann, pass one chip left to Ben and one right to Cat.
Roll one was center, dot, dot.
Ben, give one chip to Ann.
Cat, put one chip in the center.
>>> chips, session.state.chips, session.unannounced
((1, 4, 4), (2, 3, 3), ())
>>> session.close()
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lcr_vision.ledger import Amendment, Entry, Session
from lcr_vision.ledger.events import TYPED, Evidence
from lcr_vision.ledger.session import PlannedRoll
from lcr_vision.odds import Odds, quick_odds
from lcr_vision.photolog import PhotoLog, Shot, journal_known, photo_number
from lcr_vision.phrases.corrections import Corrections
from lcr_vision.rules import GameState, Roll, RollResult
from lcr_vision.rules.moves import Draw, Skip, Win
from lcr_vision.speech import Announcer, Phrasebook


@dataclass(frozen=True)
class Announcement:
    """A roll as the table is told it: the one value the controller hands its front end."""

    k: int
    result: RollResult
    odds: Odds | None  # each player's chance after it, when the odds are asked for
    said: tuple[str, ...]  # the sentences said, in order
    resumed: bool = False  # said late: a crash kept it from being said when it was journalled
    unseen: int = 0  # dice owed that nobody saw: the last of ``result``'s, moving no chip


@dataclass(frozen=True)
class PendingRoll:
    """A roll checked by the rules and put into words, not yet journalled: what must be written
    with it (the photo log's record) can be made from ``told`` first."""

    planned: PlannedRoll
    told: Announcement


def amendment_said(amendment: Amendment, phrases: Corrections) -> list[str]:
    """What the table is told of ``amendment`` (the ledger holds it as data alone): the roll as
    it was, how it was made good, the rolls struck, the games' new ends and the chips to move."""
    struck = amendment.struck
    return phrases.amended(amendment.k, amendment.result.game_faces,
                           struck[0].k if struck else None, len(struck), amendment.ended,
                           amendment.transfers, amendment.how)


class FrontEnd:
    """What a front end shows of what the controller did (nothing, here): each hook runs after
    the journal has it and before the voice says it."""

    def rolled(self, told: Announcement) -> None:
        """Roll ``told.k`` is journalled and about to be said."""

    def amended(self, amendment: Amendment, said: Sequence[str]) -> None:
        """A roll is amended; ``said`` is what the voice will say of it."""

    def undone(self, entry: Entry) -> None:
        """The last roll, ``entry``, is withdrawn."""


class Controller:
    """A game in play: the open session, the voice that says it (none: silent) in ``phrases``,
    whether the odds are worked out (``odds``) and said (``say_odds``), and the front end."""

    def __init__(self, session: Session, announcer: Announcer | None, phrases: Phrasebook,
                 odds: bool = False, say_odds: bool = False,
                 front: FrontEnd | None = None, photos: PhotoLog | None = None) -> None:
        self.session = session
        self.announcer = announcer
        self.phrases = phrases
        self.say_odds = say_odds
        self.with_odds = odds or say_odds
        self.front = front or FrontEnd()
        self.photos = photos  # the photo log a roll's shot goes into (the camera's front end)
        self.odds = self.odds_at(session.state)  # of the game in progress

    @property
    def players(self) -> tuple[str, ...]:
        return self.session.settings.players

    def say(self, *sentences: str) -> None:
        """Speak: the one voice at the table, whichever front end shows the game."""
        if self.announcer is not None:
            self.announcer.say(*sentences)

    def new_game(self) -> str | None:
        """The sentence that opens a game after the first, before its first roll: ``Game two:
        Ben throws first.``; None at any other time."""
        state = self.session.state
        if state.rolls or state.game == 1:
            return None
        return self.phrases.games.opening(state.game, self.players[state.first])

    def odds_at(self, state: GameState) -> Odds | None:
        """When asked for, each player's chance to win from ``state``, quick enough for the
        camera loop: exact when at hand, else estimated (see `quick_odds`)."""
        return quick_odds(self.session.settings, state) if self.with_odds else None

    def plan(self, roll: Roll, evidence: Evidence = TYPED) -> PendingRoll:
        """The next roll checked by the rules (a refusal raises), with the odds after it and what
        will be said of it; a doubtful one nobody answered for is said so first, and so are dice
        nobody saw (``roll`` holds the faces seen: the dice nobody saw move no chip)."""
        planned = self.session.plan_roll(roll, evidence)
        result = planned.result
        odds = self.odds_at(planned.ledger.series.game)
        entry = planned.ledger.rolls[-1].entry
        said = self.said(result, odds, entry)
        told = Announcement(planned.k, result, odds, tuple(said), unseen=entry.unseen)
        return PendingRoll(planned, told)

    def commit(self, throw: PendingRoll, shot: Shot | None = None) -> RollResult:
        """Keep a roll in the one crash-safe order (the module's docstring): its ``shot`` staged
        in the photo log, the roll journalled with the frame's digest (the commit point), the
        photos put in place, then the roll told, even when putting them in place fails."""
        planned = throw.planned
        if shot is not None:
            if self.photos is None:
                raise ValueError("a roll's shot needs the controller's photo log")
            planned = planned.with_shot(self.photos.stage(shot))
        result = self.session.commit_roll(planned)
        self.odds = throw.told.odds
        try:
            if shot is not None:
                self.photos.finish(shot.number)  # type: ignore[union-attr]  # checked above
        finally:
            self.tell(throw.told)
        return result

    def roll(self, roll: Roll) -> RollResult:
        """Play the next roll: checked, journalled, then told."""
        return self.commit(self.plan(roll))

    def tell(self, told: Announcement) -> None:
        """Show and say a journalled roll, then journal that it was said."""
        with self.session.announcing(told.k):
            self.front.rolled(told)
            self.say(*told.said)

    def resume(self) -> None:
        """Finish what a crash left, as `commit` orders it: every live roll's photo record in
        place (its staged files renamed, or a record marked lost) and the staged files of a roll
        never journalled removed; then every roll journalled but not said told, each once,
        prefixed "Before the crash"."""
        if self.photos is not None:
            for roll in self.session.ledger.rolls:
                number = photo_number(roll.entry.photo)
                if number is not None:
                    self.photos.complete(number, journal_known(roll))
            self.photos.clear()
        for k in self.session.unannounced:
            played = self.session.ledger.rolls[k - 1]
            result = played.result
            odds = None if result.after.over else self.odds_at(result.after)
            said = (self.phrases.resumed.before_crash(self.players[result.player]),
                    *self.said(result, odds, played.entry))
            self.tell(Announcement(k, result, odds, said, resumed=True, unseen=played.entry.unseen))

    def said(self, result: RollResult, odds: Odds | None, entry: Entry) -> list[str]:
        """What is said about roll ``entry``: that nobody answered for it, where it was
        doubtful, and for which dice nobody saw; the faces read (those seen); the moves (a roll
        that moved none of the roller's chips says so); and the standings when it ended the
        game (or, with ``say_odds``, who is favoured after it)."""
        player = self.players[result.player]
        said = []
        if entry.unseen and not entry.corrected:
            said.append(self.phrases.rolls.unseen(player, entry.k, entry.unseen))
        elif entry.doubtful and not entry.corrected:
            said.append(self.phrases.rolls.unanswered(player, entry.k))
        seen = result.game_faces[:len(entry.faces)]
        said += [self.phrases.rolls.read(seen)] if seen else []
        if all(isinstance(m, (Skip, Win, Draw)) for m in result.moves):
            said.append(self.phrases.moves.keep(player))
        said += self.phrases.moves.said(result.moves)
        if result.after.over:
            said.append(self.standings(result.after))
        elif odds is not None and self.say_odds:
            best = odds.favourite
            said.append(self.phrases.standings.even() if best is None
                        else self.phrases.standings.favoured(self.players[best], odds.win[best]))
        return said

    def standings(self, state: GameState | None = None) -> str:
        """The chips of ``state`` (else of the game in progress) in words."""
        state = state or self.session.state
        return self.phrases.standings.said(dict(zip(self.players, state.chips)), state.center)

    def amend(self, k: int, roll: Roll) -> Amendment:
        """Roll ``k`` really was ``roll``: amend it, show it, and say the chips to move to make
        the table the replayed ledger's."""
        amendment = self.session.amend(k, roll)
        said = amendment_said(amendment, self.phrases.corrections)
        self.odds = self.odds_at(self.session.state)
        self.front.amended(amendment, said)
        self.say(*said)
        return amendment

    def undo(self) -> Entry:
        """Withdraw the last roll, show it and say so."""
        entry = self.session.undo()
        self.odds = self.odds_at(self.session.state)
        self.front.undone(entry)
        self.say(self.phrases.rolls.undone(entry.player))
        return entry
