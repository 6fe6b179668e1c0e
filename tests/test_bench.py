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
