"""The settings of a session: players in seating order, their stakes, variants, face map, policy.

>>> s = Settings.create(["Ann", "Ben", "Cat"], variants=Variants.parse(["wild"]))
>>> s.stakes, s.face_map.to_game("1")
((3, 3, 3), 'wild')
>>> Settings.from_dict(s.to_dict()) == s
True
>>> Settings.create(["Ann", "Ben"])
Traceback (most recent call last):
...
lcr_vision.rules.errors.SettingsError: LCR needs at least 3 players, got 2
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, fields
from decimal import Decimal, InvalidOperation
from typing import Any

from lcr_vision.errors import Said
from lcr_vision.faces import FaceMap
from lcr_vision.rules.errors import SettingsError

MIN_PLAYERS = 3
MAX_PLAYERS = 20
STARTING_CHIPS = 3
MAX_STAKE = 20  # chips one player may start with: more than any variant plays with
MAX_CHIP_VALUE = 1_000_000  # what a chip may be worth: more is a slip of the keyboard
MAX_NAME = 40  # characters in a player's name: it is printed, said and laid out in columns
SEPARATOR = ","  # between names on the command line; no quoting, so no name holds one
BREAKING = frozenset({"Cc", "Zl", "Zp"})  # control characters, line breaks: unsafe to print
POLICIES: tuple[str, ...] = ("richest", "left")


def check_name(name: str, typed: bool = True) -> None:
    """Refuse, with the reason, a name that would break a line, a column or the terminal when
    printed: empty, a control character (line break, tab, escape), and, as typed, too long, a
    character that does not print, the separator or a quote (the command line does no quoting).
    A journal's names (``typed`` false; older versions took any) are held to the first two
    only: the review page cuts and isolates the rest."""
    if not name.strip():
        raise SettingsError(Said("name_empty"))
    if any(unicodedata.category(c) in BREAKING for c in name):
        raise SettingsError(Said("name_control", {"name": name}))
    if not typed:
        return
    if len(name) > MAX_NAME:
        raise SettingsError(Said("name_long", {"name": name[:MAX_NAME], "most": MAX_NAME}))
    if not name.isprintable():
        raise SettingsError(Said("name_unprintable", {"name": name}))
    if SEPARATOR in name or '"' in name:
        raise SettingsError(Said("name_separator", {"name": name}))


def _stake_error(name: str, chips: int) -> SettingsError:
    return SettingsError(Said("stake_range", {"player": name, "most": MAX_STAKE, "chips": chips}))


@dataclass(frozen=True)
class Variants:
    """The house variants that are on (docs/rules.md). Wilder needs Wild; the two endings clash."""

    wild: bool = False
    wilder: bool = False
    last_chip_wins: bool = False
    dot_to_win: bool = False

    def __post_init__(self) -> None:
        if self.wilder and not self.wild:
            raise SettingsError(Said("wilder_alone"))
        if self.last_chip_wins and self.dot_to_win:
            raise SettingsError(Said("two_endings"))

    @classmethod
    def parse(cls, names: Iterable[str]) -> Variants:
        """Variants from names such as ``wild`` or ``last-chip-wins`` (``-`` and ``_`` alike)."""
        known = {f.name for f in fields(cls)}
        chosen: dict[str, bool] = {}
        for name in names:
            key = name.strip().lower().replace("-", "_")
            if key not in known:
                allowed = ", ".join(n.replace("_", "-") for n in sorted(known))
                raise SettingsError(Said("unknown_variant", {"name": name, "allowed": allowed}))
            chosen[key] = True
        return cls(**chosen)

    @property
    def names(self) -> tuple[str, ...]:
        """The names of the variants that are on, in the spelling `parse` reads."""
        return tuple(f.name.replace("_", "-") for f in fields(self) if getattr(self, f.name))


@dataclass(frozen=True)
class Settings:
    """Everything fixed for a session. Build it with `create`, which fills in the defaults."""

    players: tuple[str, ...]
    stakes: tuple[int, ...]
    variants: Variants
    face_map: FaceMap
    chip_value: Decimal | None
    policy: str

    def __post_init__(self) -> None:
        n = len(self.players)
        if n < MIN_PLAYERS:
            raise SettingsError(Said("too_few_players", {"least": MIN_PLAYERS, "n": n}))
        if n > MAX_PLAYERS:
            raise SettingsError(Said("too_many_players", {"most": MAX_PLAYERS, "n": n}))
        for name in self.players:
            check_name(name, typed=False)
        if len({p.lower() for p in self.players}) != n:
            raise SettingsError(Said("names_differ", {"players": ", ".join(self.players)}))
        if len(self.stakes) != n:
            raise SettingsError(Said("stakes_count", {"n": n, "stakes": len(self.stakes)}))
        for name, chips in zip(self.players, self.stakes):
            if chips < 1:
                raise _stake_error(name, chips)
        if "wild" in self.face_map.pips.values() and not self.variants.wild:
            raise SettingsError(Said("wild_map_off"))
        value = self.chip_value
        if value is not None and not (value.is_finite() and 0 < value <= MAX_CHIP_VALUE):
            raise SettingsError(Said("chip_value", {"most": f"{MAX_CHIP_VALUE:,}",
                                                      "value": str(value)}))
        if self.policy not in POLICIES:
            raise SettingsError(Said("unknown_policy", {"name": self.policy,
                                                         "allowed": ", ".join(POLICIES)}))

    @classmethod
    def create(
        cls,
        players: Sequence[str],
        stakes: Sequence[int] | None = None,
        variants: Variants = Variants(),
        face_map: FaceMap | None = None,
        chip_value: Decimal | None = None,
        policy: str = "richest",
    ) -> Settings:
        """Settings with defaults: 3 chips each, the default face map of the variants; names
        and stakes checked as typed (`check_name`, `MAX_STAKE`)."""
        names = tuple(p.strip() for p in players)
        for name in names:
            check_name(name)
        for name, chips in zip(names, stakes or ()):
            if chips > MAX_STAKE:
                raise _stake_error(name, chips)  # a journal's are read as an older version took
        return cls(
            players=names,
            stakes=tuple(stakes) if stakes is not None else (STARTING_CHIPS,) * len(names),
            variants=variants,
            face_map=face_map if face_map is not None else FaceMap.default(wild=variants.wild),
            chip_value=chip_value,
            policy=policy,
        )

    @property
    def seats(self) -> int:
        """How many players sit at the table."""
        return len(self.players)

    def seat(self, name: str) -> int:
        """The seat of a player, by name (case does not matter)."""
        for i, p in enumerate(self.players):
            if p.lower() == name.strip().lower():
                return i
        raise SettingsError(Said("no_player", {"name": name, "players": ", ".join(self.players)}))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (the journal's session event holds it)."""
        return {
            "players": list(self.players),
            "stakes": list(self.stakes),
            "variants": asdict(self.variants),
            "face_map": self.face_map.as_dict(),
            "chip_value": None if self.chip_value is None else str(self.chip_value),
            "policy": self.policy,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """The inverse of `to_dict`; malformed data raises `SettingsError`."""
        try:
            value = data["chip_value"]
            return cls(
                players=tuple(str(p) for p in data["players"]),
                stakes=tuple(int(c) for c in data["stakes"]),
                variants=Variants(**data["variants"]),
                face_map=FaceMap(data["face_map"]),
                chip_value=None if value is None else Decimal(value),
                policy=str(data["policy"]),
            )
        except (KeyError, TypeError, ValueError, InvalidOperation) as exc:
            raise SettingsError(f"malformed settings: {exc!r}") from None
