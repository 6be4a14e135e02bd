"""The games: the built-in ones in an explicit dict, plus games registered at run time
(game files, see printables.gamefile), all found by name through get_game.

Rulings: a registered game may not take a built-in game's name; registering a name again
replaces the earlier game of that name (a game file that was edited and read again). Where
a game name is taken, a path ending in .toml names a game file instead: get_game hands it
to the game-file loader that printables.gamefile sets with set_file_loader when imported
(this module never imports the game-file reader, which sits above it).

Plugin games (entry points of the group 'printables.games', name -> a GameSpec) are loaded
on first use and then stand beside the built-in games: in `list`, in every `--all`, by
name. Ruling (ours): a plugin that fails to load never breaks the built-in games; it is
kept in BROKEN with a one-line reason, which `list` reports and naming it raises.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points
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


#: Plugin games that loaded, by name (filled on first use, see plugins()).
PLUGINS: dict[str, GameSpec] = {}
#: Plugin games that failed to load: entry-point name -> why, one line.
BROKEN: dict[str, str] = {}
_PLUGINS_READ: list[bool] = []


def plugins() -> dict[str, GameSpec]:
    """Games other packages declare in the entry-point group 'printables.games', loaded on
    the first call (by name, so the order does not depend on the installation); one that
    fails to load goes to BROKEN instead."""
    if not _PLUGINS_READ:
        _PLUGINS_READ.append(True)
        for ep in sorted(entry_points(group="printables.games"), key=lambda e: e.name):
            game, problem = _load_plugin(ep)
            if game is not None:
                PLUGINS[ep.name] = game
            elif problem is not None:
                BROKEN[ep.name] = problem
    return dict(PLUGINS)


def _load_plugin(ep: EntryPoint) -> tuple[GameSpec | None, str | None]:
    """The GameSpec an entry point names, or why it cannot be a game (None for a name an
    earlier entry point took)."""
    where = f"{ep.dist.name} {ep.dist.version}" if ep.dist is not None else ep.value
    if ep.name in GAMES:
        return None, f"the plugin from {where} takes the name of a built-in game"
    if ep.name in PLUGINS or ep.name in BROKEN:
        return None, None
    try:
        game = ep.load()
    except Exception as e:  # a broken plugin must not break the built-in games
        first = (str(e).strip().splitlines() or [""])[0]
        reason = f"{type(e).__name__}: {first}" if first else type(e).__name__
        return None, f"the plugin from {where} failed to load ({ep.value}): {reason}"
    if not isinstance(game, GameSpec):
        return None, f"the plugin from {where} names {ep.value}, a " \
                     f"{type(game).__name__}, not a GameSpec"
    if game.name != ep.name:
        return None, f"the plugin from {where} names a game called {game.name!r}, not " \
                     f"{ep.name!r}"
    return game, None


def installed_games() -> dict[str, GameSpec]:
    """The games `list` shows and `--all` makes: the built-in ones, then the plugin games
    that loaded (game files read this run are not among them)."""
    return {**GAMES, **plugins()}


def all_games() -> dict[str, GameSpec]:
    """Built-in games, then plugin games loaded so far, then registered ones, by name."""
    return {**GAMES, **PLUGINS, **REGISTERED}


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
        games = {**games, **plugins(), **REGISTERED}
    if key in games:
        return games[key]
    if key in BROKEN:
        raise UsageError(f"game {key!r}: {BROKEN[key]}", input=str(name))
    raise UsageError(f"unknown game {name!r}; {did_you_mean(key, list(games))} "
                     "(or a game file such as my-game.toml)", input=str(name))


__all__ = ["BROKEN", "GAMES", "PLUGINS", "REGISTERED", "all_games", "get_game",
           "installed_games", "is_game_path", "plugins", "register", "set_file_loader",
           "Component", "Engine", "GameSpec", "Move", "Outcome", "Piece", "Position", "Rules",
           "first_problem", "plain_notation"]
