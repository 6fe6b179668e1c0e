"""`Profile`: what calibration learned about one table, and its versioned JSON form.

A profile is read far from where it was written (another day, another version of lcr-vision, a
file edited by hand), so reading it checks every field and names the one that is wrong.

>>> p = Profile("kitchen", ReaderSettings(DiceKind.LCR), View((10, 20, 300, 200), 0.5))
>>> Profile.from_dict(p.to_dict()) == p
True
>>> try:
...     Profile.from_dict({**p.to_dict(), "scale": -1})
... except ProfileError as exc:
...     print(exc)
field 'scale' must be a positive number, not -1
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from lcr_vision.calibration.play_area import CalibratedReader, View
from lcr_vision.errors import Said, UserError
from lcr_vision.faces import DiceKind, FaceError, FaceMap
from lcr_vision.phrases.spoken import warn_in
from lcr_vision.vision.head import FaceHead, model_digest
from lcr_vision.vision.reader import DiceReader, ReaderSettings
from lcr_vision.vision.reading import Reading
from lcr_vision.vision.spec import HEAT_THRESHOLD, LOCATOR_SIDE
from lcr_vision.vision.verdict import DOUBT_THRESHOLD

# The profile format this code writes; it reads 1 too (written before calibration learnt the dice's
# faces: such a profile reads as it did, without a face head).
VERSION = 2
READS = (1, 2)
MIN_SIDE = 16  # the least play area and frame side, in pixels
MAX_SIDE = 16_384  # the most: past any camera, and a frame of it within the pixel limits' reach
MAX_SCALE = LOCATOR_SIDE / MIN_SIDE  # 20: the most calibration enlarges a play area

Roi = tuple[int, int, int, int]


class ProfileError(UserError):
    """A profile that is missing, unreadable, from an unknown version, or has a bad field."""


@dataclass(frozen=True)
class Accuracy:
    """How well a view read the check rolls: dice read right over dice (labelled or phantom),
    rolls read exactly right over rolls."""

    rolls: int
    dice: int
    die_accuracy: float
    roll_accuracy: float

    @property
    def right(self) -> int:
        """How many dice were read right."""
        return round(self.die_accuracy * self.dice)


@dataclass(frozen=True)
class Profile:
    """One table's calibration: how to read it, where to look, and what was measured.

    ``reading`` is how the reader reads this table (`ReaderSettings`): the dice, the thresholds for
    finding a die and for trusting its face (the reader's defaults unless others read the check
    rolls clearly better; a ``face_score`` of ``None`` is the model's own), every scale
    (``pyramid``) where that read the check rolls clearly better, the far side found in each frame
    (``find_up``) unless the view turns it up, and the face ``head`` calibration learnt of these
    dice (`lcr_vision.calibration.learn_faces`), for the model it names. ``view`` is where to look
    (`View`): the play area ``roi`` of frames of ``frame`` size, its ``scale``, its ``turn`` that
    brings the table's far side up, its ``tiles``. ``die_px`` is the measured die size in frame
    pixels; ``notes`` are the advice given about the table; ``accuracy`` is what the profile reached
    on the check rolls and ``default_accuracy`` what the uncalibrated reader did; ``held_out`` the
    accuracy on held-out check rolls without and with a learnt head, ``(before, after)``.
    ``sessions`` are the session folders whose verified rolls it learnt from since
    (`lcr_vision.calibration.evening`), the latest last: the next game learns from them too;
    ``head_rolls`` the photos of those sessions its face head was fitted on (the others judge the
    next head fairly). ``doubt`` is the confidence each face of a roll needs to be committed unasked
    at this table, fitted to its evidence (`lcr_vision.calibration.doubt`).

    >>> Profile("felt", ReaderSettings(DiceKind.WILD)).turned(2).turn
    2
    """

    name: str
    reading: ReaderSettings
    view: View = field(default_factory=View)
    face_map: FaceMap | None = None
    die_px: float | None = None
    table: Mapping[str, float] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    accuracy: Accuracy | None = None
    default_accuracy: Accuracy | None = None
    created: str = ""
    held_out: tuple[Accuracy, Accuracy] | None = None
    sessions: tuple[str, ...] = ()
    head_rolls: tuple[str, ...] = ()
    doubt: float = DOUBT_THRESHOLD

    @property
    def dice(self) -> DiceKind:
        """The dice this table plays with."""
        return self.reading.dice or DiceKind.LCR

    @property
    def face_head(self) -> FaceHead | None:
        """What calibration learnt of these dice's faces, if anything."""
        return self.reading.head

    @property
    def turn(self) -> int | None:
        """The quarter-turns that bring the table's far side up; ``None``: not measured, or no
        side read evidently best, and an upright reader finds the far side in each frame."""
        return None if self.reading.find_up else self.view.turn

    def turned(self, turn: int | None) -> Profile:
        """This profile with its far side ``turn`` (`turn`)."""
        return replace(self, reading=replace(self.reading, find_up=turn is None),
                       view=replace(self.view, turn=turn or 0))

    def with_dice(self, dice: DiceKind) -> Profile:
        """This profile reading ``dice``."""
        return replace(self, reading=replace(self.reading, dice=dice))

    def with_head(self, head: FaceHead | None) -> Profile:
        """This profile reading with the face ``head``."""
        return replace(self, reading=replace(self.reading, head=head))

    def settings(self, kind: DiceKind | None = None) -> ReaderSettings:
        """How the profile reads, its face head apart (`profile_reader` checks it against the
        model); ``kind`` (default: the profile's dice) limits the faces reported."""
        return replace(self.reading, dice=kind or self.dice, head=None)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of the profile, ``version`` first."""
        view, reading = self.view, self.reading
        return {
            "version": VERSION, "name": self.name, "dice": self.dice.value,
            "face_map": None if self.face_map is None else self.face_map.as_dict(),
            "frame": None if view.frame is None else list(view.frame),
            "roi": None if view.roi is None else list(view.roi),
            "scale": view.scale, "tiles": view.tiles, "overlap": view.overlap, "turn": self.turn,
            "pyramid": reading.pyramid, "heat_threshold": reading.heat_threshold,
            "min_score": reading.face_score, "die_px": self.die_px, "table": dict(self.table),
            "notes": list(self.notes),
            "accuracy": None if self.accuracy is None else vars(self.accuracy),
            "default_accuracy": None if self.default_accuracy is None
            else vars(self.default_accuracy),
            "created": self.created,
            "face_head": None if self.face_head is None else self.face_head.to_dict(),
            "held_out": None if self.held_out is None else {
                "before": vars(self.held_out[0]), "after": vars(self.held_out[1])},
            "sessions": list(self.sessions),
            "head_rolls": list(self.head_rolls),
            "doubt": self.doubt,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Profile:
        """Check and read a profile's JSON object; a bad field raises ProfileError naming it."""
        if not isinstance(data, dict):
            raise ProfileError(Said("profile_not_object"))
        version = _get(data, "version", _version)
        if version not in READS:
            raise ProfileError(Said("profile_version", {"version": version, "first": READS[0],
                                                        "last": READS[-1]}))
        turn = _get(data, "turn", _optional(_count(0, 3)), None)
        reading = ReaderSettings(
            _get(data, "dice", _dice),
            heat_threshold=_get(data, "heat_threshold", _share, HEAT_THRESHOLD),
            face_score=_get(data, "min_score", _optional(_share), None),
            pyramid=_get(data, "pyramid", _flag, False),
            find_up=turn is None,
            head=_get(data, "face_head", _optional(FaceHead.from_dict), None))
        view = View(roi=_get(data, "roi", _optional(_ints(4)), None),
                    scale=_get(data, "scale", _scale),
                    frame=_get(data, "frame", _optional(_frame), None),
                    tiles=_get(data, "tiles", _count(1, 4), 1),
                    overlap=_get(data, "overlap", _count(0, 10_000), 0),
                    turn=turn or 0)
        return _fitting(cls(
            name=_get(data, "name", profile_name),
            reading=reading,
            view=view,
            face_map=_get(data, "face_map", _optional(_face_map), None),
            die_px=_get(data, "die_px", _optional(_die_px), None),
            table=_get(data, "table", _numbers, {}),
            notes=_get(data, "notes", _texts, ()),
            accuracy=_get(data, "accuracy", _optional(_accuracy), None),
            default_accuracy=_get(data, "default_accuracy", _optional(_accuracy), None),
            created=_get(data, "created", str, ""),
            held_out=_get(data, "held_out", _optional(_held_out), None),
            sessions=_get(data, "sessions", _paths, ()),
            head_rolls=_get(data, "head_rolls", _paths, ()),
            doubt=_get(data, "doubt", _doubt, DOUBT_THRESHOLD),
        ))


_MISSING = object()


def _fitting(profile: Profile) -> Profile:
    """``profile`` if its play area and die size fit in its frame; else ProfileError naming the
    field that does not."""
    view = profile.view
    if view.frame is None:
        return profile
    width, height = view.frame
    if view.roi is not None:
        x, y, w, h = view.roi
        if x + w > width or y + h > height:
            raise ProfileError(Said("roi_outside", {"frame": f"{width}x{height}",
                                                    "roi": list(view.roi)}))
    if profile.die_px is not None and profile.die_px > max(width, height):
        raise ProfileError(Said("die_px_outside", {"frame": f"{width}x{height}",
                                                   "die_px": f"{profile.die_px:g}"}))
    return profile


def _get(data: Mapping[str, Any], key: str, check: Callable[[Any], Any],
         default: Any = _MISSING) -> Any:
    """``check(data[key])``; a missing required field or a value ``check`` rejects names ``key``."""
    if key not in data:
        if default is _MISSING:
            raise ProfileError(Said("field_missing", {"field": key}))
        return default
    value = data[key]
    try:
        return check(value)
    except FaceError as exc:
        raise ProfileError(Said("field_bad", {"field": key, "why": exc.said})) from None
    except (TypeError, ValueError) as exc:
        raise ProfileError(Said("field_bad", {"field": key, "why": _why(exc)})) from None


def _why(exc: TypeError | ValueError) -> Said:
    """What a check said was wrong with a field: its `Said`, raised here, or the words of one
    written below the phrasebook (a `FaceHead`'s)."""
    said = exc.args[0] if exc.args else None
    return said if isinstance(said, Said) else Said("field_said", {"why": str(exc)})


def _wrong(key: str, **fields: Any) -> ValueError:
    """A field's value refused: what it ``must_*`` be (the refusal ``key``), and ``fields``."""
    return ValueError(Said(key, fields))


def _version(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        raise _wrong("must_version", value=v)
    return v


def profile_name(v: Any) -> str:
    """A profile's name, which is also its file's: not empty, no '/', not hidden; else
    ValueError."""
    if not isinstance(v, str) or not v.strip() or "/" in v or v.startswith("."):
        raise _wrong("must_name", value=v)
    return v


def _dice(v: Any) -> DiceKind:
    kinds = [k.value for k in DiceKind]
    if v not in kinds:
        raise _wrong("must_dice", allowed=", ".join(kinds), value=v)
    return DiceKind(v)


def _positive(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v <= 0:
        raise _wrong("must_positive", value=v)
    return float(v)


def _die_px(v: Any) -> float:
    if _positive(v) > MAX_SIDE:
        raise _wrong("must_pixels", most=MAX_SIDE, value=v)
    return float(v)


def _scale(v: Any) -> float:
    """A reading scale calibration can choose: it enlarges a play area of 16 pixels (the least
    one) at most to the reader's 320, so more is a hand-edited file that would blow each frame up
    to gigabytes."""
    if _positive(v) > MAX_SCALE:
        raise _wrong("must_scale", most=f"{MAX_SCALE:g}", value=v)
    return float(v)


def _frame(v: Any) -> tuple[int, ...]:
    size = _ints(2)(v)
    if min(size) < MIN_SIDE:
        raise _wrong("must_frame", least=MIN_SIDE, value=v)
    return size


def _count(low: int, high: int) -> Callable[[Any], int]:
    def check(v: Any) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            raise _wrong("must_count", low=low, high=high, value=v)
        return v
    return check


def _flag(v: Any) -> bool:
    if not isinstance(v, bool):
        raise _wrong("must_flag", value=v)
    return v


def _share(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 < v < 1:
        raise _wrong("must_share", value=v)
    return float(v)


def _doubt(v: Any) -> float:
    """A table's doubt: never below the level whole games were measured at."""
    if not _finite(v) or not DOUBT_THRESHOLD <= v < 1:
        raise _wrong("must_doubt", least=DOUBT_THRESHOLD, value=v)
    return float(v)


def _optional(check: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda v: None if v is None else check(v)


def _ints(n: int) -> Callable[[Any], tuple[int, ...]]:
    def check(v: Any) -> tuple[int, ...]:
        if (not isinstance(v, list) or len(v) != n
                or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MAX_SIDE
                           for x in v)
                or (n == 4 and min(v[2:]) < 1)):
            raise _wrong("must_ints", n=n, most=MAX_SIDE, value=v)
        return tuple(v)
    return check


def _face_map(v: Any) -> FaceMap:
    if not isinstance(v, dict):
        raise _wrong("must_face_map", value=v)
    try:
        return FaceMap(v)
    except FaceError as exc:
        raise _wrong("not_face_map", why=exc.said) from None


def _numbers(v: Any) -> dict[str, float]:
    if not isinstance(v, dict) or not all(_finite(x) for x in v.values()):
        raise _wrong("must_numbers", value=v)
    return {str(k): float(x) for k, x in v.items()}


def _finite(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _texts(v: Any) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise _wrong("must_texts", value=v)
    return tuple(v)


def _paths(v: Any) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(x, str) and x for x in v):
        raise _wrong("must_paths", value=v)
    return tuple(v)


def _accuracy(v: Any) -> Accuracy:
    if not isinstance(v, dict):
        raise _wrong("must_accuracy", value=v)
    try:
        acc = Accuracy(**v)
    except TypeError:
        raise _wrong("accuracy_keys", keys=sorted(v)) from None
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0
               for n in (acc.rolls, acc.dice)):
        raise _wrong("accuracy_counts")
    if not all(_finite(a) and 0 <= a <= 1 for a in (acc.die_accuracy, acc.roll_accuracy)):
        raise _wrong("accuracy_shares")
    return acc


def _held_out(v: Any) -> tuple[Accuracy, Accuracy]:
    if not isinstance(v, dict) or set(v) != {"before", "after"}:
        raise _wrong("must_held_out", value=v)
    return _accuracy(v["before"]), _accuracy(v["after"])


def profile_reader(profile: Profile, model: Path | None = None, threads: int = 1,
                   kind: DiceKind | None = None, language: str = "en") -> CalibratedReader:
    """A reader with ``profile``'s thresholds and learnt face head, seeing frames through its
    view; ``kind`` (default: the profile's dice) limits the faces reported. A head learnt for
    another model than ``model`` is left out, saying so once on stderr in ``language``: the
    profile still reads as it did before it learnt the dice."""
    reader = DiceReader(model, profile.settings(kind), threads)
    head = profile.face_head
    if head is not None and (not reader.model.has_features
                             or head.model != model_digest(reader.model.path)):
        warn_in(language)(Said("head_other_model", {"name": profile.name,
                                                    "model": str(reader.model.path)}))
        head = None
    return CalibratedReader(reader.reading(head=head), profile.view)


def reader_for(profile: Profile | None, model: Path | None = None, threads: int = 1,
               kind: DiceKind | None = None, pyramid: bool = False,
               language: str = "en") -> DiceReader | CalibratedReader:
    """The reader ``profile`` asks for (`profile_reader`); without one, the reader uncalibrated,
    looking at every scale where ``pyramid`` (as photos deserve: a profile's view already brings
    the dice to the size the reader reads best) and reporting ``kind``'s faces (None: any)."""
    if profile is None:
        return DiceReader(model, ReaderSettings(kind, pyramid=pyramid), threads)
    return profile_reader(profile, model, threads, kind, language)


def reading_for(profile: Profile | None, model: Path | None = None, threads: int = 1,
                kind: DiceKind | None = None, pyramid: bool = False,
                language: str = "en") -> Reading:
    """The table's `Reading` in one value: `reader_for`'s reader with the doubt ``profile``
    fitted to its table's evidence (`lcr_vision.calibration.doubt`), else the level measured on
    whole games; how often it will ask is known once the table has learnt."""
    read = reader_for(profile, model, threads, kind, pyramid, language).read
    return Reading(read) if profile is None else Reading(read, profile.doubt)
