"""The crash-safe ledger: a session folder whose append-only journal is replayed into the state.

`Session` is what play loops use; `Ledger` and `replay` give the replayed state, which
`lcr_vision.review.report` prints in the session's language.
`events` holds one class per kind of journal line, `clock` the time stamps they carry.
"""

from lcr_vision.ledger.errors import EditError, JournalError, LedgerError, SessionError
from lcr_vision.ledger.journal import Tampering, read_journal, tampering
from lcr_vision.ledger.replay import Entry, Ledger, PlayedRoll, replay
from lcr_vision.ledger.session import JOURNAL, PHOTOS, Amendment, Session, new_session_folder

__all__ = [
    "JOURNAL",
    "PHOTOS",
    "Amendment",
    "EditError",
    "Entry",
    "JournalError",
    "Ledger",
    "LedgerError",
    "PlayedRoll",
    "Session",
    "SessionError",
    "Tampering",
    "new_session_folder",
    "read_journal",
    "replay",
    "tampering",
]  # fmt: skip
