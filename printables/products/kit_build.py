"""The worker side of a kit: each game's files built as bytes, in worker processes (a pool
the parent owns, printables.pool) or in this process for one job.

printables.products.kit names kit_results and preview_files (printables.loading) and
loads this module only when a kit has files to build, so a kit that finds every folder
unchanged loads no product code.

Rulings (ours): two tasks per game (its print products, its laser files) so both cores
stay busy to the end, the heaviest laser task first; what the workers use is imported and
the fonts read in the parent before they fork, so they inherit it instead of each paying
for it again.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from printables.buildcache import BuildCache, build_key
from printables.games import GameSpec, get_game
from printables.geometry import Point
from printables.loading import load
from printables.pool import OwnedPool
from printables.products.booklet.flow import register_family
from printables.products.kit_parts import cached_build, kit_part_files
from printables.products.laser.sheets import build_laser
from printables.products.laser.text import FONT_FILES, _font
from printables.products.pieces.art import piece_items
from printables.products.print_and_play import print_and_play
from printables.products.requests import GameRequest, KitRequest, LaserRequest, parts_of_kit
from printables.render import RENDERERS
from printables.render.png import png_available
from printables.units import parse_paper

#: The formats a kit's files are written in.
KIT_FORMATS = ("svg", "pdf", "png")


@dataclass(frozen=True)
class KitTask:
    """One piece of work for a worker: a game, its request, the paper, and which part
    ("print" or "laser")."""

    game: str
    paper: str
    part: str = "print"
    request: GameRequest = GameRequest()
    cache: str | None = None  # the build cache folder (None: build everything)


def build_game(req: KitTask) -> dict[str, bytes]:
    """The files of one part of one game's kit, relative path -> bytes."""
    game = get_game(req.game)
    cache = BuildCache(Path(req.cache)) if req.cache else None
    if req.part == "laser":  # 600 x 400 mm sheets, no kerf
        laser = LaserRequest.read(req.request, "svg", {})
        files = {f"laser/{name}": data
                 for name, data in cached_build(game, laser, build_laser, cache)}
    else:
        files = kit_part_files(game, parts_of_kit(game, req.request, req.paper), cache)
        files[f"{game.name}-print-and-play.pdf"] = _print_and_play(game, files, req.paper,
                                                                   cache)
    return {f"{game.name}/{k}": v for k, v in sorted(files.items())}


def _print_and_play(game: GameSpec, files: dict[str, bytes], paper: str,
                    cache: BuildCache | None) -> bytes:
    """The print-and-play file of a kit's parts, cached by the bytes of those parts."""
    key = build_key(f"{game.name}/print-and-play", paper + "".join(
        f" {n}:{hashlib.sha256(d).hexdigest()}" for n, d in sorted(files.items())))
    hit = cache.get(key) if cache else None
    if hit and [name for name, _ in hit] == ["print-and-play.pdf"]:
        return hit[0][1]
    data = print_and_play(game, files, parse_paper(paper))
    if cache:
        cache.put(key, [("print-and-play.pdf", data)])
    return data


def work_plan(run: KitRequest, cache: str | None = None) -> list[KitTask]:
    """Two tasks per game (print products, laser files) so both cores stay busy to the end;
    the heaviest task, the laser files with the most laser_work, goes first."""
    tasks = [KitTask(g, run.paper, part, r, cache)
             for g, r in zip(run.games, run.requests, strict=True)
             for part in ("print", "laser")]
    if not tasks:
        return tasks
    heaviest = max(run.games, key=lambda g: laser_work(get_game(g)))
    return sorted(tasks, key=lambda t: not (t.part == "laser" and t.game == heaviest))


def laser_work(game: GameSpec) -> int:
    """How much a game's laser files have to draw, from its pieces: each piece's count times
    the shapes of its art (a rose of ten shapes, scored as line art, outweighs a stone)."""
    here = Point(0.0, 0.0)
    return sum(c.count * len(piece_items(c.art, here, 20.0))
               for c in game.components(game.options()))


def kit_results(run: KitRequest, cache: str | None) -> Iterator[tuple[KitTask, dict[str, bytes]]]:
    """(request, files) pairs of a run's work plan as they finish: in worker processes, or
    here for one job."""
    reqs, jobs = work_plan(run, cache), run.jobs
    workers = min(len(reqs), jobs or os.cpu_count() or 1)
    if workers <= 1:
        for req in reqs:
            yield req, build_game(req)
        return
    preload()
    with OwnedPool(build_game, workers) as pool:
        yield from pool.imap_unordered(reqs)


def preload() -> None:
    """Import what build_game uses (reportlab, cairosvg, fontTools, pypdf, svgwrite and our
    products) and read the fonts, here, before the workers fork: they inherit it all instead
    of each paying for it again (about 0.7 s of cpu per worker)."""
    for fmt in KIT_FORMATS:  # the back ends are loaded by name on first use
        load(RENDERERS[fmt])
    png_available()
    register_family()
    for font in FONT_FILES:
        _font(font)


#: The kit files a watch builds first: what a designer looks at after a save.
PREVIEW_PARTS = ("board.svg", "board.png", "setup.png")


def preview_files(game: GameSpec, request: GameRequest, paper: str,
                  cache: BuildCache | None) -> dict[str, bytes]:
    """A game's board and setup files of a kit (kit name -> bytes), through the cache."""
    parts = {k: v for k, v in parts_of_kit(game, request, paper).items()
             if k in PREVIEW_PARTS}
    return kit_part_files(game, parts, cache)
