"""What the players at the table see and type: the window's picture and keys, the terminal's
hints and questions, and the frames each roll was read on (which the demo measures).

The loop plays the game and tells the view what happened (a roll, a doubt, an undo); the view
keeps what that leaves on the screen until the next one. The window speaks the session's
language: its own words are `lcr_vision.phrases.window`'s, a roll is the session's record's.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lcr_vision.errors import Said, UserError
from lcr_vision.ledger.replay import shown
from lcr_vision.odds import Odds
from lcr_vision.phrases.record import Record
from lcr_vision.phrases.window import WINDOW
from lcr_vision.rules import GameState, RollResult
from lcr_vision.vision.annotate import annotate
from lcr_vision.vision.detections import Detections
from lcr_vision.window.overlay import (
    GLUE,
    STANDINGS_PX,
    TEXT_PX,
    TURN_PX,
    WINNER_PX,
    band_height,
    board,
)
from lcr_vision.window.screen import Screen

# the band holds the turn, the standings and four rows of the odds, last roll and hint
ROOM = band_height([TURN_PX, STANDINGS_PX, *[TEXT_PX] * 4])


class TableView:
    """The window (or none, headless) and the terminal, for one table's ``players``, in its
    ``language``; a doubt may be settled by throwing again where the table can ``rethrow`` (not
    a recorded source: a photo folder or a video file cannot be thrown again)."""

    def __init__(self, screen: Screen, players: tuple[str, ...], rethrow: bool = True,
                 language: str = "en") -> None:
        self.screen = screen
        self.players = players
        self.words = WINDOW[language]
        self.record = Record(players, language)
        hint = self.words.written("hint")
        self.hint = self.words.written("hint_rethrow", hint=hint) if rethrow else hint
        self.marked = Detections()  # the dice of the last read, drawn until the next one
        self.last = ""  # the last roll in words
        self.note = ""  # what the last key did, or what it waits for: shown until the next roll
        self.shown: tuple[np.ndarray, GameState, Odds | None, bool] | None = None
        self.reads: list[int] = []  # the frame number of each settled read, for measuring

    @property
    def visible(self) -> bool:
        return self.screen.visible

    def show(self, frame: np.ndarray, state: GameState, odds: Odds | None,
             unsure: bool) -> str | None:
        """Show the table; the action of a key pressed meanwhile (see ``screen.KEYS``)."""
        self.shown = (frame, state, odds, unsure)
        return self.screen.show(self.picture(frame, state, odds, unsure)) if self.visible else None

    def redraw(self) -> None:
        """Show the table again as last shown, with what has changed since (a note): before the
        terminal is waited on, when the window shows no new frame."""
        if self.visible and self.shown is not None:
            self.screen.show(self.picture(*self.shown))

    def noted(self, text: str) -> None:
        """Show ``text`` in the window until the next roll: what a key did, or why it did
        nothing."""
        self.note = text
        self.redraw()

    def noted_key(self, key: str) -> None:
        """Show the window's line ``key`` (`lcr_vision.phrases.window`) until the next roll."""
        self.noted(self.words.written(key))

    def picture(self, frame: np.ndarray, state: GameState, odds: Odds | None,
                unsure: bool) -> np.ndarray:
        """The window's picture: the marked dice, and below them the turn and the standings in
        the largest text, then the odds, the last roll, and how to settle an ``unsure`` read."""
        turn = self.words.written("turn", game=state.game, player=self.players[state.turn],
                                  dice=state.dice_owed)
        lines = [(turn, TURN_PX), (self.chips(state), STANDINGS_PX),
                 (self.odds(odds), TEXT_PX), (self.last, TEXT_PX)]
        if unsure:
            lines.append((self.words.written("unsure", hint=self.hint), TEXT_PX))
        if self.note:
            lines.append((self.note, TEXT_PX))
        return board(annotate(frame, self.marked), lines, ROOM)

    def chips(self, state: GameState) -> str:
        """``Ann 3   Ben 3   Cat 3   center 0``: each player's chips, then the center's, each
        kept whole on one line where the window wraps them (`GLUE`)."""
        center = self.words.written("center")
        return "   ".join(f"{who} {count}".replace(" ", GLUE) for who, count in
                          [*zip(self.players, state.chips), (center, state.center)])

    def odds(self, odds: Odds | None) -> str:
        """``Odds: Ann 31%  Ben 33%  Cat 37%``, marked when estimated; nothing without odds."""
        if odds is None:
            return ""
        return self.words.written("odds_line" if odds.exact else "odds_line_estimated",
                                  chances=odds.chances(self.players))

    def settled(self, frame_number: int) -> None:
        """The dice settled on frame ``frame_number`` and were read."""
        self.reads.append(frame_number)

    def unsure(self) -> None:
        """A doubtful read waits for a key: the terminal says which (the window's panel does
        already)."""
        print(f"  {self.hint}", flush=True)

    def moving(self) -> None:
        """The dice are moving: their boxes belong to the dice read, not to a hand."""
        self.marked = Detections()

    def rolled(self, result: RollResult, unseen: int = 0) -> None:
        """A roll played: it stays on the window until the next (a die nobody saw as ``?``)."""
        faces = " ".join(shown(result.game_faces, unseen))
        self.last = f"{self.players[result.player]}: {faces}. {self.record.roll(result)}"
        self.note = ""

    def amended(self, k: int, result: RollResult, moves: Sequence[str]) -> None:
        """Roll ``k`` amended to ``result``: shown with the chips to move (as said)."""
        self.marked, self.note = Detections(), ""
        self.last = " ".join([self.words.written("amended", k=k, roll=self.record.roll(result)),
                              *moves])

    def undone(self) -> None:
        """The last roll withdrawn: nothing of it stays shown."""
        self.marked, self.last, self.note = Detections(), "", self.words.written("undone")

    def game_over(self, frame: np.ndarray, dice: Detections, result: RollResult) -> None:
        """The game's end stays shown until a key, the winner in the largest text."""
        if self.visible:
            self.screen.hold(self.ending(frame, dice, result))

    def ending(self, frame: np.ndarray, dice: Detections, result: RollResult) -> np.ndarray:
        """The winner screen: who won (or the draw), the final chips, the last roll."""
        end = result.after
        won = (self.words.written("draw", game=end.game) if end.winner is None
               else self.words.written("won", player=self.players[end.winner], game=end.game))
        return board(annotate(frame, dice), [(won, WINNER_PX), (self.chips(end), STANDINGS_PX),
                                             (self.last, TEXT_PX),
                                             (self.words.written("any_key"), TEXT_PX)])

    def tell(self, text: str) -> None:
        """A line for the person at the terminal, shown in the window too."""
        print(f"  {text}", flush=True)
        self.noted(text)

    def ask(self, prompt: str) -> str:
        """A question answered at the terminal (the window says so while it waits); where its
        input has ended (nobody can type), a refusal the loop says, as it says any, and the game
        goes on."""
        self.noted_key("answer_at_terminal")
        try:
            return input(prompt)
        except EOFError:
            print(flush=True)
            raise UserError(Said("no_terminal")) from None

    def choose(self, prompt: str) -> str:
        """A choice asked at the terminal (Wilder's payment, the wilds' targets); where nobody
        can type, the empty answer: the choice is left to the policy, as unattended play does."""
        try:
            return self.ask(prompt)
        except UserError:
            return ""
