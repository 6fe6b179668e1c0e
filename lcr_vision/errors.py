"""A refusal as a value, the English the command line prints it in, and the exception carrying it.

The base of the package: it imports nothing of lcr-vision but the templates (`refusals`), so the
rules, the faces and every layer above raise refusals without reaching up to the phrasebook. A
refusal is a `Said` (a template key and its fields); `english` writes it as the terminal prints
it, with digits for numbers, and the phrasebook (`lcr_vision.phrases`) says the same `Said` in
words, in the table's language, from the same `REFUSALS` templates (and the Russian ones beside
them).

>>> english(Said("wild_too_few", {"player": "Cat", "chips": 1}))
'Cat has 1 chip to take'
"""

from __future__ import annotations

import errno
import string
from collections.abc import Mapping
from dataclasses import dataclass, field

from lcr_vision.refusals import NOUNS, REFUSALS


@dataclass(frozen=True)
class Said:
    """The template ``key`` of the phrasebook and the values it is filled with (names, counts, and
    other `Said` values for a sentence within a sentence).

    >>> Said("no_undo")
    Said(key='no_undo', fields={})
    """

    key: str
    fields: Mapping[str, object] = field(default_factory=dict)


# The system's reasons a file cannot be read or written that a refusal names in its own words.
_OS_REASONS: Mapping[int, str] = {
    errno.ENOENT: "os_missing", errno.EACCES: "os_denied", errno.EPERM: "os_denied",
    errno.ENOSPC: "os_full", errno.EDQUOT: "os_full", errno.EROFS: "os_read_only",
    errno.EISDIR: "os_is_folder", errno.ENOTDIR: "os_not_folder",
}


def os_reason(exc: OSError) -> Said:
    """Why the system refused a file, as a refusal can say it in any language: its own words
    for the common reasons, else the system's (English) message.

    >>> english(os_reason(PermissionError(errno.EACCES, "Permission denied")))
    'permission denied'
    >>> english(os_reason(OSError(errno.EIO, "Input/output error")))
    'Input/output error'
    """
    key = _OS_REASONS.get(exc.errno or 0)
    return Said(key) if key else Said("text", {"text": exc.strerror or str(exc)})


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
