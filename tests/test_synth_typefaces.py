"""Boxed dice as they are printed: letters in installed typefaces, wild designs, a held-out part."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

pytest.importorskip("PIL", reason="typefaces are drawn by Pillow, in the train extra")
from lcr_vision.synth import typefaces as tf
from lcr_vision.synth.face_art import FaceArt
from lcr_vision.synth.ranges import HELD_OUT_WILD_DESIGNS, WILD_DESIGNS, Ranges

FACES = tf.typefaces()
pytestmark = pytest.mark.skipif(
    len(FACES) < 4 or not tf.held_out(FACES) or not tf.training(FACES),
    reason="fewer than 4 typefaces installed, or not both held-out and training families")


def test_every_typeface_found_draws_the_letters_of_the_dice() -> None:
    missing = tf.glyph(str(FACES[0]), tf.MISSING, 24)
    for path in FACES:
        assert tf.has_letters(path)
        assert tf.glyph(str(path), "L", 24).shape[0] == 24
    assert not np.array_equal(tf.glyph(str(FACES[0]), "C", 24), missing)


def test_held_out_families_are_never_trained_on() -> None:
    train, held = tf.training(FACES), tf.held_out(FACES)
    assert train and held and len(train) + len(held) == len(FACES)
    assert not {tf.family(p) for p in train} & {tf.family(p) for p in held}
    assert tf.family(tf.Path("LiberationSans-BoldItalic.ttf")) == "liberationsans"
    assert set(tf.printed(Ranges(), held=True).wild_designs) == set(HELD_OUT_WILD_DESIGNS)
    assert not set(tf.printed(Ranges()).wild_designs) & set(HELD_OUT_WILD_DESIGNS)


@pytest.mark.parametrize("design", WILD_DESIGNS)
def test_each_wild_design_inks_the_face(design: str) -> None:
    ranges = replace(tf.printed(Ranges()), wild_designs=(design,))
    rng = np.random.default_rng(1)
    art = FaceArt.sample(rng, ranges)
    wild, letter = art.mask("wild", 64, rng), art.mask("C", 64, rng)
    assert art.wild_design == design and 0.03 < wild.mean() < 0.5
    assert not np.array_equal(wild, letter)


def test_a_typeface_draws_other_letters_than_hershey() -> None:
    rng = np.random.default_rng(2)
    printed = FaceArt.sample(rng, replace(tf.printed(Ranges()), typeface_share=1.0))
    stroked = replace(printed, typeface=None)
    assert printed.typeface is not None
    a, b = printed.mask("R", 64, rng), stroked.mask("R", 64, rng)
    assert a.mean() > 0.03 and b.mean() > 0.03 and np.abs(a - b).mean() > 0.02
