"""`lcr-vision --help`: the commands a family plays with first, the developers' tools apart below
them; every command has a --help of its own."""

from __future__ import annotations

import pytest

from lcr_vision.cli import FAMILY, TOOLS, main


def test_the_familys_commands_come_first_and_the_tools_apart(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    family, tools = text.split("developer tools")
    listed = [line.split()[0] for line in family.splitlines()
              if line.startswith("    ") and not line.startswith("     ")]  # not a wrapped line
    assert listed == list(FAMILY)
    assert [line.split()[0] for line in tools.splitlines()[1:] if line.strip()] == list(TOOLS)
    assert all(len(line) <= 80 for line in text.splitlines())


@pytest.mark.parametrize("command", FAMILY + TOOLS)
def test_every_command_has_its_own_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0 and f"usage: lcr-vision {command}" in capsys.readouterr().out
