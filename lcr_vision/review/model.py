"""The review page as data: one card per live roll, the games, the wins and the chip curves.

Everything the game decided comes from the replayed ledger, so a corrected roll shows its corrected
moves and standings (and every later roll the standings that follow from them); the journal adds
what was first read, the photo log what the camera saw. A record's own moves and chips were right
when written and may be stale after a correction, so they are not used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from pathlib import Path

from lcr_vision.camera.stills import digest_of
from lcr_vision.ledger import (
    JOURNAL,
    PHOTOS,
    Entry,
    Ledger,
    PlayedRoll,
    Tampering,
    read_journal,
    replay,
    tampering,
)
from lcr_vision.ledger.events import RollEvent, parse_journal
from lcr_vision.photolog import Committed, SeenDie, image_names, photo_number
from lcr_vision.phrases.record import Record
from lcr_vision.review.fairness import DiceTest, dice_tests
from lcr_vision.review.report import record_of
from lcr_vision.review.sources import Photo, live_roll_events, load_record
from lcr_vision.vision.verdict import DOUBT_THRESHOLD

HOW_DOUBTS = {Committed.UNANSWERED: "how_unanswered"}  # the record's words for each
# A question the table answered: the roll is as the players said, not in doubt.
HOW_ANSWERED = {Committed.TYPED: "how_typed", Committed.CONFIRMED: "how_confirmed"}


@dataclass(frozen=True)
class Card:
    """One live roll as the page shows it. ``first_read`` is set only for a corrected roll."""

    k: int
    game: int
    turn: int
    player: str
    faces: tuple[str, ...]
    game_faces: tuple[str, ...]
    first_read: tuple[str, ...] | None
    moves: str
    chips: tuple[int, ...]
    center: int
    winner: str | None
    time: datetime
    photo: Photo | None
    doubts: tuple[str, ...]
    answered: str | None = None  # how the table answered a question about it

    @property
    def dice_owed(self) -> int:
        """The rules accept only rolls of exactly the dice owed."""
        return len(self.faces)

    @property
    def corrected(self) -> bool:
        return self.first_read is not None

    @property
    def flagged(self) -> bool:
        """Worth a second look: corrected, or a doubtful read."""
        return self.corrected or bool(self.doubts)


@dataclass(frozen=True)
class GameLine:
    """A finished game: who threw first, who won (None for a draw), how long it took."""

    number: int
    first: str
    winner: str | None
    rolls: int
    center: int


@dataclass(frozen=True)
class Curve:
    """Chips per seat through one game: the start (before roll ``start + 1``), then after each
    roll; the center alongside."""

    game: int
    start: int
    chips: tuple[tuple[int, ...], ...]
    centers: tuple[int, ...]


@dataclass(frozen=True)
class Review:
    """Everything the page shows about one session."""

    title: str
    players: tuple[str, ...]
    variants: tuple[str, ...]
    cards: tuple[Card, ...]
    games: tuple[GameLine, ...]
    current: str
    wins: tuple[int, ...]
    money: tuple[Decimal, ...] | None
    curves: tuple[Curve, ...]
    warning: str | None = None  # the journal's last line was cut by a crash and is left out
    fairness: tuple[DiceTest, ...] = ()  # per set of dice, over this session and any others
    struck: tuple[str, ...] = ()  # the rolls corrections struck, in words
    settled: tuple[str, ...] = ()  # the corrections settled now, the rolls since standing
    also: tuple[str, ...] = ()  # the other sessions the dice were judged over, resolved
    unverified: str | None = None  # from which roll on the chips stand on an unanswered read
    tampered: str | None = None  # what shows the journal was changed by hand, if anything
    intact: str | None = None  # that every line of a chained journal follows the one before
    language: str = "en"  # the session's: the page is written in it


def is_low(die: SeenDie) -> bool:
    """A face read with less confidence than the play loop commits without asking."""
    return die.score < DOUBT_THRESHOLD


def doubts_of(photo: Photo | None, record: Record) -> tuple[str, ...]:
    """Why a camera read deserves a second look; a roll typed in manual play has no photo and no
    camera read to doubt, and one the table answered a question about is as the players said.

    >>> die, record = SeenDie((0, 0, 9, 9), "4", 0.42, "L"), Record(("Ann", "Ben"))
    >>> doubts_of(Photo("0001", None, None, Committed.UNANSWERED, (die,)), record)
    ('doubtful read committed unanswered: check it', 'L read at 42% confidence')
    >>> doubts_of(Photo("0001", None, None, Committed.UNANSWERED, (die,)), Record(("Аня",), "ru"))
    ('сомнительное чтение принято без ответа: проверьте', 'L прочитано с уверенностью 42%')
    >>> doubts_of(Photo("0001", None, None, Committed.CONFIRMED, (die,)), record)
    ()
    """
    if photo is None or photo.how in HOW_ANSWERED:
        return ()
    low = tuple(record.line("low", face=d.game_face, score=f"{d.score:.0%}")
                for d in photo.dice if is_low(d))
    how = (record.line(HOW_DOUBTS[photo.how]),) if photo.how in HOW_DOUBTS else ()
    problem = () if photo.problem is None else (photo.problem,)
    return problem + how + low


def unseen_doubt(entry: Entry, record: Record) -> tuple[str, ...]:
    """What a roll with dice nobody saw asks of the reviewer, while it is not corrected."""
    if not entry.unseen or entry.corrected:
        return ()
    return (record.line("unseen_doubt", dice=record.count(entry.unseen, "die"), k=entry.k),)


def swapped(folder: Path, entry: Entry, event: RollEvent, record: Record) -> tuple[str, ...]:
    """Where the photo log's frame of a roll is not the photo saved for it (its journal line's
    ``shot``): it was changed or swapped since."""
    number = photo_number(entry.photo)
    if event.shot is None or number is None:
        return ()
    frame = folder / PHOTOS / image_names(number)["frame"]
    try:
        if digest_of(frame.read_bytes()) == event.shot:
            return ()
    except OSError:
        return ()  # a missing photo is said where the photo is shown
    return (record.line("swapped", path=f"{PHOTOS}/{frame.name}"),)


def card_of(roll: PlayedRoll, record: Record, event: RollEvent, folder: Path) -> Card:
    """The card of one live roll, given its live journal event."""
    result, entry = roll.result, roll.entry
    photo = load_record(folder, entry.photo, event, record)
    after = result.after
    return Card(
        k=entry.k,
        game=roll.game,
        turn=roll.turn,
        player=entry.player,
        faces=entry.shown_faces,
        game_faces=roll.shown_game_faces,
        first_read=event.faces if entry.corrected else None,
        moves=record.roll(result),
        chips=after.chips,
        center=after.center,
        winner=None if after.winner is None else record.players[after.winner],
        time=event.time,
        photo=photo,
        doubts=(unseen_doubt(entry, record) + swapped(folder, entry, event, record)
                + doubts_of(photo, record)),
        answered=(None if photo is None or photo.how not in HOW_ANSWERED
                  else record.line(HOW_ANSWERED[photo.how])),
    )


def curves_of(ledger: Ledger) -> tuple[Curve, ...]:
    """One curve per game that has rolls, from the ledger's states before and after each roll."""
    curves: list[Curve] = []
    for roll in ledger.rolls:
        after = roll.result.after
        if roll.turn == 1:
            start = roll.result.before
            curves.append(Curve(roll.game, roll.entry.k - 1, (start.chips,), (start.center,)))
        c = curves[-1]
        curves[-1] = Curve(c.game, c.start, c.chips + (after.chips,), c.centers + (after.center,))
    return tuple(curves)


def build_review(folder: Path, also: Sequence[Path] = ()) -> Review:
    """Replay the session in ``folder`` and gather its photo log into the page model; the dice
    are judged over it and the sessions ``also`` played with the same dice."""
    lines, warning = read_journal(folder / JOURNAL)
    tampered = tampering(folder / JOURNAL)
    journal = parse_journal(lines)
    ledger = Ledger.replay(journal)
    others = [replay(read_journal(other / JOURNAL)[0]) for other in also]
    players, record = ledger.settings.players, record_of(ledger)
    events = live_roll_events(journal)
    series = ledger.series
    return Review(
        title=folder.resolve().name,
        language=ledger.language,
        players=players,
        variants=ledger.settings.variants.names,
        cards=tuple(vouched(card_of(r, record, events[r.entry.k], folder), r, tampered, record)
                    for r in ledger.rolls),
        games=tuple(
            GameLine(
                g.number,
                players[g.first],
                None if g.winner is None else players[g.winner],
                g.rolls,
                g.center,
            )
            for g in series.finished
        ),
        current=record.line("game_now", game=series.game.game, turn=record.turn(series.game))
        + " " + record.standings(series.game),
        wins=series.wins,
        money=series.money,
        curves=curves_of(ledger),
        warning=None if warning is None else record.told(warning),
        fairness=dice_tests([ledger, *others]),
        struck=tuple(record.struck(e.k, e.player, e.faces) for e in ledger.struck),
        settled=tuple(record.settled(s.k, s.after, s.transfers) for s in ledger.settled),
        also=tuple(str(other.resolve()) for other in also),
        unverified=(None if ledger.unverified_from is None
                    else record.unverified(ledger.unverified_from)),
        tampered=None if tampered is None else record.told(tampered.why),
        intact=None if tampered is not None else record.line("intact", n=len(lines)),
    )


def vouched(card: Card, roll: PlayedRoll, tampered: Tampering | None, record: Record) -> Card:
    """``card``, marked where the journal's line of its roll (or of its correction) comes at or
    after the first line that does not follow the one before as written."""
    if tampered is None or tampered.line is None or roll.entry.line < tampered.line:
        return card
    why = record.line("vouched", line=tampered.line)
    return replace(card, doubts=(why, *card.doubts))
