"""The chips said: what a roll moves, one sentence per roller in the order left, right, center,
and where the chips stand and who is favoured to win them.

>>> four, three = ("Ann", "Ben", "Cat", "Dan"), ("Ann", "Ben", "Cat")
>>> Moves(four).said([Pass(1, 2), ToCenter(1)])
['Ben, pass one chip left to Cat and one to the center.']
>>> Moves(three, "ru").said([Pass(0, 1), Pass(0, 2)])
['Ann: одну фишку налево — Ben и одну направо — Cat.']
>>> Standings(four).said({"Ann": 0, "Ben": 12}, 5)
'Ann zero, Ben twelve, center five.'
>>> en, ru = Standings(four, "en"), Standings(three, "ru")
>>> en.favoured("Cat", 0.4137), ru.favoured("Cat", 0.4137), ru.favoured("Ann", 0.224)
('Cat is favoured to win, forty-one percent.', 'Cat — фаворит, сорок один процент.', 'Ann — фаворит, двадцать два процента.')
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from lcr_vision.phrases.book import Book
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


@dataclass(frozen=True)
class Moves(Book):
    """Sentences for the rules engine's move values, short so that the table need not wait."""

    def said(self, moves: Sequence[Move]) -> list[str]:
        """Sentences for a roll's moves, in the engine's order.

        One roller's passes and center chips make one sentence; repeated takes or gifts between the
        same two players are counted (``takes two chips from Dan``).
        """
        groups: dict[Hashable, list[Move]] = {}
        for i, move in enumerate(moves):
            groups.setdefault(self._group(move, i), []).append(move)
        return [self._sentence(group) for group in groups.values()]

    def keep(self, player: str) -> str:
        """A roll of dots only."""
        return self._fill("keep", player=player)

    @staticmethod
    def _group(move: Move, index: int) -> Hashable:
        """Moves said in one sentence share this key."""
        if isinstance(move, Pass):
            return ("out", move.giver)
        if isinstance(move, ToCenter):
            return ("out", move.player)
        if isinstance(move, (Take, Give)):
            return move
        return index

    def _chips_out(self, moves: Sequence[Move]) -> str:
        """``Ben, pass one chip left to Cat and one to the center.``"""
        n = len(self.players)
        first = moves[0]
        roller = first.giver if isinstance(first, Pass) else first.player
        left = [m for m in moves if isinstance(m, Pass) and m.receiver == (roller + 1) % n]
        right = [m for m in moves if isinstance(m, Pass) and m not in left]
        center = [m for m in moves if isinstance(m, ToCenter)]
        parts: list[str] = []
        for key, group in (("left", left), ("right", right), ("center", center)):
            if group:
                name = self.players[group[0].receiver] if key != "center" else ""
                number = self._words.count(len(group), "chip", bare=bool(parts))
                parts.append(self._fill(key, n=number, name=name))
        return self._fill("pass", player=self.players[roller], parts=self._words.join(parts))

    def _sentence(self, group: Sequence[Move]) -> str:
        """The sentence for one group of moves (see ``_group``)."""
        p, chips, move = self.players, self._words.count, group[0]
        if isinstance(move, (Pass, ToCenter)):
            return self._chips_out(group)
        if isinstance(move, Take):
            return self._fill("take", player=p[move.taker], chips=chips(len(group), "chip"),
                              victim=p[move.victim])
        if isinstance(move, Give):
            return self._fill("give", player=p[move.giver], chips=chips(len(group), "chip"),
                              receiver=p[move.receiver])
        if isinstance(move, TakeCenter):
            return self._fill("take_center", player=p[move.player], chips=chips(move.chips, "chip"))
        if isinstance(move, PayToReverse):
            return self._fill("pay", player=p[move.player])
        if isinstance(move, AllToCenter):
            return self._fill("all_to_center", player=p[move.player],
                              chips=chips(move.chips, "chip"))
        if isinstance(move, Skip):
            return self._fill("skip", player=p[move.player])
        if isinstance(move, Win):
            return self._fill("win", player=p[move.player])
        if isinstance(move, Draw):
            return self._fill("draw", chips=chips(move.pot, "chip"))
        raise TypeError(f"not a move: {move!r}")


@dataclass(frozen=True)
class Standings(Book):
    """Where the chips stand and who is likely to win them, said when asked or after a roll."""

    def said(self, chips: Mapping[str, int], center: int) -> str:
        """``Ann two, Ben four, Cat three, center three.``"""
        listed = ", ".join(f"{name} {self._words.spell(n, '')}" for name, n in chips.items())
        return self._fill("standings", chips=listed, center=self._words.spell(center, ""))

    def favoured(self, player: str, chance: float) -> str:
        """Who is most likely to win from here: ``Cat is favoured to win, 41 percent.``"""
        percent = round(100 * chance)
        return self._fill("favoured", player=player, chance=self._words.count(percent, "percent"))

    def even(self) -> str:
        """No player's chance is clearly above the others': ``Too close to call.``"""
        return self._fill("even")
