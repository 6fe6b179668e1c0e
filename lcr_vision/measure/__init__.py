"""Measuring the reader and the table apart from them: scores, losses, holdout and shifted
scenes, speed, the accuracy floors, whole games and the reliability curve. Nothing that runs at
the table imports this package (``tests/test_import_layers.py``)."""
