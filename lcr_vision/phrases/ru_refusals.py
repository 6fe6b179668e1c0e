"""Russian: what lcr-vision refuses, and why, one template per key of the English `REFUSALS`.

Where the English names what the system, a JSON parser or ONNX said in English, the Russian
leaves those words out and says what to do instead.
"""

from __future__ import annotations

from collections.abc import Mapping

REFUSALS_RU: Mapping[str, str] = {
    "text": "{text}",
    "game_over": "игра {game} окончена, начните новую",
    "face_count": "{player} бросает {owed:die}, а граней {faces}",
    "wild_off": "у игрока {player} дикая грань, но вариант Wild не включён",
    "roll_face": "бросок игрока {player}: {why}",
    "unknown_face": "неизвестная грань {face!r}",
    "unknown_typed_face": "неизвестная грань {face!r}: назовите L, C, R, dot (или .), wild "
                          "или число от одного до шести",
    "wild_take_count": "дикие забирают {chips:chip}, а названо целей: {targets}",
    "wild_give_count": "дикие отдают {chips:chip}, а названо целей: {targets}",
    "wild_not_opponent": "дикий забирает только у соперника, а не у места {seat}",
    "wild_too_few": "у игрока {player} не забрать больше, чем {chips:chip}",
    "reverse_needs_wilder": "переворот кубиков есть только в варианте Wilder",
    "reverse_too_few": "{player}: за переворот нужно {price:chip}, а у игрока {chips}",
    "no_wild_choice": "у игрока {player} диких: {wilds}, выбирать некого",
    "no_player": "нет игрока {name!r}, играют: {players}",
    "no_undo": "отменять нечего: бросков нет",
    "no_roll": "броска {k} нет: всего бросков {rolls}",
    "roll_refused": "бросок {k}: {why}",
    "not_their_turn": "бросок {k} — бросок игрока {player}, а ход игрока {expected}",
    "cannot_follow": "бросок {k} не может идти за броском {last}",
    "settled_after": "бросок {k} не исправить отдельно: если переиграть, исправлению, "
                     "улаженному после него, не остаётся места",
    "undo_last": "отменить можно только последний бросок, а не бросок {k}",
    "undo_settled": "после броска {k} улажено исправление: исправьте этот бросок, а не "
                    "отменяйте его",
    "amend_syntax": "пишите: amend K ГРАНИ, например amend 3 L dot dot",
    "amend_number": "бросок исправляют по номеру, а не {text!r}",
    "no_terminal": "здесь некому печатать: ввод терминала закончился",
    # Files and folders.
    "cannot_read": "не прочитать {path}: {why}",
    "cannot_write": "не записать {path}: {why}",
    "cannot_open": "не открыть {path}: {why}",
    "cannot_make": "не создать {path}: {why}",
    "cannot_encode": "не сжать снимок {path}",
    "os_missing": "нет такого файла или папки",
    "os_denied": "нет прав доступа",
    "os_full": "на диске не осталось места",
    "os_read_only": "диск только для чтения",
    "os_is_folder": "это папка",
    "os_not_folder": "часть пути — не папка",
    # Sessions and their journal (the journal's own words on damage are left out: English).
    "not_session": "{folder} — не папка сессии: в ней нет {journal}",
    "cannot_make_session": "не создать папку сессии {path}: {why}",
    "session_exists": "в {folder} уже есть сессия: откройте её, чтобы продолжить",
    "session_busy": "{folder} уже открыта другой программой lcr-vision",
    "session_changed": "сессия изменилась, пока готовился этот бросок",
    "session_settings": "сессию {folder} начали с другими настройками: чтобы продолжить её, "
                        "не указывайте настроек игры",
    "journal_damaged": "строка {line} журнала {journal} повреждена",
    "journal_not_event": "строка {line} журнала {journal} — не запись журнала",
    "journal_first": "первой строкой журнала {journal} должна быть запись о сессии",
    "journal_fault": "строка {line} журнала {journal} не сходится с остальными: журнал правили "
                     "вручную или он повреждён",
    "cut_line": "строка {line} журнала {journal} оборвана сбоем и пропущена",
    "chain_broken": "строка {line} журнала {journal} не следует за строкой {before}, как была "
                    "записана: строки правили, удаляли или переставляли вручную; ничто со строки "
                    "{since} не подтверждено",
    "unchained": "журнал {journal} записан до того, как строки стали сцеплять (версия {version}): "
                 "правка вручную не была бы видна",
    "no_seal": "{seal} нет или он повреждён: строки, отрезанные с конца {journal}, не были бы "
               "видны",
    "seal_differs": "в конце журнала {journal} потеряны или изменены строки после строки {line} "
                    "({seal}): последние строки не подтверждены",
    # The game's settings, as typed.
    "name_empty": "имя игрока не может быть пустым",
    "name_control": "в имени {name!r:.60} перенос строки или управляющий знак",
    "name_long": "имя {name!r}... длиннее {most} знаков",
    "name_unprintable": "в имени {name!r} знак, который не печатается",
    "name_separator": "в имени {name!r} запятая или кавычка: имена разделяют запятыми, без "
                      "кавычек",
    "names_differ": "имена игроков должны различаться: {players}",
    "too_few_players": "для LCR нужно не меньше {least} игроков, а их {n}",
    "too_many_players": "игроков не больше {most}, а их {n}",
    "players_range": "--players: от {least} до {most}, а не {n}",
    "stakes_count": "{n} игрокам нужно {n} ставок, а их {stakes}",
    "stake_range": "{player}: в начале от 1 до {most:chip}, а не {chips}",
    "stakes_entry": "запись --stakes {entry!r} пишется как ИМЯ=ФИШКИ, например Аня=5",
    "chip_value": "фишка стоит больше 0 и не больше {most}, а не {value}",
    "chip_amount": "--chip-value {value!r} — не сумма",
    "wilder_alone": "в Wilder играют с вариантом Wild: добавьте --variant wild",
    "two_endings": "last-chip-wins и dot-to-win — два разных конца игры: выберите один",
    "unknown_variant": "неизвестный вариант {name!r}, есть: {allowed}",
    "unknown_policy": "неизвестное правило для диких {name!r}, есть: {allowed}",
    "wild_map_off": "в карте граней есть дикая грань, а вариант Wild не включён",
    "unknown_dice": "неизвестные кубики {name!r}, есть: {allowed}",
    "map_all_pips": "карта граней называет грань игры для каждого числа очков от 1 до 6",
    "map_value": "в карте граней бывают только L, C, R, dot или wild, а не {face!r}",
    "map_entry": "запись карты граней {entry!r} пишется как 4=L",
    "new_needs_players": "новой сессии нужны игроки: --players, например --players Аня,Боря,Катя",
    "manual_no_camera": "--manual читает введённые грани, а не камеру: --{option} здесь ни к чему",
    # Speech.
    "speech_rate": "--rate {rate} вне пределов: от 40 до 500 слов в минуту",
    "speech_out_folder": "--speech-out {path} — это папка: назовите файл для записи",
    "speech_out_where": "--speech-out {path}: нет папки {folder}, чтобы записать в неё звук",
    "text_only": "{why}; дальше только текст",
    "no_speech": "синтеза речи нет",
    "no_audio_player": "нет проигрывателя звука для речи (aplay: apt-get install alsa-utils)",
    "cannot_play": "aplay не может здесь воспроизвести звук",
    "speech_stopped": "речь прервалась",
    "unknown_voice": "неизвестный голос {voice!r}: попробуйте {shown} (здесь голосов: {n}; "
                     "список: espeak-ng --voices)",
    # Photos, cameras and the model.
    "no_picture_file": "{path}: нет такого файла",
    "not_a_file": "{path}: это не файл",
    "picture_too_big": "{path}: файл весит {mb} МБ, а снимок может весить не больше {most} МБ",
    "picture_empty": "{path}: файл пуст (0 байт)",
    "not_a_picture": "{path}: это не снимок, который читает lcr-vision (JPEG, PNG, BMP, TIFF, "
                     "WebP, PPM)",
    "too_many_pixels": "{path}: {size} пикселей — больше предела в {most} мегапикселя "
                       "(--max-megapixels)",
    "undecodable": "{path}: OpenCV не читает этот снимок (JPEG, PNG, BMP, TIFF, WebP ...)",
    "megapixels": "--max-megapixels {mp}: число мегапикселей больше 0 и не больше {most} "
                  "(столько распакует 1 ГБ памяти)",
    "no_source": "по адресу {source} нет ни видео, ни папки, ни потока",
    "no_images": "в {folder} нет снимков",
    "no_frames": "не прочитать кадры из {source}",
    "photo_skipped": "{why}; снимок пропущен",
    "source_lost": "источник {source} перестал присылать кадры; подключаюсь снова",
    "source_back": "источник {source} снова присылает кадры",
    "camera_mode": "источник {source} даёт кадры {size}",
    "camera_mode_refused": "источник {source} даёт кадры {size}, а не {wanted}, как просили "
                           "(--resolution)",
    "resolution_syntax": "--resolution {resolution}: нужно ШИРИНАxВЫСОТА, например 1280x720",
    "no_display": "экрана нет; работаю без окна",
    "warning": "внимание: {what}",
    "error": "ошибка: {what}",
    "no_model": "нет модели кубиков: {path}",
    "bad_model": "{path} — непригодная модель ONNX",
    # Odds and simulations.
    "state_entry": "запись --state {entry!r} пишется как ИМЯ=ФИШКИ, например Аня=2",
    "state_players": "--players {players}, а в --state игроков {n}",
    "chips_least": "--chips: не меньше 1, а не {chips}",
    "odds_who": "назовите игроков: --players N или ИМЕНА (с начала игры) или "
                "--state Аня=2,Боря=0,...",
    "center_negative": "--center не бывает отрицательным, а здесь {center}",
    "odds_in_play": "фишек в игре {chips}: шансы считаются не больше чем для {most} — столько, "
                    "сколько у {players} игроков в начале",
    "games_range": "--games: от 1 до {most}, а не {games}",
    "chips_negative": "фишек не бывает меньше нуля: {chips}",
    "no_chips": "ни у кого нет фишек: выигрывать нечего",
    "no_seat": "места {seat} нет за столом на {n}",
    "exact_variants": "точные шансы — только для обычных правил; с {names} они оцениваются "
                      "игрой наугад",
    "exact_too_big": "точные шансы здесь — это {states} состояний, больше {most}, что решаются "
                     "за разумные время и память; --method simulate или --method auto ответит за "
                     "секунды",
    "simulation_games": "для оценки нужна хотя бы 1 игра, а не {games}",
    # Labels of photos (calibration's --answers).
    "labels_header": "разметка начинается с заголовка {header}",
    "labels_row": "строка разметки {line}: нужно 8 полей и грань",
    "labels_box": "строка разметки {line}: рамка задаётся числами",
    "no_labels": "нет файла разметки {path}",
    "answer_face": "{path}: у {name} грань {face!r}, а у кубиков {dice} такой нет",
    "views": "чтений с поворотом на четверть может быть 1, 2 или 4, а не {views}",
    "no_features": "у модели {path} нет выхода признаков для подстройки под кубики: возьмите "
                   "модель, выгруженную с ним",
    "head_shape": "подстройка профиля сделана для другой модели, не для {path}: откалибруйте "
                  "заново с ней",
    "no_browser": "браузер не найден",
    "browser_refused": "браузер не открыл страницу",
    "browser_start": "браузер {browser} не запускается: {why}",
    "browser_failed": "браузер {browser} завершился с ошибкой (код {status})",
    # Calibration profiles.
    "no_profile_file": "нет файла профиля {path}",
    "no_profile": "нет профиля {name!r}, есть: {known}",
    "no_profiles": "нет профиля {name!r}, и других профилей нет",
    "profile_unreadable": "{path}: профиль не читается как JSON",
    "profile_field": "{path}: {why}",
    "profile_frames": "профиль сделан для кадров {made}, а эти — {size}: откалибруйте заново "
                      "для этой камеры",
    "profile_version": "профиль версии {version}, а эта программа читает версии с {first} по "
                       "{last}: откалибруйте заново",
    "profile_scale": "масштаб профиля {scale} делает игровое поле этих кадров {size} размером "
                     "{area} пикселей, больше {most} мегапикселя: откалибруйте заново",
    "profile_area": "игровое поле профиля {roi} вне этих кадров {size}: откалибруйте заново",
    "head_other_model": "профиль {name} выучил кости для другой модели, не {model}; читаю без "
                        "выученного (откалибруйте заново, чтобы выучить их для этой)",
    "roi_syntax": "--roi {roi!r} пишется как x,y,w,h в пикселях, не меньше 16 в ширину и высоту",
    "rolls_least": "--rolls: не меньше 1",
    "face_map_regular": "--face-map — для обычных кубиков (--dice regular)",
    "calibrate_needs": "калибровке нужно {missing} (или --update ИМЯ СЕССИЯ..., чтобы учиться "
                       "на сыгранных играх)",
    "sessions_for_update": "папки сессий указывают с --update ИМЯ СЕССИЯ...",
    "update_needs": "--update нужны папки сессий, на которых учиться: --update ИМЯ СЕССИЯ "
                    "[СЕССИЯ ...]",
    "update_takes": "--update берёт кубики и имя самого профиля, а не {option}",
    "profile_name": "--name: {why}",
    # A profile's fields (quoted as the file spells them).
    "profile_not_object": "профиль должен быть объектом JSON",
    "field_missing": "нет поля {field!r}",
    "field_bad": "поле {field!r}: {why}",
    "field_said": "значение не годится",
    "roi_outside": "поле 'roi' должно лежать внутри кадра {frame}, а не {roi}",
    "die_px_outside": "поле 'die_px' должно быть не больше стороны кадра {frame}, а не {die_px}",
    "must_version": "нужно целое число от 1, а не {value!r}",
    "must_name": "нужно имя без '/', а не {value!r}",
    "must_dice": "нужно одно из: {allowed}, а не {value!r}",
    "must_positive": "нужно положительное число, а не {value!r}",
    "must_pixels": "нужно положительное число пикселей не больше {most}, а не {value!r}",
    "must_scale": "нужно положительное число не больше {most}, а не {value!r}",
    "must_frame": "нужны ширина и высота кадра, каждая не меньше {least} пикселей, а не {value!r}",
    "must_count": "нужно целое число от {low} до {high}, а не {value!r}",
    "must_flag": "нужно true или false, а не {value!r}",
    "must_share": "нужно число между 0 и 1, а не {value!r}",
    "must_doubt": "нужно число от {least} до 1, а не {value!r}",
    "must_ints": "нужен список из {n} целых чисел пикселей не больше {most} (null — если нет), "
                 "а не {value!r:.60}",
    "must_face_map": "нужно сопоставить каждому числу очков от 1 до 6 грань L, C, R, dot или "
                     "wild, а не {value!r}",
    "not_face_map": "это не карта граней: {why}",
    "must_numbers": "нужны имена с конечными числами, а не {value!r:.60}",
    "must_texts": "нужен список предложений, а не {value!r}",
    "must_paths": "нужен список путей, а не {value!r:.60}",
    "must_accuracy": "нужен объект с полями 'rolls', 'dice', 'die_accuracy', 'roll_accuracy', а "
                     "не {value!r}",
    "accuracy_keys": "нужны поля 'rolls', 'dice', 'die_accuracy', 'roll_accuracy', а не {keys}",
    "accuracy_counts": "число бросков и кубиков должно быть целым",
    "accuracy_shares": "точность должна быть от 0 до 1",
    "must_held_out": "нужен объект с полями 'before' и 'after', а не {value!r}",
    # The developer tools' options.
    "unknown_part": "неизвестная часть {name!r}, есть: {allowed}",
    "floors_alone": "--write-floors и --check идут только с --only accuracy",
    "floors_unreadable": "не прочитать пороги из {path}",
    "odds_players_range": "--odds-players: от {least} до {most}",
    "floors_missed": "ниже порогов из {path} показателей: {n}; первый — {first}",
    "no_evening_table": "нет вечернего стола {name!r}, есть: {tables}",
    "evening_games": "--evening: от 1 до 20 столов каждого вида (--games)",
    "games_videos": "--games: от 1 до 100 игр по папкам на набор, --videos: от 0 до 20 игр по "
                    "видео",
    "count_range": "--count: от 10 до 2000 изображений на набор",
    "rolls_range": "--rolls: от 10 до 5000 бросков на стол",
    "calibrated_range": "--calibrated: от 5 до 40 проверочных бросков",
    "size_syntax": "размер {size!r} пишется как 640x480",
    "size_range": "размер {size!r}: ширина и высота — от 16 до 8192",
    "kind_syntax": "вид {kind!r}: назовите pip, lcr, wild или mixed",
    "render_negative": "--n и --empty не бывают меньше 0",
    "render_nothing": "рисовать нечего: дайте --n или --empty больше 0",
    "out_not_folder": "{path} уже есть, и это не папка",
    "pip_share": "нужна доля сцен с точками от 0 до 0.6, а не {text!r}",
    "jpeg_floor": "нужно качество JPEG от 1 до 94, а не {text!r}",
    "crop_side": "нужна сторона от 16 до 128 пикселей, а не {text!r}",
    "die_px_range": "нужно НИЖНИЙ-ВЕРХНИЙ в пикселях, 6 <= НИЖНИЙ < ВЕРХНИЙ <= 200, а не {text!r}",
    "channel_widths": "нужно {n} положительных чисел каналов через запятую, а не {text!r}",
    "train_extra": "для обучения нужно дополнение train (PyTorch): make .venv/.train",
    "typefaces_extra": "чтобы рисовать кубики шрифтами, нужно дополнение train (Pillow): "
                       "make .venv/.train",
    "no_typefaces": "не установлено ни одного шрифта TrueType с латиницей: apt-get install "
                    "{packages}",
    "no_game_set": "набора игр {name} нет; наборы: {sets}",
    "no_pictures": "в {path} нет снимков ({suffixes})",
}
