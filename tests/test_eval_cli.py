"""`lcr-vision eval` on a small labelled folder: text and JSON reports, and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from lcr_vision.cli import main
from lcr_vision.synth.scene import render_scene
from lcr_vision.vision.labels import HEADER


@pytest.fixture(scope="module")
def labelled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three rendered LCR tables and one empty one, in the docs/formats.md layout."""
    root = tmp_path_factory.mktemp("set")
    (root / "images").mkdir()
    rng = np.random.default_rng(5)
    rows = [",".join(HEADER)]
    for i, n in enumerate([3, 2, 4, 0]):
        scene = render_scene(rng, "lcr", (640, 480), dice=n)
        cv2.imwrite(str(root / "images" / f"{i}.jpg"), scene.image)
        rows += [f"{i}.jpg,640,480,{d.face}," + ",".join(f"{v:.1f}" for v in d.box)
                 for d in scene.labelled]
    (root / "labels.csv").write_text("\n".join(rows) + "\n")
    (root / "empty.txt").write_text("3.jpg\n")
    return root / "labels.csv"


def test_json_report_has_every_figure(labelled: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--labels", str(labelled), "--dice", "lcr", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["images"] == 4 and report["empty_images"] == 1
    for key in ("recall", "precision", "face_accuracy", "die_accuracy", "exact_images",
                "game_accuracy", "false_per_empty", "confusion", "by_size"):
        assert key in report
    assert sum(sum(row.values()) for row in report["confusion"].values()) >= report["dice"]


def test_text_report(labelled: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--labels", str(labelled)]) == 0
    out = capsys.readouterr().out
    assert "die accuracy" in out and "false dice per empty frame" in out and "confusion" in out
    assert "read right by die size: " in out and " px " in out


def test_missing_labels_is_a_one_line_error(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--labels", str(tmp_path / "nope.csv")]) == 2
    assert capsys.readouterr().err.startswith("lcr-vision: error: no labels file at")


def test_further_label_files_add_their_dice(labelled: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A die added by a second file that the reader cannot find counts as missed."""
    extra = tmp_path / "errata.csv"
    extra.write_text(",".join(HEADER) + "\n0.jpg,640,480,L,600,10,630,40\n")
    assert main(["eval", "--labels", str(labelled), "--json"]) == 0
    before = json.loads(capsys.readouterr().out)
    assert main(["eval", "--labels", str(labelled), str(extra), "--images",
                 str(labelled.parent / "images"), "--json"]) == 0
    after = json.loads(capsys.readouterr().out)
    assert after["dice"] == before["dice"] + 1 and after["images"] == before["images"]
    assert main(["eval", "--labels", str(labelled), str(tmp_path / "nope.csv")]) == 2
    assert "no labels file at" in capsys.readouterr().err
