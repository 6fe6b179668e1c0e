"""A sentence as a value: a key and its fields, rendered later in the language of whoever reads it.

Errors carry one (`lcr_vision.errors.UserError`), so that the command line prints a refusal in
English while the table says the same refusal in the language it speaks.

>>> Said("no_undo")
Said(key='no_undo', fields={})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Said:
    """The template ``key`` of the phrasebook and the values it is filled with (names, counts, and
    other `Said` values for a sentence within a sentence)."""

    key: str
    fields: Mapping[str, object] = field(default_factory=dict)
