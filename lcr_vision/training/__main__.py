"""``python -m lcr_vision.training``: train the locator and the classifier, export one ONNX model.

Reproducible: fixed seeds, the fixed validation split of ``lcr_vision.vision.split``, and the
settings below written into the model's metadata.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import torch

from lcr_vision.training.augment import JPEG_FLOOR, Scene
from lcr_vision.training.batches import classifier_batch, locator_batch
from lcr_vision.training.export import export
from lcr_vision.training.lite import LiteClassifier, from_imagenet, lite_blocks
from lcr_vision.training.loop import Budget, train_classifier, train_locator
from lcr_vision.training.mining import with_decoys
from lcr_vision.training.nets import (
    CLASSIFIER_WIDTHS,
    Classifier,
    Locator,
    State,
    average,
    classifier_widths,
    widen,
)
from lcr_vision.training.realset import real_scenes, rune55_scenes
from lcr_vision.training.renders import TILT_MAX, cached_renders
from lcr_vision.training.sources import SceneSource
from lcr_vision.training.unfold import load_onnx, onnx_classifier_widths
from lcr_vision.vision import spec

REPO = Path(__file__).resolve().parents[2]


def _jpeg_floor(text: str) -> int:
    """A JPEG quality from 1 to 94: examples are re-compressed at qualities from it up to 95."""
    if not text.isdigit() or not 1 <= int(text) <= 94:
        raise argparse.ArgumentTypeError(f"expected a JPEG quality from 1 to 94, got {text!r}")
    return int(text)


def _crop_side(text: str) -> int:
    """A crop side from 16 to 128 pixels: smaller crops lose the pips, bigger ones only cost."""
    if not text.isdigit() or not 16 <= int(text) <= 128:
        raise argparse.ArgumentTypeError(f"expected a side from 16 to 128 pixels, got {text!r}")
    return int(text)


def _widths(text: str) -> tuple[int, ...]:
    """``16,32,32,64,64,96``: one positive channel count per classifier convolution."""
    try:
        widths = tuple(int(w) for w in text.split(","))
    except ValueError:
        widths = ()
    if len(widths) != len(CLASSIFIER_WIDTHS) or min(widths) < 1:
        raise argparse.ArgumentTypeError(
            f"expected {len(CLASSIFIER_WIDTHS)} positive channel counts, got {text!r}")
    return widths


def _weights(path: Path, net: torch.nn.Module, example: Callable[[], np.ndarray]) -> State:
    """``net``'s weights saved by a run (``.pt``) or in a shipped model (``.onnx``; its batch norms
    rebuilt from ``example`` inputs, see ``unfold``)."""
    if path.suffix != ".onnx":
        return torch.load(path, map_location="cpu")
    load_onnx(net, path, torch.from_numpy(example()))
    return {k: v.clone() for k, v in net.state_dict().items()}


def _classifier_weights(path: Path, example: Callable[[], np.ndarray]) -> State:
    """A classifier's weights (``.pt`` or ``.onnx``), at the widths it was saved with."""
    widths = onnx_classifier_widths(path) if path.suffix == ".onnx" else CLASSIFIER_WIDTHS
    if len(widths) != len(CLASSIFIER_WIDTHS):  # only the plain classifier unfolds from ONNX
        raise SystemExit(f"{path}: its classifier is not the plain CNN; start from the "
                         "classifier.pt its run saved")
    return _weights(path, Classifier(widths), example)


def _classifier_for(state: State) -> Classifier | LiteClassifier:
    """A network of the shape ``state`` was saved from, holding it."""
    blocks = lite_blocks(state)
    net = Classifier(classifier_widths(state)) if blocks is None else LiteClassifier(blocks)
    net.load_state_dict(state)
    return net


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m lcr_vision.training", description=__doc__)
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
    p.add_argument("--classifier-widths", type=_widths, default=CLASSIFIER_WIDTHS, metavar="W,...",
                   help="channels of the classifier's six convolutions (default: "
                   f"{','.join(map(str, CLASSIFIER_WIDTHS))})")
    p.add_argument("--backbone", choices=("plain", "lite0"), default="plain",
                   help="the classifier trained from scratch: plain, the small CNN of "
                   "--classifier-widths, or lite0, the first blocks of EfficientNet-Lite0 started "
                   "from ImageNet (training.lite; needs the train extra) (default: plain)")
    p.add_argument("--crop", type=_crop_side, metavar="PX",
                   help=f"the side of the classifier's crops (default: {spec.CROP}, or "
                   f"{LiteClassifier.crop} for --backbone lite0)")
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
    p.add_argument("--face-score", type=_probability, metavar="P",
                   help="the least probability of a face the reader reports, kept in the model's "
                   f"metadata (default: none kept, the reader's {spec.FACE_SCORE}); measure it "
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
    p.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu",
                   help="PyTorch device to train on (default: cuda when there is one, else cpu)")
    p.add_argument("--locator-minutes", type=float, metavar="M",
                   help="train the locator for M minutes instead of --locator-steps")
    p.add_argument("--classifier-minutes", type=float, metavar="M",
                   help="train the classifier for M minutes instead of --classifier-steps")
    return p.parse_args(argv)


def _probability(text: str) -> float:
    """A command-line probability, strictly between 0 and 1 (argparse reports the error)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"must be a number between 0 and 1, not {text!r}")
    return value


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    args.work.mkdir(parents=True, exist_ok=True)

    def log(line: str) -> None:
        print(f"{time.strftime('%H:%M:%S')} {line}", flush=True)

    starts = [args.locator, args.locator_init, *(args.classifier or []), args.classifier_init]
    real: list[Scene] = []
    if not (args.locator and args.classifier) or any(p and p.suffix == ".onnx" for p in starts):
        real = real_scenes(args.real)  # also what rebuilds an .onnx start's batch norms
    renders: list[Scene] = []
    more: list[Scene] = []
    if not (args.locator and args.classifier):  # something trains
        log(f"{len(real)} real training photos, {sum(len(s.faces) for s in real)} dice")
        if args.rune55:
            more = rune55_scenes(args.rune55)
            log(f"{len(more)} rune55 training photos, {sum(len(s.faces) for s in more)} dice")
        renders = cached_renders(args.renders, args.render_seed, args.work, args.workers,
                                 args.tilt_max, args.typefaces, args.upright)
        log(f"{len(renders)} rendered scenes, {sum(len(s.faces) for s in renders)} dice")
    frames = SceneSource(real, renders, 0.5, more_real=more, more_share=args.rune55_share)
    crops = SceneSource(real, renders, 0.6, more_real=more, more_share=args.rune55_share)
    rng = np.random.default_rng(args.seed)
    locator = Locator()
    start = args.locator or args.locator_init
    if start:
        locator.load_state_dict(_weights(start, locator, lambda: locator_batch(frames, rng, 16)[0]))
    locator.to(args.device)
    if not args.locator:
        train_locator(locator, frames, Budget(args.locator_steps, args.locator_minutes), args.seed,
                      log, args.workers, checkpoint=args.work / "locator.pt", upright=args.upright)

    def examples() -> np.ndarray:  # crops that rebuild an .onnx classifier's batch norms
        return classifier_batch(crops, rng, 8, upright=args.upright)[0]

    if args.classifier:
        classifier = _classifier_for(
            average([_classifier_weights(pt, examples) for pt in args.classifier]))
        classifier.to(args.device)
    else:
        if args.backbone == "lite0":  # ImageNet's, or a lite0 run's saved weights
            classifier = _classifier_for(torch.load(args.classifier_init, map_location="cpu")) \
                if args.classifier_init else from_imagenet()
        else:
            classifier = Classifier(args.classifier_widths)
            if args.classifier_init:
                state = _classifier_weights(args.classifier_init, examples)
                if classifier_widths(state) != args.classifier_widths:
                    log(f"widening {args.classifier_init} from {classifier_widths(state)} to "
                        f"{args.classifier_widths}")
                    state = widen(state, args.classifier_widths, np.random.default_rng(args.seed))
                classifier.load_state_dict(state)
        classifier.to(args.device)
        if args.mine:
            renders, decoys = with_decoys(renders, args.mine)
            log(f"{decoys} decoys: false peaks of {args.mine} on the rendered scenes")
            crops = SceneSource(real, renders, 0.6, more_real=more, more_share=args.rune55_share)
        train_classifier(classifier, crops,
                         Budget(args.classifier_steps, args.classifier_minutes), args.seed + 1,
                         log, args.workers, jpeg_floor=args.jpeg_floor,
                         checkpoint=args.work / "classifier.pt", upright=args.upright,
                         crop=args.crop)
    locator, classifier = locator.cpu(), classifier.cpu()
    for name, net in (("locator", locator), ("classifier", classifier)):  # what later runs start from
        torch.save(net.state_dict(), args.work / f"{name}.pt")
    settings = {k: v for k, v in vars(args).items() if k not in ("out", "work", "threads", "workers", "device")}
    metadata = {
        "classes": json.dumps(spec.CLASSES),
        spec.LOCATOR_SIDE_KEY: str(spec.LOCATOR_SIDE),
        **({spec.UPRIGHT_KEY: "1"} if args.upright else {}),
        **({spec.FACE_SCORE_KEY: str(args.face_score)} if args.face_score is not None else {}),
        "training": json.dumps({k: " ".join(map(str, v)) if isinstance(v, list) else str(v)
                                for k, v in settings.items()}),
    }
    export(locator, classifier, args.out, metadata, args.crop or classifier.crop)
    log(f"wrote {args.out} ({args.out.stat().st_size} bytes); onnxruntime agrees with PyTorch")
    return 0


if __name__ == "__main__":
    sys.exit(main())
