"""The packages of lcr_vision stand in layers: no import runs back up, no two import each other.

Read from the source (ast), not by importing, so that an import inside a function or under
``TYPE_CHECKING`` counts as much as one at the top: each still ties the two packages together.
A package here is a folder of modules right under lcr_vision (``__init__.py`` or not), or a module
there (``errors``, ``faces``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import lcr_vision

ROOT = Path(lcr_vision.__file__).parent
UNITS = frozenset(p.relative_to(ROOT).parts[0].removesuffix(".py") for p in ROOT.rglob("*.py")
                  if p != ROOT / "__init__.py")
# The base and what it must never reach: the rules are pure, and a refusal needs no phrasebook.
BASE_FILES = (ROOT / "errors.py", ROOT / "refusals.py", ROOT / "faces.py", ROOT / "languages.py",
              *sorted((ROOT / "rules").glob("*.py")))
ABOVE_BASE = frozenset({"phrases", "cli", "table", "ledger", "vision", "review", "calibration",
                        "speech", "measure", "training", "window"})
# What runs at the table never reaches into measurement (the trials of calibration and of an
# evening are measurement's own).
RUNTIME = frozenset({"table", "camera", "ledger", "speech", "vision", "calibration", "phrases",
                     "rules", "review", "photolog", "manual", "controller", "odds", "random_games",
                     "window"})


def unit_of(path: Path) -> str:
    """The package a source file belongs to."""
    return path.relative_to(ROOT).parts[0].removesuffix(".py")


def imported_units(path: Path) -> set[str]:
    """The packages of lcr_vision that a file imports anywhere in it (``from lcr_vision import
    synth`` names the package ``synth``)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module == "lcr_vision":
            names += [f"lcr_vision.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    parts = (name.split(".") for name in names)
    return {p[1] for p in parts if p[0] == "lcr_vision" and len(p) > 1 and p[1] in UNITS}


def package_graph() -> dict[str, set[str]]:
    """Package -> the other packages its files import."""
    graph: dict[str, set[str]] = {unit: set() for unit in UNITS}
    for path in ROOT.rglob("*.py"):
        if path != ROOT / "__init__.py":
            graph[unit_of(path)] |= imported_units(path) - {unit_of(path)}
    return graph


def reach(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every package that ``start`` imports, straight or through others."""
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        unit = todo.pop()
        if unit not in seen:
            seen.add(unit)
            todo += graph[unit]
    return seen


def test_the_graph_is_read() -> None:
    graph = package_graph()
    assert {"errors", "faces", "rules", "phrases", "cli"} <= graph.keys()
    assert "errors" in graph["faces"] and "rules" in reach(graph, "cli")


def test_no_two_packages_import_each_other() -> None:
    graph = package_graph()
    loops = {unit: sorted(u for u in graph[unit] if unit in reach(graph, u))
             for unit in graph if unit in reach(graph, unit)}
    assert loops == {}, f"packages in a loop, with the imports that lead back: {loops}"


def test_the_base_imports_nothing_above_it() -> None:
    above = {str(p.relative_to(ROOT)): sorted(imported_units(p) & ABOVE_BASE) for p in BASE_FILES}
    assert {file: units for file, units in above.items() if units} == {}


def test_runtime_imports_nothing_of_measure() -> None:
    runtime = (p for p in ROOT.rglob("*.py") if p != ROOT / "__init__.py"
               and unit_of(p) in RUNTIME)
    importers = sorted(str(p.relative_to(ROOT)) for p in runtime if "measure" in imported_units(p))
    assert importers == [], f"runtime modules that import lcr_vision.measure: {importers}"


def test_calibration_stands_below_the_table() -> None:
    """Calibration fits the reader; the table plays with what it made. The judgement of a read
    both use (vision.verdict, vision.reading) and the window both draw in lie below them both."""
    graph = package_graph()
    assert "table" not in reach(graph, "calibration")
    assert "calibration" not in reach(graph, "window") | reach(graph, "vision")


def test_the_ledger_holds_no_words() -> None:
    """The ledger keeps what happened as data; what is said or printed of it (an amendment's
    sentences, the report) is put into words above it, so the phrasebook never shapes the
    journal."""
    assert "phrases" not in reach(package_graph(), "ledger")


def test_no_subcommand_imports_another() -> None:
    """Each subcommand's module wires its own parts; what several share (options, the reader's
    options, the table's wiring) lives in cli modules that are no subcommand."""
    from lcr_vision.cli import COMMANDS

    graph = module_graph()
    commands = {f"cli.{name}" for name in COMMANDS}
    crossing = {m: sorted(graph[m] & commands) for m in commands if graph[m] & commands}
    assert crossing == {}, f"subcommands importing another's module: {crossing}"


def test_errors_imports_nothing_of_the_project_but_its_templates() -> None:
    assert imported_units(ROOT / "errors.py") == {"refusals"}
    assert imported_units(ROOT / "refusals.py") == set()


def test_only_the_command_line_reads_arguments() -> None:
    """Options are parsed in ``cli/`` alone; what runs below takes typed values."""
    readers = sorted(str(p.relative_to(ROOT)) for p in ROOT.rglob("*.py") if unit_of(p) != "cli"
                     and any(isinstance(n, ast.Import | ast.ImportFrom)
                             and "argparse" in ([a.name for a in n.names]
                                                if isinstance(n, ast.Import) else [n.module])
                             for n in ast.walk(ast.parse(p.read_text()))))
    assert readers == [], f"modules outside cli/ that import argparse: {readers}"


def module_graph() -> dict[str, set[str]]:
    """Module -> the other modules of lcr_vision it imports anywhere in it (``from lcr_vision.x
    import y`` names the module ``x.y`` where that is one, else ``x``; a package's __init__
    hands names on, and is left out)."""
    modules = {".".join(p.relative_to(ROOT).with_suffix("").parts): p for p in ROOT.rglob("*.py")
               if p.name != "__init__.py"}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                named = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                named = [f"{node.module}.{alias.name}" for alias in node.names]
                if not any(n.removeprefix("lcr_vision.") in modules for n in named):
                    named = [node.module]  # names taken from a module, not modules themselves
            else:
                continue
            found |= {n.removeprefix("lcr_vision.") for n in named} & modules.keys()
        graph[name] = found - {name}
    return graph


def test_no_two_modules_import_each_other() -> None:
    """Not even under TYPE_CHECKING or inside a function: each such tie is a circle that a
    change to one file drags the other into."""
    graph = module_graph()
    loops = {m: sorted(u for u in graph[m] if m in reach(graph, u))
             for m in graph if m in reach(graph, m)}
    assert loops == {}, f"modules in a loop, with the imports that lead back: {loops}"
