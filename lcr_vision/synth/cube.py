"""Dice as unit cubes: which token sits on which side, and how a die rests with a face up.

A die's own frame has its six face normals along the axes; textures are laid on each face so that
they read correctly from outside (``right x down = -normal``), so letters are never mirrored.

>>> faces_of("pip")
('1', '6', '2', '5', '3', '4')
>>> [int(a) + int(b) for a, b in zip(faces_of("pip")[::2], faces_of("pip")[1::2])]
[7, 7, 7]
>>> rest = resting_rotation(faces_of("wild").index("wild"), yaw=0.3)
>>> bool(np.allclose(rest @ NORMALS[faces_of("wild").index("wild")], [0, 0, 1]))
True
"""

from __future__ import annotations

import numpy as np

# Face i has outward normal NORMALS[i]; faces 2k and 2k+1 are opposite.
NORMALS = np.array([[0, 0, 1], [0, 0, -1], [1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0]], float)

_TOKENS = {
    "pip": ("1", "6", "2", "5", "3", "4"),  # opposite faces sum to 7
    "lcr": ("L", "dot", "C", "dot", "R", "dot"),
    "wild": ("L", "dot", "C", "dot", "R", "wild"),
}

DIE_KINDS: tuple[str, ...] = tuple(_TOKENS)


def faces_of(kind: str) -> tuple[str, ...]:
    """The token on each face of a die of ``kind`` (``pip``, ``lcr`` or ``wild``)."""
    return _TOKENS[kind]


def _texture_axes(normal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Texture right and down directions on the face with ``normal``."""
    helper = np.array([0.0, 1.0, 0.0]) if abs(normal[1]) < 0.5 else np.array([0.0, 0.0, 1.0])
    right = np.cross(helper, normal)
    return right, np.cross(right, normal)


def _face_corners() -> np.ndarray:
    """Corners ``(6, 4, 3)`` of each face at texture TL, TR, BR, BL, for a cube of edge 1."""
    out = []
    for n in NORMALS:
        r, d = _texture_axes(n)
        c = n / 2
        out.append([c - r / 2 - d / 2, c + r / 2 - d / 2, c + r / 2 + d / 2, c - r / 2 + d / 2])
    return np.array(out)


FACE_CORNERS = _face_corners()
CUBE_CORNERS = np.array([[x, y, z] for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5)])


def rotation_about(axis: np.ndarray, angle: float) -> np.ndarray:
    """Rodrigues' rotation matrix about unit ``axis`` by ``angle`` radians."""
    a = np.asarray(axis, float) / np.linalg.norm(axis)
    k = np.array([[0, -a[2], a[1]], [a[2], 0, -a[0]], [-a[1], a[0], 0]])
    return np.eye(3) + np.sin(angle) * k + (1 - np.cos(angle)) * (k @ k)


def _face_up(face: int) -> np.ndarray:
    """Rotation that puts face ``face`` up."""
    n = NORMALS[face]
    up = np.array([0.0, 0.0, 1.0])
    axis = np.cross(n, up)
    if np.linalg.norm(axis) < 1e-9:
        return np.eye(3) if n[2] > 0 else rotation_about(np.array([1.0, 0, 0]), np.pi)
    return rotation_about(axis, np.arccos(np.clip(n @ up, -1, 1)))


_FACE_UP = tuple(_face_up(face) for face in range(6))  # made once: every die rests on one of six


def resting_rotation(face: int, yaw: float) -> np.ndarray:
    """Rotation that puts face ``face`` up, then turns the die by ``yaw`` radians about ``z``."""
    return rotation_about(np.array([0.0, 0.0, 1.0]), yaw) @ _FACE_UP[face]


def top_face(rot: np.ndarray) -> int:
    """Index of the face pointing most nearly up under ``rot``."""
    return int(np.argmax((NORMALS @ rot.T)[:, 2]))
