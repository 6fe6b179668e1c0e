"""`Ranges`: every random choice the renderer makes, as bounds a caller can override.

Training samples inside the defaults; a test of generalisation renders with other bounds (new fonts,
colours, steeper tilts) by ``dataclasses.replace``:

>>> from dataclasses import replace
>>> steep = replace(Ranges(), tilt_deg=(40.0, 55.0), fonts=(3,))
>>> steep.tilt_deg, Ranges().tilt_deg
((40.0, 55.0), (0.0, 40.0))
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

Span = tuple[float, float]
BGR = tuple[int, int, int]

# cv2 Hershey font ids (SIMPLEX, DUPLEX, COMPLEX, TRIPLEX); FONT_ITALIC (16) may be OR-ed in.
_FONTS = (0, 2, 3, 4)

_BODIES: tuple[BGR, ...] = (
    (238, 240, 242), (245, 245, 240), (30, 30, 32), (40, 40, 190), (35, 25, 150), (50, 150, 40),
    (160, 80, 30), (40, 200, 230), (30, 120, 230), (120, 40, 110), (200, 200, 190), (90, 60, 40),
    (20, 90, 20), (170, 150, 60), (60, 60, 60), (210, 225, 235),
)
_INKS: tuple[BGR, ...] = (
    (20, 20, 20), (245, 245, 245), (30, 30, 200), (40, 170, 215), (140, 40, 20), (30, 110, 20),
)


# How wild faces are marked on real dice: a star (with the word WILD below it, at times), a
# starburst of many thin rays, a W, the word WILD alone, or a star inside a ring.
WILD_DESIGNS = ("star", "burst", "W", "WILD", "ringed")
TRAINING_WILD_DESIGNS = ("star", "burst", "W")  # the rest are kept for the holdout
HELD_OUT_WILD_DESIGNS = ("WILD", "ringed")


BASE_WIDTH = 640  # the frame width that `Ranges`' pixel sizes are given for


@dataclass(frozen=True)
class Ranges:
    """Bounds of the scene parameters; ``(lo, hi)`` spans are sampled uniformly.

    Sizes are in pixels, angles in degrees, probabilities in [0, 1]. Colours are BGR palettes that
    the renderer jitters; ``fonts`` are cv2 Hershey font ids.
    """

    die_px: Span = (14.0, 140.0)            # edge of a die at the image centre (log-uniform)
    dice: tuple[int, int] = (1, 12)         # dice per scene (fewer when big dice do not fit)
    tilt_deg: Span = (0.0, 40.0)            # camera tilt away from looking straight down
    roll_deg: Span = (-180.0, 180.0)        # camera rotation about its axis
    focal: Span = (0.6, 1.6)                # focal length / image width (raised for big dice)
    min_distance: float = 12.0              # camera to table centre, in die edges (~20 cm)
    touching: float = 0.3                   # chance a die is placed against another
    at_edge: float = 0.15                   # chance a die is placed across the frame edge
    body_colours: tuple[BGR, ...] = _BODIES
    ink_colours: tuple[BGR, ...] = _INKS
    colour_jitter: float = 25.0             # +- per channel on body and ink colours
    finishes: tuple[str, ...] = ("opaque", "opaque", "marbled", "translucent")
    rimmed: float = 0.0                     # chance a die's ink has a rim of another colour
    dim_ink: float = 0.0                    # chance a die's ink is close to its body in brightness
    bevel: Span = (0.06, 0.16)              # rounded edge width / die edge
    pip_radius: Span = (0.075, 0.11)        # pip radius / face edge
    big_one: float = 0.3                    # chance the 1 pip is bigger (and red on white dice)
    fonts: tuple[int, ...] = _FONTS
    italic: float = 0.15
    letter_height: Span = (0.45, 0.72)      # letter height / face edge
    letter_weight: Span = (0.06, 0.16)      # stroke width / face edge
    dot_radius: Span = (0.1, 0.22)          # LCR dot radius / face edge
    wild_word: float = 0.4                  # chance the wild star carries the word WILD
    wild_points: tuple[int, int] = (5, 8)
    # TrueType typefaces (font file paths, `synth.typefaces`) a die's letters are drawn in, with
    # chance ``typeface_share``, else in ``fonts``; and the wild designs of `WILD_DESIGNS`
    # drawn. The defaults draw no typeface and the star, so that renders need no Pillow.
    typefaces: tuple[str, ...] = ()
    typeface_share: float = 0.7
    wild_designs: tuple[str, ...] = ("star",)
    # Faces a maker marks with a symbol instead of its letter: (face, a design of
    # `WILD_DESIGNS`) pairs, such as a star for Center; none in training.
    symbols: tuple[tuple[str, str], ...] = ()
    surfaces: tuple[str, ...] = ("wood", "felt", "cloth", "tray", "tray", "paper", "plain", "plain")
    distractors: tuple[int, int] = (0, 6)
    hand: float = 0.15                      # chance a hand is in a still
    light_elevation_deg: Span = (40.0, 85.0)
    shadow: Span = (0.25, 0.6)              # darkness of contact shadows
    ambient: Span = (0.35, 0.6)             # shading floor of faces turned from the light
    gradient: Span = (0.0, 0.35)            # strength of lighting falloff across the frame
    glare: float = 0.25                     # chance of a soft glare spot
    white_balance: Span = (0.88, 1.12)      # per-channel gain
    exposure: Span = (0.75, 1.25)
    saturation: Span = (0.5, 1.0)           # webcams mute colours
    haze: Span = (0.0, 0.15)                # veiling flare: blacks lift, contrast drops
    defocus_px: Span = (0.0, 1.2)           # Gaussian sigma
    motion_blur: float = 0.15               # chance of camera shake in a still
    motion_px: Span = (2.0, 7.0)
    noise: Span = (0.3, 5.0)                # sensor noise sigma, grey levels
    jpeg_quality: tuple[int, int] = (45, 95)

    def at_width(self, width: int) -> Ranges:
        """These ranges, given for frames 640 pixels wide (`BASE_WIDTH`), as a camera of the
        same view but ``width`` pixels wide shows them: the dice in proportion (a webcam's
        1280x720 keeps its 640x480 width of view). Blur and noise stay in pixels, as a sharper
        sensor's are.

        >>> Ranges(die_px=(20.0, 30.0)).at_width(1280).die_px
        (40.0, 60.0)
        """
        zoom = width / BASE_WIDTH
        return replace(self, die_px=(self.die_px[0] * zoom, self.die_px[1] * zoom))


def uniform(rng: np.random.Generator, span: Span) -> float:
    """One draw from ``span``: a tiny helper so every module samples spans the same way."""
    return float(rng.uniform(span[0], span[1]))


def log_uniform(rng: np.random.Generator, span: Span) -> float:
    """One draw from ``span`` with every factor of two equally likely (for sizes and distances).

    >>> round(log_uniform(np.random.default_rng(0), (10.0, 10.0)), 6)
    10.0
    """
    return float(np.exp(rng.uniform(np.log(span[0]), np.log(span[1]))))


def integer(rng: np.random.Generator, span: tuple[int, int]) -> int:
    """One draw from the inclusive integer ``span``."""
    return int(rng.integers(span[0], span[1] + 1))


def jitter(rng: np.random.Generator, colour: BGR, amount: float) -> np.ndarray:
    """``colour`` moved by up to ``amount`` per channel, as float32 BGR."""
    c = np.asarray(colour, np.float32) + rng.uniform(-amount, amount, 3).astype(np.float32)
    return np.clip(c, 0, 255)
