"""What ``play`` (at a table) and ``demo`` share: their options, read once into typed values
(`Sitting`, and play's `AtTable`), and the wiring from those to a running :class:`TableLoop`.
Heavy parts (OpenCV, the model) load only when a game starts."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from lcr_vision.camera import SYNTHETIC, FrameSource, open_source
from lcr_vision.cli.options import (
    add_seed_option,
    add_where_options,
    add_window_options,
    resolution_from,
    screen_from,
)
from lcr_vision.cli.reading import add_reader_options
from lcr_vision.errors import Said, UserError
from lcr_vision.faces import DiceKind
from lcr_vision.ledger import Session
from lcr_vision.phrases.spoken import note_in
from lcr_vision.speech import LANGUAGES, Announcer, Phrasebook
from lcr_vision.vision.images import IMAGE_SUFFIXES
from lcr_vision.vision.limits import pixel_limit

if TYPE_CHECKING:
    from lcr_vision.calibration.evening import Evening
    from lcr_vision.calibration.profile import Profile
    from lcr_vision.table.loop import TableLoop
    from lcr_vision.vision.reading import Reading


def add_source_options(p: argparse.ArgumentParser) -> None:
    """Where ``play`` gets its frames."""
    add_where_options(p, "read the dice from", f"FILE_OR_URL|DIR|{SYNTHETIC}",
                      "a video file or stream URL; a folder of photos, each one settled roll, "
                      "taken in name order and read at every scale (as detect reads photos), or "
                      "one photo, one roll; or "
                      f"'{SYNTHETIC}' for the simulated table")
    add_seed_option(p, what="random seed of the simulated table")


def add_table_options(p: argparse.ArgumentParser) -> None:
    """Window, speech, reader and odds options."""
    add_window_options(p, " (servers, tests); wild choices go to the wild policy")
    p.add_argument("--rate", type=int, metavar="WPM",
                   help="speaking rate in words per minute (espeak-ng's default is 175-200)")
    p.add_argument("--voice", metavar="NAME",
                   help="speech voice by name, id or language (`espeak-ng --voices` lists them; "
                   "default: the --language's)")
    p.add_argument("--language", choices=LANGUAGES,
                   help="language of what is said and printed (default: a continued "
                   "--session's, else en)")
    p.add_argument("--speech-out", type=Path, metavar="FILE.wav",
                   help="also record everything said into this WAV file (works with --mute)")
    p.add_argument("--odds", action="store_true",
                   help="show each player's chance to win in the window and save it in the photo "
                   "log after every roll: exact when quick, else estimated from random games "
                   "(variants, and 7-8 players until `lcr-vision odds --players N` has stored "
                   "their exact odds)")
    p.add_argument("--say-odds", action="store_true",
                   help="say who is favoured to win after every roll (off by default)")
    add_reader_options(p)


@dataclass(frozen=True)
class Sitting:
    """What the table options (`add_table_options`) ask of a sitting, read from the command line
    once (`sitting_from`), so that what plays takes typed values: the language, how it speaks,
    whether it shows a window, and the odds."""

    language: str
    voice: str | None
    rate: int | None
    mute: bool
    speech_out: Path | None
    headless: bool
    odds: bool
    say_odds: bool

    def announcer(self, out: TextIO | None = None) -> Announcer:
        """The announcer the speech options ask for (printing to ``out``, default stdout)."""
        return Announcer.start(self.language, self.voice, self.rate, self.mute, self.speech_out,
                               out)


def sitting_from(args: argparse.Namespace) -> Sitting:
    """The table options as a `Sitting`; a speaking rate out of bounds is refused."""
    if args.rate is not None and not 40 <= args.rate <= 500:
        raise UserError(Said("speech_rate", {"rate": str(args.rate)}))
    return Sitting(args.language, args.voice, args.rate, args.mute, args.speech_out,
                   args.headless, args.odds, args.say_odds)


@dataclass(frozen=True)
class AtTable:
    """What ``play`` at a table takes from its options, read once, as it starts (`table_from`):
    the `Sitting`, where the frames come from (``max_pixels`` bounds a folder's photos), and
    what the table learns with between games, where it ``learns``."""

    sitting: Sitting
    camera: int | None
    source: str | None
    seed: int
    max_pixels: int
    # --resolution as typed: `resolution_from` reads the mode from it as the camera opens, once
    # the speech has started, so that a refusal of the speech options still comes first
    resolution: str | None
    learns: bool
    calibration: str | None
    model: Path | None
    threads: int
    dice: DiceKind | None


def table_from(args: argparse.Namespace) -> AtTable:
    """``play``'s options as an `AtTable`: the pixel limit, then the sitting, refused in that
    order. Nothing is learnt with ``--no-learn`` or on the simulated table."""
    max_pixels = pixel_limit(args.max_megapixels)
    return AtTable(sitting_from(args), args.camera, args.source, args.seed, max_pixels,
                   args.resolution, not args.no_learn and args.source != SYNTHETIC,
                   args.calibration, args.model, args.threads, args.dice)


def play_at_table(args: argparse.Namespace, profile: Profile | None, reading: Reading,
                  open_session: Callable[[], Session]) -> None:
    """``play`` with the source its options name, until quit or the source ends, reading with
    ``reading`` (`table_reading`); the ``--calibration`` ``profile`` it was made from also gives
    the webcam mode and learns. The options are read once (`table_from`). The speech and the
    source are checked before ``open_session`` makes or opens the session folder, so that a
    missing camera or an unwritable ``--speech-out`` leaves nothing behind and says nothing."""
    table = table_from(args)
    sitting = table.sitting
    with sitting.announcer() as announcer:
        mode = resolution_from(table.resolution, profile)
        source = open_source(table.camera, table.source, table.seed, ready=announcer.idle,
                             max_pixels=table.max_pixels, warn=announcer.warn, resolution=mode,
                             tell=note_in(sitting.language))
        try:
            source.check()
            session = open_session()
        except BaseException:
            source.close()
            raise
        evening = evening_for(table, session, profile)
        try:
            play_table(sitting, session, source, reading, announcer, evening=evening)
        finally:
            session.close()
    phrases = Phrasebook(session.settings.players, sitting.language)
    if evening is not None and evening.learnt:
        key = "profile_made" if evening.made else "profile_learnt"
        print(phrases.written(key, name=evening.profile.name, path=evening.path), flush=True)
    print(phrases.written("manual_saved", folder=session.folder), flush=True)


def evening_for(table: AtTable, session: Session, profile: Profile | None) -> Evening | None:
    """What the table learns as it plays (`lcr_vision.calibration.evening`), where it learns:
    into the ``--calibration`` ``profile`` it plays with, else into one made for the
    session."""
    if not table.learns:
        return None
    from lcr_vision.calibration.evening import Evening
    from lcr_vision.calibration.store import learning_path, user_folder

    if profile is not None:
        assert table.calibration is not None  # the profile is the one it names
        return Evening(profile, learning_path(table.calibration), table.model, table.threads)
    return Evening.made_for(session.folder, table.dice, of_photos(table.source),
                            user_folder(), table.model, table.threads)


def table_reading(args: argparse.Namespace, profile: Profile | None) -> Reading:
    """What the table reads with (`reading_for`): the reader the options ask for, through
    ``profile`` where there is one, with its doubt. Made before a session folder is, so that a
    missing model or a broken profile leaves nothing behind. The photos of ``--source DIR`` are
    read at every scale, as ``detect`` reads photos: a phone's photo of the whole table shows dice
    too small for the one look a live camera affords."""
    from lcr_vision.calibration.profile import reading_for  # the reader loads OpenCV

    return reading_for(profile, args.model, args.threads, args.dice,
                       of_photos(getattr(args, "source", None)), args.language)


def of_photos(source: str | None) -> bool:
    """Whether ``--source`` names photos (a folder of them, or one), read at every scale."""
    if not source:
        return False
    path = Path(source)
    return path.is_dir() or (path.is_file() and path.suffix.lower() in IMAGE_SUFFIXES)


def play_table(sitting: Sitting, session: Session, source: FrameSource,
               reading: Reading, announcer: Announcer, games: int | None = None,
               ask: bool = True, evening: Evening | None = None) -> TableLoop:
    """Play at the table with ``reading`` until quit, the source ends, or ``games`` games have
    ended. Headless, a doubt is asked on standard input (unless not to ``ask``: the demo's
    simulated table throws again). With an ``evening``, the table learns its dice after each
    game, and what it learnt reads on."""
    from lcr_vision.table import loop as table  # OpenCV loads here, not at --help
    from lcr_vision.table.answers import Answers

    screen = screen_from(sitting.headless, sitting.language)
    answers = Answers() if ask and not screen.visible else None
    learn = None if evening is None else (
        lambda: evening.learn(session.folder, session.settings.face_map))
    options = table.TableOptions(games=games, interactive=screen.visible, odds=sitting.odds,
                                 say_odds=sitting.say_odds, answers=answers, learn=learn)
    phrases = Phrasebook(session.settings.players, sitting.language)
    loop = table.TableLoop(session, source, reading, announcer, phrases, screen, options)
    try:
        loop.run()
    finally:
        screen.close()
        source.close()
    return loop
