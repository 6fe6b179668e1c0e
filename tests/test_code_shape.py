"""The code's shape a newcomer relies on: no function asks for more than eight things at once.

A function with more parameters than that is carrying values that travel together loose (as
`training.batches.CropMix` now holds a classifier batch's settings); read from the source (ast).
"""

from __future__ import annotations

import ast
from pathlib import Path

import lcr_vision

ROOT = Path(lcr_vision.__file__).parent
MOST_PARAMETERS = 8


def parameters(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """A function's parameter names, keyword-only and starred ones in, a method's ``self`` or
    ``cls`` out."""
    a = node.args
    names = [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
    names += [p.arg for p in (a.vararg, a.kwarg) if p is not None]
    return names[1:] if names[:1] in (["self"], ["cls"]) else names


def test_no_function_takes_more_than_eight_parameters() -> None:
    crowded = [f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({len(parameters(node))})"
               for path in sorted(ROOT.rglob("*.py"))
               for node in ast.walk(ast.parse(path.read_text(), str(path)))
               if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
               and len(parameters(node)) > MOST_PARAMETERS]
    assert crowded == []


def test_the_count_leaves_self_out_and_keyword_only_parameters_in() -> None:
    method = ast.parse("class A:\n    def f(self, a, /, b, *c, d, **e): pass").body[0].body[0]
    assert parameters(method) == ["a", "b", "d", "c", "e"]
