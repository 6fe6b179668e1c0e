"""The chips to move after a correction: the fewest transfers that turn the chips on the table into
the chips of the corrected ledger.

The table did what was said, so after a correction its chips are those of the ledger before it; the
ledger after it may hold them elsewhere (and, across a drawn game's carried pot, hold more or fewer,
which come from or go back to the box). Four players with three chips each; Ann's C, dot, dot was
read as L, dot, dot, so she passed Ben a chip that belonged in the center. Ben puts it there: one
move, and nobody both gives and receives.

>>> from lcr_vision.rules.settings import Settings
>>> from lcr_vision.rules.engine import play_roll
>>> s = Settings.create(["Ann", "Ben", "Cat", "Dan"])
>>> start = GameState.start(s.stakes)
>>> made = play_roll(s, start, ("L", "dot", "dot")).after
>>> right = play_roll(s, start, ("C", "dot", "dot")).after
>>> handback(made, right)
(Transfer(giver=1, receiver='center', chips=1),)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lcr_vision.rules.state import GameState

CENTER = "center"
BOX = "box"  # the chips not in play: a carried pot comes out of it, or goes back
EXACT = 12  # the most changed places searched for the fewest moves (2**12 subsets)

Place = int | str  # a seat, CENTER or BOX


@dataclass(frozen=True)
class Transfer:
    """``chips`` handed from ``giver`` to ``receiver``."""

    giver: Place
    receiver: Place
    chips: int


def handback(table: GameState, ledger: GameState) -> tuple[Transfer, ...]:
    """The fewest transfers that make the ``table``'s chips and center the ``ledger``'s."""
    extra = sum(ledger.chips) + ledger.center - sum(table.chips) - table.center
    before = (*table.chips, table.center, max(extra, 0))
    after = (*ledger.chips, ledger.center, max(-extra, 0))
    places: tuple[Place, ...] = (*range(len(table.chips)), CENTER, BOX)
    return tuple(Transfer(places[g], places[r], n) for g, r, n in compensation(before, after))


def compensation(before: Sequence[int], after: Sequence[int]) -> tuple[tuple[int, int, int], ...]:
    """The fewest ``(giver, receiver, chips)`` transfers between places (indices) that turn the
    counts ``before`` into ``after``, which hold the same chips.

    A place gives only if it must lose chips and receives only if it must gain, so nobody both
    gives, nor gives more than they hold. The fewest moves split the changed places into as many
    groups that even out as there can be: a group of *n* places takes *n - 1* moves.

    >>> compensation((0, 2, 1, 0), (1, 1, 1, 0))  # Ben gives Ann's chip back
    ((1, 0, 1),)
    >>> compensation((2, 1, 0, 3, 0), (0, 0, 1, 5, 0))  # two moves, not three in seat order
    ((0, 3, 2), (1, 2, 1))
    """
    if len(before) != len(after) or sum(before) != sum(after):
        raise ValueError(f"{tuple(after)} cannot be reached from {tuple(before)}")
    changes = [(i, a - b) for i, (b, a) in enumerate(zip(before, after)) if a != b]
    return tuple(t for group in _even_groups(changes) for t in _settle(group))


def _even_groups(changes: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The changes split into the most groups that each add up to nothing (searched over every
    order of at most `EXACT` changes; beyond that, one group)."""
    n = len(changes)
    if n > EXACT:
        return [changes] if changes else []
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + changes[low.bit_length() - 1][1]
    most = [0] * (1 << n)  # zero-sum prefixes of the best order of the changes in mask
    for mask in range(1, 1 << n):
        most[mask] = max(most[mask ^ (1 << i)] for i in range(n) if mask >> i & 1)
        most[mask] += sums[mask] == 0
    order: list[int] = []
    mask = (1 << n) - 1
    while mask:
        last = max((i for i in range(n) if mask >> i & 1), key=lambda i: most[mask ^ (1 << i)])
        order.append(last)
        mask ^= 1 << last
    groups: list[list[tuple[int, int]]] = [[]]
    for i in reversed(order):
        groups[-1].append(changes[i])
        if sum(c for _, c in groups[-1]) == 0:
            groups.append([])
    return sorted((sorted(g) for g in groups if g), key=lambda g: g[0][0])


def _settle(group: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """One group's moves, givers and receivers matched in place order: one fewer than places."""
    givers = [[i, -c] for i, c in group if c < 0]
    receivers = [[i, c] for i, c in group if c > 0]
    moves: list[tuple[int, int, int]] = []
    while givers:
        moved = min(givers[0][1], receivers[0][1])
        moves.append((givers[0][0], receivers[0][0], moved))
        givers[0][1] -= moved
        receivers[0][1] -= moved
        givers = givers[1:] if givers[0][1] == 0 else givers
        receivers = receivers[1:] if receivers[0][1] == 0 else receivers
    return moves
