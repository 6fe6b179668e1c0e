"""The window at the table: the screen (an OpenCV window or none), the overlay panels drawn on a
frame, and the lettering they are written in. Play and calibration both draw through it."""
