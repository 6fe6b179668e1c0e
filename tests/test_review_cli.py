"""`lcr-vision review`: the page written into the session, opened in the user's browser on request,
and one-line errors for folders that are not sessions."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from test_review_model import camera_session, manual_session

from lcr_vision.cli import main
from lcr_vision.ledger import JOURNAL, Session
from lcr_vision.rules import Settings


def test_the_page_is_written_into_the_session(tmp_path: Path, capsys) -> None:
    folder = manual_session(tmp_path / "m", ["L", "L L", "dot"])
    assert main(["review", str(folder)]) == 0
    out = capsys.readouterr().out
    assert out == f"Wrote {folder / 'index.html'}: 3 rolls, 1 finished game.\n"
    page = (folder / "index.html").read_text()
    assert page.count("<article ") == 3 and "http" not in page.replace("http-equiv", "")
    assert "&lt;script&gt;</bdi> wins" not in page and "<bdi>Cat</bdi> wins</span>" in page


def test_a_session_without_rolls_has_a_page_that_says_so(tmp_path: Path, capsys) -> None:
    Session.create(tmp_path / "e", Settings.create(["Ann", "Ben", "Cat"])).close()
    assert main(["review", str(tmp_path / "e")]) == 0
    page = (tmp_path / "e" / "index.html").read_text()
    assert "No rolls yet: nothing to chart." in page and "No game has ended yet." in page


def review_open(folder: Path, browser: Path, script: str) -> subprocess.CompletedProcess[str]:
    """``review --open`` with ``script`` as the user's $BROWSER."""
    browser.write_text(f"#!/bin/sh\n{script}\n")
    browser.chmod(0o755)
    return subprocess.run(
        [sys.executable, "-m", "lcr_vision", "review", str(folder), "--open"], check=False,
        env={**os.environ, "BROWSER": str(browser)}, capture_output=True, text=True, timeout=180)


def test_open_hands_the_page_to_the_default_browser(tmp_path: Path) -> None:
    folder = manual_session(tmp_path / "m", ["L"])
    seen = tmp_path / "opened.txt"
    done = review_open(folder, tmp_path / "browser", f'echo "$1" > {seen}')
    assert done.returncode == 0 and done.stderr == ""
    assert seen.read_text().strip() == (folder / "index.html").resolve().as_uri()


def test_a_browser_that_fails_to_start_is_reported(tmp_path: Path) -> None:
    folder = manual_session(tmp_path / "m", ["L"])
    browser = tmp_path / "browser"
    done = review_open(folder, browser, 'echo "Running as root without --no-sandbox" >&2; exit 1')
    assert done.returncode == 2
    assert done.stderr == (f"lcr-vision: error: the web browser {browser} failed (status 1); "
                           f"open {folder / 'index.html'} yourself\n")


def test_a_folder_without_a_journal_is_a_one_line_error(tmp_path: Path, capsys) -> None:
    assert main(["review", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"lcr-vision: error: {tmp_path} is not a session folder: it has no journal.jsonl\n"
    )
    assert not (tmp_path / "index.html").exists()


def test_deleted_images_leave_a_card_without_dead_links(tmp_path: Path, capsys) -> None:
    folder = camera_session(tmp_path / "s", extra=0)
    (folder / "photos" / "0001-annotated.jpg").unlink()
    (folder / "photos" / "0001.jpg").unlink()
    assert main(["review", str(folder)]) == 0
    page = (folder / "index.html").read_text()
    first = page[page.index('id="roll-1"') : page.index('id="roll-2"')]
    assert "No photo: the image file is missing" in first and "0001" not in first
    assert 'src="photos/0003-annotated.jpg"' in page, "roll 2's photo, taken after an undo"


def test_a_journal_cut_by_a_crash_is_reviewed_with_a_warning(tmp_path: Path, capsys) -> None:
    folder = manual_session(tmp_path / "m", ["L"])
    with (folder / JOURNAL).open("a") as journal:
        journal.write('{"event": "roll", "k": 2, "pla')
    assert main(["review", str(folder)]) == 0
    warning = "journal.jsonl line 3 was cut short by a crash and is ignored"
    assert capsys.readouterr().err == f"lcr-vision: warning: {warning}\n"
    assert f'<p class="warning">{warning}</p>' in (folder / "index.html").read_text()


KILLED_WRITE = """
import os, signal, sys
from pathlib import Path
from lcr_vision.cli import main
os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)  # killed between write and rename
main(["review", sys.argv[1]])
"""


def test_a_page_write_killed_before_its_rename_leaves_nothing_the_next_look_keeps(
        tmp_path: Path, capsys) -> None:
    folder = manual_session(tmp_path / "m", ["L", "dot dot"])
    assert main(["review", str(folder)]) == 0
    page = (folder / "index.html").read_text()
    killed = subprocess.run([sys.executable, "-c", KILLED_WRITE, str(folder)], check=False,
                            timeout=120)
    assert killed.returncode == -9
    left = [p for p in folder.iterdir() if p.name.startswith(".scratch-index.html")]
    assert len(left) == 1 and left[0].stat().st_size > 0, "the kill came after the write"
    assert (folder / "index.html").read_text() == page, "the page stands whole"
    live = folder / ".scratch-index.html.another-write-in-progress"
    live.touch()
    os.utime(left[0], (0, 0))  # what a kill left an hour ago; ``live`` is someone's write now
    assert main(["review", str(folder)]) == 0
    assert not left[0].exists() and live.exists()
    os.utime(live, (0, 0))
    Session.open(folder).close()  # the next sitting sweeps it too
    assert not live.exists()
