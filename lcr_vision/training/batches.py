"""Training batches, made on the fly from scenes: locator frames with heat-map targets, and crops.

Every batch is freshly augmented (``augment.random_view`` and ``random_camera``), so a few hundred
labelled photos and renders become an endless stream of different views.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from lcr_vision.training.augment import (
    DECOY,
    JPEG_FLOOR,
    Scene,
    random_camera,
    random_view,
    specular_glints,
)
from lcr_vision.training.sources import SceneSource
from lcr_vision.vision.crops import cut_crops
from lcr_vision.vision.heatmap import encode
from lcr_vision.vision.spec import CLASSES, CROP, NONE, STRIDE

LOCATOR_VIEW = 256
LOCATOR_DIE_PX = (6.0, 110.0)
CROP_VIEW = 256
CROP_DIE_PX = (14.0, 80.0)  # the median die of a classifier view, log-uniform (`CropMix.die_px`)
# Visible share of a die's box: read above INSIDE, "none" between GONE and CUT, else not used.
INSIDE, CUT, GONE = 0.97, 0.85, 0.25


@dataclass(frozen=True)
class FrameMix:
    """How a locator batch is made: ``views`` random views a batch; ``upright`` views keep the
    photo's up (``augment.random_view``)."""

    views: int = 16
    upright: bool = False


def locator_batch(source: SceneSource, rng: np.random.Generator, mix: FrameMix
                  ) -> tuple[np.ndarray, ...]:
    """``mix.views`` views as ``mix`` says: images ``(mix.views, 3, 256, 256)`` and heat,
    log-size, offset and mask targets."""
    grid = (LOCATOR_VIEW // STRIDE,) * 2
    images, targets = [], []
    for _ in range(mix.views):
        view = random_view(source.draw(rng).dice(), rng, (LOCATOR_VIEW,) * 2, LOCATOR_DIE_PX,
                           upright=mix.upright)
        images.append(random_camera(view.image, rng, _typical(view)).transpose(2, 0, 1))
        targets.append(encode(view.centers, view.sizes, grid))
    heat, size, offset, mask = (np.stack(t) for t in zip(*targets))
    return np.stack(images).astype(np.float32), heat[:, None], size, offset, mask[:, None]


def _typical(view: Scene) -> float:
    """The median die size of a view, in pixels (30 when it shows none)."""
    sizes = view.dice().sizes
    return float(np.median(sizes)) if len(sizes) else 30.0


def _visible_share(centers: np.ndarray, sizes: np.ndarray, side: int) -> np.ndarray:
    lo, hi = np.clip(centers - sizes / 2, 0, side), np.clip(centers + sizes / 2, 0, side)
    return np.prod(np.maximum(hi - lo, 0), 1) / np.maximum(np.prod(sizes, 1), 1e-6)


def salient_spots(image: np.ndarray, die: float, count: int,
                  rng: np.random.Generator) -> np.ndarray:
    """``count`` points drawn where the image has die-sized blobs or edges (chips, coins, pips on
    the cloth, hands): the places the locator is tempted, so the classifier learns ``none`` there.

    The response is a difference of Gaussians at the die's scale; points are drawn with chance
    proportional to its square, on a grid of a quarter die.
    """
    step = max(int(die / 4), 1)
    h, w = image.shape[:2]
    grey = cv2.resize(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY),
                      (max(w // step, 1), max(h // step, 1)),
                      interpolation=cv2.INTER_AREA).astype(np.float32)
    sigma = max(die / 6 / step, 0.5)  # in grid cells
    dog = np.abs(cv2.GaussianBlur(grey, (0, 0), sigma) - cv2.GaussianBlur(grey, (0, 0), 3 * sigma))
    weight = dog.ravel() ** 2
    if not count or weight.sum() <= 0:
        return np.zeros((0, 2))
    cells = rng.choice(len(weight), size=count, p=weight / weight.sum())
    cols = dog.shape[1]
    return np.stack([cells % cols, cells // cols], 1) * step + rng.uniform(0, step, (count, 2))


def crop_samples(view: Scene, rng: np.random.Generator, crop: int = CROP
                 ) -> tuple[np.ndarray, np.ndarray]:
    """``crop``-pixel crops of one view and their class indices: its dice, cut dice and bare spots.

    Readable dice are cut with the centre and size errors the locator makes; dice running off the
    view's edge, decoys, and spots (random or salient) more than 0.45 of a die away from any centre,
    are ``none``.
    """
    n = len(view.centers)
    share = _visible_share(view.centers, view.sizes, CROP_VIEW)
    die = view.sizes.mean(1) if n else np.zeros(0)
    jitter = rng.normal(0, 0.07, (n, 2)) * die[:, None]
    centers = [view.centers + jitter]
    sizes = [die * np.exp(rng.normal(0, 0.15, n))]
    faces = np.array([CLASSES.index(NONE if f == DECOY else f) for f in view.faces], int)
    cut = (share > GONE) & (share < CUT)
    labels = [np.where(share >= INSIDE, faces, np.where(cut, CLASSES.index(NONE), -1))]
    typical = _typical(view) if len(view.dice().sizes) else float(rng.uniform(*CROP_DIE_PX))
    count = int(np.sum(share > GONE)) // 2 + 3
    spots = np.concatenate([rng.uniform(0, CROP_VIEW, (count, 2)),
                            salient_spots(view.image, typical, 2 * count, rng)])
    spot_sizes = typical * np.exp(rng.normal(0, 0.3, len(spots)))
    if n:
        gap = np.linalg.norm(spots[:, None] - view.centers[None], axis=2) / die[None]
        far = (gap > 0.45).all(1)
        spots, spot_sizes = spots[far], spot_sizes[far]
    centers.append(spots)
    sizes.append(spot_sizes)
    labels.append(np.full(len(spots), CLASSES.index(NONE)))
    label = np.concatenate(labels)
    keep = label >= 0
    crops = cut_crops(view.image, np.concatenate(centers)[keep], np.concatenate(sizes)[keep], crop)
    return crops, label[keep]


@dataclass(frozen=True)
class CropMix:
    """How a classifier batch is made: ``views`` random views a batch, whose median die is
    ``die_px`` across (log-uniform; wider for a run that must read close-ups), re-compressed at
    JPEG qualities down to ``jpeg_floor`` half of the time, cut into ``crop``-pixel crops;
    ``upright`` views keep the photo's up (``augment.random_view``)."""

    views: int = 24
    jpeg_floor: int = JPEG_FLOOR
    upright: bool = False
    crop: int = CROP
    die_px: tuple[float, float] = CROP_DIE_PX


def classifier_batch(source: SceneSource, rng: np.random.Generator, mix: CropMix
                     ) -> tuple[np.ndarray, np.ndarray]:
    """Crops ``(N, 3, mix.crop, mix.crop)`` and class indices from ``mix.views`` random views of
    ``source``, lamp glints on a third of the dice of 20 px and over
    (``augment.specular_glints``)."""
    crops, labels = [], []
    for _ in range(mix.views):
        view = random_view(source.draw(rng), rng, (CROP_VIEW,) * 2, mix.die_px,
                           upright=mix.upright)
        view = specular_glints(view, rng)
        view = Scene(random_camera(view.image, rng, _typical(view), mix.jpeg_floor), view.centers,
                     view.sizes, view.faces)
        c, lab = crop_samples(view, rng, mix.crop)
        crops.append(c)
        labels.append(lab)
    return np.concatenate(crops), np.concatenate(labels)
