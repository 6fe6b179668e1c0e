"""Rendered stills against real photographs: simple image statistics must fall in the real range.

The real set is ``../shared/data/real-d6-tray`` (phone photos of pip dice in a tray): edge
density, contrast and the noise floor of rendered pip scenes at the same size must lie within the
spread of the real photos. (Colour saturation is not compared: that real set is one white table.)
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from lcr_vision.synth import render_scene

REAL = Path(__file__).resolve().parents[2] / "shared" / "data" / "real-d6-tray" / "images"


def image_stats(image: np.ndarray) -> np.ndarray:
    """Edge density (Canny), contrast (grey std) and noise floor (std of fine detail in the
    flattest fifth of 8x8 blocks)."""
    g = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    edges = (cv2.Canny(g, 60, 150) > 0).mean()
    detail = g.astype(np.float32) - cv2.GaussianBlur(g, (0, 0), 1.0).astype(np.float32)
    h, w = (s // 8 * 8 for s in g.shape)
    blocks = detail[:h, :w].reshape(h // 8, 8, w // 8, 8).std(axis=(1, 3))
    return np.array([edges, g.std(), np.percentile(blocks, 20)])


@pytest.mark.skipif(not REAL.is_dir(), reason="the shared real photos are not here")
def test_rendered_pip_scenes_have_photo_statistics() -> None:
    real = np.array([image_stats(cv2.imread(str(p))) for p in sorted(REAL.glob("*.jpg"))[::8]])
    rng = np.random.default_rng(0)
    synth = np.array([image_stats(render_scene(rng, "pip", (640, 640)).image) for _ in range(16)])
    lo, hi = np.percentile(real, 5, axis=0), np.percentile(real, 95, axis=0)
    edges, contrast, noise = np.median(synth, axis=0)
    assert lo[0] / 2 <= edges <= hi[0] * 2, (
        f"edge density {edges:.4f} vs real {lo[0]:.4f}-{hi[0]:.4f}")
    assert lo[1] / 2 <= contrast <= hi[1] * 2, (
        f"contrast {contrast:.1f} vs real {lo[1]:.1f}-{hi[1]:.1f}")
    # The phone photos are denoised to a floor near 0; a webcam may be grainier, but not much.
    assert noise <= max(2 * hi[2], 1.0), f"noise floor {noise:.2f} vs real up to {hi[2]:.2f}"
