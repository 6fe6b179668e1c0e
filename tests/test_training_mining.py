"""Hard negatives: a trained locator's false peaks become `none` crops, never locator targets."""

from __future__ import annotations

import numpy as np

from lcr_vision.synth.ranges import Ranges
from lcr_vision.synth.scene import render_scene
from lcr_vision.training.augment import DECOY, Scene
from lcr_vision.training.batches import crop_samples, locator_batch
from lcr_vision.training.mining import CLEAR, MINE_HEAT, with_decoys
from lcr_vision.training.renders import as_training_scene
from lcr_vision.training.sources import SceneSource
from lcr_vision.vision.reader import DEFAULT_MODEL, DiceReader
from lcr_vision.vision.spec import CLASSES, NONE


def rendered(seed: int, dice: int | None) -> Scene:
    s = render_scene(np.random.default_rng(seed), "mixed", (640, 480), Ranges(), dice=dice)
    return as_training_scene(s.image, s.dice)


def test_decoys_are_the_locators_peaks_away_from_every_die() -> None:
    scenes = [rendered(seed, None) for seed in range(6)] + [rendered(seed, 0) for seed in range(6)]
    mined, total = with_decoys(scenes, DEFAULT_MODEL)
    reader = DiceReader(heat_threshold=MINE_HEAT)
    assert total > 0
    for before, after in zip(scenes, mined):
        assert after.dice().faces == before.faces
        np.testing.assert_array_equal(after.dice().centers, before.centers)
        decoys = after.centers[len(before.faces):]
        assert after.faces[len(before.faces):] == (DECOY,) * len(decoys)
        peaks = reader.locate(before.image).centers
        for c in decoys:
            assert np.linalg.norm(peaks - c, axis=1).min() < 1e-3  # a peak of the locator
            if len(before.centers):
                gaps = np.linalg.norm(before.centers - c, axis=1) / before.sizes.mean(1)
                assert gaps.min() > CLEAR
        if not len(before.faces):  # on an empty table every peak is a decoy
            assert len(decoys) == len(peaks)


def test_a_decoy_is_a_none_crop_for_the_classifier_and_nothing_for_the_locator() -> None:
    image = np.full((256, 256, 3), 90, np.uint8)
    scene = Scene(image, np.array([[128.0, 128.0]], np.float32), np.array([[30.0, 30.0]], np.float32),
                  (DECOY,))
    crops, labels = crop_samples(scene, np.random.default_rng(0))
    assert len(crops) == len(labels) and labels[0] == CLASSES.index(NONE)
    assert set(labels.tolist()) == {CLASSES.index(NONE)}
    source = SceneSource([scene], [], real_share=1.0)
    _, heat, _, _, mask = locator_batch(source, np.random.default_rng(0), 4)
    assert heat.max() == 0 and mask.max() == 0
