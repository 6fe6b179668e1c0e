"""What a language is to the phrasebook, and how one of its templates is filled.

A template names its fields; how a field is written depends on its value and its format spec:
an int with a noun (``{chips:chip}``) is counted (``two chips``, ``две фишки``), a bare int
(``{game}``) is spelled, a `Said` is rendered as a sentence of its own, anything else is as is.
A refusal's English template is written with digits for the terminal by the base
(`lcr_vision.errors.english`) and with words for the voice here.

>>> from lcr_vision.phrases.en import EN
>>> EN.render(Said("wild_too_few", {"player": "Cat", "chips": 1}))
'Cat has one chip to take'
>>> from lcr_vision.phrases.ru import RU
>>> RU.printed(Said("no_roll", {"k": 4, "rolls": 3}))
'броска 4 нет: всего бросков 3'
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from lcr_vision.errors import Said


@dataclass(frozen=True)
class Language:
    """The words of one language: number words and noun forms per noun, templates, face names."""

    spell: Callable[[int, str], str]  # a number in words, for counting a noun ("": bare)
    nouns: Mapping[str, tuple[str, ...]]  # noun -> its forms, indexed by ``form``
    form: Callable[[int], int]  # which form of a noun goes with a number
    templates: Mapping[str, str]
    faces: Mapping[str, str]
    places: tuple[tuple[str, ...], ...]  # the dice of a roll of 1, 2, 3 named by place, left first
    dice_word: tuple[str, str]  # "die", "dice": where places are joined (the left and right dice)
    joiner: str  # the word before the last item of a list

    def plural(self, n: int, noun: str) -> str:
        """The noun's form for ``n`` (Russian has three: 1 фишку, 2 фишки, 5 фишек)."""
        return self.nouns[noun][self.form(n)]

    def counted(self, n: int, noun: str) -> str:
        """``3 dice``, ``3 кубика``: a count in digits with its noun's form, as print has it."""
        return f"{n} {self.plural(n, noun)}"

    def count(self, n: int, noun: str, bare: bool = False) -> str:
        """``two chips``, or just ``two`` when ``bare``: every number in words."""
        number = self.spell(n, noun)
        return number if bare else f"{number} {self.plural(n, noun)}"

    def join(self, parts: Sequence[str]) -> str:
        """``a, b and c``."""
        if len(parts) == 1:
            return parts[0]
        return f"{', '.join(parts[:-1])} {self.joiner} {parts[-1]}"

    def sentence(self, key: str, **fields: object) -> str:
        """The template ``key`` filled with ``fields`` (see the module's docstring)."""
        return _Filler(self).format(self.templates[key], **fields)

    def render(self, said: Said) -> str:
        """A `Said` value in words."""
        return self.sentence(said.key, **said.fields)

    def written(self, key: str, **fields: object) -> str:
        """The template ``key`` filled as print has it: its numbers in digits (``3 кубика``)."""
        return _Filler(self, digits=True).format(self.templates[key], **fields)

    def printed(self, said: Said) -> str:
        """A `Said` value as a terminal prints it (`written`)."""
        return self.written(said.key, **said.fields)


class _Filler(string.Formatter):
    """Writes each field of a template as the module's docstring says, or numbers in
    ``digits``."""

    def __init__(self, words: Language, digits: bool = False) -> None:
        self.words, self.digits = words, digits

    def format_field(self, value: object, format_spec: str) -> str:
        if isinstance(value, Said):
            return (self.words.printed if self.digits else self.words.render)(value)
        if isinstance(value, int) and not isinstance(value, bool):
            if self.digits:
                return self.words.counted(value, format_spec) if format_spec else str(value)
            return self.words.count(value, format_spec, bare=not format_spec)
        return super().format_field(value, format_spec)
