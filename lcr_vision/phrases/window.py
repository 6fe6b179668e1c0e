"""The table window's own words, in the session's language: the turn, the chips' labels, the odds,
how to settle an unsure read, what a key did, the winner. The window draws every script
(`lcr_vision.window.lettering`), so a Russian table reads Russian there as it hears it. The lines
are templates of each language's `Language`, filled as print has them: numbers in digits, a noun
counted where a language wants it (``{dice:die}``: ``3 кубика``), names as they are (in Russian,
the nominative).

>>> WINDOW["en"].written("turn", game=1, player="Ann", dice=3)
'Game 1: Ann rolls 3'
>>> WINDOW["ru"].written("turn", game=1, player="Аня", dice=3)
'Игра 1: Аня бросает 3 кубика'
>>> WINDOW["ru"].written("won", player="Боря", game=2)
'Боря выигрывает игру 2!'
"""

from __future__ import annotations

from dataclasses import replace

from lcr_vision.phrases.en import EN
from lcr_vision.phrases.language import Language
from lcr_vision.phrases.ru import RU

ENGLISH = {
    "turn": "Game {game}: {player} rolls {dice}",
    "center": "center",
    "amended": "Roll {k} amended: {roll}",
    "hint": "space accepts this read, t types the faces",
    "hint_rethrow": "{hint}, or roll again",
    "unsure": "Unsure read: {hint}",
    "undone": "Last roll undone",
    "standings_said": "Standings said",
    "nothing_to_accept": "Nothing to accept: no unsure read is waiting",
    "answer_at_terminal": "Answer at the terminal",
    "won": "{player} wins game {game}!",
    "draw": "Game {game} is a draw",
    "any_key": "Press any key",
}

RUSSIAN = {
    "turn": "Игра {game}: {player} бросает {dice:die}",
    "center": "центр",
    "amended": "Бросок {k} исправлен: {roll}",
    "hint": "пробел — принять, t — ввести грани",
    "hint_rethrow": "{hint}, или бросьте ещё раз",
    "unsure": "Бросок прочитан неуверенно: {hint}",
    "undone": "Последний бросок отменён",
    "standings_said": "Счёт объявлен",
    "nothing_to_accept": "Принимать нечего: неуверенного броска нет",
    "answer_at_terminal": "Ответьте в терминале",
    "won": "{player} выигрывает игру {game}!",
    "draw": "Игра {game}: ничья",
    "any_key": "Нажмите любую клавишу",
}

# The window's lines and the phrasebook's written ones (the odds' line, as manual play prints it).
WINDOW: dict[str, Language] = {"en": replace(EN, templates={**EN.templates, **ENGLISH}),
                               "ru": replace(RU, templates={**RU.templates, **RUSSIAN})}
