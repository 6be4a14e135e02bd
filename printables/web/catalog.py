"""Which games the web page offers, and how a page and a worker find one.

Three kinds: the built-in and installed plugin games; the game files (printables.gamefile)
in the folder given with `serve --game-files DIR`, found by their game name; and game files
uploaded through the page (printables.web.uploads), found by their upload's key, NAME@ID.
Rulings (ours):

- A request's game is looked up only among these, never read as a path (unlike the CLI,
  where a GAME ending in .toml is a file); a game file is read again when it changes, so a
  designer's edit shows on the next page load.
- Every .toml file in the folder is a game file (it has a [game] table), a position file
  (TOML without one: left out), or a game file that cannot be offered: one that cannot be
  read or parsed, and two files that name the same game (`kit` refuses such a pair too).
  At start-up `serve` stops with the first such file's one line; while it runs, the page
  shows each one's line in the folder's chooser and on the page its name would have, and
  offers the other games.
- Uploaded games are not listed on the first page: the uploader is sent to the game's
  page, and its address is the way back.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol

from printables.errors import PrintablesError, UsageError, did_you_mean
from printables.gamefile import is_game_file, load_game_file
from printables.gamefile.reader import read_text
from printables.games import GameSpec, installed_games
from printables.products.build_keys import game_inputs


@dataclass(frozen=True)
class GameRef:
    """How a worker opens a game: arg as the CLI names it (a built-in game's name or a game
    file's path), read in folder (an upload's) or, without one, where the server runs."""

    arg: str
    folder: str | None = None


@dataclass(frozen=True)
class Entry:
    """A game as the page offers it: its key in the page's addresses, the game (as the
    server read it) and how a worker opens it."""

    key: str
    game: GameSpec
    ref: GameRef
    uploaded: bool = False


class UploadStore(Protocol):
    """What the catalog asks of the uploads (printables.web.uploads.Uploads)."""

    def entry(self, key: str) -> Entry | None:
        """The uploaded game with this key, or None."""


@dataclass(frozen=True)
class Folder:
    """What the --game-files folder holds now: game name -> file for the games it offers, and
    file name -> the one-line reason for each game file it cannot offer."""

    games: dict[str, Path] = field(default_factory=dict)
    problems: dict[str, str] = field(default_factory=dict)

    def files(self) -> list[str]:
        """The chooser's list: every game file's name, offered or not, sorted."""
        return sorted({*(p.name for p in self.games.values()), *self.problems})


def maybe_game_file(path: Path) -> bool:
    """A .toml file that is a game file, or may be one (it cannot be read or parsed);
    valid TOML without a [game] table is a position file."""
    if is_game_file(path):
        return True
    try:
        tomllib.loads(read_text(path))
    except (PrintablesError, tomllib.TOMLDecodeError, RecursionError):
        return True
    return False


def scan_folder(games_dir: str | None) -> Folder:
    """The game files of games_dir, read now (a file's error and two files of one game
    name are problems, each one line)."""
    if games_dir is None:
        return Folder()
    named: dict[str, list[Path]] = {}
    problems: dict[str, str] = {}
    for path in sorted(Path(games_dir).glob("*.toml")):
        if not path.is_file() or not maybe_game_file(path):
            continue
        try:
            named.setdefault(load_game_file(path).name, []).append(path)
        except PrintablesError as e:
            problems[path.name] = str(e)
    games = {}
    for name, paths in named.items():
        if len(paths) == 1:
            games[name] = paths[0]
            continue
        message = (f"{paths[0]} and {paths[1]} are both the game {name!r}; the page offers "
                   "one game by each name: give one of them another [game] name")
        problems.update((p.name, message) for p in paths)
    return Folder(games, problems)


def game_files(games_dir: str | None) -> dict[str, Path]:
    """Game name -> game file, for the game files of games_dir the page offers."""
    return scan_folder(games_dir).games


def game_names(games_dir: str | None = None) -> list[str]:
    """The names the page lists: the registry's order, then the game files by file name."""
    return [*installed_games(), *game_files(games_dir)]


def find_game(key: str, games_dir: str | None = None,
              uploads: UploadStore | None = None) -> Entry:
    """The game a page's key names (a UsageError with a 'did you mean' hint when there is
    none; a game file's own one-line error when it is the file that would be it)."""
    installed = installed_games()
    if key in installed:
        return Entry(key, installed[key], GameRef(key))
    if "@" in key and uploads is not None:
        found = uploads.entry(key)
        if found is not None:
            return found
        raise UsageError(f"the uploaded game {key!r} is no longer on this server (it keeps "
                         "the last few uploads); upload its file again", input=key)
    folder = scan_folder(games_dir)
    if key in folder.games:
        return _folder_entry(key, folder.games[key])
    for file, problem in folder.problems.items():
        if _stem_name(file) == key or f"the game {key!r}" in problem:
            raise UsageError(problem, input=key)
    raise UsageError(f"unknown game {key!r}; {did_you_mean(key, [*installed, *folder.games])}",
                     input=key)


def _folder_entry(name: str, path: Path) -> Entry:
    """A game of the folder (source: the path as the folder names it; the CLI line shows
    it)."""
    return Entry(name, replace(load_game_file(path), source=path), GameRef(str(path)))


def listed(games_dir: str | None) -> tuple[list[GameSpec], Folder]:
    """The games the first page lists (the built-in ones and installed plugins, then the
    folder's by file name) and what the folder holds."""
    folder = scan_folder(games_dir)
    files = [_folder_entry(n, p).game for n, p in folder.games.items()]
    return [*installed_games().values(), *files], folder


def _stem_name(file: str) -> str:
    """The game name a file gets when its [game] table names none."""
    return Path(file).stem.lower().replace(" ", "-").replace("_", "-")


def open_file(file: str, games_dir: str | None) -> str:
    """The key of the game the folder's chooser names by its file name (only a name the
    chooser lists is looked up), else that file's one-line problem as a UsageError."""
    folder = scan_folder(games_dir)
    for name, path in folder.games.items():
        if path.name == file:
            return name
    if file in folder.problems:
        raise UsageError(folder.problems[file], input=file)
    listed = folder.files()
    raise UsageError(f"{file!r} is not a game file of the folder; "
                     f"{did_you_mean(file, listed) if listed else 'it holds none now'}",
                     input=file)


def game_arg(game: GameSpec) -> str:
    """How the CLI names the game: its name, or the path of its game file."""
    return str(game.source) if game.source is not None else game.name


def revision(entry: Entry) -> tuple[tuple[object, ...], ...]:
    """Changes when a file the game is read from changes (a built-in game never does, an
    upload is never changed), for caches."""
    if entry.game.source is None or entry.uploaded:
        return ()
    stats: list[tuple[object, ...]] = []
    for path in game_inputs(entry.game):
        try:
            st = Path(path).stat()
        except OSError:
            stats.append((str(path), None))
            continue
        stats.append((str(path), st.st_mtime_ns, st.st_size))
    return tuple(stats)


def check_games_dir(games_dir: str | None) -> str | None:
    """The --game-files folder, with every game file in it read once (a file that cannot be
    offered fails here with its line, and so does a folder without any game file)."""
    if games_dir is None:
        return None
    if not Path(games_dir).is_dir():
        raise UsageError(f"--game-files {games_dir!r} is not a folder", input=str(games_dir))
    folder = scan_folder(games_dir)
    if folder.problems:
        raise UsageError(next(iter(folder.problems.values())))
    if not folder.games:
        raise UsageError(f"--game-files {games_dir!r} holds no game file (*.toml with a [game] "
                         "table); see the documentation's tutorial 'Your first game file'",
                         input=str(games_dir))
    return str(games_dir)


def problems_of(games_dir: str | None) -> Mapping[str, str]:
    """File name -> one-line problem, for the folder's game files the page cannot offer."""
    return scan_folder(games_dir).problems
