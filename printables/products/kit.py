"""Print-and-play kits: per game a folder of every product, all from one game request.

`printables kit GAME... [--option K=V]... [--size S] [--theme T] [--paper P]`: each game
(a name, a game file, or `all` for the seven) gets one GameRequest, read from the same
texts for each; every part of its kit is a product request of the registry built on it
(products.registry.parts_of_kit), so a kit file is the bytes its own command writes.
Workers (printables.products.kit_build) build each game's files as bytes; the parent
writes them through the kit store (products.kit_store), one game at a time.

Rulings (ours): an option that does not apply to one of the games is an error naming that
game, before any work (never silently dropped); two game arguments that name the same kit
folder are an error; the command line a game's manifest records is the one that rebuilds
that game's kit alone, with the same request.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from printables.buildcache import BuildCache, cache_folder, cache_problem, cache_warning
from printables.errors import PrintablesError, UsageError
from printables.folderlock import folder_lock
from printables.games import GameSpec, get_game, installed_games, is_game_path
from printables.loading import load
from printables.outputs import clean_stale, ensure_dir
from printables.products import kit_store
from printables.products.build_keys import game_inputs, kit_key
from printables.products.requests import GameRequest, KitRequest, count, kit_paper
from printables.products.variant import variant_words
from printables.render.theme import DEFAULT_THEME
from printables.watch import Step, watch

#: The kit's builds, by name (printables.loading): kit_build is loaded only when a kit has
#: files to build, so a rerun that finds every folder unchanged loads no product code.
KIT_RESULTS = "printables.products.kit_build:kit_results"
PREVIEW_FILES = "printables.products.kit_build:preview_files"


def kit_requests(games: Sequence[str], options: Sequence[str] = (), size: str | None = None,
                 theme: str = DEFAULT_THEME, paper: str = "A4",
                 jobs: str | None = None, cache: bool = True) -> KitRequest:
    """Read the kit command's texts: every game's request is checked before any work (an
    option a game does not have names that game)."""
    paper = kit_paper(paper)
    n_jobs = count("jobs", 1, 64)(jobs) if jobs is not None else None
    args: list[str] = []
    for g in games:
        if g.strip().lower() == "all":
            args += [n for n in installed_games() if n not in args]
        elif g not in args:
            args.append(g)
    specs = [get_game(a) for a in args]
    seen: dict[str, str] = {}
    for a, spec in zip(args, specs, strict=True):
        if spec.name in seen:
            raise UsageError(f"{seen[spec.name]} and {a} are both the game {spec.name!r}; "
                             "a kit folder holds one of them", input=a)
        seen[spec.name] = a
    reqs = tuple(_request(spec, options, size, theme) for spec in specs)
    # a game file goes by its path, so worker processes (spawned or forked) can read it
    names = tuple(str(s.source) if s.source else s.name for s in specs)
    return KitRequest(names, reqs, paper, n_jobs, cache)


def _request(game: GameSpec, options: Sequence[str], size: str | None,
             theme: str) -> GameRequest:
    """The game request of one game of a kit; its errors say which game they are about."""
    try:
        return GameRequest.from_texts(game, options, size, theme)
    except UsageError as e:
        text = str(e)
        if game.name not in text and game.title not in text:
            text = f"{game.name}: {text}"
        raise UsageError(text, input=e.input) from None


def kit_record(game: GameSpec, arg: str, req: GameRequest, paper: str) -> dict[str, Any]:
    """What a game's manifest says about its kit: the game, the request and the command."""
    variant = {k: v for k, v in req.options if game.default_options.get(k) != v}
    shown = [variant_words(variant)] if variant else []
    if req.size is not None:
        shown.append(f"{req.size:g} mm board")
    if req.theme != DEFAULT_THEME:
        shown.append(req.theme)
    return {"game": game.name, "title": game.title, "designer": game.designer,
            "summary": game.board_summary, "variant": "; ".join(shown) or "standard",
            "request": {"options": dict(req.options), "size": req.size, "theme": req.theme,
                        "paper": paper},
            "command": shlex.join(["printables", "kit", arg, *req.given, "--paper", paper])}


Warn = Callable[[str], None]


def build_kits(run: KitRequest, output: str | Path,
               on_done: Callable[[str], None] = lambda name: None,
               warn: Warn = lambda line: None) -> dict[str, bytes]:
    """Build the kits of a run into output, one game at a time swapped in whole (parallel
    across cores); return the files written this run (rel path -> bytes). warn gets the
    one line saying the build cache is not used, when its folder is not the user's alone."""
    out = ensure_dir(output)
    with folder_lock(out):  # a second kit into the same folder waits, then stops
        return _build_locked(run, out, on_done, warn)


def cache_of(run: KitRequest, warn: Warn) -> Path | None:
    """The build cache folder a run uses: None with --no-cache, or when the folder is not
    the user's alone (then warn gets one line saying so)."""
    folder = cache_folder() if run.cache else None
    problem = cache_problem(folder) if folder else None
    if folder and problem:
        warn(cache_warning(folder, problem))
        return None
    return folder


def _build_locked(run: KitRequest, out: Path, on_done: Callable[[str], None],
                  warn: Warn) -> dict[str, bytes]:
    """build_kits, holding the folder's lock."""
    specs = {g: get_game(g) for g in run.games}  # a game may be given by name or file
    kit_store.prepare(out, [s.name for s in specs.values()])
    records = {g: kit_record(specs[g], g, r, run.paper)
               for g, r in zip(run.games, run.requests, strict=True)}
    for g, r in zip(run.games, run.requests, strict=True):
        records[g]["key"] = kit_key(specs[g], r, run.paper)
    todo = run
    if run.cache:  # a game whose folder was built from the same key and is intact stays
        keep = [g for g in run.games if kit_store.unchanged(out, specs[g].name,
                                                            records[g]["key"])]
        for g in keep:
            on_done(g)
        todo = replace(run, games=tuple(g for g in run.games if g not in keep),
                       requests=tuple(r for g, r in zip(run.games, run.requests, strict=True)
                                      if g not in keep))
    parts: dict[str, dict[str, bytes]] = {g: {} for g in todo.games}
    pending = {g: 2 for g in todo.games}
    written: dict[str, bytes] = {}
    if not todo.games:
        return written
    folder = cache_of(todo, warn)
    cache = str(folder) if folder else None
    if folder:
        clean_stale(folder)  # cache writes a killed run left half done
    for req, result in load(KIT_RESULTS)(todo, cache):
        parts[req.game].update(result)
        pending[req.game] -= 1
        if not pending[req.game]:
            written.update(kit_store.commit_game(out, specs[req.game].name,
                                                 parts.pop(req.game), records[req.game]))
            written.update(kit_store.write_top(out))
            on_done(req.game)
    return written


def preview_kits(run: KitRequest, output: str | Path, warn: Warn = lambda line: None) -> list[str]:
    """Build each game's board and setup first (through the build cache) and write them
    into its folder beside the files it already has, its manifest matching the folder but
    keyless, so the next full build replaces the whole folder; the names written."""
    out = ensure_dir(output)
    with folder_lock(out):  # as build_kits: one writer in a folder at a time
        return _preview_locked(run, out, warn)


def _preview_locked(run: KitRequest, out: Path, warn: Warn) -> list[str]:
    """preview_kits, holding the folder's lock."""
    folder = cache_of(run, warn)
    cache = BuildCache(folder) if folder else None
    written = []
    for g, r in zip(run.games, run.requests, strict=True):
        game = get_game(g)
        files = kit_store.current_files(out, game.name)
        fresh = load(PREVIEW_FILES)(game, r, run.paper, cache)
        files.update({f"{game.name}/{k}": v for k, v in fresh.items()})
        record = {**kit_record(game, g, r, run.paper), "variant": "being rebuilt"}
        kit_store.commit_game(out, game.name, files, record)
        kit_store.write_top(out)
        written += [f"{game.name}/{k}" for k in sorted(fresh)]
    return written


def watch_inputs(games: Sequence[str], known: dict[str, list[Path]] | None = None
                 ) -> list[Path]:
    """Every file the kits of games (names or game-file paths) are made from (game files,
    rules, setups, examples, art). A game file that does not read now keeps the files known
    from its last good read (known, updated here), and is watched itself, so its fix is
    seen."""
    known = {} if known is None else known
    found: set[Path] = set()
    for g in games:
        try:
            known[g] = game_inputs(get_game(g))
        except PrintablesError:
            known.setdefault(g, [Path(g).absolute()] if is_game_path(g) else [])
        found.update(known[g])
    return sorted(found, key=str)


def watch_kits(run: KitRequest | Callable[[], KitRequest], output: str | Path,
               report: Callable[[str], None] = print, stop: Callable[[], bool] = lambda: False,
               games: Sequence[str] = ()) -> int:
    """Build, then rebuild on every save (board and setup first, the rest after) until
    stop() or Ctrl-C; the number of builds. run: the kit run, or what reads it from the
    command's texts again for every build (so a game file that does not read yet, or
    whose options changed, is one error line and the watch waits); games: the games as
    typed, watched while no run reads. A game file saved with new bytes is read afresh, with
    the same checks and bounds as a first build (the command line's run also forgets the
    game files it read, printables.gamefile.forget_loaded, before each build)."""
    warned: set[str] = set()
    current: list[KitRequest] = []

    def warn(line: str) -> None:  # the cache warning once, not at every save
        if line not in warned:
            warned.add(line)
            report(f"warning: {line}")

    def first() -> list[str]:
        current[:] = [run() if callable(run) else run]
        return preview_kits(current[0], output, warn)

    def rest() -> list[str]:
        return sorted(build_kits(current[0], output, warn=warn))

    def inputs() -> list[Path]:
        return watch_inputs(current[0].games if current else games, known)

    known: dict[str, list[Path]] = {}
    if isinstance(run, KitRequest):
        current.append(run)
    report(f"watching {len(inputs())} files; Ctrl-C stops")
    steps = [Step("board and setup", first), Step("the rest", rest)]
    return watch(inputs, steps, report, stop=stop)
