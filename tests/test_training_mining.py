"""Hard negatives: a trained locator's false peaks and the plainly seen side faces of dice become
`none` crops, never locator targets."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from lcr_vision.synth.ranges import Ranges
from lcr_vision.synth.scene import render_scene
from lcr_vision.training.augment import DECOY, Scene
from lcr_vision.training.batches import FrameMix, crop_samples, locator_batch
from lcr_vision.training.mining import CLEAR, MINE_HEAT, with_decoys
from lcr_vision.training.renders import SIDE_CLEAR, SIDE_SHARE, as_training_scene
from lcr_vision.training.sources import SceneSource
from lcr_vision.vision.dice_model import DEFAULT_MODEL
from lcr_vision.vision.reader import DiceReader, ReaderSettings
from lcr_vision.vision.spec import CLASSES, NONE


def rendered(seed: int, dice: int | None) -> Scene:
    s = render_scene(np.random.default_rng(seed), "mixed", (640, 480), Ranges(), dice=dice)
    return as_training_scene(s.image, s.dice)


def test_decoys_are_the_locators_peaks_away_from_every_die() -> None:
    scenes = [rendered(seed, None) for seed in range(6)] + [rendered(seed, 0) for seed in range(6)]
    mined, total = with_decoys(scenes, DEFAULT_MODEL)
    reader = DiceReader(None, ReaderSettings(heat_threshold=MINE_HEAT))
    assert total > 0
    for before, after in zip(scenes, mined):
        assert after.dice().faces == before.dice().faces
        np.testing.assert_array_equal(after.dice().centers, before.dice().centers)
        decoys = after.centers[len(before.faces):]
        assert after.faces[len(before.faces):] == (DECOY,) * len(decoys)
        peaks = reader.looker.locate(before.image).centers
        for c in decoys:
            assert np.linalg.norm(peaks - c, axis=1).min() < 1e-3  # a peak of the locator
            if len(before.centers):
                gaps = np.linalg.norm(before.centers - c, axis=1) / before.sizes.mean(1)
                assert gaps.min() > CLEAR
        if not len(before.faces):  # on an empty table every peak is a decoy
            assert len(decoys) == len(peaks)


def test_a_decoy_is_a_none_crop_for_the_classifier_and_nothing_for_the_locator() -> None:
    image = np.full((256, 256, 3), 90, np.uint8)
    scene = Scene(image, np.array([[128.0, 128.0]], np.float32),
                  np.array([[30.0, 30.0]], np.float32), (DECOY,))
    crops, labels = crop_samples(scene, np.random.default_rng(0))
    assert len(crops) == len(labels) and labels[0] == CLASSES.index(NONE)
    assert set(labels.tolist()) == {CLASSES.index(NONE)}
    source = SceneSource([scene], [], real_share=1.0)
    _, heat, _, _, mask = locator_batch(source, np.random.default_rng(0), FrameMix(views=4))
    assert heat.max() == 0 and mask.max() == 0


def test_side_faces_seen_from_a_tilted_camera_are_decoys() -> None:
    rng = np.random.default_rng(4)
    counts = {}
    for tilt in (0.0, 40.0):
        counts[tilt] = 0
        for _ in range(8):
            s = render_scene(rng, "lcr", (640, 480), replace(Ranges(), tilt_deg=(tilt, tilt)))
            scene = as_training_scene(s.image, s.dice)
            dice = scene.dice()
            decoys = scene.centers[len(dice.faces):]
            assert scene.faces[len(dice.faces):] == (DECOY,) * len(decoys)
            counts[tilt] += len(decoys)
            sides = [side for d in s.labelled for side in d.sides
                     if cv2.contourArea(side.astype(np.float32)) >= SIDE_SHARE * cv2.contourArea(
                         d.polygon.astype(np.float32))]
            for c in decoys:  # the middle of a plainly seen side face, clear of every top face
                assert min(np.linalg.norm(side.mean(0) - c) for side in sides) < 1e-3
                gaps = np.linalg.norm(dice.centers - c, axis=1) / dice.sizes.mean(1)
                assert gaps.min() > SIDE_CLEAR
    assert counts[40.0] > 20 and counts[40.0] > 5 * counts[0.0]
