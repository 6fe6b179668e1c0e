"""What ``play`` (at a table) and ``demo`` share: their options, and the wiring from options to a
running :class:`TableLoop`. Heavy parts (OpenCV, the model) load only when a game starts."""

from __future__ import annotations

import argparse
from collections.abc import Callable
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


def announcer_from(args: argparse.Namespace, out: TextIO | None = None) -> Announcer:
    """The announcer the speech options ask for (printing to ``out``, default stdout)."""
    if args.rate is not None and not 40 <= args.rate <= 500:
        raise UserError(Said("speech_rate", {"rate": str(args.rate)}))
    return Announcer.start(args.language, args.voice, args.rate, args.mute, args.speech_out, out)


def play_at_table(args: argparse.Namespace, profile: Profile | None, reading: Reading,
                  open_session: Callable[[], Session]) -> None:
    """``play`` with the source its options name, until quit or the source ends, reading with
    ``reading`` (`table_reading`); the ``--calibration`` ``profile`` it was made from also gives
    the webcam mode and learns. The speech and the source are checked before ``open_session``
    makes or opens the session folder, so that a missing camera or an unwritable
    ``--speech-out`` leaves nothing behind and says nothing."""
    limit = pixel_limit(args.max_megapixels)
    with announcer_from(args) as announcer:
        source = open_source(args.camera, args.source, args.seed, ready=announcer.idle,
                             max_pixels=limit, warn=announcer.warn,
                             resolution=resolution_from(args, profile),
                             tell=note_in(args.language))
        try:
            source.check()
            session = open_session()
        except BaseException:
            source.close()
            raise
        evening = evening_for(args, session, profile)
        try:
            play_table(args, session, source, reading, announcer, evening=evening)
        finally:
            session.close()
    phrases = Phrasebook(session.settings.players, args.language)
    if evening is not None and evening.learnt:
        key = "profile_made" if evening.made else "profile_learnt"
        print(phrases.written(key, name=evening.profile.name, path=evening.path), flush=True)
    print(phrases.written("manual_saved", folder=session.folder), flush=True)


def evening_for(args: argparse.Namespace, session: Session,
                profile: Profile | None) -> Evening | None:
    """What the table learns as it plays (`lcr_vision.calibration.evening`): into the
    ``--calibration`` ``profile`` it plays with, else into one made for the session; nothing with
    ``--no-learn`` or on the simulated table."""
    if getattr(args, "no_learn", True) or getattr(args, "source", None) == SYNTHETIC:
        return None
    from lcr_vision.calibration.evening import Evening
    from lcr_vision.calibration.store import learning_path, user_folder

    if profile is not None:
        return Evening(profile, learning_path(args.calibration), args.model, args.threads)
    source = getattr(args, "source", None)
    return Evening.made_for(session.folder, args.dice, of_photos(source),
                            user_folder(), args.model, args.threads)


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


def play_table(args: argparse.Namespace, session: Session, source: FrameSource,
               reading: Reading, announcer: Announcer, games: int | None = None,
               ask: bool = True, evening: Evening | None = None) -> TableLoop:
    """Play at the table with ``reading`` until quit, the source ends, or ``games`` games have
    ended. Headless, a doubt is asked on standard input (unless not to ``ask``: the demo's
    simulated table throws again). With an ``evening``, the table learns its dice after each
    game, and what it learnt reads on."""
    from lcr_vision.table import loop as table  # OpenCV loads here, not at --help
    from lcr_vision.table.answers import Answers

    screen = screen_from(args)
    answers = Answers() if ask and not screen.visible else None
    learn = None if evening is None else (
        lambda: evening.learn(session.folder, session.settings.face_map))
    options = table.TableOptions(games=games, interactive=screen.visible, odds=args.odds,
                                 say_odds=args.say_odds, answers=answers, learn=learn)
    phrases = Phrasebook(session.settings.players, args.language)
    loop = table.TableLoop(session, source, reading, announcer, phrases, screen, options)
    try:
        loop.run()
    finally:
        screen.close()
        source.close()
    return loop
