"""A late correction settled now: the rolls thrown since it stand as thrown, and what the corrected
roll moved wrongly is made right on the chips as they are (docs/rules.md, Corrections).

Roll *K* left the chips ``made`` where, read right, it would have left them ``right``. The table
played on from ``made``, so "right from now on" is the chips now plus that difference: in the game
being played, the chips on the table; in a finished game, the chips it ended with, as long as its
end stays as it was: a game won by holding the last chips, and still won so (a draw, a win by
three wilds or by a variant's rule could have ended otherwise). Where a place would hold fewer
than no chips, or a finished game might end otherwise, the correction cannot be settled now
(``None``): the later rolls are then played again on it.

Four players with three chips each; Ann's C, dot, dot was read as L, dot, dot, so she passed Ben a
chip that belonged in the center; Ben and Cat have thrown since. Settled now, Ben puts that chip
in the center, and Dan still rolls next:

>>> from lcr_vision.rules.settings import Settings
>>> s = Settings.create(["Ann", "Ben", "Cat", "Dan"])
>>> (_, series), (right, _) = (Series.start(s).play(faces) for faces in (("L", "dot", "dot"),
...                                                                       ("C", "dot", "dot")))
>>> made, right = series.game, right.after
>>> for faces in (("dot",) * 3, ("dot",) * 3):
...     _, series = series.play(faces)
>>> series.game.chips, series.game.center, s.players[series.game.turn]
((2, 4, 3, 3), 0, 'Dan')
>>> settled, table = settle(series, 1, made, right)
>>> table.chips, table.center, s.players[table.turn], settled.game == table
((2, 3, 3, 3), 1, 'Dan', True)
"""

from __future__ import annotations

from dataclasses import replace

from lcr_vision.rules.series import Series
from lcr_vision.rules.state import GameState


def settle(series: Series, game: int, made: GameState, right: GameState,
           ) -> tuple[Series, GameState] | None:
    """``series`` with a roll of game ``game`` that left ``made`` where it should have left
    ``right`` made right now, the rolls since standing as thrown, and the game on the table
    then (ended, where the settlement ends it; as it was, for a finished game's); ``None``
    where it cannot be (the module's docstring)."""
    delta = [r - m for r, m in zip(_holdings(right), _holdings(made))]
    if game == series.game.game:
        target = [n + d for n, d in zip(_holdings(series.game), delta)]
        if min(target) < 0:
            return None
        table = _go_on(series, replace(series.game, chips=tuple(target[:-1]),
                                       center=target[-1]))
        return None if table is None else (series.after(table), table)
    index = next((i for i, g in enumerate(series.finished) if g.number == game), None)
    if index is None:
        return None
    record = series.finished[index]
    target = [n + d for n, d in zip((*record.chips, record.center), delta)]
    chips = tuple(target[:-1])
    variants = series.settings.variants
    by_holding = not (variants.last_chip_wins or variants.dot_to_win) and (
        tuple(c > 0 for c in record.chips) == tuple(seat == record.winner
                                                    for seat in range(len(chips))))
    held = tuple(c > 0 for c in chips) == tuple(c > 0 for c in record.chips)
    if min(target) < 0 or not by_holding or not held:
        return None  # the game might have ended otherwise
    ended = replace(record, chips=chips, center=target[-1])
    return replace(series, finished=(*series.finished[:index], ended,
                                     *series.finished[index + 1:])), series.game


def _holdings(state: GameState) -> tuple[int, ...]:
    return (*state.chips, state.center)


def _go_on(series: Series, state: GameState) -> GameState | None:
    """The game being played after a settlement: ended where the standard rules end it (one
    holder wins, none is a draw), else the turn passes over anyone left without chips. Under a
    variant that ends a game on a roll (last chip wins, dot to win), a settlement that would end
    it cannot be made (``None``)."""
    holders = state.holders
    variants = series.settings.variants
    if len(holders) <= 1 and (variants.last_chip_wins or variants.dot_to_win):
        return None
    if not holders:
        return replace(state, draw=True)
    if len(holders) == 1:
        return replace(state, winner=holders[0])
    turn = state.turn
    while state.chips[turn] == 0:
        turn = (turn + 1) % len(state.chips)
    return replace(state, turn=turn)
