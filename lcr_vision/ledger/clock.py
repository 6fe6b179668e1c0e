"""The one clock of a session: the UTC time stamps the journal, the photo log and the session
folders are written with, and reading any of them back. The rules never see a clock.

Every stamp is UTC. The journal's (`stamp`) is ISO 8601 to the millisecond; a photo record's
(`record_stamp`) to the second, with ``Z``; a session folder's name (`folder_stamp`) compact.
`parse` reads any ISO 8601 time with its zone, as every lcr-vision has written them.

>>> moment = parse("2026-11-29T17:40:05.123+01:00")
>>> stamp(moment), record_stamp(moment), folder_stamp(moment)
('2026-11-29T16:40:05.123+00:00', '2026-11-29T16:40:05Z', '20261129-164005')
>>> parse(record_stamp(moment)) == parse("2026-11-29T16:40:05.000+00:00")
True
>>> readable(moment)
'2026-11-29 16:40:05 UTC'
>>> parse("2026-11-29T16:40:05")
Traceback (most recent call last):
...
ValueError: '2026-11-29T16:40:05' is not ISO 8601 with a time zone
"""

from __future__ import annotations

from datetime import UTC, datetime


def now() -> datetime:
    """The current time in UTC, to the millisecond a journal stamp keeps."""
    moment = datetime.now(UTC)
    return moment.replace(microsecond=moment.microsecond // 1000 * 1000)


def stamp(moment: datetime) -> str:
    """A journal event's ``time``: UTC, ISO 8601, to the millisecond."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


def record_stamp(moment: datetime) -> str:
    """A photo record's ``time``: UTC, ISO 8601, to the second, with ``Z``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def folder_stamp(moment: datetime) -> str:
    """A new session folder's name: ``20261129-164005``."""
    return moment.astimezone(UTC).strftime("%Y%m%d-%H%M%S")


def readable(moment: datetime) -> str:
    """A time for people: ``2026-11-29 16:40:05 UTC``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def parse(text: str) -> datetime:
    """A stamp read back: ISO 8601 with a time zone (``Z`` or an offset); a `ValueError` else."""
    try:
        moment = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        moment = None
    if moment is None or moment.tzinfo is None:
        raise ValueError(f"{text!r} is not ISO 8601 with a time zone")
    return moment
