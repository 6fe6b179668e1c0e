"""``lcr-vision train``: train the locator and the classifier, export one ONNX model.

Training needs the train extra (PyTorch's CPU build: ``make .venv/.train``) and never runs at the
table; this module only reads the options (`lcr_vision.training.run` trains). Reproducible: fixed
seeds, the fixed validation split of ``lcr_vision.vision.split``, and the options written into the
model's metadata.
"""

from __future__ import annotations

import argparse
import importlib.util
from dataclasses import fields
from pathlib import Path

from lcr_vision.cli.usage import refused
from lcr_vision.errors import Said, UserError

HELP = "train the dice model (the train extra: make .venv/.train)"
DESCRIPTION = (
    "Train the locator and the classifier on the real photos' training split and rendered "
    "scenes, and export one ONNX model with its settings in its metadata. Needs the train extra "
    "(PyTorch's CPU build): make .venv/.train. `make train` runs it with the defaults."
)
REPO = Path(__file__).resolve().parents[2]
# The training modules' defaults, written out so that ``--help`` loads no PyTorch; a test checks
# them against the modules' own (nets.CLASSIFIER_WIDTHS, lite.LiteClassifier.crop,
# renders.TILT_MAX and PIP_SHARE, augment.JPEG_FLOOR, batches.CROP_DIE_PX, vision.spec CROP and
# FACE_SCORE).
CLASSIFIER_WIDTHS = (16, 32, 32, 64, 64, 96)
LITE_CROP = 56
TILT_MAX = 40.0
PIP_SHARE = 0.1
JPEG_FLOOR = 35
CROP = 40
CROP_DIE_PX = (14.0, 80.0)
FACE_SCORE = 0.5


def _jpeg_floor(text: str) -> int:
    """A JPEG quality from 1 to 94: examples are re-compressed at qualities from it up to 95."""
    if not text.isdigit() or not 1 <= int(text) <= 94:
        raise refused(Said("jpeg_floor", {"text": text}))
    return int(text)


def _number(text: str) -> float:
    """``text`` as a number, or -1 where it is none (every share or probability refuses -1)."""
    try:
        return float(text)
    except ValueError:
        return -1.0


def _pip_share(text: str) -> float:
    """A share of the renders from 0 to 0.6: the rest of the scenes keep some boxed dice."""
    if not 0 <= (share := _number(text)) <= 0.6:
        raise refused(Said("pip_share", {"text": text}))
    return share


def _crop_side(text: str) -> int:
    """A crop side from 16 to 128 pixels: smaller crops lose the pips, bigger ones only cost."""
    if not text.isdigit() or not 16 <= int(text) <= 128:
        raise refused(Said("crop_side", {"text": text}))
    return int(text)


def _die_px_range(text: str) -> tuple[float, float]:
    """``14-128``: the range of a classifier view's median die, from 6 px up to 200 (the views are
    256 px across, and a die must fit one)."""
    low, _, high = text.partition("-")
    try:
        bounds = float(low), float(high)
    except ValueError:
        bounds = (0.0, 0.0)
    if not 6 <= bounds[0] < bounds[1] <= 200:
        raise refused(Said("die_px_range", {"text": text}))
    return bounds


def _widths(text: str) -> tuple[int, ...]:
    """``16,32,32,64,64,96``: one positive channel count per classifier convolution."""
    try:
        widths = tuple(int(w) for w in text.split(","))
    except ValueError:
        widths = ()
    if len(widths) != len(CLASSIFIER_WIDTHS) or min(widths) < 1:
        raise refused(Said("channel_widths", {"n": len(CLASSIFIER_WIDTHS), "text": text}))
    return widths


def _probability(text: str) -> float:
    """A command-line probability, strictly between 0 and 1 (argparse reports the error)."""
    if not 0 < (value := _number(text)) < 1:
        raise refused(Said("must_share", {"value": text}))
    return value


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--real", type=Path, default=REPO.parent / "shared/data/real-d6-tray",
                   help="the real labelled photo set (labels.csv + images/); its validation "
                   "split is never trained on (default: ../shared/data/real-d6-tray)")
    p.add_argument("--rune55", type=Path, metavar="DIR",
                   help="also train on this set of real photos from many cameras (rune55-d6: "
                   "labels.csv + images/; its validation split is never trained on)")
    p.add_argument("--rune55-share", type=float, default=0.5, metavar="P",
                   help="the share of real examples drawn from --rune55 (default: 0.5)")
    p.add_argument("--out", type=Path, default=REPO / "models/dice.onnx",
                   help="where to write the ONNX model (default: models/dice.onnx)")
    p.add_argument("--work", type=Path, default=REPO / "runs/train",
                   help="folder for the render cache and the exported networks' PyTorch weights, "
                   "locator.pt and classifier.pt (default: runs/train)")
    p.add_argument("--locator-steps", type=int, default=3000,
                   help="training steps for the locator, 16 views each (default: 3000)")
    p.add_argument("--locator", type=Path, metavar="PT",
                   help="start from these trained locator weights (a run's locator.pt, or a "
                   "model's .onnx) instead of training it")
    p.add_argument("--locator-init", type=Path, metavar="PT",
                   help="train the locator on from these weights (.pt or .onnx) instead of from "
                   "scratch")
    p.add_argument("--classifier", type=Path, nargs="+", metavar="PT",
                   help="use these trained classifier weights (.pt or .onnx) instead of training "
                   "it; several (runs fine-tuned from one start) are averaged into one network")
    p.add_argument("--classifier-init", type=Path, metavar="PT",
                   help="train the classifier on from these weights (.pt or .onnx; any crop size: "
                   "the network ends in global pooling; a narrower network is widened to "
                   "--classifier-widths first) instead of from scratch")
    p.add_argument("--classifier-widths", type=_widths, default=CLASSIFIER_WIDTHS,
                   metavar="W,...",
                   help="channels of the classifier's six convolutions (default: "
                   f"{','.join(map(str, CLASSIFIER_WIDTHS))})")
    p.add_argument("--backbone", choices=("plain", "lite0"), default="plain",
                   help="the classifier trained from scratch: plain, the small CNN of "
                   "--classifier-widths, or lite0, the first blocks of EfficientNet-Lite0 started "
                   "from ImageNet (training.lite; needs the train extra) (default: plain)")
    p.add_argument("--crop", type=_crop_side, metavar="PX",
                   help=f"the side of the classifier's crops (default: {CROP}, or "
                   f"{LITE_CROP} for --backbone lite0)")
    p.add_argument("--crop-die-px", type=_die_px_range, default=CROP_DIE_PX, metavar="LO-HI",
                   help="the median die's size in the classifier's training views, drawn "
                   "log-uniform from LO to HI pixels; a wider range teaches close-ups and small "
                   f"dice alike (default: {CROP_DIE_PX[0]:g}-{CROP_DIE_PX[1]:g})")
    p.add_argument("--classifier-steps", type=int, default=4000,
                   help="training steps for the classifier, crops of 24 views each (default: 4000)")
    p.add_argument("--renders", type=int, default=1200,
                   help="rendered scenes to train on, cached in --work (default: 1200)")
    p.add_argument("--render-seed", type=int, default=1,
                   help="seed of the rendered scenes; test scenes use other seeds (default: 1)")
    p.add_argument("--tilt-max", type=float, default=TILT_MAX, metavar="DEG",
                   help="the steepest camera tilt of the rendered scenes, in degrees from "
                   f"straight down (default: the renderer's {TILT_MAX:g}; the holdout's "
                   "out-of-range tilts are 40-50)")
    p.add_argument("--typefaces", action="store_true",
                   help="render boxed dice as they are printed: letters in the TrueType "
                   "typefaces installed here and more wild designs, those kept for the holdout "
                   "left out (lcr_vision.synth.typefaces; needs Pillow and font packages), and "
                   "dice as shops sell them: glitter bodies, ink rimmed in another colour "
                   "(lcr_vision.synth.die_look.as_made)")
    p.add_argument("--upright", action="store_true",
                   help="train on views that keep the photo's up (the table's far side, side "
                   "faces below top faces): renders rolled and views turned by at most a few "
                   "degrees, mirrored half the time; the reader then reads each crop as cut and "
                   "mirrored rather than in quarter-turns")
    p.add_argument("--pip-share", type=_pip_share, default=PIP_SHARE, metavar="S",
                   help="the share of rendered scenes with pip dice, the boxed LCR and Wild ones "
                   f"sharing what is left after the mixed and empty tables (default: {PIP_SHARE})")
    p.add_argument("--dim-ink", type=_probability, default=0.0, metavar="S",
                   help="the share of rendered dice inked close to their body's brightness (under "
                   "75 grey levels apart), as the dice read least surely are (default: 0, inks "
                   "as the palette gives them)")
    p.add_argument("--face-score", type=_probability, metavar="P",
                   help="the least probability of a face the reader reports, kept in the model's "
                   f"metadata (default: none kept, the reader's {FACE_SCORE}); measure it "
                   "on the validation sets and renders, as models/README.md does")
    p.add_argument("--mine", type=Path, metavar="ONNX",
                   help="teach the classifier `none` where this model's locator finds dice that "
                   "are not there on the rendered scenes (hard negatives; see training.mining)")
    p.add_argument("--jpeg-floor", type=_jpeg_floor, default=JPEG_FLOOR, metavar="Q",
                   help="the lowest JPEG quality the classifier's examples are re-compressed at, "
                   f"half of them (default: {JPEG_FLOOR})")
    p.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    p.add_argument("--threads", type=int, default=2, help="PyTorch CPU threads (default: 2)")
    p.add_argument("--workers", type=int, default=0,
                   help="processes rendering scenes and making batches (default: 0, in this one)")
    p.add_argument("--device",
                   help="PyTorch device to train on (default: cuda when there is one, else cpu)")
    p.add_argument("--locator-minutes", type=float, metavar="M",
                   help="train the locator for M minutes instead of --locator-steps")
    p.add_argument("--classifier-minutes", type=float, metavar="M",
                   help="train the classifier for M minutes instead of --classifier-steps")


def run(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("torch") is None:
        raise UserError(Said("train_extra"))
    from lcr_vision.training.run import TrainOptions, train

    return train(TrainOptions(**{f.name: getattr(args, f.name) for f in fields(TrainOptions)}))
