"""Whole games at the table, end to end through ``play --headless`` with the shipped model.

Each game is first played by the rules on rendered dice; its photos (a folder, one per roll) or its
throws (a video) then go through the real pipeline, whose ledger must be the ledger of the true
faces, roll for roll.
"""

from __future__ import annotations

import io
import json
import re
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from lcr_vision.cli import main
from lcr_vision.faces import DiceKind
from lcr_vision.ledger import Session
from lcr_vision.measure.games import crop_rolls
from lcr_vision.review.report import ledger_json, ledger_rows
from lcr_vision.rules import Series, Settings
from lcr_vision.synth import Ranges, render_scene
from lcr_vision.synth.sequence import Table
from lcr_vision.vision.labels import REAL_SET_ERRATA, read_labels
from lcr_vision.vision.reader import DiceReader, ReaderSettings
from lcr_vision.vision.split import is_validation
from lcr_vision.vision.verdict import DOUBT_THRESHOLD

PLAYERS = ["Ann", "Ben", "Cat"]
REAL = Path(__file__).resolve().parents[2] / "shared" / "data" / "real-d6-tray"
# A webcam above a table: dice well inside the frame, none touching, no hand over them, and no
# chips or coins beside them: these tests are about the pipeline (settling, checking, journal,
# photo log). How well the model tells dice from chips and coins is measured, against the
# issue's targets, by test_model_accuracy.py and the model card.
TABLE = replace(Ranges(), die_px=(45.0, 70.0), tilt_deg=(0.0, 15.0), touching=0.0, at_edge=0.0,
                hand=0.0, distractors=(0, 0), motion_blur=0.0, defocus_px=(0.0, 0.5),
                noise=(1.0, 3.0), jpeg_quality=(85, 95))


# A phone's photo of the whole table: the dice are under 2% of its width.
FAR = replace(TABLE, die_px=(28.0, 36.0))


def still(rng: np.random.Generator, dice: int, size: tuple[int, int] = (640, 480),
          ranges: Ranges = TABLE) -> tuple[np.ndarray, tuple[str, ...]]:
    """A photo of ``dice`` LCR dice at rest, all in frame, and their faces."""
    while True:
        scene = render_scene(rng, "lcr", size, ranges, dice)
        if len(scene.labelled) == dice:
            return scene.image, tuple(d.face for d in scene.labelled)


def sure_still(rng: np.random.Generator, dice: int) -> tuple[np.ndarray, tuple[str, ...]]:
    """A `still` that the shipped model reads right with every face sure, for a test whose photos
    depend on timing: a photo it doubted would be a roll the player is asked to repeat. How often
    it doubts is the model's own figure (the card's table stills: 118 of 120 sure and right)."""
    reader = DiceReader(None, ReaderSettings(DiceKind.LCR))
    while True:
        image, faces = still(rng, dice)
        read = reader.read(image)
        if sorted(read.faces) == sorted(faces) and min(read.scores) >= DOUBT_THRESHOLD:
            return image, faces


def true_game(settings: Settings, seed: int, size: tuple[int, int] = (640, 480),
              ranges: Ranges = TABLE) -> list[tuple[np.ndarray, tuple[str, ...]]]:
    """Photos and faces of every roll of one game, each roll the dice the rules owe."""
    rng = np.random.default_rng(seed)
    series, rolls = Series.start(settings), []
    while not series.finished:
        image, faces = still(rng, series.game.dice_owed, size, ranges)
        rolls.append((image, faces))
        _, series = series.play(faces)
    return rolls


def write_folder(folder: Path, images: list[np.ndarray]) -> Path:
    folder.mkdir(parents=True)
    for i, image in enumerate(images, 1):
        cv2.imwrite(str(folder / f"roll{i}.jpg"), image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    return folder


def ledger_of(folder: Path) -> tuple[dict, list[list]]:
    """The ledger and its rolls; the order in which a roll's dice were read does not count (the
    faces are sorted and the moves, whose wording follows that order, are left to the chips;
    whether a read was doubtful or verified is not the game's, and is left out too)."""
    session = Session.open(folder)
    try:
        rows = [[*r[:4], sorted(r[4].split()), sorted(r[5].split()), *r[7:-2]]
                for r in ledger_rows(session.ledger)]
        return ledger_json(session.ledger), rows
    finally:
        session.close()


def truth(folder: Path, settings: Settings, faces: list[tuple[str, ...]]) -> tuple[dict, list]:
    """The ledger of a session fed the true faces directly."""
    session = Session.create(folder, settings)
    for f in faces:
        session.record_roll(f)
    session.close()
    return ledger_of(folder)


def play(*args: str) -> list[str]:
    argv = ["play", "--headless", "--mute", "--dice", "lcr", "--players", ",".join(PLAYERS),
            "--chips", "2", *args]
    assert main(argv) == 0
    return argv


@pytest.fixture(scope="module")
def game() -> list[tuple[np.ndarray, tuple[str, ...]]]:
    return true_game(Settings.create(PLAYERS, stakes=[2, 2, 2]), seed=9)  # 8 rolls of 1-3 dice


def test_a_folder_of_roll_photos_gives_the_ledger_of_the_true_faces(
        tmp_path: Path, game, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_folder(tmp_path / "rolls", [image for image, _ in game])
    play("--source", str(folder), "--session", str(tmp_path / "s"))
    settings = Settings.create(PLAYERS, stakes=[2, 2, 2])
    assert ledger_of(tmp_path / "s") == truth(tmp_path / "t", settings, [f for _, f in game])
    records = [json.loads(p.read_text(encoding="utf-8"))
               for p in sorted((tmp_path / "s" / "photos").glob("*.json"))]
    assert [r["source"] for r in records] == [f"roll{i}.jpg" for i in range(1, len(game) + 1)]
    last = records[-1]
    assert last["winner"] is not None and last["faces"] == list(game[-1][1])
    assert all(d["score"] >= 0.5 for d in last["dice"])
    assert "wins!" in capsys.readouterr().out
    assert main(["review", str(tmp_path / "s")]) == 0  # the review page shows each roll's photo
    page = (tmp_path / "s" / "index.html").read_text(encoding="utf-8")
    for roll in range(1, len(game) + 1):
        assert f'data-roll="{roll}"' in page and f'src="photos/{roll:04d}-annotated.jpg"' in page


def real_rolls(dice: int) -> list[tuple[np.ndarray, tuple[str, ...]]]:
    """Real photos of ``dice`` pip dice, cut from the tray set's validation split (never trained
    on) as `measure games` cuts them."""
    labels = read_labels(REAL / "labels.csv", REAL_SET_ERRATA)
    return crop_rolls(REAL / "images", {n: t for n, t in labels.items() if is_validation(n)}, dice)


@pytest.mark.skipif(not REAL.is_dir(), reason="needs ../shared/data/real-d6-tray")
def test_a_folder_of_real_roll_photos_gives_the_ledger_of_the_true_faces(tmp_path: Path) -> None:
    """Real photos (the tray set's unseen split), one a roll with the dice the rules owe, read
    as regular dice at every scale as a phone's photos are: the ledger of the true faces."""
    settings = Settings.create(PLAYERS, stakes=[3, 3, 3])
    pools = {n: iter(real_rolls(n)) for n in (1, 2, 3)}
    series, game = Series.start(settings), []
    while not series.finished:
        image, faces = next(pools[series.game.dice_owed])
        game.append((image, faces))
        _, series = series.play(faces)
    assert len(game) >= 10
    folder = write_folder(tmp_path / "rolls", [image for image, _ in game])
    assert main(["play", "--headless", "--mute", "--dice", "regular", "--players",
                 ",".join(PLAYERS), "--chips", "3", "--source", str(folder), "--session",
                 str(tmp_path / "s")]) == 0
    assert ledger_of(tmp_path / "s") == truth(tmp_path / "t", settings, [f for _, f in game])


def test_phone_photos_of_a_far_table_are_read_at_every_scale(tmp_path: Path) -> None:
    """2048x1536 photos with dice of 28-36 px: one look at 320 px reads 9 of these 14 rolls right
    and sure; the folder's photos are read at every scale, as ``detect`` reads them."""
    settings = Settings.create(PLAYERS, stakes=[2, 2, 2])
    far_game = true_game(settings, seed=0, size=(2048, 1536), ranges=FAR)
    folder = write_folder(tmp_path / "rolls", [image for image, _ in far_game])
    play("--source", str(folder), "--session", str(tmp_path / "s"))
    assert ledger_of(tmp_path / "s") == truth(tmp_path / "t", settings, [f for _, f in far_game])


def test_a_photo_with_a_die_too_many_is_asked_about_never_skipped(
        tmp_path: Path, game, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder is one photo a roll: a photo showing a die more than Ann owes is a question,
    answered with her faces; the next photo is Ben's roll."""
    owed = len(game[0][1])
    extra, faces = still(np.random.default_rng(99), owed + 1)
    folder = write_folder(tmp_path / "rolls", [extra, game[0][0]])
    monkeypatch.setattr("sys.stdin", io.StringIO(" ".join(faces[:owed]) + "\n"))
    play("--source", str(folder), "--session", str(tmp_path / "s"))
    out = capsys.readouterr().out
    words = {1: "one", 2: "two", 3: "three"}
    assert f"I see {words[owed + 1]} dice, Ann rolls {words[owed]}.\nroll 1? \n" in out
    session = Session.open(tmp_path / "s")
    rolls = [(r.entry.player, sorted(r.entry.faces), r.entry.doubtful, r.entry.unseen)
             for r in session.ledger.rolls]
    unverified = session.ledger.unverified_from
    session.close()
    # Ben owes a die more than the second photo shows: with the input ended, the dice seen are
    # committed and the die not seen is journalled as unseen, never given a face (it moves no
    # chip), flagged for the review; the ledger is unverified from that roll on.
    assert rolls == [("Ann", sorted(faces[:owed]), False, 0),
                     ("Ben", sorted(game[0][1]), True, 1)]
    assert unverified == 2
    assert len(list((tmp_path / "s" / "photos").glob("*.json"))) == 2


@pytest.mark.parametrize("size", [(640, 480), (1280, 720)])
def test_a_rendered_video_of_a_game_gives_the_ledger_of_the_true_faces(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], size: tuple[int, int]) -> None:
    """A webcam's video at 640x480 and at 1280x720 (the same view, its dice twice the pixels),
    read in the one look a live camera gets."""
    settings = Settings.create(PLAYERS, stakes=[2, 2, 2])  # as play() starts it
    rng = np.random.default_rng(8)
    table = Table(rng, kind="lcr", size=size, ranges=TABLE.at_width(size[0]))
    series, faces = Series.start(settings), []
    path = tmp_path / "game.avi"
    video = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 30, size)
    while not series.finished:
        frames, thrown = table.throw(series.game.dice_owed, rng)
        for frame in frames:
            video.write(frame.image)
        faces.append(thrown)
        _, series = series.play(thrown)
    video.release()
    argv = play("--source", str(path), "--session", str(tmp_path / "s"))
    assert ledger_of(tmp_path / "s") == truth(tmp_path / "t", settings, faces), argv
    assert capsys.readouterr().out.count("roll again") == 0


READ = re.compile(r"^(Left|Center|Right|Dot)(, (left|center|right|dot))*\.$", re.MULTILINE)


def test_sigkill_during_play_then_resume_loses_no_roll(tmp_path: Path) -> None:
    session = tmp_path / "s"
    argv = [sys.executable, "-m", "lcr_vision", "play", "--headless", "--mute", "--dice", "lcr",
            "--players", ",".join(PLAYERS), "--chips", "2", "--source", "synthetic",
            "--seed", "3", "--session", str(session)]
    child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True,
                             cwd=tmp_path)
    deadline = time.monotonic() + 180  # readiness, however busy the machine
    journal = session / "journal.jsonl"
    while time.monotonic() < deadline and (
            not journal.exists() or journal.read_text().count('"roll"') < 3):
        time.sleep(0.05)
    child.send_signal(signal.SIGKILL)
    said = child.communicate()[0]
    played = Session.open(session)
    rolls = [r.entry.faces for r in played.ledger.rolls]
    series = played.ledger.series
    played.close()
    assert len(rolls) >= 3
    committed = list(READ.finditer(said))  # a doubtful read is said as a doubt ("I read ...")
    lines = said.splitlines()
    for i, line in enumerate(lines):  # doubt first, and no face of it said as the roll
        if line.startswith("Wait: I am not sure of "):
            assert (lines[i + 1].startswith("I read ")
                    and not READ.match(lines[i - 1])), lines[i - 1:i + 2]
    assert len(committed) <= len(rolls)  # everything announced was on disk first
    assert len(list((session / "photos").glob("*.json"))) >= len(rolls) - 1
    # Resume at the table: the rest of the game, as photos, continues the same session.
    rng, rest, games = np.random.default_rng(4), [], len(series.finished)
    while len(series.finished) == games:
        image, faces = sure_still(rng, series.game.dice_owed)
        rest.append((image, faces))
        _, series = series.play(faces)
    folder = write_folder(tmp_path / "rest", [image for image, _ in rest])
    assert main(["play", "--headless", "--mute", "--dice", "lcr", "--source", str(folder),
                 "--session", str(session)]) == 0
    settings = Settings.create(PLAYERS, stakes=[2, 2, 2])
    expected = truth(tmp_path / "t", settings, [*rolls, *(f for _, f in rest)])
    assert ledger_of(session) == expected


def test_a_missing_model_is_one_line_and_starts_no_session(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--headless", "--mute", "--players", ",".join(PLAYERS), "--model",
            str(tmp_path / "none.onnx"), "--session", str(tmp_path / "s")]
    assert main(["play", "--source", "synthetic", *argv]) == 2
    assert main(["demo", *argv[:2], "--model", argv[5], "--session", argv[7]]) == 2
    err = capsys.readouterr().err
    assert err.count("lcr-vision: error: no dice model at") == 2 and err.count("\n") == 2
    assert not (tmp_path / "s").exists()
