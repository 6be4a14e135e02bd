"""Which games the web page offers, and the one function that finds a game by name.

Ruling (ours): the page offers the built-in registry, then, with `--games DIR`, every game
file in DIR (`*.toml` files with a [game] table, by file name), read once at start-up
so a bad one stops the server with one line; `find_game` is the single resolver.
"""

from __future__ import annotations

from pathlib import Path

from printables.games import GAMES, GameSpec, get_game


def _game_files(games_dir: str) -> dict[str, GameSpec]:
    """The game files of a folder, read (and registered), by game name."""
    from printables.gamefile import is_game_file, load_game_file
    games = [load_game_file(p) for p in sorted(Path(games_dir).glob("*.toml"))
             if is_game_file(p)]
    return {g.name: g for g in games}


def game_names(games_dir: str | None = None) -> list[str]:
    """The names the page lists: the registry's order, then the folder's game files."""
    return list(GAMES) + (list(_game_files(games_dir)) if games_dir else [])


def find_game(name: str, games_dir: str | None = None) -> GameSpec:
    """The game called name (a UsageError with a 'did you mean' hint when there is none)."""
    if games_dir and name not in GAMES:
        _game_files(games_dir)  # a worker process reads the folder's game files itself
    return get_game(name)


def check_games_dir(games_dir: str | None) -> str | None:
    """The --games folder as a string, its game files read once at start-up (a bad one
    raises its one-line LayoutError; a folder without any is a UsageError)."""
    if games_dir is None:
        return None
    if not _game_files(games_dir):
        from printables.errors import UsageError
        raise UsageError(f"--games {games_dir!r} holds no game file (*.toml with a [game] "
                         "table); see the README section 'Your own game'",
                         input=str(Path(games_dir)))
    return str(games_dir)
