"""What every topic of the spoken phrasebook shares: the table's players and language, and how a
template of that language is filled.

>>> Book(("Ann", "Ben", "Cat"), "ru").written("ask_amend_faces", k=3)
'Грани броска 3 на самом деле (например, L R dot): '
"""

from __future__ import annotations

from dataclasses import dataclass

from lcr_vision.languages import LANGUAGES
from lcr_vision.phrases.en import EN
from lcr_vision.phrases.language import Language
from lcr_vision.phrases.ru import RU

# each language's words, in the order of its code: a code added without them fails here
WORDS: dict[str, Language] = dict(zip(LANGUAGES, (EN, RU), strict=True))


@dataclass(frozen=True)
class Book:
    """Sentences for one table: the players in seating order and the language (``en`` or ``ru``)."""

    players: tuple[str, ...]
    language: str = "en"

    @property
    def _words(self) -> Language:
        return WORDS[self.language]

    def _fill(self, key: str, **fields: object) -> str:
        return self._words.sentence(key, **fields)

    def written(self, key: str, **fields: object) -> str:
        """A line written out (not said) in the table's language, such as manual play's or a
        question at the terminal: its numbers stay digits."""
        return self._words.written(key, **fields)
