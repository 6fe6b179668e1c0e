"""English: the voice's sentences and every refusal, one template per key (see `language`).

A refusal's template is also what the command line prints, with digits for numbers.
"""

from __future__ import annotations

from lcr_vision.phrases.language import Language
from lcr_vision.phrases.numbers import english


def _form(n: int) -> int:
    """English nouns: singular for one, plural otherwise."""
    return 0 if n == 1 else 1


EN = Language(
    spell=lambda n, noun: english(n),
    nouns={"chip": ("chip", "chips"), "die": ("die", "dice"), "percent": ("percent", "percent"),
           "face": ("face", "faces"), "target": ("target", "targets"), "wild": ("wild", "wilds"),
           "roll": ("roll", "rolls"), "them": ("it", "them")},
    form=_form,
    templates={
        "turn": "{player}, roll {dice}.",
        "reroll": "{player}, roll again.",
        "read": "{faces}.",
        "pass": "{player}, pass {parts}.",
        "left": "{n} left to {name}",
        "right": "{n} right to {name}",
        "center": "{n} to the center",
        "keep": "{player} keeps every chip.",
        "undone": "{player}'s roll is undone.",
        "take": "{player} takes {chips} from {victim}.",
        "take_center": "{player} takes {chips} from the center.",
        "give": "{player} gives {chips} to {receiver}.",
        "pay": "{player} pays three chips to reverse the dice.",
        "all_to_center": "{player} puts all {chips} in the center.",
        "skip": "{player} has no chips and skips.",
        "win": "{player} wins!",
        "draw": "Nobody has chips: a draw. The pot of {chips} carries over.",
        "wrong_count": "I see {seen}, {player} rolls {owed}.",
        "no_dice": "I see no dice, {player} rolls {owed}.",
        "unsure": "Wait: I am not sure of {player}'s {which}.",
        "unsure_read": "I read {faces}.",
        "same_again": "These dice lie as the last roll's did: is this {player}'s roll?",
        "unanswered": "Nobody answered: I take {player}'s roll as I read it. Check roll {k} in "
                      "the review.",
        "type_faces": "Type the faces: {player} rolls {owed}.",
        "resumed_photo": "Resuming {source} at photo {n}: the photos before it are in the "
                         "journal.",
        "resumed_frame": "Resuming {source} at frame {n}: the frames before it are in the "
                         "journal.",
        "standings": "{chips}, center {center}.",
        "favoured": "{player} is favoured to win, {chance}.",
        "even": "Too close to call.",
        "before_crash": "Before the crash, {player} rolled.",
        "new_game": "Game {game}: {player} throws first.",
        "corrected": "Roll {k} was {faces}.",
        "struck": "Struck: {rolls:roll} from roll {k} on; the corrected game leaves no room for "
                  "them.",
        "hand": "{giver}, give {chips} to {receiver}.",
        "hand_center": "{giver}, put {chips} in the center.",
        "hand_box": "{giver}, put {chips} back in the box.",
        "from_center": "Take {chips} from the center and give {them} to {receiver}.",
        "from_center_box": "Put {chips} from the center back in the box.",
        "from_box": "Take {chips} from the box and give {them} to {receiver}.",
        "from_box_center": "Put {chips} from the box in the center.",
        "no_change": "No chips change hands.",
        "demo_won": "{player} won the demo game.",
        "demo_reads": "{throws} throws read, {median} frames (median; at most {most}) after the "
                      "dice stopped.",
        "demo_session": "Session: {folder}",
        # Refusals: what the rules, the ledger and the table refuse, and why.
        "text": "{text}",
        "game_over": "game {game} is over; a new game must start",
        "face_count": "{player} rolls {owed:die}, got {faces:face}",
        "wild_off": "{player} rolled a wild, but the Wild variant is off",
        "roll_face": "{player}'s roll: {why}",
        "unknown_face": "unknown face {face!r}",
        "unknown_typed_face": "unknown face {face!r}: use L, C, R, dot (or .), wild, or a pip "
                              "value 1-6",
        "wild_take_count": "the wilds take {chips:chip}, got {targets:target}",
        "wild_give_count": "the wilds give {chips:chip}, got {targets:target}",
        "wild_not_opponent": "a wild target must be an opponent, not seat {seat}",
        "wild_too_few": "{player} has {chips:chip} to take",
        "reverse_needs_wilder": "paying to reverse the dice needs the Wilder variant",
        "reverse_too_few": "{player} needs {price:chip} to pay for Wilder, has {chips}",
        "no_wild_choice": "{player} rolled {wilds:wild}: there is no wild choice to make",
        "no_player": "no player called {name!r}: players are {players}",
        "no_undo": "there is no roll to undo",
        "no_roll": "there is no roll {k}: the session has {rolls:roll}",
        "roll_refused": "roll {k}: {why}",
        "cannot_correct": "cannot correct roll {k}: {why}",
        "amend_number": "a roll is amended by its number, not {text!r}",
    },
    faces={"L": "left", "C": "center", "R": "right", "dot": "dot", "wild": "wild"},
    places=(("die",), ("left die", "right die"), ("left die", "middle die", "right die")),
    dice_word=("die", "dice"),
    joiner="and",
)
