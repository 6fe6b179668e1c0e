"""The guided calibration: from an empty table to a profile, in five steps.

1. Empty table: the background, the play area (the tray found, ``--roi``, or one dragged in the
   window), and what to fix about the light.
2. Dice size: the dice of the first check roll are measured against the empty table; too small
   dice are warned about, blurred ones too.
3. Face map, for regular dice.
4. Check rolls: each is read and shown, the user confirms or corrects it (or the answers file
   says what is up). Then the candidate views (play area and scale, read in one look, in tiles
   or at every scale), and after them the reader's thresholds, are scored on all of them; one
   replaces the reader as shipped only when it reads clearly more dice right. For an upright
   model (it reads the picture's top as the table's far side), the side of the picture the
   confirmed faces are likeliest with turned up is chosen first, where they are clearly likelier
   so than with the far side found in each frame, as the reader as shipped does. Before all
   that, where the reader as shipped reads the check rolls short of what these dice need, ten
   more are asked for, to learn them from (`faces.more_to_learn`).
5. These dice: at the table, the user may show one die with each face up in turn (offered,
   not asked for; each shown face is one more roll to learn from). A face head is fitted to the
   check rolls' crops and kept only if it reads held-out check rolls clearly better, or would
   make the table ask about them clearly less with no die more committed wrong, and never reads
   them worse as play reads them (:mod:`lcr_vision.calibration.learn_faces`); both figures are said,
   as play reads.

Frames come as rests (:mod:`lcr_vision.calibration.rests`). From a folder with answers, the images
without dice are the empty table and the labelled ones the check rolls; from a video or camera,
the first rest is the empty table and every later rest with dice on it is a check roll, matched
in order to the labelled images of the answers (in name order) when there are answers. Nothing is
saved here: a calibration that fails raises :class:`CalibrationError` and the old profile stays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from lcr_vision.calibration.dialogue import Dialogue
from lcr_vision.calibration.dice_size import (
    ODD_SIZES,
    candidate_scales,
    closer_advice,
    die_blobs,
    die_size,
    odd_sizes,
    size_warnings,
    sizes_apart,
)
from lcr_vision.calibration.doubt import expected_questions, fit_doubt, table_asks
from lcr_vision.calibration.empty_table import (
    CLIPPED_LEVEL,
    advice,
    find_tray,
    focus,
    learn_background,
    light_figures,
)
from lcr_vision.calibration.far_side import far_side
from lcr_vision.calibration.fit import (
    THRESHOLDS,
    CheckRoll,
    Threshold,
    candidate_views,
    measure,
    pick,
)
from lcr_vision.calibration.learn_faces import MIN_ROLLS, HeadTrial, learn, more_to_learn
from lcr_vision.calibration.light import (
    LightChange,
    change_of,
    light_change,
    refused,
    same_table,
)
from lcr_vision.calibration.play_area import CalibratedReader, FrameReader, View
from lcr_vision.calibration.profile import Accuracy, Profile, Roi
from lcr_vision.calibration.rests import StillFrames, rests
from lcr_vision.calibration.store import NO_CHECKS, Checks
from lcr_vision.camera.source import FrameSource
from lcr_vision.camera.stills import FolderSource, natural_key
from lcr_vision.errors import UserError
from lcr_vision.faces import DiceKind, FaceMap
from lcr_vision.phrases.calibration import CalibrationWords
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.reader import DiceReader, ReaderSettings
from lcr_vision.vision.verdict import DEFAULT_MAP, DOUBT_THRESHOLD

# A profile reading fewer check dice right than this is saved only when asked to
# (``--keep-anyway``): at 80% of dice right a roll of three is read right about half the time, and a
# table asked about every other roll is switched off. Judged as the profile will read: with what it
# learnt of the dice, on check rolls held out from the learning, where it kept something.
MIN_ACCURACY = 0.8


def dice_seen(image: np.ndarray, background: np.ndarray,
              change: LightChange | None = None) -> list[tuple[int, int, int, int]]:
    """The die blobs of ``image`` against the empty table, its light first brought to the empty
    table's (a webcam's exposure drifts between photos; ``change``: that light, when already
    found); none in a picture of another size."""
    if image.shape != background.shape:
        return []
    matched = (change or light_change(background, image)).matched.copy()
    blown = image.min(2) >= CLIPPED_LEVEL  # glare that brighter exposure blew out: no die to see
    matched[blown] = background[blown]
    return die_blobs(matched, background)


class CalibrationError(UserError):
    """A calibration that could not be finished; no profile was written. ``more``: the check
    rolls more it wanted, where more would have let it learn the dice (a folder has no more)."""

    def __init__(self, message: str, more: int = 0) -> None:
        super().__init__(message)
        self.more = more


@dataclass(frozen=True)
class Request:
    """What the user asked for: the profile's name, the dice, an optional house face map and play
    area, and how many check rolls to ask for when someone is rolling."""

    name: str
    dice: DiceKind
    face_map: FaceMap | None = None
    roi: Roi | None = None
    rolls: int = 10
    language: str = "en"  # of what is said and refused (`phrases.calibration`)
    keep_anyway: bool = False  # save a profile that reads under `MIN_ACCURACY`, saying so


@dataclass(frozen=True)
class EmptyTable:
    """What step 1 learned: the background, its light figures and advice, the play area."""

    background: np.ndarray
    figures: dict[str, float]
    advice: tuple[str, ...]
    roi: Roi | None


@dataclass(frozen=True)
class Checked:
    """What steps 2 and 4 gathered: the check rolls, the die size and dice sharpness measured in
    each roll where dice were found, and the warnings given about the dice."""

    rolls: tuple[CheckRoll, ...]
    sizes: tuple[float, ...]
    sharpness: tuple[float, ...]
    warnings: tuple[str, ...]

    def joined(self, more: Checked) -> Checked:
        """These check rolls and ``more`` taken after them."""
        return Checked(self.rolls + more.rolls, self.sizes + more.sizes,
                       self.sharpness + more.sharpness, self.warnings + more.warnings)


class Calibration:
    """One guided session over ``source``; ``answers`` (file name -> faces up) script it."""

    def __init__(self, request: Request, reader: DiceReader,
                 source: FrameSource, dialogue: Dialogue,
                 answers: Mapping[str, tuple[str, ...]] | None = None) -> None:
        self.request = request
        self.reader = reader  # as shipped: every reader tried is this one with other settings
        self.source = source
        self.dialogue = dialogue
        self.answers = answers
        self.live = bool(getattr(source, "live", False))
        self.face_map: FaceMap | None = None  # step 3's, once said
        self.words = CalibrationWords(request.language)
        self.doing = self.words.sentence("doing_clear")  # shown over the live picture
        # the most check rolls more that were wanted (for the far side or to learn the dice),
        # given or not: a rehearsal from a folder is given them by calibrating again
        self.wanted_more = 0
        # what the dice were learnt from, kept beside the profile for the evening to learn from
        # again (`lcr_vision.calibration.store.save_checks`): the check rolls and faces shown,
        # and the empty table
        self.checks: Checks = NO_CHECKS
        self.profile: Profile | None = None  # once run

    def run(self) -> Profile:
        """All five steps; the profile reached (not saved)."""
        say = self.dialogue.say
        words = self.words
        say(words.start(self.request.name, self.request.dice))
        say(words.sentence("empty_table"))
        empty, later = self._split()
        background = learn_background([f for rest in empty for f in rest.frames])
        figures = light_figures(background)
        told = advice(figures, words=words)
        say(*told or [words.sentence("light_fine")])
        table = EmptyTable(background, figures, told, self._play_area(background))
        self.doing = words.sentence("place_dice")
        say(words.dice_size(words.sentence("place_dice") if self.live else None))
        checked = self._check_rolls(later, table)
        self.profile = self._fit(table, checked, self.face_map, later)
        return self.profile

    def _split(self) -> tuple[list[StillFrames], Iterator[StillFrames]]:
        """The empty table's rests, and the rests still to come."""
        stream = rests(self.source, lambda frame: self.dialogue.show(frame, [self.doing]))
        if isinstance(self.source, FolderSource) and self.answers is not None:
            every = list(stream)
            empty = [r for r in every if not self.answers.get(r.name)]
            if not empty:
                raise CalibrationError(self.words.sentence("no_empty_photo"))
            return empty, iter([r for r in every if self.answers.get(r.name)])
        self.dialogue.say(self.words.sentence("clear_table"))
        if self.live and not self.dialogue.ready(self.words.sentence("ask_empty")):
            raise CalibrationError(self.words.sentence("stopped_empty"))
        first = next(stream, None)
        if first is None:
            raise CalibrationError(self.words.sentence("no_still", source=self.source.name))
        return [first], stream

    def _play_area(self, background: np.ndarray) -> Roi | None:
        h, w = background.shape[:2]
        if self.request.roi is not None:
            x, y, rw, rh = self.request.roi
            if x + rw > w or y + rh > h:
                raise CalibrationError(self.words.sentence("roi_outside", x=x, y=y, w=rw, h=rh,
                                                           fw=w, fh=h))
            roi: Roi | None = self.request.roi
        else:
            roi = find_tray(background)
        roi = self.dialogue.play_area(background, roi)
        self.dialogue.say(self.words.play_area(roi))
        return roi

    def _truths(self) -> Iterator[tuple[str, ...]] | None:
        """For a video or camera with answers: the labelled rolls, in name order."""
        if self.answers is None or isinstance(self.source, FolderSource):
            return None
        names = sorted((n for n, f in self.answers.items() if f),
                       key=lambda n: natural_key(Path(n)))
        return iter([self.answers[n] for n in names])

    def _check_rolls(self, later: Iterator[StillFrames], table: EmptyTable, more: int | None = None,
                     before: int = 0, view: View | None = None) -> Checked:
        """Steps 2 and 4 as the dice come: measure the first roll, then read, show and check each.
        Asked for ``more`` after ``before`` rolls were checked, the dice are shown through
        ``view``, and the user may stop at any time (none more is no error)."""
        truths = self._truths()
        by_name = self.answers is not None and truths is None  # labelled photos all have dice
        wanted = None if self.answers is not None else more or self.request.rolls
        rolls: list[CheckRoll] = []
        sizes: list[float] = []
        read_sizes: list[float | None] = []  # the dice's as the reader found them
        detail: list[float] = []
        warnings: tuple[str, ...] = ()
        strangers: list[str] = []  # rolls that do not show the empty table's table
        unanswered = False  # the user stopped, or the terminal ended, before any roll was told
        for rest in later:
            change = change_of(table.background, rest.image)
            blobs = dice_seen(rest.image, table.background, change)
            if not blobs and not by_name:
                continue  # the table between two throws
            size = die_size(blobs)
            dice = CalibratedReader(self.reader, view or View(table.roi)).read(rest.image)
            if len(dice) and (size is None or not 0.5 < float(np.median(dice.sizes)) / size < 2):
                # the blobs are not the dice (another table's picture, a moved camera): the
                # reader's boxes are, as far as it can see them
                size = float(np.median(dice.sizes))
            if view is None and size is not None:
                view, warnings = self._first_dice(rest, blobs, size, table.roi)
                self.face_map = self._face_map()
                self.dialogue.say(self.words.check_rolls(wanted))
                dice = CalibratedReader(self.reader, view).read(rest.image)
            found = dice.faces
            truth = self._truth(rest, dice, truths)
            if truth is None:
                unanswered = not rolls
                break
            rolls.append(CheckRoll(rest.name, rest.image, truth))
            if size is not None:
                sizes.append(size)
                read_sizes.append(float(np.median(dice.sizes)) if len(dice) else None)
                detail.append(focus(rest.image, blobs))
            if not same_table(table.background, rest.image, blobs, change):
                strangers.append(rest.name)
            self.dialogue.say(self.words.check_roll(before + len(rolls), found, truth))
            if wanted is not None and len(rolls) >= wanted:
                break
            self.doing = self.words.sentence("doing_roll", n=before + len(rolls))
        if not rolls and before:
            return Checked((), (), (), ())
        if not rolls:
            raise CalibrationError(self.words.sentence("unanswered" if unanswered else "no_roll"))
        if refused(len(strangers), len(rolls)):
            raise CalibrationError(self.words.sentence("other_table", strangers=len(strangers),
                                                       rolls=len(rolls)))
        if sum(sizes_apart(sizes, read_sizes)) > ODD_SIZES * len(sizes):
            raise CalibrationError(self.words.sentence("two_distances", least=f"{min(sizes):.0f}",
                                                       most=f"{max(sizes):.0f}"))
        # rolls measured apart from the rest: their blobs were not their dice
        kept = [k for k, apart in enumerate(odd_sizes(sizes) if sizes else []) if not apart]
        return Checked(tuple(rolls), tuple(sizes[k] for k in kept), tuple(detail[k] for k in kept),
                       warnings)

    def _first_dice(self, rest: StillFrames, blobs: Sequence[tuple[int, int, int, int]],
                    size: float, roi: Roi | None) -> tuple[View, tuple[str, ...]]:
        """Step 2 on the first dice seen: say their size and what to fix; the view to show them
        through until the best is known, and the warnings given."""
        h, w = rest.image.shape[:2]
        area = (w, h) if roi is None else roi[2:]
        warnings = (size_warnings(size, area, w, self.words)
                    + advice({"focus": focus(rest.image, blobs)}, size, self.words))
        self.dialogue.say(self.words.die_width(size), *warnings)
        return View(roi, candidate_scales(size, area)[0], (w, h)), warnings

    def _truth(self, rest: StillFrames, dice: Detections,
               truths: Iterator[tuple[str, ...]] | None) -> tuple[str, ...] | None:
        """The faces up in ``rest``: from the answers, or from the user shown the ``dice`` read."""
        if truths is not None:
            return next(truths, None)
        if self.answers is not None:
            return self.answers[rest.name]
        return self.dialogue.truth(rest.image, dice)

    def _face_map(self) -> FaceMap | None:
        """Step 3 (said once the dice's size is known): the face map of regular dice, none for
        boxed dice."""
        if self.request.dice is not DiceKind.PIP:
            self.dialogue.say(self.words.face_map(None))
            return None
        fmap = self.request.face_map or FaceMap.default()
        self.dialogue.say(self.words.face_map(fmap.as_dict()))
        return fmap

    def _shown_faces(self, later: Iterator[StillFrames],
                     table: EmptyTable) -> tuple[CheckRoll, ...]:
        """Step 5's first part, where someone at the table agrees: one die shown with each face
        up in turn, each a roll of one die whose face is known without asking. A family's wild
        symbol may turn up in no check roll; shown once, a face head can learn it (on a printed
        Wild table it lifted later rolls: the README's *Calibration*; docs/figures.md, "Figures
        behind the code's settings")."""
        faces = self.request.dice.faces
        if self.answers is not None or not self.dialogue.agree(self.words.show_faces(faces)):
            return ()
        shown = []
        for face in faces:
            self.doing = self.words.sentence("doing_show", face=face)
            self.dialogue.say(self.words.sentence("show_face", face=face))
            rest = next((r for r in later if dice_seen(r.image, table.background)), None)
            if rest is None:
                break
            shown.append(CheckRoll(f"{face} shown", rest.image, (face,)))
        return tuple(shown)

    def _fit(self, table: EmptyTable, checked: Checked, face_map: FaceMap | None,
             later: Iterator[StillFrames]) -> Profile:
        """Score every candidate view on the check rolls; the profile of the best, with what it
        learnt of these dice from them and from the faces shown (the rests ``later`` still to
        come)."""
        h, w = table.background.shape[:2]
        if not checked.sizes:
            raise CalibrationError(self.words.sentence("no_dice"))
        die = float(np.median(checked.sizes))
        rois = ([table.roi] if self.request.roi is not None
                else list(dict.fromkeys([None, table.roi])))
        views = candidate_views((w, h), rois, die)
        checked, default = self._more_to_learn(checked, views[0], later, table)
        turn = self._far_side(checked.rolls, views[0])
        # the profile's readers are told the far side, which the view turns up, unless no one
        # side read clearly best: then they find it in each frame, as the reader as shipped does
        def make(heat: float, score: float | None, pyramid: bool = False) -> DiceReader:
            return self.reader.reading(heat_threshold=heat, face_score=score, pyramid=pyramid,
                                       find_up=turn is None)

        if turn is not None:
            views = [replace(v, turn=turn) for v in views]
        view, pyramid, (heat, score), accuracy = self._best(checked.rolls, views, make)
        shown = self._shown_faces(later, table)
        self.checks = Checks((*checked.rolls, *shown), table.background)
        learnt = self._learn(make(heat, score, pyramid=pyramid), view, self.checks,
                             face_map or DEFAULT_MAP)
        doubt = self._doubt(learnt, face_map or DEFAULT_MAP)
        self.dialogue.say(self.words.accuracy(accuracy.die_accuracy, accuracy.dice,
                                         accuracy.roll_accuracy, accuracy.rolls,
                                         default.die_accuracy))
        closer = closer_advice(die, accuracy.die_accuracy, self.words)
        if closer:
            self.dialogue.say(*closer)
        notes = tuple(dict.fromkeys(table.advice + checked.warnings + closer))
        # a head is kept only where it reads the held-out rolls no worse, as play reads them
        reads = max(accuracy.die_accuracy, learnt.after.die_accuracy
                    if learnt is not None and learnt.head is not None else 0.0)
        if reads < MIN_ACCURACY:
            advice = " ".join(notes) or self.words.sentence("light_evenly")
            said = self.words.sentence("too_few_right", share=f"{100 * reads:.0f}", advice=advice)
            if not self.request.keep_anyway:
                raise CalibrationError(f"{said} {self.words.sentence('not_written')}",
                                       self.wanted_more)
            self.dialogue.say(f"{said} {self.words.sentence('kept_anyway')}")
            notes += (said,)
        sharp = [v for v in checked.sharpness if np.isfinite(v)]  # a roll with no blob has none
        figures = {**table.figures, **({"focus": round(float(np.mean(sharp)), 1)} if sharp else {})}
        reading = ReaderSettings(self.request.dice, heat_threshold=heat, face_score=score,
                                 pyramid=pyramid, head=None if learnt is None else learnt.head)
        return Profile(
            name=self.request.name, reading=reading,
            view=replace(view, frame=(w, h)), face_map=face_map,
            die_px=round(die, 1), table=figures, notes=notes,
            accuracy=accuracy, default_accuracy=default,
            created=datetime.now(UTC).isoformat(timespec="seconds"),
            held_out=None if learnt is None else (learnt.before, learnt.after), doubt=doubt,
        ).turned(turn)

    def _more_to_learn(self, checked: Checked, view: View, later: Iterator[StillFrames],
                       table: EmptyTable) -> tuple[Checked, Accuracy]:
        """The check rolls, with the ones more taken that learning these dice needs where the
        reader as shipped reads them short (`more_to_learn`): asked for at the table (the dice
        shown through ``view``), said to be wanted from a folder, which has no more; and the
        reader as shipped's accuracy on all of them."""
        accuracy = measure(checked.rolls, self.reader.read)
        more = more_to_learn(accuracy)
        if not more:
            return checked, accuracy
        self.wanted_more = max(self.wanted_more, more)
        asking = self.answers is None
        self.dialogue.say(self.words.learn_more(accuracy.die_accuracy, accuracy.dice, more,
                                                asking))
        if not asking:
            return checked, accuracy
        checked = checked.joined(self._check_rolls(later, table, more, len(checked.rolls), view))
        return checked, measure(checked.rolls, self.reader.read)

    @staticmethod
    def _best(rolls: Sequence[CheckRoll], views: Sequence[View],
              make: Callable[..., DiceReader]) -> tuple[View, bool, Threshold, Accuracy]:
        """Of ``views`` read in one look, at every scale or in tiles by readers ``make`` gives,
        then of the reader's `THRESHOLDS`, those that read ``rolls`` best (`pick`): the view,
        whether at every scale, the thresholds, and the accuracy reached."""
        one_look = make(*THRESHOLDS[0])
        every_scale = make(*THRESHOLDS[0], pyramid=True)
        whole = [v for v in views if v.tiles == 1]
        looks = ([(v, one_look) for v in whole] + [(v, every_scale) for v in whole]
                 + [(v, one_look) for v in views if v.tiles > 1])
        (view, reader), _ = pick(rolls, looks, lambda c: CalibratedReader(c[1], c[0]))
        pyramid = reader is every_scale
        thresholds, accuracy = pick(rolls, THRESHOLDS,
                                    lambda t: CalibratedReader(make(*t, pyramid=pyramid), view))
        return view, pyramid, thresholds, accuracy

    def _far_side(self, rolls: Sequence[CheckRoll], view: View) -> int | None:
        """For an upright model (it reads the top of what it is shown as the table's far side):
        the quarter-turns that bring the far side up, said, or ``None`` (also for other models):
        found in each frame, as the reader as shipped does
        (:mod:`lcr_vision.calibration.far_side`). Where the check ``rolls`` lean to a side
        without making it clear, the rolls more that would tell are said: they were asked for
        already where the rolls read short (`_more_to_learn`), which is where a side is unclear."""
        if not self.reader.model.upright:
            return None
        found = far_side(self.reader.reading(find_up=False), self.reader, rolls, view)
        self.wanted_more = max(self.wanted_more, found.more)
        if found.more:
            self.dialogue.say(self.words.far_side_unclear(found.likely or 0, len(rolls),
                                                          found.more))
        else:
            self.dialogue.say(self.words.far_side(found.turn))
        return found.turn

    def _doubt(self, learnt: HeadTrial | None, face_map: FaceMap) -> float:
        """The doubt fitted to the held-out check rolls as learnt read them (`fit_doubt`), and
        the questions it means on them, said."""
        if learnt is None or not learnt.truths:
            return DOUBT_THRESHOLD
        doubt = fit_doubt(learnt.truths, learnt.reads, face_map)
        if doubt > DOUBT_THRESHOLD:
            self.dialogue.say(self.words.sentence("doubt_raised", share=round(100 * doubt)))
        self.dialogue.say(self.words.sentence(
            "expect", n=expected_questions(learnt.truths, learnt.reads, face_map, doubt)))
        return doubt

    def _learn(self, reader: FrameReader, view: View, checks: Checks,
               face_map: FaceMap) -> HeadTrial | None:
        """Step 5: a face head for these dice, learnt from the ``checks`` (their rolls, and
        their empty table as where no die lies), and what it reads on held-out check rolls;
        said. It is kept where it reads
        them clearly better, or where the table (its dice counted by ``face_map``) would ask
        about them clearly less, with no die more committed wrong (`learn`)."""
        say, words = self.dialogue.say, self.words
        say(words.sentence("learning"))
        if not getattr(getattr(reader, "model", None), "has_features", False):
            say(words.sentence("cannot_learn"))
            return None
        if len(checks.rolls) < MIN_ROLLS:
            say(words.sentence("too_few_to_learn", least=MIN_ROLLS))
            return None
        learnt = learn(reader, view, checks, asks=table_asks(face_map), first_reads=True)
        b, a = learnt.before, learnt.after
        say(words.learnt((b.right, b.dice), (a.right, a.dice), learnt.head is not None))
        return learnt
