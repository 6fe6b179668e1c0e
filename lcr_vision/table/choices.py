"""The roller's choices, asked at the keyboard: paying for Wilder before the roll, and whom the
wilds take from (or, reversed, give to) after it. Unattended play never asks: the wild policy
decides and nobody pays for Wilder.

>>> from lcr_vision.rules import GameState, Settings, Variants
>>> s = Settings.create(["Ann", "Ben", "Cat"], variants=Variants(wild=True, wilder=True))
>>> ask_reverse(s, GameState.start(s.stakes), lambda question: "y")
True
>>> ask_targets(s, GameState.start(s.stakes), ("wild", "1", "dot"), False, lambda q: "cat, Ben")
(2, 1)
>>> ask_targets(s, GameState.start(s.stakes), ("L", "dot", "dot"), False, lambda q: "cat") is None
True
"""

from __future__ import annotations

from collections.abc import Callable

from lcr_vision.rules import GameState, Settings
from lcr_vision.rules.choices import WILDER_PRICE
from lcr_vision.rules.engine import legal_choices

Ask = Callable[[str], str]
YES = frozenset({"y", "yes", "д", "да"})


def ask_reverse(settings: Settings, state: GameState, ask: Ask) -> bool:
    """Whether the roller pays to reverse the dice (asked only when Wilder allows it)."""
    if not legal_choices(settings, state).reverse:
        return False
    name = settings.players[state.turn]
    answer = ask(f"{name}, pay {WILDER_PRICE} chips to reverse the dice? [y/N] ")
    return answer.strip().lower() in YES


def ask_targets(settings: Settings, state: GameState, faces: tuple[str, ...], reverse: bool,
                ask: Ask) -> tuple[int, ...] | None:
    """Seats named for one or two wilds (one per chip); ``None`` leaves them to the policy."""
    wilds = legal_choices(settings, state, faces).wild_chips
    if not wilds:
        return None
    name = settings.players[state.turn]
    way = "goes to" if reverse else "comes from"
    line = ask(f"{name} rolled {wilds} wild: name who each chip {way} (Enter: the "
               f"{settings.policy} policy) ")
    names = line.replace(",", " ").split()
    return tuple(settings.seat(n) for n in names) if names else None
