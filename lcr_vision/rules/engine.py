"""Resolving one roll: the faces in, the moves and the next state out. Pure: no I/O, no randomness.

The worked turns of docs/rules.md (seed 003), seats A, B, C, D = 0..3:

>>> s = Settings.create("ABCD")
>>> r = play_roll(s, GameState.start(s.stakes), ("L", "R", "dot"))
>>> r.moves
(Pass(giver=0, receiver=1), Pass(giver=0, receiver=3))
>>> r.after.chips, r.after.center, r.after.turn
((1, 4, 3, 4), 0, 1)
>>> r = play_roll(s, r.after, ("5", "5", "2"))
>>> r.game_faces, r.after.chips, r.after.center
(('C', 'C', 'dot'), (1, 2, 3, 4), 2)
>>> play_roll(s, r.after, ("L", "R"))
Traceback (most recent call last):
...
lcr_vision.rules.errors.FaceCountError: C rolls 3 dice, got 2 faces
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from lcr_vision.errors import Said
from lcr_vision.faces import FaceError
from lcr_vision.rules.choices import WILDER_PRICE, Choices, Decision, give_targets, take_targets
from lcr_vision.rules.errors import (
    FaceCountError,
    GameOverError,
    IllegalChoiceError,
    IllegalFaceError,
)
from lcr_vision.rules.moves import (
    AllToCenter,
    Draw,
    Give,
    Move,
    Pass,
    PayToReverse,
    Skip,
    Take,
    TakeCenter,
    ToCenter,
    Win,
)
from lcr_vision.rules.settings import Settings
from lcr_vision.rules.state import MAX_DICE, GameState


@dataclass(frozen=True)
class RollResult:
    """One resolved roll: the roller, the faces as given and as game faces, moves and states."""

    player: int
    faces: tuple[str, ...]
    game_faces: tuple[str, ...]
    decision: Decision
    moves: tuple[Move, ...]
    before: GameState
    after: GameState


def game_faces(settings: Settings, faces: tuple[str, ...], who: str) -> tuple[str, ...]:
    """Map face tokens through the face map, refusing wilds when the Wild variant is off."""
    try:
        mapped = settings.face_map.to_game_faces(faces)
    except FaceError as exc:
        raise IllegalFaceError(Said("roll_face", {"player": who, "why": exc.said})) from None
    if "wild" in mapped and not settings.variants.wild:
        raise IllegalFaceError(Said("wild_off", {"player": who}))
    return mapped


class _Table:
    """Scratch chip counts for resolving one roll; seat ``n`` is the center."""

    def __init__(self, state: GameState) -> None:
        self.counts = list(state.chips) + [state.center]
        self.center = len(state.chips)
        self.moves: list[Move] = []

    def move(self, source: int, target: int, record: Move, chips: int = 1) -> None:
        self.counts[source] -= chips
        self.counts[target] += chips
        self.moves.append(record)

    @property
    def chips(self) -> tuple[int, ...]:
        return tuple(self.counts[: self.center])


def _check_targets(
    settings: Settings,
    table: _Table,
    roller: int,
    targets: tuple[int, ...],
    count: int,
    taking: bool,
) -> None:
    """Refuse targets that are not ``count`` opponents (holding enough chips, when taking)."""
    verb = "take" if taking else "give"
    if len(targets) != count:
        raise IllegalChoiceError(Said(f"wild_{verb}_count", {"chips": count,
                                                             "targets": len(targets)}))
    for seat in set(targets):
        if not 0 <= seat < settings.seats or seat == roller:
            raise IllegalChoiceError(Said("wild_not_opponent", {"seat": seat}))
        if taking and targets.count(seat) > table.counts[seat]:
            raise IllegalChoiceError(Said("wild_too_few", {"player": settings.players[seat],
                                                           "chips": table.counts[seat]}))


def _resolve_wilds(
    settings: Settings, table: _Table, roller: int, wilds: int, decision: Decision
) -> None:
    """One or two wilds take chips from opponents, or give them away when reversed."""
    taking = not decision.reverse
    count = _wild_chips(table, roller, wilds, decision.reverse)
    pick = take_targets if taking else give_targets
    targets = decision.targets
    if targets is None:
        targets = pick(table.chips, roller, count, settings.policy)
    _check_targets(settings, table, roller, targets, count, taking)
    for seat in targets:
        if taking:
            table.move(seat, roller, Take(roller, seat))
        else:
            table.move(roller, seat, Give(roller, seat))


def _wild_chips(table: _Table, roller: int, wilds: int, reverse: bool) -> int:
    """Chips one or two wilds move once the roll's L, C and R are resolved: taken from the
    opponents' (as many as they hold), or, reversed, given from the roller's."""
    held = table.counts[roller] if reverse else sum(table.chips) - table.counts[roller]
    return min(wilds, held) if wilds in (1, 2) else 0


def legal_choices(settings: Settings, state: GameState, faces: Sequence[str] = (),
                  reverse: bool = False) -> Choices:
    """What the player to roll in ``state`` may choose, as python-chess's ``legal_moves`` says
    what may be played: whether paying for Wilder is open, and, after rolling ``faces`` (with
    the dice reversed or not), how many chips the wilds move to or from seats the roller names.

    >>> from lcr_vision.rules.settings import Variants
    >>> s = Settings.create(["Ann", "Ben", "Cat"], variants=Variants(wild=True, wilder=True))
    >>> legal_choices(s, GameState.start(s.stakes), ("wild", "1", "dot"))
    Choices(reverse=True, wild_chips=2)
    >>> legal_choices(s, replace(GameState.start(s.stakes), chips=(0, 2, 1), turn=1),
    ...               ("wild", "wild"))  # Cat's one chip is all there is to take
    Choices(reverse=False, wild_chips=1)
    """
    roller = state.turn
    open_ = settings.variants.wilder and state.chips[roller] >= WILDER_PRICE
    mapped = settings.face_map.to_game_faces(faces)
    table = _Table(state)
    if reverse and open_:
        table.move(roller, table.center, PayToReverse(roller), WILDER_PRICE)
    _resolve_dice(settings, table, roller, mapped, reverse and open_)
    return Choices(open_, _wild_chips(table, roller, mapped.count("wild"), reverse and open_))


def _resolve_dice(
    settings: Settings, table: _Table, roller: int, faces: tuple[str, ...], reverse: bool
) -> None:
    """L, C and R in the order rolled: give, or (Wilder reversal) take where there is a chip."""
    n = settings.seats
    left, right = (roller + 1) % n, (roller - 1) % n
    for face in faces:
        if face in ("L", "R"):
            neighbour = left if face == "L" else right
            if not reverse:
                table.move(roller, neighbour, Pass(roller, neighbour))
            elif table.counts[neighbour] > 0:
                table.move(neighbour, roller, Take(roller, neighbour))
        elif face == "C":
            if not reverse:
                table.move(roller, table.center, ToCenter(roller))
            elif table.counts[table.center] > 0:
                table.move(table.center, roller, TakeCenter(roller, 1))


def _outcome(
    settings: Settings, state: GameState, table: _Table, faces: tuple[str, ...], reverse: bool
) -> tuple[int | None, bool]:
    """(winner, draw) after a roll, by the end rule of the variants."""
    roller = state.turn
    holders = [s for s, c in enumerate(table.chips) if c > 0]
    variants = settings.variants
    if faces.count("wild") == MAX_DICE and not reverse:
        return roller, False
    if variants.last_chip_wins:
        if holders:
            return None, False
        return (None, True) if reverse else (roller, False)
    if variants.dot_to_win:
        sole = state.holders == (roller,)
        if sole and all(f == "dot" for f in faces):
            return roller, False
        return None, not holders
    if len(holders) == 1:
        return holders[0], False
    return None, not holders


def play_roll(
    settings: Settings, state: GameState, faces: tuple[str, ...], decision: Decision | None = None
) -> RollResult:
    """Resolve the roll ``faces`` (tokens as read) of the player whose turn it is.

    Raises a `RulesError` and changes nothing when the game is over, the number of faces is not the
    dice owed, a face is not allowed, or the decision is not a legal choice.
    """
    decision = decision or Decision()
    roller = state.turn
    who = settings.players[roller]
    if state.over:
        raise GameOverError(Said("game_over", {"game": state.game}))
    owed = state.dice_owed
    faces = tuple(faces)
    if len(faces) != owed:
        raise FaceCountError(Said("face_count", {"player": who, "owed": owed,
                                                 "faces": len(faces)}))
    mapped = game_faces(settings, faces, who)
    wilds = mapped.count("wild")
    if decision.reverse and not settings.variants.wilder:
        raise IllegalChoiceError(Said("reverse_needs_wilder"))
    if decision.reverse and state.chips[roller] < WILDER_PRICE:
        raise IllegalChoiceError(Said("reverse_too_few", {"player": who, "price": WILDER_PRICE,
                                                          "chips": state.chips[roller]}))
    if decision.targets is not None and wilds not in (1, 2):
        raise IllegalChoiceError(Said("no_wild_choice", {"player": who, "wilds": wilds}))

    table = _Table(state)
    if decision.reverse:
        table.move(roller, table.center, PayToReverse(roller), WILDER_PRICE)
    _resolve_dice(settings, table, roller, mapped, decision.reverse)
    if wilds == MAX_DICE and decision.reverse:
        table.move(
            roller, table.center, AllToCenter(roller, table.counts[roller]), table.counts[roller]
        )
    elif wilds == MAX_DICE:
        table.move(
            table.center,
            roller,
            TakeCenter(roller, table.counts[table.center]),
            table.counts[table.center],
        )
    elif wilds:
        _resolve_wilds(settings, table, roller, wilds, decision)

    winner, draw = _outcome(settings, state, table, mapped, decision.reverse)
    turn = roller
    if winner is not None:
        table.moves.append(Win(winner))
    elif draw:
        table.moves.append(Draw(table.counts[table.center]))
    else:
        turn = (roller + 1) % settings.seats
        while table.counts[turn] == 0:
            table.moves.append(Skip(turn))
            turn = (turn + 1) % settings.seats
    after = replace(
        state,
        chips=table.chips,
        center=table.counts[table.center],
        turn=turn,
        rolls=state.rolls + 1,
        winner=winner,
        draw=draw,
    )
    return RollResult(roller, faces, mapped, decision, tuple(table.moves), state, after)
