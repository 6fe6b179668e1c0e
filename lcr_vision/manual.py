"""Manual play: one roll per line from a keyboard or a pipe, the keyboard's front end to the play
controller (`lcr_vision.controller`), which commits each roll to the session before its moves and
the standings are printed (and said, as at the table), and marks it said once they are. Ends cleanly
at end of input; the session resumes later, first printing any roll a crash kept from being printed.

A roll line is a typed `Roll` (``L R dot``, ``reverse w 1 . @Cat``: `lcr_vision.rules.roll`). Other
lines are commands: ``undo``, ``correct K FACES``, ``standings``, ``help``, ``quit``.

>>> import io, pathlib, tempfile
>>> from lcr_vision.rules import Settings
>>> session = Session.create(pathlib.Path(tempfile.mkdtemp()) / "s",
...                          Settings.create(["Ann", "Ben", "Cat"]))
>>> out = io.StringIO()
>>> ManualPlay(session, out).run(["L R dot", "correct 1 C . .", "quit"], prompt=False)
>>> for line in out.getvalue().splitlines()[3:9]:  # doctest: +ELLIPSIS
...     print(line)
  Roll 1: Ann rolled L R dot. Ann passes one chip left to Ben and one right to Cat; ...
  Ann 1, Ben 4, Cat 4; center 0.
Game 1, roll 2: Ben to roll 3 dice.
  Roll 1 corrected: Ann rolled C dot dot. Ann puts one chip in the center; Ann has two chips left.
  Ben, give one chip to Ann.
  Cat, put one chip in the center.
>>> session.close()
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TextIO

from lcr_vision.controller import Announcement, Controller, FrontEnd
from lcr_vision.errors import Said, UserError
from lcr_vision.ledger import Amendment, Entry, Session
from lcr_vision.ledger.errors import EditError
from lcr_vision.phrases.record import Record
from lcr_vision.rules import GameState, Roll, RollResult
from lcr_vision.rules.engine import legal_choices
from lcr_vision.speech import Announcer, Phrasebook

QUIT = ("quit", "q", "exit")
# A whole 4-player game (Ann, Ben, Cat, Dan) with a rejected line and a correction, for demos.
DEMO_ROLLS = Path(__file__).parent / "data" / "demo_rolls.txt"


class ManualPlay(FrontEnd):
    """The keyboard's front end: the open session, where to print the transcript, and as at the
    table the voice that says each roll (``announcer`` with ``phrases``) and whether to work out
    the odds (printed after each roll) and to say who is favoured (``say_odds``)."""

    def __init__(self, session: Session, out: TextIO, announcer: Announcer | None = None,
                 phrases: Phrasebook | None = None, odds: bool = False,
                 say_odds: bool = False) -> None:
        self.session = session
        self.phrases = phrases or Phrasebook(session.settings.players)
        self.record = Record(self.phrases.players, self.phrases.language)  # what is printed
        self.out = out
        self.play = Controller(session, announcer, self.phrases, odds, say_odds, front=self)

    def show(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def standings(self, state: GameState | None = None) -> None:
        """Chips per player and in the center: of ``state``, else of the game in progress."""
        self.show("  " + self.record.standings(state or self.session.state))

    def turn(self) -> str:
        """The lines that ask for the next roll: a new game's first say so, as at the table."""
        s, phrases = self.session, self.phrases
        turn = self.record.turn(s.state)
        line = phrases.written("manual_turn", game=s.state.game, k=len(s.ledger.rolls) + 1,
                               turn=turn)
        if legal_choices(s.settings, s.state).reverse:
            line += phrases.written("manual_reverse")
        opening = self.play.new_game()
        if opening:
            line = f"{opening}\n{line}"
        return line

    def report(self, label: str, result: RollResult) -> None:
        players = self.session.settings.players
        what = self.record.roll(result)
        self.show("  " + self.phrases.written("manual_rolled", label=label,
                                             player=players[result.player],
                                             faces=" ".join(result.faces), what=what))

    def rolled(self, told: Announcement) -> None:
        """Print a roll told and the standings after it (and, asked for, the odds)."""
        label = "manual_before_crash" if told.resumed else "manual_roll"
        self.report(self.phrases.written(label, k=told.k), told.result)
        self.standings(told.result.after)
        if told.odds is not None and not told.result.after.over:
            key = "odds_line" if told.odds.exact else "odds_line_estimated"
            chances = told.odds.chances(self.session.settings.players)
            self.show("  " + self.phrases.written(key, chances=chances))

    def amend(self, text: str) -> None:
        """Correct a roll: ``K FACES``."""
        number, _, rest = text.partition(" ")
        if not number.isdigit():
            raise EditError(Said("amend_syntax"))
        self.play.amend(int(number), Roll.parse(rest, self.session.settings))

    def amended(self, amendment: Amendment, said: Sequence[str]) -> None:
        """Print, as the voice says them, the chips to hand back, then the standings."""
        self.report(self.phrases.written("manual_corrected", k=amendment.k), amendment.result)
        for line in said[1:]:
            self.show("  " + line)
        self.standings()

    def undone(self, entry: Entry) -> None:
        self.show("  " + self.phrases.written("manual_undone", k=entry.k, player=entry.player,
                                             faces=" ".join(entry.shown_faces)))
        self.standings()

    def handle(self, text: str) -> bool:
        """Act on one line; False when the player asked to stop."""
        word, _, rest = text.partition(" ")
        command = word.lower()
        if command in QUIT:
            return False
        if command in ("help", "?"):
            self.show(self.phrases.written("manual_help"))
        elif command in ("standings", "s"):
            self.standings()
        elif command == "undo":
            self.play.undo()
        elif command in ("amend", "correct"):
            self.amend(rest.strip())
        else:
            self.play.roll(Roll.parse(text, self.session.settings))
        return True

    def ask(self, prompt: bool) -> None:
        """Say whose turn it is; at a keyboard, show a prompt."""
        self.show(self.turn())
        if prompt:
            print("> ", end="", file=self.out, flush=True)

    def run(self, lines: Iterable[str], prompt: bool) -> None:
        """Read lines to ``quit`` or end of input; explain a rejected line and ask again."""
        self.show(self.phrases.written("manual_session", folder=str(self.session.folder)))
        self.play.resume()
        self.standings()
        self.ask(prompt)
        for raw in lines:
            text = raw.split("#", 1)[0].strip()
            try:
                if text and not self.handle(text):
                    break
            except UserError as exc:
                why = str(exc) if self.record.english else self.phrases.refusal(exc).rstrip(".")
                self.show("  " + self.phrases.written("manual_rejected", why=why))
            self.ask(prompt)
        self.show(self.phrases.written("manual_saved", folder=str(self.session.folder)))
