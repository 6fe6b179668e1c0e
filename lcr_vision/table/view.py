"""What the players at the table see and type: the window's picture and keys, the terminal's
hints and questions, and the frames each roll was read on (which the demo measures).

The loop plays the game and tells the view what happened (a roll, a doubt, an undo); the view
keeps what that leaves on the screen until the next one. The window's panel is English, as
``overlay``'s font draws ASCII only.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lcr_vision.errors import Said, UserError
from lcr_vision.ledger.replay import shown
from lcr_vision.odds import Odds
from lcr_vision.phrases.written import describe_roll
from lcr_vision.rules import GameState, RollResult
from lcr_vision.table.overlay import (
    GLUE,
    STANDINGS_PX,
    TEXT_PX,
    TURN_PX,
    WINNER_PX,
    band_height,
    board,
)
from lcr_vision.table.screen import Screen
from lcr_vision.vision.annotate import annotate
from lcr_vision.vision.detections import Detections

# the band holds the turn, the standings and four rows of the odds, last roll and hint
ROOM = band_height([TURN_PX, STANDINGS_PX, *[TEXT_PX] * 4])


class TableView:
    """The window (or none, headless) and the terminal, for one table's ``players``; a doubt
    may be settled by throwing again where the table can ``rethrow`` (not a recorded source: a
    photo folder or a video file cannot be thrown again)."""

    def __init__(self, screen: Screen, players: tuple[str, ...], rethrow: bool = True) -> None:
        self.screen = screen
        self.players = players
        self.hint = ("space accepts this read, t types the faces"
                     + (", or roll again" if rethrow else ""))
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
        nothing (the panel's font draws ASCII only: other text is told at the terminal)."""
        self.note = text if text.isascii() else "See the terminal"
        self.redraw()

    def picture(self, frame: np.ndarray, state: GameState, odds: Odds | None,
                unsure: bool) -> np.ndarray:
        """The window's picture: the marked dice, and below them the turn and the standings in
        the largest text, then the odds, the last roll, and how to settle an ``unsure`` read."""
        lines = [(f"Game {state.game}: {self.players[state.turn]} rolls {state.dice_owed}",
                  TURN_PX),
                 (self.chips(state), STANDINGS_PX),
                 ("" if odds is None else odds.line(self.players), TEXT_PX), (self.last, TEXT_PX)]
        if unsure:
            lines.append((f"Unsure read: {self.hint}", TEXT_PX))
        if self.note:
            lines.append((self.note, TEXT_PX))
        return board(annotate(frame, self.marked), lines, ROOM)

    def chips(self, state: GameState) -> str:
        """``Ann 3   Ben 3   Cat 3   center 0``: each player's chips, then the center's, each
        kept whole on one line where the window wraps them (`GLUE`)."""
        return "   ".join(f"{who} {count}".replace(" ", GLUE) for who, count in
                          [*zip(self.players, state.chips), ("center", state.center)])

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
        self.last = f"{self.players[result.player]}: {faces}. {describe_roll(result, self.players)}"
        self.note = ""

    def amended(self, k: int, result: RollResult, moves: Sequence[str]) -> None:
        """Roll ``k`` amended to ``result``: shown with the chips to move (as said)."""
        self.marked, self.note = Detections(), ""
        self.last = " ".join([f"Roll {k} amended: {describe_roll(result, self.players)}", *moves])

    def undone(self) -> None:
        """The last roll withdrawn: nothing of it stays shown."""
        self.marked, self.last, self.note = Detections(), "", "Last roll undone"

    def game_over(self, frame: np.ndarray, dice: Detections, result: RollResult) -> None:
        """The game's end stays shown until a key, the winner in the largest text."""
        if self.visible:
            self.screen.hold(self.ending(frame, dice, result))

    def ending(self, frame: np.ndarray, dice: Detections, result: RollResult) -> np.ndarray:
        """The winner screen: who won (or the draw), the final chips, the last roll."""
        end = result.after
        won = (f"Game {end.game} is a draw" if end.winner is None
               else f"{self.players[end.winner]} wins game {end.game}!")
        return board(annotate(frame, dice), [(won, WINNER_PX), (self.chips(end), STANDINGS_PX),
                                             (self.last, TEXT_PX), ("Press any key", TEXT_PX)])

    def tell(self, text: str) -> None:
        """A line for the person at the terminal, shown in the window too."""
        print(f"  {text}", flush=True)
        self.noted(text)

    def ask(self, prompt: str) -> str:
        """A question answered at the terminal (the window says so while it waits); where its
        input has ended (nobody can type), a refusal the loop says, as it says any, and the game
        goes on."""
        self.noted("Answer at the terminal")
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
