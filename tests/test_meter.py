"""The progress meter: silent for quick work and when quiet, a record in a log, one redrawn line
in a terminal."""

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


def test_a_log_gets_a_line_at_most_every_half_second_and_the_last_count() -> None:
    assert run(io.StringIO(), [0.0, 2.0, 2.2, 2.4, 3.0]) == (
        "solving: 1/3 (33%) 2.0 s\nsolving: 3/3 (100%) 3.0 s\n"
    )


def test_a_terminal_line_is_redrawn_in_place_and_cleared() -> None:
    out = run(Terminal(), [0.0, 2.0, 2.05, 2.2, 2.3])
    assert out == (
        "\r\x1b[Ksolving: 1/3 (33%) 2.0 s"
        "\r\x1b[Ksolving: 3/3 (100%) 2.2 s"
        "\r\x1b[K"
    )


def test_work_under_two_seconds_shows_nothing() -> None:
    assert run(io.StringIO(), [0.0, 0.5, 1.0, 1.9, 1.95]) == ""
    assert run(Terminal(), [0.0, 0.5, 1.0, 1.9, 1.95]) == ""


def test_quiet_shows_nothing() -> None:
    assert run(io.StringIO(), [0.0, 5.0, 6.0, 7.0, 8.0], quiet=True) == ""


def test_without_a_total_the_count_alone() -> None:
    assert run(io.StringIO(), [0.0, 2.5, 2.6, 2.7, 2.8], total=None) == (
        "solving: 1 2.5 s\nsolving: 3 2.8 s\n"
    )
