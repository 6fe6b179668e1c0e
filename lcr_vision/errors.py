"""The one exception type the command line turns into a one-line message instead of a traceback."""

from __future__ import annotations

from lcr_vision.phrases.en import EN
from lcr_vision.phrases.said import Said


class UserError(Exception):
    """A mistake the user can fix: bad input, a missing file, an impossible setting.

    Subsystems raise their own subclasses (rules errors, journal errors, ...); the CLI prints
    ``lcr-vision: error: <message>`` and exits with status 2. A refusal the table may say is
    raised as a `Said` (a key and fields): its message is the English template with digits, and
    ``said`` lets the phrasebook say it in the table's language.

    >>> str(UserError(Said("no_roll", {"k": 4, "rolls": 3})))
    'there is no roll 4: the session has 3 rolls'
    >>> UserError("no such file").said
    Said(key='text', fields={'text': 'no such file'})
    """

    def __init__(self, message: str | Said) -> None:
        self.said = message if isinstance(message, Said) else Said("text", {"text": message})
        super().__init__(EN.digits.render(self.said))
