"""``--dice boxed|wild|regular``: one spelling of the dice for every command that reads them."""

from __future__ import annotations

import argparse

from lcr_vision.cli.usage import refused
from lcr_vision.faces import DICE_WORDS, DiceKind, FaceError


def dice_kind(text: str) -> DiceKind:
    """argparse's reading of ``--dice`` (``lcr`` and ``pip`` are kept as aliases)."""
    try:
        return DiceKind.parse(text)
    except FaceError as exc:
        raise refused(exc.said) from None


def add_dice_option(parser: argparse.ArgumentParser, help: str, required: bool = False) -> None:
    """Add ``--dice`` to ``parser``; ``help`` says what happens without it."""
    parser.add_argument("--dice", type=dice_kind, required=required, metavar="|".join(DICE_WORDS),
                        help="the dice on the table: boxed LCR dice, LCR Wild dice or regular pip "
                        f"dice (lcr and pip also work); {help}")
