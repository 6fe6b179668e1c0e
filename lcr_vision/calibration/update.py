"""``calibrate --update``: learn a profile's dice again from the photo logs of games played.

Every roll the table committed is a labelled example of these dice: its frame is in the session's
``photos/`` and its faces, as read or as the players confirmed, typed or corrected, in the ledger. A
head fitted to them replaces the profile's only under calibration's rule
(`lcr_vision.calibration.learn_faces.learn`): it must read held-out rolls clearly better than the
profile does now, and no roll worse. A profile that finds the table's far side in each frame (no
turn) also learns where it is, where the confirmed faces show it as calibration's check rolls would
(`lcr_vision.calibration.far_side`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from lcr_vision.calibration.doubt import Asks, fit_doubt
from lcr_vision.calibration.far_side import far_side
from lcr_vision.calibration.fit import CheckRoll
from lcr_vision.calibration.guide import CalibrationError
from lcr_vision.calibration.learn_faces import MIN_ROLLS, HeadTrial, learn
from lcr_vision.calibration.profile import Profile
from lcr_vision.calibration.store import NO_CHECKS, Checks
from lcr_vision.ledger import JOURNAL, PHOTOS, read_journal, replay
from lcr_vision.photolog import image_names, photo_number
from lcr_vision.phrases.calibration import EN_WORDS, CalibrationWords
from lcr_vision.vision.head import model_digest
from lcr_vision.vision.images import load_image
from lcr_vision.vision.reader import DiceReader
from lcr_vision.vision.verdict import DEFAULT_MAP


def session_rolls(folder: Path) -> list[CheckRoll]:
    """The live rolls of a session whose frame is in its photo log, with the faces the ledger
    holds for them (corrections applied): those verified alone, read surely or confirmed
    (`Entry.verified`), since a doubtful read nobody answered for may teach a wrong face."""
    lines, _ = read_journal(folder / JOURNAL)
    rolls = []
    for played in replay(lines).rolls:
        number = photo_number(played.entry.photo)
        frame = folder / PHOTOS / image_names(number)["frame"] if number is not None else None
        if frame is not None and frame.is_file() and played.entry.verified:
            rolls.append(CheckRoll(str(frame.resolve()), load_image(frame),
                                   played.entry.faces))
    return rolls


def update(profile: Profile, sessions: Sequence[Path], model: Path | None = None,
           threads: int = 1, words: CalibrationWords = EN_WORDS,
           asks: Asks | None = None, checks: Checks = NO_CHECKS,
           known: Collection[str] | None = None) -> tuple[Profile, HeadTrial]:
    """``profile`` with a head learnt from the rolls of ``sessions`` (and the ``checks`` it was
    calibrated on, its check rolls and empty table, where kept), and what it read on held-out
    rolls; CalibrationError (in the language of ``words``) where they teach too little
    or the head reads no better (judged by the questions a table ``asks`` too: `learn`). Given
    the rolls the profile's head was ``known`` to be fitted on (by name; the ``checks`` too where
    it has a head), only the others are held out to judge it (`learn`'s ``fresh``); the profile
    returned names every session roll its head was fitted on (`Profile.head_rolls`), and its
    doubt is fitted again to the held-out rolls as the head kept reads them
    (`lcr_vision.calibration.doubt`): a profile whose doubt alone changed is learnt too."""
    played = [roll for folder in sessions for roll in session_rolls(folder)]
    rolls = [*checks.rolls, *played]
    wrong = sorted({f for roll in rolls for f in roll.truth} - set(profile.dice.faces))
    if wrong:
        raise CalibrationError(words.sentence("update_faces", faces=", ".join(wrong),
                                              dice=words.sentence(profile.dice.value)))
    if len(rolls) < MIN_ROLLS:
        raise CalibrationError(words.sentence("update_few", rolls=len(rolls), least=MIN_ROLLS))
    # a head learns the faces as the profile reads them: the far side up by the profile's turn,
    # else found in each frame, unless the games show where it is
    reader = DiceReader(model, profile.settings(), threads)
    if not reader.model.has_features:
        raise CalibrationError(words.sentence("update_no_features", model=reader.model.path))
    found = None
    if reader.model.find_up:
        told = reader.reading(find_up=False)
        found = far_side(told, reader, rolls, profile.view).turn
        if found is not None:
            profile, reader = profile.turned(found), told
    current = profile.face_head
    if current is not None and current.model != model_digest(reader.model.path):
        current = None  # learnt for another model: this one reads without it
    fresh = None if known is None else (
        [current is None] * len(checks.rolls) + [roll.name not in known for roll in played])
    if fresh is not None and sum(fresh) < MIN_ROLLS:
        raise CalibrationError(words.sentence("update_few", rolls=sum(fresh), least=MIN_ROLLS))
    learnt = learn(reader, profile.view, replace(checks, rolls=tuple(rolls)), current, asks=asks,
                   fresh=fresh)
    doubt = fit_doubt(learnt.truths, learnt.reads, profile.face_map or DEFAULT_MAP)
    if learnt.head is None and found is None and doubt == profile.doubt:
        raise CalibrationError(words.sentence("update_not_better", a=learnt.after.right,
                                              ad=learnt.after.dice, b=learnt.before.right))
    if learnt.head is not None:
        profile = replace(profile.with_head(learnt.head), held_out=(learnt.before, learnt.after),
                          head_rolls=tuple(roll.name for roll in played))
    return replace(profile, doubt=doubt,
                   created=datetime.now(UTC).isoformat(timespec="seconds")), learnt
