"""The training loops: a CenterNet focal loss for the locator, cross-entropy for the classifier."""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np
import torch
from torch import nn

from lcr_vision.training.batches import classifier_batch, locator_batch
from lcr_vision.training.sources import SceneSource

Log = Callable[[str], None]


def focal_loss(pred: torch.Tensor, heat: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """CenterNet's penalty-reduced focal loss: peaks pulled to 1, the rest to 0 (softly near peaks)."""
    p = pred.clamp(1e-4, 1 - 1e-4)
    pos = torch.log(p) * (1 - p) ** 2 * mask
    neg = torch.log(1 - p) * p**2 * (1 - heat) ** 4 * (1 - mask)
    return -(pos.sum() + neg.sum()) / mask.sum().clamp(min=1)


def locator_loss(net: nn.Module, batch: tuple[np.ndarray, ...]) -> torch.Tensor:
    """Focal loss on heat plus L1 on log-size and offset at the dice's peak cells."""
    image, heat, size, offset, mask = (torch.from_numpy(a) for a in batch)
    p_heat, p_size, p_offset = net(image)
    n = mask.sum().clamp(min=1)
    regress = ((p_size - size).abs() + (p_offset - offset).abs()) * mask
    return focal_loss(p_heat, heat, mask) + regress.sum() / n


def _fit(
    net: nn.Module, steps: int, lr: float, loss_of_step: Callable[[int], torch.Tensor], log: Log,
    name: str,
) -> None:
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps, pct_start=0.1)
    net.train()
    start, running = time.monotonic(), 0.0
    for step in range(1, steps + 1):
        loss = loss_of_step(step)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        value = float(loss.detach())
        running = 0.95 * running + 0.05 * value if step > 1 else value
        if step % 50 == 0 or step == steps:
            log(f"{name} step {step}/{steps} loss {running:.4f} {time.monotonic() - start:.0f}s")
    net.eval()


def train_locator(
    net: nn.Module, source: SceneSource, steps: int, rng: np.random.Generator, log: Log,
    batch: int = 16,
) -> None:
    """Fit the locator on ``steps`` batches of freshly augmented views."""
    _fit(net, steps, 4e-3, lambda _: locator_loss(net, locator_batch(source, rng, batch)), log,
         "locator")


def train_classifier(
    net: nn.Module, source: SceneSource, steps: int, rng: np.random.Generator, log: Log,
    views: int = 24,
) -> None:
    """Fit the classifier on crops from ``views`` freshly augmented views a step."""
    ce = nn.CrossEntropyLoss(label_smoothing=0.05)

    def loss(_: int) -> torch.Tensor:
        crops, labels = classifier_batch(source, rng, views)
        return ce(net(torch.from_numpy(crops)), torch.from_numpy(labels).long())

    _fit(net, steps, 3e-3, loss, log, "classifier")
