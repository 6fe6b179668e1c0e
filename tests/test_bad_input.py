"""Careless input and failing writes, as a user or a full disk makes them: each is one line on
stderr and exit status 2 (or a line for the one file, and the batch goes on), never a traceback,
a hang, or a half-made session. And no input file, however big it says it is, takes more than
1 GB to read.

The failures are real: a disk that is full is a file linked to ``/dev/full``; a file that cannot
be read is one linked to ``/proc/self/mem`` (whose first page nobody may read, root included); a
page that cannot be written is one whose name is taken by a folder.
"""

from __future__ import annotations

import json
import re
import resource
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest
from test_table import sure_still

from lcr_vision.calibration import Profile
from lcr_vision.calibration.play_area import View
from lcr_vision.cli import main
from lcr_vision.faces import DiceKind
from lcr_vision.ledger import JOURNAL, Session
from lcr_vision.rules import Settings
from lcr_vision.vision.dice_model import DEFAULT_MODEL
from lcr_vision.vision.head import model_digest
from lcr_vision.vision.reader import ReaderSettings

PLAYERS = ["--players", "Ann,Ben,Cat"]
TABLE = ["play", "--headless", "--mute", "--dice", "lcr", *PLAYERS]


def grey(path: Path, size: tuple[int, int] = (64, 64)) -> Path:
    """A picture with no dice in it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(path), np.full((size[1], size[0], 3), 120, np.uint8))
    return path


def unreadable(path: Path) -> Path:
    """A file whose reading fails (EIO), for every user."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to("/proc/self/mem")
    return path


def written(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def unreadable_first(folder: Path) -> Path:
    """A folder of roll photos whose first cannot be read; the second shows no dice."""
    unreadable(folder / "a.jpg")
    grey(folder / "b.png")
    return folder


def declared_png(path: Path, width: int, height: int) -> Path:
    """A PNG whose header declares ``width`` x ``height`` grey pixels, with a short (broken) body:
    only the header is ever read from it."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return len(data).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")
    header = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 0, 0, 0, 0])
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                     + chunk(b"IDAT", zlib.compress(bytes(1 << 20))) + chunk(b"IEND", b""))
    return path


def folder(path: Path) -> Path:
    path.mkdir()
    return path


def profile(tmp_path: Path, **fields: object) -> Path:
    path = tmp_path / "profile.json"
    data = Profile("kitchen", ReaderSettings(DiceKind.LCR), View((0, 0, 64, 64))).to_dict() | fields
    path.write_text(json.dumps(data))
    return path


def journal_with_photo(tmp_path: Path, photo: object) -> Path:
    session = Session.create(tmp_path / "s", Settings.create(["Ann", "Ben", "Cat"]))
    session.record_roll(("L", "R", "dot"))
    session.close()
    path = tmp_path / "s" / JOURNAL
    lines = path.read_text().splitlines()
    roll = json.loads(lines[1]) | {"photo": photo}
    path.write_text("\n".join([lines[0], json.dumps(roll), *lines[2:]]) + "\n")
    return tmp_path / "s"


def deep_journal(tmp_path: Path) -> Path:
    """A session whose second journal line is 100,000 brackets deep."""
    folder = journal_with_photo(tmp_path, None)
    path = folder / JOURNAL
    lines = path.read_text().splitlines()
    path.write_text("\n".join([lines[0], "[" * 100_000, *lines[2:]]) + "\n")
    return folder


def head_profile(tmp_path: Path, weights: list[list[float]]) -> Path:
    """A profile whose face head holds ``weights``."""
    head = {"model": model_digest(DEFAULT_MODEL), "bias": [0.0] * len(weights[0]),
            "weights": weights}
    return profile(tmp_path, face_head=head)


def unwritable_page(tmp_path: Path) -> Path:
    """A session whose page cannot be written: a folder has the page's name."""
    folder = journal_with_photo(tmp_path, None)
    (folder / "index.html").mkdir()
    return folder


# name: (how to make the case in tmp_path -> argv, the exit status, what stderr says)
CASES: dict[str, tuple[Callable[[Path], list[str]], int, str]] = {
    "detect goes on past a file it may not read": (
        lambda t: ["detect", str(grey(t / "a.png")), str(unreadable(t / "b.jpg")),
                   str(grey(t / "c.png"))],
        2, r"cannot read \S*b\.jpg: Input/output error$"),
    "detect exits 2 for a file that is not a picture": (
        lambda t: ["detect", str(written(t / "x.jpg", "not a picture"))],
        2, r"x\.jpg: not a picture lcr-vision reads"),
    "detect refuses a picture declaring 20000x20000 pixels before decoding it": (
        lambda t: ["detect", str(declared_png(t / "big.png", 20000, 20000))],
        2, r"big\.png: 20000x20000 pixels is over the limit of 50 megapixels"),
    "detect --max-megapixels 0": (
        lambda t: ["detect", "--max-megapixels", "0", str(grey(t / "a.png"))],
        2, r"--max-megapixels 0 should be a number of megapixels above 0"),
    "detect --max-megapixels 500, over what 1 GB decodes": (
        lambda t: ["detect", "--max-megapixels", "500", str(declared_png(t / "big.png", 20000,
                                                                         20000))],
        2, r"--max-megapixels 500 should be .* at most 150, what 1 GB of memory decodes$"),
    "detect on a folder without pictures": (
        lambda t: ["detect", str(folder(t / "empty"))],
        2, r"empty holds no pictures \(\.bmp, .*\.webp\)$"),
    "play --source a text file named .mp4: no FFmpeg lines": (
        lambda t: [*TABLE, "--source", str(written(t / "x.mp4", "not a video")), "--session",
                   str(t / "s")],
        2, r"^lcr-vision: error: cannot read frames from .*x\.mp4$"),
    "detect --jsonl into a missing folder": (
        lambda t: ["detect", "--jsonl", str(t / "missing" / "x.jsonl"), str(grey(t / "a.png"))],
        2, r"cannot write .*missing/x\.jsonl: No such file or directory$"),
    "detect --annotate onto an existing file": (
        lambda t: ["detect", "--annotate", str(grey(t / "a.png")), str(grey(t / "b.png"))],
        2, r"cannot write .*a\.png: File exists$"),
    'a profile with "scale": 50': (
        lambda t: ["detect", "--calibration", str(profile(t, scale=50)), str(grey(t / "a.png"))],
        2, r"field 'scale' must be a positive number up to 20, not 50$"),
    'a profile with "scale": 1e6': (
        lambda t: ["detect", "--calibration", str(profile(t, scale=1e6)), str(grey(t / "a.png"))],
        2, r"field 'scale' must be a positive number up to 20, not 1000000\.0$"),
    'a profile with "frame": [0, 0]': (
        lambda t: ["detect", "--calibration", str(profile(t, frame=[0, 0])),
                   str(grey(t / "a.png"))],
        2, r"field 'frame' must be the frame's width and height, each at least 16 pixels"),
    **{f"play --players {names[:16]!r}": (
        lambda t, names=names: ["play", "--manual", "--mute", "--players", names, "--session",
                                str(t / "s")],
        2, rf"^lcr-vision: error: player name .*{why}")
       for names, why in [("Ann\nX,Ben,Cat", r"'Ann\\nX' holds a line break"),
                          ("A\tn,Ben,Cat", "holds a line break or control character"),
                          ("\x1b[31mAnn,Ben,Cat", r"'\\x1b\[31mAnn' holds a line break"),
                          ('"Ann,Bob",Ben', "names are separated by ',', with no quoting$"),
                          ("A" * 5000 + ",Ben,Cat", "is over 40 characters$")]},
    "play --chip-value NaN": (
        lambda t: ["play", "--manual", "--mute", "--players", "Ann,Ben,Cat", "--chip-value", "NaN",
                   "--session", str(t / "s")],
        2, r"a chip must be worth more than 0 and at most 1,000,000, not NaN$"),
    "simulate --games 10**12": (
        lambda t: ["simulate", "--games", str(10**12)],
        2, r"--games must be from 1 to 10,000,000, not 1000000000000$"),
    "review in a folder it cannot write": (
        lambda t: ["review", str(unwritable_page(t))],
        2, r"cannot write .*s/index\.html: it is a folder$"),
    "review with a photo field that is not a path": (
        lambda t: ["review", str(journal_with_photo(t, 7))],
        2, r"journal\.jsonl line 2: roll event's 'photo' must be text or null, not 7$"),
    "a journal line 100,000 brackets deep": (
        lambda t: ["ledger", str(deep_journal(t))],
        2, r"journal\.jsonl line 2 is damaged: nested too deep$"),
    "a profile 100,000 brackets deep": (
        lambda t: ["detect", "--calibration", str(written(t / "p.json", "[" * 100_000)),
                   str(grey(t / "a.png"))],
        2, r"p\.json: not a readable JSON profile \(nested too deep\)$"),
    "a profile whose face head has the wrong number of classes": (
        lambda t: ["detect", "--calibration", str(head_profile(t, [[0.0] * 5] * 96)),
                   str(grey(t / "a.png"))],
        2, r"the face head reads 96 features into 5 classes, but .*dice\.onnx gives 96 and 12"),
    "a profile whose face head reads other features than the model gives": (
        lambda t: ["detect", "--calibration", str(head_profile(t, [[0.0] * 12] * 40)),
                   str(grey(t / "a.png"))],
        2, (r"the face head reads 40 features into 12 classes, but .*dice\.onnx gives 96 and 12: "
           r"calibrate again with it$")),
    "a profile whose face head holds weights of 3e38": (
        lambda t: ["play", "--headless", "--mute", "--players", "Ann,Ben,Cat", "--calibration",
                   str(head_profile(t, [[3e38] * 12] * 96)), "--source", str(t / "none"),
                   "--session", str(t / "s")],
        2, r"field 'face_head' has weights past 1000: no head fitted to dice has them"),
    "calibrate --name bad/name, refused before calibrating": (
        lambda t: ["calibrate", "--dice", "boxed", "--name", "bad/name", "--headless", "--mute",
                   "--source", str(t / "no-such-video.mp4")],
        2, r"--name must be a name without '/', not 'bad/name'$"),
    "a missing camera: one line, nothing said, no session folder": (
        lambda t: [*TABLE, "--camera", "7", "--session", str(t / "s")],
        2, r"^lcr-vision: error: cannot read frames from camera 7$"),
    "play --players A,B: the two-player rule before the camera, no session": (
        lambda t: ["play", "--headless", "--mute", "--players", "A,B", "--camera", "7",
                   "--session", str(t / "s")],
        2, r"^lcr-vision: error: LCR needs at least 3 players, got 2$"),
    "demo --speech-out into a missing folder, no session": (
        lambda t: ["demo", "--speech-out", str(t / "missing" / "x.wav"), "--session", str(t / "s")],
        2, r"--speech-out .*missing/x\.wav has no folder .*missing to write the recording in$"),
    "an unknown voice, muted: refused with a few voices there are, no session": (
        lambda t: ["play", "--manual", "--mute", "--voice", "nosuch", *PLAYERS, "--session",
                   str(t / "s")],
        2, (r"unknown voice 'nosuch': try .*\bEnglish\b.*\bRussian\b \(\d+ voices here; "
           r"espeak-ng --voices lists them\)$")),
    "play --source DIR goes on past a photo it may not read": (
        lambda t: [*TABLE, "--source", str(unreadable_first(t / "rolls")), "--session",
                   str(t / "s")],
        0, r"^lcr-vision: warning: cannot read \S*a\.jpg: Input/output error; skipped$"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_mistake_is_one_line(name: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
                               ) -> None:
    make, status, message = CASES[name]
    argv = make(tmp_path)
    capfd.readouterr()
    assert main(argv) == status
    out, err = capfd.readouterr()
    lines = err.splitlines()
    assert len(lines) == 1 and re.search(message, lines[0]), err
    if status == 2:
        assert lines[0].startswith("lcr-vision: error: ")
    if "camera" in name or "no session" in name:
        assert out == "" and not (tmp_path / "s").exists()
    if "detect goes on" in name:
        assert [json.loads(line)["image"] for line in out.splitlines()] == ["a.png", "c.png"]
    if "goes on past a photo" in name:
        assert "I see no dice, Ann rolls three." in out


USAGE = {
    "play --dice pips": (["play", "--dice", "pips"], r"argument --dice: unknown dice 'pips'"),
    "an unknown command": (["bogus"], r"argument COMMAND: invalid choice: 'bogus'"),
    "amend without --roll": (["amend", "s", "--faces", "L"],
                             r"required: --roll \(see lcr-vision amend --help\)$"),
    "measure without a study": (["measure"], r"required: STUDY \(see lcr-vision measure --help\)$"),
}


@pytest.mark.parametrize("name", list(USAGE))
def test_a_usage_mistake_is_one_line_not_the_usage(name: str, capsys: pytest.CaptureFixture[str]
                                                   ) -> None:
    argv, message = USAGE[name]
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    out, err = capsys.readouterr()
    assert stopped.value.code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("lcr-vision: error: ")
    assert re.search(message, err.strip()), err


@pytest.fixture(scope="module")
def roll_photo() -> np.ndarray:
    """A photo of Ann's first roll that the model reads surely."""
    return sure_still(np.random.default_rng(3), 3)[0]


def test_a_photo_that_cannot_be_written_stops_play_before_the_roll_is_journalled(
        tmp_path: Path, roll_photo: np.ndarray) -> None:
    """The kernel refuses files over 16 kB to this ``play`` (RLIMIT_FSIZE), as a full disk would
    refuse them: the journal fits, a roll's photo does not."""
    (tmp_path / "rolls").mkdir()
    cv2.imwrite(str(tmp_path / "rolls" / "roll1.png"), roll_photo)
    argv = [sys.executable, "-m", "lcr_vision", *TABLE, "--source", str(tmp_path / "rolls"),
            "--session", str(tmp_path / "s")]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False,
                          preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE,
                                                                (16384, 16384)))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert re.fullmatch(r"lcr-vision: error: cannot write .*/s/photos/0001\.jpg: File too large\n",
                        done.stderr), done.stderr
    events = [json.loads(x)["event"] for x in (tmp_path / "s" / JOURNAL).read_text().split("\n")
              if x]
    assert events == ["session"] and "Ann, pass" not in done.stdout
    assert not list((tmp_path / "s" / "photos").iterdir()), "nothing half-written is left"


def test_a_record_that_cannot_be_put_in_place_still_lets_its_roll_be_said_first(
        tmp_path: Path, roll_photo: np.ndarray, capfd: pytest.CaptureFixture[str]) -> None:
    """After the journal, a failing rename (here onto a folder in the way) is reported, but
    only once the committed roll has been said and marked said."""
    (tmp_path / "rolls").mkdir()
    cv2.imwrite(str(tmp_path / "rolls" / "roll1.png"), roll_photo)
    (tmp_path / "s" / "photos" / "0001.json" / "in-the-way").mkdir(parents=True)
    argv = [*TABLE, "--source", str(tmp_path / "rolls"), "--session", str(tmp_path / "s")]
    assert main(argv) == 2
    out, err = capfd.readouterr()
    assert re.fullmatch(r"lcr-vision: error: cannot write .*/s/photos/0001\.json: it is a "
                        r"folder\n", err), err
    assert "Ann, pass" in out or "Ann keeps every chip." in out
    events = [json.loads(x)["event"] for x in (tmp_path / "s" / JOURNAL).read_text().split("\n")
              if x]
    assert events[1:] == ["roll", "announced"]


def test_speech_out_into_a_missing_folder_is_one_line_not_a_hang(tmp_path: Path) -> None:
    argv = [sys.executable, "-m", "lcr_vision", *TABLE, "--source", "synthetic", "--session",
            str(tmp_path / "s"), "--speech-out", str(tmp_path / "missing" / "said.wav")]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"lcr-vision: error: --speech-out {tmp_path}/missing/said.wav has no "
                           f"folder {tmp_path}/missing to write the recording in\n")
    assert not (tmp_path / "s").exists()


def test_no_input_file_takes_a_gigabyte(tmp_path: Path) -> None:
    """Reading a picture at the 50-megapixel limit, and refusing one that declares 400, stay
    under 1 GB (the process's own peak, measured by the kernel)."""
    at_limit = tmp_path / "limit.png"
    cv2.imwrite(str(at_limit), np.zeros((7071, 7071, 3), np.uint8))
    huge = declared_png(tmp_path / "huge.png", 20000, 20000)
    code = ("import resource, sys; from lcr_vision.cli import main; status = main(sys.argv[1:]); "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr); "
            "sys.exit(status)")
    done = subprocess.run([sys.executable, "-c", code, "detect", str(huge), str(at_limit)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert [json.loads(line)["image"] for line in done.stdout.splitlines()] == ["limit.png"]
    refused, peak = done.stderr.splitlines()
    assert "huge.png: 20000x20000 pixels is over the limit" in refused
    assert int(peak) < 1_000_000, f"{int(peak) / 1024:.0f} MB"  # ru_maxrss is in kilobytes


@pytest.mark.parametrize(("argv", "message"), [
    (["amend", "session", "--roll", "abc", "--faces", "L"],
     "argument --roll: invalid int value: 'abc' (see lcr-vision amend --help)"),
    (["detect", "--threads", "100000", "a.png"],
     ("argument --threads: must be a whole number from 1 to 64, not '100000' (see lcr-vision "
      "detect --help)")),
])
def test_a_mistyped_option_is_one_line_without_the_usage(
        capfd: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert capfd.readouterr().err == f"lcr-vision: error: {message}\n"
