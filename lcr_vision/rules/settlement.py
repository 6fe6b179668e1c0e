"""Settling a late correction at the table: the chips a misread roll moved wrongly, made right now.

When roll *K* was misread and later rolls were thrown on the chips it moved, replaying the right
faces can make those later rolls impossible (another number of dice). The table still did what was
said, so the later rolls stand as thrown; what is wrong is only roll *K*'s own part. "Right from
now on" means: the chips the table would hold had roll *K* been read right **and nothing else
changed**, that is the table now plus the difference between what roll *K* should have done and
what it did. `compensation` gives the fewest plain transfers that make that difference, and
`settle` applies them to a `Series`.

Four players with three chips each; Ann's C, dot, dot was read as L, dot, dot, so she passed Ben
a chip that belonged in the center. Undoing the move and doing the right one would be "Ben gives
one chip back to Ann; Ann puts one in the center"; the same chips end up in the same places with
one move, and nobody both gives and receives: Ben puts one chip in the center.

>>> from lcr_vision.rules import Settings, play_roll
>>> s = Settings.create(["Ann", "Ben", "Cat", "Dan"])
>>> start = GameState.start(s.stakes)
>>> made = play_roll(s, start, ("L", "dot", "dot")).after
>>> right = play_roll(s, start, ("C", "dot", "dot")).after
>>> settlement, series = settle(Series(s, made), 1, made, right)
>>> settlement.transfers
(Transfer(giver=1, receiver=None, chips=1),)
>>> series.game.chips, series.game.center
((2, 3, 3, 3), 1)

A finished game is settled in what each player took home (the winner takes the center): its
result stands as played, and the transfers are between the players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from lcr_vision.phrases.said import Said
from lcr_vision.rules.errors import RulesError
from lcr_vision.rules.moves import Draw, Give, Move, TakeCenter, ToCenter, Win
from lcr_vision.rules.series import GameRecord, Series
from lcr_vision.rules.state import GameState


class SettleError(RulesError):
    """A settlement the table cannot make: a player would give chips they do not hold."""


@dataclass(frozen=True)
class Transfer:
    """``chips`` handed from ``giver`` to ``receiver``: seats, or ``None`` for the center."""

    giver: int | None
    receiver: int | None
    chips: int


def compensation(before: Sequence[int], after: Sequence[int]) -> tuple[Transfer, ...]:
    """The transfers that turn the counts ``before`` into ``after`` (seats in order, then the
    center as the last place; both add up to the same chips).

    A place gives only if it must lose chips and receives only if it must gain, so nobody both
    gives and receives; equal amounts are paired first, then givers and receivers are matched in
    seat order. That makes at most ``givers + receivers - 1`` transfers, and one per pair when
    each loss equals a gain.

    >>> compensation((0, 2, 1, 0), (1, 1, 1, 0))  # Ben gives Ann's chip back
    (Transfer(giver=1, receiver=0, chips=1),)
    >>> compensation((3, 0, 2, 1), (1, 2, 1, 2))
    (Transfer(giver=0, receiver=1, chips=2), Transfer(giver=2, receiver=None, chips=1))
    """
    if len(before) != len(after) or sum(before) != sum(after):
        raise ValueError(f"{tuple(after)} cannot be reached from {tuple(before)}")
    center = len(before) - 1

    def place(i: int) -> int | None:
        return None if i == center else i

    losses = {i: b - a for i, (b, a) in enumerate(zip(before, after)) if b > a}
    gains = {i: a - b for i, (b, a) in enumerate(zip(before, after)) if a > b}
    transfers: list[Transfer] = []
    for giver, lost in list(losses.items()):
        receiver = next((r for r, g in gains.items() if g == lost), None)
        if receiver is not None:
            transfers.append(Transfer(place(giver), place(receiver), lost))
            del losses[giver], gains[receiver]
    givers, receivers = list(losses.items()), list(gains.items())
    while givers:
        (giver, lost), (receiver, gained) = givers[0], receivers[0]
        moved = min(lost, gained)
        transfers.append(Transfer(place(giver), place(receiver), moved))
        givers[0], receivers[0] = (giver, lost - moved), (receiver, gained - moved)
        givers = givers[lost == moved:]
        receivers = receivers[gained == moved:]
    return tuple(transfers)


@dataclass(frozen=True)
class Settlement:
    """What settling a roll of game ``game`` asks of the table. ``finished``: that game had
    ended, so the transfers settle what the players took home; otherwise they are made on the
    table now."""

    game: int
    transfers: tuple[Transfer, ...]
    finished: bool
    ended: GameRecord | None = None  # the game in progress, ended by the settlement

    @property
    def moves(self) -> tuple[Move, ...]:
        """The transfers as the engine's move values, so that they are said and written as a
        roll's are: a chip given (`Give`) or put in the center (`ToCenter`) one value per chip,
        chips taken from the center as one `TakeCenter`; then how the game ended, if it did."""
        said: list[Move] = []
        for t in self.transfers:
            if t.giver is None and t.receiver is not None:
                said.append(TakeCenter(t.receiver, t.chips))
            elif t.giver is not None and t.receiver is None:
                said += [ToCenter(t.giver)] * t.chips
            elif t.giver is not None and t.receiver is not None:
                said += [Give(t.giver, t.receiver)] * t.chips
        if self.ended is not None and self.ended.winner is not None:
            said.append(Win(self.ended.winner))
        elif self.ended is not None:
            said.append(Draw(self.ended.center))
        return tuple(said)


def _holdings(state: GameState) -> tuple[int, ...]:
    return state.chips + (state.center,)


def settle(series: Series, game: int, made: GameState, right: GameState) -> tuple[Settlement, Series]:
    """Make right, now, a roll of game ``game`` that left ``made`` where it should have left
    ``right``; the later rolls stand as thrown. Raises `SettleError` when the table cannot."""
    delta = [r - m for r, m in zip(_holdings(right), _holdings(made))]
    if game == series.game.game:
        now = _holdings(series.game)
        target = tuple(n + d for n, d in zip(now, delta))
        _check_held(series, now, target)
        transfers = compensation(now, target)
        state = replace(series.game, chips=target[:-1], center=target[-1])
        settled = _go_on(series, state)
        ended = settled.finished[-1] if settled.finished != series.finished else None
        return Settlement(game, transfers, False, ended), settled
    record = next(g for g in series.finished if g.number == game)
    if record.winner is None and delta[-1]:
        raise SettleError(Said("settle_draw", {"game": game}))
    took = _took_home(record)
    owed = [d + (delta[-1] if seat == record.winner else 0) for seat, d in enumerate(delta[:-1])]
    transfers = compensation(took + (0,), tuple(t + o for t, o in zip(took, owed)) + (0,))
    settled = tuple(a + b for a, b in zip(record.settled or (0,) * len(owed), owed))
    finished = tuple(replace(g, settled=settled) if g is record else g for g in series.finished)
    return Settlement(game, transfers, True), replace(series, finished=finished)


def _took_home(record: GameRecord) -> tuple[int, ...]:
    """The chips each player left a finished game with: their own, and the center for the winner."""
    return tuple(held + (record.center if seat == record.winner else 0)
                 for seat, held in enumerate(record.chips))


def _check_held(series: Series, now: tuple[int, ...], target: tuple[int, ...]) -> None:
    """Refuse a settlement that takes from someone more chips than they hold."""
    for place, (held, left) in enumerate(zip(now, target)):
        if left < 0:
            who = Said("the_center") if place == len(now) - 1 else series.settings.players[place]
            raise SettleError(Said("settle_short", {"who": who, "chips": held - left,
                                                    "held": held}))


def _go_on(series: Series, state: GameState) -> Series:
    """The game after a settlement: ended when the rules end it (one holder, or none), else the
    turn passes over anyone the settlement left without chips."""
    variants = series.settings.variants
    holders = state.holders
    if not holders:
        return series.after(replace(state, draw=True))
    if len(holders) == 1 and not (variants.last_chip_wins or variants.dot_to_win):
        return series.after(replace(state, winner=holders[0]))
    turn = state.turn
    while state.chips[turn] == 0:
        turn = (turn + 1) % series.settings.seats
    return series.after(replace(state, turn=turn))
