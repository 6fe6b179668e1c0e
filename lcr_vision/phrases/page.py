"""The review page's own words (headings, labels, badges, the chart's, the dice's verdict) in the
language the session was played in; the sentences of what happened are the record's (`record`).

One `PageWords` per language, every word of the page in one table, so a missing word is an error
when the table is made, not an English word on a Russian page. Numbers stay digits; Russian keeps
names in the nominative (``кубики игрока Аня``: a name is not declined) and says a count it cannot
agree with a noun as a label (``исправлено: 2``). Fields are `str.format` templates; faces (L, C,
R, dot, wild, pips) stay the game's tokens.

>>> ru = page_words("ru")
>>> ru.count(1, "roll"), ru.count(3, "roll"), ru.count(5, "die"), ru.decimal("3.5")
('1 бросок', '3 броска', '5 кубиков', '3,5')
>>> ru.where.format(game=2, turn=4, dice=ru.count(2, "die"))
'игра 2, ход 4 · 2 кубика'
>>> page_words("en").count(1, "die"), page_words("en").count(2, "finished_game")
('1 die', '2 finished games')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from lcr_vision.phrases.en import EN
from lcr_vision.phrases.language import Language
from lcr_vision.phrases.ru import RU


@dataclass(frozen=True)
class PageWords:
    """Every word of the review page in one language, by where it stands on the page."""

    language: Language  # its noun forms, for counts (`count`)
    point: str  # the decimal point
    # What the chi-square test of a set of dice says (`judge`): ``{p}`` its p-value as shown,
    # ``{count}`` and ``{needed}`` bare numbers of dice, ``{dice}`` a count of them.
    too_few: str
    fair: str
    loaded: str
    left_out: str
    # Cards: the photo, what the camera saw, the header, the badges, the standings.
    how: Mapping[str, str]  # by `lcr_vision.photolog.How` value
    no_photo: str
    typed_manual: str
    image_missing: str
    photo_alt: str
    seen: str
    seen_none: str
    photo: str
    pip: str
    roll: str
    roll_label: str
    where: str
    correction: str
    corrected: str
    doubtful: str
    answered: str
    wins: str
    center: str
    standings_label: str
    doubts_label: str
    # Overview: the games, the wins, the dice (headers in column order).
    games_head: tuple[str, str, str, str]
    draw: str
    no_games: str
    wins_head: tuple[str, str]
    money: str
    kinds: Mapping[str, str]  # a set of dice by `lcr_vision.faces.DiceKind.word`
    fairness_head: tuple[str, str, str]
    no_dice: str
    # Filters and the keyboard help (the words after j/k, Enter, g, p, f, Esc).
    filters: str
    game: str
    player: str
    all: str
    game_option: str
    flagged: str
    shown: str  # the live count; ``{shown}`` is left for the page's script to fill
    keys: tuple[str, str, str, str, str, str]
    # The header's summary, headings, the rest of the page.
    variants_label: str
    none: str
    corrected_count: str
    doubtful_count: str
    title: str
    chart_heading: str
    games_heading: str
    wins_heading: str
    dice_heading: str
    rolls_label: str
    no_rolls: str
    viewer_label: str
    close: str
    # The chart.
    chart_game: str
    chart_empty: str
    chart_label: str
    chart_won: str
    chart_roll: str
    axis_roll: str
    axis_chips: str
    legend_center: str

    def count(self, n: int, noun: str) -> str:
        """``3 dice``, ``3 кубика``: a count in digits with its noun's form."""
        return self.language.counted(n, noun)

    def judge(self, p: float | None, count: int, needed: int, loaded: float,
              left_out: int = 0) -> str:
        """What a chi-square test of the dice says, ``p`` its p-value (None: too few dice yet;
        under ``loaded`` they look loaded), then how many dice of unverified rolls it left out.

        >>> en, ru = page_words("en"), page_words("ru")
        >>> en.judge(0.4137, 312, 30, 0.01), ru.judge(0.0004, 600, 30, 0.01)
        ('No sign these dice are loaded: p = 0.41 over 312 dice.', \
'Похоже, кубики нечестные: p < 0,001, учтено кубиков: 600.')
        >>> en.judge(None, 12, 30, 0.01, left_out=3)
        'Too few dice to judge yet: 12 of the 30 needed. 3 dice left out: not seen, or read \
unsure with nobody to confirm.'
        """
        if p is None:
            verdict = self.too_few.format(count=count, needed=needed)
        else:
            shown = "p < 0.001" if p < 0.001 else f"p = {p:.2f}" if p >= loaded else f"p = {p:.3f}"
            verdict = (self.fair if p >= loaded else self.loaded).format(
                p=self.decimal(shown), count=count, dice=self.count(count, "die"))
        if left_out:
            verdict += " " + self.left_out.format(count=left_out, dice=self.count(left_out, "die"))
        return verdict

    def decimal(self, number: str) -> str:
        """A number written with a point, in the language's decimal point."""
        return number.replace(".", self.point)

    def variant(self, name: str) -> str:
        """A variant on by its command-line name (``last-chip-wins``), as the page names it."""
        return self.language.sentence(f"rec_variant_{name}")

    def shown_of(self, total: int) -> str:
        """The live count of the ``total`` cards, its ``{shown}`` left for the script."""
        return self.shown.format(shown="{shown}", total=total)


ENGLISH = PageWords(
    language=EN,
    point=".",
    too_few="Too few dice to judge yet: {count} of the {needed} needed.",
    fair="No sign these dice are loaded: {p} over {dice}.",
    loaded="These dice look loaded: {p} over {dice}.",
    left_out="{dice} left out: not seen, or read unsure with nobody to confirm.",
    how={
        "read": "read by the camera",
        "confirmed": "doubtful camera read, accepted by hand",
        "typed": "typed by hand",
        "unanswered": "doubtful camera read, committed with nobody to answer: check it",
    },
    no_photo="No photo: {why}",
    typed_manual="typed in manual play",
    image_missing="the image file is missing",
    photo_alt="Roll {k}: {name}'s dice as the camera read them",
    seen="Camera saw {dice}",
    seen_none="Camera saw no dice",
    photo="photo {name}",
    pip="pip {face}",
    roll="Roll {k}",
    roll_label="Roll {k}, {name}",
    where="game {game}, turn {turn} · {dice}",
    correction="Corrected: read {read}, really {really}",
    corrected="corrected",
    doubtful="doubtful",
    answered="answered",
    wins="{name} wins",
    center="center",
    standings_label="standings after the roll",
    doubts_label="why this read is doubtful",
    games_head=("Game", "First", "Winner", "Rolls"),
    draw="draw, pot of {center}",
    no_games="No game has ended yet.",
    wins_head=("Player", "Wins"),
    money="Money",
    kinds={"regular": "regular dice", "boxed": "boxed dice", "wild": "wild dice"},
    fairness_head=("Face", "Seen", "Fair"),
    no_dice="No dice thrown yet.",
    filters="filters",
    game="Game",
    player="Player",
    all="all",
    game_option="game {game}",
    flagged="only corrected or doubtful",
    shown="{shown} of {total} rolls",
    keys=("next/previous roll", "photo", "game", "player", "flagged", "close"),
    variants_label="variants: {variants}",
    none="none",
    corrected_count="{n} corrected",
    doubtful_count="{n} doubtful",
    title="LCR session",
    chart_heading="Chips after every roll",
    games_heading="Games",
    wins_heading="Wins",
    dice_heading="Are these dice fair?",
    rolls_label="rolls",
    no_rolls="No rolls yet.",
    viewer_label="photo",
    close="Close (Esc)",
    chart_game="Game {game}",
    chart_empty="No rolls yet: nothing to chart.",
    chart_label="Chips of each player after every roll",
    chart_won="{name} wins game {game}",
    chart_roll="Roll {k}: {name} rolled {faces}",
    axis_roll="roll",
    axis_chips="chips",
    legend_center="center pot (right-hand scale)",
)

RUSSIAN = PageWords(
    language=RU,
    point=",",
    too_few="Пока мало кубиков, чтобы судить: учтено {count}, а нужно {needed}.",
    fair="Нет признаков, что кубики нечестные: {p}, учтено кубиков: {count}.",
    loaded="Похоже, кубики нечестные: {p}, учтено кубиков: {count}.",
    left_out="Не учтено кубиков: {count} — их не видели или прочитали неуверенно, а подтвердить "
             "было некому.",
    how={
        "read": "прочитано камерой",
        "confirmed": "сомнительное чтение камеры, принято вручную",
        "typed": "введено вручную",
        "unanswered": "сомнительное чтение камеры, принято без ответа: проверьте",
    },
    no_photo="Нет фото: {why}",
    typed_manual="грани введены при ручной игре",
    image_missing="файла снимка нет",
    photo_alt="Бросок {k}: кубики игрока {name}, как их прочитала камера",
    seen="Камера увидела: {dice}",
    seen_none="Камера не увидела кубиков",
    photo="фото {name}",
    pip="грань {face}",
    roll="Бросок {k}",
    roll_label="Бросок {k}, {name}",
    where="игра {game}, ход {turn} · {dice}",
    correction="Исправлено: прочитано {read}, на самом деле {really}",
    corrected="исправлен",
    doubtful="под сомнением",
    answered="уточнён",
    wins="{name} побеждает",
    center="центр",
    standings_label="фишки после броска",
    doubts_label="почему чтение под сомнением",
    games_head=("Игра", "Первым бросал", "Победитель", "Бросков"),
    draw="ничья, в банке {center}",
    no_games="Ни одна игра ещё не закончилась.",
    wins_head=("Игрок", "Победы"),
    money="Деньги",
    kinds={"regular": "Обычные кубики", "boxed": "Кубики с L, C, R",
           "wild": "Кубики с дикой гранью"},
    fairness_head=("Грань", "Выпало", "Ожидается"),
    no_dice="Кубики ещё не бросали.",
    filters="фильтры",
    game="Игра",
    player="Игрок",
    all="все",
    game_option="игра {game}",
    flagged="только исправленные и сомнительные",
    shown="показано бросков: {shown} из {total}",
    keys=("следующий/предыдущий бросок", "фото", "игра", "игрок", "отмеченные", "закрыть"),
    variants_label="варианты: {variants}",
    none="нет",
    corrected_count="исправлено: {n}",
    doubtful_count="под сомнением: {n}",
    title="Сессия LCR",
    chart_heading="Фишки после каждого броска",
    games_heading="Игры",
    wins_heading="Победы",
    dice_heading="Честные ли кубики?",
    rolls_label="броски",
    no_rolls="Бросков пока нет.",
    viewer_label="фото",
    close="Закрыть (Esc)",
    chart_game="Игра {game}",
    chart_empty="Бросков пока нет: графику не из чего строиться.",
    chart_label="Фишки каждого игрока после каждого броска",
    chart_won="{name} побеждает в игре {game}",
    chart_roll="Бросок {k}: {name} — {faces}",
    axis_roll="бросок",
    axis_chips="фишки",
    legend_center="банк в центре (шкала справа)",
)

PAGES: Mapping[str, PageWords] = {"en": ENGLISH, "ru": RUSSIAN}


def page_words(language: str) -> PageWords:
    """The page's words in ``language`` (a code of `lcr_vision.languages`: ``en``, ``ru``)."""
    return PAGES[language]
