"""What the announcer says, in English or Russian, built from the rules engine's move values.

Sentences are short on purpose: the table must not wait for the voice. Chips moved by one roll are
said in one sentence per roller, in the order left, right, center.

>>> en = Phrasebook(("Ann", "Ben", "Cat", "Dan"), "en")
>>> en.turn("Ben", 2)
'Ben, roll two dice.'
>>> en.moves([Pass(1, 2), ToCenter(1)])
['Ben, pass one chip left to Cat and one to the center.']
>>> en.wrong_count(2, "Ann", 3)
'I see two dice, Ann rolls three.'
>>> ru = Phrasebook(("Ann", "Ben", "Cat"), "ru")
>>> ru.turn("Ben", 3)
'Ben, бросай три кубика.'
>>> ru.moves([Pass(0, 1), Pass(0, 2)])
['Ann: одну фишку налево — Ben и одну направо — Cat.']
>>> en.wrong_count(5, "Ann", 3), en.standings({"Ann": 0, "Ben": 12}, 5)
('I see five dice, Ann rolls three.', 'Ann zero, Ben twelve, center five.')
>>> en.favoured("Cat", 0.4137), ru.favoured("Cat", 0.4137), ru.favoured("Ann", 0.224)
('Cat is favoured to win, forty-one percent.', 'Cat — фаворит, сорок один процент.', 'Ann — фаворит, двадцать два процента.')

After a correction, the chips to move so that the table holds what the corrected ledger does:

>>> from lcr_vision.rules.handback import Transfer
>>> moves = (Transfer(1, 0, 1), Transfer("center", 2, 2), Transfer(1, "center", 1))
>>> en.amended(3, ("C", "dot", "dot"), 5, 2, (), moves)
['Roll three was center, dot, dot.', 'Struck: two rolls from roll five on; the corrected game leaves no room for them.', 'Ben, give one chip to Ann.', 'Take two chips from the center and give them to Cat.', 'Ben, put one chip in the center.']
>>> ru.amended(3, ("C", "dot", "dot"), None, 0, (), moves[1:2])
['Бросок три на самом деле: центр, точка, точка.', 'Возьмите из центра две фишки и отдайте их игроку Cat.']

A refusal, said in the table's language with every number in words (the terminal prints the same
refusal with digits):

>>> from lcr_vision.errors import Said
>>> refused = UserError(Said("wild_not_opponent", {"seat": 0}))
>>> str(refused), en.refusal(refused), ru.refusal(refused)
('a wild target must be an opponent, not seat 0', 'A wild target must be an opponent, not seat zero.', 'Дикий забирает только у соперника, а не у места ноль.')
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass

from lcr_vision.errors import Said, UserError
from lcr_vision.phrases.en import EN
from lcr_vision.phrases.language import Language
from lcr_vision.phrases.ru import RU
from lcr_vision.rules.handback import BOX, CENTER, Transfer
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
from lcr_vision.rules.series import GameRecord

LANGUAGES: tuple[str, ...] = ("en", "ru")
WORDS = {"en": EN, "ru": RU}


def printed(error: UserError, language: str) -> str:
    """A refusal as the terminal prints it in ``language``, numbers in digits: English is the
    error's own message; a refusal written only in English stays so.

    >>> from lcr_vision.errors import Said
    >>> printed(UserError(Said("undo_last", {"k": 2})), "ru")
    'отменить можно только последний бросок, а не бросок 2'
    """
    return str(error) if language == "en" else WORDS[language].printed(error.said)


def note_in(language: str) -> Callable[[Said], None]:
    """What a source tells of itself, printed once on stderr in ``language``: the size a webcam's
    frames come at (`lcr_vision.camera.capture.CaptureSource`).

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     note_in("en")(Said("camera_mode", {"source": "camera 0", "size": "1280x720"}))
    >>> print(err.getvalue(), end="")
    lcr-vision: camera 0 gives 1280x720 frames
    """
    words = WORDS[language]

    def note(what: Said) -> None:
        print(f"lcr-vision: {words.printed(what)}", file=sys.stderr, flush=True)

    return note


def tagged(tag: str, what: str | Said, language: str) -> str:
    """A line for stderr: ``what`` under the template ``tag`` (``error`` for the refusal a
    command ends with, ``warning`` for what it goes on past), the tag in ``language`` too.

    >>> tagged("error", "нет такой папки", "ru")
    'lcr-vision: ошибка: нет такой папки'
    """
    return f"lcr-vision: {WORDS[language].printed(Said(tag, {'what': what}))}"


def warn_in(language: str) -> Callable[[Said], None]:
    """Warnings printed on stderr in ``language``: speech gone, a photo skipped, a camera gone
    and back (`lcr_vision.camera.source.Warn`).

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     warn_in("ru")(Said("source_back", {"source": "cam.mp4"}))
    >>> print(err.getvalue(), end="")
    lcr-vision: внимание: источник cam.mp4 снова присылает кадры
    """
    def warn(what: Said) -> None:
        print(tagged("warning", what, language), file=sys.stderr, flush=True)

    return warn


@dataclass(frozen=True)
class Phrasebook:
    """Sentences for one table: the players in seating order and the language (``en`` or ``ru``)."""

    players: tuple[str, ...]
    language: str = "en"

    @property
    def _words(self) -> Language:
        return WORDS[self.language]

    def _fill(self, key: str, **fields: object) -> str:
        return self._words.sentence(key, **fields)

    def written(self, key: str, **fields: object) -> str:
        """A line written out (not said) in the table's language, such as manual play's or a
        question at the terminal: its numbers stay digits.

        >>> Phrasebook(("Ann", "Ben", "Cat"), "ru").written("ask_amend_faces", k=3)
        'Грани броска 3 на самом деле (например, L R dot): '
        """
        return self._words.written(key, **fields)

    def refusal(self, error: UserError) -> str:
        """What was refused and why, as a sentence: ``Roll two: Ben rolls two dice, got one
        face.`` (the command line prints the same refusal with digits)."""
        text = self._words.render(error.said)
        return f"{text[:1].upper()}{text[1:]}."

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

    def demo_end(self, winner: str | None, delays: Sequence[int], folder: object) -> list[str]:
        """The demo's last lines, printed (numbers in digits): its winner, how soon after the
        dice stopped each throw was read (``delays`` in frames, sorted), its session folder."""
        lines = [] if winner is None else [self._fill("demo_won", player=winner)]
        if delays:
            lines.append(self.written("demo_reads", throws=len(delays),
                                      median=delays[len(delays) // 2], most=delays[-1]))
        return [*lines, self._fill("demo_session", folder=str(folder))]

    def new_game(self, game: int, player: str) -> str:
        """A game after the first begins: ``Game two: Ben throws first.``"""
        return self._fill("new_game", game=self._words.spell(game, ""), player=player)

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

    def learnt(self, expected: int | None = None) -> str:
        """Between games, the table learnt its dice from the last: ``I learnt your dice ...``,
        and, where known, about how many rolls in a hundred it expects to ask about."""
        if expected is None:
            return self._fill("learnt")
        return self._fill("learnt_expect", n=self._words.spell(expected, ""))

    def type_faces(self, player: str, owed: int) -> str:
        """A photo whose dice cannot be accepted as read: its faces must be typed."""
        return self._fill("type_faces", player=player,
                          owed=self._words.count(owed, "die", bare=True))

    def resumed(self, source: str, n: int, photo: bool) -> str:
        """A folder (``photo``) or video resumed at photo or frame ``n`` (from 1)."""
        return self.written("resumed_photo" if photo else "resumed_frame", source=source, n=n)

    def resumed_named(self, source: str, n: int) -> str:
        """A folder resumed by its photos' names: ``n`` of them are in the journal already."""
        return self.written("resumed_named", source=source, n=n)

    def photo_differs(self, k: int, name: str, source: str, gone: bool) -> str:
        """Roll ``k``'s photo is ``gone`` from its folder, or changed, since it was read."""
        return self.written("photo_gone" if gone else "photo_changed", k=k, name=name,
                            source=source)

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
        said += self.moves([Win(g.winner) if g.winner is not None else Draw(g.center)
                            for g in ended])
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

    def standings(self, chips: Mapping[str, int], center: int) -> str:
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

    def moves(self, moves: Sequence[Move]) -> list[str]:
        """Sentences for a roll's moves, in the engine's order.

        One roller's passes and center chips make one sentence; repeated takes or gifts between the
        same two players are counted (``takes two chips from Dan``).
        """
        groups: dict[Hashable, list[Move]] = {}
        for i, move in enumerate(moves):
            groups.setdefault(self._group(move, i), []).append(move)
        return [self._sentence(group) for group in groups.values()]

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

    def keep(self, player: str) -> str:
        """A roll of dots only."""
        return self._fill("keep", player=player)

    def undone(self, player: str) -> str:
        """After ``u``: the last roll is withdrawn."""
        return self._fill("undone", player=player)

    def before_crash(self, player: str) -> str:
        """Before a roll that was committed but not said when the program stopped."""
        return self._fill("before_crash", player=player)

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
