"""Hard negatives: the spots where a trained locator sees a die that is not there.

Printed digits on cards, coins, cup rims and the side faces of steeply seen dice draw the locator's
peaks; the classifier must answer ``none`` there. Random and salient spots only approximate those
places, so a trained model's own false peaks are found on the rendered scenes and kept in each
scene as ``DECOY`` entries: augmented with the scene like its dice, left out of the locator's
targets, and cut as ``none`` crops for the classifier.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

from lcr_vision.training.augment import DECOY, Scene
from lcr_vision.vision.dice_model import DiceModel
from lcr_vision.vision.looker import Looker

MINE_HEAT = 0.15  # below the reader's 0.3: near misses teach too
CLEAR = 0.6  # a peak this many die sizes from every labelled die is no die


def false_peaks(scene: Scene, looker: Looker) -> tuple[np.ndarray, np.ndarray]:
    """Centres ``(M, 2)`` and sizes ``(M, 2)`` of the locator's peaks on ``scene`` away from its
    labelled dice (cut dice included)."""
    peaks = looker.locate(scene.image)
    far = np.ones(len(peaks.scores), bool)
    if len(scene.centers) and len(peaks.scores):
        gap = np.linalg.norm(peaks.centers[:, None] - scene.centers[None], axis=2)
        far = (gap > CLEAR * scene.sizes.mean(1)[None]).all(1)
    return peaks.centers[far], peaks.sizes[far]


def with_decoys(scenes: Sequence[Scene], model: Path) -> tuple[list[Scene], int]:
    """``scenes`` with the false peaks of ``model``'s locator added as decoys, and how many."""
    looker = Looker(DiceModel(model), heat_threshold=MINE_HEAT)
    out, total = [], 0
    for scene in scenes:
        centers, sizes = false_peaks(scene, looker)
        total += len(centers)
        out.append(replace(scene,
                           centers=np.concatenate([scene.centers, centers]).astype(np.float32),
                           sizes=np.concatenate([scene.sizes, sizes]).astype(np.float32),
                           faces=scene.faces + (DECOY,) * len(centers)))
    return out, total
