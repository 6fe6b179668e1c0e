"""The command line in the language it is asked in: argparse's own words (usage, mistakes,
``--help``), the family commands' help, the placeholders of values and the options' refusals.

argparse asks gettext for each of its messages by their English, through the names ``_`` and
``ngettext`` of its module; while a command line is read (`reading_in`) those names look the
message up in the phrasebook's `USAGE`, so no catalogue file is needed. The language is known
before argparse reads a word (`asked_language`), so that a mistake in the first option, or a
``--help`` before ``--language``, is already in it.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import NoReturn

from lcr_vision.errors import Said, UserError
from lcr_vision.languages import LANGUAGES
from lcr_vision.ledger.journal import JOURNAL, journal_language
from lcr_vision.phrases.spoken import printed, tagged
from lcr_vision.phrases.usage import USAGE, Usage

_READ_IN: ContextVar[str] = ContextVar("read_in", default="en")


def asked_language(argv: Sequence[str]) -> str:
    """The language a command line asks for: its ``--language``, else that of the first session
    folder it names (``ledger``, ``review`` and ``amend`` print in it), else English.

    >>> asked_language(["odds", "--chips", "x", "--language=ru"]), asked_language(["odds"])
    ('ru', 'en')
    """
    for before, arg in zip(["", *argv], argv):
        value = arg.removeprefix("--language=") if arg.startswith("--language=") else (
            arg if before == "--language" else None)
        if value in LANGUAGES:
            return value
    return next(filter(None, map(_session_language, argv)), "en")


def _session_language(arg: str) -> str | None:
    """The language of the session in folder ``arg``; None where it names none."""
    try:
        return journal_language(Path(arg) / JOURNAL) if (Path(arg) / JOURNAL).is_file() else None
    except OSError:  # a name past what a folder's can be
        return None


@contextmanager
def reading_in(language: str) -> Iterator[None]:
    """Build and read the command line in ``language``: argparse's messages are looked up in
    it for the while, and put back after."""
    words = USAGE[language]
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    token = _READ_IN.set(language)
    argparse._ = words.message  # type: ignore[attr-defined]
    argparse.ngettext = lambda one, many, n: words.message(one if n == 1 else many)
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
        _READ_IN.reset(token)


def words() -> Usage:
    """The command line's words in the language it is read in."""
    return USAGE[_READ_IN.get()]


def refused(said: Said) -> argparse.ArgumentTypeError:
    """An option's value refused in the language the command line is read in (argparse names
    the option before it)."""
    return argparse.ArgumentTypeError(printed(UserError(said), _READ_IN.get()))


def actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """Every option and positional of ``parser``: argparse lists them only privately."""
    return parser._actions


def translate(parser: argparse.ArgumentParser, command: str) -> None:
    """Put ``parser``'s help (a family ``command``'s) and its values' placeholders in the
    language read in, where argparse's usage, ``--help`` and mistakes all take them from."""
    usage = words()
    for action in actions(parser):
        key = action.option_strings[-1] if action.option_strings else action.dest
        if action.help:
            action.help = usage.option(command, key, action.help)
        if action.nargs != 0 and (action.metavar is not None or action.choices is None):
            shown = action.metavar or (action.dest.upper() if action.option_strings
                                       else action.dest)
            action.metavar = usage.metavar(shown)


class Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes are one line, as every other user mistake is (the usage
    stays one ``--help`` away); its subcommands' parsers are of this class too."""

    def error(self, message: str) -> NoReturn:
        see = words().message("(see %s --help)") % self.prog
        self.exit(2, tagged("error", f"{message} {see}", _READ_IN.get()) + "\n")
