"""Speech: real sentences rendered by espeak-ng through pyttsx3, measured as WAV files."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lcr_vision import errors
from lcr_vision.phrases.chips import Moves, Standings
from lcr_vision.phrases.numbers import english
from lcr_vision.phrases.rolls import Rolls
from lcr_vision.rules.moves import Draw, Give, Pass, Skip, Take, TakeCenter, ToCenter, Win
from lcr_vision.speech import Announcer
from lcr_vision.speech.voice import VoiceError, open_voice, playback_problem, wav_seconds

PLAYERS = ("Ann", "Ben", "Cat", "Dan")
pytestmark = pytest.mark.usefixtures("espeak")


def record(tmp_path: Path, sentences: list[str], **options: object) -> tuple[float, str]:
    """Say ``sentences`` muted into a WAV; its length in seconds and the printed text."""
    out, wav = io.StringIO(), tmp_path / "speech.wav"
    voice, why = open_voice(str(options.pop("language", "en")), **options)  # type: ignore[arg-type]
    assert voice is not None, why
    with Announcer(voice, speak=False, record=wav, out=out) as announcer:
        announcer.say(*sentences)
    return wav_seconds(wav), out.getvalue()


def test_english_instruction_is_a_short_real_utterance(tmp_path: Path) -> None:
    seconds, text = record(tmp_path, [Rolls(PLAYERS).turn("Ben", 2)])
    assert text == "Ben, roll two dice.\n"
    assert 0.7 < seconds < 3.0


def test_russian_is_spoken_by_the_russian_voice(tmp_path: Path) -> None:
    sentence = Rolls(PLAYERS, "ru").turn("Бен", 2)
    russian, _ = record(tmp_path, [sentence], language="ru")
    spelled, _ = record(tmp_path, [sentence], language="en")  # English voice spells Cyrillic out
    assert 0.7 < russian < 3.0
    assert russian < 0.7 * spelled


def test_a_faster_rate_speaks_the_same_words_in_less_time(tmp_path: Path) -> None:
    sentence = Moves(PLAYERS).said([Pass(1, 2), Pass(1, 0), ToCenter(1)])[0]
    slow, _ = record(tmp_path, [sentence], rate=120)
    fast, _ = record(tmp_path, [sentence], rate=300)
    assert fast < 0.6 * slow


def test_every_voice_keeps_its_own_rate_on_the_shared_engine(tmp_path: Path) -> None:
    # pyttsx3 shares one engine; its espeak driver could drop a rate set just before a recording
    sentence = "Cat passes one chip to Dan."
    seconds = {rate: [record(tmp_path, [sentence], rate=rate)[0] for _ in range(4)]
               for rate in (120, 300)}
    assert max(seconds[300]) < 0.6 * min(seconds[120])
    assert max(seconds[120]) - min(seconds[120]) < 0.05


def test_speaking_after_recording_leaves_the_recording_alone(
        tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    voice, _ = open_voice("en")
    assert voice is not None
    voice.render("Ann wins!", tmp_path / "a.wav")
    before = (tmp_path / "a.wav").read_bytes()
    voice.speak("Ben, roll three dice.")  # plays with aplay where there is one
    capfd.readouterr()
    assert (tmp_path / "a.wav").read_bytes() == before


def test_a_recording_holds_every_sentence_in_order(tmp_path: Path) -> None:
    one, _ = record(tmp_path, ["Ann wins!"])
    three, text = record(tmp_path, ["Ann wins!"] * 3)
    assert text.splitlines() == ["Ann wins!"] * 3
    assert three == pytest.approx(3 * one + 2 * 0.3, abs=0.05)


def test_saying_never_waits_for_the_voice(tmp_path: Path) -> None:
    voice, _ = open_voice("en")
    out = io.StringIO()
    announcer = Announcer(voice, speak=False, record=tmp_path / "s.wav", out=out)
    announcer.say(*["Ben, pass one chip left to Cat and one to the center."] * 20)
    assert not announcer.idle(), "say returned with 30 s of speech still to come"
    while not announcer.idle():
        time.sleep(0.01)
    announcer.close()
    assert wav_seconds(tmp_path / "s.wav") > 20 * 1.5


def test_unknown_voice_is_the_users_mistake() -> None:
    with pytest.raises(VoiceError, match="unknown voice 'no-such-voice'"):
        open_voice("en", voice="no-such-voice")


def test_muted_announcer_prints_only(capsys: pytest.CaptureFixture[str]) -> None:
    with Announcer.start(mute=True) as announcer:
        announcer.say("Cat wins!")
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("Cat wins!\n", "")


@pytest.mark.parametrize(
    ("moves", "english", "russian"),
    [
        ([Pass(0, 1), Pass(0, 3), ToCenter(0)],
         ["Ann, pass one chip left to Ben, one right to Dan and one to the center."],
         ["Ann: одну фишку налево — Ben, одну направо — Dan и одну в центр."]),
        ([ToCenter(2), ToCenter(2), ToCenter(2)],
         ["Cat, pass three chips to the center."], ["Cat: три фишки в центр."]),
        ([Take(1, 3), Take(1, 3)], ["Ben takes two chips from Dan."],
         ["Ben забирает две фишки у игрока Dan."]),
        ([Give(1, 0), Skip(3)], ["Ben gives one chip to Ann.", "Dan has no chips and skips."],
         ["Ben отдаёт одну фишку — Ann.", "Dan: нет фишек, ход пропущен."]),
        ([TakeCenter(2, 7), Win(2)], ["Cat takes seven chips from the center.", "Cat wins!"],
         ["Cat забирает из центра семь фишек.", "Cat побеждает!"]),
        ([Draw(21)], ["Nobody has chips: a draw. The pot of twenty-one chips carries over."],
         ["Ни у кого нет фишек: ничья. Банк, двадцать одну фишку, переходит в следующую игру."]),
    ],
)
def test_moves_become_one_sentence_per_roller(moves, english, russian) -> None:
    assert Moves(PLAYERS, "en").said(moves) == english
    assert Moves(PLAYERS, "ru").said(moves) == russian


def test_problems_and_standings_in_both_languages() -> None:
    en, ru = Rolls(PLAYERS, "en"), Rolls(PLAYERS, "ru")
    assert en.wrong_count(0, "Ann", 3) == "I see no dice, Ann rolls three."
    assert en.wrong_count(4, "Ann", 3) == "I see four dice, Ann rolls three."
    assert ru.wrong_count(2, "Ann", 1) == "Вижу два кубика, Ann бросает один."
    assert ru.wrong_count(5, "Ann", 3) == "Вижу пять кубиков, Ann бросает три."
    assert en.read(["L", "dot", "wild"]) == "Left, dot, wild."
    assert ru.read(["C", "R"]) == "Центр, право."
    chips = {"Ann": 2, "Ben": 0}
    assert Standings(PLAYERS, "en").said(chips, 13) == "Ann two, Ben zero, center thirteen."
    assert Standings(PLAYERS, "ru").said(chips, 21) == "Ann два, Ben ноль, в центре двадцать один."
    assert en.unsure("Ann", (1,), 3, ("L", "dot", "R")) == [
        "Wait: I am not sure of Ann's middle die.", "I read left, dot, right."]
    assert en.unsure("Ann", (0, 2), 3, ("L", "dot", "R"))[0] == (
        "Wait: I am not sure of Ann's left and right dice.")
    assert ru.unsure("Ann", (0, 1), 2, ("C", "dot"))[0] == (
        "Стоп: не уверен в броске игрока Ann: левый и правый кубики.")


def test_who_is_favoured_in_both_languages() -> None:
    en, ru = Standings(PLAYERS, "en"), Standings(PLAYERS, "ru")
    assert en.favoured("Cat", 0.4137) == "Cat is favoured to win, forty-one percent."
    assert en.favoured("Ann", 0.0099) == "Ann is favoured to win, one percent."
    assert ru.favoured("Cat", 0.4137) == "Cat — фаворит, сорок один процент."
    assert ru.favoured("Ben", 0.224) == "Ben — фаворит, двадцать два процента."
    assert ru.favoured("Dan", 0.125) == "Dan — фаворит, двенадцать процентов."
    assert (en.even(), ru.even()) == ("Too close to call.", "Шансы равны.")  # nobody clearly ahead


def test_speech_that_cannot_be_played_is_said_once_and_printed(
        capfd: pytest.CaptureFixture[str]) -> None:
    problem = playback_problem()  # no sound card here: aplay cannot open a device
    told = "" if problem is None else errors.english(problem)
    with Announcer.start("en") as announcer:
        announcer.say("Ann wins!", "Game 2: Ben throws first.")
    out, err = capfd.readouterr()
    assert out == "Ann wins!\nGame 2: Ben throws first.\n"
    assert "ALSA" not in err and "audio open error" not in err.replace(told, "")
    if problem:
        assert err == f"lcr-vision: warning: {told}; text only\n"
    else:
        assert err == ""


def test_a_machine_without_aplay_is_told_what_to_install(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    problem = playback_problem()
    assert problem is not None and "apt-get install alsa-utils" in errors.english(problem)


@given(st.integers(0, 999_999))
def test_every_count_is_said_in_words(n: int) -> None:
    said = [Moves(PLAYERS, language).said([TakeCenter(0, n)])[0] for language in ("en", "ru")]
    assert not any(c.isdigit() for words in said for c in words), said
    assert english(n) in said[0]
