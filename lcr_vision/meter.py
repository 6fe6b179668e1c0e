"""A one-line progress meter on standard error, for steps that can take more than two seconds.

Nothing is shown for the first `DELAY` seconds, so quick work stays silent. In a terminal the
line is redrawn in place at most every `TTY_EVERY` seconds and cleared at the end; in a log
(standard error is not a terminal) a plain line is written at most every `LOG_EVERY` seconds and
once at the end, so a log reads as a short record of how the step went. Standard output is never
touched, so ``--json`` and piped output stay clean.

>>> import io
>>> clock = iter([0.0, 1.0, 2.5, 2.6, 3.5, 3.6, 3.7]).__next__
>>> log = io.StringIO()
>>> with Meter("rendering", total=5, stream=log, clock=clock) as meter:
...     for _ in range(5):
...         meter.advance()
>>> print(log.getvalue(), end="")
rendering: 2/5 (40%) 2.5 s
rendering: 4/5 (80%) 3.5 s
rendering: 5/5 (100%) 3.7 s
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Self, TextIO, TypeVar

DELAY = 2.0
TTY_EVERY = 0.1
LOG_EVERY = 0.5

T = TypeVar("T")


class Meter:
    """Counts ``done`` of ``total`` (when known) and shows it; ``quiet`` shows nothing."""

    def __init__(self, label: str, total: int | None = None, *, quiet: bool = False,
                 stream: TextIO | None = None, clock: Callable[[], float] = time.monotonic):
        self.label, self.total, self.done = label, total, 0
        self.stream = None if quiet else stream or sys.stderr
        self.tty = bool(self.stream and self.stream.isatty())
        self.clock = clock
        self.start = clock()
        self.shown = self.start + DELAY - (TTY_EVERY if self.tty else LOG_EVERY)
        self.drawn: int | None = None  # the count last shown

    def line(self, now: float) -> str:
        """``label: 3/4 (75%) 3.5 s``, or ``label: 3 3.5 s`` without a total."""
        count = f"{self.done:,}"
        if self.total:
            count += f"/{self.total:,} ({100 * self.done / self.total:.0f}%)"
        return f"{self.label}: {count} {now - self.start:.1f} s"

    def advance(self, amount: int = 1) -> None:
        """Count ``amount`` more done and show it when it is time to."""
        self.done += amount
        now = self.clock()
        if self.stream and now - self.shown >= (TTY_EVERY if self.tty else LOG_EVERY):
            self._write(now)

    def _write(self, now: float) -> None:
        assert self.stream is not None
        if self.tty:
            self.stream.write("\r\x1b[K" + self.line(now))
        else:
            self.stream.write(self.line(now) + "\n")
        self.stream.flush()
        self.shown, self.drawn = now, self.done

    def clear(self) -> None:
        """Take the line off a terminal, so that other output can be printed (the next count
        draws it again)."""
        if self.tty and self.drawn is not None:
            self.stream.write("\r\x1b[K")  # type: ignore[union-attr]
            self.stream.flush()  # type: ignore[union-attr]

    def close(self) -> None:
        """Show the last count (in a log) or clear the line (in a terminal), if anything was
        shown."""
        if self.stream is None or self.drawn is None:
            return
        if self.tty:
            self.clear()
        elif self.drawn != self.done:
            self._write(self.clock())

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def metered(items: Iterable[T], label: str, total: int | None = None,
            quiet: bool = False) -> Iterator[T]:
    """``items``, counted by a `Meter` as they are used (``total`` defaults to their length)."""
    if total is None and hasattr(items, "__len__"):
        total = len(items)  # type: ignore[arg-type]
    with Meter(label, total, quiet=quiet) as meter:
        for item in items:
            yield item
            meter.advance()
