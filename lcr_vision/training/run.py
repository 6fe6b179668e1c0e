"""Train the locator and the classifier, export one ONNX model (``lcr-vision train``, the
command line's part; this is what it runs, with the train extra's PyTorch).

Reproducible: fixed seeds, the fixed validation split of ``lcr_vision.vision.split``, and the
`TrainOptions` written into the model's metadata.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch

from lcr_vision.training.augment import JPEG_FLOOR, Scene
from lcr_vision.training.batches import (
    CROP_DIE_PX,
    CropMix,
    FrameMix,
    classifier_batch,
    locator_batch,
)
from lcr_vision.training.export import export
from lcr_vision.training.lite import LiteClassifier, from_imagenet, lite_blocks
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
from lcr_vision.training.optimise import Budget, train_classifier, train_locator
from lcr_vision.training.realset import real_scenes, rune55_scenes
from lcr_vision.training.renders import PIP_SHARE, TILT_MAX, RenderLook, cached_renders
from lcr_vision.training.sources import SceneSource
from lcr_vision.training.unfold import load_onnx, onnx_classifier_widths
from lcr_vision.vision import spec


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


@dataclass(frozen=True)
class TrainOptions:
    """What one training run does; ``lcr-vision train --help`` says what each field means
    (`lcr_vision.cli.train`). ``device`` ``None``: CUDA where there is one, else the CPU."""

    real: Path
    out: Path
    work: Path
    rune55: Path | None = None
    rune55_share: float = 0.5
    locator_steps: int = 3000
    locator: Path | None = None
    locator_init: Path | None = None
    classifier: list[Path] | None = None
    classifier_init: Path | None = None
    classifier_widths: tuple[int, ...] = CLASSIFIER_WIDTHS
    backbone: str = "plain"
    crop: int | None = None
    crop_die_px: tuple[float, float] = CROP_DIE_PX
    classifier_steps: int = 4000
    renders: int = 1200
    render_seed: int = 1
    tilt_max: float = TILT_MAX
    typefaces: bool = False
    upright: bool = False
    pip_share: float = PIP_SHARE
    dim_ink: float = 0.0
    face_score: float | None = None
    mine: Path | None = None
    jpeg_floor: int = JPEG_FLOOR
    seed: int = 0
    threads: int = 2
    workers: int = 0
    device: str | None = None
    locator_minutes: float | None = None
    classifier_minutes: float | None = None


def train(args: TrainOptions) -> int:
    """Train (or take) both networks as ``args`` say, export the model and its metadata."""
    device = args.device or ("cuda" if torch.cuda.is_available() else "cpu")
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
        look = RenderLook(args.tilt_max, args.typefaces, args.upright, args.pip_share,
                          args.dim_ink)
        renders = cached_renders(args.renders, args.render_seed, args.work, args.workers, look)
        log(f"{len(renders)} rendered scenes, {sum(len(s.faces) for s in renders)} dice")
    frames = SceneSource(real, renders, 0.5, more_real=more, more_share=args.rune55_share)
    crops = SceneSource(real, renders, 0.6, more_real=more, more_share=args.rune55_share)
    rng = np.random.default_rng(args.seed)
    locator = Locator()
    start = args.locator or args.locator_init
    if start:
        locator.load_state_dict(_weights(start, locator,
                                         lambda: locator_batch(frames, rng, FrameMix())[0]))
    locator.to(device)
    if not args.locator:
        train_locator(locator, frames, Budget(args.locator_steps, args.locator_minutes), args.seed,
                      log, args.workers, FrameMix(upright=args.upright),
                      checkpoint=args.work / "locator.pt")

    def examples() -> np.ndarray:  # crops that rebuild an .onnx classifier's batch norms
        return classifier_batch(crops, rng, CropMix(views=8, upright=args.upright))[0]

    if args.classifier:
        classifier = _classifier_for(
            average([_classifier_weights(pt, examples) for pt in args.classifier]))
        classifier.to(device)
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
        classifier.to(device)
        if args.mine:
            renders, decoys = with_decoys(renders, args.mine)
            log(f"{decoys} decoys: false peaks of {args.mine} on the rendered scenes")
            crops = SceneSource(real, renders, 0.6, more_real=more, more_share=args.rune55_share)
        mix = CropMix(jpeg_floor=args.jpeg_floor, upright=args.upright,
                      crop=args.crop or classifier.crop, die_px=args.crop_die_px)
        train_classifier(classifier, crops,
                         Budget(args.classifier_steps, args.classifier_minutes), args.seed + 1,
                         log, args.workers, mix, checkpoint=args.work / "classifier.pt")
    locator, classifier = locator.cpu(), classifier.cpu()
    # what later runs start from
    for name, net in (("locator", locator), ("classifier", classifier)):
        torch.save(net.state_dict(), args.work / f"{name}.pt")
    settings = {k: v for k, v in vars(args).items()
                if k not in ("out", "work", "threads", "workers", "device")}
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
