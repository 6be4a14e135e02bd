"""The games: the seven built-in ones in an explicit dict, plus games registered at run time
(game files, see printables.gamefile), all found by name through get_game.

Rulings: a registered game may not take a built-in game's name; registering a name again
replaces the earlier game of that name (a game file that was edited and read again). Where
a game name is taken, a path ending in .toml names a game file instead: get_game hands it
to the game-file loader that printables.gamefile sets with set_file_loader when imported
(this module never imports the game-file reader, which sits above it).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points
from pathlib import Path

from printables.errors import UsageError, did_you_mean
from printables.games import chameleons, dag_en_nacht, danadazo, dugi, evl, network, rosenkreuz
from printables.games.model import (
    Component,
    Engine,
    GameSpec,
    Move,
    Outcome,
    Piece,
    Position,
    Rules,
    first_problem,
    plain_notation,
)

GAMES: dict[str, GameSpec] = {
    "rosenkreuz": rosenkreuz.GAME,
    "chameleons": chameleons.GAME,
    "evl": evl.GAME,
    "dag-en-nacht": dag_en_nacht.GAME,
    "danadazo": danadazo.GAME,
    "dugi": dugi.GAME,
    "network": network.GAME,
}

#: Games registered at run time (game files), by name.
REGISTERED: dict[str, GameSpec] = {}

#: Reads a game file's path into a registered GameSpec (set by printables.gamefile).
_FILE_LOADER: list[Callable[[Path], GameSpec]] = []


def set_file_loader(loader: Callable[[Path], GameSpec]) -> None:
    """Make get_game read a path ending in .toml with loader (the game-file reader)."""
    _FILE_LOADER[:] = [loader]


def register(game: GameSpec) -> GameSpec:
    """Make a game findable by name; a UsageError if the name is a built-in game's."""
    if game.name in GAMES and GAMES[game.name] is not game:
        raise UsageError(f"game name {game.name!r} is a built-in game; give the game file "
                         f"another name ([game] name = \"my-{game.name}\")", input=game.name)
    REGISTERED[game.name] = game
    return game


def _plugins() -> dict[str, GameSpec]:
    """Games other packages declare in the entry-point group 'printables.games' (name ->
    a GameSpec), registered on first use; one that fails to load is left out."""
    for ep in entry_points(group="printables.games"):
        if ep.name not in REGISTERED and ep.name not in GAMES:
            try:
                game = ep.load()
            except Exception:  # a broken plugin must not break the built-in games
                continue
            if isinstance(game, GameSpec) and game.name == ep.name:
                REGISTERED[game.name] = game
    return REGISTERED


def all_games() -> dict[str, GameSpec]:
    """Built-in games, then registered ones, by name."""
    return {**GAMES, **REGISTERED}


def is_game_path(name: str) -> bool:
    """True when a game argument names a game file rather than a registered game.

    >>> is_game_path("my-game.toml"), is_game_path("dugi")
    (True, False)
    """
    return str(name).strip().lower().endswith(".toml")


def get_game(name: str, base: str | Path | None = None) -> GameSpec:
    """The game registered under name, or the game file at path name (relative to base,
    default the current folder), or a UsageError with a 'did you mean' hint.

    >>> get_game("dugi").designer
    'Andrew Dubber'
    """
    if is_game_path(name):
        if not _FILE_LOADER:
            raise UsageError(f"{name!r} is a game file, and no game-file reader is loaded "
                             "(import printables.gamefile first)", input=str(name))
        path = Path(name) if base is None else Path(base) / name
        return _FILE_LOADER[0](path)
    key = str(name).strip().lower()
    games = all_games()
    if key not in games:
        games = {**games, **_plugins()}
    if key in games:
        return games[key]
    raise UsageError(f"unknown game {name!r}; {did_you_mean(key, list(games))} "
                     "(or a game file such as my-game.toml)", input=str(name))


__all__ = ["GAMES", "REGISTERED", "all_games", "get_game", "is_game_path", "register",
           "set_file_loader",
           "Component", "Engine", "GameSpec", "Move", "Outcome", "Piece", "Position", "Rules",
           "first_problem", "plain_notation"]
