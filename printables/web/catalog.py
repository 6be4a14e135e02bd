"""Which games the web page offers, and the one function that finds a game by name.

Ruling (ours): the page offers the built-in registry. `--games DIR` is accepted only where
the game-file reader (`printables.gamefile`) exists; `find_game` is the single place that
would switch to its resolver.
"""

from __future__ import annotations

from pathlib import Path

from printables.games import GAMES, GameSpec, get_game


def game_names(games_dir: str | None = None) -> list[str]:
    """The names the page lists, in the registry's order."""
    return list(GAMES)


def find_game(name: str, games_dir: str | None = None) -> GameSpec:
    """The game called name (a UsageError with a 'did you mean' hint when there is none)."""
    return get_game(name)


def check_games_dir(games_dir: str | None) -> str | None:
    """The --games folder as a string, checked once at start-up."""
    if games_dir is None:
        return None
    from printables.errors import UsageError
    raise UsageError(f"--games {games_dir!r}: game files need printables.gamefile, which this "
                     "version does not have yet; leave out --games for the seven games",
                     input=str(Path(games_dir)))
