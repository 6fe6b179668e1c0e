"""What is said around one roll: whose turn it is, what was read, a read that cannot be used as it
is, and a roll withdrawn.

>>> en, ru = Rolls(("Ann", "Ben", "Cat", "Dan"), "en"), Rolls(("Ann", "Ben", "Cat"), "ru")
>>> en.turn("Ben", 2), ru.turn("Ben", 3)
('Ben, roll two dice.', 'Ben, бросай три кубика.')
>>> en.wrong_count(2, "Ann", 3), en.wrong_count(5, "Ann", 3)
('I see two dice, Ann rolls three.', 'I see five dice, Ann rolls three.')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lcr_vision.phrases.book import Book


@dataclass(frozen=True)
class Rolls(Book):
    """The sentences of one roll, from the instruction before it to what is made of its read."""

    def turn(self, player: str, count: int) -> str:
        """The instruction before a roll: ``Ben, roll two dice.``"""
        return self._fill("turn", player=player, dice=self._words.count(count, "die"))

    def reroll(self, player: str) -> str:
        """After a read that could not be used."""
        return self._fill("reroll", player=player)

    def read(self, faces: Sequence[str]) -> str:
        """What was read, as game faces: ``Left, center, dot.``"""
        text = ", ".join(self._words.faces[f] for f in faces)
        return self._fill("read", faces=text[:1].upper() + text[1:])

    def wrong_count(self, seen: int, player: str, owed: int) -> str:
        """A read with the wrong number of dice: ``I see two dice, Ann rolls three.``"""
        owed_text = self._words.count(owed, "die", bare=True)
        if seen == 0:
            return self._fill("no_dice", player=player, owed=owed_text)
        return self._fill(
            "wrong_count", seen=self._words.count(seen, "die"), player=player, owed=owed_text
        )

    def unsure(self, player: str, doubtful: Sequence[int], seen: int,
               faces: Sequence[str]) -> list[str]:
        """Doubt first, then what was read, so that nobody moves chips on a read not committed:
        ``Wait: I am not sure of Ann's middle die.``, ``I read left, dot, right.`` ``doubtful``
        are the places (0 = leftmost) of the unsure dice among ``seen``."""
        words = self._words
        names = (words.places[seen - 1] if 1 <= seen <= len(words.places)
                 else tuple(f"{words.dice_word[0]} {i + 1}" for i in range(seen)))
        chosen = [names[i] for i in doubtful]
        if len(chosen) > 1 and all(n.endswith(words.dice_word[0]) for n in chosen):
            trimmed = [n[: -len(words.dice_word[0])].strip() for n in chosen]
            which = f"{words.join(trimmed)} {words.dice_word[1]}"
        else:
            which = words.join(chosen)
        read = ", ".join(words.faces.get(f, f) for f in faces)
        return [self._fill("unsure", player=player, which=which),
                self._fill("unsure_read", faces=read)]

    def same_again(self, player: str, faces: Sequence[str]) -> list[str]:
        """A settle showing the last roll's dice where they lay, after they were picked up: a
        question first, then what was read, as for a doubt."""
        read = ", ".join(self._words.faces.get(f, f) for f in faces)
        return [self._fill("same_again", player=player), self._fill("unsure_read", faces=read)]

    def unanswered(self, player: str, k: int) -> str:
        """A doubtful read committed with nobody to answer: ``Nobody answered: I take Ann's roll
        as I read it. Check roll three in the review.``"""
        return self._fill("unanswered", player=player, k=self._words.spell(k, ""))

    def unseen(self, player: str, k: int, missing: int) -> str:
        """A roll committed with ``missing`` dice nobody saw, nobody answering: ``Nobody
        answered, and I could not see one die of Ann's roll: ...``. Those dice move no chip."""
        return self._fill("unseen", player=player, k=self._words.spell(k, ""),
                          missing=self._words.count(missing, "die"))

    def type_faces(self, player: str, owed: int) -> str:
        """A photo whose dice cannot be accepted as read: its faces must be typed."""
        return self._fill("type_faces", player=player,
                          owed=self._words.count(owed, "die", bare=True))

    def undone(self, player: str) -> str:
        """After ``u``: the last roll is withdrawn."""
        return self._fill("undone", player=player)
