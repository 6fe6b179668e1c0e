"""Frame sources: photo folders in name order, video files to their end, cameras that fail."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from lcr_vision.camera import CaptureSource, FolderSource, SourceError, open_source
from lcr_vision.camera.capture import MODES, ask_mode
from lcr_vision.cli import main
from lcr_vision.phrases.spoken import warn_in


def grey(level: int) -> np.ndarray:
    return np.full((48, 64, 3), level, np.uint8)


def test_a_folder_gives_its_photos_in_natural_name_order(tmp_path: Path) -> None:
    for level, name in ((30, "roll10.png"), (10, "roll2.png"), (20, "roll9.jpg")):
        cv2.imwrite(str(tmp_path / name), grey(level))
    (tmp_path / "notes.txt").write_text("not a photo")
    source = open_source(None, str(tmp_path))
    assert isinstance(source, FolderSource) and source.stills
    levels = [int(frame.mean().round()) for frame in source.frames()]
    assert levels == [10, 20, 30]


def test_a_folder_takes_every_format_a_photo_named_alone_is_read_in(tmp_path: Path) -> None:
    """PPM and PGM photos in a folder are rolls, as ``detect photo.ppm`` reads them."""
    for i, suffix in enumerate((".ppm", ".pgm", ".png")):
        shape = (32, 48) if suffix == ".pgm" else (32, 48, 3)  # a PGM is grey
        assert cv2.imwrite(str(tmp_path / f"{i}{suffix}"), np.full(shape, 40 * i, np.uint8))
    frames = list(FolderSource(tmp_path).frames())
    assert [f.shape[:2] for f in frames] == [(32, 48)] * 3
    assert [int(f.mean()) for f in frames] == [0, 40, 80]


def test_a_photo_that_cannot_be_decoded_is_named_and_skipped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cv2.imwrite(str(tmp_path / "a.png"), grey(10))
    (tmp_path / "b.jpg").write_bytes(b"not a jpeg")
    cv2.imwrite(str(tmp_path / "c.png"), grey(30))
    source = FolderSource(tmp_path)
    assert [int(frame.mean()) for frame in source.frames()] == [10, 30]
    assert source.where == "c.png"
    assert capsys.readouterr().err == (f"lcr-vision: warning: {tmp_path}/b.jpg: not a picture "
                                       "lcr-vision reads (JPEG, PNG, BMP, TIFF, WebP, PPM); "
                                       "skipped\n")
    russian = FolderSource(tmp_path, warn=warn_in("ru"))
    assert len(list(russian.frames())) == 2
    assert capsys.readouterr().err == (f"lcr-vision: внимание: {tmp_path}/b.jpg: это не снимок, "
                                       "который читает lcr-vision (JPEG, PNG, BMP, TIFF, WebP, "
                                       "PPM); снимок пропущен\n")


def test_one_photo_is_one_roll(tmp_path: Path) -> None:
    """``--source photo.jpg`` reads that photo as a roll, not as a video of one frame that never
    settles, and nothing else beside it."""
    cv2.imwrite(str(tmp_path / "a.png"), grey(10))
    cv2.imwrite(str(tmp_path / "b.png"), grey(30))
    source = open_source(None, str(tmp_path / "b.png"))
    assert isinstance(source, FolderSource) and source.stills
    assert [int(frame.mean()) for frame in source.frames()] == [30]
    assert source.where == "b.png" and source.differs("b.png", source.photo[1]) is None


def test_an_empty_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="no images in"):
        FolderSource(tmp_path)


def write_video(path: Path, levels: range) -> Path:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 15, (64, 48))
    for level in levels:
        writer.write(grey(level))
    writer.release()
    return path


def test_a_video_file_plays_every_frame_then_ends(tmp_path: Path) -> None:
    source = open_source(None, str(write_video(tmp_path / "throw.avi", range(0, 250, 10))))
    assert not source.stills
    levels = [int(frame.mean().round()) for frame in source.frames()]
    assert len(levels) == 25
    assert levels == sorted(levels)


def test_a_camera_that_never_opens_is_reported_after_a_few_tries() -> None:
    source = CaptureSource(97, live=True, retry_seconds=0.01, first_tries=2)
    with pytest.raises(SourceError, match="cannot read frames from camera 97"):
        next(source.frames())


def test_a_live_source_that_drops_out_is_reopened_and_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A stream that ends stands for a camera unplugged and plugged back in: it opens again.
    path = write_video(tmp_path / "stream.avi", range(50, 250, 50))
    frames = CaptureSource(str(path), live=True, retry_seconds=0.01).frames()
    levels = [round(next(frames).mean(), -1) for _ in range(10)]
    assert levels == [50, 100, 150, 200] * 2 + [50, 100]
    err = capsys.readouterr().err
    assert err.count("stopped sending frames; reconnecting") == 2
    assert err.count("is back") == 2


class Webcam:
    """What OpenCV's V4L2 backend does with a mode asked for: a mode the camera has is taken, any
    other leaves the one it had (as ``cv2.VideoCapture.set`` reports through ``get``)."""

    def __init__(self, modes: set[tuple[int, int]], mode: tuple[int, int] = (640, 480)) -> None:
        self.modes, self.mode, self.asked = modes, mode, [0, 0]

    def set(self, prop: int, value: float) -> bool:
        if prop in (cv2.CAP_PROP_FRAME_WIDTH, cv2.CAP_PROP_FRAME_HEIGHT):
            self.asked[prop == cv2.CAP_PROP_FRAME_HEIGHT] = int(value)
            if tuple(self.asked) in self.modes:
                self.mode = (self.asked[0], self.asked[1])
        return True

    def get(self, prop: int) -> float:
        return float(self.mode[prop == cv2.CAP_PROP_FRAME_HEIGHT])


def test_a_webcam_opens_at_the_largest_mode_it_takes() -> None:
    assert ask_mode(Webcam({(640, 480), (1280, 720), (1920, 1080)}), MODES) == (1920, 1080)
    assert ask_mode(Webcam({(640, 480), (1280, 720)}), MODES) == (1280, 720)
    assert ask_mode(Webcam({(640, 480)}), MODES) is None  # it stays at its own
    assert ask_mode(Webcam({(640, 480), (1280, 720)}), ((640, 480),)) == (640, 480)


def test_a_video_tells_no_camera_mode_and_a_bad_resolution_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = CaptureSource(str(write_video(tmp_path / "a.avi", range(0, 50, 10))), live=False)
    source.check()
    assert source.size == (64, 48) and capsys.readouterr().err == ""
    assert main(["play", "--headless", "--mute", "--source", "synthetic", "--resolution", "720p",
                 "--session", str(tmp_path / "s")]) == 2
    err = capsys.readouterr().err
    assert err == "lcr-vision: error: --resolution 720p should be WIDTHxHEIGHT, like 1280x720\n"
    assert not (tmp_path / "s").exists()


def test_the_simulated_table_renders_at_the_resolution_asked_with_its_dice_in_proportion() -> None:
    small, large = (open_source(None, "synthetic", 3, resolution=size)
                    for size in ((640, 480), (1280, 720)))
    for table, shape in ((small, (480, 640, 3)), (large, (720, 1280, 3))):
        table.turn("Ann", 1)  # a table shows nothing until someone throws
        assert next(table.frames()).shape == shape
    assert large.table.stage.die_px == pytest.approx(2 * small.table.stage.die_px, rel=0.05)
