"""What the whole suite shares: fixtures for the system programs some tests need (`programs`)."""

from __future__ import annotations

import pytest
from programs import require


@pytest.fixture
def espeak() -> str:
    """espeak-ng, which renders every spoken sentence."""
    return require("espeak-ng")
