"""Training views: wherever a random camera puts a die, its label goes with it; what it shoots
looks like other cameras and other dice."""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from lcr_vision.training.augment import (
    MOTION_SHARE,
    Scene,
    motion_blur,
    random_camera,
    random_view,
    specular_glints,
)


def white_square_scene(x: int, y: int, side: int) -> Scene:
    image = np.zeros((240, 320, 3), np.uint8)
    image[y:y + side, x:x + side] = 255
    return Scene.from_boxes(image, np.array([[x, y, x + side, y + side]]), ("4",))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), x=st.integers(20, 260), y=st.integers(20, 180),
       side=st.integers(16, 40), squash=st.floats(0.0, 0.6))
def test_labels_follow_the_die_through_any_view(
        seed: int, x: int, y: int, side: int, squash: float) -> None:
    view = random_view(white_square_scene(x, y, side), np.random.default_rng(seed), (128, 128),
                       (14.0, 40.0), squash=squash)
    white = (view.image == 255).all(2)
    if len(view.centers) == 0 or not white.any():
        return
    (cx, cy), (w, h) = view.centers[0], view.sizes[0]
    if not (w / 2 < cx < 128 - w / 2 and h / 2 < cy < 128 - h / 2):
        return  # cut by the view's edge: the visible part's centre is elsewhere
    ys, xs = np.nonzero(white)
    near = 0.08 * w + 1  # a projected centre is not quite the centroid of the projected square
    assert abs(xs.mean() - cx) < near and abs(ys.mean() - cy) < near
    # The label's size is that of a square of the die's area, however it is foreshortened.
    assert abs(np.sqrt(white.sum()) - w) < 0.1 * w + 2


def test_squashing_foreshortens_the_die_across_one_axis() -> None:
    rng = np.random.default_rng(3)
    ratios = []
    for _ in range(200):
        view = random_view(white_square_scene(140, 100, 30), rng, (128, 128), (30.0, 30.0),
                           perspective=0.0, squash=0.5)
        white = (view.image == 255).all(2).astype(np.uint8)
        inside = not (white[0].any() or white[-1].any() or white[:, 0].any() or white[:, -1].any())
        if white.sum() > 50 and inside:
            (_, _), (a, b), _ = cv2.minAreaRect(np.argwhere(white).astype(np.float32))
            ratios.append(min(a, b) / max(a, b))
    ratios = np.array(ratios)
    assert (ratios > 0.9).mean() > 0.4 and (ratios < 0.75).mean() > 0.2  # some plain, some squashed
    assert ratios.min() > 0.45


def test_a_moved_die_is_smeared_along_one_line_no_longer_than_its_share() -> None:
    dot = np.zeros((41, 41), np.float32)
    dot[20, 20] = 1000.0
    spreads = []
    for seed in range(40):
        smeared = motion_blur(dot, np.random.default_rng(seed), die_px=50.0)
        assert abs(smeared.sum() - 1000.0) < 1e-2  # light is moved, not made or lost
        ys, xs = np.nonzero(smeared > 1e-3)
        points = np.stack([xs, ys], 1).astype(float)
        extent = np.ptp(points, 0)
        spreads.append(float(np.hypot(*extent)))
        _, singular, _ = np.linalg.svd(points - points.mean(0), full_matrices=False)
        assert singular[1] < 0.5 * singular[0]  # one line, not a blot
    assert max(spreads) <= MOTION_SHARE * 50 + 2 and max(spreads) > 3


def test_a_red_die_comes_out_in_other_hues_as_well() -> None:
    rng = np.random.default_rng(0)
    red = np.zeros((48, 48, 3), np.uint8)
    red[..., 2] = 200  # BGR
    strongest = [int(random_camera(red, rng).reshape(-1, 3).mean(0).argmax()) for _ in range(200)]
    counts = np.bincount(strongest, minlength=3)
    assert counts[2] > 100  # mostly the die's own colour, under other light
    assert counts[0] > 10 and counts[1] > 10  # and sometimes as a blue or a green die


def _blockiness(image: np.ndarray) -> float:
    """How much more the picture steps across JPEG's 8-pixel block edges than elsewhere."""
    steps = np.abs(np.diff(image.astype(np.float32).mean(2), axis=1)).mean(0)
    edges = np.arange(7, len(steps), 8)
    return float(steps[edges].mean() - np.delete(steps, edges).mean())


def test_a_lower_jpeg_floor_teaches_harder_compression() -> None:
    ramp = np.tile(np.linspace(40, 220, 256, dtype=np.float32), (128, 1))
    smooth = cv2.GaussianBlur(np.dstack([ramp, ramp[:, ::-1], ramp]), (0, 0), 3).astype(np.uint8)
    blocky = {floor: np.mean([_blockiness(random_camera(smooth, np.random.default_rng(s),
                                                        jpeg_floor=floor)) for s in range(60)])
              for floor in (10, 90)}
    assert blocky[10] > blocky[90] + 0.05, blocky


def test_glints_brighten_only_the_dice_and_keep_their_labels() -> None:
    rng = np.random.default_rng(4)
    image = np.full((200, 300, 3), 60, np.uint8)
    scene = Scene(image, np.float32([[70, 100], [220, 90]]), np.float32([[40, 40], [50, 50]]),
                  ("3", "L"))
    out = specular_glints(scene, rng, chance=1.0)
    assert (out.faces, out.centers.tolist(), out.sizes.tolist()) == (
        scene.faces, scene.centers.tolist(), scene.sizes.tolist())
    changed = np.argwhere((out.image != image).any(2))[:, ::-1]
    assert len(changed) > 20, "every die picked gets at least one mark"
    near = np.linalg.norm(changed[:, None] - scene.centers[None], axis=2) / scene.sizes[:, 0]
    assert (near.min(1) < 0.5).all(), "marks stay on the dice"
    assert (out.image >= image).all(), "a reflection only adds light"


def test_small_dice_get_no_glints() -> None:
    scene = Scene(np.full((80, 80, 3), 90, np.uint8), np.float32([[40, 40]]),
                  np.float32([[15, 15]]), ("2",))
    assert specular_glints(scene, np.random.default_rng(1), chance=1.0) is scene


def test_no_glints_when_no_die_is_picked() -> None:
    scene = Scene(np.full((50, 50, 3), 90, np.uint8), np.float32([[25, 25]]),
                  np.float32([[20, 20]]), ("6",))
    assert specular_glints(scene, np.random.default_rng(0), chance=0.0) is scene


def test_upright_views_keep_the_photos_up_and_mirror_half_of_them() -> None:
    # A die's top face (white) above its side face (grey), a mark on the top face's left half.
    image = np.zeros((240, 320, 3), np.uint8)
    image[90:120, 140:170] = 255
    image[120:135, 140:170] = 128
    image[95:115, 143:150] = (0, 0, 255)
    scene = Scene.from_boxes(image, np.array([[140, 90, 170, 120]]), ("4",))
    rng = np.random.default_rng(5)
    mirrored = []
    for _ in range(100):
        view = random_view(scene, rng, (128, 128), (30.0, 30.0), perspective=0.0, upright=True)
        top, side = (np.argwhere((view.image == v).all(2)) for v in ((255,) * 3, (128,) * 3))
        mark = np.argwhere((view.image == (0, 0, 255)).all(2))
        if min(len(top), len(side), len(mark)) < 10:
            continue
        assert side[:, 0].mean() > top[:, 0].mean()  # the side face stays below the top face
        mirrored.append(mark[:, 1].mean() > top[:, 1].mean())
    assert len(mirrored) > 50 and 0.3 < np.mean(mirrored) < 0.7
