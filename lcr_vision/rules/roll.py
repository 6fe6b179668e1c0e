"""A roll as one value, as python-chess's ``Move`` is: the faces thrown and the roller's choices,
with a parse from what a player types and a print that reads back as the same roll.

A line holds the faces (``L R dot``, ``l c .``, pip values ``4 6 2``), optionally ``reverse``
first to pay for Wilder, and ``@Name`` once per wild chip to choose whom a wild takes from (or
gives to); a name may have spaces (``@Ann Marie``).

>>> from lcr_vision.rules.settings import Settings, Variants
>>> s = Settings.create(["Ann", "Ben", "Cat"], variants=Variants(wild=True, wilder=True))
>>> roll = Roll.parse("reverse w 1 . @cat @Cat", s)
>>> roll
Roll(faces=('wild', '1', 'dot'), decision=Decision(reverse=True, targets=(2, 2)))
>>> roll.text(s), Roll.parse(roll.text(s), s) == roll
('reverse wild 1 dot @Cat @Cat', True)
>>> Roll.parse("4 6 2", s)
Roll(faces=('4', '6', '2'), decision=None)
"""

from __future__ import annotations

from dataclasses import dataclass

from lcr_vision.faces import parse_faces
from lcr_vision.rules.choices import Decision
from lcr_vision.rules.settings import Settings

REVERSE = ("reverse", "rev")  # the words that pay for Wilder, first on a line


@dataclass(frozen=True)
class Roll:
    """The faces of one throw (tokens, docs/formats.md) and the roller's choices: ``None``
    leaves every choice to the table's policy."""

    faces: tuple[str, ...]
    decision: Decision | None = None

    @classmethod
    def parse(cls, text: str, settings: Settings) -> Roll:
        """The roll a typed line means; a face or a name the table does not know is refused
        (a `FaceError` or `SettingsError`, said in one line)."""
        tokens = text.replace(",", " ").split()
        reverse = bool(tokens) and tokens[0].lower() in REVERSE
        faces: list[str] = []
        targets: list[int] = []
        i = int(reverse)
        while i < len(tokens):
            words = _name_length(tokens[i:], settings) if tokens[i].startswith("@") else 0
            if words:
                targets.append(settings.seat(" ".join(tokens[i:i + words])[1:]))
            else:
                faces.append(tokens[i])
            i += words or 1
        decision = Decision(reverse=reverse, targets=tuple(targets) or None)
        return cls(parse_faces(" ".join(faces)),
                   decision if reverse or targets else None)

    def text(self, settings: Settings) -> str:
        """The roll as a player would type it: `parse` reads it back as this roll."""
        decision = self.decision or Decision()
        words = (["reverse"] if decision.reverse else []) + list(self.faces)
        words += [f"@{settings.players[seat]}" for seat in decision.targets or ()]
        return " ".join(words)


def _name_length(tokens: list[str], settings: Settings) -> int:
    """How many of ``tokens``, the first starting with ``@``, name a player: the most that do,
    so that ``@Ann Marie`` is one name; one where none does (`Settings.seat` then refuses it)."""
    names = {p.lower() for p in settings.players}
    return next((n for n in range(len(tokens), 1, -1)
                 if " ".join(tokens[:n])[1:].lower() in names), 1)
