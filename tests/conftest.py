"""What the whole suite shares: fixtures for the system programs some tests need (`programs`),
and the shipped model with other metadata, as another training run would export it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from programs import require

from lcr_vision.vision.dice_model import DEFAULT_MODEL


@pytest.fixture(scope="session")
def marked_model(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """``marked_model(key=value, ...)``: the shipped model's file with these metadata entries
    too (needs the train extra's onnx, else the test is skipped)."""
    onnx = pytest.importorskip("onnx", reason="editing a model needs the train extra (onnx)")

    def marked(**entries: str) -> Path:
        model = onnx.load(str(DEFAULT_MODEL))
        onnx.helper.set_model_props(model, {**{p.key: p.value for p in model.metadata_props},
                                            **entries})
        path = tmp_path_factory.mktemp("marked") / "dice.onnx"
        onnx.save(model, str(path))
        return path

    return marked


@pytest.fixture(autouse=True)
def profiles_apart(tmp_path_factory: pytest.TempPathFactory,
                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test keeps the profiles it makes, and those a table learns into while it plays,
    in a folder of its own, never the user's."""
    monkeypatch.setenv("LCR_VISION_DATA", str(tmp_path_factory.mktemp("data")))


@pytest.fixture
def espeak() -> str:
    """espeak-ng, which renders every spoken sentence."""
    return require("espeak-ng")
