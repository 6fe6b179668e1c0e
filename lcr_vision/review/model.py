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
from lcr_vision.photolog import How, SeenDie, image_names, photo_number
from lcr_vision.phrases.written import (
    describe_roll,
    describe_settled,
    describe_standings,
    describe_struck,
    describe_turn,
    describe_unverified,
    plural,
)
from lcr_vision.review.fairness import DiceTest, dice_tests
from lcr_vision.review.sources import Photo, live_roll_events, load_record
from lcr_vision.table.check import DOUBT_THRESHOLD

HOW_DOUBTS = {How.UNANSWERED: "doubtful read committed unanswered: check it"}
# A question the table answered: the roll is as the players said, not in doubt.
HOW_ANSWERED = {
    How.TYPED: "faces typed at the table",
    How.CONFIRMED: "doubtful read confirmed at the table",
}


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


def is_low(die: SeenDie) -> bool:
    """A face read with less confidence than the play loop commits without asking."""
    return die.score < DOUBT_THRESHOLD


def doubts_of(photo: Photo | None) -> tuple[str, ...]:
    """Why a camera read deserves a second look; a roll typed in manual play has no photo and no
    camera read to doubt, and one the table answered a question about is as the players said.

    >>> die = SeenDie((0, 0, 9, 9), "4", 0.42, "L")
    >>> doubts_of(Photo("0001", None, None, How.UNANSWERED, (die,)))
    ('doubtful read committed unanswered: check it', 'L read at 42% confidence')
    >>> doubts_of(Photo("0001", None, None, How.CONFIRMED, (die,)))
    ()
    """
    if photo is None or photo.how in HOW_ANSWERED:
        return ()
    low = tuple(f"{d.game_face} read at {d.score:.0%} confidence" for d in photo.dice if is_low(d))
    how = (HOW_DOUBTS[photo.how],) if photo.how in HOW_DOUBTS else ()
    problem = () if photo.problem is None else (photo.problem,)
    return problem + how + low


def unseen_doubt(entry: Entry) -> tuple[str, ...]:
    """What a roll with dice nobody saw asks of the reviewer, while it is not corrected."""
    if not entry.unseen or entry.corrected:
        return ()
    unseen = plural(entry.unseen, "die", "dice")
    return (f"{unseen} not seen: they moved no chips. What did they show? Amend roll {entry.k}.",)


def swapped(folder: Path, entry: Entry, event: RollEvent) -> tuple[str, ...]:
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
    said = f"{PHOTOS}/{frame.name} is not the photo saved for this roll: changed or swapped since"
    return (said,)


def card_of(roll: PlayedRoll, players: tuple[str, ...], event: RollEvent, folder: Path) -> Card:
    """The card of one live roll, given its live journal event."""
    result, entry = roll.result, roll.entry
    photo = load_record(folder, entry.photo, event)
    after = result.after
    return Card(
        k=entry.k,
        game=roll.game,
        turn=roll.turn,
        player=entry.player,
        faces=entry.shown_faces,
        game_faces=roll.shown_game_faces,
        first_read=event.faces if entry.corrected else None,
        moves=describe_roll(result, players),
        chips=after.chips,
        center=after.center,
        winner=None if after.winner is None else players[after.winner],
        time=event.time,
        photo=photo,
        doubts=unseen_doubt(entry) + swapped(folder, entry, event) + doubts_of(photo),
        answered=None if photo is None else HOW_ANSWERED.get(photo.how),
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
    players = ledger.settings.players
    events = live_roll_events(journal)
    series = ledger.series
    return Review(
        title=folder.resolve().name,
        players=players,
        variants=ledger.settings.variants.names,
        cards=tuple(vouched(card_of(r, players, events[r.entry.k], folder), r, tampered)
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
        current=f"Game {series.game.game}: {describe_turn(series.game, players)} "
        + describe_standings(series.game, players),
        wins=series.wins,
        money=series.money,
        curves=curves_of(ledger),
        warning=warning,
        fairness=dice_tests([ledger, *others]),
        struck=tuple(describe_struck(e.k, e.player, e.faces) for e in ledger.struck),
        settled=tuple(describe_settled(s.k, s.after, s.transfers, players)
                      for s in ledger.settled),
        also=tuple(str(other.resolve()) for other in also),
        unverified=(None if ledger.unverified_from is None
                    else describe_unverified(ledger.unverified_from)),
        tampered=None if tampered is None else tampered.why,
        intact=None if tampered is not None else
        f"The journal is intact: each of its {len(lines)} lines follows the one before as written.",
    )


def vouched(card: Card, roll: PlayedRoll, tampered: Tampering | None) -> Card:
    """``card``, marked where the journal's line of its roll (or of its correction) comes at or
    after the first line that does not follow the one before as written."""
    if tampered is None or tampered.line is None or roll.entry.line < tampered.line:
        return card
    why = f"written at or after the journal's break at line {tampered.line}: not vouched for"
    return replace(card, doubts=(why, *card.doubts))
