"""One grammar for every command: an option name means one thing everywhere, choices are
typed (listed in --help, offered by completion, each one accepted), old spellings still
work for a release with a note, `printables` alone prints the help, and the completion
scripts complete commands, game names and values."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import click
import pytest
from click.shell_completion import ShellComplete

from printables.cli import cli as group
from printables.cli_grammar import COMPLETE_VAR, GameType, game_names
from printables.errors import EXTRAS, install_hint
from printables.games import GAMES
from printables.play.balance import KERNELS
from printables.products.booklet.pages import PAGES, SHEETS
from printables.products.laser.materials import MATERIALS
from printables.products.laser.request import JOINTS, PROFILES
from printables.render import RENDERERS
from printables.render.theme import THEMES
from printables.units import PAPERS

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Meaning:
    """What an option name means, in every command that has it: in words, its kind of
    value (flag, choice, file, folder, number, or text with its metavar), the names a
    choice takes them from, and whether its default must be the same everywhere."""

    words: str
    kind: str
    names: frozenset[str] = frozenset()
    same_default: bool = True


def _lower(names) -> frozenset[str]:
    return frozenset(str(n).lower() for n in names)


#: Option name -> its one meaning. A new option gets a row here (the test says so).
MEANINGS = {
    "--all": Meaning("every game", "flag"),
    "--format": Meaning("the file format the command writes (its first is its default)",
                        "choice", _lower([*RENDERERS, "json"]), same_default=False),
    "--option": Meaning("a game option KEY=VALUE, repeatable", "text KEY=VALUE"),
    "--size": Meaning("the board's size: a length, or squares per side", "text SIZE"),
    "--theme": Meaning("the colour theme", "choice", _lower(THEMES)),
    "--dpi": Meaning("PNG resolution", "text N"),
    "--paper": Meaning("the paper you print on (a command offers the ones it lays out "
                       "for; board: none means one page of the board's size)", "choice",
                       _lower(PAPERS), same_default=False),
    "--output": Meaning("where the command writes: its folder, or the one file export and "
                        "play write", "folder|file", same_default=False),
    "--layout": Meaning("a position file", "file"),
    "--layouts": Meaning("a folder of position files", "folder"),
    "--diameter": Meaning("the largest piece's diameter", "text LENGTH"),
    "--gutter": Meaning("the waste strip between cut cells", "text LENGTH"),
    "--page-size": Meaning("the booklet's page size", "choice", _lower(PAGES)),
    "--impose": Meaning("the sheet a booklet is imposed on, 2-up", "choice", _lower(SHEETS)),
    "--sheet": Meaning("the laser's sheet of material", "text WxH"),
    "--kerf": Meaning("the width the laser burns away", "text MM"),
    "--tabs": Meaning("holding tabs on small laser pieces", "text MM"),
    "--profile": Meaning("laser layer colours", "choice", _lower(PROFILES)),
    "--material": Meaning("a LightBurn settings preset", "choice", _lower(MATERIALS)),
    "--parts": Meaning("which laser parts to make", "choice",
                       frozenset({"board,pieces", "board", "pieces"})),
    "--no-reference": Meaning("leave out the 100 mm reference", "flag"),
    "--joints": Meaning("how split laser parts line up", "choice", _lower(JOINTS)),
    "--jobs": Meaning("how many processes work at once (default: the cores)", "text N"),
    "--no-cache": Meaning("build every file again", "flag"),
    "--watch": Meaning("rebuild on every save", "flag"),
    "--host": Meaning("the address serve listens on", "text None"),
    "--port": Meaning("the port serve listens on", "number"),
    "--game-files": Meaning("a folder of game files serve offers", "folder"),
    "--no-browser": Meaning("do not open a browser", "flag"),
    "--allow-host": Meaning("another host name serve answers to", "text NAME"),
    "--variants": Meaning("option sets played side by side", "text 'K=V,..;K=V,..'"),
    "--levels": Meaning("balance's skill levels, weakest first", "text LEVEL,.."),
    "--players": Meaning("play's players, one per side", "text PLAYER,PLAYER"),
    "--games": Meaning("how many games (play: in all; balance: per pairing)", "text N",
                       same_default=False),
    "--ci": Meaning("play until the interval is this narrow", "text H"),
    "--seed": Meaning("the seed: same seed, same games", "text N"),
    "--max-plies": Meaning("the ply cap of a game", "text N", same_default=False),
    "--kernel": Meaning("the playout kernel", "choice", frozenset(KERNELS)),
    "--scheduler": Meaning("a Dask scheduler's address", "text tcp://HOST:PORT"),
    "--explain": Meaning("list each generated sentence with the rule keys it says", "flag"),
}


def kind(param: click.Option) -> str:
    """The kind of value an option takes, as MEANINGS writes it."""
    if param.is_flag:
        return "flag"
    if isinstance(param.type, click.Path):
        return "folder" if not param.type.file_okay else "file"
    if isinstance(param.type, click.Choice):
        return "choice"
    if isinstance(param.type, click.types.IntParamType):
        return "number"
    return f"text {param.metavar}"


def options() -> list[tuple[str, str, click.Option]]:
    """(command, long option name, option) for every visible option of every command."""
    return [(name, next(o for o in p.opts if o.startswith("--")), p)
            for name, command in group.commands.items() for p in command.params
            if isinstance(p, click.Option) and not p.hidden]


def test_every_option_name_has_one_meaning():
    table: dict[str, dict[str, tuple]] = {}
    for command, name, param in options():
        assert name in MEANINGS, f"{command} {name}: add its meaning to MEANINGS"
        meaning = MEANINGS[name]
        names = frozenset(str(c).lower() for c in getattr(param.type, "choices", ()))
        default = None if param.default is getattr(click.core, "UNSET", None) else param.default
        table.setdefault(name, {})[command] = (kind(param), names, default)
        assert kind(param) in meaning.kind.split("|"), (command, name, kind(param))
        assert names <= meaning.names, (command, name, sorted(names - meaning.names))
    for name, uses in table.items():
        if MEANINGS[name].same_default:
            assert len({repr(d) for _, _, d in uses.values()}) == 1, (name, uses)
    assert set(table) == set(MEANINGS), set(MEANINGS) - set(table)


def test_the_output_is_minus_o_on_every_command_that_writes():
    writers = {"board", "setup", "pieces", "booklet", "laser", "print-and-play", "kit",
               "export", "balance", "play"}
    for name in writers:
        opts = [o for p in group.commands[name].params if isinstance(p, click.Option)
                and not p.hidden for o in p.opts]
        assert {"-o", "--output"} <= set(opts), name


def test_commands_that_take_several_games_take_all_and_dash_dash_all():
    for name, command in group.commands.items():
        games = [p for p in command.params if isinstance(p, click.Argument)
                 and p.name in ("game", "games")]
        if not games:
            continue
        several = games[0].type.with_all if isinstance(games[0].type, GameType) else None
        flags = {o for p in command.params for o in p.opts}
        assert several is not None, f"{name}: GAME is not typed"
        assert ("--all" in flags) == several, name


def test_every_listed_choice_is_accepted(capsys, tmp_path):
    """What --help lists as valid, the command takes (kit --paper once listed A5, then
    refused it); each check reads the value only (no file is built)."""
    for command, name, param in options():
        for value in getattr(param.type, "choices", ()):
            assert param.type.convert(value, param, None) == value, (command, name, value)


@pytest.mark.parametrize("args,expect", [
    (["kit", "dugi", "--paper", "A44"], "unknown paper 'A44'; valid: A4, Letter, A3"),
    (["kit", "dugi", "--paper", "A5"], "kit paper 'A5' is not supported; valid: A4, Letter, A3"),
    (["print-and-play", "dugi", "--paper", "Legal"], "valid: A4, Letter, A3"),
    (["board", "dugi", "--paper", "B5"], "unknown paper 'B5'; valid: A5, A4, A3, Letter"),
    (["booklet", "dugi", "--page-size", "B5"], "valid: A5, A4, letter, half-letter"),
    (["laser", "dugi", "--material", "oak"], "valid: 3mm-plywood, 3mm-acrylic, 2mm-card"),
    (["board", "dugi", "--format", "gif"], "valid: pdf, svg, png, json"),
    (["kit", "--all", "dugi"], "give GAME... or --all, not both"),
    (["kit"], "missing GAME"),
    (["play", "all"], "printables play takes one game, not all; valid: rosenkreuz, "),
    (["export", "ALL"], "printables export takes one game, not all"),
])
def test_a_bad_choice_is_one_line_naming_what_is_valid(cli, tmp_path, args, expect):
    code, out, err = cli(*args, "-o", tmp_path / "out")
    assert code == 2 and err.count("\n") == 1 and expect in err, err
    assert not (tmp_path / "out").exists()


def test_help_lists_the_choices(cli):
    for command, listed in [("board", "[pdf|svg|png|json]"), ("kit", "[A4|Letter|A3]"),
                            ("laser", "[3mm-plywood|3mm-acrylic|2mm-card]"),
                            ("laser", "[default|boxes|lightburn]"),
                            ("play", "[numba|fast|reference]"),
                            ("booklet", "[A5|A4|letter|half-letter]"),
                            ("kit", "[colour|mono]")]:
        assert listed in cli(command, "--help")[1], (command, listed)
    assert ", ".join(GAMES) in " ".join(cli("board", "--help")[1].split())


def test_printables_alone_prints_the_help(cli):
    code, out, err = cli()
    assert code == 0 and err == ""
    assert out == cli("--help")[1]
    assert out.startswith("Usage: printables") and "Commands:" in out


# ---- old spellings -----------------------------------------------------------------------

@pytest.mark.slow  # every old spelling in its own process
def test_old_spellings_still_work_with_a_note(cli, tmp_path):
    code, out, err = cli("export", "network", "--to", tmp_path / "n.toml")
    assert code == 0 and (tmp_path / "n.toml").is_file() and (tmp_path / "n.md").is_file()
    assert err == "printables: note: printables export --to is now -o/--output; the old " \
                  "spelling goes in the next release\n"
    code, out, err = cli("play", "rosenkreuz", "--games", "3", "--json", tmp_path / "p.json")
    assert code == 0 and (tmp_path / "p.json").is_file()
    assert "play --json is now -o/--output" in err
    code, out, err = cli("balance", "chameleons", "--games", "4", "--players", "random",
                         "--workers", "1", "--kernel", "fast", "-o", tmp_path / "b")
    assert code == 0 and (tmp_path / "b" / "balance.json").is_file()
    assert "balance --players is now --levels" in err and "balance --workers is now --jobs" in err


def test_an_old_booklet_paper_is_the_page_size(cli, tmp_path):
    code, out, err = cli("booklet", "rosenkreuz", "--paper", "A4", "-o", tmp_path)
    assert code == 0 and err.startswith("printables: note: printables booklet --paper is now "
                                        "--page-size")
    assert out.strip().endswith("rosenkreuz-booklet-a4.pdf")


def test_an_old_serve_games_folder_is_the_game_files(cli, tmp_path, monkeypatch):
    import printables.web
    seen = {}
    monkeypatch.setattr(printables.web, "serve", lambda host, port, folder, **kw:
                        seen.update(folder=folder))
    code, _, err = cli("serve", "--games", ROOT / "examples", "--no-browser")
    assert code == 0 and seen["folder"] == str(ROOT / "examples")
    assert "serve --games is now --game-files" in err


def test_old_and_new_spelling_together_is_an_error(cli, tmp_path):
    code, _, err = cli("balance", "chameleons", "--levels", "random", "--players", "random",
                       "-o", tmp_path / "b")
    assert code == 2 and "--players and --levels are the same option" in err
    assert not (tmp_path / "b").exists()


def test_hidden_options_are_exactly_the_old_spellings():
    hidden = sorted((name, p.opts[0]) for name, c in group.commands.items() for p in c.params
                    if isinstance(p, click.Option) and p.hidden)
    assert hidden == [("balance", "--players"), ("balance", "--workers"),
                      ("booklet", "--paper"), ("export", "--to"), ("play", "--json"),
                      ("serve", "--games")]


# ---- completion --------------------------------------------------------------------------

def completions(args: list[str], incomplete: str) -> list[str]:
    """What completion offers after `printables ARGS` for the word being typed."""
    comp = ShellComplete(group, {}, "printables", COMPLETE_VAR)
    return [item.value for item in comp.get_completions(args, incomplete)
            if item.type == "plain"]


def test_completion_offers_commands_games_and_choices():
    assert completions([], "bo") == ["board", "booklet"]
    # the games a GAME takes: built-in, declared by plugins, and read this run (a test
    # before this one may have read game files)
    offered = completions(["board"], "d")
    assert offered == [n for n in game_names() if n.startswith("d")]
    assert {"dag-en-nacht", "danadazo", "dugi"} <= set(offered)
    assert completions(["kit", "dugi"], "") == game_names(with_all=True)
    assert completions(["play"], "") == game_names()  # one game: no 'all'
    assert set(GAMES) <= set(game_names())
    assert completions(["kit", "--paper"], "l") == ["Letter"]
    assert completions(["board", "dugi", "--format"], "") == ["pdf", "svg", "png", "json"]
    assert completions(["laser", "dugi", "--material"], "3") == ["3mm-plywood", "3mm-acrylic"]
    assert completions(["booklet", "dugi", "--theme"], "") == ["colour", "mono"]
    assert completions(["play", "dugi", "--kernel"], "f") == ["fast"]


@pytest.fixture
def on_path(tmp_path):
    """A `printables` on PATH that runs this checkout (as the completion scripts call it)."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    script = bindir / "printables"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m printables "$@"\n')
    script.chmod(0o755)
    return {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}",
            "PYTHONPATH": str(ROOT)}


def _bash_completes(script: str, words: list[str], env: dict[str, str]) -> list[str]:
    """COMPREPLY after bash sources script and completes the last of words."""
    line = " ".join(words)
    program = (f'source /dev/stdin <<\'END\'\n{script}\nEND\n'
               f'COMP_WORDS=({line}); COMP_CWORD={len(words) - 1}\n'
               '_printables_completion printables\nprintf "%s\\n" "${COMPREPLY[@]}"\n')
    done = subprocess.run(["bash", "--norc", "--noprofile", "-c", program], env=env,
                          capture_output=True, text=True, timeout=120)
    return done.stdout.split()


@pytest.mark.skipif(not Path("/bin/bash").exists() and not Path("/usr/bin/bash").exists(),
                    reason="bash is not installed")
def test_the_bash_script_completes_a_command_and_a_game(cli, on_path):
    code, script, _ = cli("completion", "bash")
    assert code == 0 and "complete -o nosort -F _printables_completion printables" in script
    assert _bash_completes(script, ["printables", "boo"], on_path) == ["booklet"]
    assert _bash_completes(script, ["printables", "kit", "dag"], on_path) == ["dag-en-nacht"]
    assert _bash_completes(script, ["printables", "pieces", "dugi", "--paper", "Le"],
                           on_path) == ["Letter", "Legal"]


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_the_zsh_and_fish_scripts_ask_what_printables_answers(cli, on_path, shell):
    """zsh and fish are not installed here: the script must call printables with its
    shell's instruction, and printables must answer that instruction with the names."""
    code, script, _ = cli("completion", shell)
    assert code == 0 and f"{COMPLETE_VAR}={shell}_complete" in script
    # zsh passes the words and the index of the one typed; fish the line and that word
    words = "printables board ro" if shell == "zsh" else "printables board "
    env = {**on_path, COMPLETE_VAR: f"{shell}_complete", "COMP_WORDS": words,
           "COMP_CWORD": "2" if shell == "zsh" else "ro"}
    done = subprocess.run(["printables"], env=env, capture_output=True, text=True, timeout=120)
    answer = done.stdout.splitlines()
    # zsh reads type, value, help in threes; fish reads "type,value" lines
    plain = ([answer[i + 1] for i in range(0, len(answer), 3) if answer[i] == "plain"]
             if shell == "zsh" else [a[6:] for a in answer if a.startswith("plain,")])
    assert done.returncode == 0 and plain == ["rosenkreuz"], done.stdout


# ---- the missing-extra hints -------------------------------------------------------------

def test_the_extras_hints_name_every_package_of_each_extra():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for extra, packages in EXTRAS.items():
        wanted = [req.split(">")[0].split("=")[0].split("[")[0].strip()
                  for req in project["optional-dependencies"][extra]]
        assert list(packages) == wanted, extra
        assert install_hint(extra) == (f'pip install "printables[{extra}]" (with pipx: pipx '
                                       f'inject printables {" ".join(wanted)})')


@pytest.mark.parametrize("module,args,extra", [
    ("printables.web", ["serve", "--no-browser"], "web"),
    ("ezdxf", ["laser", "dugi", "--format", "dxf"], "dxf"),
    ("numba", ["play", "rosenkreuz", "--kernel", "numba", "--games", "1"], "play"),
    ("distributed", ["balance", "rosenkreuz", "--games", "1", "--scheduler",
                     "tcp://127.0.0.1:9"], "balance"),
])
def test_a_missing_extra_says_pip_and_pipx(cli, monkeypatch, tmp_path, module, args, extra):
    monkeypatch.setitem(sys.modules, module, None)
    code, _, err = cli(*args, *(["-o", tmp_path / "o"] if args[0] != "serve" else []))
    assert code == 2 and err.count("\n") == 1, err
    assert install_hint(extra) in err
