"""The review page in the session's language: a Russian session's page has no English word of its
own, its live count is Russian in a real browser, the English page keeps its words, and the one
script (allowed by its hash) is the same in every language."""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import fields
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest
from test_review_browser import Page, browser  # noqa: F401 (browser: the fixture)
from test_review_model import camera_roll, manual_session

from lcr_vision.cli import main
from lcr_vision.faces import DiceKind
from lcr_vision.ledger import JOURNAL, Session, read_journal, replay
from lcr_vision.photolog import Committed, PhotoLog
from lcr_vision.phrases.page import PAGES, page_words
from lcr_vision.rules import Settings, Variants

# Latin words a Russian page may show: the faces, the game's name, the time zone of its times,
# the keys its help names, and the p of a p-value.
FACES = {"L", "C", "R", "dot", "wild"}
ALLOWED = FACES | {"LCR", "UTC", "Enter", "Esc", "j", "k", "g", "p", "f"}
# Variant names Russian keeps as names, as its sentences do (``вариант Wild не включён``).
NAMES = {"Wild", "Wilder"}
SHOWN = ("title", "alt", "aria-label", "data-caption", "data-of")  # attributes a person sees


VOID = frozenset({"img", "input", "br", "meta", "link", "hr"})  # elements without an end tag


class Visible(HTMLParser):
    """The text a person sees on a page and in its tooltips and labels, less the script and the
    style."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            if not self.skipping:
                self.text += [v or "" for k, v in attrs if k in SHOWN]
            return
        if self.skipping or tag in ("script", "style"):
            self.skipping += 1
        else:
            self.text += [v or "" for k, v in attrs if k in SHOWN]

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and tag not in VOID:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.text.append(data)


def latin(page: str) -> set[str]:
    """The words of Latin letters a person sees on ``page``."""
    seen = Visible()
    seen.feed(page)
    return set(re.findall(r"[A-Za-z]+", " ".join(seen.text).replace("{shown}", "")))


@pytest.fixture(scope="module")
def russian(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Russian session reviewed: a game won and one begun, with a doubtful read, a typed roll,
    a roll thrown without a camera, a photo deleted and the last roll corrected."""
    folder = tmp_path_factory.mktemp("ru") / "вечер"
    session = Session.create(folder, Settings.create(["Аня", "Боря", "Катя"], stakes=(2, 2, 2)),
                             language="ru")
    log, rng = PhotoLog(folder), np.random.default_rng(11)
    try:
        while not session.ledger.series.finished:
            camera_roll(session, log, rng)
        session.record_roll(("L",) * session.dice_owed)
        camera_roll(session, log, rng)
    finally:
        session.close()
    (folder / "photos" / "0002-annotated.jpg").unlink()
    last = replay(read_journal(folder / JOURNAL)[0]).rolls[-1].entry
    faces = ["dot" if "C" in last.faces else "C"] * len(last.faces)
    assert main(["amend", str(folder), "--roll", str(last.k), "--faces", " ".join(faces)]) == 0
    assert main(["review", str(folder)]) == 0
    return folder


def page_of(folder: Path) -> str:
    return (folder / "index.html").read_text(encoding="utf-8")


def render(folder: Path) -> str:
    assert main(["review", str(folder)]) == 0
    return page_of(folder)


def test_a_russian_page_has_no_english_word_of_its_own(russian: Path) -> None:
    page = page_of(russian)
    assert '<html lang="ru">' in page
    marked = {m for c in re.findall(r'<article class="([^"]*)"', page) for m in c.split()}
    assert marked == {"card", "corrected", "doubtful", "answered", "ended"}
    assert "Нет фото: грани введены при ручной игре" in page and "файла снимка нет" in page
    assert "1 законченная игра" in page and "Закрыть (Esc)" in page
    assert latin(page) <= ALLOWED


def test_the_english_page_keeps_its_words(tmp_path: Path) -> None:
    page = render(manual_session(tmp_path / "m", ["L", "L L", "dot"]))
    assert '<html lang="en">' in page
    assert ('<span id="shown" aria-live="polite" data-of="{shown} of 3 rolls">3 of 3 rolls'
            in page)
    for words in ("3 rolls · 1 finished game · 0 corrected · 0 doubtful", "Are these dice fair?",
                  "center pot (right-hand scale)", "<kbd>Enter</kbd> photo · <kbd>g</kbd> game",
                  "No photo: typed in manual play",
                  "Too few dice to judge yet: 4 of the 30 needed."):
        assert words in page


def test_one_script_and_its_hash_serve_every_language(russian: Path, tmp_path: Path) -> None:
    pages = [page_of(russian), render(manual_session(tmp_path / "m", ["L"]))]
    scripts = {re.search(r"<script>(.*)</script>", p, re.DOTALL).group(1) for p in pages}
    policies = {re.search(r"script-src '([^']*)'", p).group(1) for p in pages}
    script, = scripts
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert policies == {f"sha256-{digest}"}
    assert re.search("[А-я]|rolls", script) is None, "the script holds no words"


def test_every_table_names_every_set_of_dice_how_and_variant() -> None:
    variants = Variants(wild=True, wilder=True, last_chip_wins=True).names + Variants(
        dot_to_win=True).names
    for words in PAGES.values():
        assert set(words.kinds) == {kind.word for kind in DiceKind}
        assert set(words.how) == {how.value for how in Committed}
    for name in variants:  # the record's names of them, Wild and Wilder kept as names
        assert page_words("ru").variant(name) in ("Wild", "Wilder") or not re.search(
            "[A-Za-z]", page_words("ru").variant(name))


def texts(value: object) -> list[str]:
    """The strings in a field of the page's words: a template, or those of a table or tuple."""
    if isinstance(value, str):
        return [value]
    items = value.values() if isinstance(value, Mapping) else value
    return [text for item in items for text in texts(item)] if isinstance(items, Iterable) else []


def test_every_russian_word_is_russian() -> None:
    """Words a test session does not reach (a draw, money, the empty chart) included."""
    ru = page_words("ru")
    verdicts = [ru.judge(p, 40, 30, 0.01, 2) for p in (None, 0.5, 0.005, 0.0001)]
    words = [text for f in fields(ru) for text in texts(getattr(ru, f.name))] + verdicts
    said = re.sub(r"{\w+}", "", " ".join(words))  # the templates' fields left out
    assert set(re.findall(r"[A-Za-z]+", said)) <= ALLOWED | NAMES


def test_the_live_count_is_russian_in_a_browser(browser, russian: Path) -> None:  # noqa: F811
    page = Page(browser, russian)
    cards = page.shown()
    page.tab.check("#filter-flagged")
    flagged = page.tab.eval_on_selector_all("article.corrected, article.doubtful", "e => e.length")
    assert page.tab.inner_text("#shown") == f"показано бросков: {flagged} из {len(cards)}"
    page.tab.close()
    assert page.errors == []
