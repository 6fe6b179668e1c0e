"""`lcr-vision detect`: docs/formats.md JSON Lines out, drawn images, and one clear error per bad
file."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from lcr_vision.cli import main
from lcr_vision.faces import DiceKind
from lcr_vision.synth.ranges import Ranges
from lcr_vision.synth.scene import render_scene

RECORD_KEYS = {"image", "width", "height", "ms", "dice"}


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with two rendered LCR tables (JPEG and PNG)."""
    folder = tmp_path_factory.mktemp("table")
    rng = np.random.default_rng(11)
    cv2.imwrite(str(folder / "a.jpg"), render_scene(rng, "lcr", (640, 480), dice=3).image)
    cv2.imwrite(str(folder / "b.png"), render_scene(rng, "lcr", (320, 240), dice=2).image)
    return folder


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_records_follow_the_shared_format(table: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    assert main(["detect", str(table), "--dice", "lcr", "--jsonl", str(out),
                 "--annotate", str(tmp_path / "drawn")]) == 0
    records = read_jsonl(out)
    assert [r["image"] for r in records] == ["a.jpg", "b.png"]
    assert [(r["width"], r["height"]) for r in records] == [(640, 480), (320, 240)]
    for r in records:
        assert set(r) == RECORD_KEYS and r["ms"] >= 0
        for die in r["dice"]:
            assert set(die) == {"box", "face", "score"} and die["face"] in DiceKind.LCR.faces
            x0, y0, x1, y1 = die["box"]
            assert 0 <= x0 < x1 <= r["width"] and 0 <= y0 < y1 <= r["height"]
            assert 0 <= die["score"] <= 1
    assert sorted(p.name for p in (tmp_path / "drawn").iterdir()) == ["a.jpg", "b.jpg"]


def test_each_bad_file_gets_its_own_error_and_the_rest_are_read(
    table: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "text.jpg").write_text("not a picture")
    (tmp_path / "zero.jpg").write_bytes(b"")
    cv2.imwrite(str(tmp_path / "dot.png"), np.zeros((1, 1, 3), np.uint8))
    files = [tmp_path / "missing.jpg", tmp_path / "text.jpg", table / "a.jpg",
             tmp_path / "zero.jpg", tmp_path / "dot.png"]
    assert main(["detect", *map(str, files)]) == 2
    captured = capsys.readouterr()
    assert [json.loads(line)["image"] for line in captured.out.splitlines()] == ["a.jpg"]
    errors = captured.err.splitlines()
    assert len(errors) == 4 and all(e.startswith("lcr-vision: error: ") for e in errors)
    for err, why in zip(errors, ["no such file", "not a picture", "empty", "too small"]):
        assert why in err
    assert "Traceback" not in captured.err


def test_a_missing_model_is_a_user_error(table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["detect", str(table), "--model", "/nonexistent/dice.onnx"]) == 2
    assert "no dice model at" in capsys.readouterr().err


def test_small_dice_in_a_big_photo_are_found_by_looking_at_every_scale(tmp_path: Path) -> None:
    """A 2048x1536 photo whose dice are 20-24 px, about 1% of its width: one look (at 640 px, as
    a live camera's large frame is read) sees them 6-7 px wide and misses some (it read 11 of the
    15); the default, every scale, reads them all."""
    far = replace(Ranges(), die_px=(20.0, 24.0), tilt_deg=(0.0, 10.0))
    truth: Counter[str] = Counter()
    for seed in (12, 13, 17):
        scene = render_scene(np.random.default_rng(seed), "lcr", (2048, 1536), far, dice=5)
        cv2.imwrite(str(tmp_path / f"{seed}.png"), scene.image)
        truth.update(d.face for d in scene.labelled)
    read = {}
    for how in ([], ["--one-look"]):
        out = tmp_path / f"out{len(how)}.jsonl"
        assert main(["detect", str(tmp_path), "--dice", "lcr", "--jsonl", str(out), *how]) == 0
        read[bool(how)] = Counter(d["face"] for r in read_jsonl(out) for d in r["dice"])
    assert sum(truth.values()) == 15
    assert read[False] == truth, (read[False], truth)
    assert sum(read[True].values()) < 15, read[True]


PIP_PHOTO = Path(__file__).resolve().parents[1] / "sample_images" / "images" / "pip_1_00021.jpg"


@pytest.mark.parametrize("word", ["boxed", "lcr", "regular", "pip"])
def test_dice_are_named_as_players_name_them(table: Path, tmp_path: Path, word: str) -> None:
    kind = DiceKind.parse(word)
    out = tmp_path / "out.jsonl"
    where = PIP_PHOTO if kind is DiceKind.PIP else table
    assert main(["detect", str(where), "--dice", word, "--jsonl", str(out)]) == 0
    found = {d["face"] for line in out.read_text().splitlines()
             for d in json.loads(line)["dice"]}
    assert found and found <= set(kind.faces), found


def test_unknown_dice_are_refused_with_the_names_to_use(
        table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["detect", str(table), "--dice", "d20"])
    assert stop.value.code == 2
    assert "unknown dice 'd20': choose from boxed, wild, regular" in capsys.readouterr().err


def test_a_folder_of_folders_is_searched(capsys: pytest.CaptureFixture[str]) -> None:
    samples = PIP_PHOTO.parents[1]  # sample_images/, its photos in images/
    assert main(["detect", str(samples), "--one-look"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(list((samples / "images").glob("*.jpg"))) > 20
    assert [json.loads(line)["image"] for line in lines[:2]] == ["empty_1_00028.jpg",
                                                                 "empty_1_00029.jpg"]
