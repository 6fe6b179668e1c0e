"""The calibrated view: crop the play area, resize it to the reading scale, read, map boxes back.

The reader itself stays untouched; a profile only changes what it is shown. Cropping drops what
lies off the tray (chips, cups, the next player's dice) and makes the play area fill the locator's
320 pixels; the scale brings dice to the size the model reads best; tiles let small dice reach the
locator larger. Boxes come back in pixels of
the original frame, so the photo log, the window and JSON Lines need not know about profiles.
A turn puts the table's far side up for a model that reads the frame's up as the far side (an
upright model, `spec.UPRIGHT_KEY`), when the camera stands at another side of the picture.

>>> v = View(roi=(100, 50, 200, 100), scale=2.0)
>>> v.apply(np.zeros((480, 640, 3), np.uint8)).shape
(200, 400, 3)
>>> v.to_frame(Detections([[0, 0, 40, 40]], ["L"], [0.9]), (480, 640)).boxes.tolist()
[[100.0, 50.0, 120.0, 70.0]]
>>> turned = View(turn=1)  # a quarter-turn anticlockwise: the frame's right side comes up
>>> turned.apply(np.zeros((480, 640, 3), np.uint8)).shape
(640, 480, 3)
>>> turned.to_frame(Detections([[0, 0, 40, 20]], ["L"], [0.9]), (480, 640)).boxes.tolist()
[[620.0, 0.0, 640.0, 40.0]]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import numpy as np

from lcr_vision.calibration.tiles import merge, windows
from lcr_vision.errors import Said, UserError
from lcr_vision.vision.detections import Detections
from lcr_vision.vision.limits import MAX_PIXELS

if TYPE_CHECKING:  # the reader loads OpenCV: commands taking --calibration start without it
    from lcr_vision.vision.reader import DiceReader, Look


class ViewError(UserError):
    """A profile's play area that does not fit the frames it is asked to read."""


@dataclass(frozen=True)
class View:
    """``roi`` ``(x, y, w, h)`` (``None``: whole frame) and ``scale``, for frames of ``frame``
    ``(w, h)``; frames of another size with the same shape (the camera set to another resolution)
    get the play area and scale stretched to match. The resized play area is turned by ``turn``
    quarter-turns anticlockwise, then read in ``tiles`` x ``tiles`` windows overlapping by
    ``overlap`` pixels (:mod:`lcr_vision.calibration.tiles`)."""

    roi: tuple[int, int, int, int] | None = None
    scale: float = 1.0
    frame: tuple[int, int] | None = None
    tiles: int = 1
    overlap: int = 0
    turn: int = 0

    def fitted(self, shape: tuple[int, ...]) -> tuple[tuple[int, int, int, int], float]:
        """The play area in pixels of a frame of ``shape`` (h, w, ...) and the scale for it."""
        h, w = shape[:2]
        if self.roi is None:
            return (0, 0, w, h), self.scale
        k = 1.0
        if self.frame is not None and tuple(self.frame) != (w, h):
            fw, fh = self.frame
            k = w / fw
            if abs(h / fh - k) > 0.02:
                raise ViewError(Said("profile_frames", {"made": f"{fw}x{fh}", "size": f"{w}x{h}"}))
        x, y, rw, rh = (round(v * k) for v in self.roi)
        x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + rw, w), min(y + rh, h)
        if x1 - x0 < 16 or y1 - y0 < 16:
            raise ViewError(Said("profile_area", {"roi": str(self.roi), "size": f"{w}x{h}"}))
        return (x0, y0, x1 - x0, y1 - y0), self.scale / k

    def apply(self, frame: np.ndarray) -> np.ndarray:
        """The play area of ``frame``, resized by the scale and turned."""
        import cv2  # here, so that commands taking --calibration start fast

        (x, y, w, h), scale = self.fitted(frame.shape)
        area = frame[y:y + h, x:x + w]
        size = _resized(w, h, scale)
        if size[0] * size[1] > MAX_PIXELS:
            raise ViewError(Said("profile_scale", {
                "scale": f"{self.scale:g}", "size": f"{frame.shape[1]}x{frame.shape[0]}",
                "area": f"{size[0]}x{size[1]}", "most": f"{MAX_PIXELS / 1e6:g}"}))
        if size != (w, h):
            area = cv2.resize(area, size,
                              interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
        return np.ascontiguousarray(np.rot90(area, self.turn)) if self.turn % 4 else area

    def to_frame(self, dice: Detections, shape: tuple[int, ...]) -> Detections:
        """Dice read in the view, with boxes moved back to pixels of the frame of ``shape``."""
        (x, y, w, h), scale = self.fitted(shape)
        sw, sh = _resized(w, h, scale)
        boxes = _unturned(dice.boxes, self.turn, sw, sh)
        boxes = boxes * np.array([w / sw, h / sh] * 2, np.float32) + np.array([x, y] * 2)
        return dice.moved(boxes)


def _unturned(boxes: np.ndarray, turn: int, w: int, h: int) -> np.ndarray:
    """``(N, 4)`` boxes read in a ``w`` x ``h`` picture turned by ``turn`` quarter-turns
    anticlockwise (``np.rot90``), in pixels of the picture before it was turned."""
    boxes = np.asarray(boxes, np.float32).reshape(-1, 4)
    for done in reversed(range(turn % 4)):  # undo the last quarter-turn first
        width = w if done % 2 == 0 else h  # of the picture that quarter-turn was given
        # a quarter-turn took (x, y) to (y, width - x)
        boxes = np.stack([width - boxes[:, 3], boxes[:, 0], width - boxes[:, 1], boxes[:, 2]], 1)
    return boxes


def _resized(w: int, h: int, scale: float) -> tuple[int, int]:
    """The size ``(w, h)`` becomes at ``scale``, in whole pixels."""
    return max(round(w * scale), 1), max(round(h * scale), 1)


class FrameReader(Protocol):
    """Anything that reads dice from a frame (the DiceReader)."""

    def read(self, image_bgr: np.ndarray) -> Detections: ...


@dataclass(frozen=True)
class ViewLook:
    """A frame of ``shape`` seen once through a view (`CalibratedReader.look`): the view's
    picture, and a `Look` at each of its windows with the window's offset ``(x, y)``."""

    shape: tuple[int, ...]
    image: np.ndarray
    windows: tuple[tuple[Look, tuple[int, int]], ...]


class CalibratedReader:
    """A reader that sees each frame through ``view``; answers in the frame's own pixels."""

    def __init__(self, reader: DiceReader, view: View) -> None:
        self.reader = reader
        self.view = view

    def reading(self, **changes: object) -> CalibratedReader:
        """This reader with the `ReaderSettings` fields ``changes`` changed
        (`DiceReader.reading`), seeing through the same view."""
        return CalibratedReader(self.reader.reading(**changes), self.view)

    def read(self, frame: np.ndarray) -> Detections:
        """Every readable die in the play area of ``frame``."""
        return self.judge(self.look(frame))

    def look(self, frame: np.ndarray, features: bool | None = None) -> ViewLook:
        """One look at each window of ``frame``'s play area (`DiceReader.look`: ``features``
        keeps what any head needs to judge it)."""
        image = self.view.apply(frame)
        h, w = image.shape[:2]
        return ViewLook(frame.shape, image, tuple(
            (self.reader.look(image[y:y + th, x:x + tw], features), (x, y))
            for x, y, tw, th in windows((w, h), self.view.tiles, self.view.overlap)))

    def judge(self, look: ViewLook) -> Detections:
        """The dice of ``look`` as this reader decides them (`DiceReader.judge`), each once, in
        the frame's pixels: what `read` reads, for a look kept and judged with another head."""
        parts = [(self.reader.judge(part), offset) for part, offset in look.windows]
        return self.view.to_frame(merge(parts) if len(parts) > 1 else parts[0][0], look.shape)
