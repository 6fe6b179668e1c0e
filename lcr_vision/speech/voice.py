"""The speech engine: pyttsx3 set to one voice and rate, speaking aloud or rendering to WAV.

On Linux pyttsx3 drives espeak-ng and plays each sentence with ``aplay``; on Windows and macOS it
uses the system voices. A missing engine is not an error: :func:`open_voice` returns ``None`` and
the reason, and the announcer then prints text only.
"""

from __future__ import annotations

import difflib
import platform
import shutil
import subprocess
import sys
import tempfile
import wave
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lcr_vision.errors import Said, UserError

LANGUAGE_NAMES = ("English", "Russian")  # the table's languages, as espeak-ng names its voices


class VoiceError(UserError):
    """A ``--voice`` or ``--rate`` the speech engine cannot use."""


DEFAULT_RATE = 200  # words per minute: pyttsx3's own default for espeak-ng


@dataclass(frozen=True)
class Voice:
    """A pyttsx3 engine with the voice and rate to speak in; use it from one thread only.

    ``silent`` says why the engine can render speech but nothing can play it (no ``aplay`` on
    Linux, or no sound card for it), None where it can: the voice then only records.
    """

    engine: Any
    silent: Said | None = None
    voice_id: str | None = None
    rate: int = DEFAULT_RATE

    @property
    def can_play(self) -> bool:
        return not self.silent

    def speak(self, text: str) -> None:
        """Say ``text`` aloud and return when it has been said."""
        self._ready()
        self.engine.say(text)
        self.engine.runAndWait()

    def render(self, text: str, path: Path) -> None:
        """Write ``text`` as speech to the WAV file ``path``."""
        self._ready()
        self.engine.save_to_file(text, str(path))
        self.engine.runAndWait()

    def _ready(self) -> None:
        """Give the engine this voice and rate so that they hold for the next utterance.

        pyttsx3.init() hands every caller one shared engine, so they are set again each time. The
        espeak driver of pyttsx3 2.99 needs more: a fresh engine queues settings until its loop
        runs, and ending the loop cancels espeak-ng's own command queue, which drops a rate still in
        it (a recording then came out at the default rate about one time in five). Settings applied
        outside the loop and waited for survive that. Its ``save_to_file`` also leaves the file name
        set, so a later ``say`` would overwrite that file instead of playing.
        """
        proxy = self.engine.proxy
        if proxy.isBusy():
            proxy.setBusy(False)  # apply settings now rather than inside the next loop
        if self.voice_id is not None:
            self.engine.setProperty("voice", self.voice_id)
        self.engine.setProperty("rate", self.rate)
        espeak = _espeak_driver(self.engine)
        if espeak is not None:
            sys.modules[type(espeak).__module__]._espeak.Synchronize()
            espeak._save_file = None


def _espeak_driver(engine: Any) -> Any | None:
    """The engine's pyttsx3 espeak driver, or ``None`` when it drives another speech system."""
    driver = engine.proxy._driver
    return driver if type(driver).__module__.endswith(".espeak") else None


def _matches(candidate: Any, wanted: str) -> bool:
    """Whether a pyttsx3 voice is the one asked for by id, name, language or espeak file name."""
    names = {candidate.id, candidate.name, candidate.id.rsplit("/", 1)[-1],
             *(candidate.languages or [])}
    return wanted.lower() in {str(n).lower() for n in names}


def open_voice(language: str, voice: str | None = None, rate: int | None = None
               ) -> tuple[Voice | None, Said | None]:
    """Start the engine with ``voice`` (default: the language's) at ``rate`` words per minute.

    Returns the voice and None, or None and why speech is unavailable. An unknown voice name
    is the user's mistake and raises :class:`VoiceError`.
    """
    try:
        import pyttsx3

        engine = pyttsx3.init()
        voices = engine.getProperty("voices")
    except Exception as exc:  # noqa: BLE001 - any engine failure means text only
        return None, Said("no_speech", {"why": f"{exc.__class__.__name__}: {exc}"})
    wanted = voice or language
    found = next((v for v in voices if _matches(v, wanted)), None)
    if found is None and voice is not None:
        raise VoiceError(unknown_voice(voice, [str(v.name) for v in voices]))
    _silence_driver(engine)
    return Voice(engine, playback_problem(), found.id if found is not None else None,
                 DEFAULT_RATE if rate is None else rate), None


def unknown_voice(voice: str, names: Sequence[str]) -> Said:
    """The one line refusing ``voice``: the names here most like it and one voice of each of the
    table's languages, not every voice (espeak-ng has over a hundred).

    >>> from lcr_vision.errors import english
    >>> names = ["English (America)", "Russian", "Afrikaans", "Welsh"]
    >>> english(unknown_voice("russain", names))  # doctest: +NORMALIZE_WHITESPACE
    "unknown voice 'russain': try Russian, English (America) (4 voices here; espeak-ng --voices
    lists them)"
    """
    unique = sorted(set(names), key=str.lower)
    lower = {n.lower(): n for n in unique}
    like = [lower[n] for n in difflib.get_close_matches(voice.lower(), lower, n=3, cutoff=0.7)]
    ours = [next((n for n in unique if n.split()[0] == word), None) for word in LANGUAGE_NAMES]
    shown = ", ".join(dict.fromkeys([*like, *(n for n in ours if n)])) or ", ".join(unique[:3])
    return Said("unknown_voice", {"voice": voice, "shown": shown or "-", "n": len(unique)})


def playback_problem() -> Said | None:
    """Why speech cannot be played here, or None. On Linux pyttsx3 plays each sentence with
    ``aplay``, which needs a sound card: without one it prints nine lines of ALSA errors for every
    sentence. So a hundredth of a second of silence is played once, first."""
    if platform.system() != "Linux":
        return None
    aplay = shutil.which("aplay")
    if aplay is None:
        return Said("no_audio_player")
    with tempfile.TemporaryDirectory() as folder:
        silence = Path(folder) / "silence.wav"
        with wave.open(str(silence), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(22050)
            w.writeframes(bytes(441))
        try:
            run = subprocess.run([aplay, "-q", str(silence)], check=False, capture_output=True,
                                 text=True, timeout=10)
        except (OSError, subprocess.TimeoutExpired) as exc:
            return Said("cannot_play", {"why": exc.__class__.__name__})
    if run.returncode:
        last = (run.stderr.strip().splitlines() or [f"exit status {run.returncode}"])[-1]
        return Said("cannot_play", {"why": last.strip()})
    return None


def _silence_driver(engine: Any) -> None:
    """pyttsx3 2.99's espeak driver prints "Audio saved to ..." on stdout, the game's transcript."""
    espeak = _espeak_driver(engine)
    if espeak is not None:
        sys.modules[type(espeak).__module__].print = lambda *args, **kwargs: None


def wav_seconds(path: Path) -> float:
    """The length of a WAV file in seconds."""
    with wave.open(str(path), "rb") as f:
        return f.getnframes() / f.getframerate()
