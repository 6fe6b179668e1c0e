"""The progress meter: one redrawn line with the time left on a terminal; silent for quick work,
when quiet, and wherever the output is not a terminal (#63, sixth point)."""

from __future__ import annotations

import io

from lcr_vision.meter import Meter


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(stream: io.StringIO, times: list[float], total: int | None = 3,
        quiet: bool = False) -> str:
    """Count to len(times) - 2 (the first time starts the meter, the last closes it)."""
    clock = iter(times).__next__
    with Meter("solving", total, stream=stream, clock=clock, quiet=quiet) as meter:
        for _ in times[1:-1]:
            meter.advance()
    return stream.getvalue()


def test_a_terminal_line_is_redrawn_in_place_with_the_time_left_and_cleared() -> None:
    out = run(Terminal(), [0.0, 2.0, 2.05, 2.2, 2.3])
    assert out == (
        "\r\x1b[Ksolving: 1/3 (33%) 2.0 s, 4.0 s left"
        "\r\x1b[Ksolving: 3/3 (100%) 2.2 s"
        "\r\x1b[K"
    )


def test_long_work_tells_the_minutes_left() -> None:
    out = run(Terminal(), [0.0, 100.0, 100.1], total=10)
    assert out.startswith("\r\x1b[Ksolving: 1/10 (10%) 100.0 s, 15 min left")


def test_a_log_or_a_pipe_gets_nothing() -> None:
    assert run(io.StringIO(), [0.0, 2.0, 2.2, 2.4, 3.0]) == ""


def test_work_under_two_seconds_shows_nothing() -> None:
    assert run(Terminal(), [0.0, 0.5, 1.0, 1.9, 1.95]) == ""


def test_quiet_shows_nothing() -> None:
    assert run(Terminal(), [0.0, 5.0, 6.0, 7.0, 8.0], quiet=True) == ""


def test_without_a_total_the_count_alone() -> None:
    assert run(Terminal(), [0.0, 2.5, 2.6, 2.7, 2.8], total=None) == (
        "\r\x1b[Ksolving: 1 2.5 s\r\x1b[Ksolving: 2 2.6 s\r\x1b[Ksolving: 3 2.7 s\r\x1b[K"
    )
