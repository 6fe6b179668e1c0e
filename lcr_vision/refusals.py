"""What lcr-vision refuses, and why, in English: one template per key of a `lcr_vision.errors.Said`.

Data only, at the base of the package, so that every layer can raise a refusal by its key; the
phrasebook holds the same keys in Russian (`lcr_vision.phrases.ru_refusals`), and a test holds
that the two tables name the same keys. ``{chips:chip}`` counts a noun of `NOUNS`, a bare
number is a number, a `Said` field is a refusal within the refusal; a text field (a name, a path)
is written as given, quoted by the raiser where it is the user's own words.
"""

from __future__ import annotations

from collections.abc import Mapping

# The rules, the ledger and the table, then the files, settings and devices of the commands.
REFUSALS: Mapping[str, str] = {
    "text": "{text}",
    "game_over": "game {game} is over; a new game must start",
    "face_count": "{player} rolls {owed:die}, got {faces:face}",
    "wild_off": "{player} rolled a wild, but the Wild variant is off",
    "roll_face": "{player}'s roll: {why}",
    "unknown_face": "unknown face {face!r}",
    "unknown_typed_face": "unknown face {face!r}: use L, C, R, dot (or .), wild, or a pip "
                          "value 1-6",
    "wild_take_count": "the wilds take {chips:chip}, got {targets:target}",
    "wild_give_count": "the wilds give {chips:chip}, got {targets:target}",
    "wild_not_opponent": "a wild target must be an opponent, not seat {seat}",
    "wild_too_few": "{player} has {chips:chip} to take",
    "reverse_needs_wilder": "paying to reverse the dice needs the Wilder variant",
    "reverse_too_few": "{player} needs {price:chip} to pay for Wilder, has {chips}",
    "no_wild_choice": "{player} rolled {wilds:wild}: there is no wild choice to make",
    "no_player": "no player called {name!r}: players are {players}",
    "no_undo": "there is no roll to undo",
    "no_roll": "there is no roll {k}: the session has {rolls:roll}",
    "roll_refused": "roll {k}: {why}",
    "not_their_turn": "roll {k} was {player}'s, but it is {expected}'s turn",
    "cannot_follow": "roll {k} cannot follow roll {last}",
    "settled_after": "roll {k} cannot be corrected on its own: played again, the correction "
                     "settled after it leaves no room for it",
    "undo_last": "only the last roll can be undone, not roll {k}",
    "undo_settled": "roll {k} was thrown before a correction was settled on the chips after "
                    "it; amend it instead of undoing it",
    "amend_number": "a roll is amended by its number, not {text!r}",
    "amend_syntax": "write: amend K FACES, e.g. amend 3 L dot dot",
    "no_terminal": "nobody can type here: the terminal's input has ended",
    # Files and folders: `cannot_*` name the path and why, an `os_*` reason or the system's words.
    "cannot_read": "cannot read {path}: {why}",
    "cannot_write": "cannot write {path}: {why}",
    "cannot_open": "cannot open {path}: {why}",
    "cannot_make": "cannot make {path}: {why}",
    "cannot_encode": "cannot encode {path}",
    "os_missing": "no such file or folder",
    "os_denied": "permission denied",
    "os_full": "no space left on the disk",
    "os_read_only": "the disk is read-only",
    "os_is_folder": "it is a folder",
    "os_not_folder": "a part of the path is not a folder",
    # Sessions and their journal.
    "not_session": "{folder} is not a session folder: it has no {journal}",
    "cannot_make_session": "cannot make the session folder {path}: {why}",
    "session_exists": "{folder} already holds a session: open it to continue",
    "session_busy": "{folder} is open in another lcr-vision process",
    "session_changed": "the session changed since this roll was planned",
    "session_settings": "{folder} was started with other settings; leave out the game options "
                        "to continue it",
    "journal_damaged": "{journal} line {line} is damaged: {why}",
    "journal_not_event": "{journal} line {line} is not a journal event",
    "journal_first": "{journal} line 1 must be the session event",
    "journal_fault": "{journal} line {line}: {why}",
    "cut_line": "{journal} line {line} was cut short by a crash and is ignored",
    "chain_broken": "{journal} line {line} does not follow line {before} as it was written: "
                    "lines were edited, removed or moved by hand; nothing from line {since} on is "
                    "vouched for",
    "unchained": "{journal} was written before its lines were chained (version {version}): an "
                 "edit by hand would not show",
    "no_seal": "{seal} is missing or damaged: lines cut from the end of {journal} would not show",
    "seal_differs": "{journal} has lost or changed lines at its end since line {line} was "
                    "written ({seal}): its last lines are not vouched for",
    # The game's settings, as typed.
    "name_empty": "player names cannot be empty",
    "name_control": "player name {name!r:.60} holds a line break or control character",
    "name_long": "player name {name!r}... is over {most} characters",
    "name_unprintable": "player name {name!r} holds a character that does not print",
    "name_separator": "player name {name!r} holds ',' or '\"': names are separated by ',', with no "
                      "quoting",
    "names_differ": "player names must differ: {players}",
    "too_few_players": "LCR needs at least {least} players, got {n}",
    "too_many_players": "at most {most} players, got {n}",
    "players_range": "--players must be from {least} to {most}, not {n}",
    "stakes_count": "{n} players need {n} stakes, got {stakes}",
    "stake_range": "{player} must start with 1 to {most:chip}, not {chips}",
    "stakes_entry": "--stakes entry {entry!r} should be a player's NAME=CHIPS, like Ann=5",
    "chip_value": "a chip must be worth more than 0 and at most {most}, not {value}",
    "chip_amount": "--chip-value {value!r} is not an amount",
    "wilder_alone": "the Wilder variant is played with Wild: add --variant wild",
    "two_endings": "last-chip-wins and dot-to-win are two different endings: pick one",
    "unknown_variant": "unknown variant {name!r}: choose from {allowed}",
    "unknown_policy": "unknown wild policy {name!r}: choose from {allowed}",
    "wild_map_off": "the face map has a wild face but the Wild variant is off",
    "unknown_dice": "unknown dice {name!r}: choose from {allowed}",
    "map_all_pips": "a face map must give a game face for each pip value 1-6",
    "map_value": "face map values must be L, C, R, dot or wild, not {face!r}",
    "map_entry": "face map entry {entry!r} should look like 4=L",
    "new_needs_players": "a new session needs --players, e.g. --players Ann,Ben,Cat",
    "manual_no_camera": "--manual reads typed faces, not a camera's: --{option} does not apply",
    # Speech.
    "speech_rate": "--rate {rate} is out of range: use 40-500 words per minute",
    "speech_out_folder": "--speech-out {path} is a folder: name a file to write the recording in",
    "speech_out_where": "--speech-out {path} has no folder {folder} to write the recording in",
    "text_only": "{why}; text only",
    "no_speech": "no speech engine ({why})",
    "no_audio_player": "no audio player for speech (aplay: apt-get install alsa-utils)",
    "cannot_play": "aplay cannot play sound here ({why})",
    "speech_stopped": "speech stopped ({why})",
    "unknown_voice": "unknown voice {voice!r}: try {shown} ({n} voices here; espeak-ng --voices "
                     "lists them)",
    # Photos, cameras and the model.
    "no_picture_file": "{path}: no such file",
    "not_a_file": "{path}: not a file",
    "picture_too_big": "{path}: the file is {mb} MB, over the {most} MB a photo may be",
    "picture_empty": "{path}: the file is empty (0 bytes)",
    "not_a_picture": "{path}: not a picture lcr-vision reads (JPEG, PNG, BMP, TIFF, WebP, PPM)",
    "too_many_pixels": "{path}: {size} pixels is over the limit of {most} megapixels "
                       "(--max-megapixels)",
    "undecodable": "{path}: not a picture OpenCV can read (JPEG, PNG, BMP, TIFF, WebP ...)",
    "megapixels": "--max-megapixels {mp} should be a number of megapixels above 0 and at most "
                  "{most}, what 1 GB of memory decodes",
    "no_source": "no video file, folder or stream at {source}",
    "no_images": "no images in {folder}",
    "no_frames": "cannot read frames from {source}",
    "photo_skipped": "{why}; skipped",
    "source_lost": "{source} stopped sending frames; reconnecting",
    "source_back": "{source} is back",
    "camera_mode": "{source} gives {size} frames",
    "camera_mode_refused": "{source} gives {size} frames, not the {wanted} asked for "
                           "(--resolution)",
    "resolution_syntax": "--resolution {resolution} should be WIDTHxHEIGHT, like 1280x720",
    "no_display": "no display found; running headless",
    "warning": "warning: {what}",
    "error": "error: {what}",
    "no_model": "no dice model at {path}",
    "bad_model": "{path} is not a usable ONNX model: {why}",
    # Odds and simulations.
    "state_entry": "--state entry {entry!r} should be NAME=CHIPS, like Ann=2",
    "state_players": "--players {players} but --state names {n} players",
    "chips_least": "--chips must be at least 1, not {chips}",
    "odds_who": "say who plays: --players N or NAMES (from the start) or --state Ann=2,Ben=0,...",
    "center_negative": "--center cannot be negative, not {center}",
    "odds_in_play": "{chips} chips in play: odds are worked out for at most {most}, as many as "
                    "{players} players start with",
    "games_range": "--games must be from 1 to {most}, not {games}",
    "chips_negative": "chip counts cannot be negative: {chips}",
    "no_chips": "nobody holds a chip: there is nothing left to win",
    "no_seat": "seat {seat} is not at a table of {n}",
    "exact_variants": "exact odds cover the standard rules; with {names} they are simulated",
    "exact_too_big": "exact odds here are {states} states, past the {most} solved within "
                     "{budget}; --method simulate (or auto) answers within seconds",
    "simulation_games": "a simulation needs at least 1 game, not {games}",
    # Labels of photos (calibration's --answers).
    "labels_header": "labels must start with the header {header}",
    "labels_row": "labels line {line}: expected 8 fields and a face token, got {row}",
    "labels_box": "labels line {line}: box values must be numbers",
    "no_labels": "no labels file at {path}",
    "answer_face": "{path}: {name} has face {face!r}, which {dice} dice do not have",
    "views": "views must be 1, 2 or 4 quarter-turn readings, not {views}",
    "no_features": "{path} has no {output!r} output for a calibrated face head; use a model "
                   "exported with it",
    "head_shape": "the face head reads {features} features into {classes} classes, but {path} "
                  "gives {gives}: calibrate again with it",
    "no_browser": "no web browser found",
    "browser_refused": "the web browser did not open it",
    "browser_start": "the web browser {browser} cannot start: {why}",
    "browser_failed": "the web browser {browser} failed (status {status})",
    # Calibration profiles.
    "no_profile_file": "no profile file at {path}",
    "no_profile": "no profile named {name!r}; known: {known}",
    "no_profiles": "no profile named {name!r}; known: none",
    "profile_unreadable": "{path}: not a readable JSON profile ({why})",
    "profile_field": "{path}: {why}",
    "profile_frames": "the profile was made for {made} frames, these are {size}; calibrate again "
                      "for this camera setting",
    "profile_version": "field 'version' is {version}, but this lcr-vision reads profile versions "
                       "{first} to {last}; calibrate again",
    "profile_scale": "the profile's scale {scale} makes the play area of these {size} frames "
                     "{area} pixels, over {most} megapixels; calibrate again",
    "profile_area": "the profile's play area {roi} lies outside these {size} frames; calibrate "
                    "again",
    "head_other_model": "profile {name!r} learnt its dice for another model than {model}; "
                        "reading without what it learnt (calibrate again to learn them for this "
                        "one)",
    "roi_syntax": "--roi {roi!r} should be x,y,w,h in pixels, at least 16 wide and high",
    "rolls_least": "--rolls must be at least 1",
    "face_map_regular": "--face-map is for regular dice (--dice regular)",
    "calibrate_needs": "calibration needs {missing} (or --update NAME SESSION... to learn from "
                       "games played)",
    "sessions_for_update": "session folders are for --update NAME SESSION...",
    "update_needs": "--update needs the session folders to learn from: --update NAME SESSION "
                    "[SESSION ...]",
    "update_takes": "--update takes the profile's own dice and name, not {option}",
    "profile_name": "--name {why}",
    # A profile's fields: `field_bad` names the field, a `must_*` what it must be.
    "profile_not_object": "a profile must be a JSON object",
    "field_missing": "field {field!r} is missing",
    "field_bad": "field {field!r} {why}",
    "field_said": "{why}",  # a check written in English only, by a part below the phrasebook
    "roi_outside": "field 'roi' must lie inside the {frame} frame, not {roi}",
    "die_px_outside": "field 'die_px' must be at most the {frame} frame's side, not {die_px}",
    "must_version": "must be a whole number from 1, not {value!r}",
    "must_name": "must be a name without '/', not {value!r}",
    "must_dice": "must be one of {allowed}, not {value!r}",
    "must_positive": "must be a positive number, not {value!r}",
    "must_pixels": "must be a positive number of pixels up to {most}, not {value!r}",
    "must_scale": "must be a positive number up to {most}, not {value!r}",
    "must_frame": "must be the frame's width and height, each at least {least} pixels, not "
                  "{value!r}",
    "must_count": "must be a whole number from {low} to {high}, not {value!r}",
    "must_flag": "must be true or false, not {value!r}",
    "must_share": "must be a number between 0 and 1, not {value!r}",
    "must_doubt": "must be a number from {least} up to 1, not {value!r}",
    "must_ints": "must be {n} whole pixel numbers up to {most} (null for none), not {value!r:.60}",
    "must_face_map": "must map each pip 1-6 to L, C, R, dot or wild, not {value!r}",
    "not_face_map": "is not a face map: {why}",
    "must_numbers": "must map names to finite numbers, not {value!r:.60}",
    "must_texts": "must be a list of sentences, not {value!r}",
    "must_paths": "must be a list of paths, not {value!r:.60}",
    "must_accuracy": "must be an object of rolls, dice, die_accuracy, roll_accuracy, not "
                     "{value!r}",
    "accuracy_keys": "must hold rolls, dice, die_accuracy, roll_accuracy, not {keys}",
    "accuracy_counts": "must hold whole numbers of rolls and dice",
    "accuracy_shares": "must hold accuracies between 0 and 1",
    "must_held_out": "must be an object of before and after, not {value!r}",
    # The developer tools' options.
    "unknown_part": "unknown part {name!r}: choose from {allowed}",
    "floors_alone": "--write-floors and --check go with --only accuracy",
    "floors_unreadable": "cannot read the floors in {path}: {why}",
    "odds_players_range": "--odds-players must be between {least} and {most}",
    "floors_missed": "{n} figure(s) miss the floors of {path}; first {first}",
    "no_evening_table": "no evening table {name!r}; the tables are: {tables}",
    "evening_games": "--evening takes 1-20 tables of each kind (--games)",
    "games_videos": "--games takes 1-100 folder games a set, --videos 0-20 video games",
    "count_range": "--count takes 10-2000 renders a set",
    "rolls_range": "--rolls takes 10-5000 rolls a table",
    "calibrated_range": "--calibrated takes 5-40 check rolls",
    "size_syntax": "size {size!r} should look like 640x480",
    "size_range": "size {size!r}: width and height must be 16 to 8192",
    "kind_syntax": "kind {kind!r}: use pip, lcr, wild or mixed",
    "render_negative": "--n and --empty must be 0 or more",
    "render_nothing": "nothing to render: give --n or --empty above 0",
    "out_not_folder": "{path} exists and is not a folder",
    "pip_share": "expected a share of pip renders from 0 to 0.6, got {text!r}",
    "jpeg_floor": "expected a JPEG quality from 1 to 94, got {text!r}",
    "crop_side": "expected a side from 16 to 128 pixels, got {text!r}",
    "die_px_range": "expected LO-HI pixels with 6 <= LO < HI <= 200, got {text!r}",
    "channel_widths": "expected {n} positive channel counts, got {text!r}",
    "train_extra": "training needs the train extra (PyTorch): make .venv/.train",
    "typefaces_extra": "drawing dice in typefaces needs the train extra (Pillow): "
                       "make .venv/.train",
    "no_typefaces": "no TrueType typeface with Latin letters is installed: "
                    "apt-get install {packages}",
    "no_game_set": "no game set {name}; the sets are: {sets}",
    "no_pictures": "{path} holds no pictures ({suffixes})",
}
# The English nouns a refusal counts: singular for one, plural otherwise.
NOUNS: Mapping[str, tuple[str, str]] = {
    "chip": ("chip", "chips"), "die": ("die", "dice"), "face": ("face", "faces"),
    "target": ("target", "targets"), "wild": ("wild", "wilds"), "roll": ("roll", "rolls"),
}
