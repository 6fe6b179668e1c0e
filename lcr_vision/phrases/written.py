"""Words for what happened, written out in full for the screen, the ledger and the review page.

The voice says the same moves more briefly, and in more than one language: `spoken`. These are
English's fuller sentences; the ledger, the review page and the window of a session in another
language take its words through `record`.

>>> from lcr_vision.rules import Settings, play_roll
>>> s = Settings.create(["Ann", "Ben", "Cat", "Dan"])
>>> r = play_roll(s, GameState.start(s.stakes), ("L", "C", "dot"))
>>> describe_roll(r, s.players)
'Ann passes one chip left to Ben and one to the center; Ann has one chip left.'
>>> describe_turn(r.after, s.players)
'Ben to roll 3 dice.'
>>> describe_standings(r.after, s.players)
'Ann 1, Ben 4, Cat 3, Dan 3; center 1.'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from lcr_vision.phrases.numbers import english
from lcr_vision.rules import moves
from lcr_vision.rules.engine import RollResult
from lcr_vision.rules.handback import Transfer
from lcr_vision.rules.state import GameState


def plural(count: int, word: str, words: str | None = None) -> str:
    """``plural(1, "die", "dice")`` is ``'1 die'``; ``plural(2, "face")`` is ``'2 faces'``."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def number(count: int) -> str:
    """A count in words up to twenty (none is ``no``), in digits above."""
    if count == 0:
        return "no"
    return english(count) if count <= 20 else str(count)


def chips(count: int) -> str:
    """``chips(1)`` is ``'one chip'``, ``chips(0)`` ``'no chips'``, ``chips(31)`` ``'31 chips'``."""
    return f"{number(count)} chip" if count == 1 else f"{number(count)} chips"


def _passes(items: list[tuple[moves.Move, int]], players: Sequence[str]) -> str:
    """L, R and C dice as one clause: 'passes one chip left to Ben and one to the center'."""
    parts = []
    for i, (move, times) in enumerate(items):
        amount = chips(times) if i == 0 else number(times)
        if isinstance(move, moves.Pass):
            side = "left" if move.receiver == (move.giver + 1) % len(players) else "right"
            parts.append(f"{amount} {side} to {players[move.receiver]}")
        else:
            parts.append(f"{amount} to the center")
    return "passes " + _join(parts)


def _clause(move: moves.Move, times: int, players: Sequence[str]) -> str:
    """The roller's part of a move, done ``times`` times, without the roller's name."""
    if isinstance(move, moves.Pass):
        return _passes([(move, times)], players)
    if isinstance(move, moves.ToCenter):
        return f"puts {chips(times)} in the center"
    if isinstance(move, moves.Take):
        return f"takes {chips(times)} from {players[move.victim]}"
    if isinstance(move, moves.TakeCenter):
        return f"takes {chips(move.chips * times)} from the center"
    if isinstance(move, moves.Give):
        return f"gives {chips(times)} to {players[move.receiver]}"
    if isinstance(move, moves.PayToReverse):
        return "pays three chips into the center to reverse the dice"
    if isinstance(move, moves.AllToCenter):
        return f"sends all {chips(move.chips)} to the center"
    raise TypeError(f"not a roller's move: {move!r}")


def _join(clauses: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return clauses[0] if len(clauses) == 1 else ", ".join(clauses[:-1]) + " and " + clauses[-1]


def describe_roll(result: RollResult, players: Sequence[str]) -> str:
    """A roll in sentences: the roller's moves, then skipped players and the end of the game."""
    name = players[result.player]
    own = Counter(m for m in result.moves if not isinstance(m, (moves.Skip, moves.Win, moves.Draw)))
    passing = [(m, k) for m, k in own.items() if isinstance(m, (moves.Pass, moves.ToCenter))]
    merge = any(isinstance(m, moves.Pass) for m, _ in passing)
    clauses = []
    for move, times in own.items():
        if not (merge and (move, times) in passing):
            clauses.append(_clause(move, times, players))
        elif (move, times) == passing[0]:
            clauses.append(_passes(passing, players))
    held = chips(result.after.chips[result.player])
    if own:
        done = _join(clauses)
        sentences = [f"{name} {done}; {name} has {held} left."]
    else:
        sentences = [f"Nothing moves; {name} has {held}."]
    for move in result.moves:
        if isinstance(move, moves.Skip):
            sentences.append(f"{players[move.player]} has no chips and is skipped.")
        elif isinstance(move, moves.Win):
            pot = result.after.center
            prize = f" and the center pot of {chips(pot)}" if pot else ""
            sentences.append(f"{players[move.player]} wins game {result.after.game}{prize}!")
        elif isinstance(move, moves.Draw):
            sentences.append(
                f"Nobody holds a chip: game {result.after.game} is a draw and the pot of "
                f"{chips(move.pot)} carries over."
            )
    return " ".join(sentences)


def describe_struck(k: int, player: str, faces: Sequence[str]) -> str:
    """A roll a correction struck (docs/rules.md, Corrections).

    >>> describe_struck(4, "Ann", ("L", "dot"))
    "Roll 4 as thrown, Ann's L dot, is struck: a correction before it left no room for it."
    """
    return (f"Roll {k} as thrown, {player}'s {' '.join(faces)}, is struck: a correction before "
            "it left no room for it.")


def describe_settled(k: int, after: int, transfers: Sequence[Transfer],
                     players: Sequence[str]) -> str:
    """A correction settled after roll ``after``, the rolls between standing as thrown
    (docs/rules.md, Corrections), with the chips handed for it.

    >>> from lcr_vision.rules import Transfer
    >>> describe_settled(1, 4, (Transfer(1, 0, 1), Transfer(2, "center", 1)), ["Ann", "Ben", "Cat"])
    'Roll 1 corrected after roll 4, settled then: Ben gave Ann one chip; Cat put one chip in the \
center.'
    >>> describe_settled(2, 9, (), ["Ann", "Ben", "Cat"])
    'Roll 2 corrected after roll 9, settled then: no chips changed hands.'
    """
    def place(p: int | str) -> str:
        return players[p] if isinstance(p, int) else f"the {p}"

    handed = [f"{place(t.giver)} put {chips(t.chips)} in the {t.receiver}"
              if isinstance(t.giver, int) and not isinstance(t.receiver, int)
              else f"{place(t.giver)} gave {place(t.receiver)} {chips(t.chips)}"
              if isinstance(t.giver, int)
              else f"{chips(t.chips)} went from {place(t.giver)} to {place(t.receiver)}"
              for t in transfers]
    return (f"Roll {k} corrected after roll {after}, settled then: "
            + ("; ".join(handed) or "no chips changed hands") + ".")


def describe_unverified_roll(unseen: int) -> str:
    """Why a roll is unverified, for its line in the ledger.

    >>> describe_unverified_roll(0), describe_unverified_roll(2)
    ('doubtful, nobody answered', '2 dice not seen, nobody answered')
    """
    if not unseen:
        return "doubtful, nobody answered"
    return f"{plural(unseen, 'die', 'dice')} not seen, nobody answered"


def describe_unverified(k: int) -> str:
    """The ledger's word on an unverified roll (`Ledger.unverified_from`): its chips and all
    after it stand on a read nobody confirmed."""
    return (f"Unverified from roll {k} on: a roll read doubtful or with dice nobody saw; amend it "
            "once you know its faces.")


def describe_turn(state: GameState, players: Sequence[str]) -> str:
    """Who rolls next and how many dice."""
    dice = state.dice_owed
    return f"{players[state.turn]} to roll {dice} {'die' if dice == 1 else 'dice'}."


def describe_standings(state: GameState, players: Sequence[str]) -> str:
    """Chips per player and in the center."""
    held = ", ".join(f"{p} {c}" for p, c in zip(players, state.chips))
    return f"{held}; center {state.center}."
