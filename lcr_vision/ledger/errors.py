"""What the ledger refuses: a damaged journal, a request it cannot honour, a busy session folder."""

from lcr_vision.errors import UserError


class LedgerError(UserError):
    """Base of the ledger's refusals."""


class JournalError(LedgerError):
    """A journal that cannot be replayed; the message names the file and line."""


class SessionError(LedgerError):
    """A session folder that cannot be used: missing, not a session, already open elsewhere."""


class EditError(LedgerError):
    """A correction or undo that does not fit the journal: no such roll, nothing to undo."""
