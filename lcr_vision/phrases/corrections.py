"""What is said after a correction: what the roll was, and the chips to move so that the table
holds what the corrected ledger does.

>>> from lcr_vision.rules.handback import Transfer
>>> players = ("Ann", "Ben", "Cat", "Dan")
>>> en, ru = Corrections(players, "en"), Corrections(players[:3], "ru")
>>> moves = (Transfer(1, 0, 1), Transfer("center", 2, 2), Transfer(1, "center", 1))
>>> en.amended(3, ("C", "dot", "dot"), 5, 2, (), moves)
['Roll three was center, dot, dot.', 'Struck: two rolls from roll five on; the corrected game leaves no room for them.', 'Ben, give one chip to Ann.', 'Take two chips from the center and give them to Cat.', 'Ben, put one chip in the center.']
>>> ru.amended(3, ("C", "dot", "dot"), None, 0, (), moves[1:2])
['Бросок три на самом деле: центр, точка, точка.', 'Возьмите из центра две фишки и отдайте их игроку Cat.']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lcr_vision.phrases.book import Book
from lcr_vision.phrases.chips import Moves
from lcr_vision.rules.handback import BOX, CENTER, Transfer
from lcr_vision.rules.moves import Draw, Win
from lcr_vision.rules.series import GameRecord


@dataclass(frozen=True)
class Corrections(Book):
    """A correction of a roll in sentences, and the chips it hands back (`handback`)."""

    def correction(self, k: int, faces: Sequence[str]) -> str:
        """A correction of roll ``k``, as game faces: ``Roll three was center, dot, dot.``"""
        text = ", ".join(self._words.faces[f] for f in faces)
        return self._fill("corrected", k=self._words.spell(k, ""), faces=text)

    def amended(self, k: int, faces: Sequence[str], struck_from: int | None, struck: int,
                ended: Sequence[GameRecord], transfers: Sequence[Transfer],
                how: str | None = None) -> list[str]:
        """After a correction: what roll ``k`` was, how it was made good (``how``: ``settled``
        now, or ``replayed`` since it could not be), the later rolls it struck (``struck`` of
        them, from roll ``struck_from``), how the games it changed end now, and the chips to
        move (`handback`)."""
        said = [self.correction(k, faces)]
        if how is not None:
            said.append(self._fill(how))
        if struck:
            said.append(self._fill("struck", k=self._words.spell(struck_from or 0, ""),
                                   rolls=struck))
        said += Moves(self.players, self.language).said(
            [Win(g.winner) if g.winner is not None else Draw(g.center) for g in ended])
        return said + self.handback(transfers)

    def handback(self, transfers: Sequence[Transfer]) -> list[str]:
        """The chips to move, one sentence a transfer: ``Take two chips from the center and give
        them to Ben.``; ``No chips change hands.`` when there are none."""
        return [self._transfer(t) for t in transfers] or [self._fill("no_change")]

    def _transfer(self, t: Transfer) -> str:
        chips = self._words.count(t.chips, "chip")
        them = self._words.plural(t.chips, "them")
        if isinstance(t.giver, int):
            key = {CENTER: "hand_center", BOX: "hand_box"}.get(str(t.receiver), "hand")
            return self._fill(key, giver=self.players[t.giver], chips=chips,
                              receiver=self._name(t.receiver))
        if isinstance(t.receiver, int):
            return self._fill(f"from_{t.giver}", chips=chips, them=them,
                              receiver=self.players[t.receiver])
        return self._fill(f"from_{t.giver}_{t.receiver}", chips=chips)

    def _name(self, place: int | str) -> str:
        return self.players[place] if isinstance(place, int) else ""
