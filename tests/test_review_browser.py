"""The review page in a real headless browser (Debian's chromium driven by playwright): a recorded
session's page loads cleanly, shows every roll with its photo, draws the chart, filters, answers
the keyboard, shows a player called ``<script>`` as text, and judges the dice."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from playwright import sync_api
from programs import require
from test_fairness import BOXED, thrown
from test_review_model import DOUBTFUL, PLAYERS, camera_session, manual_session

from lcr_vision.cli import main
from lcr_vision.ledger import JOURNAL, Ledger, Session, read_journal, replay
from lcr_vision.review.report import ledger_rows
from lcr_vision.rules import Settings

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]  # fmt: skip


@pytest.fixture(scope="module")
def browser():
    executable = require("chromium", "chromium-browser")
    with sync_api.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=executable, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The camera session with its last roll corrected, then reviewed."""
    folder = camera_session(tmp_path_factory.mktemp("browser") / "s")
    last = ledger(folder).rolls[-1].entry
    faces = " ".join(["dot" if "C" in last.faces else "C"] * len(last.faces))
    assert main(["amend", str(folder), "--roll", str(last.k), "--faces", faces]) == 0
    assert main(["review", str(folder)]) == 0
    return folder


class Page:
    """A browser tab on a review page that keeps every console error and uncaught exception."""

    def __init__(self, browser, folder: Path) -> None:
        self.errors: list[str] = []
        self.tab = browser.new_page(viewport={"width": 1280, "height": 800})
        self.tab.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.tab.on("pageerror", lambda e: self.errors.append(str(e)))
        self.tab.on("dialog", lambda d: self.errors.append(f"a {d.type} dialog opened"))
        self.tab.goto((folder / "index.html").resolve().as_uri())

    def shown(self) -> list[int]:
        """The roll numbers of the cards laid out on the page (not hidden), in page order."""
        return self.tab.eval_on_selector_all(
            "article[data-roll]",
            "cards => cards.filter(c => c.getClientRects().length).map(c => +c.dataset.roll)",
        )

    def focused(self) -> int | None:
        roll = self.tab.evaluate("document.activeElement.dataset.roll")
        return None if roll is None else int(roll)


@pytest.fixture
def page(browser, session: Path):
    opened = Page(browser, session)
    yield opened
    opened.tab.close()
    assert opened.errors == [], "the page logged errors"


def ledger(folder: Path) -> Ledger:
    return replay(read_journal(folder / JOURNAL)[0])


def rows(folder: Path) -> list[list[str]]:
    """The ``ledger --csv`` rows of the session, without the header."""
    return ledger_rows(ledger(folder))[1:]


def test_one_card_per_roll_in_order_with_its_photo_loaded(page: Page, session: Path) -> None:
    assert page.shown() == list(range(1, len(rows(session)) + 1))
    widths = page.tab.evaluate(
        'async () => Promise.all([...document.querySelectorAll("article img")]'
        """.map(async (img) => {
             img.scrollIntoView();
             await img.decode().catch(() => null);
             return img.naturalWidth;
           }))"""
    )
    assert len(widths) == len(rows(session)) and min(widths) == 320


def test_the_chart_draws_every_players_chips_in_each_game(page: Page, session: Path) -> None:
    lines = page.tab.eval_on_selector_all(
        "#chart polyline.line",
        "ls => ls.map(l => [l.dataset.player, l.closest('g').dataset.game,"
        " l.points.numberOfItems, l.getBoundingClientRect().width])",
    )
    games = {row[1] for row in rows(session)}
    assert sorted((p, g) for p, g, _, _ in lines) == sorted((p, g) for p in PLAYERS for g in games)
    assert all(points >= 2 and width > 50 for _, _, points, width in lines)
    winner = PLAYERS[ledger(session).series.finished[0].winner]
    title = page.tab.locator("#chart circle.winner title").text_content()
    assert title == f"\u2068{winner}\u2069 wins game 1", "the name isolated by Unicode's marks"


def test_filters_by_game_player_and_flag(page: Page, session: Path) -> None:
    table = rows(session)
    page.tab.select_option("#filter-game", "2")
    assert page.shown() == [int(r[0]) for r in table if r[1] == "2"]
    page.tab.select_option("#filter-player", "<script>")
    assert page.shown() == [int(r[0]) for r in table if r[1] == "2" and r[3] == "<script>"]
    faded = page.tab.eval_on_selector_all(
        ".faded", "els => els.map(e => e.dataset.player || `game ${e.dataset.game}`)"
    )
    others = ["Ann", "Cat"]
    assert sorted(faded) == sorted(others * len({r[1] for r in table}) + others + ["game 1"])
    page.tab.select_option("#filter-game", "")
    page.tab.select_option("#filter-player", "")
    page.tab.check("#filter-flagged")
    assert page.shown() == [DOUBTFUL, len(table)]  # a typed roll was answered: no doubt
    assert page.tab.inner_text("#shown") == f"2 of {len(table)} rolls"
    page.tab.click('#chart rect[data-goto="1"]')
    assert page.focused() == 1 and len(page.shown()) == len(table), "the filters were cleared"


def test_keyboard_moves_between_shown_cards_and_opens_photos(page: Page, session: Path) -> None:
    keys = page.tab.keyboard
    keys.press("j")
    assert page.focused() == 1
    keys.press("ArrowDown")
    keys.press("j")
    assert page.focused() == 3
    keys.press("k")
    assert page.focused() == 2
    keys.press("End")
    assert page.focused() == len(rows(session))
    keys.press("p")
    keys.press("Escape")
    page.tab.select_option("#filter-player", "Cat")
    cats = page.shown()
    keys.press("Home")
    assert page.focused() == cats[0]
    keys.press("j")
    assert page.focused() == cats[1]
    keys.press("Enter")
    viewer = page.tab.locator("#viewer")
    assert viewer.is_visible()
    src = viewer.locator("img").get_attribute("src")
    assert src == page.tab.get_attribute(f"#roll-{cats[1]} img", "src")
    keys.press("Escape")
    assert not viewer.is_visible()
    page.tab.check("#filter-flagged")
    keys.press("j")
    assert page.focused() == DOUBTFUL, "keys work while the checkbox has focus"
    page.tab.click(f"#roll-{DOUBTFUL} a.photo")
    assert (
        viewer.locator(".caption").inner_text()
        == f"Roll {DOUBTFUL}: \u2068Cat\u2069's dice as the camera read them"
    )
    page.tab.click("#viewer .close")
    assert not viewer.is_visible()


def test_a_corrected_roll_shows_what_was_read_and_the_standings_replayed(
    page: Page, session: Path
) -> None:
    played = ledger(session).rolls[-1]
    card = page.tab.locator(f"#roll-{played.entry.k}")
    first_read = " ".join(json.loads((session / played.entry.photo).read_text())["faces"])
    assert card.locator(".flag").first.inner_text().lower() == "corrected"
    assert card.locator(".correction").inner_text() == (
        f"Corrected: read {first_read}, really {' '.join(played.entry.faces)}"
    )
    after = played.result.after
    held = [f"{name} {chips}" for name, chips in zip(PLAYERS, after.chips)]
    assert card.locator(".standings li").all_inner_texts() == [*held, f"center {after.center}"]


def test_a_player_called_script_is_text_and_runs_nothing(page: Page) -> None:
    assert page.tab.eval_on_selector_all("script", "s => s.length") == 1
    names = page.tab.locator("article[data-player='<script>'] h3").all_inner_texts()
    assert names and all("<script>" in n for n in names)
    assert "<script>" in page.tab.locator(".legend").inner_text()


def test_a_manual_session_page_has_cards_without_images(browser, tmp_path: Path) -> None:
    folder = manual_session(tmp_path / "m", ["L", "L L", "dot"])
    assert main(["review", str(folder)]) == 0
    manual = Page(browser, folder)
    assert manual.shown() == [1, 2, 3]
    assert manual.tab.eval_on_selector_all("article img", "i => i.length") == 0
    assert manual.tab.locator(".photo.none").first.inner_text() == "No photo: typed in manual play"
    assert manual.tab.locator("table.games td").all_inner_texts()[:3] == ["1", "Ann", "Cat"]
    manual.tab.close()
    assert manual.errors == []


def test_a_long_name_and_an_unclosed_override_stay_within_their_own_words(
        browser, tmp_path: Path) -> None:
    """A 5,000-character name is cut and the page stays the window's width; a name ending in an
    unclosed right-to-left override reverses nothing after it."""
    long, rlo = "W" * 5000, "Eve\u202e"
    folder = tmp_path / "n"
    settings = Settings.create(["Ann", "Ben", "Cat"], stakes=(1, 1, 1)).to_dict()
    older = Settings.from_dict(settings | {"players": [long, rlo, "Cat"]})  # an older lcr-vision
    session = Session.create(folder, older)  # took any name; lcr-vision play now refuses these
    session.record_roll(("L",))
    session.close()
    assert main(["review", str(folder)]) == 0
    named = Page(browser, folder)
    assert named.tab.evaluate("document.documentElement.scrollWidth") <= 1280
    moves = named.tab.locator("article .moves").first
    cut = "W" * 39 + "…"
    assert moves.inner_text() == f"{cut} passes one chip left to {rlo}; {cut} has no chips left."
    after_rlo = moves.evaluate("""p => {
        const name = p.querySelectorAll('bdi')[1], range = document.createRange();
        range.selectNodeContents(name.nextSibling);
        return [name.getBoundingClientRect().left, range.getBoundingClientRect().left];
    }""")
    assert after_rlo[1] > after_rlo[0], "the words after the name are still left to right"
    named.tab.close()
    assert named.errors == []


def test_the_fairness_panel_shows_each_face_and_the_verdict(browser, tmp_path: Path) -> None:
    one, two = (thrown(tmp_path / name, BOXED, 160, seed=seed)
                for name, seed in (("a", 6), ("b", 7)))
    assert main(["review", str(one), "--also", str(two)]) == 0
    shown = Page(browser, one)
    panel = shown.tab.locator(".panel.dice")
    assert panel.is_visible() and panel.locator("caption").inner_text() == "boxed dice"
    faces = panel.locator("tbody td:first-child").all_inner_texts()
    assert faces == ["L", "C", "R", "dot"]
    seen = sum(int(n) for n in panel.locator("tbody td:nth-child(2)").all_inner_texts())
    assert panel.locator(".verdict").inner_text().startswith("No sign these dice are loaded: p = ")
    assert panel.locator(".verdict").inner_text().endswith(f" over {seen} dice.")
    # LCR_VISION_FAIRNESS_SCREENSHOT=docs/fairness.png keeps the panel (the README's picture)
    picture = Path(os.environ.get("LCR_VISION_FAIRNESS_SCREENSHOT", tmp_path / "fairness.png"))
    panel.screenshot(path=str(picture))
    assert picture.stat().st_size > 5_000
    shown.tab.close()
    assert shown.errors == []
