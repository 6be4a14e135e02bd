"""Every command's --help lists the options users know, with their defaults (the shared
GAME/--all/--format/--theme/-o options are declared once, by cli.per_game)."""

from __future__ import annotations

import re

import pytest

from printables.cli import main

GAME_REQUEST = {"--option", "--size", "--theme"}
OPTIONS = {
    "list": set(),
    "validate": set(),
    "board": {"--all", "--format", "--dpi", "--paper", "--output"} | GAME_REQUEST,
    "kit": {"--all", "--paper", "--jobs", "--no-cache", "--watch", "--output"} | GAME_REQUEST,
    "pieces": {"--all", "--format", "--paper", "--diameter", "--gutter", "--dpi",
               "--output"} | GAME_REQUEST,
    "setup": {"--all", "--layout", "--format", "--dpi", "--output"} | GAME_REQUEST,
    "booklet": {"--all", "--page-size", "--impose", "--format", "--layouts",
                "--output"} | GAME_REQUEST,
    "laser": {"--all", "--sheet", "--kerf", "--profile", "--format", "--material", "--parts",
              "--no-reference", "--tabs", "--option", "--size", "--joints", "--output"},
    "print-and-play": {"--all", "--format", "--paper", "--output"} | GAME_REQUEST,
    "export": {"--output"},
    "serve": {"--host", "--port", "--game-files", "--no-browser", "--allow-host"},
    "play": {"--players", "--games", "--seed", "--max-plies", "--kernel", "--layout", "--option",
             "--output"},
    "balance": {"--option", "--variants", "--levels", "--games", "--ci", "--seed", "--max-plies",
                "--kernel", "--jobs", "--scheduler", "--output"},
    "completion": set(),
}
USAGE = {"board": "[GAME]", "pieces": "[GAME]", "setup": "[GAME]", "booklet": "[GAME]",
         "laser": "[GAME]", "print-and-play": "[GAME]", "kit": "[GAME]...", "export": "GAME",
         "validate": "PATHS...", "play": "GAME", "balance": "GAME",
         "completion": "{bash|zsh|fish}"}
FORMATS = {"board": "[pdf|svg|png|json]  [default: pdf]", "pieces": "[pdf|svg|png|json]",
           "setup": "[pdf|svg|png]  [default: pdf]", "booklet": "[pdf]  [default: pdf]",
           "laser": "[svg|dxf|lbrn2]", "print-and-play": "[pdf]  [default: pdf]"}


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
    assert ("--theme [colour|mono]" in text) == (command != "laser")
    assert "[default: colour]" in re.sub(r"\s+", " ", text) or command == "laser"
    assert re.search(r"-o, --output DIRECTORY\s+Folder to write into.\s+\[default: output\]", text)
