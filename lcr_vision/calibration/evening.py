"""The evening: what a table learns while it plays, kept in the profile it plays with.

Every roll the table verified is a labelled photo of these dice on this table: read surely, or
confirmed, typed or corrected by the players (`lcr_vision.calibration.update.session_rolls`). After
each game the profile learns the dice again from those of this session, of the sessions it learnt
from before (`Profile.sessions`) and of the check rolls it was calibrated on, kept beside it
(`lcr_vision.calibration.store.save_checks`), judged as calibration judges a face head, on held-out
rolls, and as the table judges a read: a head is kept where it reads them clearly better, or where
the table would ask about clearly fewer of them with no die more committed wrong unasked
(`lcr_vision.calibration.learn_faces.fewer_questions`). What is kept is written to the profile's
file at once, atomically, so the next game and the next session start from it; what is not changes
nothing. A session played without a profile learns too, into one made for it (`Evening.made_for`),
which play offers at the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from lcr_vision.calibration.doubt import expected_questions, table_asks
from lcr_vision.calibration.profile import Profile, reading_for
from lcr_vision.calibration.store import load_checks, write
from lcr_vision.calibration.update import update
from lcr_vision.errors import UserError
from lcr_vision.faces import PIP_FACES, DiceKind, FaceMap
from lcr_vision.ledger import JOURNAL, read_journal, replay
from lcr_vision.vision.reader import ReaderSettings
from lcr_vision.vision.reading import Reading

# The sessions a profile learns from, the latest: enough for a few evenings' dice and light, few
# enough that learning between two games takes seconds, not minutes.
SESSIONS = 6


@dataclass
class Evening:
    """The ``profile`` a table plays with, kept at ``path``, learning after each game; ``made``
    where it was made for a session played without one, its dice told by the rolls where
    ``guess_dice`` (`dice_of`)."""

    profile: Profile
    path: Path
    model: Path | None = None
    threads: int = 1
    made: bool = False
    guess_dice: bool = False
    learnt: int = 0  # games after which it learnt something

    @classmethod
    def made_for(cls, session: Path, kind: DiceKind | None, pyramid: bool, folder: Path,
                 model: Path | None = None, threads: int = 1) -> Evening:
        """A profile for a session played without one, reading as the reader uncalibrated
        reads (the whole frame, the far side found in each frame, every scale for photos),
        named for the session and kept in ``folder``; its dice are ``kind``, or those the
        session's rolls show (`dice_of`) once it has learnt."""
        name = f"table-{session.name}"
        profile = Profile(name, ReaderSettings(kind or DiceKind.LCR, pyramid=pyramid))
        return cls(profile, folder / f"{name}.json", model, threads, made=True,
                   guess_dice=kind is None)

    def learn(self, session: Path, face_map: FaceMap) -> Reading | None:
        """Learn the dice again from the verified rolls of ``session``, the profile's earlier
        sessions and its check rolls; where something was learnt (and saved), the reading to
        play on with: the reader, the doubt fitted to the table, and how many rolls in a hundred
        held out of the head kept it is expected to ask about."""
        here = str(session.resolve())
        earlier = [s for s in self.profile.sessions if s != here and Path(s).is_dir()]
        sessions = [*earlier[-(SESSIONS - 1):], here]
        profile = self.profile
        checks = load_checks(self.path)
        try:
            if self.guess_dice:
                profile = profile.with_dice(dice_of(sessions, profile.dice))
            learnt, lesson = update(profile, [Path(s) for s in sessions], self.model, self.threads,
                                    asks=table_asks(face_map, profile.doubt), checks=checks,
                                    known=set(profile.head_rolls))
            learnt = replace(learnt, sessions=tuple(sessions))
            write(learnt, self.path)
        except (UserError, OSError):  # too little to learn from, no better, or cannot be kept:
            return None  # the table plays on as it was
        self.profile = learnt
        self.learnt += 1
        expected = expected_questions(lesson.truths, lesson.reads, face_map, learnt.doubt)
        return replace(reading_for(learnt, self.model, self.threads), expected=expected)


def dice_of(sessions: Sequence[str], default: DiceKind) -> DiceKind:
    """The dice the verified rolls of ``sessions`` show: pips if any die showed one, Wild dice
    if any showed a wild, else ``default``."""
    faces = {f for s in sessions
             for roll in replay(read_journal(Path(s) / JOURNAL)[0]).rolls if roll.entry.verified
             for f in roll.entry.faces}
    if faces & set(PIP_FACES):
        return DiceKind.PIP
    return DiceKind.WILD if "wild" in faces else default
