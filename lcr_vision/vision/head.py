"""`FaceHead`: a correction the reader adds to the classifier's logits, fitted to one set of dice.

No model trained beforehand has seen every family's dice: a typeface, a wild symbol, red pips.
Calibration learns them from the check rolls the user has confirmed: a linear layer on the
classifier's pooled features (the model's ``features`` output), added to its logits, so that a
head of zeros is the model as shipped and a fitted one moves only what these dice need. Its
weights are pulled towards zero (``l2``), and it is fitted on a few dozen crops, each read in
every quarter-turn.

>>> rng = np.random.default_rng(0)
>>> features = rng.normal(size=(40, 8)).astype(np.float32)
>>> logits = np.zeros((40, 3), np.float32)
>>> labels = (features[:, 0] > 0).astype(int)  # the model cannot tell: this set of dice can
>>> head = FaceHead.fit(features, logits, labels, np.array([True, True, False]), model="m")
>>> float((head.apply(logits, features).argmax(1) == labels).mean())
1.0
>>> FaceHead.from_dict(head.to_dict()) == head
True
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

L2 = 1e-2  # the pull of the weights towards zero, per feature scaled to unit spread
STEPS = 300  # full-batch gradient steps: a few hundred examples and 12 classes fit in these
RATE = 0.5
# The largest weight or bias a head may hold: fitted heads hold a few units (4.2 on a printed Wild
# table's), so one past this was not fitted to dice, and would drown the model's own logits.
MAX_WEIGHT = 1000.0


def model_digest(path: Path) -> str:
    """The first 16 hex digits of the model file's SHA-256: a head only fits the features of the
    model it was fitted to."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]


@dataclass(frozen=True, eq=False)
class FaceHead:
    """``logits + features @ weights + bias``: ``weights`` ``(F, C)`` and ``bias`` ``(C,)`` for the
    model whose digest is ``model`` (`model_digest`)."""

    weights: np.ndarray
    bias: np.ndarray
    model: str

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, FaceHead) and self.model == other.model
                and np.array_equal(self.weights, other.weights)
                and np.array_equal(self.bias, other.bias))

    def apply(self, logits: np.ndarray, features: np.ndarray) -> np.ndarray:
        """The corrected logits ``(..., C)`` of crops with ``logits`` and ``features``."""
        return logits + features @ self.weights + self.bias

    @classmethod
    def fit(cls, features: np.ndarray, logits: np.ndarray, labels: np.ndarray,
            allowed: np.ndarray, model: str, l2: float = L2) -> FaceHead:
        """The head that makes ``logits`` (``(N, C)``, of crops with ``features`` ``(N, F)``) read
        ``labels`` (class indices): softmax cross-entropy over the ``allowed`` classes, the
        weights pulled towards zero. Only the classes among ``labels`` are moved: a face no
        example shows keeps the model's logit, rather than being pushed down for every crop (a
        set of check rolls without a wild would teach the head that no die shows one).
        Gradient descent from zero, a fixed number of steps, so the same examples always give
        the same head."""
        x = features.astype(np.float64)
        # fitted on features of unit spread, stored for raw ones; a feature that barely moves
        # on these crops is not blown up, so that it cannot swing the logits of other crops
        spread = x.std(0) + 0.1 * x.std(0).mean() + 1e-6
        x = x / spread
        z0 = np.where(allowed, logits.astype(np.float64), -np.inf)
        onehot = np.eye(len(allowed))[labels]
        moved = allowed & (np.bincount(labels, minlength=len(allowed)) > 0)
        w = np.zeros((x.shape[1], len(allowed)))
        b = np.zeros(len(allowed))
        for _ in range(STEPS):
            z = z0 + x @ w + b
            p = np.exp(z - z.max(1, keepdims=True))
            p /= p.sum(1, keepdims=True)
            grad = np.where(moved, p - onehot, 0.0) / len(x)
            w -= RATE * (x.T @ grad + l2 * w)
            b -= RATE * grad.sum(0)
        weights = np.where(moved, w / spread[:, None], 0.0).astype(np.float32)
        return cls(weights, np.where(moved, b, 0.0).astype(np.float32), model)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the model digest and the weights, each in the fewest digits that read
        back as the same float32."""
        return {"model": self.model, "bias": [float(str(v)) for v in self.bias],
                "weights": [[float(str(v)) for v in row] for row in self.weights]}

    @classmethod
    def from_dict(cls, data: Any) -> FaceHead:
        """A head from `to_dict`'s object; ValueError says what is wrong."""
        if not isinstance(data, dict) or set(data) != {"model", "bias", "weights"}:
            raise ValueError("must be an object of model, bias and weights")
        try:
            weights = np.array(data["weights"], np.float32)
            bias = np.array(data["bias"], np.float32)
        except (TypeError, ValueError):
            raise ValueError("must hold numbers in its weights and bias") from None
        if (weights.ndim != 2 or bias.shape != weights.shape[1:]
                or not np.isfinite(weights).all() or not np.isfinite(bias).all()):
            raise ValueError("must hold a finite weights matrix with one bias per class")
        if max(np.abs(weights).max(initial=0), np.abs(bias).max(initial=0)) > MAX_WEIGHT:
            raise ValueError(f"has weights past {MAX_WEIGHT:g}: no head fitted to dice has them, "
                             "and they would drown what the model sees")
        if not isinstance(data["model"], str):
            raise TypeError("must name its model's digest")
        return cls(weights, bias, data["model"])
