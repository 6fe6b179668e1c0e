"""Speech: an announcer that never blocks play, saying the phrasebook's sentences (English or
Russian, `lcr_vision.phrases.spoken`), which it hands on with the languages it speaks."""

from lcr_vision.languages import LANGUAGES
from lcr_vision.phrases.spoken import Phrasebook
from lcr_vision.speech.announcer import Announcer

__all__ = ["LANGUAGES", "Announcer", "Phrasebook"]
