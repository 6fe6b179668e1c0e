"""The `lcr-vision` program: one subcommand per module of this package.

Each module in ``COMMANDS`` has ``HELP`` (its line in ``lcr-vision --help``), ``DESCRIPTION``,
``add_arguments(parser)`` and ``run(args) -> int`` (``measure`` none: each of its studies has its
own); `build_parser` registers them all through `add_command`, and the options several share are
spelled once in `lcr_vision.cli.options`. Modules import heavy libraries (cv2, onnxruntime) inside
their run functions so that ``--help`` and the pure commands start fast. The CLI only wires parts
together.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from lcr_vision import __version__
from lcr_vision.cli.options import add_command
from lcr_vision.cli.usage import Parser, asked_language, reading_in, translate, words
from lcr_vision.errors import UserError
from lcr_vision.ledger.journal import JOURNAL, journal_language
from lcr_vision.phrases.spoken import printed, tagged

# One line per subcommand module (lcr_vision/cli/<name>.py), in the order --help lists them: what
# a family plays, calibrates and reviews with, then the developers' tools, listed apart below it.
FAMILY: tuple[str, ...] = (
    "play",
    "demo",
    "calibrate",
    "ledger",
    "review",
    "amend",
    "odds",
    "simulate",
)
TOOLS: tuple[str, ...] = ("detect", "eval", "synth", "bench", "measure", "train")
COMMANDS = FAMILY + TOOLS


def language_of(args: argparse.Namespace) -> str:
    """The language a refusal is printed in: the command's ``--language``, else that of the
    session it works on, else English."""
    language = getattr(args, "language", None)
    if isinstance(language, str):
        return language
    folder = getattr(args, "session", None)
    return journal_language(folder / JOURNAL) if isinstance(folder, Path) else "en"


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every subcommand registered."""
    modules = {name: importlib.import_module(f"lcr_vision.cli.{name}") for name in COMMANDS}
    tools = "\n".join(f"  {name:<10}{modules[name].HELP}" for name in TOOLS)
    usage = words()
    _, description = usage.command(
        "lcr-vision", "", "Reads Left Center Right dice from a camera, speaks the chip moves and "
        "keeps a\ncrash-safe ledger with a photo log of every roll.")
    parser = Parser(
        prog="lcr-vision",
        description=description,
        epilog=f"{usage.message('developer tools (each with its own --help):')}\n{tools}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help=usage.message("show program's version number and exit"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND",
                                title=usage.message("commands (each with its own --help)"))
    for name, command in modules.items():
        add_command(sub, name, command.HELP if name in FAMILY else None, command.DESCRIPTION,
                    command.add_arguments, getattr(command, "run", None))
    translate(parser, "lcr-vision")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; a user mistake becomes one line on stderr and exit status 2."""
    argv = sys.argv[1:] if argv is None else argv
    with reading_in(asked_language(argv)):  # argparse's mistakes and --help in it too
        parser = build_parser()
        args = parser.parse_args(argv)
        if not getattr(args, "run", None):
            parser.print_help()
            return 2
    if hasattr(args, "language") and args.language is None:
        args.language = language_of(args)  # a continued session plays on in its own
    try:
        return int(args.run(args) or 0)
    except UserError as exc:
        language = language_of(args)
        print(tagged("error", printed(exc, language), language), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("lcr-vision: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
