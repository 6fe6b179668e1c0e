"""Calibration: fit the dice reader to one table, camera and set of dice, once, and keep it.

A profile (:class:`Profile`) holds the dice, the play area and the scale the reader reads best at,
what was measured about the table and the accuracy reached on check rolls. Commands that read dice
take ``--calibration NAME_OR_PATH`` (``cli.detect``) and read through the profile's
:class:`View` with a :class:`CalibratedReader` (:func:`profile_reader`); ``lcr-vision calibrate``
makes profiles with a guided session (:class:`Calibration`) and saves them atomically
(:func:`save`).
"""

from lcr_vision.calibration.play_area import CalibratedReader, View
from lcr_vision.calibration.profile import Accuracy, Profile, ProfileError, profile_reader
from lcr_vision.calibration.store import load, save, user_folder

__all__ = [
    "Accuracy", "CalibratedReader", "Profile", "ProfileError", "View", "load", "profile_reader",
    "save", "user_folder",
]
