"""A session's written record in the language it was played in: the ledger's text and CSV, the
review page's sentences, what ``amend`` prints. English is `written`'s fuller prose; Russian keeps
every name in the nominative (``у игрока Катя``: a name is not declined) and counts in digits.

>>> from lcr_vision.rules import Settings, play_roll
>>> s = Settings.create(["Аня", "Боря", "Катя"])
>>> r = play_roll(s, GameState.start(s.stakes), ("L", "C", "dot"))
>>> ru = Record(s.players, "ru")
>>> ru.roll(r)
'Аня: одну фишку налево — Боря и одну в центр. У игрока Аня фишек: 1.'
>>> ru.turn(r.after), ru.standings(r.after)
('Боря бросает 3 кубика.', 'Аня 1, Боря 4, Катя 3; в центре 1.')
>>> Record(s.players).roll(r)
'Аня passes one chip left to Боря and one to the center; Аня has one chip left.'
>>> from lcr_vision.rules import Transfer
>>> ru.settled(1, 4, (Transfer(1, 0, 1), Transfer(2, "center", 1)))
'Бросок 1 исправлен после броска 4 и улажен тогда: Боря отдаёт игроку Аня фишек: 1; Катя \
кладёт в центр фишек: 1.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lcr_vision.errors import Said
from lcr_vision.phrases import written
from lcr_vision.phrases.book import WORDS
from lcr_vision.phrases.chips import Moves
from lcr_vision.phrases.language import Language
from lcr_vision.rules import moves
from lcr_vision.rules.engine import RollResult
from lcr_vision.rules.handback import Transfer
from lcr_vision.rules.state import GameState


@dataclass(frozen=True)
class Record:
    """The record's sentences for one session: its players in seating order and its language.
    Sentences are English's `written` prose or a language's ``rec_`` templates; the labels
    around them (``line``) are templates in every language."""

    players: tuple[str, ...]
    language: str = "en"

    @property
    def _words(self) -> Language:
        return WORDS[self.language]

    @property
    def english(self) -> bool:
        """English has its own fuller sentences for moves (`written`)."""
        return self.language == "en"

    def line(self, key: str, **fields: object) -> str:
        """The record template ``key`` (``rec_`` before it) filled, numbers in digits."""
        return self._words.written(f"rec_{key}", **fields)

    def told(self, said: Said) -> str:
        """What the ledger warns or refuses (a `Said`), in the record's language, in digits."""
        return self._words.printed(said)

    def count(self, n: int, noun: str) -> str:
        """``3 dice``, ``3 кубика``: a count in digits with its noun's form."""
        return self._words.counted(n, noun)

    def photo(self, result: RollResult) -> str:
        """The line drawn on a roll's annotated photo: whose roll it was and what it showed.

        >>> from lcr_vision.rules import GameState, Settings, play_roll
        >>> s = Settings.create(["Аня", "Боря", "Катя"])
        >>> roll = play_roll(s, GameState.start(s.stakes), ("L", "5", "dot"))
        >>> Record(s.players).photo(roll), Record(s.players, "ru").photo(roll)
        ('Game 1, roll 1: Аня rolled L C dot', 'Игра 1, ход 1: Аня, L C dot')
        """
        return self.line("photo", game=result.after.game, turn=result.after.rolls,
                         player=self.players[result.player], faces=" ".join(result.game_faces))

    def roll(self, result: RollResult) -> str:
        """A roll in sentences: the roller's moves and chips left, then skips and the game's end."""
        if self.english:
            return written.describe_roll(result, self.players)
        name = self.players[result.player]
        ends = (moves.Skip, moves.Win, moves.Draw)
        own = [m for m in result.moves if not isinstance(m, ends)]
        spoken = Moves(self.players, self.language)
        sentences = spoken.said(own) if own else [spoken.keep(name)]
        sentences.append(self.line("held", player=name, chips=result.after.chips[result.player]))
        for move in result.moves:
            if isinstance(move, moves.Win):
                pot = result.after.center
                prize = self.line("prize", pot=pot) if pot else ""
                sentences.append(self.line("win", player=self.players[move.player],
                                           game=result.after.game, prize=prize))
            elif isinstance(move, ends):
                sentences += spoken.said([move])
        return " ".join(sentences)

    def settled(self, k: int, after: int, transfers: Sequence[Transfer]) -> str:
        """A correction settled after roll ``after`` with the chips handed for it."""
        if self.english:
            return written.describe_settled(k, after, transfers, self.players)
        handed = "; ".join(map(self._handed, transfers)) or self.line("no_change")
        return self.line("settled", k=k, after=after, handed=handed)

    def _handed(self, t: Transfer) -> str:
        if isinstance(t.giver, int):
            key = f"to_{t.receiver}" if not isinstance(t.receiver, int) else "to_player"
            giver = self.players[t.giver]
        else:
            key = f"{t.giver}_to_{t.receiver}" if not isinstance(t.receiver, int) else (
                f"{t.giver}_to_player")
            giver = ""
        receiver = self.players[t.receiver] if isinstance(t.receiver, int) else ""
        return self.line(key, giver=giver, receiver=receiver, chips=t.chips)

    def struck(self, k: int, player: str, faces: Sequence[str]) -> str:
        """A roll a correction struck."""
        if self.english:
            return written.describe_struck(k, player, faces)
        return self.line("struck", k=k, player=player, faces=" ".join(faces))

    def unverified_roll(self, unseen: int) -> str:
        """Why a roll is unverified, for its line in the ledger."""
        if self.english:
            return written.describe_unverified_roll(unseen)
        if not unseen:
            return self.line("doubtful_roll")
        return self.line("unseen_roll", dice=self.count(unseen, "die"))

    def unverified(self, k: int) -> str:
        """The ledger's word on the first unverified roll (`Ledger.unverified_from`)."""
        if self.english:
            return written.describe_unverified(k)
        return self.line("unverified", k=k)

    def turn(self, state: GameState) -> str:
        """Who rolls next and how many dice."""
        if self.english:
            return written.describe_turn(state, self.players)
        return self.line("turn", player=self.players[state.turn],
                         dice=self.count(state.dice_owed, "die"))

    def standings(self, state: GameState) -> str:
        """Chips per player and in the center."""
        if self.english:
            return written.describe_standings(state, self.players)
        held = ", ".join(f"{p} {c}" for p, c in zip(self.players, state.chips))
        return self.line("standings", held=held, center=state.center)
