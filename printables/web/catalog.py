"""Which games the web page offers, and the one function that finds a game by name.

The seven built-in games, then the game files (printables.gamefile) in the folder given with
`serve --game-files DIR`. Rulings (ours): a request's game name is looked up only among these
names, never read as a path (unlike the CLI, where a GAME ending in .toml is a file); a
game file is read again when it changes, so a designer's edit shows on the next page load;
a bad game file in the folder stops `serve` at start-up with its one-line message.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from printables.errors import UsageError, did_you_mean
from printables.gamefile import is_game_file, load_game_file
from printables.games import GAMES, GameSpec


def game_files(games_dir: str | None) -> dict[str, Path]:
    """Game name -> game file, for the game files (.toml with a [game] table) in games_dir."""
    if games_dir is None:
        return {}
    found: dict[str, Path] = {}
    for path in sorted(Path(games_dir).glob("*.toml")):
        if path.is_file() and is_game_file(path):
            found[load_game_file(path).name] = path
    return found


def game_names(games_dir: str | None = None) -> list[str]:
    """The names the page lists: the registry's order, then the game files by file name."""
    return [*GAMES, *game_files(games_dir)]


def find_game(name: str, games_dir: str | None = None) -> GameSpec:
    """The game called name (a UsageError with a 'did you mean' hint when there is none)."""
    if name in GAMES:
        return GAMES[name]
    files = game_files(games_dir)
    if name in files:  # source: the path as this folder names it (the CLI line shows it)
        return replace(load_game_file(files[name]), source=files[name])
    raise UsageError(f"unknown game {name!r}; {did_you_mean(name, game_names(games_dir))}",
                     input=name)


def game_arg(game: GameSpec) -> str:
    """How the CLI names the game: its name, or the path of its game file."""
    return str(game.source) if game.source is not None else game.name


def revision(game: GameSpec) -> tuple:
    """Changes when a game's file changes (a built-in game never does), for caches."""
    if game.source is None:
        return ()
    st = Path(game.source).stat()
    return (st.st_mtime_ns, st.st_size)


def check_games_dir(games_dir: str | None) -> str | None:
    """The --game-files folder, with every game file in it read once (a bad one fails here, and
    so does a folder without any)."""
    if games_dir is None:
        return None
    if not Path(games_dir).is_dir():
        raise UsageError(f"--game-files {games_dir!r} is not a folder", input=str(games_dir))
    if not game_files(games_dir):
        raise UsageError(f"--game-files {games_dir!r} holds no game file (*.toml with a [game] "
                         "table); see the README section 'Your own game'", input=str(games_dir))
    return str(games_dir)
