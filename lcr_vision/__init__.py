"""lcr-vision: reads Left Center Right dice from a camera, applies the rules, speaks the moves."""

__version__ = "0.1.0"
