"""Manual play: one roll per line from a keyboard or a pipe, each committed to the session before
its moves and the standings are printed, and marked said once they are. Ends cleanly at end of
input; the session resumes later, first printing any roll a crash kept from being printed.

A roll line holds the faces (``L R dot``, ``l c .``, pip values ``4 6 2``), optionally ``reverse``
first to pay for Wilder and ``@Name`` once per wild chip to choose whom a wild takes from (or gives
to). Other lines are commands: ``undo``, ``correct K FACES``, ``standings``, ``help``, ``quit``.

>>> from lcr_vision.rules import Settings, Variants
>>> s = Settings.create(["Ann", "Ben", "Cat"], variants=Variants(wild=True, wilder=True))
>>> parse_roll("reverse w 1 . @cat @Cat", s)
(('wild', '1', 'dot'), Decision(reverse=True, targets=(2, 2)))
>>> parse_roll("4 6 2", s)
(('4', '6', '2'), None)
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from lcr_vision.errors import UserError
from lcr_vision.faces import parse_faces
from lcr_vision.ledger import Session
from lcr_vision.ledger.errors import EditError
from lcr_vision.odds import quick_odds
from lcr_vision.phrases.written import (
    describe_roll,
    describe_standings,
    describe_turn,
)
from lcr_vision.rules import Decision, GameState, RollResult, Settings
from lcr_vision.rules.engine import legal_choices
from lcr_vision.speech import Announcer, Phrasebook

QUIT = ("quit", "q", "exit")
# A whole 4-player game (Ann, Ben, Cat, Dan) with a rejected line and a correction, for demos.
DEMO_ROLLS = Path(__file__).parent / "data" / "demo_rolls.txt"


def parse_roll(text: str, settings: Settings) -> tuple[tuple[str, ...], Decision | None]:
    """Faces and, when the line makes any, the roller's choices."""
    tokens = text.replace(",", " ").split()
    reverse = bool(tokens) and tokens[0].lower() in ("reverse", "rev")
    tokens = tokens[1:] if reverse else tokens
    targets = tuple(settings.seat(t[1:]) for t in tokens if t.startswith("@"))
    faces = parse_faces(" ".join(t for t in tokens if not t.startswith("@")))
    if not reverse and not targets:
        return faces, None
    return faces, Decision(reverse=reverse, targets=targets or None)


class ManualPlay:
    """The loop's state: the open session, where to print, and as at the table the voice that
    says each roll's moves (``announcer`` with ``phrases``) and whether to print the odds."""

    def __init__(self, session: Session, out: TextIO, announcer: Announcer | None = None,
                 phrases: Phrasebook | None = None, odds: bool = False) -> None:
        self.session = session
        self.announcer = announcer
        self.phrases = phrases or Phrasebook(session.settings.players)
        self.odds = odds
        self.out = out

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def line(self, key: str, **fields: object) -> str:
        """A line of the transcript in the table's language; numbers stay digits."""
        return self.phrases.written(key, **{k: str(v) if isinstance(v, int) else v
                                          for k, v in fields.items()})

    @property
    def english(self) -> bool:
        """English has its own, fuller written record of moves (`phrases.written`); another
        language prints what its voice says."""
        return self.phrases.language == "en"

    def standings(self, state: GameState | None = None) -> None:
        """Chips per player and in the center: of ``state``, else of the game in progress."""
        state = state or self.session.state
        players = self.session.settings.players
        self.say("  " + (describe_standings(state, players) if self.english else
                         self.phrases.standings(dict(zip(players, state.chips)), state.center)))

    def turn(self) -> str:
        """The line that asks for the next roll."""
        s = self.session
        players, dice = s.settings.players, s.state.dice_owed
        turn = (describe_turn(s.state, players) if self.english
                else self.phrases.turn(players[s.state.turn], dice))
        line = self.line("manual_turn", game=s.state.game, k=len(s.ledger.rolls) + 1, turn=turn)
        if legal_choices(s.settings, s.state).reverse:
            line += self.line("manual_reverse")
        return line

    def report(self, label: str, result: RollResult) -> None:
        players = self.session.settings.players
        what = (describe_roll(result, players) if self.english
                else " ".join(self.phrases.moves(result.moves))
                or self.phrases.keep(players[result.player]))
        self.say("  " + self.line("manual_rolled", label=label, player=players[result.player],
                                  faces=" ".join(result.faces), what=what))

    def roll(self, text: str) -> None:
        faces, decision = parse_roll(text, self.session.settings)
        self.session.record_roll(faces, decision)
        self.announce(len(self.session.ledger.rolls))

    def announce(self, k: int, label: str = "manual_roll") -> None:
        """Print roll ``k`` and the standings after it, then journal that it was printed."""
        played = self.session.ledger.rolls[k - 1]
        result = played.result
        with self.session.announcing(k):
            self.report(self.line(label, k=k), result)
            self.standings(result.after)
            if self.odds and not result.after.over:
                chances = quick_odds(self.session.settings, result.after)
                self.say("  " + chances.line(self.session.settings.players))
            if self.announcer is not None:  # the table's words, spoken (and recorded)
                self.announcer.say(self.phrases.read(result.game_faces),
                                   *self.phrases.moves(result.moves))
            if result.after.over:  # the next game's first thrower, by the rules' own rotation
                settings = self.session.settings
                first = GameState.start(settings.stakes, game=played.game + 1).first
                self.say(self.phrases.new_game(played.game + 1, settings.players[first]))

    def amend(self, text: str) -> None:
        """Correct a roll; print, and say as the table does, the chips to hand back."""
        number, _, rest = text.partition(" ")
        if not number.isdigit():
            raise EditError("write: amend K FACES, e.g. amend 3 L dot dot")
        session, k = self.session, int(number)
        faces, decision = parse_roll(rest, session.settings)
        amendment = session.amend(k, faces, decision)
        said = amendment.sentences(self.phrases)
        self.report(self.line("manual_corrected", k=k), amendment.result)
        for line in said[1:]:
            self.say("  " + line)
        self.standings()
        if self.announcer is not None:
            self.announcer.say(*said)

    def undo(self) -> None:
        entry = self.session.undo()
        self.say("  " + self.line("manual_undone", k=entry.k, player=entry.player,
                                  faces=" ".join(entry.faces)))
        self.standings()

    def handle(self, text: str) -> bool:
        """Act on one line; False when the player asked to stop."""
        word, _, rest = text.partition(" ")
        command = word.lower()
        if command in QUIT:
            return False
        if command in ("help", "?"):
            self.say(self.line("manual_help"))
        elif command in ("standings", "s"):
            self.standings()
        elif command == "undo":
            self.undo()
        elif command in ("amend", "correct"):
            self.amend(rest.strip())
        else:
            self.roll(text)
        return True

    def ask(self, prompt: bool) -> None:
        """Say whose turn it is; at a keyboard, show a prompt."""
        self.say(self.turn())
        if prompt:
            print("> ", end="", file=self.out, flush=True)

    def run(self, lines: Iterable[str], prompt: bool) -> None:
        """Read lines to ``quit`` or end of input; explain a rejected line and ask again."""
        self.say(self.line("manual_session", folder=str(self.session.folder)))
        for k in self.session.unannounced:
            self.announce(k, "manual_before_crash")
        self.standings()
        self.ask(prompt)
        for raw in lines:
            text = raw.split("#", 1)[0].strip()
            try:
                if text and not self.handle(text):
                    break
            except UserError as exc:
                why = str(exc) if self.english else self.phrases.refusal(exc).rstrip(".")
                self.say("  " + self.line("manual_rejected", why=why))
            self.ask(prompt)
        self.say(self.line("manual_saved", folder=str(self.session.folder)))
