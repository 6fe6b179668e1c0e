"""``lcr-vision measure``: the model card's studies, the holdout for any frame size."""

from __future__ import annotations

import json

import pytest

from lcr_vision.cli import main


@pytest.mark.parametrize("how", [[], ["--one-look"]], ids=["every-scale", "one-look"])
def test_prints_each_set_for_the_size_and_dice_asked(
    how: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["measure", "holdout", "--count", "2", "--size", "960", "720", "--die-px", "30",
                 "60", "--tilt", "0", "40", *how]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) == {"lcr", "wild", "empty"}
    for kind in ("lcr", "wild"):
        assert figures[kind]["images"] == 2 and figures[kind]["dice"] > 0
        assert 0 <= figures[kind]["die_accuracy"] <= 1
    assert figures["empty"]["frames"] == 2


def test_in_range_scenes_are_drawn_as_training_draws_them(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """``--in-range`` keeps the seed and size but draws the training's fonts, colours and tilts,
    so other scenes come out (the same ones, were the flag ignored); every set says how its
    dice of each size were read."""
    figures = {}
    for how in ([], ["--in-range"]):
        assert main(["measure", "holdout", "--count", "2", "--die-px", "16", "60", *how]) == 0
        figures[tuple(how)] = json.loads(capsys.readouterr().out)
    out, inside = figures[()], figures[("--in-range",)]
    assert out["lcr"] != inside["lcr"] and out["wild"] != inside["wild"]
    for kind in ("lcr", "wild"):
        bands = inside[kind]["by_size"]
        assert sum(b["dice"] for b in bands.values()) == inside[kind]["dice"]
        assert all(0 <= b["read"] <= 1 for b in bands.values())


def test_the_studies_defaults_are_the_modules_own() -> None:
    from lcr_vision.cli import measure
    from lcr_vision.measure import calibration_trial as trial
    from lcr_vision.measure import holdout

    assert (measure.HOLDOUT_SEED, measure.HOLDOUT_SIZE, measure.TRIAL_SEED) == (
        holdout.SEED, holdout.SIZE, trial.SEED)
    assert measure.TRIAL_KINDS == tuple(trial.TABLES)
    assert measure.TRIAL_DEFAULT == trial.KINDS
    assert [k for k in measure.TRIAL_KINDS if k.startswith("printed-")] == list(trial.PRINTED)


def test_a_missing_labels_file_is_one_line(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["measure", "shifts", "--labels", str(tmp_path / "none.csv")]) == 2
    assert capsys.readouterr().err == (
        f"lcr-vision: error: no labels file at {tmp_path / 'none.csv'}\n")


def test_a_webcams_roll_draws_other_scenes(capsys: pytest.CaptureFixture[str]) -> None:
    """``--roll -12 12`` (a webcam standing at the table's edge, as upright models are trained)
    keeps the seed but turns the cameras less: other scenes come out."""
    figures = []
    for how in ([], ["--roll", "-12", "12"]):
        assert main(["measure", "holdout", "--count", "2", "--die-px", "30", "60", *how]) == 0
        figures.append(json.loads(capsys.readouterr().out))
    assert figures[0]["lcr"] != figures[1]["lcr"]


def _consistent_bands(figures: dict[str, dict]) -> None:
    """Every band's dice are located, dropped, misread or right, and the bands add up to all."""
    bands = {k: v for k, v in figures.items() if k != "all"}
    assert bands and sum(b["dice"] for b in bands.values()) == figures["all"]["dice"] > 0
    for b in figures.values():
        lost = 1 - b["located"] + b["dropped"] + b["misread"]
        assert b["right"] == pytest.approx(1 - lost, abs=2e-4)
        assert min(b.values()) >= 0


def test_losses_say_where_each_size_of_dice_is_lost(capsys: pytest.CaptureFixture[str]) -> None:
    """The shipped samples through the shipped model, band by band."""
    assert main(["measure", "losses", "--labels", "sample_images/labels.csv", "--split", "all",
                 "--one-look"]) == 0
    figures = json.loads(capsys.readouterr().out)
    _consistent_bands(figures)
    assert figures["all"]["right"] > 0.8


def test_losses_of_renders_count_the_dice_the_holdout_draws(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--renders`` reads the scenes `measure holdout` draws with the same options: as many
    dice as those scenes label, each lost somewhere or read right."""
    from dataclasses import replace

    from lcr_vision.measure.holdout import OUT_OF_RANGE, holdout_scenes

    assert main(["measure", "losses", "--renders", "lcr", "--count", "3", "--roll", "-12", "12",
                 "--one-look"]) == 0
    figures = json.loads(capsys.readouterr().out)
    _consistent_bands(figures)
    drawn = holdout_scenes("lcr", 3, ranges=replace(OUT_OF_RANGE, roll_deg=(-12.0, 12.0)))
    assert figures["all"]["dice"] == sum(len(truth) for truth, _ in drawn)


def test_losses_of_a_missing_set_are_one_line(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["measure", "losses", "--labels", str(tmp_path / "none.csv")]) == 2
    assert capsys.readouterr().err == (
        f"lcr-vision: error: no labels file at {tmp_path / 'none.csv'}\n")


def test_measure_calibration_scores_a_table_before_and_after_with_each_face_shown(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["measure", "calibration", "--kinds", "plain-felt", "--tables", "1",
                 "--calibration-rolls", "5", "--test-rolls", "5", "--show-faces"]) == 0
    first, *totals = capsys.readouterr().out.splitlines()
    table = json.loads(first)
    assert table["table"] == "plain-felt" and table["faces_shown"] == 4  # L C R dot
    assert table["before"]["rolls"] == table["after"]["rolls"] == 5 and "turn" in table
    assert [line.split(":")[0].strip() for line in totals] == [
        "plain-felt before", "plain-felt after", "refused", "worse after calibrating",
        "given more check rolls"]
    assert totals[2].split(":")[1].strip() == "0 of 1 tables"
