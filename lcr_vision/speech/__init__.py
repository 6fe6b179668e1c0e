"""Speech: the sentences of the game (English or Russian) and an announcer that never blocks play."""

from lcr_vision.speech.announcer import Announcer
from lcr_vision.speech.phrases import LANGUAGES, Phrasebook

__all__ = ["LANGUAGES", "Announcer", "Phrasebook"]
