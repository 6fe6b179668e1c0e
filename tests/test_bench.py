"""`lcr-vision bench` measures and reports; no timing is asserted (shared machines are noisy)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lcr_vision.cli import main
from lcr_vision.measure.accuracy import Bound, Count, below, bound


def test_bench_reports_each_part_it_is_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--only", "simulate,renderer", "--runs", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) == {"simulate", "renderer"}
    assert figures["simulate"]["five_player_games_per_s"] > 0
    assert figures["renderer"]["stills_fps"] > 0 and figures["renderer"]["throw_fps"] > 0


def test_bench_rejects_an_unknown_part(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--only", "gpu"]) == 2
    assert "unknown part 'gpu'" in capsys.readouterr().err


def test_bench_reader_times_the_live_reading_and_the_photo_reading(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "--only", "reader", "--runs", "2", "--json"]) == 0
    reader = json.loads(capsys.readouterr().out)["reader"]
    assert set(reader["ms_median"]) == {"1", "2"}
    for key in ("one_view_ms_median", "far_side_told_ms_median", "photo_ms_median",
                "photo_4032x3024_ms_median", "photo_4032x3024_decode_ms", "jpeg_decode_ms",
                "decodes_per_read", "webcam_1280x720_per_640x480",
                "webcam_1920x1080_per_640x480"):
        assert reader[key] > 0, key


def test_floors_options_go_with_the_accuracy_part_alone(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["bench", "--only", "reader", "--write-floors", str(tmp_path / "f.json")]) == 2
    assert "--write-floors and --check go with --only accuracy" in capsys.readouterr().err
    assert not (tmp_path / "f.json").exists()


def test_checking_against_a_missing_floors_file_says_so(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["bench", "--only", "accuracy", "--check", str(tmp_path / "none.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lcr-vision: error: cannot read the floors in") and err.count("\n") == 1


@given(st.integers(1, 2000).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(0, n), min_size=1, max_size=4))), st.booleans())
def test_a_bound_holds_every_figure_it_was_derived_from(case, higher: bool) -> None:
    n, ks = case
    counts = [Count(k, n, higher) for k in ks]
    b = bound(counts)
    assert all(b.holds(c) for c in counts)
    worst = min(c.share for c in counts) if higher else max(c.share for c in counts)
    assert abs(worst - b.limit) >= min(1 / n, worst if higher else 1 - worst) - 1e-12
    assert Bound.from_json(b.to_json()).holds(counts[0])


def test_a_clearly_worse_figure_misses_its_bound() -> None:
    b = bound([Count(320, 322), Count(320, 322)])  # no spread: the margin is one standard error
    assert b.holds(Count(319, 322)) and not b.holds(Count(315, 322))
    assert below({"x": [Count(315, 322)]}, {"x": b}) == [
        f"x: {315 / 322:.4f} (315 of 322) against {b.limit}"]


def test_bench_says_what_it_is_measuring(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--only", "simulate,odds", "--odds-players", "4", "--json"]) == 0
    out, err = capsys.readouterr()
    assert set(json.loads(out)) == {"simulate", "odds"}
    assert err.splitlines() == ["bench: measuring simulate", "bench: measuring odds",
                                "bench: solving the exact odds of 3 players from the start",
                                "bench: solving the exact odds of 4 players from the start"]

