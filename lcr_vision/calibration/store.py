"""Where profiles live, how a ``--calibration NAME_OR_PATH`` is found, and the crash-safe write.

Profiles the user makes go to the user's data folder: ``$LCR_VISION_DATA/profiles`` when that is
set (tests, portable installs), else ``$XDG_DATA_HOME/lcr-vision/profiles``, else
``~/.local/share/lcr-vision/profiles``. The defaults shipped in the repository's ``calibration/``
folder (``boxed``, ``wild``, ``regular``) are found by name when the user has none of that name.

A profile is written to a temporary file in the same folder, flushed to disk and renamed over the
old one, so a crash or a failed calibration never leaves a half-written or lost profile.

Beside a profile ``NAME.json``, the folder ``NAME.checks/`` keeps what calibration learnt the
dice from (`save_checks`): each check roll's photo and the faces the user confirmed
(``checks.json``), and the empty table. The evening learns from them again with every game played
(`lcr_vision.calibration.evening`); a profile without them learns from its games alone.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from lcr_vision.atomic import replace_file, sweep
from lcr_vision.calibration.fit import CheckRoll
from lcr_vision.calibration.profile import Profile, ProfileError
from lcr_vision.errors import Said
from lcr_vision.faces import FACE_TOKENS

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
            raise ProfileError(Said("no_profile_file", {"path": str(given)}))
        return given
    for folder in (user_folder(), SHIPPED):
        path = folder / f"{name_or_path}{SUFFIX}"
        if path.is_file():
            return path
    known = sorted({p.stem for f in (user_folder(), SHIPPED) if f.is_dir()
                    for p in f.glob("*.json")})
    raise ProfileError(Said("no_profile", {"name": name_or_path, "known": ", ".join(known)})
                       if known else Said("no_profiles", {"name": name_or_path}))


def load(name_or_path: str) -> Profile:
    """The profile ``name_or_path`` names; a broken file raises ProfileError naming file and
    field."""
    path = profile_path(name_or_path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ProfileError(Said("profile_unreadable", {"path": str(path),
                                                       "why": str(exc)})) from None
    except RecursionError:
        raise ProfileError(Said("profile_unreadable", {"path": str(path),
                                                         "why": "nested too deep"})) from None
    try:
        return Profile.from_dict(data)
    except ProfileError as exc:
        raise ProfileError(Said("profile_field", {"path": str(path), "why": exc.said})) from None


def save(profile: Profile, folder: Path | None = None) -> Path:
    """Write ``profile`` as ``<folder>/<name>.json`` (default: the user's folder), atomically."""
    return write(profile, (folder or user_folder()) / f"{profile.name}{SUFFIX}")


def learning_path(name_or_path: str) -> Path:
    """Where a profile that ``--calibration`` names keeps what a table learns: its own file,
    except a shipped default's, which is never changed: the user's profile of its name, which
    is found before it from then on."""
    path = profile_path(name_or_path)
    return user_folder() / path.name if path.parent.resolve() == SHIPPED else path


def write(profile: Profile, path: Path) -> Path:
    """Write ``profile`` to ``path`` atomically: a crash leaves the old file or the new."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    sweep(folder)
    return replace_file(path, json.dumps(profile.to_dict(), indent=1) + "\n")


CHECKS = ".checks"  # the suffix of a profile's folder of check rolls
CHECKS_FILE = "checks.json"
EMPTY = "empty.png"


@dataclass(frozen=True)
class Checks:
    """What a face head is learnt from (`lcr_vision.calibration.learn_faces.learn`): ``rolls``
    whose faces are known and the empty table (``background``, a frame; None where it is not
    known). Calibration's, its check rolls, are kept beside the profile (`save_checks`), and
    the evening learns from them again with its games' rolls."""

    rolls: tuple[CheckRoll, ...] = ()
    background: np.ndarray | None = None


NO_CHECKS = Checks()  # what a profile without them learns from: its games alone


def checks_folder(path: Path) -> Path:
    """The folder of check rolls beside the profile file ``path``."""
    return path.with_name(path.stem + CHECKS)


def save_checks(path: Path, checks: Checks) -> Path:
    """Keep the ``checks`` (their rolls, and the empty table where known) beside the profile file
    ``path``: PNG photos and ``checks.json`` ({"rolls": [{"image", "faces"}], "empty"}), written
    into a fresh folder renamed over the old one, so a crash leaves the old set or the new."""
    folder = checks_folder(path)
    fresh = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=path.parent))
    try:
        entries = []
        for i, roll in enumerate(checks.rolls):
            name = f"roll-{i:03d}.png"
            cv2.imwrite(str(fresh / name), roll.image)
            entries.append({"image": name, "faces": list(roll.truth)})
        if checks.background is not None:
            cv2.imwrite(str(fresh / EMPTY), checks.background)
        empty = EMPTY if checks.background is not None else None
        (fresh / CHECKS_FILE).write_text(json.dumps({"rolls": entries, "empty": empty}) + "\n",
                                         encoding="utf-8")
        old = folder.with_name(folder.name + ".old")
        if folder.exists():
            folder.rename(old)
        fresh.rename(folder)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    return folder


def load_checks(path: Path) -> Checks:
    """The check rolls and empty table kept beside the profile file ``path`` (`NO_CHECKS` where
    there are none, or they cannot be read: learning then goes on from the games alone)."""
    folder = checks_folder(path)
    try:
        data = json.loads((folder / CHECKS_FILE).read_text(encoding="utf-8"))
        rolls = []
        for entry in data["rolls"]:
            image = cv2.imread(str(folder / Path(entry["image"]).name))
            if image is not None and all(f in FACE_TOKENS for f in entry["faces"]):
                rolls.append(CheckRoll(f"checks/{entry['image']}", image, tuple(entry["faces"])))
        empty = None if not data.get("empty") else cv2.imread(str(folder / EMPTY))
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return NO_CHECKS
    return Checks(tuple(rolls), empty)
