"""What the players at the table see and type: the window's picture and keys, the terminal's
hints and questions, and the frames each roll was read on (which the demo measures).

The loop plays the game and tells the view what happened (a roll, a doubt, an undo); the view
keeps what that leaves on the screen until the next one. The window's panel is English, as
``overlay``'s font draws ASCII only.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lcr_vision.odds import Odds
from lcr_vision.phrases.written import describe_roll
from lcr_vision.rules import GameState, RollResult
from lcr_vision.table.overlay import draw_panel
from lcr_vision.table.screen import Screen
from lcr_vision.vision.annotate import annotate
from lcr_vision.vision.detections import Detections

UNSURE_HINT = "space accepts this read, t types the faces, or roll again"


class TableView:
    """The window (or none, headless) and the terminal, for one table's ``players``."""

    def __init__(self, screen: Screen, players: tuple[str, ...]) -> None:
        self.screen = screen
        self.players = players
        self.marked = Detections()  # the dice of the last read, drawn until the next one
        self.last = ""  # the last roll in words
        self.reads: list[int] = []  # the frame number of each settled read, for measuring

    @property
    def visible(self) -> bool:
        return self.screen.visible

    def show(self, frame: np.ndarray, state: GameState, odds: Odds | None,
             unsure: bool) -> str | None:
        """Show the table; the action of a key pressed meanwhile (see ``screen.KEYS``)."""
        return self.screen.show(self.picture(frame, state, odds, unsure)) if self.visible else None

    def picture(self, frame: np.ndarray, state: GameState, odds: Odds | None,
                unsure: bool) -> np.ndarray:
        """The window's picture: the marked dice and a panel with the turn, standings, odds and
        the last roll, and how to settle an ``unsure`` read."""
        chips = "  ".join(f"{p} {c}" for p, c in zip(self.players, state.chips))
        lines = [f"Game {state.game}: {self.players[state.turn]} rolls {state.dice_owed}",
                 f"{chips}  | center {state.center}",
                 "" if odds is None else odds.line(self.players), self.last]
        if unsure:
            lines.append("Unsure read: space accepts, t types the faces, or roll again")
        return draw_panel(annotate(frame, self.marked), [line for line in lines if line])

    def settled(self, frame_number: int) -> None:
        """The dice settled on frame ``frame_number`` and were read."""
        self.reads.append(frame_number)

    def unsure(self) -> None:
        """A doubtful read waits for a key: the terminal says which."""
        self.tell(UNSURE_HINT)

    def moving(self) -> None:
        """The dice are moving: their boxes belong to the dice read, not to a hand."""
        self.marked = Detections()

    def rolled(self, result: RollResult) -> None:
        """A roll played: it stays on the window until the next."""
        faces = " ".join(result.game_faces)
        self.last = f"{self.players[result.player]}: {faces}. {describe_roll(result, self.players)}"

    def amended(self, k: int, result: RollResult, moves: Sequence[str]) -> None:
        """Roll ``k`` amended to ``result``: shown with the chips to move (as said)."""
        self.marked = Detections()
        self.last = " ".join([f"Roll {k} amended: {describe_roll(result, self.players)}", *moves])

    def undone(self) -> None:
        """The last roll withdrawn: nothing of it stays shown."""
        self.marked, self.last = Detections(), ""

    def game_over(self, frame: np.ndarray, dice: Detections, said: Sequence[str]) -> None:
        """The winner stays shown until a key: the last roll and the game's last sentences."""
        if self.visible:
            self.screen.hold(draw_panel(annotate(frame, dice),
                                        [self.last, *said, "Press any key"]))

    def tell(self, text: str) -> None:
        """A line for the person at the terminal."""
        print(f"  {text}", flush=True)

    def ask(self, prompt: str) -> str:
        """A question answered at the terminal."""
        return input(prompt)
