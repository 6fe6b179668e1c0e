"""The one exception type the command line turns into a one-line message instead of a traceback."""


class UserError(Exception):
    """A mistake the user can fix: bad input, a missing file, an impossible setting.

    Subsystems raise their own subclasses (rules errors, journal errors, ...); the CLI prints
    ``lcr-vision: error: <message>`` and exits with status 2.
    """
