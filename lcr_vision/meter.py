"""A one-line progress meter on a terminal, for steps that can take more than two seconds.

Nothing is shown for the first `DELAY` seconds, so quick work stays silent. On a terminal the
line (done / total, time so far, time left) is redrawn in place at most every `TTY_EVERY` seconds
and cleared at the end. Where standard error is not a terminal (a log, a pipe, CI) nothing is
written: a log keeps only what the command says. Standard output is never touched, so ``--json``
and piped output stay clean.

>>> import io
>>> class Terminal(io.StringIO):
...     def isatty(self):
...         return True
>>> clock = iter([0.0, 1.0, 2.5, 2.6, 3.5, 3.6, 3.7]).__next__
>>> screen = Terminal()
>>> with Meter("rendering", total=5, stream=screen, clock=clock) as meter:
...     for _ in range(5):
...         meter.advance()
>>> for drawn in screen.getvalue().split("\\r\\x1b[K"):
...     print(drawn)
<BLANKLINE>
rendering: 2/5 (40%) 2.5 s, 3.8 s left
rendering: 3/5 (60%) 2.6 s, 1.7 s left
rendering: 4/5 (80%) 3.5 s, 0.9 s left
rendering: 5/5 (100%) 3.6 s
<BLANKLINE>
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Self, TextIO, TypeVar

DELAY = 2.0
TTY_EVERY = 0.1

T = TypeVar("T")


class Meter:
    """Counts ``done`` of ``total`` (when known) and shows it; ``quiet`` shows nothing."""

    def __init__(self, label: str, total: int | None = None, *, quiet: bool = False,
                 stream: TextIO | None = None, clock: Callable[[], float] = time.monotonic):
        self.label, self.total, self.done = label, total, 0
        stream = None if quiet else stream or sys.stderr
        self.stream = stream if stream is not None and stream.isatty() else None
        self.clock = clock
        self.start = clock()
        self.shown = self.start + DELAY - TTY_EVERY
        self.drawn: int | None = None  # the count last shown

    def line(self, now: float) -> str:
        """``label: 3/4 (75%) 3.5 s, 1.2 s left``, or ``label: 3 3.5 s`` without a total; the
        time left is the time so far at its pace, in minutes from two minutes on."""
        count, spent = f"{self.done:,}", now - self.start
        if not self.total:
            return f"{self.label}: {count} {spent:.1f} s"
        count += f"/{self.total:,} ({100 * self.done / self.total:.0f}%)"
        if not 0 < self.done < self.total:
            return f"{self.label}: {count} {spent:.1f} s"
        left = spent / self.done * (self.total - self.done)
        told = f"{left:.1f} s" if left < 120 else f"{left / 60:.0f} min"
        return f"{self.label}: {count} {spent:.1f} s, {told} left"

    def advance(self, amount: int = 1) -> None:
        """Count ``amount`` more done and show it when it is time to."""
        self.done += amount
        now = self.clock()
        if self.stream and now - self.shown >= TTY_EVERY:
            self.stream.write("\r\x1b[K" + self.line(now))
            self.stream.flush()
            self.shown, self.drawn = now, self.done

    def clear(self) -> None:
        """Take the line off a terminal, so that other output can be printed (the next count
        draws it again)."""
        if self.stream and self.drawn is not None:
            self.stream.write("\r\x1b[K")
            self.stream.flush()

    def close(self) -> None:
        """Clear the line, if anything was shown."""
        self.clear()

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
