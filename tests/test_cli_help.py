"""Every command's --help lists the options users know, with their defaults (the shared
GAME/--all/--format/--theme/-o options are declared once, by cli.per_game)."""

from __future__ import annotations

import re

import pytest

from printables.cli import main

OPTIONS = {
    "list": set(),
    "validate": set(),
    "board": {"--all", "--format", "--size", "--theme", "--option", "--dpi", "--output"},
    "kit": {"--paper", "--jobs", "--output"},
    "pieces": {"--all", "--format", "--paper", "--diameter", "--gutter", "--theme", "--dpi",
               "--output"},
    "setup": {"--all", "--layout", "--format", "--theme", "--dpi", "--output"},
    "booklet": {"--all", "--paper", "--impose", "--format", "--theme", "--layouts",
                "--output"},
    "laser": {"--all", "--sheet", "--kerf", "--profile", "--format", "--material", "--parts",
              "--no-reference", "--tabs", "--option", "--joints", "--output"},
    "export": set(),
    "serve": {"--host", "--port", "--games", "--no-browser", "--allow-host"},
}
USAGE = {"board": "[GAME]", "pieces": "[GAME]", "setup": "[GAME]", "booklet": "[GAME]",
         "laser": "[GAME]", "kit": "GAME", "export": "GAME", "validate": "PATHS..."}
FORMATS = {"board": "[svg|pdf|png|json]  [default: pdf]", "pieces": "[pdf|svg|png|json]",
           "setup": "[pdf|svg|png]  [default: pdf]", "booklet": "[pdf]  [default: pdf]",
           "laser": "[svg|dxf|lbrn2]"}


def _help(capsys, command: str) -> str:
    assert main([command, "--help"]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("command", OPTIONS)
def test_help_lists_the_options(capsys, command):
    text = _help(capsys, command)
    options = text.split("Options:", 1)[1]
    listed = set(re.findall(r"^ {2}(?:-\w, )?(--[\w-]+)", options, re.M)) - {"--help"}
    assert listed == OPTIONS[command]
    usage = text.splitlines()[0]
    assert usage.startswith(f"Usage: printables {command} [OPTIONS]")
    assert usage.endswith(USAGE.get(command, "[OPTIONS]"))


@pytest.mark.parametrize("command", FORMATS)
def test_shared_options_keep_their_choices_and_defaults(capsys, command):
    text = _help(capsys, command)
    assert "--format " + FORMATS[command] in re.sub(r"\s+", " ", text).replace("] [", "]  [")
    assert ("--theme TEXT" in text) == (command != "laser")
    assert "[default: colour]" in text or command == "laser"
    assert re.search(r"-o, --output DIRECTORY\s+Folder to write into.\s+\[default: output\]", text)
