"""What the rules refuse. Each is a `UserError`, raised before any state changes."""

from lcr_vision.errors import UserError


class RulesError(UserError):
    """Base of every refusal by the rules engine."""


class SettingsError(RulesError):
    """Settings no game can be played with: too few players, no chips, clashing variants."""


class FaceCountError(RulesError):
    """A roll with a number of faces other than the dice owed."""


class IllegalFaceError(RulesError):
    """A face the game cannot use here, such as a wild without the Wild variant."""


class IllegalChoiceError(RulesError):
    """A decision the rules do not allow: paying for Wilder with too few chips, a wrong target."""


class GameOverError(RulesError):
    """A roll offered to a game that has already ended."""
