"""Face tokens, dice kinds and the face map from pip values to game faces.

The tokens are the public ones of docs/formats.md: ``1``-``6`` for pip dice, ``L C R dot wild`` for
boxed dice. The vision code reports tokens; only the game maps pips to L/C/R/dot/wild.

>>> FaceMap.default().to_game("4")
'L'
>>> FaceMap.default(wild=True).to_game("1")
'wild'
>>> parse_faces("l c .")
('L', 'C', 'dot')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from lcr_vision.errors import Said, UserError

PIP_FACES: tuple[str, ...] = ("1", "2", "3", "4", "5", "6")
GAME_FACES: tuple[str, ...] = ("L", "C", "R", "dot", "wild")
FACE_TOKENS: tuple[str, ...] = PIP_FACES + GAME_FACES


class DiceKind(str, Enum):
    """Which physical dice are on the table; it restricts the faces the reader may report."""

    PIP = "pip"
    LCR = "lcr"
    WILD = "wild"

    @property
    def word(self) -> str:
        """What players call these dice, and what ``--dice`` takes: boxed, wild or regular."""
        return {DiceKind.PIP: "regular", DiceKind.LCR: "boxed", DiceKind.WILD: "wild"}[self]

    @classmethod
    def parse(cls, text: str) -> DiceKind:
        """The dice named ``boxed``, ``wild`` or ``regular`` (or ``lcr`` and ``pip``, the names
        ``detect`` and ``play`` took before, and the values calibration profiles store).

        >>> DiceKind.parse("regular"), DiceKind.parse("LCR"), DiceKind.LCR.word
        (<DiceKind.PIP: 'pip'>, <DiceKind.LCR: 'lcr'>, 'boxed')
        """
        key = text.strip().lower()
        for kind in cls:
            if key in (kind.word, kind.value):
                return kind
        raise FaceError(Said("unknown_dice", {"name": text, "allowed": ", ".join(DICE_WORDS)}))

    @property
    def faces(self) -> tuple[str, ...]:
        """The face tokens a die of this kind can show."""
        return {
            DiceKind.PIP: PIP_FACES,
            DiceKind.LCR: ("L", "C", "R", "dot"),
            DiceKind.WILD: ("L", "C", "R", "dot", "wild"),
        }[self]


DICE_WORDS: tuple[str, ...] = ("boxed", "wild", "regular")


class FaceError(UserError):
    """A face token that is not one of docs/formats.md's, or that the face map cannot translate."""


_ALIASES = {
    "l": "L", "left": "L", "c": "C", "center": "C", "centre": "C", "r": "R", "right": "R",
    "dot": "dot", ".": "dot", "d": "dot", "•": "dot", "o": "dot",
    "wild": "wild", "w": "wild", "*": "wild",
}


def normalize_face(text: str) -> str:
    """Return the canonical token for a typed face (``l``, ``.``, ``4``, ``Wild`` ...)."""
    t = text.strip()
    if t in PIP_FACES:
        return t
    try:
        return _ALIASES[t.lower()]
    except KeyError:
        raise FaceError(Said("unknown_typed_face", {"face": text})) from None


def parse_faces(line: str) -> tuple[str, ...]:
    """Split a typed roll such as ``"L R dot"``, ``"l,c,."`` or ``"4 6 2"`` into tokens."""
    parts = line.replace(",", " ").split()
    return tuple(normalize_face(p) for p in parts)


@dataclass(frozen=True)
class FaceMap:
    """How pip values count in the game. Default (docs/rules.md): 1-3 dot, 4 L, 5 C, 6 R;
    Wild: 1 wild."""

    pips: Mapping[str, str] = field(
        default_factory=lambda: MappingProxyType(
            {"1": "dot", "2": "dot", "3": "dot", "4": "L", "5": "C", "6": "R"}
        )
    )

    def __post_init__(self) -> None:
        if set(self.pips) != set(PIP_FACES):
            raise FaceError(Said("map_all_pips"))
        bad = [v for v in self.pips.values() if v not in GAME_FACES]
        if bad:
            raise FaceError(Said("map_value", {"face": bad[0]}))
        object.__setattr__(self, "pips", MappingProxyType(dict(self.pips)))

    @classmethod
    def default(cls, wild: bool = False) -> FaceMap:
        """The default map; with ``wild`` the 1 counts as a wild."""
        base = {"1": "dot", "2": "dot", "3": "dot", "4": "L", "5": "C", "6": "R"}
        if wild:
            base["1"] = "wild"
        return cls(base)

    @classmethod
    def parse(cls, text: str) -> FaceMap:
        """Parse a house map like ``"1=L,2=dot,3=R,4=dot,5=C,6=dot"``."""
        pairs = {}
        for item in text.replace(" ", "").split(","):
            if "=" not in item:
                raise FaceError(Said("map_entry", {"entry": item}))
            pip, face = item.split("=", 1)
            pairs[pip] = normalize_face(face)
        return cls(pairs)

    def to_game(self, token: str) -> str:
        """Map one face token (pip or game face) to the game face L, C, R, dot or wild."""
        if token in GAME_FACES:
            return token
        if token in self.pips:
            return self.pips[token]
        raise FaceError(Said("unknown_face", {"face": token}))

    def to_game_faces(self, tokens: Iterable[str]) -> tuple[str, ...]:
        """Each of ``tokens`` as the game face it counts as (`to_game`).

        >>> FaceMap.default().to_game_faces(["4", "2", "C"])
        ('L', 'dot', 'C')
        """
        return tuple(self.to_game(t) for t in tokens)

    def as_dict(self) -> dict[str, str]:
        """A plain dict, for JSON settings."""
        return dict(self.pips)
