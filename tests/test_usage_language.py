"""The command line in Russian: with ``--language ru`` (or a Russian session's folder), every
command's mistakes, argparse's and lcr-vision's alike, are one Russian line with exit status 2,
a damaged profile names its field in Russian, and the family's ``--help`` is Russian. Only what
is typed as it is (options, faces, names, choices, paths) and names of things may be Latin."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from test_bad_input import grey, head_profile, profile
from test_record_language import FACE_TOKENS, NAMES

from lcr_vision.cli import FAMILY, build_parser, main
from lcr_vision.cli.usage import actions, reading_in
from lcr_vision.ledger import Session
from lcr_vision.phrases.usage import USAGE
from lcr_vision.rules import Settings

RU = ["--language", "ru"]
# What a Russian line may hold as typed: commands, choices and parts, faces and variants.
TYPED = FACE_TOKENS | NAMES | {
    "boxed", "regular", "lcr", "pip", "wilder", "synthetic", "en", "auto", "exact", "reverse",
    "mixed", "numpy", "stderr", "URL", "CSV", "S", "G", "X", "Y", "Ann", "Ben", "Cat",
    *FAMILY, "detect", "eval", "synth", "bench", "measure", "train", "reader", "renderer",
    "accuracy", "holdout", "shifts", "calibration", "losses", "games", "reliability"}


def foreign(text: str) -> set[str]:
    """The Latin words of ``text`` past what is typed as it is: paths and file names, options,
    quoted values, ``{choices}`` and hyphenated names are left out first."""
    text = " ".join(w for w in text.split() if "/" not in w)
    text = re.sub(r"--?[\w-]+|\{[^}]*\}|'[^']*'|\"[^\"]*\"|\w+(-\w+)+|\w+\.\w+", " ", text)
    return set(re.findall(r"[A-Za-z]+", text)) - TYPED


def russian_session(tmp_path: Path) -> Path:
    Session.create(tmp_path / "s", Settings.create(["Аня", "Боря", "Вера"]), language="ru").close()
    return tmp_path / "s"


# name: how to make the mistake in tmp_path -> argv (``--language ru`` added unless a Russian
# session's folder says it).
MISTAKES: dict[str, Callable[[Path], list[str]]] = {
    "play --dice pips": lambda t: ["play", "--dice", "pips", *RU],
    "play --players A,B": lambda t: ["play", "--manual", "--mute", "--players", "A,B",
                                     "--session", str(t / "s"), *RU],
    "calibrate --threads 0": lambda t: ["calibrate", "--threads", "0", *RU],
    "calibrate without --dice": lambda t: ["calibrate", "--name", "k", *RU],
    "review without a session": lambda t: ["review", *RU],
    "review --bogus in a Russian session": lambda t: ["review", str(russian_session(t)),
                                                     "--bogus"],
    "ledger --json --csv in a Russian session": lambda t: ["ledger", str(russian_session(t)),
                                                          "--json", "--csv"],
    "ledger of no session": lambda t: ["ledger", str(t / "none"), *RU],
    "amend --roll abc": lambda t: ["amend", "s", "--roll", "abc", "--faces", "L", *RU],
    "amend without --roll": lambda t: ["amend", "s", "--faces", "L", *RU],
    "odds --chips x": lambda t: ["odds", "--chips", "x", *RU],
    "odds --method fast": lambda t: ["odds", "--method", "fast", *RU],
    "odds with nobody": lambda t: ["odds", *RU],
    "bench --only bogus": lambda t: ["bench", "--only", "bogus", *RU],
    "bench --odds-players 9": lambda t: ["bench", "--odds-players", "9", *RU],
    "measure without a study": lambda t: ["measure", *RU],
    "measure games --games 0": lambda t: ["measure", "games", "--games", "0", *RU],
    "measure reliability --count 1": lambda t: ["measure", "reliability", "--count", "1", *RU],
    "synth --size 3": lambda t: ["synth", "--size", "3", "--out", str(t / "o"), *RU],
    "synth with nothing to render": lambda t: ["synth", "--n", "0", "--out", str(t / "o"), *RU],
    "train --jpeg-floor 0": lambda t: ["train", "--jpeg-floor", "0", *RU],
    "train --face-score 2": lambda t: ["train", "--face-score", "2", *RU],
    "eval without labels": lambda t: ["eval", *RU],
    "eval of a missing labels file": lambda t: ["eval", "--labels", str(t / "x.csv"), *RU],
    "an unknown command": lambda t: ["bogus", *RU],
}


def status_of(argv: list[str]) -> int:
    """``main``'s status, argparse's exit included."""
    try:
        return main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)


@pytest.mark.parametrize("name", list(MISTAKES))
def test_a_russian_mistake_is_one_russian_line(name: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert status_of(MISTAKES[name](tmp_path)) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and err.startswith("lcr-vision: ошибка: ")
    said = err.removeprefix("lcr-vision: ошибка: ")
    assert re.search("[а-яё]", said) and foreign(said) == set(), err


@pytest.mark.parametrize(("fields", "said"), [
    ({"scale": 50}, "поле 'scale': нужно положительное число не больше 20, а не 50"),
    ({"frame": [0, 0]}, "поле 'frame': нужны ширина и высота кадра, каждая не меньше 16 пикселей"),
    ({"held_out": {"before": 1}}, "поле 'held_out': нужен объект с полями 'before' и 'after'"),
    ({"dice": "cubes"}, "поле 'dice': нужно одно из: "),
])
def test_a_damaged_profile_names_its_field_in_russian(fields: dict[str, object], said: str,
                                                      tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["detect", "--calibration", str(profile(tmp_path, **fields)), str(grey(tmp_path / "a"
                                                                                  ".png")), *RU]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and said in err and foreign(err[19:]) == set(), err


def test_a_face_head_whose_check_is_english_is_refused_in_russian(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--headless", "--mute", "--players", "Ann,Ben,Cat", "--calibration",
            str(head_profile(tmp_path, [[3e38] * 12] * 96)), "--source", str(tmp_path / "none"),
            "--session", str(tmp_path / "s"), *RU]
    assert main(argv) == 2
    assert capsys.readouterr().err.endswith(": поле 'face_head': значение не годится\n")


def parsers(language: str) -> dict[str, argparse.ArgumentParser]:
    """The family's commands' parsers, built in ``language``."""
    with reading_in(language):
        parser = build_parser()
    commands = next(a for a in actions(parser) if isinstance(a, argparse._SubParsersAction))
    return {name: commands.choices[name] for name in FAMILY}


def test_every_family_help_has_russian_with_the_englishs_numbers() -> None:
    russian, english = parsers("ru"), parsers("en")
    for name in FAMILY:
        assert name in USAGE["ru"].descriptions and name in USAGE["ru"].lines, name
        pairs = zip(actions(russian[name]), actions(english[name]), strict=True)
        for ru, en in [(russian[name].description, english[name].description),
                       *((r.help, e.help) for r, e in pairs)]:
            assert ru != en and re.search("[а-яё]", ru), (name, en)
            assert re.findall(r"\d+", ru) == re.findall(r"\d+", en), (name, ru, en)


@pytest.mark.parametrize("command", FAMILY)
def test_the_familys_help_is_russian(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert status_of([command, *RU, "--help"]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"использование: lcr-vision {command}"), text
    assert "параметры:" in text and "показать эту справку и выйти" in text
    assert foreign(text) == set(), foreign(text)


def test_the_programs_help_lists_the_family_in_russian(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    assert status_of(["--help", *RU]) == 0
    family = capsys.readouterr().out.split("инструменты разработчика")[0]
    assert "команды (у каждой своя справка --help)" in family and foreign(family) == set()


def test_english_is_as_argparse_writes_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert status_of(["odds", "--help"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: lcr-vision odds") and "show this help message and exit" in text
    assert not re.search("[а-яё]", text)
