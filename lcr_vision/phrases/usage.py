"""The command line's words in each language: argparse's messages, the family commands' help,
the placeholders of values. English is what argparse and the commands are written in, so its
tables are empty and every lookup falls back to the English given.

>>> USAGE["ru"].message("usage: "), USAGE["en"].message("usage: ")
('использование: ', 'usage: ')
>>> USAGE["ru"].option("odds", "--seed", "simulation seed (default 0)")
'зерно оценки случайными играми (по умолчанию 0)'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from lcr_vision.phrases import ru_usage


@dataclass(frozen=True)
class Usage:
    """One language's tables (see `lcr_vision.phrases.ru_usage` for what each holds)."""

    messages: Mapping[str, str] = field(default_factory=dict)
    lines: Mapping[str, str] = field(default_factory=dict)
    descriptions: Mapping[str, str] = field(default_factory=dict)
    options: Mapping[str, str] = field(default_factory=dict)
    metavars: Mapping[str, str] = field(default_factory=dict)

    def message(self, english: str) -> str:
        """argparse's message (or one of lcr-vision's around it) in this language."""
        return self.messages.get(english, english)

    def command(self, name: str, line: str, description: str) -> tuple[str, str]:
        """A command's line in ``--help`` and its description."""
        return self.lines.get(name, line), self.descriptions.get(name, description)

    def option(self, command: str, key: str, english: str) -> str:
        """The help of option ``key`` (a long flag, or a positional's name) of a family
        ``command``: its own, else the one most commands share; other commands' stays as given."""
        if command not in self.descriptions:
            return english
        return self.options.get(f"{command} {key}", self.options.get(key, english))

    def metavar(self, english: str) -> str:
        """The placeholder shown for a value."""
        return self.metavars.get(english, english)


USAGE: Mapping[str, Usage] = {
    "en": Usage(),
    "ru": Usage(ru_usage.MESSAGES, ru_usage.LINES, ru_usage.DESCRIPTIONS, ru_usage.OPTIONS,
                ru_usage.METAVARS),
}
