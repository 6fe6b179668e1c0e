"""The two small networks of the dice reader, in PyTorch (training only; shipped as ONNX).

``Locator``: a class-agnostic CenterNet on the shrunk frame. A depthwise-separable backbone down to
stride 16 for context (big dice), an upsampling path back to stride 4 for precise centres; one 1x1
head gives heat (sigmoid), log-size and offset. ``Classifier``: a plain small CNN on 40x40 crops cut
from the full-resolution frame; plain 3x3 convolutions because pip counts need every pixel, and
at 40x40 they cost about 13 MMAC a die. It ends in global pooling, so it runs at any crop size.
"""

from __future__ import annotations

import torch
from torch import nn

from lcr_vision.vision.spec import CLASSES


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


class Classifier(nn.Module):
    """Crops ``(N, 3, CROP, CROP)`` to logits over ``CLASSES`` (11 faces and ``none``)."""

    def __init__(self) -> None:
        super().__init__()
        self.body = nn.Sequential(
            _conv(3, 16), _conv(16, 32, 2), _conv(32, 32), _conv(32, 64, 2), _conv(64, 64),
            _conv(64, 96, 2), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )
        self.fc = nn.Linear(96, len(CLASSES))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(self.body(_normalise(x)))
