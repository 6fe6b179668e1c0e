"""Where each training example comes from: a real photo, a rendered table, or real dice pasted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from lcr_vision.training.augment import Scene
from lcr_vision.training.paste import paste_dice


@dataclass(frozen=True)
class SceneSource:
    """Draws scenes: real photos with chance ``real_share`` (of which ``paste_share`` have their
    dice moved onto an empty rendered table), rendered scenes otherwise. Real photos come from
    ``more_real`` (another camera's set) with chance ``more_share`` where it has any."""

    real: Sequence[Scene]
    renders: Sequence[Scene]
    real_share: float = 0.5
    paste_share: float = 0.3
    more_real: Sequence[Scene] = ()
    more_share: float = 0.5

    @cached_property
    def empty(self) -> list[Scene]:
        """The rendered tables without dice, where real dice get pasted."""
        return [s for s in self.renders if not len(s.dice().faces)]

    def draw(self, rng: np.random.Generator) -> Scene:
        """One scene, before augmentation."""
        if not self.renders or rng.random() < self.real_share:
            pool = self.more_real if self.more_real and (
                not self.real or rng.random() < self.more_share) else self.real
            scene = pool[rng.integers(len(pool))]
            if self.empty and rng.random() < self.paste_share:
                return paste_dice(scene, self.empty[rng.integers(len(self.empty))].image, rng)
            return scene
        return self.renders[rng.integers(len(self.renders))]
