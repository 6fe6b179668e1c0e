"""The system programs some tests need, asked for by name.

A test that needs a program that docs/development.md installs fails, naming the command that
installs it, rather than skipping: a suite that skips on a bare machine would pass without having
tested speech or the browser.
"""

from __future__ import annotations

import shutil

import pytest

# program: the Debian package that brings it (docs/development.md, "Tests")
PACKAGES = {"espeak-ng": "espeak-ng", "aplay": "alsa-utils", "chromium": "chromium",
            "Xvfb": "xvfb", "xwd": "x11-apps"}


def require(program: str, *alternatives: str) -> str:
    """The path of ``program`` (or of the first of ``alternatives`` found); else the test fails
    with the command that installs it."""
    for name in (program, *alternatives):
        path = shutil.which(name)
        if path:
            return path
    pytest.fail(f"{program} is not installed: run `apt-get install -y {PACKAGES[program]}` as "
                "root (or with sudo), as docs/development.md says", pytrace=False)
