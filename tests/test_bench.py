"""`lcr-vision bench` measures and reports; no timing is asserted (shared machines are noisy)."""

from __future__ import annotations

import json

import pytest

from lcr_vision.cli import main


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
    for key in ("one_view_ms_median", "photo_ms_median", "photo_4032x3024_ms_median",
                "photo_4032x3024_decode_ms", "jpeg_decode_ms", "decodes_per_read"):
        assert reader[key] > 0, key
