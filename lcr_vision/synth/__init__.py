"""Synthetic dice tables: labelled stills for training and throws for the demo's camera.

Dice are unit cubes under a pinhole camera (tilted 0-40 degrees, any yaw and focal length), so side
faces show their own pips or letters; edges are rounded, faces Lambert-shaded, shadows soft. Tables
are wood, felt, printed cloth, trays, paper or plain, with chips, coins, cards, cups and hands on
them; the camera adds light falloff, glare, white balance, blur, noise and JPEG. Everything is drawn
with numpy and cv2 and depends only on the ``numpy.random.Generator`` passed in.

Stills (train on the fly)::

    rng = np.random.default_rng(7)
    scene = render_scene(rng, kind="lcr", size=(640, 480))   # kind: pip, lcr, wild or mixed
    scene.image                       # BGR uint8 (h, w, 3)
    for die in scene.dice:            # every die drawn, also those cut by the frame edge
        die.face, die.box, die.in_frame, die.polygon  # token, top-face box, fully visible?, corners
        die.sides                     # corners of each side face the camera sees
    scene.labelled                    # the dice fully in frame: what a detector must find
    render_scene(rng, dice=0)         # an empty table: distractors only

Every random choice has bounds in `Ranges`; override some to test outside the training ranges::

    odd = dataclasses.replace(Ranges(), fonts=(cv2.FONT_HERSHEY_TRIPLEX,), tilt_deg=(40, 55))
    render_scene(rng, "wild", (320, 320), odd)

Throws seen by a fixed webcam (the demo's camera and the settle detector's test bench)::

    table = Table(rng, kind="lcr", size=(640, 480))     # camera, table, light, dice: fixed
    frames, faces = table.throw(3, rng)                 # faces: what the dice will show
    for frame in frames:                                # resting, pickup, rolling, settled
        frame.image, frame.phase, frame.moving, frame.dice

Folders in the shared format: ``write_dataset`` (``lcr-vision synth``); speed:
``frames_per_second`` (``lcr-vision bench --only renderer``). A still costs about 28 ms of one
core at 640x480 (36 a second), a throw frame about 8.5 ms.

>>> import numpy as np
>>> scene = render_scene(np.random.default_rng(1), "pip", (160, 120), dice=2)
>>> scene.image.shape, all(d.face in "123456" for d in scene.dice)
((120, 160, 3), True)
"""

from lcr_vision.synth.dataset import write_dataset
from lcr_vision.synth.ranges import Ranges
from lcr_vision.synth.scene import SCENE_KINDS, DieLabel, Scene, render_scene
from lcr_vision.synth.sequence import Frame, Table
from lcr_vision.synth.speed import frames_per_second

__all__ = [
    "SCENE_KINDS", "DieLabel", "Frame", "Ranges", "Scene", "Table", "frames_per_second",
    "render_scene", "write_dataset",
]
