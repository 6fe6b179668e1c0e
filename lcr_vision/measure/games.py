"""Whole games through the real table pipeline, measured as a family lives them.

Each game is first played by the rules on the true faces; its rolls are then shown to the play
loop (`TableLoop`, with the shipped reader) as a folder of photos, one a roll, or as a rendered
video of throws with hands and settling. Every question the loop asks (``roll N? ``) is answered
with the truth of the photo or throw in view, as a player typing on standard input would
(`TruthAnswers`). What counts:

- questions per 100 rolls: how often the players are asked;
- silent wrong dice per 1,000 dice committed: dice committed without a question whose game face
  is not the true one (what costs a family the game);
- games whose ledger ends exactly as the true game's;
- why each roll answered was asked about (`why_asked`): a die missing, one too many, or every die
  seen and read right under the doubt or read wrong, from the roll's photo record (the dice as
  read); what asking rarely needs differs for each.

The real sets are the validation splits of ``../shared/data`` (never trained on), cut into rolls
of the dice each roll owes (`crop_rolls`); the renders use seeds and settings never trained on.
"""

from __future__ import annotations

import io
import itertools
import json
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from lcr_vision.camera.capture import CaptureSource
from lcr_vision.camera.source import FrameSource
from lcr_vision.camera.stills import FolderSource
from lcr_vision.errors import Said, UserError
from lcr_vision.faces import DiceKind
from lcr_vision.ledger import Session
from lcr_vision.meter import Meter
from lcr_vision.photolog import PhotoRecord
from lcr_vision.rules import Series, Settings, Variants
from lcr_vision.speech import Announcer, Phrasebook
from lcr_vision.synth.ranges import Ranges
from lcr_vision.synth.scene import render_scene
from lcr_vision.synth.sequence import Table
from lcr_vision.table.answers import Answers
from lcr_vision.table.loop import TableLoop, TableOptions
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.labels import REAL_SET_ERRATA, read_labels
from lcr_vision.vision.reader import DiceReader, ReaderSettings
from lcr_vision.vision.reading import Reading
from lcr_vision.vision.split import is_validation
from lcr_vision.window.screen import Screen

REPO = Path(__file__).resolve().parents[2]
REAL = REPO.parent / "shared" / "data" / "real-d6-tray"
RUNE55 = REPO.parent / "shared" / "data" / "rune55-d6"
PLAYERS = ("Ann", "Ben", "Cat")
SEED = 4000  # renders and games: seeds never trained on (training renders use seed 1)
# Renders a webcam at the table's edge gives: tilted up to 45 degrees, the far side up.
EDGE = replace(Ranges(), tilt_deg=(0.0, 45.0), roll_deg=(-12.0, 12.0), touching=0.0)

Roll = tuple[np.ndarray, tuple[str, ...]]  # a photo and its dice's true faces
Pools = Callable[[int], list[Roll] | Iterator[Roll]]  # the rolls of each number of dice
Truth = Callable[[int], tuple[str, ...]]  # the true faces of a source's frame


def crop_rolls(images: Path, labels: dict[str, Detections], count: int) -> list[Roll]:
    """Rolls of ``count`` real dice: from each labelled photo, in name order, the first group of
    that many dice (in label order) that a crop shows alone, with no other labelled die in it,
    cut with most of a die's margin around them."""
    rolls = []
    for name in sorted(labels):
        boxes, faces = labels[name].boxes, labels[name].faces
        image = cv2.imread(str(images / name))
        if image is None or len(boxes) < count:
            continue
        h, w = image.shape[:2]
        for group in itertools.combinations(range(len(boxes)), count):
            chosen, others = boxes[list(group)], np.delete(boxes, list(group), axis=0)
            margin = 0.7 * float(np.mean(chosen[:, 2:] - chosen[:, :2]))
            x0, y0 = np.maximum(chosen[:, :2].min(0) - margin, 0).astype(int)
            x1, y1 = np.minimum(chosen[:, 2:].max(0) + margin, (w, h)).astype(int)
            if not np.any((others[:, 0] < x1) & (others[:, 2] > x0)
                          & (others[:, 1] < y1) & (others[:, 3] > y0)):
                rolls.append((image[y0:y1, x0:x1], tuple(faces[i] for i in group)))
                break
    return rolls


def _real_pools(images: Path, labels: dict[str, Detections]) -> Pools:
    pools = {n: crop_rolls(images, labels, n) for n in (1, 2, 3)}
    return lambda n: pools[n]


def tray_pools() -> Pools:
    """The tray set's validation split, with its errata."""
    labels = read_labels(REAL / "labels.csv", REAL_SET_ERRATA)
    return _real_pools(REAL / "images", {n: t for n, t in labels.items() if is_validation(n)})


def rune55_pools() -> Pools:
    """The rune55 set's validation split (its labels are noisy: a roll may hold a die nobody
    labelled, which the loop rightly sees)."""
    from lcr_vision.training.realset import rune55_photos

    return _real_pools(RUNE55 / "images", rune55_photos(RUNE55, validation=True))


def render_pools(kind: str, ranges: Ranges, seed: int) -> Pools:
    """Endless rendered stills of ``kind`` dice, every die in the frame."""
    rng = np.random.default_rng(seed)

    def stills(n: int) -> Iterator[Roll]:
        while True:
            scene = render_scene(rng, kind, (640, 480), ranges, n)
            if len(scene.labelled) == n:
                yield scene.image, tuple(d.face for d in scene.labelled)

    return stills


@dataclass(frozen=True)
class GameSet:
    """A set of games: the dice, where rolls come from, and folder (photos) or video."""

    name: str
    dice: DiceKind
    video: bool
    rolls: Callable[[], Pools] | None = None  # folder sets: where their photos come from
    ranges: Ranges = EDGE  # video sets' tables
    available: Callable[[], str | None] = lambda: None  # why the set cannot be played, if so

    @property
    def settings(self) -> Settings:
        return Settings.create(list(PLAYERS), variants=Variants(wild=self.dice is DiceKind.WILD))


def _needs(folder: Path) -> Callable[[], str | None]:
    return lambda: None if folder.is_dir() else f"needs {folder}"


def _needs_pillow() -> str | None:
    from lcr_vision.synth.typefaces import has_pillow, typefaces

    if not has_pillow():
        return str(UserError(Said("typefaces_extra")))
    return None if typefaces() else "no typeface installed"


def _printed() -> Pools:
    from lcr_vision.synth.typefaces import printed

    return render_pools("lcr", printed(EDGE, held=True), SEED + 3)


SETS = (
    GameSet("tray photos", DiceKind.PIP, False, tray_pools, available=_needs(REAL)),
    GameSet("rune55 photos", DiceKind.PIP, False, rune55_pools, available=_needs(RUNE55)),
    GameSet("boxed renders", DiceKind.LCR, False, lambda: render_pools("lcr", EDGE, SEED)),
    GameSet("wild renders", DiceKind.WILD, False, lambda: render_pools("wild", EDGE, SEED + 1)),
    GameSet("pip renders", DiceKind.PIP, False, lambda: render_pools("pip", EDGE, SEED + 2)),
    GameSet("held-out typefaces", DiceKind.LCR, False, _printed, available=_needs_pillow),
    GameSet("boxed video", DiceKind.LCR, True),
    GameSet("wild video", DiceKind.WILD, True),
)


class TruthAnswers(Answers):
    """Answers every question with the true faces of the photo or throw in view, as a player
    would type them; asked again about the same frame (the truth was refused: the loop's ledger
    went another way), it answers nothing, and the loop commits its best read. Not
    ``answering``, it answers nothing at all, as a table nobody watches."""

    def __init__(self, source: FrameSource, truth: Truth, answering: bool = True) -> None:
        super().__init__(io.StringIO(), io.StringIO())
        self.source, self.truth, self.answering = source, truth, answering
        self.asked: set[int] = set()  # the frames asked about
        self.questions = 0

    def ask(self, question: str) -> str | None:
        self.questions += 1
        frame = self.source.position
        first = frame not in self.asked
        self.asked.add(frame)
        return " ".join(self.truth(frame)) if first and self.answering else None


@dataclass
class Tally:
    """What a set's games came to."""

    games: int = 0
    exact: int = 0
    rolls: int = 0
    questions: int = 0
    dice: int = 0  # dice committed
    silent_wrong: int = 0  # of them, wrong and never asked about
    # rolls answered after a question, by `why_asked`
    missing: int = 0
    extra: int = 0
    right: int = 0
    wrong: int = 0

    def to_json(self) -> dict[str, float | int]:
        return {"games": self.games, "exact games": self.exact, "rolls": self.rolls,
                "questions per 100 rolls": round(100 * self.questions / max(self.rolls, 1), 2),
                "silent wrong dice per 1000": round(1000 * self.silent_wrong / max(self.dice, 1),
                                                    2),
                "dice committed": self.dice, "silent wrong dice": self.silent_wrong,
                **{f"asked, {why}": getattr(self, why) for why in WHY_ASKED}}


WHY_ASKED = ("missing", "extra", "right", "wrong")


def why_asked(seen: Sequence[str], true: Sequence[str]) -> str:
    """Why a roll whose dice were read as ``seen`` (game faces, every die seen) was a question,
    its true faces ``true``: a die ``missing``, one ``extra``, or every die seen and the read
    ``right`` (so it was asked only for the doubt) or ``wrong``.

    >>> why_asked(("L", "dot"), ("L", "dot", "R")), why_asked(("C", "dot"), ("dot", "C"))
    ('missing', 'right')
    >>> why_asked(("L", "L", "R", "dot"), ("L", "R", "dot")), why_asked(("L",), ("R",))
    ('extra', 'wrong')
    """
    if len(seen) != len(true):
        return "missing" if len(seen) < len(true) else "extra"
    return "right" if Counter(seen) == Counter(true) else "wrong"


def true_game(settings: Settings, draw: Callable[[int], Roll]) -> tuple[list[Roll], Series]:
    """The rolls of one game played by the rules on drawn rolls of the dice each owes."""
    series, rolls = Series.start(settings), []
    while not series.finished:
        roll = draw(series.game.dice_owed)
        rolls.append(roll)
        _, series = series.play(roll[1])
    return rolls, series


def _folder_game(game: GameSet, pools: Pools, rng: np.random.Generator,
                 folder: Path) -> tuple[FrameSource, Series, Truth]:
    """Write one true game's photos to ``folder``: its source, how it ends, and the true faces
    of each photo."""
    drawn: dict[int, Iterator[Roll]] = {}

    def draw(n: int) -> Roll:
        pool = pools(n)
        if not isinstance(pool, list):
            return next(pool)
        order = drawn.get(n)  # real photos: drawn in shuffled orders, one after another
        index = next(order, None) if order is not None else None
        if index is None:
            drawn[n] = iter(rng.permutation(len(pool)).tolist())
            index = next(drawn[n])
        return pool[index]

    rolls, series = true_game(game.settings, draw)
    folder.mkdir()
    for i, (image, _) in enumerate(rolls):
        cv2.imwrite(str(folder / f"roll{i:04d}.png"), image)
    faces = [f for _, f in rolls]
    return FolderSource(folder), series, lambda frame: faces[frame]


def _video_game(game: GameSet, rng: np.random.Generator,
                folder: Path) -> tuple[FrameSource, Series, Truth]:
    """Render one true game's throws into a video in ``folder``: its source, how it ends, and
    the true faces of each frame: those of the dice lying in it (until a throw's dice fly, the
    last throw's)."""
    settings = game.settings
    table = Table(rng, kind=game.dice.value, ranges=game.ranges)
    series, shown = Series.start(settings), []
    path = folder / "game.avi"
    video = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 30, (640, 480))
    lying: tuple[str, ...] = ()
    while not series.finished:
        shots, thrown = table.throw(series.game.dice_owed, rng)
        for shot in shots:
            video.write(shot.image)
            lying = thrown if shot.phase in ("rolling", "settled") else lying
            shown.append(lying)
        _, series = series.play(thrown)
    video.release()
    return (CaptureSource(str(path), live=False), series,
            lambda frame: shown[min(max(frame, 0), len(shown) - 1)])


def play(game: GameSet, reader: DiceReader, rng: np.random.Generator, tally: Tally,
         pools: Pools | None) -> None:
    """Play one game of ``game`` through the table loop and add what it came to to ``tally``."""
    with tempfile.TemporaryDirectory(prefix="lcr-games-") as tmp:
        folder = Path(tmp)
        if pools is None:
            source, series, truth = _video_game(game, rng, folder)
        else:
            source, series, truth = _folder_game(game, pools, rng, folder / "photos")
        session = Session.create(folder / "session", game.settings)
        try:
            play_source(session, source, truth, Reading(reader.read), tally)
            tally.exact += (session.ledger.series.finished, session.ledger.series.game) == (
                series.finished, series.game)
        finally:
            session.close()


def play_source(session: Session, source: FrameSource, truth: Truth, reading: Reading,
                tally: Tally, answered: bool = True,
                learn: Callable[[], Reading | None] | None = None) -> None:
    """Play ``source``'s rolls in ``session`` through the table loop with ``reading``, every
    question answered with the ``truth`` (or, unless ``answered``, none), committing unasked
    the faces read as sure as its doubt, learning between games as ``learn`` does, and add its
    rolls, questions, silent wrong dice and why each roll answered was asked (`why_asked`) to
    ``tally`` (the caller judges the ledger). A roll asked about is not silent, answered or
    not: nobody answering, it is committed flagged, its unseen dice never given a face."""
    answers = TruthAnswers(source, truth, answered)
    phrases = Phrasebook(session.settings.players)
    before = len(session.ledger.rolls)
    with Announcer(None, speak=False, record=None, out=io.StringIO()) as announcer:
        loop = TableLoop(session, source, reading, announcer, phrases, Screen(),
                         TableOptions(answers=answers, learn=learn))
        try:
            loop.run()
        finally:
            source.close()
    face_map = session.settings.face_map
    for roll in session.ledger.rolls[before:]:
        frame = roll.entry.origin.frame if roll.entry.origin is not None else -1
        tally.rolls += 1
        tally.dice += len(roll.entry.faces)
        true = face_map.to_game_faces(truth(frame))
        if frame not in answers.asked:
            said = Counter(face_map.to_game_faces(roll.entry.faces))
            tally.silent_wrong += sum((said - Counter(true)).values())
        elif answered and roll.entry.photo is not None:  # unanswered, only the surest are kept
            record = PhotoRecord.from_json(json.loads(
                (session.folder / roll.entry.photo).read_text(encoding="utf-8")))
            why = why_asked(tuple(d.game_face for d in record.dice), true)
            setattr(tally, why, getattr(tally, why) + 1)
    tally.questions += answers.questions
    tally.games += 1


def measure_games(games: int = 3, videos: int = 1, seed: int | None = None,
                  names: Sequence[str] | None = None,
                  model: Path | None = None) -> dict[str, dict[str, float | int] | str]:
    """Each set's tally (or why it was left out), ``games`` folder games and ``videos`` video
    games a set (``names``: those sets only), shown on a progress meter."""
    unknown = set(names or ()) - {g.name for g in SETS}
    if unknown:
        raise UserError(Said("no_game_set", {"name": repr(min(unknown)),
                                              "sets": ", ".join(g.name for g in SETS)}))
    seed = SEED if seed is None else seed
    report: dict[str, dict[str, float | int] | str] = {}
    chosen = [g for g in SETS if names is None or g.name in names]
    total = sum(videos if g.video else games for g in chosen)
    with Meter("measure games: games played", total) as meter:
        for i, game in enumerate(SETS):  # each set's games seeded by its place: the same alone
            if game not in chosen:
                continue
            missing = game.available()
            if missing is not None:
                report[game.name] = f"left out: {missing}"
                continue
            reader = DiceReader(model, ReaderSettings(game.dice, pyramid=not game.video))
            pools = None if game.rolls is None else game.rolls()
            rng, tally = np.random.default_rng(seed + 100 * i), Tally()
            for _ in range(videos if game.video else games):
                play(game, reader, rng, tally, pools)
                meter.advance()
            report[game.name] = tally.to_json()
    return report


def report_lines(report: dict[str, dict[str, float | int] | str]) -> list[str]:
    """The report as a table a person reads."""
    head = (f"{'set':<20} {'games':>5} {'exact':>5} {'rolls':>6} {'asked/100':>9} "
            f"{'silent/1000':>11}  asked: missing / extra / right / wrong")
    lines = [head]
    for name, tally in report.items():
        if isinstance(tally, str):
            lines.append(f"{name:<20} {tally}")
            continue
        lines.append(f"{name:<20} {tally['games']:>5} {tally['exact games']:>5} "
                     f"{tally['rolls']:>6} {tally['questions per 100 rolls']:>9.1f} "
                     f"{tally['silent wrong dice per 1000']:>11.1f}         "
                     + " / ".join(str(tally[f"asked, {why}"]) for why in WHY_ASKED))
    return lines
