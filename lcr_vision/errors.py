"""A refusal as a value, the English the command line prints it in, and the exception carrying it.

The base of the package: it imports nothing of lcr-vision, so the rules, the faces and every layer
above raise refusals without reaching up to the phrasebook. A refusal is a `Said` (a template key
and its fields); `english` writes it as the terminal prints it, with digits for numbers, and the
phrasebook (`lcr_vision.phrases`) says the same `Said` in words, in the table's language, from the
same `REFUSALS` templates (and the Russian ones beside them).

>>> english(Said("wild_too_few", {"player": "Cat", "chips": 1}))
'Cat has 1 chip to take'
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Said:
    """The template ``key`` of the phrasebook and the values it is filled with (names, counts, and
    other `Said` values for a sentence within a sentence).

    >>> Said("no_undo")
    Said(key='no_undo', fields={})
    """

    key: str
    fields: Mapping[str, object] = field(default_factory=dict)


# What the rules, the ledger and the table refuse, and why: ``{chips:chip}`` counts a noun of
# `NOUNS`, a bare number is a number, a `Said` field is a refusal within the refusal.
REFUSALS: Mapping[str, str] = {
    "text": "{text}",
    "game_over": "game {game} is over; a new game must start",
    "face_count": "{player} rolls {owed:die}, got {faces:face}",
    "wild_off": "{player} rolled a wild, but the Wild variant is off",
    "roll_face": "{player}'s roll: {why}",
    "unknown_face": "unknown face {face!r}",
    "unknown_typed_face": "unknown face {face!r}: use L, C, R, dot (or .), wild, or a pip "
                          "value 1-6",
    "wild_take_count": "the wilds take {chips:chip}, got {targets:target}",
    "wild_give_count": "the wilds give {chips:chip}, got {targets:target}",
    "wild_not_opponent": "a wild target must be an opponent, not seat {seat}",
    "wild_too_few": "{player} has {chips:chip} to take",
    "reverse_needs_wilder": "paying to reverse the dice needs the Wilder variant",
    "reverse_too_few": "{player} needs {price:chip} to pay for Wilder, has {chips}",
    "no_wild_choice": "{player} rolled {wilds:wild}: there is no wild choice to make",
    "no_player": "no player called {name!r}: players are {players}",
    "no_undo": "there is no roll to undo",
    "no_roll": "there is no roll {k}: the session has {rolls:roll}",
    "roll_refused": "roll {k}: {why}",
    "cannot_correct": "cannot correct roll {k}: {why}",
    "not_their_turn": "roll {k} was {player}'s, but it is {expected}'s turn",
    "cannot_follow": "roll {k} cannot follow roll {last}",
    "settled_after": "roll {k} cannot be corrected on its own: played again, the correction "
                     "settled after it leaves no room for it",
    "undo_last": "only the last roll can be undone, not roll {k}",
    "undo_settled": "roll {k} was thrown before a correction was settled on the chips after "
                    "it; amend it instead of undoing it",
    "amend_number": "a roll is amended by its number, not {text!r}",
    "amend_syntax": "write: amend K FACES, e.g. amend 3 L dot dot",
    "no_terminal": "nobody can type here: the terminal's input has ended",
}
# The English nouns a refusal counts: singular for one, plural otherwise.
NOUNS: Mapping[str, tuple[str, str]] = {
    "chip": ("chip", "chips"), "die": ("die", "dice"), "face": ("face", "faces"),
    "target": ("target", "targets"), "wild": ("wild", "wilds"), "roll": ("roll", "rolls"),
}


def english(said: Said) -> str:
    """A refusal as the command line prints it: its English template, numbers in digits."""
    return _Digits().format(REFUSALS[said.key], **said.fields)


class _Digits(string.Formatter):
    """Writes a refusal's fields as `english` says: a counted noun, a nested `Said`, as is."""

    def format_field(self, value: object, format_spec: str) -> str:
        if isinstance(value, Said):
            return english(value)
        if isinstance(value, int) and not isinstance(value, bool) and format_spec:
            return f"{value} {NOUNS[format_spec][value != 1]}"
        return super().format_field(value, format_spec)


class UserError(Exception):
    """A mistake the user can fix: bad input, a missing file, an impossible setting.

    Subsystems raise their own subclasses (rules errors, journal errors, ...); the CLI prints
    ``lcr-vision: error: <message>`` and exits with status 2. A refusal the table may say is
    raised as a `Said`: its message is `english`, and ``said`` lets the phrasebook say it in the
    table's language.

    >>> str(UserError(Said("no_roll", {"k": 4, "rolls": 3})))
    'there is no roll 4: the session has 3 rolls'
    >>> UserError("no such file").said
    Said(key='text', fields={'text': 'no such file'})
    """

    def __init__(self, message: str | Said) -> None:
        self.said = message if isinstance(message, Said) else Said("text", {"text": message})
        super().__init__(english(self.said))
