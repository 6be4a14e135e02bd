"""The grammar every printables command shares: typed values, renamed options, completion.

- `GameType`: a GAME argument (a game's name, `all` where a command takes several, or a
  game file); `--help` lists the names and shell completion offers them and files.
- `TableChoice`: a choice (paper, format, theme, profile, material...) that `--help` lists
  and completion offers, and that is checked by the product table's own parser, so a bad
  value gets the same one-line message on the command line as on the web page.
- `Command` and `renamed`: an old spelling of an option stays for one release as a hidden
  alias; using it prints a one-line note naming the new spelling.
- `completion_script`: click's completion script for bash, zsh or fish.
- The options several commands share, declared once: -o/--output, the game request
  (--option, --size, --theme), --seed, --kernel, and one option per field of a product's
  request (typed from the field: its choices, or a file or folder).

Rulings (ours): an option name has one meaning in every command (tests/test_cli_grammar.py
holds the table); a game argument offers the game names when they match what was typed,
else the shell's own file completion (a game file is any path ending in .toml).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

import click
from click.core import ParameterSource
from click.shell_completion import CompletionItem, get_completion_class

from printables.errors import UsageError
from printables.games import GAMES, all_games, is_game_path
from printables.loading import load
from printables.products.registry import theme_names
from printables.products.requests import Field
from printables.render.theme import DEFAULT_THEME, get_theme

#: Where a renamed option's value waits (in the context's meta) until the command runs.
_RENAMED = "printables.renamed"
#: The game-file reader (printables.loading): loaded when a GAME argument is a file, so a
#: command on a built-in game loads none of it (importing it lets games.get_game read files).
GAME_FILES = "printables.gamefile:load_game_file"
#: The playout kernels --kernel takes, loaded when --kernel is read, listed or completed.
KERNELS = "printables.play.balance:KERNELS"
#: The environment variable click's completion scripts set when they ask for completions.
COMPLETE_VAR = "_PRINTABLES_COMPLETE"
#: The shells `printables completion` writes a script for.
SHELLS = ("bash", "zsh", "fish")
#: What click.option and the helpers below return: a decorator of a command's function.
Decorator = Callable[[Any], Any]

# The value types click's ParamType and Choice are generic in (click 8.4 and later); an older
# click, which the dependency allows, cannot subscript them at run time.
if TYPE_CHECKING:
    _TextType = click.ParamType[str]
    _TextChoice = click.Choice[str]
else:
    _TextType, _TextChoice = click.ParamType, click.Choice


@functools.cache
def plugin_names() -> tuple[str, ...]:
    """The games other packages declare (entry points, by name), read once per run: every
    command's help names them, and reading the installed packages' metadata takes time."""
    return tuple(ep.name for ep in entry_points(group="printables.games"))


def game_names(with_all: bool = False) -> list[str]:
    """The names a GAME argument takes: the built-in games, games other packages declare
    (entry points, by name: nothing is loaded), games read this run, and `all`."""
    names = list(GAMES)
    names += [n for n in plugin_names() if n not in names]
    names += [n for n in all_games() if n not in names]
    return names + (["all"] if with_all else [])


def games_help(with_all: bool) -> str:
    """The sentence a command's help gives about its GAME argument."""
    several = " (several: give each; all or --all: every installed game)" if with_all else ""
    return (f"GAME: {', '.join(game_names())}{several}, or a game file (FILE.toml).")


class GameType(_TextType):
    """A game: its name (read later by games.get_game, which also reads game files), and
    `all` where the command takes several games."""

    name = "game"

    def __init__(self, with_all: bool = False) -> None:
        self.with_all = with_all

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> str:
        """The text as given: get_game reads it (one message for an unknown game); `all` where
        the command takes one game is refused here, naming the command."""
        text = str(value)
        if not self.with_all and text.strip().lower() == "all":
            command = ctx.command_path if ctx is not None else "this command"
            raise UsageError(f"{command} takes one game, not all; valid: "
                             f"{', '.join(game_names())} or a game file (FILE.toml)", input=text)
        if is_game_path(text):
            load(GAME_FILES)
        return text

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str
                       ) -> list[CompletionItem]:
        """Matching game names; the shell completes file names where none matches."""
        key = incomplete.lower()
        names = [CompletionItem(n) for n in game_names(self.with_all) if n.startswith(key)]
        return [CompletionItem(incomplete, type="file"), *names]


class TableChoice(_TextChoice):
    """One of a list of names (any letter case), read by a parser of the product table (its
    message for a bad value); `--help` lists the names as the table spells them and
    completion offers them. A value the parser takes but the list does not spell (e.g.
    laser parts "pieces,board") is kept as given."""

    def __init__(self, choices: Sequence[str], parse: Callable[[str], object]) -> None:
        super().__init__(list(choices))  # case: ours (click would list the names lowered)
        self.parse = parse

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> Any:
        """The table's spelling of value, after the table's parser accepted it."""
        self.parse(str(value))
        key = str(value).strip().lower()
        return next((c for c in self.choices if str(c).lower() == key), value)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str
                       ) -> list[CompletionItem]:
        """The names that start with what was typed, in any letter case."""
        key = incomplete.lower()
        return [CompletionItem(c) for c in map(str, self.choices) if c.lower().startswith(key)]


class LoadedChoice(_TextChoice):
    """A choice whose names a table elsewhere holds (a "module:attribute" name), loaded on
    first use (printables.loading): when the option is read, listed by --help or completed,
    not when the command line starts."""

    def __init__(self, names: str) -> None:
        super().__init__(())
        self.names = names

    @property  # type: ignore[override]
    def choices(self) -> Sequence[str]:
        """The table's names."""
        return tuple(load(self.names))

    @choices.setter
    def choices(self, value: Sequence[str]) -> None:
        """click sets the choices in __init__; the table holds them."""


def renamed(old: str, dest: str, new: str, **kwargs: Any) -> Decorator:
    """A hidden option `old`, the spelling of the option `new` (parameter dest) until this
    release: its value goes to dest, and the command prints a note naming `new`."""
    def keep(ctx: click.Context, param: click.Parameter, value: Any) -> None:
        if ctx.get_parameter_source(param.name or "") is ParameterSource.COMMANDLINE:
            ctx.meta.setdefault(_RENAMED, []).append((old, dest, new, value))
    name = "renamed_" + old.lstrip("-").replace("-", "_")
    return click.option(old, name, hidden=True, expose_value=False, callback=keep, **kwargs)


class Command(click.Command):
    """A printables command: a renamed option's value reaches the new one, with a note; with
    games=True or False its help ends with the names its GAME takes (games_help), found when
    the help is shown, not each time the command line starts."""

    def __init__(self, *args: Any, games: bool | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.games = games

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The epilog, with the GAME names where the command takes a game."""
        if self.games is not None and not self.epilog:
            self.epilog = games_help(self.games)
        super().format_epilog(ctx, formatter)

    def invoke(self, ctx: click.Context) -> Any:
        """Move the values of old spellings to their options, then run the command."""
        for old, dest, new, value in ctx.meta.pop(_RENAMED, []):
            if ctx.get_parameter_source(dest) is ParameterSource.COMMANDLINE:
                raise UsageError(f"{old} and {new} are the same option; give {new} only")
            click.echo(f"printables: note: {ctx.command_path} {old} is now {new}; the old "
                       "spelling goes in the next release", err=True)
            ctx.params[dest] = value
        return super().invoke(ctx)


def completion_script(group: click.Command, shell: str) -> str:
    """The script that makes `shell` complete printables' commands, options and values."""
    complete = get_completion_class(shell)
    if complete is None:  # click.Choice(SHELLS) lets only known shells through
        raise UsageError(f"no completion for {shell!r}; valid: {', '.join(SHELLS)}")
    return complete(group, {}, "printables", COMPLETE_VAR).source()


# ---- the options commands share, declared once ----------------------------------------

SIZE_HELP = ("Board size: a length such as 175, 17.5cm or 7in (the playing area's width; "
             "Dugi: its diameter). For dag-en-nacht and network a whole number up to 25 is "
             "the number of squares per side (dag-en-nacht 11..19 odd, network 8, 10, 12).")
OPTION_HELP = ("Game option, e.g. size=19 (dag-en-nacht), size=12 or pie=true (network), "
               "target=12 (evl).")


def output_option(default: str | None = "output", file: bool = False,
                  help: str = "Folder to write into.", dest: str = "output") -> Decorator:
    """-o/--output, where a command writes: a folder (products, kit, balance) or, for a
    command that writes one named file (export, play), that file."""
    kind = click.Path(dir_okay=False) if file else click.Path(file_okay=False)
    return click.option("--output", "-o", dest, default=default, show_default=default is not None,
                        type=kind, metavar="FILE" if file else "DIRECTORY", help=help)


OUTPUT = output_option()
THEME = click.option("--theme", default=DEFAULT_THEME, show_default=True,
                     type=TableChoice(theme_names(), get_theme),
                     help="colour, or mono (ink-saving).")
OPTIONS = click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
                       help=OPTION_HELP)
SIZE = click.option("--size", metavar="SIZE", help=SIZE_HELP)
SEED = click.option("--seed", default="1", show_default=True, metavar="N",
                    help="Same seed, same games.")
KERNEL = click.option("--kernel", "kernel_name", type=LoadedChoice(KERNELS),
                      help="Playout kernel: numba (compiled, the play extra; the default where "
                           "it is installed and applies), fast (pure Python; the default "
                           "otherwise) or reference (the rules engine).")


def game_request_options(theme: bool = True) -> Decorator:
    """--option, --size and (unless theme=False) --theme: the game request every product
    of a kit shares, declared once."""
    def decorate(f: Any) -> Any:
        for add in ([THEME] if theme else []) + [SIZE, OPTIONS]:
            f = add(f)
        return f
    return decorate


def field_type(fd: Field) -> click.ParamType[object] | None:
    """A field's click type: its choices (read by its own parser), or a path for FILE and
    DIRECTORY (so completion offers files or folders), else plain text."""
    if fd.choices is not None:
        return TableChoice([v for v, _ in fd.choices() if v], fd.read)
    if fd.metavar in ("FILE", "DIRECTORY"):
        return click.Path(dir_okay=fd.metavar == "DIRECTORY", file_okay=fd.metavar == "FILE")
    return None


def field_options(fields: Sequence[Field]) -> Decorator:
    """One click option per field of a product's request, typed by field_type; the field's
    own parser in the registry reads it (plus a hidden alias for a field's old spelling)."""
    def decorate(f: Any) -> Any:
        for fd in reversed(fields):
            if fd.is_flag:
                f = click.option(fd.cli, fd.name, is_flag=True, help=fd.help)(f)
            else:
                kind = field_type(fd)
                f = click.option(fd.cli, fd.name, default=fd.default or None, type=kind,
                                 metavar=None if isinstance(kind, click.Choice) else fd.metavar,
                                 show_default=bool(fd.default), help=fd.help)(f)
            if fd.old:
                f = renamed(fd.old, fd.name, fd.cli, type=field_type(fd))(f)
        return f
    return decorate
