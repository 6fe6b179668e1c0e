"""What the guided calibration says, step by step (English only: it has no Russian voice yet).

Its figures are said as digits and percentages, as a report of measurements rather than a count
of chips.

>>> play_area((40, 30, 560, 420))
'Play area: 560 by 420 pixels at 40, 30.'
>>> check_roll(2, ("L", "dot"), ("L", "C"))
'Roll 2: read L dot, really L C.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lcr_vision.faces import DiceKind

FRIENDLY = {DiceKind.LCR: "boxed LCR", DiceKind.WILD: "LCR Wild", DiceKind.PIP: "regular"}
LIGHT_FINE = "The light is fine."
CLEAR_TABLE = "Clear the table and keep the camera still."
EMPTY_TABLE = "Step 1: the empty table."
LEARNING = "Step 5: learning these dice."
CANNOT_LEARN = "This model cannot learn dice; it reads them as it was trained."


def start(name: str, dice: DiceKind) -> str:
    return f"Calibrating {name!r} for {FRIENDLY[dice]} dice."


def dice_size(doing: str | None) -> str:
    """Step 2's heading; ``doing`` is what to do now, at a live camera."""
    return f"Step 2: dice size. {doing}." if doing else "Step 2: dice size."


def play_area(roi: tuple[int, int, int, int] | None) -> str:
    if roi is None:
        return "Play area: the whole picture."
    x, y, w, h = roi
    return f"Play area: {w} by {h} pixels at {x}, {y}."


def far_side(turn: int | None) -> str:
    """Where the check rolls read best with the table's far side (``turn``: quarter-turns
    anticlockwise that bring it up; ``None``: no one side of the picture, so it is found in each
    picture, as from a camera straight above).

    >>> far_side(1)
    "The table's far side is the picture's right side; I read it turned up."
    >>> far_side(None)
    "No one side of the picture reads best as the table's far side; I find it in each picture."
    """
    if turn is None:
        return ("No one side of the picture reads best as the table's far side; "
                "I find it in each picture.")
    side = ("top", "right", "bottom", "left")[turn % 4]
    if side == "top":
        return "The table's far side is the picture's top side."
    return f"The table's far side is the picture's {side} side; I read it turned up."


def die_width(pixels: float) -> str:
    return f"The dice are about {pixels:.0f} pixels wide."


def face_map(pips: Mapping[str, str] | None) -> str:
    """Step 3: how pip values count (``None``: boxed dice)."""
    if pips is None:
        return "Step 3: the face map. Boxed dice need none."
    return "Step 3: the face map. " + ", ".join(f"{p} counts {f}" for p, f in pips.items()) + "."


def check_rolls(wanted: int | None) -> str:
    """Step 4's heading; ``wanted`` rolls, or all there are."""
    return ("Step 4: check rolls. Roll the dice, let them settle, "
            f"and check what I read ({wanted or 'all'} rolls).")


def check_roll(n: int, found: Sequence[str], truth: Sequence[str]) -> str:
    """Check roll ``n``: what was read, and what it really showed when that differs."""
    same = tuple(sorted(found)) == tuple(sorted(truth))
    return (f"Roll {n}: read {' '.join(found) or 'nothing'}"
            + ("." if same else f", really {' '.join(truth)}."))


def accuracy(die: float, dice: int, roll: float, rolls: int, default: float) -> str:
    """The best view's accuracy on the check rolls (shares), and the shipped reader's."""
    return (f"Read {100 * die:.0f}% of {dice} dice right ({100 * roll:.0f}% of {rolls} rolls); "
            f"without calibration {100 * default:.0f}%.")


def too_few_to_learn(least: int) -> str:
    return (f"Learning the dice needs at least {least} check rolls; they are read as the model "
            "was trained.")


def show_faces(faces: Sequence[str]) -> str:
    """The offer after the check rolls at the table: one die shown with each face up in turn,
    for step 5 to learn from.

    >>> show_faces(("L", "C", "R", "dot"))
    'To learn these dice, show me one die with each face up in turn: L, C, R, dot?'
    """
    return f"To learn these dice, show me one die with each face up in turn: {', '.join(faces)}?"


def show_face(face: str) -> str:
    return f"Now one die with {face} up."


def learnt(before: tuple[int, int], after: tuple[int, int], kept: bool) -> str:
    """Step 5's result: dice read right of dice held out, ``before`` and ``after`` learning."""
    return (f"On check rolls held out in turn, {before[0]} of {before[1]} dice were read right "
            f"before learning and {after[0]} of {after[1]} after: "
            + ("I keep what I learnt." if kept
               else "not clearly better, so I read them as the model was trained."))


def saved(name: str) -> str:
    return f"Saved the profile {name!r}; play with --calibration {name}."
