"""Questions asked on standard input, where no window is there to press a key in.

A doubtful read in a headless run (a folder, a video, a camera) is a question: ``roll N? `` is
printed on its own line after the spoken words, and the line typed (or piped) answers it: faces
replace the read, an empty line accepts it. Standard input that has ended, or that is neither a
terminal, a pipe nor a file (``/dev/null``, a closed descriptor), answers nothing: the best read
is then committed and marked doubtful, so that a game never stalls on a question nobody hears.

>>> import io
>>> answers = Answers(io.StringIO("C dot L\\n\\n"), out=io.StringIO())
>>> answers.ask("roll 3? "), answers.ask("roll 4? "), answers.ask("roll 5? "), answers.open
('C dot L', '', None, False)
"""

from __future__ import annotations

import io
import os
import stat
import sys
from typing import TextIO


def answerable(stream: TextIO | None) -> bool:
    """Whether someone or something can answer on ``stream``: a terminal, a pipe, a socket or a
    file; not a closed stream, ``/dev/null`` or another device. A stream without a descriptor
    (a test's ``StringIO``) answers what it holds."""
    if stream is None or stream.closed:
        return False
    try:
        mode = os.fstat(stream.fileno()).st_mode
    except io.UnsupportedOperation:
        return isinstance(stream, io.StringIO)
    except (OSError, ValueError):
        return False
    return stream.isatty() or stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or stat.S_ISREG(mode)


class Answers:
    """The lines of ``stream`` (default standard input), one per question printed to ``out``."""

    def __init__(self, stream: TextIO | None = None, out: TextIO | None = None) -> None:
        self.stream = sys.stdin if stream is None else stream
        self.out = sys.stdout if out is None else out
        self.open = answerable(self.stream)

    def ask(self, question: str) -> str | None:
        """The answer to ``question`` without its line break; None once nothing can answer (and
        from then on). A terminal's answer follows the question on its line; elsewhere the
        question is a line of its own, so that a script reading lines sees it whole."""
        if not self.open:
            return None
        terminal = self.stream.isatty()
        print(question, end="" if terminal else "\n", file=self.out, flush=True)
        try:
            line = self.stream.readline()
        except (OSError, ValueError):
            line = ""
        if not line:  # the input ended
            self.open = False
            if terminal:
                print(file=self.out, flush=True)
            return None
        return line.rstrip("\r\n")
