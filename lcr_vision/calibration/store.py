"""Where profiles live, how a ``--calibration NAME_OR_PATH`` is found, and the crash-safe write.

Profiles the user makes go to the user's data folder: ``$LCR_VISION_DATA/profiles`` when that is
set (tests, portable installs), else ``$XDG_DATA_HOME/lcr-vision/profiles``, else
``~/.local/share/lcr-vision/profiles``. The defaults shipped in the repository's ``calibration/``
folder (``boxed``, ``wild``, ``regular``) are found by name when the user has none of that name.

A profile is written to a temporary file in the same folder, flushed to disk and renamed over the
old one, so a crash or a failed calibration never leaves a half-written or lost profile.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from lcr_vision.calibration.profile import Profile, ProfileError

SHIPPED = Path(__file__).resolve().parents[2] / "calibration"
SUFFIX = ".json"


def user_folder() -> Path:
    """The folder of the user's own profiles (it may not exist yet).

    >>> os.environ["LCR_VISION_DATA"] = "/tmp/lcr"; str(user_folder())
    '/tmp/lcr/profiles'
    >>> del os.environ["LCR_VISION_DATA"]
    """
    if os.environ.get("LCR_VISION_DATA"):
        return Path(os.environ["LCR_VISION_DATA"]) / "profiles"
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "lcr-vision" / "profiles"


def profile_path(name_or_path: str) -> Path:
    """The file a ``--calibration`` value names: a path to a file, else the user's profile of that
    name, else the shipped default of that name."""
    given = Path(name_or_path)
    if given.suffix == SUFFIX or given.parent != Path("."):
        if not given.is_file():
            raise ProfileError(f"no profile file at {given}")
        return given
    for folder in (user_folder(), SHIPPED):
        path = folder / f"{name_or_path}{SUFFIX}"
        if path.is_file():
            return path
    known = sorted({p.stem for f in (user_folder(), SHIPPED) if f.is_dir() for p in f.glob("*.json")})
    raise ProfileError(f"no profile named {name_or_path!r}; known: {', '.join(known) or 'none'}")


def load(name_or_path: str) -> Profile:
    """The profile ``name_or_path`` names; a broken file raises ProfileError naming file and field."""
    path = profile_path(name_or_path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ProfileError(f"{path}: not a readable JSON profile ({exc})") from None
    try:
        return Profile.from_dict(data)
    except ProfileError as exc:
        raise ProfileError(f"{path}: {exc}") from None


def save(profile: Profile, folder: Path | None = None) -> Path:
    """Write ``profile`` as ``<folder>/<name>.json`` (default: the user's folder), atomically."""
    folder = folder or user_folder()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{profile.name}{SUFFIX}"
    text = json.dumps(profile.to_dict(), indent=1) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{profile.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
