"""The play loop at a table: frames in; rolls read, checked, committed, logged and announced.

For each frame: a folder photo is read at once, a live frame goes through settle detection. A
settled read is checked against the dice owed; a usable one is committed, announced, and the next
player is told to roll. Otherwise what is wrong is said (the wrong number of dice, or a doubt) and
the roll becomes a question: in the window a key answers it (space accepts the read, ``t`` types
the faces); headless, ``roll N? `` is asked on standard input (`answers`), where a typed line of
faces or an empty line (accepting the read) answers it, and where nobody can answer, what was
read is committed, marked doubtful in the journal and said so: a die owed but not seen is
journalled as unseen, never given a face. A live table with the wrong number
of dice in view is asked to roll again instead; a recorded one (a folder, a video file), where
nobody can throw again, is asked about too. A folder is one photo a roll: its photos are never
re-read nor skipped for a doubt, and a resumed session reads on after the last photo (or a
video's frame) it journalled.

What is done to the game (committing, saying, amending, undoing, resuming, the odds) is the
play controller's (`lcr_vision.controller`), which manual play drives too; the loop is the camera's
front end to it, and hands it each roll's photos (a `Shot`) with the photo log, so that the
controller keeps the journal, the photos and the voice in the one order that survives a crash.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from lcr_vision.camera.source import FrameSource
from lcr_vision.controller import Announcement, Controller, FrontEnd, PendingRoll
from lcr_vision.errors import Said, UserError
from lcr_vision.faces import FaceError, parse_faces
from lcr_vision.ledger import Amendment, Entry, Session
from lcr_vision.ledger.errors import EditError
from lcr_vision.ledger.events import Evidence, Origin, photo_path
from lcr_vision.photolog import Committed, PhotoLog, PhotoRecord, Shot, Sighting
from lcr_vision.rules import (
    Decision,
    IllegalChoiceError,
    Roll,
    RollResult,
    RulesError,
    SettingsError,
)
from lcr_vision.speech import Announcer, Phrasebook
from lcr_vision.table.answers import Answers
from lcr_vision.table.choices import ask_reverse, ask_targets
from lcr_vision.table.view import TableView
from lcr_vision.vision.annotate import annotate
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.reading import Reading
from lcr_vision.vision.settle import SettleDetector
from lcr_vision.vision.verdict import Verdict
from lcr_vision.window.overlay import draw_panel
from lcr_vision.window.screen import Screen


@dataclass(frozen=True)
class TableOptions:
    """How the loop behaves: when to stop, what to ask and log, how to learn."""

    games: int | None = None  # stop once this many games have ended (the demo plays one)
    interactive: bool = False  # a person at the keyboard can type faces and confirm reads
    odds: bool = False  # each player's chance to win from here, in the window and the photo log
    say_odds: bool = False  # say who is favoured after each roll (with or without ``odds``)
    # Headless, doubts are asked here (see `answers`); None: a live doubt is rolled again (the
    # demo's simulated table), and a photo's is committed doubtful.
    answers: Answers | None = None
    # After each game, what the table learnt of its dice from the game's verified rolls: the
    # reading to read on with (its reader, its doubt, the questions per 100 rolls held-out rolls
    # expect of it), or None where nothing was learnt (`lcr_vision.calibration.evening`).
    learn: Callable[[], Reading | None] | None = None


class TableLoop(FrontEnd):
    """One sitting at the table, reading the dice with ``reading`` until the table learns a
    better one: the camera's front end to the game's `Controller`."""

    def __init__(self, session: Session, source: FrameSource, reading: Reading,
                 announcer: Announcer, phrases: Phrasebook, screen: Screen,
                 options: TableOptions = TableOptions(),
                 settle: SettleDetector | None = None) -> None:
        self.session = session
        self.source = source
        self.reading = reading
        self.phrases = phrases
        self.view = TableView(screen, session.settings.players, rethrow=not source.recorded,
                              language=phrases.language)
        self.options = options
        self.settle = settle or SettleDetector()
        self.pending: tuple[np.ndarray, Verdict] | None = None  # a doubtful read to confirm
        self.games_ended = 0
        self.stopped = False
        self.reverse = False  # the roller paid for Wilder (asked at the keyboard only)
        self.play = Controller(session, announcer, phrases, options.odds, options.say_odds,
                               front=self, photos=PhotoLog(session.folder))

    @property
    def players(self) -> tuple[str, ...]:
        return self.session.settings.players

    def run(self) -> None:
        """Play until ``q``, the end of the source, or the games asked for have ended."""
        self.resume()
        self.tell_turn()
        for number, frame in enumerate(self.source.frames()):
            read = self.reading.read
            settled = read(frame) if self.source.stills else self.settle.update(frame, read)
            if self.settle.phase == "moving":
                self.view.moving()
            action = self.show(frame)
            if action is not None:
                self.act(action, frame)
            if settled is not None and not self.stopped:
                self.view.settled(number)
                self.judge(frame, settled, again=self.settle.repeated)
                if self.source.stills:
                    self.await_key(frame)
            if self.stopped:
                return

    def await_key(self, frame: np.ndarray) -> None:
        """Keep a photo in the window until its question is answered: the next photo is the
        next roll, so it waits."""
        while self.pending is not None and not self.stopped and self.view.visible:
            action = self.show(frame)
            if action is not None:
                self.act(action, frame)

    def tell_turn(self) -> None:
        """Say who rolls how many dice, and let the simulated table know."""
        player, dice = self.session.to_roll, self.session.dice_owed
        opening = self.play.new_game()
        self.play.say(*([opening] if opening else []), self.phrases.rolls.turn(player, dice))
        if self.options.interactive:
            self.reverse = ask_reverse(self.session.settings, self.session.state,
                                       self.view.choose)
        self.source.turn(player, dice)

    def judge(self, frame: np.ndarray, detections: Detections, again: bool = False) -> None:
        """Commit a usable read; otherwise say what is wrong and ask (see the module's
        docstring). A read ``again`` shows the last roll's dice where they lay, though they were
        picked up (`SettleDetector.repeated`): a question too, since a hand resting on the
        dice looks the same."""
        player, owed = self.session.to_roll, self.session.dice_owed
        verdict = Verdict.of(detections, owed, self.reading.doubt, self.session.settings.face_map)
        self.view.marked, self.pending = verdict.dice, None
        if again and verdict.count_right:
            self.play.say(*self.phrases.rolls.same_again(player, self.game_faces(verdict.faces)))
        elif verdict.usable:
            try:
                self.commit(frame, verdict.dice, verdict.faces, Committed.READ)
                return
            except RulesError as exc:  # a face these rules cannot use, such as a stray wild
                self.play.say(self.phrases.refusal(exc))
        elif not verdict.count_right:
            self.play.say(self.phrases.rolls.wrong_count(verdict.seen, player, owed))
        else:  # doubt first: no face is said as if it were the roll before it is committed
            self.play.say(*self.phrases.rolls.unsure(player, verdict.doubtful, verdict.seen,
                                                    self.game_faces(verdict.faces)))
        if verdict.count_right or self.source.recorded:  # a question
            if self.options.interactive:
                self.pending = (frame, verdict)
                self.view.unsure()
                return
            if self.options.answers is not None:
                self.answer(frame, verdict, self.options.answers)
                return
            if self.source.recorded:
                self.commit_unanswered(frame, verdict)
                return
        self.play.say(self.phrases.rolls.reroll(player))
        self.source.turn(player, owed)

    def answer(self, frame: np.ndarray, verdict: Verdict, answers: Answers) -> None:
        """Ask ``roll N? `` until the answer commits the roll: the faces typed, or an empty line
        accepting the read (when it has the dice owed); with nobody to answer, the best read."""
        player, owed = self.session.to_roll, self.session.dice_owed
        question = self.phrases.written("ask_roll", k=len(self.session.ledger.rolls) + 1)
        while (line := answers.ask(question)) is not None:
            try:
                if line.strip():
                    self.commit(frame, verdict.dice, parse_faces(line), Committed.TYPED)
                    return
                if verdict.count_right:
                    self.commit(frame, verdict.dice, verdict.faces, Committed.CONFIRMED)
                    return
                self.play.say(self.phrases.rolls.type_faces(player, owed))
            except (FaceError, RulesError) as exc:
                self.play.say(self.phrases.refusal(exc))
        self.commit_unanswered(frame, verdict)

    def commit_unanswered(self, frame: np.ndarray, verdict: Verdict) -> None:
        """Commit what was seen of a read nobody could answer for, marked doubtful: the surest
        dice of the number owed. A die owed but not seen is never given a face: it is journalled
        as unseen and moves no chip until corrected (`Entry.played_faces`), and so is a face
        these rules refuse (a stray wild). Flagged in the journal, said so, and shown on the
        review page."""
        owed = self.session.dice_owed
        dice = verdict.dice
        if len(dice) > owed:  # surest as the table judges them, in the game's terms
            dice = dice[np.sort(np.argsort(-verdict.confidence, kind="stable")[:owed])]
        try:
            self.commit(frame, dice, dice.faces, Committed.UNANSWERED, unseen=owed - len(dice))
        except RulesError:
            usable = np.array([g != "wild" for g in self.game_faces(dice.faces)], bool)
            dice = dice.filter(usable)
            self.commit(frame, dice, dice.faces, Committed.UNANSWERED, unseen=owed - len(dice))

    def game_faces(self, faces: tuple[str, ...]) -> tuple[str, ...]:
        return self.session.settings.face_map.to_game_faces(faces)

    def resume(self) -> None:
        """Finish what a crash left (the controller's `resume`), then read on in the source."""
        self.play.resume()
        self.read_on()

    def read_on(self) -> None:
        """Go on with a folder or video this session journalled rolls from, and say so: a
        folder's every photo not yet read, wherever it sorts, each photo read before checked
        against its name and digest (one gone or changed since is said, with what to do); a
        video, or a folder an older journal named no photos of, past the last frame read."""
        source = self.source
        read = [(r.entry.k, r.entry.origin) for r in self.session.ledger.rolls
                if r.entry.origin is not None and r.entry.origin.source == source.identity]
        if source.identity is None or not read:
            return
        named = [(k, o.name, o.digest) for k, o in read if o.name is not None and o.digest]
        if source.stills and len(named) == len(read):
            for k, name, digest in named:
                gone = source.differs(name, digest)
                if gone is not None:
                    self.view.tell(self.phrases.resumed.photo_differs(k, name, source.name, gone))
            source.done = frozenset(name for _, name, _ in named)
            self.view.tell(self.phrases.resumed.named(source.name, len(named)))
            return
        source.start = max(o.frame for _, o in read) + 1
        self.view.tell(self.phrases.resumed.at(source.name, source.start + 1, source.stills))

    def plan_roll(self, faces: tuple[str, ...], evidence: Evidence) -> PendingRoll:
        """The roll checked by the rules; at the keyboard, the roller's wild choices are asked
        (again, until the rules accept them)."""
        while True:
            decision = None
            if self.options.interactive:
                targets = ask_targets(self.session.settings, self.session.state, faces,
                                      self.reverse, self.view.choose)
                decision = Decision(self.reverse, targets)
            try:
                return self.play.plan(Roll(faces, decision), evidence)
            except (IllegalChoiceError, SettingsError) as exc:
                if not self.options.interactive:
                    raise
                self.view.tell(self.phrases.refusal(exc))

    def commit(self, frame: np.ndarray, dice: Detections, faces: tuple[str, ...],
               how: Committed, unseen: int = 0) -> None:
        """Stage the roll's photos, journal it, put its photos in place, say it and mark it said,
        then tell the next turn (the order is the module docstring's). ``faces`` are those
        seen, and ``unseen`` dice owed were not (nobody answered for them)."""
        number, source = self.session.photo_number, self.source
        origin = None if source.identity is None else Origin(source.identity, source.position,
                                                             *(source.photo or (None, None)))
        throw = self.plan_roll(faces, Evidence(photo_path(number), origin,
                                               how is Committed.UNANSWERED, unseen))
        told = throw.told
        result = told.result
        record = PhotoRecord.from_roll(number, result, self.session.settings,
                                       Sighting(self.source.where, dice, how, unseen),
                                       told.said, told.odds)
        self.play.commit(throw, Shot(number, frame, self.annotated(frame, dice, result),
                                     record.to_json()))
        self.pending = None
        if result.after.over:
            self.view.game_over(frame, dice, result)
            self.learn()
        self.games_ended += result.after.over
        if self.options.games is not None and self.games_ended >= self.options.games:
            self.stopped = True
        else:
            self.tell_turn()

    def learn(self) -> None:
        """Between games, learn these dice from the game's verified rolls where the options
        can; a reading that learnt something replaces this one, and the table is told."""
        if self.options.learn is None:
            return
        learnt = self.options.learn()
        if learnt is not None:
            self.reading = learnt
            self.play.say(self.phrases.games.learnt(learnt.expected))

    def rolled(self, told: Announcement) -> None:
        """A roll told: it stays on the window until the next."""
        self.view.rolled(told.result, told.unseen)

    def amended(self, amendment: Amendment, said: Sequence[str]) -> None:
        """An amended roll replaces any question, and is shown with the chips to move, as
        said."""
        self.pending = None
        self.view.amended(amendment.k, amendment.result, said[1:])

    def undone(self, entry: Entry) -> None:
        """Nothing of an undone roll stays shown, nor a question about it."""
        self.pending = None
        self.view.undone()

    def annotated(self, frame: np.ndarray, dice: Detections, result: RollResult) -> np.ndarray:
        """The photo log's annotated frame: the dice and a line saying whose roll it was."""
        return draw_panel(annotate(frame, dice), [self.view.record.photo(result)])

    def show(self, frame: np.ndarray) -> str | None:
        """Show the table as it stands; the action of a key pressed meanwhile, if any."""
        return self.view.show(frame, self.session.state, self.play.odds,
                              self.pending is not None)

    def act(self, action: str, frame: np.ndarray) -> None:
        """Do what a key asks; a refused action is said and changes nothing."""
        try:
            if action == "quit":
                self.stopped = True
            elif action == "standings":
                self.play.say(self.play.standings())
                self.view.noted_key("standings_said")
            elif action == "undo":
                self.play.undo()
                self.tell_turn()
            elif action == "confirm" and self.pending is not None:
                shot, verdict = self.pending
                self.commit(shot, verdict.dice, verdict.faces, Committed.CONFIRMED)
            elif action == "confirm":
                self.view.noted_key("nothing_to_accept")
            elif action == "type":
                self.type_faces(frame)
            elif action == "amend":
                self.amend()
        except UserError as exc:
            refusal = self.phrases.refusal(exc)
            self.play.say(refusal)
            self.view.noted(refusal)

    def amend(self) -> None:
        """Ask the terminal which roll (its number, asked apart so that pips are not taken for
        one) really showed which faces and amend it (the controller says the chips to move);
        then say whose turn it is, which the amend may have changed."""
        last = len(self.session.ledger.rolls)
        number = self.view.ask(self.phrases.written("ask_amend_roll", k=last)).strip() or str(last)
        if not number.isdigit():
            raise EditError(Said("amend_number", {"text": number}))
        k = int(number)
        typed = self.view.ask(self.phrases.written("ask_amend_faces", k=k))
        self.play.amend(k, Roll.parse(typed, self.session.settings))
        self.tell_turn()

    def type_faces(self, frame: np.ndarray) -> None:
        """Ask the terminal for the faces of the roll owed and commit them."""
        player, owed = self.session.to_roll, self.session.dice_owed
        line = self.view.ask(self.phrases.written("ask_faces", player=player, owed=owed))
        shot = self.pending[0] if self.pending is not None else frame
        self.commit(shot, self.view.marked, parse_faces(line), Committed.TYPED)
