"""`Table`: a simulated camera over one table for a whole session, producing throws as frames.

Camera, table, light and dice stay the same from throw to throw. Each throw is seen as a webcam
would see it: the last roll's dice lie still, a hand comes in and takes them, a hand flings the new
dice in from one edge, they tumble with motion blur and bounce, settle, and lie still; light
flickers and sensor noise changes every frame. The faces `throw` returns are exactly the faces up in
the settled frames.

>>> import numpy as np
>>> table = Table(np.random.default_rng(4), kind="lcr", size=(160, 120))
>>> frames, faces = table.throw(3, np.random.default_rng(5))
>>> frames = list(frames)
>>> frames[-1].phase, not frames[-1].moving, tuple(d.face for d in frames[-1].dice) == faces
('settled', True, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

import numpy as np

from lcr_vision.synth.cube import faces_of, resting_rotation, rotation_about
from lcr_vision.synth.die_look import DieLook
from lcr_vision.synth.distractors import draw_hand, skin_colour
from lcr_vision.synth.layout import place_dice
from lcr_vision.synth.ranges import Ranges, integer
from lcr_vision.synth.scene import DieLabel, die_kinds, label, table_with_things
from lcr_vision.synth.stage import PosedDie, Stage

PHASES: tuple[str, ...] = ("resting", "pickup", "rolling", "settled")


@dataclass(frozen=True)
class Frame:
    """One camera frame: BGR uint8 ``image``, the ``phase`` of the throw, whether anything moves
    (a die, or a hand in view: ``moving``), and the labels of the dice on the table."""

    image: np.ndarray
    phase: str
    moving: bool
    dice: tuple[DieLabel, ...]


@dataclass(frozen=True)
class _Shot:
    """What one frame shows, before it is drawn: dice poses and an optional hand."""

    phase: str
    moving: bool
    dice: tuple[PosedDie, ...]
    hand: tuple[tuple[float, float], float] | None = None


class Table:
    """A fixed camera over one table; `throw` renders the next roll. Holds the dice left lying
    from the previous throw, which the next throw's hand picks up."""

    def __init__(self, rng: np.random.Generator, kind: str = "lcr",
                 size: tuple[int, int] = (640, 480), ranges: Ranges | None = None,
                 max_dice: int = 3) -> None:
        self.ranges = ranges or Ranges()
        fit = min(size) / 5  # dice small enough that a throw always finds room
        lo, hi = self.ranges.die_px
        self.stage = Stage.sample(rng, size,
                                  replace(self.ranges, die_px=(min(lo, fit), min(hi, fit))),
                                  still=False)
        self.backdrop = table_with_things(rng, self.stage, integer(rng, self.ranges.distractors))
        kinds = die_kinds(rng, kind, max_dice)
        self.looks = [DieLook.sample(rng, k, self.stage.texture_px(), self.ranges) for k in kinds]
        self.skin = skin_colour(rng)
        self.flicker = float(rng.uniform(0.0, 0.04))
        self.passing = 0.3  # chance that a hand passes over the table before the pickup
        self.lying: tuple[PosedDie, ...] = ()

    def throw(self, n_dice: int, rng: np.random.Generator,
              lands: tuple[PosedDie, ...] | None = None) -> tuple[Iterator[Frame], tuple[str, ...]]:
        """Plan a throw of ``n_dice`` (at most ``max_dice``); return its frames (rendered lazily)
        and the true faces, in die order. The dice land at random, or as ``lands`` (the dice
        lying, say: thrown again to the same faces and places)."""
        if not 1 <= n_dice <= len(self.looks):
            raise ValueError(f"a throw has 1 to {len(self.looks)} dice, not {n_dice}")
        shots = [_Shot("resting", False, self.lying) for _ in range(int(rng.integers(4, 12)))]
        if rng.random() < self.passing:
            shots += self._hand_passing(rng)
        shots += self._pickup(rng)
        final = self._final_poses(rng, n_dice) if lands is None else lands
        shots += self._roll(rng, final)
        shots += [_Shot("settled", False, final) for _ in range(int(rng.integers(20, 40)))]
        self.lying = final
        faces = tuple(d.face for d in final)
        return self._render(shots, np.random.default_rng(rng.integers(2**63))), faces

    def _hand_passing(self, rng: np.random.Generator) -> list[_Shot]:
        """A hand sweeps across the table (reaching for a drink, pointing) and back out."""
        w, h = self.stage.size
        target = np.array([rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h])
        start, angle = self._edge_point(rng, target)
        path = [0.3, 0.6, 0.85, 1.0, 1.0, 0.8, 0.5, 0.2]
        return [_Shot("resting", True, self.lying, (tuple(start + (target - start) * t), angle))
                for t in path]

    def _pickup(self, rng: np.random.Generator) -> list[_Shot]:
        """A hand reaches in, gathers the lying dice one by one (nearest first) and leaves."""
        if not self.lying:
            return []
        spots = [self.stage.camera.project(d.centre[None])[0] for d in self.lying]
        start, angle = self._edge_point(rng, np.mean(spots, 0))
        order = sorted(range(len(spots)), key=lambda k: float(np.hypot(*(spots[k] - start))))
        shots, here, taken = [], start, set()
        for k in order:
            lying = tuple(d for j, d in enumerate(self.lying) if j not in taken)
            for t in np.linspace(0.25, 1.0, 4):
                shots.append(_Shot("pickup", True, lying,
                                   (tuple(here + (spots[k] - here) * t), angle)))
            here = spots[k]
            taken.add(k)
        shots.append(_Shot("pickup", True, (), (tuple(here), angle)))
        shots += [_Shot("pickup", True, (), (tuple(here + (start - here) * t), angle))
                  for t in np.linspace(0.2, 1.0, 5)]
        return shots

    def _edge_point(self, rng: np.random.Generator, target: np.ndarray) -> tuple[np.ndarray, float]:
        """A point beyond a random frame edge, and the arm's angle from ``target`` towards it."""
        w, h = self.stage.size
        side = int(rng.integers(4))
        t = rng.uniform(0.2, 0.8)
        start = np.array([(t * w, -0.3 * h), (1.3 * w, t * h), (t * w, 1.3 * h),
                          (-0.3 * w, t * h)][side])
        return start, float(np.arctan2(*(start - target)[::-1]))

    def _final_poses(self, rng: np.random.Generator, n: int) -> tuple[PosedDie, ...]:
        spots: list[tuple[float, float, float]] = []
        for _ in range(50):  # a crowded layout: try again with fresh spots
            spots = place_dice(rng, self.stage, n, self.ranges.touching, 0.0)
            if len(spots) == n:
                break
        else:
            raise ValueError(f"no room for {n} dice on this table")
        out = []
        for look, (x, y, yaw) in zip(self.looks, spots):
            rot = resting_rotation(int(rng.integers(len(faces_of(look.kind)))), yaw)
            out.append(PosedDie(look, rot, np.array([x, y, 0.5])))
        return tuple(out)

    def _roll(self, rng: np.random.Generator, final: tuple[PosedDie, ...]) -> list[_Shot]:
        """Dice fly in from one edge, tumble, bounce with falling height, and come to rest."""
        n_frames = int(rng.integers(16, 30))
        centre = np.mean([self.stage.camera.project(d.centre[None])[0] for d in final], 0)
        start_px, angle = self._edge_point(rng, centre)
        start = self.stage.camera.unproject(start_px[None], 0.5)[0]
        paths = []
        for d in final:
            axis = rng.normal(size=3)
            spin = rng.uniform(3, 7) * np.pi
            lift = rng.uniform(1.5, 3.5)
            bounces = rng.uniform(2.0, 3.5)
            offset = start + rng.normal(size=3) * [0.8, 0.8, 0] - d.centre
            paths.append((d, axis, spin, lift, bounces, offset))
        shots = []
        previous: list[np.ndarray] = [self.stage.camera.project(start[None])[0]] * len(final)
        for i in range(1, n_frames + 1):
            t = i / n_frames
            left = (1 - t) ** 2  # what remains of the way, spin and height
            dice = []
            for k, (d, axis, spin, lift, bounces, offset) in enumerate(paths):
                rot = d.rot @ rotation_about(axis, spin * left)
                half = 0.5 * np.abs(rot[2]).sum()
                hop = lift * left * abs(np.cos(np.pi * bounces * t))
                centre_w = d.centre + offset * left
                centre_w[2] = half + hop
                now = self.stage.camera.project(centre_w[None])[0]
                dice.append(PosedDie(d.look, rot, centre_w, (now - previous[k]) * 0.5))
                previous[k] = now
            # the throwing hand reaches in, lets go, and pulls back
            reach = (0.45, 0.5, 0.42, 0.3)[i - 1] if i <= 4 else None
            hand = None if reach is None else (tuple(start_px + (centre - start_px) * reach), angle)
            shots.append(_Shot("rolling", True, tuple(dice), hand))
        shots[-1] = replace(shots[-1], dice=final)
        return shots

    def _render(self, shots: list[_Shot], rng: np.random.Generator) -> Iterator[Frame]:
        for i, shot in enumerate(shots):
            canvas = self.backdrop.copy()
            self.stage.paint(canvas, shot.dice)
            if shot.hand is not None:
                tip, angle = shot.hand
                draw_hand(canvas, tip, angle, self.stage.die_px, self.skin)
            gain = 1 + self.flicker * (np.sin(i * 0.9) + rng.normal() * 0.5)
            yield Frame(self.stage.photo.develop(canvas, rng, gain, in_place=True), shot.phase,
                        shot.moving, tuple(label(self.stage, d) for d in shot.dice))
