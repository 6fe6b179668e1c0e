"""Opening the review page in the user's web browser, and knowing when that failed.

`webbrowser.open` says yes as soon as a browser process starts, so a browser that refuses to
start (Chrome run as root, an ``xdg-open`` with no handler) would pass for success; a command
line browser is instead run here, with its own complaints kept off the terminal, and given a
few seconds to fail.
"""

from __future__ import annotations

import subprocess
import webbrowser

from lcr_vision.errors import Said, os_reason

STARTUP_SECONDS = 3.0  # a browser still running after this has started


def open_page(uri: str, wait: float = STARTUP_SECONDS) -> Said | None:
    """Show ``uri`` in the default browser; None when it did, else why not."""
    try:
        browser = webbrowser.get()
    except webbrowser.Error:
        return Said("no_browser")
    if not isinstance(browser, webbrowser.GenericBrowser):
        return None if browser.open(uri) else Said("browser_refused")
    command = [browser.name, *(arg.replace("%s", uri) for arg in browser.args)]
    try:
        started = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError as exc:
        return Said("browser_start", {"browser": browser.name, "why": os_reason(exc)})
    try:
        status = started.wait(wait)
    except subprocess.TimeoutExpired:
        return None
    return None if status == 0 else Said("browser_failed", {"browser": browser.name,
                                                             "status": str(status)})
