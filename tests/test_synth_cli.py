"""`lcr-vision synth` and the committed `sample_images/` it made."""

from __future__ import annotations

import csv
from pathlib import Path

import cv2
import pytest

from lcr_vision.cli import main
from lcr_vision.faces import FACE_TOKENS

SAMPLES = Path(__file__).resolve().parents[1] / "sample_images"
# The command that made sample_images/ (README): lcr-vision synth --kind pip,lcr,wild --n 28
#   --empty 2 --seed 1 --out sample_images
SAMPLE_ARGS = ["--kind", "pip,lcr,wild", "--n", "28", "--empty", "2", "--seed", "1"]


def _rows(folder: Path) -> list[dict[str, str]]:
    with open(folder / "labels.csv", newline="") as f:
        return list(csv.DictReader(f))


def test_synth_writes_images_labels_and_empty_list(tmp_path: Path) -> None:
    out = tmp_path / "set"
    argv = ["synth", "--kind", "pip,wild", "--n", "4", "--empty", "1", "--seed", "9",
            "--size", "200x150", "--out", str(out)]
    assert main(argv) == 0
    rows = _rows(out)
    files = sorted(p.name for p in (out / "images").iterdir())
    assert len(files) == 5
    assert (out / "empty.txt").read_text().split() == [f for f in files if f.startswith("empty")]
    assert rows and {r["file"] for r in rows} <= set(files)
    for r in rows:
        assert r["class"] in FACE_TOKENS and (r["width"], r["height"]) == ("200", "150")
        x0, y0, x1, y1 = (float(r[k]) for k in ("xmin", "ymin", "xmax", "ymax"))
        assert 0 <= x0 < x1 <= 200 and 0 <= y0 < y1 <= 150
    assert cv2.imread(str(out / "images" / files[0])).shape == (150, 200, 3)
    again = tmp_path / "again"
    assert main(argv[:-1] + [str(again)]) == 0
    for name in files:
        assert (out / "images" / name).read_bytes() == (again / "images" / name).read_bytes()


@pytest.mark.parametrize("argv, message", [
    (["--n", "0"], "nothing to render"),
    (["--n", "-1"], "0 or more"),
])
def test_synth_user_mistakes_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          argv: list[str], message: str) -> None:
    assert main(["synth", "--out", str(tmp_path / "x"), *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lcr-vision: error:") and message in err and "Traceback" not in err


def test_sample_images_are_what_the_command_makes(tmp_path: Path) -> None:
    assert main(["synth", *SAMPLE_ARGS, "--out", str(tmp_path)]) == 0
    assert _rows(tmp_path) == _rows(SAMPLES)
    assert (tmp_path / "empty.txt").read_text() == (SAMPLES / "empty.txt").read_text()
    names = {p.name for p in (SAMPLES / "images").iterdir()}
    assert names == {p.name for p in (tmp_path / "images").iterdir()}
    assert {r["class"] for r in _rows(SAMPLES)} == set(FACE_TOKENS)
    assert sum(p.stat().st_size for p in (SAMPLES / "images").iterdir()) < 2_000_000
