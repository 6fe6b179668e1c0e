"""An evening at one table, measured as a family lives it (``lcr-vision measure games --evening``).

Per table: calibrate on its first `CHECK_ROLLS` rolls, every check roll answered with its true
faces; then play `GAMES` games in a row in one session on later photos of the same table, every
question answered with the truth, the table learning after each game as it does at a real table
(`lcr_vision.calibration.evening`). Then the same games again, from the profile as calibrated,
with nobody answering. The rendered tables are a family's printed dice in typefaces and wild
designs held out of training (`trial.PRINTED`) and pip dice, dice 24-90 px, one camera, table and
light each; the real tray photos (the validation split, never trained on) have no photo of the
empty table to calibrate on, so they play uncalibrated and learn into a profile made for the
session, as a table that never calibrated does.

What counts, per game: questions per 100 rolls; silent wrong dice per 1,000 committed (wrong and
never asked about); whether the ledger ends exactly as the true game's; and why the rolls answered
were asked about (`games.why_asked`). Nobody answering, each game is right (its ledger exact,
nothing flagged), flagged (a roll is unverified: the ledger says so), or wrong (not exact and
nothing flagged: what must never happen).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from lcr_vision.calibration.evening import Evening
from lcr_vision.calibration.guide import CalibrationError
from lcr_vision.calibration.profile import reading_for
from lcr_vision.calibration.store import save_checks, write
from lcr_vision.camera.stills import FolderSource
from lcr_vision.faces import DiceKind
from lcr_vision.ledger import Session
from lcr_vision.measure.calibration_trial import TABLES, Shoot, TrialTable, calibrate_on
from lcr_vision.measure.games import REAL, WHY_ASKED, Roll, Tally, play_source, tray_pools
from lcr_vision.meter import Meter
from lcr_vision.rules import Series, Settings, Variants
from lcr_vision.vision.reader import DiceReader, ReaderSettings
from lcr_vision.vision.reading import Reading

CHECK_ROLLS = 20  # calibration's check rolls, as many as it asks for where dice read short
GAMES = 3  # games played in a row at each table
# Five players: a game of three players' nine chips lasts 7-26 rolls, too few to tell one game's
# questions from the next; fifteen chips last about twice as long.
PLAYERS = ("Ann", "Ben", "Cat", "Dan", "Eve")
SEED = 5000  # never used for training, calibration rules or other measurements
TRAY = "tray photos"
EVENING_TABLES = ("printed-lcr", "printed-wild", "pip-table", "printed-big", TRAY)


@dataclass
class Game:
    """One game of the evening: its photos' truth, and how the table's ledger ended."""

    photos: Path
    truth: list[tuple[str, ...]]
    series: Series  # the true series after this game


@dataclass
class Night:
    """What one table's evening came to: a tally per game, answered, and nobody answering."""

    table: str
    learnt: list[int] = field(default_factory=list)  # after each answered game: 1 if it learnt
    answered: list[Tally] = field(default_factory=list)
    unanswered: list[str] = field(default_factory=list)  # per game: right, flagged or wrong
    unanswered_tallies: list[Tally] = field(default_factory=list)
    refused: str | None = None

    def to_json(self) -> dict[str, object]:
        return {"table": self.table, "refused": self.refused, "learnt": self.learnt,
                "games": [t.to_json() for t in self.answered],
                "nobody answering": self.unanswered,
                "nobody answering games": [t.to_json() for t in self.unanswered_tallies]}


def _settings(kind: DiceKind) -> Settings:
    return Settings.create(list(PLAYERS), variants=Variants(wild=kind is DiceKind.WILD))


def _total(tallies: Sequence[Tally]) -> Tally:
    """The tallies of several games added up."""
    total = Tally()
    for tally in tallies:
        for name in vars(total):
            setattr(total, name, getattr(total, name) + getattr(tally, name))
    return total


def _games(settings: Settings, draw: Callable[[int], Roll], folder: Path) -> list[Game]:
    """`GAMES` true games in a row (one series, as a session plays them), each game's photos in
    a folder of its own under ``folder``."""
    series, games = Series.start(settings), []
    for number in range(1, GAMES + 1):
        photos, truth = folder / f"game{number}", []
        photos.mkdir()
        while len(series.finished) < number:
            image, faces = draw(series.game.dice_owed)
            cv2.imwrite(str(photos / f"roll{len(truth):04d}.png"), image)
            truth.append(faces)
            _, series = series.play(faces)
        games.append(Game(photos, truth, series))
    return games


def _play(games: Sequence[Game], settings: Settings, start: Reading, folder: Path,
          evening: Evening | None, answered: bool, night: Night) -> None:
    """The games played in one session in ``folder`` reading as ``start`` reads at first,
    learning after each where there is an ``evening``; each game's tally (answered) or verdict
    (nobody answering) added to ``night``."""
    session = Session.create(folder, settings)
    now = start

    def learn() -> Reading | None:
        nonlocal now  # the next game starts with what this one learnt
        learnt = None if evening is None else evening.learn(folder, settings.face_map)
        if answered:
            night.learnt.append(int(learnt is not None))
        now = learnt or now
        return learnt

    try:
        for number, game in enumerate(games, start=1):
            tally = Tally()
            truth = game.truth
            play_source(session, FolderSource(game.photos), truth.__getitem__,
                        now, tally, answered, learn)
            ledger = session.ledger
            exact = (len(ledger.series.finished) >= number
                     and ledger.series.finished[number - 1] == game.series.finished[number - 1])
            tally.exact += exact
            if answered:
                night.answered.append(tally)
            else:
                flagged = ledger.unverified_from is not None
                night.unanswered.append("right" if exact and not flagged
                                        else "flagged" if flagged else "wrong")
                night.unanswered_tallies.append(tally)
    finally:
        session.close()


def evening(table: str, seed: int = SEED, model: Path | None = None,
            size: tuple[int, int] = (640, 480)) -> Night:
    """One table's evening (the module's docstring), a rendered table seen in frames of
    ``size``, its dice in proportion to the width (`TrialTable`)."""
    night = Night(table)
    with tempfile.TemporaryDirectory(prefix="lcr-evening-") as tmp:
        folder = Path(tmp)
        if table == TRAY:
            kind, rng = DiceKind.PIP, np.random.default_rng(seed)
            pools = tray_pools()
            orders: dict[int, Iterator[int]] = {}

            def draw(n: int) -> Roll:
                pool = pools(n)
                index = next(orders.get(n, iter(())), None)
                if index is None:
                    orders[n] = iter(rng.permutation(len(pool)).tolist())
                    index = next(orders[n])
                return pool[index]

            start = reading_for(None, model, kind=kind, pyramid=True)

            def made(session: Path) -> Evening:
                return Evening.made_for(session, None, True, folder / "profiles", model)
        else:
            kind = DiceKind(TABLES[table][0])
            camera = TrialTable(table, seed, size)
            empty = camera.empty()
            checks = [camera.roll(int(camera.rng.integers(1, 4))) for _ in range(CHECK_ROLLS)]
            try:
                calibration = calibrate_on(table, DiceReader(model, ReaderSettings(kind)), Shoot(
                    empty, tuple(p[:2] for p in checks), tuple(p[2] for p in checks)))
            except CalibrationError as exc:
                night.refused = str(exc)
                return night
            profile = calibration.profile
            path = write(profile, folder / "profiles" / f"{profile.name}.json")
            save_checks(path, calibration.checks)
            start = reading_for(profile, model)

            def draw(n: int) -> Roll:
                return camera.roll(n)[:2]

            def made(session: Path) -> Evening:
                return Evening(profile, path, model)

        settings = _settings(kind)
        games = _games(settings, draw, folder)
        # the answered evening learns into its own copy of the profile; nobody answering starts
        # again from the profile as calibrated
        for answered in (True, False):
            where = folder / ("answered" if answered else "unanswered")
            if table != TRAY:
                write(profile, path)  # as calibrated, for each pass
            _play(games, settings, start, where, made(where), answered, night)
    return night


def evening_lines(tables: Sequence[str] = EVENING_TABLES, seed: int = SEED, count: int = 2,
                  model: Path | None = None,
                  size: tuple[int, int] = (640, 480)) -> Iterator[str]:
    """The lines of ``measure games --evening``: a JSON object per table (``count`` of each kind,
    seeded from ``seed``, rendered in frames of ``size``), then per kind and game, the games
    added up: a table a person reads."""
    nights: dict[str, list[Night]] = {}
    kinds = [t for t in tables if t != TRAY or REAL.is_dir()]
    if len(kinds) < len(tables):
        yield json.dumps({"table": TRAY, "left out": f"needs {REAL}"})
    with Meter("measure games --evening: tables", len(kinds) * count) as meter:
        for table in kinds:
            for s in range(seed, seed + count):
                night = evening(table, s, model, size)
                nights.setdefault(table, []).append(night)
                meter.advance()
                meter.clear()
                yield json.dumps({"seed": s, **night.to_json()})
    yield (f"{'table':<14} {'game':>4} {'rolls':>5} {'asked/100':>9} {'silent/1000':>11} "
           f"{'exact':>5} {'learnt':>6}  nobody answering: right / flagged / wrong   "
           "asked: missing / extra / right / wrong")
    for table, played in nights.items():
        refused = [n for n in played if n.refused]
        if refused:
            yield f"{table:<14} refused {len(refused)} of {len(played)}: {refused[0].refused}"
        played = [n for n in played if not n.refused]
        for game in range(GAMES):
            tally = _total([n.answered[game] for n in played if len(n.answered) > game])
            data = tally.to_json()
            learnt = sum(n.learnt[game] for n in played if len(n.learnt) > game)
            ends = [n.unanswered[game] for n in played if len(n.unanswered) > game]
            unanswered = " / ".join(str(ends.count(e)) for e in ("right", "flagged", "wrong"))
            yield (f"{table:<14} {game + 1:>4} {tally.rolls:>5} "
                   f"{data['questions per 100 rolls']:>9.1f} "
                   f"{data['silent wrong dice per 1000']:>11.1f} {tally.exact:>2} of {tally.games} "
                   f"{learnt:>2} of {len(played)}  "
                   f"{unanswered:<41}   "
                   + " / ".join(str(getattr(tally, why)) for why in WHY_ASKED))
