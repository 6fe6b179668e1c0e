"""The rules of Left Center Right as docs/rules.md reads them: pure functions over immutable values.

`Roll` is one throw as a value (its faces and the roller's choices, parsed from and printed as a
typed line); `play_roll` resolves one roll of a `GameState`; `Series` chains games into a
session. Moves come back as values (`Pass`, `ToCenter`, `Take`, ...) that `lcr_vision.phrases`
turns into words.
"""

from lcr_vision.rules.choices import Choices, Decision, give_targets, take_targets
from lcr_vision.rules.engine import RollResult, legal_choices, play_roll
from lcr_vision.rules.errors import (
    FaceCountError,
    GameOverError,
    IllegalChoiceError,
    IllegalFaceError,
    RulesError,
    SettingsError,
)
from lcr_vision.rules.handback import BOX, CENTER, Transfer, handback
from lcr_vision.rules.moves import (
    AllToCenter,
    Draw,
    Give,
    Move,
    Pass,
    PayToReverse,
    Skip,
    Take,
    TakeCenter,
    ToCenter,
    Win,
)
from lcr_vision.rules.roll import Roll
from lcr_vision.rules.series import GameRecord, Series
from lcr_vision.rules.settings import Settings, Variants
from lcr_vision.rules.state import GameState

__all__ = [
    "BOX",
    "CENTER",
    "AllToCenter",
    "Choices",
    "Decision",
    "Draw",
    "FaceCountError",
    "GameOverError",
    "GameRecord",
    "GameState",
    "Give",
    "IllegalChoiceError",
    "IllegalFaceError",
    "Move",
    "Pass",
    "PayToReverse",
    "Roll",
    "RollResult",
    "RulesError",
    "Series",
    "Settings",
    "SettingsError",
    "Skip",
    "Take",
    "TakeCenter",
    "ToCenter",
    "Transfer",
    "Variants",
    "Win",
    "give_targets",
    "handback",
    "legal_choices",
    "play_roll",
    "take_targets",
]
