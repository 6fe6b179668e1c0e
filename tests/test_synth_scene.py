"""Rendered stills: labels match the drawing, seeds are reproducible, all faces occur."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lcr_vision.faces import FACE_TOKENS
from lcr_vision.synth import Ranges, render_scene
from lcr_vision.synth.layout import place_dice
from lcr_vision.synth.scene import die_kinds, label, rest_dice
from lcr_vision.synth.stage import Stage

# A bare table: one plain colour, no distractors, shadows, light falloff, blur or noise.
CLEAN = replace(
    Ranges(), surfaces=("plain",), distractors=(0, 0), hand=0.0, shadow=(0.0, 0.0),
    gradient=(0.0, 0.0), glare=0.0, defocus_px=(0.0, 0.0), motion_blur=0.0, noise=(0.0, 0.0),
    jpeg_quality=(95, 95), white_balance=(1.0, 1.0), exposure=(1.0, 1.0), finishes=("opaque",),
    die_px=(20.0, 50.0),
)


def _coverage(stage: Stage, dice: list) -> np.ndarray:
    """Opacity of the painted dice per pixel: paint on black and on white and compare."""
    w, h = stage.size
    black, white = np.zeros((h, w, 3), np.float32), np.full((h, w, 3), 255, np.float32)
    stage.paint(black, dice)
    stage.paint(white, dice)
    return 1 - (white - black).min(axis=2) / 255


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(["pip", "lcr", "wild", "mixed"]))
def test_every_drawn_die_is_labelled_and_every_box_holds_a_die(seed: int, kind: str) -> None:
    rng = np.random.default_rng(seed)
    stage = Stage.sample(rng, (320, 240), CLEAN)
    spots = place_dice(rng, stage, 8, CLEAN.touching, CLEAN.at_edge)
    dice = rest_dice(rng, stage, die_kinds(rng, kind, len(spots)), spots, CLEAN)
    alpha = _coverage(stage, dice)
    labels = [label(stage, d) for d in dice]
    for lab in labels:
        assert lab.face in FACE_TOKENS
        if not lab.in_frame:
            continue
        x0, y0, x1, y1 = lab.box
        assert 0 <= x0 < x1 <= 320 and 0 <= y0 < y1 <= 240
        # the middle of the top face: clear of the rounded edge even on a small, steep die
        core = lab.polygon.mean(0) + (lab.polygon - lab.polygon.mean(0)) * 0.35
        top = np.zeros(alpha.shape, np.uint8)
        cv2.fillConvexPoly(top, np.round(core).astype(np.int32), 1)
        assert alpha[top > 0].min() > 0.9, "the top face inside the box is the die's"
    _, _, stats, _ = cv2.connectedComponentsWithStats((alpha > 0.5).astype(np.uint8))
    for x, y, w, h, _ in stats[1:]:
        if x == 0 or y == 0 or x + w == 320 or y + h == 240:
            continue  # dice cut by the frame edge are not labelled for detection
        hit = any(lab.in_frame and x < lab.box[2] and lab.box[0] < x + w and y < lab.box[3]
                  and lab.box[1] < y + h for lab in labels)
        assert hit, f"a drawn blob at {(x, y, w, h)} has no label"


def test_same_seed_same_bytes() -> None:
    a = render_scene(np.random.default_rng(42), "mixed")
    b = render_scene(np.random.default_rng(42), "mixed")
    c = render_scene(np.random.default_rng(43), "mixed")
    assert a.image.tobytes() == b.image.tobytes()
    assert [d.box for d in a.dice] == [d.box for d in b.dice]
    assert a.image.tobytes() != c.image.tobytes()


def test_every_face_token_appears() -> None:
    rng = np.random.default_rng(5)
    seen = {d.face for kind in ("pip", "wild", "lcr") for _ in range(4)
            for d in render_scene(rng, kind, (320, 240), replace(Ranges(), die_px=(20, 30))).dice}
    assert seen == set(FACE_TOKENS)


def count_ink_blobs(image: np.ndarray, polygon: np.ndarray) -> int:
    """Ink marks inside the face ``polygon`` of ``image``: pips on a pip face."""
    square = np.float32([[0, 0], [100, 0], [100, 100], [0, 100]])
    face = cv2.warpPerspective(image, cv2.getPerspectiveTransform(
        polygon.astype(np.float32), square), (100, 100))[14:86, 14:86]
    grey = cv2.cvtColor(face, cv2.COLOR_BGR2GRAY)
    _, ink = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    if (ink > 0).mean() > 0.5:  # ink darker than the body
        ink = 255 - ink
    _, _, stats, _ = cv2.connectedComponentsWithStats(ink)
    return sum(1 for s in stats[1:] if s[4] > 20)


FLAT = replace(CLEAN, tilt_deg=(0.0, 0.0), die_px=(90.0, 90.0), bevel=(0.08, 0.08), big_one=0.0,
               at_edge=0.0)


@pytest.mark.parametrize("seed", range(10))
def test_top_face_shows_its_pips(seed: int) -> None:
    """Seen from straight above, the top face of a pip die has as many ink blobs as its label."""
    scene = render_scene(np.random.default_rng(seed), "pip", (400, 400), FLAT, dice=1)
    (die,) = scene.dice
    assert count_ink_blobs(scene.image, die.polygon) == int(die.face)


def test_empty_scene_has_no_dice() -> None:
    scene = render_scene(np.random.default_rng(3), "pip", (320, 240), dice=0)
    assert scene.dice == () and scene.image.shape == (240, 320, 3)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_side_faces_border_the_top_face_and_show_only_from_a_tilt(seed: int) -> None:
    rng = np.random.default_rng(seed)
    tilt = float(rng.uniform(0, 40))
    scene = render_scene(rng, "pip", (640, 480), replace(Ranges(), tilt_deg=(tilt, tilt)))
    for die in scene.dice:
        assert len(die.sides) <= 2  # a cube shows at most three faces, one of them the top
        for side in die.sides:
            shared = np.linalg.norm(side[:, None] - die.polygon[None], axis=2).min(1) < 1e-6
            assert shared.sum() == 2  # each side shares an edge with the top face


def test_ink_stands_out_by_colour_not_only_brightness() -> None:
    """Red pips on a black die (as many real dice are inked) are drawn, as white ones are; black
    on black never."""
    from lcr_vision.synth.die_look import DieLook

    ranges = replace(CLEAN, body_colours=((30, 30, 32),),
                     ink_colours=((30, 30, 200), (20, 20, 20), (245, 245, 245)))
    rng = np.random.default_rng(0)
    inks = []
    for _ in range(30):
        look = DieLook.sample(rng, "pip", 48, ranges)
        six = look.textures[look.tokens.index("6")].reshape(-1, 3).astype(int)
        inked = six[:, 2] > 120
        assert 0.05 < inked.mean() < 0.5  # six pips, in an ink that stands out
        inks.append("white" if six[inked, 1].mean() > 120 else "red")
    assert 5 < inks.count("red") < 25, inks


@pytest.mark.parametrize("finish", ["translucent", "opaque"])
def test_only_a_translucent_die_shows_other_faces_pips_and_faintly(finish: str) -> None:
    """Through a smoky die the pips of its other faces show, blurred and faint; a face still
    carries exactly its own pips at full strength (one for the 1)."""
    from lcr_vision.synth.die_look import DieLook

    ranges = replace(CLEAN, body_colours=((40, 40, 40),), ink_colours=((30, 30, 200),),
                     finishes=(finish,), colour_jitter=0.0)
    for seed in range(5):
        look = DieLook.sample(np.random.default_rng(seed), "pip", 64, ranges)
        red = look.textures[look.tokens.index("1")][..., 2].astype(np.float32)
        strong = (red > 150).astype(np.uint8)
        assert cv2.connectedComponents(strong)[0] - 1 == 1
        away = cv2.dilate(strong, np.ones((9, 9), np.uint8)) == 0
        faint = (red > look.body[2] * 1.3 + 12) & away
        assert (faint.mean() > 0.02) == (finish == "translucent"), faint.mean()


def test_glitter_dice_swirl_several_colours_with_sparkles_and_keep_their_pips() -> None:
    """A glitter ("galaxy") body mixes colours far from its own and carries small bright
    sparkles, which a plain body has none of; its six still shows six pips in a clear ink."""
    from lcr_vision.synth.die_look import DieLook, as_made

    made = as_made(replace(CLEAN, body_colours=((120, 40, 40),), ink_colours=((245, 245, 245),),
                           colour_jitter=0.0))
    for seed in range(5):
        looks = {finish: DieLook.sample(np.random.default_rng(seed), "pip", 96,
                                        replace(made, finishes=(finish,)))
                 for finish in ("galaxy", "opaque")}
        one = {f: look.textures[look.tokens.index("1")].reshape(-1, 3).astype(np.float32)
               for f, look in looks.items()}
        far = {f: np.linalg.norm(px - looks[f].body, axis=1) for f, px in one.items()}
        assert (far["galaxy"] > 60).mean() > 0.3 and (far["opaque"] > 60).mean() < 0.15  # the pip
        six = looks["galaxy"].textures[looks["galaxy"].tokens.index("6")]
        white = (six.min(axis=2) > 235).astype(np.uint8)
        blobs = cv2.connectedComponentsWithStats(white)[2][1:, cv2.CC_STAT_AREA]
        assert (blobs > 60).sum() == 6, blobs  # the pips; the sparkles are specks


def test_rimmed_ink_sits_inside_a_ring_of_another_ink_only_when_asked() -> None:
    """Paint in engraved pips is often rimmed in another colour: with ``rimmed`` every pip of
    the die is ringed by an ink far from both its own and the body's; without, no ring."""
    from lcr_vision.synth.die_look import DieLook

    ranges = replace(CLEAN, body_colours=((200, 200, 200),),
                     ink_colours=((40, 170, 215), (20, 20, 20)), colour_jitter=0.0)
    for rimmed in (0.0, 1.0):
        look = DieLook.sample(np.random.default_rng(3), "pip", 96, replace(ranges, rimmed=rimmed))
        five = look.textures[look.tokens.index("5")].astype(np.float32)
        ink = five[48, 48]
        other = next(c for c in ranges.ink_colours if np.linalg.norm(np.float32(c) - ink) > 80)
        ring = five[48, 48:]  # from the middle pip's centre out to the face's edge
        assert (np.linalg.norm(ring - np.float32(other), axis=1) < 40).any() == bool(rimmed)


def test_dim_ink_is_close_to_the_body_in_brightness_only_when_asked() -> None:
    """With ``dim_ink`` every die whose palette has an ink under 75 grey levels from its body in
    brightness (and far from it in colour) is inked so; without, the inks are as before."""
    from lcr_vision.synth.die_look import DieLook

    ranges = replace(CLEAN, body_colours=((60, 60, 200),),  # a red body
                     ink_colours=((20, 200, 240), (250, 250, 250), (60, 200, 60)),
                     colour_jitter=0.0)  # yellow, white and green inks: the green one is dim

    def ink(dim: float, seed: int) -> tuple[int, ...]:
        look = DieLook.sample(np.random.default_rng(seed), "pip", 96, replace(ranges, dim_ink=dim))
        return tuple(int(c) for c in look.textures[look.tokens.index("1")][48, 48])

    assert {ink(1.0, seed) for seed in range(12)} == {(60, 200, 60)}
    plain = {ink(0.0, seed) for seed in range(12)}
    assert len(plain) > 1 and plain == {ink(0.0, seed) for seed in range(12)}
