"""What the guided calibration says, prints and refuses, step by step, in English and Russian.

Every sentence is a template of `TEMPLATES`, one table per language with the same keys, filled by
`CalibrationWords`. Its figures are said as digits and percentages, as a report of measurements
rather than a count of chips.

>>> EN_WORDS.play_area((40, 30, 560, 420))
'Play area: 560 by 420 pixels at 40, 30.'
>>> EN_WORDS.check_roll(2, ("L", "dot"), ("L", "C"))
'Roll 2: read L dot, really L C.'
>>> CalibrationWords("ru").check_roll(2, ("L",), ("L",))
'Бросок 2: прочитано L.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lcr_vision.faces import DiceKind

TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "lcr": "boxed LCR", "wild": "LCR Wild", "pip": "regular",
        "start": "Calibrating {name!r} for {dice} dice.",
        "empty_table": "Step 1: the empty table.",
        "clear_table": "Clear the table and keep the camera still.",
        "light_fine": "The light is fine.",
        "too_dark": "The picture is too dark: add light over the table or raise the camera "
                    "exposure.",
        "blown_out": "{share}% of the picture is blown out: dim the light or lower the camera "
                     "exposure.",
        "glare": "There is glare on the table: move the lamp or tilt the camera so no light is "
                 "reflected into it.",
        "blurred_small": "The dice look blurred at {die} pixels wide: move the camera closer, "
                         "then focus it on the table.",
        "blurred": "The dice look blurred: focus the camera on the table or move it back a "
                   "little.",
        "too_small": "The dice are only {die} pixels wide: move the camera closer or use bigger "
                     "dice.",
        "small_in_wide": "The dice are small in so wide a picture ({die} of {side} pixels): move "
                         "the camera closer or give a smaller play area with --roi.",
        "dice_size": "Step 2: dice size.",
        "small_closer": "The dice are {die} pixels wide; dice {sure} pixels wide or more read "
                        "surest: move the camera closer.",
        "small_resolution": "The dice are {die} pixels wide in a picture {width} pixels wide; "
                            "dice {sure} pixels wide or more read surest: move the camera "
                            "closer, or open it at a higher resolution (--resolution 1280x720).",
        "come_closer": "The dice are {die} pixels wide and {share}% of the check dice were read "
                       "right; dice {least} pixels wide or more read far better: move the camera "
                       "{times} times closer, or use bigger dice.",
        "place_dice": "Place the dice in the play area",
        "dice_size_doing": "Step 2: dice size. {doing}.",
        "whole_picture": "Play area: the whole picture.",
        "play_area": "Play area: {w} by {h} pixels at {x}, {y}.",
        "far_side_found": "I cannot yet tell which edge of the picture is the far side of the "
                          "table, so I work it out in each picture.",
        "far_side_top": "The table's far side is the picture's top side.",
        "far_side": "The table's far side is the picture's {side} side; I read it turned up.",
        "far_side_unsure": "The table's far side looks like the picture's {side} side, but {rolls} "
                           "check rolls do not make it clear ({more} more would); until then I "
                           "find it in each picture.",
        "learn_more": "{share}% of {dice} check dice were read right; to learn these dice I "
                      "need more check rolls: roll the dice {more} more times.",
        "learn_unsure": "{share}% of {dice} check dice were read right; {more} more check rolls "
                        "would let me learn these dice, and there are no more.",
        "doing_clear": "Clear the table",
        "ask_empty": "Is the table empty?",
        "doing_roll": "Roll the dice ({n} rolls checked)",
        "doing_show": "Show one die with {face} up",
        "keys_ready": "space: ready   q: stop",
        "type_ready": "{what} Press Enter when ready (q to stop):",
        "keys_yes_no": "space: yes   q: no",
        "type_yes_no": "Enter: yes, n: no",
        "drag_area": "Drag the play area and press space; space alone keeps the green one",
        "shown_read": "Read: {faces}",
        "keys_truth": "space: right   t: type faces   q: stop",
        "type_truth": "Read: {faces}. Enter if right, else type the faces up (q to stop):",
        "no_dice_read": "no dice",
        "update_faces": "the sessions hold faces {faces}, which the profile's {dice} dice do not "
                        "have; the profile is unchanged",
        "update_few": "the sessions hold {rolls} rolls with photos; learning the dice needs at "
                      "least {least}; the profile is unchanged",
        "update_no_features": "{model} cannot learn dice (it has no features output); the "
                              "profile is unchanged",
        "update_not_better": "on rolls held out in turn, the new head read {a} of {ad} dice right "
                             "against {b} now: not clearly better; the profile is unchanged",
        "update_learnt": "On rolls held out in turn: {b} of {bd} dice read right with the "
                         "profile as it was, {a} of {ad} after learning from {rolls} rolls.",
        "update_not_kept": "On rolls held out in turn: {b} of {bd} dice read right with the "
                           "profile as it was, {a} of {ad} after learning from {rolls} rolls: "
                           "not clearly better, so the profile reads its dice as before.",
        "top": "top", "right": "right", "bottom": "bottom", "left": "left",
        "die_width": "The dice are about {die} pixels wide.",
        "boxed_map": "Step 3: the face map. Boxed dice need none.",
        "face_map": "Step 3: the face map. {counts}.",
        "counts": "{pips} counts {face}",
        "check_rolls": "Step 4: check rolls. Roll the dice, let them settle, and check what I "
                       "read ({wanted} rolls).",
        "all": "all",
        "check_roll": "Roll {n}: read {found}.",
        "check_roll_wrong": "Roll {n}: read {found}, really {truth}.",
        "nothing": "nothing",
        "accuracy": "Read {die}% of {dice} dice right ({roll}% of {rolls} rolls); without "
                    "calibration {default}%.",
        "learning": "Step 5: learning these dice.",
        "cannot_learn": "This model cannot learn new dice; I read yours as I read any.",
        "too_few_to_learn": "Learning your dice needs at least {least} check rolls; until then I "
                            "read them as I read any.",
        "show_faces": "To learn these dice, show me one die with each face up in turn: {faces}?",
        "show_face": "Now one die with {face} up.",
        "learnt": "I tested what I learnt on check rolls I had not learnt from: {b} of {bd} "
                  "dice read right before and {a} of {ad} after: {verdict}",
        "kept": "I keep what I learnt.",
        "not_kept": "no clear gain, so I read your dice as I read any.",
        "doubt_raised": "I read some of those rolls wrong though I was sure of them, so I will "
                        "ask about every roll I am less than {share}% sure of.",
        "expect": "I expect to ask about {n} rolls in 100.",
        "saved": "Saved the profile {name!r}; play with --calibration {name}.",
        # refusals: the command line prints them after "lcr-vision: "
        "no_empty_photo": "no photo of the empty table: add one with no rows in the answers (or "
                          "list it in empty.txt)",
        "stopped_empty": "stopped before the empty table was seen",
        "no_still": "{source} gave no still picture of the empty table",
        "roi_outside": "--roi {x},{y},{w},{h} does not fit the {fw}x{fh} frames",
        "no_roll": "no check roll with dice on the table was seen; no profile was written",
        "unanswered": "nobody answered check roll 1 (the terminal ended or q was typed): answer "
                      "at the terminal, or give the faces with --answers labels.csv; no profile "
                      "was written",
        "other_table": "{strangers} of {rolls} check rolls show another table, or the camera "
                       "moved, since the empty table was photographed: keep one camera still "
                       "over one table for the empty table and every roll; no profile was written",
        "two_distances": "the check rolls show dice from {least} to {most} pixels wide, not one "
                         "camera over one table: take every roll from one place; no profile was "
                         "written",
        "no_dice": "the check rolls look just like the empty table: no dice were seen; no "
                   "profile was written",
        "too_few_right": "only {share}% of the check dice were read right: I would ask about "
                         "most rolls. {advice}",
        "not_written": "No profile was written (--keep-anyway writes it as it is).",
        "kept_anyway": "Kept anyway, as asked.",
        "light_evenly": "Bring the camera closer or higher over the table, light it evenly, and "
                        "use dice the model knows.",
    },
    "ru": {
        "lcr": "кубиков LCR с буквами", "wild": "кубиков LCR Wild", "pip": "обычных кубиков",
        "start": "Калибровка {name!r} для {dice}.",
        "empty_table": "Шаг 1: пустой стол.",
        "clear_table": "Уберите всё со стола и не двигайте камеру.",
        "light_fine": "Свет в порядке.",
        "too_dark": "Снимок слишком тёмный: добавьте света над столом или увеличьте экспозицию "
                    "камеры.",
        "blown_out": "{share}% снимка засвечено: приглушите свет или уменьшите экспозицию "
                     "камеры.",
        "glare": "На столе блик: передвиньте лампу или наклоните камеру, чтобы свет не отражался "
                 "в неё.",
        "blurred_small": "Кубики размыты, они шириной {die} пикселей: придвиньте камеру, потом "
                         "наведите её на стол.",
        "blurred": "Кубики размыты: наведите камеру на стол или немного отодвиньте её.",
        "too_small": "Кубики шириной всего {die} пикселей: придвиньте камеру или возьмите кубики "
                     "побольше.",
        "small_in_wide": "Кубики малы для такого широкого снимка ({die} из {side} пикселей): "
                         "придвиньте камеру или задайте меньшую игровую зону через --roi.",
        "dice_size": "Шаг 2: размер кубиков.",
        "small_closer": "Кубики шириной {die} пикселей; увереннее всего читаются кубики шириной "
                        "от {sure} пикселей: придвиньте камеру.",
        "small_resolution": "Кубики шириной {die} пикселей на снимке шириной {width} пикселей; "
                            "увереннее всего читаются кубики шириной от {sure} пикселей: "
                            "придвиньте камеру или откройте её в большем разрешении "
                            "(--resolution 1280x720).",
        "come_closer": "Кубики шириной {die} пикселей, и верно прочитано {share}% проверочных "
                       "кубиков; кубики шириной от {least} пикселей читаются гораздо лучше: "
                       "придвиньте камеру в {times} раза ближе или возьмите кубики побольше.",
        "place_dice": "Положите кубики в игровую зону",
        "dice_size_doing": "Шаг 2: размер кубиков. {doing}.",
        "whole_picture": "Игровая зона: весь снимок.",
        "play_area": "Игровая зона: {w} на {h} пикселей в точке {x}, {y}.",
        "far_side_found": "Пока не понимаю, какой край снимка — дальний край стола, поэтому "
                          "определяю его на каждом снимке.",
        "far_side_top": "Дальний край стола — верх снимка.",
        "far_side": "Дальний край стола — {side} снимка; я читаю снимок повёрнутым.",
        "far_side_unsure": "Дальний край стола, похоже, — {side} снимка, но проверочных бросков "
                           "слишком мало ({rolls}), чтобы быть уверенным (нужно ещё {more}); пока "
                           "я нахожу его на каждом снимке.",
        "learn_more": "Верно прочитано {share}% из {dice} проверочных кубиков; чтобы изучить "
                      "эти кубики, нужно больше проверочных бросков: бросьте кубики ещё "
                      "(бросков: {more}).",
        "learn_unsure": "Верно прочитано {share}% из {dice} проверочных кубиков; ещё {more} "
                        "проверочных бросков позволили бы изучить эти кубики, но больше их нет.",
        "doing_clear": "Уберите всё со стола",
        "ask_empty": "Стол пуст?",
        "doing_roll": "Бросьте кубики (проверено бросков: {n})",
        "doing_show": "Покажите кубик гранью {face} вверх",
        "keys_ready": "пробел: готово   q: стоп",
        "type_ready": "{what} Нажмите Enter, когда всё готово (q — стоп):",
        "keys_yes_no": "пробел: да   q: нет",
        "type_yes_no": "Enter: да, n: нет",
        "drag_area": "Выделите игровую зону мышью и нажмите пробел; один пробел оставляет "
                     "зелёную",
        "shown_read": "Прочитано: {faces}",
        "keys_truth": "пробел: верно   t: ввести грани   q: стоп",
        "type_truth": "Прочитано: {faces}. Enter, если верно, иначе введите грани (q — стоп):",
        "no_dice_read": "кубиков нет",
        "update_faces": "в сессиях есть грани {faces}, которых у кубиков профиля ({dice}) нет; "
                        "профиль не изменён",
        "update_few": "в сессиях бросков со снимками: {rolls}; чтобы выучить кубики, нужно не "
                      "меньше {least}; профиль не изменён",
        "update_no_features": "{model} не может учить кубики (у модели нет выхода features); "
                              "профиль не изменён",
        "update_not_better": "на отложенных по очереди бросках новая голова прочитала верно {a} "
                             "из {ad} кубиков против {b} сейчас: не явно лучше; профиль не "
                             "изменён",
        "update_learnt": "На отложенных по очереди бросках: верно прочитано {b} из {bd} кубиков "
                         "с прежним профилем и {a} из {ad} после обучения на бросках ({rolls}).",
        "update_not_kept": "На отложенных по очереди бросках: верно прочитано {b} из {bd} "
                           "кубиков с прежним профилем и {a} из {ad} после обучения на бросках "
                           "({rolls}): не явно лучше, профиль читает кубики как прежде.",
        "top": "верх", "right": "правая сторона", "bottom": "низ", "left": "левая сторона",
        "die_width": "Кубики шириной около {die} пикселей.",
        "boxed_map": "Шаг 3: значения граней. Кубикам с буквами они не нужны.",
        "face_map": "Шаг 3: значения граней. {counts}.",
        "counts": "{pips} считается как {face}",
        "check_rolls": "Шаг 4: проверочные броски. Бросьте кубики, дайте им лечь и проверьте, "
                       "что я прочитал (бросков: {wanted}).",
        "all": "все",
        "check_roll": "Бросок {n}: прочитано {found}.",
        "check_roll_wrong": "Бросок {n}: прочитано {found}, на самом деле {truth}.",
        "nothing": "ничего",
        "accuracy": "Верно прочитано {die}% из {dice} кубиков ({roll}% из {rolls} бросков); без "
                    "калибровки {default}%.",
        "learning": "Шаг 5: изучаю эти кубики.",
        "cannot_learn": "Эта модель не умеет изучать новые кубики; читаю ваши как любые.",
        "too_few_to_learn": "Чтобы изучить ваши кубики, нужно не меньше {least} проверочных "
                            "бросков; пока читаю их как любые.",
        "show_faces": "Чтобы изучить эти кубики, покажите мне один кубик каждой гранью вверх по "
                      "очереди: {faces}?",
        "show_face": "Теперь один кубик гранью {face} вверх.",
        "learnt": "Я проверил изученное на проверочных бросках, которых не изучал: до изучения "
                  "верно прочитано {b} из {bd} кубиков, после — {a} из {ad}: {verdict}",
        "kept": "оставляю изученное.",
        "not_kept": "явной пользы нет, поэтому читаю ваши кубики как любые.",
        "doubt_raised": "Некоторые из этих бросков я прочитал неверно, хотя был уверен, поэтому "
                        "буду спрашивать о каждом броске, в котором уверен меньше чем на {share}%.",
        "expect": "Ожидаю вопросов примерно в {n} бросках из 100.",
        "saved": "Профиль {name!r} сохранён; играйте с --calibration {name}.",
        "no_empty_photo": "нет снимка пустого стола: добавьте снимок без строк в ответах (или "
                          "укажите его в empty.txt)",
        "stopped_empty": "остановлено до того, как был виден пустой стол",
        "no_still": "{source} не дал ни одного неподвижного снимка пустого стола",
        "roi_outside": "--roi {x},{y},{w},{h} не помещается в кадры {fw}x{fh}",
        "no_roll": "не было ни одного проверочного броска с кубиками на столе; профиль не записан",
        "unanswered": "никто не ответил на проверочный бросок 1 (ввод закончился или набрано "
                      "q): отвечайте в терминале или укажите грани через --answers labels.csv; "
                      "профиль не записан",
        "other_table": "{strangers} из {rolls} проверочных бросков показывают другой стол, или "
                       "камера сдвинулась после снимка пустого стола: снимайте пустой стол и все "
                       "броски одной неподвижной камерой над одним столом; профиль не записан",
        "two_distances": "на проверочных бросках кубики шириной от {least} до {most} пикселей, "
                         "это не одна камера над одним столом: снимайте все броски с одного "
                         "места; профиль не записан",
        "no_dice": "проверочные броски выглядят как пустой стол: кубиков не видно; профиль не "
                   "записан",
        "too_few_right": "верно прочитано только {share}% проверочных кубиков: я бы спрашивал "
                         "о большинстве бросков. {advice}",
        "not_written": "Профиль не записан (--keep-anyway запишет его как есть).",
        "kept_anyway": "Всё равно сохраняю, как просили.",
        "light_evenly": "Поставьте камеру ближе или выше над столом, осветите его равномерно и "
                        "возьмите кубики, которые знает модель.",
    },
}
LANGUAGES = tuple(TEMPLATES)


class CalibrationWords:
    """The calibration's sentences in one ``language`` of `TEMPLATES`."""

    def __init__(self, language: str = "en") -> None:
        self.templates = TEMPLATES[language]

    def sentence(self, key: str, **fields: object) -> str:
        """The template ``key`` filled with ``fields``."""
        return self.templates[key].format(**fields)

    def start(self, name: str, kind: DiceKind) -> str:
        return self.sentence("start", name=name, dice=self.sentence(kind.value))

    def dice_size(self, doing: str | None) -> str:
        """Step 2's heading; ``doing`` is what to do now, at a live camera."""
        if doing:
            return self.sentence("dice_size_doing", doing=doing)
        return self.sentence("dice_size")

    def play_area(self, roi: tuple[int, int, int, int] | None) -> str:
        if roi is None:
            return self.sentence("whole_picture")
        x, y, w, h = roi
        return self.sentence("play_area", x=x, y=y, w=w, h=h)

    def far_side(self, turn: int | None) -> str:
        """Where the check rolls read best with the table's far side (``turn``: quarter-turns
        anticlockwise that bring it up; ``None``: no one side of the picture, so it is found in
        each picture, as from a camera straight above).

        >>> EN_WORDS.far_side(1)
        "The table's far side is the picture's right side; I read it turned up."
        """
        if turn is None:
            return self.sentence("far_side_found")
        if turn % 4 == 0:
            return self.sentence("far_side_top")
        side = self.sentence(("right", "bottom", "left")[turn % 4 - 1])
        return self.sentence("far_side", side=side)

    def far_side_unclear(self, likely: int, rolls: int, more: int) -> str:
        """The far side the check rolls lean to (``likely`` quarter-turns) but do not make clear
        on ``rolls`` rolls: ``more`` rolls said to be needed, while the side is found in each
        picture.

        >>> EN_WORDS.far_side_unclear(2, 10, 10)[:60]
        "The table's far side looks like the picture's bottom side, b"
        """
        side = self.sentence(("top", "right", "bottom", "left")[likely % 4])
        return self.sentence("far_side_unsure", side=side, rolls=rolls, more=more)

    def learn_more(self, share: float, dice: int, more: int, asking: bool) -> str:
        """The check rolls read ``share`` of their ``dice`` right, short of what learning these
        dice needs: ``more`` rolls asked for when someone is ``asking``, else said to be needed.

        >>> EN_WORDS.learn_more(0.9, 20, 10, asking=True).split(": ")[1]
        'roll the dice 10 more times.'
        """
        return self.sentence("learn_more" if asking else "learn_unsure", share=f"{100 * share:.0f}",
                             dice=dice, more=more)

    def die_width(self, pixels: float) -> str:
        return self.sentence("die_width", die=f"{pixels:.0f}")

    def face_map(self, pips: Mapping[str, str] | None) -> str:
        """Step 3: how pip values count (``None``: boxed dice)."""
        if pips is None:
            return self.sentence("boxed_map")
        counts = ", ".join(self.sentence("counts", pips=p, face=f) for p, f in pips.items())
        return self.sentence("face_map", counts=counts)

    def check_rolls(self, wanted: int | None) -> str:
        """Step 4's heading; ``wanted`` rolls, or all there are."""
        return self.sentence("check_rolls", wanted=wanted or self.sentence("all"))

    def check_roll(self, n: int, found: Sequence[str], truth: Sequence[str]) -> str:
        """Check roll ``n``: what was read, and what it really showed when that differs."""
        read = " ".join(found) or self.sentence("nothing")
        if tuple(sorted(found)) == tuple(sorted(truth)):
            return self.sentence("check_roll", n=n, found=read)
        return self.sentence("check_roll_wrong", n=n, found=read, truth=" ".join(truth))

    def accuracy(self, die: float, count: int, roll: float, rolls: int, default: float) -> str:
        """The best view's accuracy on the check rolls (shares), and the shipped reader's."""
        return self.sentence("accuracy", die=f"{100 * die:.0f}", dice=count,
                             roll=f"{100 * roll:.0f}", rolls=rolls,
                             default=f"{100 * default:.0f}")

    def show_faces(self, faces: Sequence[str]) -> str:
        """The offer after the check rolls at the table: one die shown with each face up in
        turn, for step 5 to learn from."""
        return self.sentence("show_faces", faces=", ".join(faces))

    def learnt(self, before: tuple[int, int], after: tuple[int, int], kept: bool) -> str:
        """Step 5's result: dice read right of dice held out, ``before`` and ``after``."""
        return self.sentence("learnt", b=before[0], bd=before[1], a=after[0], ad=after[1],
                             verdict=self.sentence("kept" if kept else "not_kept"))


EN_WORDS = CalibrationWords("en")
