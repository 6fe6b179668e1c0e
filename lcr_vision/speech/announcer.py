"""The announcer: prints each sentence at once and speaks it in its own thread, so that the camera
loop never waits for the voice.

Sentences are queued in order; one worker thread owns the speech engine, speaks them aloud (unless
muted) and appends them to the ``--speech-out`` WAV recording. Without a working engine it warns
once on stderr and the game goes on in text. A recording that cannot be made (no such folder) is
refused when the announcer starts; one that fails later (a full disk) is a warning, and the worker
goes on marking each sentence done, so nothing waiting for the voice waits for ever.
"""

from __future__ import annotations

import queue
import sys
import tempfile
import threading
import wave
from pathlib import Path
from typing import TextIO

from lcr_vision.errors import Said, UserError
from lcr_vision.phrases.spoken import warn_in
from lcr_vision.speech.voice import Voice, open_voice

GAP_SECONDS = 0.3  # silence between two sentences of a recording


class Announcer:
    """Say sentences: text on ``out`` now, speech and recording soon after, in order."""

    def __init__(self, voice: Voice | None, speak: bool, record: Path | None,
                 out: TextIO | None = None, language: str = "en") -> None:
        self.voice, self.language = voice, language
        self.speak = speak and voice is not None and voice.can_play
        self.record = record if voice is not None else None
        self.out = out or sys.stdout
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._wav: wave.Wave_write | None = None
        self._thread: threading.Thread | None = None
        if self.speak or self.record:
            self._thread = threading.Thread(target=self._work, name="announcer", daemon=True)
            self._thread.start()

    @classmethod
    def start(cls, language: str = "en", voice: str | None = None, rate: int | None = None,
              mute: bool = False, record: Path | None = None,
              out: TextIO | None = None) -> Announcer:
        """Open the speech engine as asked; warn once on stderr when speech cannot be had. A
        ``record`` path whose folder is missing (or is a folder itself) is a `UserError`."""
        if record is not None and (record.is_dir() or not record.parent.is_dir()):
            raise UserError(Said("speech_out_folder", {"path": str(record)}) if record.is_dir()
                            else Said("speech_out_where", {"path": str(record),
                                                           "folder": str(record.parent)}))
        # a --voice is checked even when muted, so that a misspelt one is never taken silently
        wanted = not mute or record is not None or voice is not None
        engine, why = open_voice(language, voice, rate) if wanted else (None, None)
        if engine is not None:
            why = None if mute else engine.silent
        elif mute and record is None:
            why = None
        announcer = cls(engine, not mute, record, out, language)
        if why is not None:
            announcer.warn(Said("text_only", {"why": why}))
        return announcer

    def warn(self, what: Said) -> None:
        """A warning on stderr, in the table's language: the table goes on in text only, a photo
        was skipped, the camera is gone or back (`lcr_vision.camera.source.Warn`)."""
        warn_in(self.language)(what)

    def say(self, *sentences: str) -> None:
        """Print the sentences (in one write, so a crash never leaves half of them said) and queue
        them for speech; returns at once."""
        if sentences:
            print("\n".join(sentences), file=self.out, flush=True)
        if self._thread is not None:
            for sentence in sentences:
                self._queue.put(sentence)

    def idle(self) -> bool:
        """Whether everything said so far has been spoken (and recorded)."""
        return self._queue.unfinished_tasks == 0

    def close(self, timeout: float = 60.0) -> None:
        """Let queued speech finish (at most ``timeout`` seconds) and close the recording."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout)
            self._thread = None

    def __enter__(self) -> Announcer:  # noqa: PYI034 - Self needs Python 3.11
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _work(self) -> None:
        """The worker thread: speak and record each sentence until ``close``."""
        assert self.voice is not None
        with tempfile.TemporaryDirectory(prefix="lcr-speech-") as tmp:
            while (sentence := self._queue.get()) is not None:
                try:
                    if self.record:
                        self._append(sentence, Path(tmp) / "sentence.wav")
                    if self.speak:
                        self.voice.speak(sentence)
                except (OSError, wave.Error) as exc:
                    self.warn(Said("text_only", {"why": Said("speech_stopped",
                                                              {"why": str(exc)})}))
                    self.record, self.speak = None, False
                finally:
                    self._queue.task_done()
        if self._wav is not None:
            self._wav.close()

    def _append(self, sentence: str, scratch: Path) -> None:
        """Render one sentence and add it, after a short silence, to the recording."""
        assert self.voice is not None and self.record is not None
        self.voice.render(sentence, scratch)
        with wave.open(str(scratch), "rb") as part:
            if self._wav is None:
                self._wav = wave.open(str(self.record), "wb")  # noqa: SIM115 - closed by _work
                self._wav.setparams(part.getparams())
            else:
                gap = int(GAP_SECONDS * part.getframerate())
                self._wav.writeframes(b"\0" * gap * part.getsampwidth() * part.getnchannels())
            self._wav.writeframes(part.readframes(part.getnframes()))
