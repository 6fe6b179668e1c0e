"""The training loops: a CenterNet focal loss for the locator, cross-entropy for the classifier."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, IterableDataset

from lcr_vision.training.batches import CropMix, FrameMix, classifier_batch, locator_batch
from lcr_vision.training.lite import LiteClassifier
from lcr_vision.training.nets import Classifier
from lcr_vision.training.sources import SceneSource

Log = Callable[[str], None]
CHECKPOINT_SECONDS = 300.0


def focal_loss(pred: torch.Tensor, heat: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """CenterNet's penalty-reduced focal loss: peaks pulled to 1, the rest to 0 (softly near
    peaks)."""
    p = pred.clamp(1e-4, 1 - 1e-4)
    pos = torch.log(p) * (1 - p) ** 2 * mask
    neg = torch.log(1 - p) * p**2 * (1 - heat) ** 4 * (1 - mask)
    return -(pos.sum() + neg.sum()) / mask.sum().clamp(min=1)


def locator_loss(net: nn.Module, batch: tuple[torch.Tensor, ...]) -> torch.Tensor:
    """Focal loss on heat plus L1 on log-size and offset at the dice's peak cells."""
    image, heat, size, offset, mask = batch
    p_heat, p_size, p_offset = net(image)
    n = mask.sum().clamp(min=1)
    regress = ((p_size - size).abs() + (p_offset - offset).abs()) * mask
    return focal_loss(p_heat, heat, mask) + regress.sum() / n


def learning_rate(peak: float, done: float) -> float:
    """One cycle over the run: a warm-up over its first tenth, then a cosine down to nearly 0.
    ``done`` is the share of the run behind us (steps or minutes)."""
    if done < 0.1:
        return peak * (0.04 + 0.96 * done / 0.1)
    return peak * (1e-4 + (1 - 1e-4) * 0.5 * (1 + math.cos(math.pi * (done - 0.1) / 0.9)))


class WeightAverage:
    """An exponential moving average of a network's weights and buffers, the one exported.

    Small batches of freshly augmented views make each step's weights noisy; their running
    average is a smoother, usually better network than the last step's (Polyak averaging). The
    decay ramps up from 0, so a short run is not dragged back to its starting weights.

    >>> net = nn.Linear(1, 1, bias=False)
    >>> average = WeightAverage(net, decay=0.5)
    >>> for w in (2.0, 4.0):
    ...     _ = net.weight.data.fill_(w)
    ...     average.update(net)
    >>> average.copy_to(net)
    >>> round(float(net.weight.detach()), 3)  # step 2 counts twice: (2 + 2*4) / 3
    3.333
    """

    def __init__(self, net: nn.Module, decay: float = 0.999):
        self.decay, self.updates = decay, 0
        self.state = {k: v.detach().clone() for k, v in net.state_dict().items()}

    def update(self, net: nn.Module) -> None:
        self.updates += 1
        keep = min(self.decay, (self.updates - 1) / (self.updates + 1))
        for key, value in net.state_dict().items():
            if value.is_floating_point():
                self.state[key].mul_(keep).add_(value.detach(), alpha=1 - keep)
            else:
                self.state[key].copy_(value)

    def copy_to(self, net: nn.Module) -> None:
        net.load_state_dict(self.state)


@dataclass(frozen=True)
class Budget:
    """How long a network trains: ``steps``, or ``minutes`` of wall clock when given (for a
    machine of unknown speed; the steps done are logged)."""

    steps: int
    minutes: float | None = None

    def done(self, step: int, elapsed: float) -> float:
        if self.minutes is not None:
            return elapsed / (60 * self.minutes)
        return step / self.steps


class _Batches(IterableDataset):
    """An endless stream of batches ``make(rng)``; each data worker has its own seeded rng."""

    def __init__(self, make: Callable[[np.random.Generator], tuple[np.ndarray, ...]], seed: int):
        self.make, self.seed = make, seed

    def __iter__(self) -> Iterator[tuple[np.ndarray, ...]]:
        info = torch.utils.data.get_worker_info()
        rng = np.random.default_rng([self.seed, info.id if info else 0])
        while True:
            yield self.make(rng)


def batches(make: Callable[[np.random.Generator], tuple[np.ndarray, ...]], seed: int,
            workers: int) -> Iterator[tuple[torch.Tensor, ...]]:
    """Batches made in ``workers`` processes (or here, with none), as tensors."""
    if not workers:
        return (tuple(torch.from_numpy(a) for a in b) for b in _Batches(make, seed))
    loader = DataLoader(_Batches(make, seed), batch_size=None, num_workers=workers,
                        prefetch_factor=4, persistent_workers=False)
    return iter(loader)


def _fit(
    net: nn.Module, budget: Budget, peak: float, stream: Iterator[tuple[torch.Tensor, ...]],
    loss_of: Callable[[tuple[torch.Tensor, ...]], torch.Tensor], log: Log, name: str,
    checkpoint: Path | None = None,
) -> None:
    """Train ``net`` for ``budget``; every ``CHECKPOINT_SECONDS`` and at the end the weights'
    moving average is saved to ``checkpoint`` (a ``.pt`` that ``--locator-init``/
    ``--classifier-init`` train on from), so a run stopped at any moment loses a few minutes at
    most, and one stopped after its locator keeps all of it."""
    device = next(net.parameters()).device
    opt = torch.optim.AdamW(net.parameters(), lr=peak, weight_decay=1e-4)
    net.train()
    average = WeightAverage(net)
    start, running, step = time.monotonic(), 0.0, 0
    saved = start
    while (done := budget.done(step, time.monotonic() - start)) < 1:
        for group in opt.param_groups:
            group["lr"] = learning_rate(peak, done)
        loss = loss_of(tuple(t.to(device, non_blocking=True) for t in next(stream)))
        opt.zero_grad()
        loss.backward()
        opt.step()
        average.update(net)
        step += 1
        value = float(loss.detach())
        running = 0.95 * running + 0.05 * value if step > 1 else value
        if step % 50 == 0:
            log(f"{name} step {step} ({100 * done:.0f}%) loss {running:.4f} "
                f"{time.monotonic() - start:.0f}s")
        if checkpoint and time.monotonic() - saved > CHECKPOINT_SECONDS:
            torch.save(average.state, checkpoint)
            saved = time.monotonic()
            log(f"{name} step {step}: saved {checkpoint}")
    log(f"{name}: {step} steps, loss {running:.4f}, {time.monotonic() - start:.0f}s; "
        "exporting the weights' moving average")
    if checkpoint:  # the stage's own result, on disk before the next stage starts
        torch.save(average.state, checkpoint)
    average.copy_to(net)
    net.eval()


def train_locator(
    net: nn.Module, source: SceneSource, budget: Budget, seed: int, log: Log, workers: int,
    mix: FrameMix, checkpoint: Path | None = None,
) -> None:
    """Fit the locator on batches of freshly augmented views made as ``mix`` says
    (`batches.FrameMix`)."""
    stream = batches(partial(locator_batch, source, mix=mix), seed, workers)
    _fit(net, budget, 4e-3, stream, lambda b: locator_loss(net, b), log, "locator", checkpoint)


def train_classifier(
    net: Classifier | LiteClassifier, source: SceneSource, budget: Budget, seed: int, log: Log,
    workers: int, mix: CropMix, checkpoint: Path | None = None,
) -> None:
    """Fit the classifier on crops made as ``mix`` says (`batches.CropMix`; its ``crop`` should be
    the network's own), at learning rates up to its ``peak``."""
    ce = nn.CrossEntropyLoss(label_smoothing=0.05)
    stream = batches(partial(classifier_batch, source, mix=mix), seed, workers)
    _fit(net, budget, net.peak, stream, lambda b: ce(net(b[0]), b[1].long()), log, "classifier",
         checkpoint)
