"""What the announcer says, in English or Russian, built from the rules engine's move values, one
topic a book: `Phrasebook` holds them for one table, and the lines every topic shares.

Sentences are short on purpose: the table must not wait for the voice.

>>> from lcr_vision.rules.moves import Pass, ToCenter
>>> en = Phrasebook(("Ann", "Ben", "Cat", "Dan"), "en")
>>> en.rolls.turn("Ben", 2), en.moves.said([Pass(1, 2), ToCenter(1)])
('Ben, roll two dice.', ['Ben, pass one chip left to Cat and one to the center.'])
>>> en.standings.said({"Ann": 0, "Ben": 12}, 5), en.games.opening(2, "Ben")
('Ann zero, Ben twelve, center five.', 'Game two: Ben throws first.')

A refusal, said in the table's language with every number in words (the terminal prints the same
refusal with digits):

>>> from lcr_vision.errors import Said
>>> ru = Phrasebook(("Ann", "Ben", "Cat"), "ru")
>>> refused = UserError(Said("wild_not_opponent", {"seat": 0}))
>>> str(refused), en.refusal(refused), ru.refusal(refused)
('a wild target must be an opponent, not seat 0', 'A wild target must be an opponent, not seat zero.', 'Дикий забирает только у соперника, а не у места ноль.')
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TypeVar

from lcr_vision.errors import Said, UserError
from lcr_vision.phrases.book import WORDS, Book
from lcr_vision.phrases.chips import Moves, Standings
from lcr_vision.phrases.corrections import Corrections
from lcr_vision.phrases.rolls import Rolls
from lcr_vision.phrases.sitting import Games, Resumes

T = TypeVar("T", bound=Book)


def printed(error: UserError, language: str) -> str:
    """A refusal as the terminal prints it in ``language``, numbers in digits: English is the
    error's own message; a refusal written only in English stays so.

    >>> from lcr_vision.errors import Said
    >>> printed(UserError(Said("undo_last", {"k": 2})), "ru")
    'отменить можно только последний бросок, а не бросок 2'
    """
    return str(error) if language == "en" else WORDS[language].printed(error.said)


def note_in(language: str) -> Callable[[Said], None]:
    """What a source tells of itself, printed once on stderr in ``language``: the size a webcam's
    frames come at (`lcr_vision.camera.capture.CaptureSource`).

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     note_in("en")(Said("camera_mode", {"source": "camera 0", "size": "1280x720"}))
    >>> print(err.getvalue(), end="")
    lcr-vision: camera 0 gives 1280x720 frames
    """
    words = WORDS[language]

    def note(what: Said) -> None:
        print(f"lcr-vision: {words.printed(what)}", file=sys.stderr, flush=True)

    return note


def tagged(tag: str, what: str | Said, language: str) -> str:
    """A line for stderr: ``what`` under the template ``tag`` (``error`` for the refusal a
    command ends with, ``warning`` for what it goes on past), the tag in ``language`` too.

    >>> tagged("error", "нет такой папки", "ru")
    'lcr-vision: ошибка: нет такой папки'
    """
    return f"lcr-vision: {WORDS[language].printed(Said(tag, {'what': what}))}"


def warn_in(language: str) -> Callable[[Said], None]:
    """Warnings printed on stderr in ``language``: speech gone, a photo skipped, a camera gone
    and back (`lcr_vision.camera.source.Warn`).

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     warn_in("ru")(Said("source_back", {"source": "cam.mp4"}))
    >>> print(err.getvalue(), end="")
    lcr-vision: внимание: источник cam.mp4 снова присылает кадры
    """
    def warn(what: Said) -> None:
        print(tagged("warning", what, language), file=sys.stderr, flush=True)

    return warn


def topic(kind: type[T]) -> cached_property[T]:
    """A phrasebook's book of one topic for the same table, made on first use and kept."""
    def made(book: Book) -> T:
        return kind(book.players, book.language)

    return cached_property(made)


@dataclass(frozen=True)
class Phrasebook(Book):
    """Sentences for one table, a book per topic (``book.moves.said(...)``), and the lines every
    topic shares: a line written at the terminal (`Book.written`), a refusal said."""

    rolls = topic(Rolls)  # whose turn, what was read, a read that cannot be used as it is
    moves = topic(Moves)  # what a roll moves
    corrections = topic(Corrections)  # a roll corrected, and the chips it hands back
    standings = topic(Standings)  # where the chips stand, who is favoured
    games = topic(Games)  # between games: the next one opening, the dice learnt
    resumed = topic(Resumes)  # a session resumed where it stopped

    def refusal(self, error: UserError) -> str:
        """What was refused and why, as a sentence: ``Roll two: Ben rolls two dice, got one
        face.`` (the command line prints the same refusal with digits)."""
        text = self._words.render(error.said)
        return f"{text[:1].upper()}{text[1:]}."
