"""The two small networks of the dice reader, in PyTorch (training only; shipped as ONNX).

``Locator``: a class-agnostic CenterNet on the shrunk frame. A depthwise-separable backbone down to
stride 16 for context (big dice), an upsampling path back to stride 4 for precise centres; one 1x1
head gives heat (sigmoid), log-size and offset. ``Classifier``: a plain small CNN on 40x40 crops cut
from the full-resolution frame; plain 3x3 convolutions because pip counts need every pixel. It ends
in global pooling, so it runs at any crop size. ``widen`` grows a trained classifier into a wider
one that computes the same function, so more capacity starts from what was learnt; ``average``
makes one network of several runs fine-tuned from one start (a weight soup).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import torch
from torch import nn

from lcr_vision.vision.spec import CLASSES, CROP


def _conv(cin: int, cout: int, stride: int = 1) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout),
                         nn.ReLU(inplace=True))


def _separable(cin: int, cout: int, stride: int = 1) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cin, 3, stride, 1, groups=cin, bias=False), nn.BatchNorm2d(cin),
        nn.ReLU(inplace=True),
        nn.Conv2d(cin, cout, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
    )


def _normalise(x: torch.Tensor) -> torch.Tensor:
    """Both networks take raw 0-255 BGR pixels, so the runtime does no arithmetic on them."""
    return (x - 127.5) * (1 / 64)


class Locator(nn.Module):
    """Frame ``(B, 3, H, W)`` (H, W multiples of 16) to heat ``(B, 1, H/4, W/4)``, size, offset."""

    def __init__(self) -> None:
        super().__init__()
        self.s4 = nn.Sequential(_conv(3, 16, 2), _separable(16, 32, 2), _separable(32, 32))
        self.s8 = nn.Sequential(_separable(32, 64, 2), _separable(64, 64))
        self.s16 = nn.Sequential(_separable(64, 96, 2), _separable(96, 96), _separable(96, 96))
        self.up16 = nn.Conv2d(96, 64, 1)
        self.mix8 = _separable(64, 64)
        self.up8 = nn.Conv2d(64, 32, 1)
        self.mix4 = nn.Sequential(_separable(32, 32), _separable(32, 32))
        self.head = nn.Conv2d(32, 5, 1)
        nn.init.constant_(self.head.bias[:1], -2.2)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        f4 = self.s4(_normalise(x))
        f8 = self.s8(f4)
        f16 = self.s16(f8)
        up = nn.functional.interpolate(self.up16(f16), scale_factor=2.0, mode="nearest")
        f8 = self.mix8(f8 + up)
        up = nn.functional.interpolate(self.up8(f8), scale_factor=2.0, mode="nearest")
        out = self.head(self.mix4(f4 + up))
        return torch.sigmoid(out[:, :1]), out[:, 1:3], out[:, 3:5]


# Channels of the classifier's six convolutions (strides 1, 2, 1, 2, 1, 2), about 13 MMAC a die at
# 40x40. Run m tried (16, 32, 48, 96, 128, 192), 28 MMAC: a point or two better on renders, more
# false dice on empty tables, 1.4 times the reader's time (models/README.md).
CLASSIFIER_WIDTHS = (16, 32, 32, 64, 64, 96)
_CLASSIFIER_STRIDES = (1, 2, 1, 2, 1, 2)


class Classifier(nn.Module):
    """Crops ``(N, 3, CROP, CROP)`` to logits over ``CLASSES`` (11 faces and ``none``)."""

    crop = CROP  # the side of the crops it is trained on and read with, unless told otherwise
    peak = 3e-3  # its peak learning rate, from scratch

    def __init__(self, widths: Sequence[int] = CLASSIFIER_WIDTHS) -> None:
        super().__init__()
        layers, cin = [], 3
        for cout, stride in zip(widths, _CLASSIFIER_STRIDES, strict=True):
            layers.append(_conv(cin, cout, stride))
            cin = cout
        self.body = nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.fc = nn.Linear(cin, len(CLASSES))

    def features(self, x: torch.Tensor) -> torch.Tensor:
        """The pooled features ``(N, widths[-1])`` the last layer reads: what the exported model
        also gives as ``features``, for calibration's face head."""
        return self.body(_normalise(x))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(self.features(x))


State = Mapping[str, torch.Tensor]


def classifier_widths(state: State) -> tuple[int, ...]:
    """The convolution widths of a saved classifier, so it loads into a network of its shape."""
    return tuple(int(state[f"body.{i}.0.weight"].shape[0]) for i in range(len(_CLASSIFIER_STRIDES)))


def widen(state: State, widths: Sequence[int], rng: np.random.Generator,
          noise: float = 0.01) -> dict[str, torch.Tensor]:
    """Net2WiderNet (Chen et al., 2016): ``state`` of a classifier grown to ``widths``.

    Each new channel copies a random old one (its convolution filter and batch-norm statistics);
    the next layer splits the copied channel's weight among its copies, so with ``noise=0`` the
    wider network's logits equal the old one's. ``noise`` (relative to each weight's spread) lets
    the copies drift apart in training, which identical copies never would.
    """
    old = classifier_widths(state)
    if len(widths) != len(old) or any(n < o for n, o in zip(widths, old)):
        raise ValueError(f"cannot widen a classifier of widths {old} to {tuple(widths)}")
    out = dict(state)
    source, share = np.arange(3), np.ones(3)  # input channels: the image's own
    for i, (n, o) in enumerate(zip(widths, old)):
        pick = np.concatenate([np.arange(o), rng.integers(0, o, n - o)])
        split = torch.from_numpy(share[source]).float()[None, :, None, None]
        weight = state[f"body.{i}.0.weight"][pick][:, source] / split
        out[f"body.{i}.0.weight"] = weight + noise * weight.std() * torch.from_numpy(
            rng.standard_normal(weight.shape)).float()
        for name in ("weight", "bias", "running_mean", "running_var"):
            out[f"body.{i}.1.{name}"] = state[f"body.{i}.1.{name}"][pick].clone()
        source, share = pick, np.bincount(pick, minlength=o).astype(float)
    out["fc.weight"] = state["fc.weight"][:, source] / torch.from_numpy(share[source]).float()[None]
    return out


def average(states: Sequence[State]) -> dict[str, torch.Tensor]:
    """The mean of the weights and batch-norm statistics of networks of one shape (Wortsman et
    al., 2022, "Model soups"): runs fine-tuned from one start stay in one basin, and their mean
    often reads better than each, at no cost at run time. Counters are taken from the first.

    >>> a, b = {"w": torch.tensor([1.0, 2.0])}, {"w": torch.tensor([3.0, 6.0])}
    >>> average([a, b])["w"].tolist()
    [2.0, 4.0]
    """
    first = states[0]
    if any(s.keys() != first.keys() or any(s[k].shape != first[k].shape for k in first)
           for s in states):
        raise ValueError("only networks of one shape can be averaged")
    return {k: torch.stack([s[k] for s in states]).mean(0) if v.is_floating_point() else v.clone()
            for k, v in first.items()}
