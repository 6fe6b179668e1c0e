"""English: the voice's sentences and every refusal, one template per key (see `language`).

The refusals' templates and nouns are the base's (`lcr_vision.errors`), which the command line
prints with digits; here they are said with words.
"""

from __future__ import annotations

from lcr_vision.phrases.language import Language
from lcr_vision.phrases.numbers import english
from lcr_vision.refusals import NOUNS, REFUSALS


def _form(n: int) -> int:
    """English nouns: singular for one, plural otherwise."""
    return 0 if n == 1 else 1


EN = Language(
    spell=lambda n, noun: english(n),
    nouns={**NOUNS, "percent": ("percent", "percent"), "them": ("it", "them"),
           "finished_game": ("finished game", "finished games")},
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
        "learnt": "I learnt your dice from that game, so I should ask less.",
        "learnt_expect": "I learnt your dice from that game: I expect to ask about {n} rolls in "
                         "a hundred now.",
        "unseen": "Nobody answered, and I could not see {missing} of {player}'s roll: I count only "
                  "the dice I saw, so the chips are unchecked from roll {k} on until you correct "
                  "it in the review.",
        "type_faces": "Type the faces: {player} rolls {owed}.",
        "resumed_photo": "Resuming {source} at photo {n}: the photos before it are in the "
                         "journal.",
        "resumed_frame": "Resuming {source} at frame {n}: the frames before it are in the "
                         "journal.",
        "resumed_named": "Resuming {source}: {n} of its photos are in the journal; reading the "
                         "others.",
        "photo_gone": "Roll {k}'s photo {name} is no longer in {source}: the ledger keeps what "
                      "was read from it; put it back to check it.",
        "photo_changed": "Roll {k}'s photo {name} in {source} has changed since it was read: the "
                         "ledger keeps what was read then; put the original back to check it.",
        "standings": "{chips}, center {center}.",
        "favoured": "{player} is favoured to win, {chance}.",
        "even": "Too close to call.",
        "manual_session": "Session {folder}. Type 'help' for how to enter rolls.",
        "manual_saved": "Session saved in {folder}; resume it with --session.",
        "manual_rejected": "Rejected: {why}. Try again.",
        "manual_undone": "Roll {k} ({player}: {faces}) undone.",
        "manual_turn": "Game {game}, roll {k}: {turn}",
        "manual_reverse": " (start with 'reverse' to pay 3 chips for Wilder)",
        "manual_roll": "Roll {k}",
        "odds_line": "Odds: {chances}",
        "odds_line_estimated": "Odds: {chances} (estimated)",
        "manual_corrected": "Roll {k} corrected",
        "manual_before_crash": "Before the crash: roll {k}",
        "manual_rolled": "{label}: {player} rolled {faces}. {what}",
        "manual_help": (
            "Type each roll's faces on one line: L R dot, l c ., or pip values like 4 6 2.\n"
            "Wild: add @Name for each chip a wild takes (or gives), e.g. wild wild dot @Ben @Cat;\n"
            "      without names the policy chooses.\n"
            "Wilder: start the line with 'reverse' to pay 3 chips and reverse the dice.\n"
            "Commands: undo (the last roll), amend K FACES (roll K really showed FACES: the later\n"
            "          rolls are replayed on it, and the chips to move are said; 'correct' does\n"
            "          the same), standings, help, quit.\n"
            "End of input also stops; the session resumes with --session."),
        "profile_made": "This table's dice were learnt into profile {name} ({path}): play with "
                        "--calibration {name} to start from it.",
        "profile_learnt": "Profile {name} learnt these dice from this session ({path}).",
        "ask_roll": "roll {k}? ",
        "ask_amend_roll": "Amend which roll? (Enter: roll {k}) ",
        "ask_amend_faces": "Faces roll {k} really showed (e.g. L R dot): ",
        "ask_faces": "Faces for {player} ({owed} dice, e.g. L R dot): ",
        "before_crash": "Before the crash, {player} rolled.",
        "new_game": "Game {game}: {player} throws first.",
        "corrected": "Roll {k} was {faces}.",
        "settled": "The rolls since stand as thrown; it is settled now.",
        "replayed": "It cannot be settled now, so the rolls since are played again on it.",
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
        # The written record's labels (`record`; its sentences are `written`'s), numbers in digits.
        "rec_players": "Players and starting chips: {stakes}.",
        "rec_variants": "Variants: {variants}; wild policy: {policy}.",
        "rec_variant_wild": "wild",
        "rec_variant_wilder": "wilder",
        "rec_variant_last-chip-wins": "last-chip-wins",
        "rec_variant_dot-to-win": "dot-to-win",
        "rec_policy_richest": "richest",
        "rec_policy_left": "left",
        "rec_photo_lost": "the photo was lost in a crash",
        "rec_unknown_faces": "unknown faces",
        "rec_other_roll": "photo record {name} is of another roll ({player}'s {faces})",
        "rec_none": "none",
        "rec_where": "game {game} turn {turn}",
        "rec_corrected": "corrected",
        "rec_game_won": "Game {n}: won by {player} after {rolls} rolls, {first} first.",
        "rec_game_draw": "Game {n}: a draw after {rolls} rolls, {first} first.",
        "rec_game_now": "Game {game}: {turn}",
        "rec_wins": "Wins: {wins}.",
        "rec_money": "Money: {money}.",
        "rec_amended": "Roll {k} ({player}, game {game}, turn {turn}): {before} -> {after}. "
                       "{moves}",
        "rec_already": "Roll {k} already shows {faces}: nothing to correct.",
        "rec_faces_count": "roll {k} was {player}'s throw of {dice}; --faces gives {given}",
        "rec_updated": "Updated {path}.",
        "rec_open_yourself": "{why}; open {path} yourself",
        "rec_page_stale": "the correction is saved, but {why}; rebuild the page with: "
                          "lcr-vision review {folder}",
        "rec_wrote": "Wrote {path}: {rolls}, {games}.",
        "rec_changes_standings": "Game {n} standings: {moved}.",
        "rec_changes_winner": "Game {n} winner: {was} -> {now}.",
        "rec_changes_gone": "Game {n} is no longer played.",
        "rec_changes_begins": "Game {n} now begins.",
        "rec_unchanged": "The standings do not change.",
        "rec_playing": "still being played",
        "rec_won_by": "won by {player}",
        "rec_draw": "a draw",
        "rec_center": "center",
        "rec_how_unanswered": "doubtful read committed unanswered: check it",
        "rec_how_typed": "faces typed at the table",
        "rec_how_confirmed": "doubtful read confirmed at the table",
        "rec_low": "{face} read at {score} confidence",
        "rec_unseen_doubt": "{dice} not seen: they moved no chips. What did they show? Amend "
                            "roll {k}.",
        "rec_swapped": "{path} is not the photo saved for this roll: changed or swapped since",
        "rec_photo": "Game {game}, roll {turn}: {player} rolled {faces}",
        "rec_intact": "The journal is intact: each of its {n} lines follows the one before as "
                      "written.",
        "rec_vouched": "written at or after the journal's break at line {line}: not vouched for",
        **REFUSALS,
    },
    faces={"L": "left", "C": "center", "R": "right", "dot": "dot", "wild": "wild"},
    places=(("die",), ("left die", "right die"), ("left die", "middle die", "right die")),
    dice_word=("die", "dice"),
    joiner="and",
)
