"""Files replaced whole: whoever reads one sees the old file or the new, never half of one.

A write goes to a hidden scratch file beside the file, synced, then renamed over it. A write cut
by an error removes its scratch file; one cut by a kill or a power cut cannot, and leaves a hidden
``.scratch-*`` file that the next look at the folder sweeps away (`sweep`).

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> page = replace_file(folder / "index.html", "<p>roll 1</p>")
>>> page.read_text(), sorted(p.name for p in folder.iterdir())
('<p>roll 1</p>', ['index.html'])
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

SCRATCH = ".scratch-"
# A scratch file older than this was left by a write that was killed: a live write takes
# milliseconds, so another process's write in progress is never swept.
STALE_S = 60.0


def replace_file(path: Path, data: str | bytes) -> Path:
    """Write ``data`` (text as UTF-8) to ``path`` atomically; an `OSError` leaves the old file
    and no scratch file."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, scratch = tempfile.mkstemp(prefix=f"{SCRATCH}{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(raw)
            out.flush()
            os.fsync(out.fileno())
        os.replace(scratch, path)
    except BaseException:
        Path(scratch).unlink(missing_ok=True)
        raise
    return path


def sweep(folder: Path, stale_s: float = STALE_S) -> int:
    """Remove the scratch files that killed writes left in ``folder``; how many were removed
    (none where the folder cannot be read or written)."""
    removed, now = 0, time.time()
    try:
        for scratch in folder.glob(f"{SCRATCH}*"):
            if scratch.is_file() and now - scratch.stat().st_mtime > stale_s:
                scratch.unlink()
                removed += 1
    except OSError:
        pass
    return removed
