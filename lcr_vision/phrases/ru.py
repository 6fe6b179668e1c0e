"""Russian: the voice's sentences and every refusal, one template per key (see `language`).

Counts take the accusative (передай одну фишку); feminine nouns (фишка, грань) take одну, две.
"""

from __future__ import annotations

from lcr_vision.phrases.language import Language
from lcr_vision.phrases.numbers import russian
from lcr_vision.phrases.ru_refusals import REFUSALS_RU

FEMININE = frozenset({"chip", "face"})


def _form(n: int) -> int:
    """Russian nouns: 1, 21 фишку; 2-4, 22-24 фишки; 0, 5-20, 25 фишек."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


RU = Language(
    spell=lambda n, noun: russian(n, feminine=noun in FEMININE),
    nouns={
        "chip": ("фишку", "фишки", "фишек"),
        "die": ("кубик", "кубика", "кубиков"),
        "percent": ("процент", "процента", "процентов"),
        "face": ("грань", "грани", "граней"),
        "target": ("цель", "цели", "целей"),
        "wild": ("дикий", "диких", "диких"),
        "roll": ("бросок", "броска", "бросков"),
        "them": ("её", "их", "их"),
        "finished_game": ("законченная игра", "законченные игры", "законченных игр"),
    },
    form=_form,
    templates={
        "turn": "{player}, бросай {dice}.",
        "reroll": "{player}, брось ещё раз.",
        "read": "{faces}.",
        "pass": "{player}: {parts}.",
        "left": "{n} налево — {name}",
        "right": "{n} направо — {name}",
        "center": "{n} в центр",
        "keep": "{player}: все фишки остаются.",
        "undone": "Бросок игрока {player} отменён.",
        "take": "{player} забирает {chips} у игрока {victim}.",
        "take_center": "{player} забирает из центра {chips}.",
        "give": "{player} отдаёт {chips} — {receiver}.",
        "pay": "{player} платит три фишки и переворачивает кубики.",
        "all_to_center": "{player}: все фишки в центр, {chips}.",
        "skip": "{player}: нет фишек, ход пропущен.",
        "win": "{player} побеждает!",
        "draw": "Ни у кого нет фишек: ничья. Банк, {chips}, переходит в следующую игру.",
        "wrong_count": "Вижу {seen}, {player} бросает {owed}.",
        "no_dice": "Не вижу кубиков, {player} бросает {owed}.",
        "unsure": "Стоп: не уверен в броске игрока {player}: {which}.",
        "unsure_read": "Я вижу: {faces}.",
        "same_again": "Кубики лежат как в прошлом броске: это бросок игрока {player}?",
        "unanswered": "Ответа нет: беру бросок игрока {player} как прочитал. Проверьте бросок {k} "
                      "в обзоре.",
        "learnt": "Я изучил ваши кубики по этой игре и буду спрашивать реже.",
        "learnt_expect": "Я изучил ваши кубики по этой игре: теперь ожидаю вопросов примерно в {n} "
                         "бросках из ста.",
        "unseen": "Ответа нет, и в броске игрока {player} я не увидел {missing}: считаю только те "
                  "кубики, что видел, и фишки не проверены с броска {k}, пока вы его не "
                  "исправите в обзоре.",
        "type_faces": "Напишите грани: {player} бросает {owed}.",
        "resumed_photo": "Продолжаю {source} с фото {n}: предыдущие фото уже в журнале.",
        "resumed_frame": "Продолжаю {source} с кадра {n}: предыдущие кадры уже в журнале.",
        "resumed_named": "Продолжаю {source}: {n} фото уже в журнале, читаю остальные.",
        "photo_gone": "Фото {name} броска {k} больше нет в {source}: журнал хранит то, что с "
                      "него прочитано; верните фото, чтобы проверить.",
        "photo_changed": "Фото {name} броска {k} в {source} изменилось после чтения: журнал "
                         "хранит прочитанное тогда; верните исходное фото, чтобы проверить.",
        "standings": "{chips}, в центре {center}.",
        "favoured": "{player} — фаворит, {chance}.",
        "even": "Шансы равны.",
        "manual_session": "Сессия {folder}. Наберите help, чтобы узнать, как вводить броски.",
        "manual_saved": "Сессия сохранена в {folder}; продолжить её: --session.",
        "manual_rejected": "Не принято: {why}. Попробуйте ещё раз.",
        "manual_undone": "Бросок {k} ({player}: {faces}) отменён.",
        "manual_turn": "Игра {game}, бросок {k}: {turn}",
        "manual_reverse": " (начните строку с reverse, чтобы заплатить три фишки за Wilder)",
        "manual_roll": "Бросок {k}",
        "odds_line": "Шансы: {chances}",
        "odds_line_estimated": "Шансы (оценка): {chances}",
        "manual_corrected": "Бросок {k} исправлен",
        "manual_before_crash": "До сбоя: бросок {k}",
        "manual_rolled": "{label}: {player} — {faces}. {what}",
        "manual_help": (
            "Вводите грани каждого броска одной строкой: L R dot, l c . или очки: 4 6 2.\n"
            "Wild: добавьте @Имя на каждую фишку, которую берёт (или отдаёт) wild, например\n"
            "      wild wild dot @Ben @Cat; без имён выбирает правило.\n"
            "Wilder: начните строку с reverse, чтобы заплатить три фишки и развернуть кубики.\n"
            "Команды: undo (последний бросок), amend K ГРАНИ (бросок K на самом деле: следующие\n"
            "         броски переигрываются, и называются фишки, которые нужно передать;\n"
            "         correct делает то же), standings, help, quit.\n"
            "Конец ввода тоже останавливает игру; сессия продолжается с --session."),
        "profile_made": "Кубики этого стола изучены в профиль {name} ({path}): играйте с "
                        "--calibration {name}, чтобы начать с него.",
        "profile_learnt": "Профиль {name} изучил эти кубики по этой сессии ({path}).",
        "ask_roll": "бросок {k}? ",
        "ask_amend_roll": "Какой бросок исправить? (Enter: бросок {k}) ",
        "ask_amend_faces": "Грани броска {k} на самом деле (например, L R dot): ",
        "ask_faces": "Грани игрока {player} (кубиков: {owed}, например, L R dot): ",
        "before_crash": "До сбоя бросал игрок {player}.",
        "new_game": "Игра {game}: первым бросает {player}.",
        "corrected": "Бросок {k} на самом деле: {faces}.",
        "settled": "Броски после него остаются как брошены; исправление улаживаем сейчас.",
        "replayed": "Сейчас это не уладить, поэтому броски после него переигрываются.",
        "struck": "Вычеркнуто: {rolls:roll}, начиная с броска {k}; после исправления "
                  "им нет места.",
        "hand": "{giver}, отдай {chips} — {receiver}.",
        "hand_center": "{giver}, положи {chips} в центр.",
        "hand_box": "{giver}, убери {chips} в коробку.",
        "from_center": "Возьмите из центра {chips} и отдайте {them} игроку {receiver}.",
        "from_center_box": "Уберите из центра {chips} в коробку.",
        "from_box": "Возьмите из коробки {chips} и отдайте {them} игроку {receiver}.",
        "from_box_center": "Положите из коробки {chips} в центр.",
        "no_change": "Фишки остаются на местах.",
        "demo_won": "{player} выигрывает демонстрационную игру.",
        "demo_reads": "Прочитано бросков: {throws}; через {median} кадров (медиана; не больше "
                      "{most}) после остановки кубиков.",
        "demo_session": "Сессия: {folder}",
        # The written record (`record`): its sentences and labels, numbers in digits; the
        # variants Wild and Wilder keep their names, as above.
        "rec_held": "У игрока {player} фишек: {chips}.",
        "rec_win": "{player} побеждает в игре {game}{prize}!",
        "rec_prize": " и забирает банк (фишек: {pot})",
        "rec_settled": "Бросок {k} исправлен после броска {after} и улажен тогда: {handed}.",
        "rec_no_change": "фишки не передавались",
        "rec_to_player": "{giver} отдаёт игроку {receiver} фишек: {chips}",
        "rec_to_center": "{giver} кладёт в центр фишек: {chips}",
        "rec_to_box": "{giver} убирает в коробку фишек: {chips}",
        "rec_center_to_player": "из центра игроку {receiver} фишек: {chips}",
        "rec_box_to_player": "из коробки игроку {receiver} фишек: {chips}",
        "rec_center_to_box": "из центра в коробку фишек: {chips}",
        "rec_box_to_center": "из коробки в центр фишек: {chips}",
        "rec_struck": "Бросок {k} (игрок {player}: {faces}) вычеркнут: исправление перед ним не "
                      "оставило ему места.",
        "rec_doubtful_roll": "сомнительный, никто не ответил",
        "rec_unseen_roll": "не видно: {dice}, никто не ответил",
        "rec_unverified": "Не проверено с броска {k}: бросок прочитан с сомнением или с "
                          "кубиками, которых никто не видел; исправьте его, когда узнаете грани.",
        "rec_turn": "{player} бросает {dice}.",
        "rec_standings": "{held}; в центре {center}.",
        "rec_players": "Игроки и фишки в начале: {stakes}.",
        "rec_variants": "Варианты: {variants}; правило диких: {policy}.",
        "rec_variant_wild": "Wild",
        "rec_variant_wilder": "Wilder",
        "rec_variant_last-chip-wins": "последняя фишка",
        "rec_variant_dot-to-win": "победа точками",
        "rec_policy_richest": "у самого богатого",
        "rec_policy_left": "у соседа слева",
        "rec_photo_lost": "фото потеряно при сбое",
        "rec_unknown_faces": "грани неизвестны",
        "rec_other_roll": "запись фото {name} — от другого броска (игрок {player}: {faces})",
        "rec_none": "нет",
        "rec_where": "игра {game} ход {turn}",
        "rec_corrected": "исправлен",
        "rec_game_won": "Игра {n}: победитель — {player}; бросков: {rolls}; первым бросал "
                        "игрок {first}.",
        "rec_game_draw": "Игра {n}: ничья; бросков: {rolls}; первым бросал игрок {first}.",
        "rec_game_now": "Игра {game}: {turn}",
        "rec_wins": "Победы: {wins}.",
        "rec_money": "Деньги: {money}.",
        "rec_amended": "Бросок {k} (игрок {player}, игра {game}, ход {turn}): {before} -> "
                       "{after}. {moves}",
        "rec_already": "В броске {k} уже {faces}: исправлять нечего.",
        "rec_faces_count": "бросок {k} — это бросок игрока {player}, {dice}; в --faces граней: "
                           "{given}",
        "rec_updated": "Страница обновлена: {path}.",
        "rec_open_yourself": "{why}; откройте {path} сами",
        "rec_page_stale": "исправление сохранено, но {why}; пересоберите страницу: "
                          "lcr-vision review {folder}",
        "rec_wrote": "Страница записана: {path}; {rolls}, {games}.",
        "rec_changes_standings": "Игра {n}, фишки: {moved}.",
        "rec_changes_winner": "Игра {n}, итог: {was} -> {now}.",
        "rec_changes_gone": "Игра {n} больше не играется.",
        "rec_changes_begins": "Игра {n} теперь начинается.",
        "rec_unchanged": "Фишки не меняются.",
        "rec_playing": "ещё идёт",
        "rec_won_by": "победитель — {player}",
        "rec_draw": "ничья",
        "rec_center": "центр",
        "rec_how_unanswered": "сомнительное чтение принято без ответа: проверьте",
        "rec_how_typed": "грани введены за столом",
        "rec_how_confirmed": "сомнительное чтение подтверждено за столом",
        "rec_low": "{face} прочитано с уверенностью {score}",
        "rec_unseen_doubt": "Не видно: {dice}; фишек они не двигали. Что на них выпало? "
                            "Исправьте бросок {k}.",
        "rec_swapped": "{path} — не то фото, что сохранено для этого броска: его изменили или "
                       "подменили",
        "rec_photo": "Игра {game}, ход {turn}: {player}, {faces}",
        "rec_intact": "Журнал цел: каждая из его строк ({n}) следует за предыдущей, как "
                      "записано.",
        "rec_vouched": "записано на строке разрыва журнала {line} или после неё: не "
                       "подтверждено",
        **REFUSALS_RU,
    },
    faces={"L": "лево", "C": "центр", "R": "право", "dot": "точка", "wild": "дикий"},
    places=(("кубик",), ("левый кубик", "правый кубик"),
            ("левый кубик", "средний кубик", "правый кубик")),
    dice_word=("кубик", "кубики"),
    joiner="и",
)
