"""Print-and-play kits: per game a folder of every product, an index page and a manifest.

Workers (a pool the parent owns, see printables.pool) build each game's files as bytes;
the parent writes them. Rulings:
- Each game is one transaction: its files and its own GAME/manifest.json are written into
  a hidden folder next to GAME, flushed to disk, then swapped in with one rename, so
  GAME/ is always either the previous kit or the new one, complete, with a manifest that
  matches it.
- The game folder belongs to the kit. A symlink or file in its place is refused; so is a
  file in it that no kit wrote (it would be lost in the swap): the error names it.
- The top-level manifest.json and index.html are made from the per-game manifests (kit
  never reads, let alone hashes, a file it did not write), written after every game, and
  rebuilt at the start of the next run, so a killed run is repaired by the next one.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from printables.errors import InputError, OutputError, UsageError, printable
from printables.games import GameSpec, all_games, get_game
from printables.geometry import Point
from printables.products.pieces.art import ART
from printables.outputs import (_OURS, clean_stale, ensure_dir, folder_lock, read_regular_file,
                                stage_dir, swap_in, write_atomic, write_tree)
from printables.units import paper_name, parse_paper

#: Each game folder's own list of its files (written last inside the folder).
GAME_MANIFEST = "manifest.json"
#: Largest manifest we read back (ours are a few KB).
MAX_MANIFEST_BYTES = 1_000_000

PREVIEW_DPI = 60  # board.png: a preview for index.html and the README gallery
SETUP_DPI = 100
THEME = "colour"
#: Papers a kit is laid out for (its booklet is imposed on A4 or Letter).
KIT_PAPERS = ("A4", "Letter", "A3")


def kit_paper(name: str) -> str:
    """The canonical name of a paper kits are made for, or a UsageError listing them.

    >>> kit_paper("letter")
    'Letter'
    """
    paper = paper_name(name)
    if paper not in KIT_PAPERS:
        raise UsageError(f"kit paper {paper!r} is not supported; valid: {', '.join(KIT_PAPERS)}",
                         input=str(name))
    return paper


@dataclass(frozen=True)
class KitRequest:
    """One piece of work for a worker: a game, a paper, and which part ("print" or "laser")."""

    game: str
    paper: str
    part: str = "print"


def _board_files(game: GameSpec, paper: tuple[float, float]) -> dict[str, bytes]:
    from printables.products.board_sheet import board_scene
    from printables.products.tiling import page_pdf
    from printables.render.png import check_size, png_available, svg_to_png
    from printables.render.svg import render_svg
    from printables.render.theme import THEMES
    theme = THEMES[THEME]
    scene = board_scene(game, game.board(), theme)
    files = {"board.pdf": page_pdf(scene, theme, paper, f"{game.title} board"),
             "board.svg": render_svg(scene, theme)}
    if png_available():  # the rendering of the very board.svg above (as render_png would)
        check_size(scene, PREVIEW_DPI)
        files["board.png"] = svg_to_png(files["board.svg"], PREVIEW_DPI)
    return files


def _product_files(game: GameSpec, paper_label: str) -> dict[str, bytes]:
    """Pieces, setup, booklet and laser files of a game (each product's own core function)."""
    from printables.products.pieces.sheet import render_pieces
    from printables.products.setup_cmd import render_setup
    from printables.render.png import png_available
    from printables.products.booklet import booklet_outputs
    files = {"pieces.pdf": render_pieces(game, "pdf", paper_label)[0][1]}
    # an A5 (half-letter) booklet imposed 2-up; A3 kits use A4 sheets, which A3 printers take
    (_, booklet), (_, imposed) = booklet_outputs(
        game, None, "letter" if paper_label == "Letter" else "A4")
    files["booklet.pdf"] = booklet
    files["booklet-imposed.pdf"] = imposed
    if png_available():
        files["setup.png"] = render_setup(game.name, "png", THEME, dpi=SETUP_DPI)[1]
    return files


def build_game(req: KitRequest) -> dict[str, bytes]:
    """The files of one part of one game's kit, relative path -> bytes."""
    game = get_game(req.game)
    if req.part == "laser":
        from printables.products.laser import laser_files, laser_request
        files = {f"laser/{name}": data  # 600 x 400 mm sheets, no kerf
                 for name, data in laser_files(game, laser_request())}
    else:
        files = _board_files(game, parse_paper(req.paper))
        files.update(_product_files(game, req.paper))
        from printables.products.print_and_play import print_and_play
        files[f"{game.name}-print-and-play.pdf"] = print_and_play(game, files,
                                                                  parse_paper(req.paper))
    return {f"{game.name}/{k}": v for k, v in sorted(files.items())}


def work_plan(games: list[str], paper: str) -> list[KitRequest]:
    """Two tasks per game (print products, laser files) so both cores stay busy to the end;
    the heaviest task, the laser files with the most laser_work, goes first."""
    tasks = [KitRequest(g, paper, part) for g in games for part in ("print", "laser")]
    if not tasks:
        return tasks
    heaviest = max(games, key=lambda g: laser_work(get_game(g)))
    return sorted(tasks, key=lambda t: not (t.part == "laser" and t.game == heaviest))


def laser_work(game: GameSpec) -> int:
    """How much a game's laser files have to draw, from its pieces: each piece's count times
    the shapes of its art (a rose of ten shapes, scored as line art, outweighs a stone)."""
    here = Point(0.0, 0.0)
    return sum(c.count * len(ART[c.art](here, 20.0)) for c in game.components(game.options()))


#: What each kit file is for, in the order a person uses them (index.html lists them so).
LINKS = (
    ("Print", (("{game}-print-and-play.pdf", "everything, in printing order"),
               ("board.pdf", "board at 100 % (tiled over pages when large)"),
               ("pieces.pdf", "pieces with spares and cut lines"),
               ("booklet-imposed.pdf", "rule booklet to fold (double-sided, short edge)"),
               ("booklet.pdf", "rule booklet, page by page"))),
    ("Look", (("setup.png", "setup diagram"), ("board.png", "board preview"),
              ("board.svg", "board drawing (SVG, mm)"))),
)


def _links(game: GameSpec, files: dict[str, int]) -> str:
    out = []
    for heading, rows in LINKS:
        items = []
        for name, what in rows:
            rel = f"{game.name}/{name.format(game=game.name)}"
            if rel in files:
                items.append(f'<li><a href="{html.escape(rel)}">{html.escape(what)}</a> '
                             f"<small>{files[rel] / 1024:.0f} KB</small></li>")
        out.append(f"<h3>{heading}</h3><ul>{''.join(items)}</ul>")
    lasers = sorted(k for k in files if k.startswith(f"{game.name}/laser/"))
    items = "".join(f'<li><a href="{html.escape(k)}">{html.escape(k.rsplit("/", 1)[1])}</a> '
                    f"<small>{files[k] / 1024:.0f} KB</small></li>" for k in lasers)
    out.append(f"<h3>Laser (600 x 400 mm sheets)</h3><ul>{items}</ul>")
    return "".join(out)


def index_html(games: list[GameSpec], files: dict[str, int]) -> bytes:
    """A page with every game's preview, linking its files (rel path -> size in bytes)."""
    from printables.products.tiling import SCHEME
    cards = []
    for g in games:
        img = (f'<img src="{html.escape(g.name)}/board.png" alt="{html.escape(g.title)} board">'
               if f"{g.name}/board.png" in files else "")
        cards.append(f'<section><h2>{html.escape(g.title)}</h2><p class="by">by '
                     f"{html.escape(g.designer)} · {html.escape(g.board_summary)}</p>{img}"
                     f"{_links(g, files)}</section>")
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>printables: print-and-play kits</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{{font-family:system-ui,sans-serif;margin:2rem;background:#faf8f3;color:#1a1a1a}}
main{{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:1.5rem}}
section{{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem}}
h2{{margin:.2rem 0}} h3{{margin:.8rem 0 .2rem;font-size:1rem}} .by{{color:#555;margin:.2rem 0 .6rem}}
img{{width:100%;height:auto;border:1px solid #eee}} ul{{padding-left:1.2rem;margin:.2rem 0}}
</style></head><body>
<h1>Print-and-play kits</h1>
<p>Print at 100 % (no "fit to page"): every board page carries a 100 mm scale bar, measure it.
Chameleons pieces are two-sided: print them double-sided, flipping on the long edge.
{html.escape(SCHEME)}</p>
<main>
{chr(10).join(cards)}
</main></body></html>
"""
    return page.encode("utf-8")


def manifest_rows(rows: list[dict]) -> bytes:
    """A manifest of rows {file, size, sha256}, sorted by file."""
    return (json.dumps({"files": sorted(rows, key=lambda r: r["file"])}, indent=1) + "\n").encode()


def build_kits(games: list[str], paper: str, output: str | Path, jobs: int | None = None,
               on_done: Callable[[str], None] = lambda name: None) -> dict[str, bytes]:
    """Build the kits of games into output, one game at a time swapped in whole (parallel
    across cores); return the files written this run (rel path -> bytes)."""
    paper = paper_name(paper)
    out = ensure_dir(output)
    with folder_lock(out):  # a second kit into the same folder waits, then stops
        return _build_locked(games, paper, out, jobs, on_done)


def _build_locked(games: list[str], paper: str, out: Path, jobs: int | None,
                  on_done: Callable[[str], None]) -> dict[str, bytes]:
    folder = {g: get_game(g).name for g in games}  # a game may be given by name or file
    for name in folder.values():
        _check_target(out, name)
    for name in ("index.html", "manifest.json"):
        if (out / name).is_dir() and not (out / name).is_symlink():
            raise OutputError(f"{printable(str(out / name))} is a folder where the kit writes "
                              "a file; move it away", input=str(out / name))
    for name in _known():
        if (out / name).is_dir() and not (out / name).is_symlink():
            for sub in _folders(out / name):
                clean_stale(sub)
    _write_top(out)  # repair what a killed run left behind, before anything else
    reqs = work_plan(games, paper)
    parts: dict[str, dict[str, bytes]] = {g: {} for g in games}
    pending = {g: 2 for g in games}
    written: dict[str, bytes] = {}
    for req, result in _results(reqs, jobs):
        parts[req.game].update(result)
        pending[req.game] -= 1
        if not pending[req.game]:
            written.update(commit_game(out, folder[req.game], parts.pop(req.game)))
            written.update(_write_top(out))
            on_done(req.game)
    return written


def _known() -> dict[str, GameSpec]:
    """The games whose folders a kit folder may hold, by name (game files this run loaded
    included)."""
    return all_games()


def _results(reqs: list[KitRequest], jobs: int | None):
    """(request, files) pairs as they finish: in worker processes, or here for one job."""
    workers = min(len(reqs), jobs or os.cpu_count() or 1)
    if workers <= 1:
        for req in reqs:
            yield req, build_game(req)
        return
    from printables.pool import OwnedPool
    preload()
    with OwnedPool(build_game, workers) as pool:
        yield from pool.imap_unordered(reqs)


def preload() -> None:
    """Import what build_game uses (reportlab, cairosvg, fontTools, pypdf, svgwrite and our
    products) and read the fonts, here, before the workers fork: they inherit it all instead
    of each paying for it again (about 0.7 s of cpu per worker)."""
    from printables.products import (board_sheet, booklet, pieces,  # noqa: F401
                                     print_and_play, setup_cmd, tiling)
    from printables.products.pieces import sheet  # noqa: F401
    from printables.products.booklet.flow import register_family
    from printables.products.laser import laser_files  # noqa: F401
    from printables.products.laser.text import FONT_FILES, _font
    from printables.render.png import png_available
    png_available()
    register_family()
    for font in FONT_FILES:
        _font(font)


def _check_target(out: Path, name: str) -> None:
    """Refuse a game folder that is a symlink, a file or not writable, before any work."""
    target = out / name
    shown = printable(str(target))
    if target.is_symlink():
        raise OutputError(f"{shown} is a symbolic link; kit writes only inside --output and "
                          "will not follow it: remove the link or use another --output",
                          input=str(target))
    if target.exists() and not target.is_dir():
        raise OutputError(f"{shown} is a file where the kit puts a folder; move it away",
                          input=str(target))
    if target.is_dir() and not os.access(target, os.W_OK | os.X_OK):
        raise OutputError(f"{shown} is not writable; kit replaces that folder: make it "
                          "writable or use another --output", input=str(target))


def commit_game(out: Path, name: str, files: dict[str, bytes]) -> dict[str, bytes]:
    """Write one game's files (rel paths 'GAME/...') as a new GAME folder with its own
    manifest, swapped in for the old one in one step; return what was written."""
    inner = {rel.split("/", 1)[1]: data for rel, data in files.items()}
    rows = [{"file": f"{name}/{k}", "size": len(v), "sha256": hashlib.sha256(v).hexdigest()}
            for k, v in inner.items()]
    inner[GAME_MANIFEST] = manifest_rows(rows)
    target = out / name
    _check_target(out, name)
    _refuse_foreign(target, set(inner) | _listed(target, name))
    staged = stage_dir(out, name)
    try:
        write_tree(staged, inner, shown_as=target)
        swap_in(staged, target)
    except BaseException:
        shutil.rmtree(staged, ignore_errors=True)
        raise
    return {f"{name}/{k}": v for k, v in inner.items()}


def _refuse_foreign(target: Path, ours: set[str]) -> None:
    """OutputError naming the first entry under target that no kit wrote (it would be lost
    when the folder is replaced); leftovers of killed runs of ours do not count."""
    if not target.is_dir():
        return
    for rel in _entries(target, ""):
        if rel not in ours and not _OURS.match(rel.rsplit("/", 1)[-1]):
            raise OutputError(f"{printable(str(target / rel))} was not written by kit, and "
                              f"kit replaces the folder {printable(str(target))} as a whole: "
                              "move the file away first", input=str(target / rel))


def _entries(folder: Path, prefix: str) -> list[str]:
    """Relative paths of everything under folder that is not a real folder (no symlink is
    followed)."""
    found = []
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        rel = prefix + entry.name
        if entry.is_dir(follow_symlinks=False):
            found += _entries(Path(entry.path), rel + "/")
        else:
            found.append(rel)
    return found


def _folders(root: Path) -> list[Path]:
    """root and every real folder under it (no symlink followed)."""
    found = [root]
    for entry in os.scandir(root):
        if entry.is_dir(follow_symlinks=False):
            found += _folders(Path(entry.path))
    return found


def _listed(target: Path, name: str) -> set[str]:
    """Files (relative to target) that a kit wrote there: its own manifest's list, and the
    top-level manifest's rows for the game (kits made before per-game manifests)."""
    rows = _read_rows(target / GAME_MANIFEST, name) + _read_rows(target.parent / "manifest.json",
                                                                  name)
    return {r["file"].split("/", 1)[1] for r in rows} | {GAME_MANIFEST}


_ROW_FILE = re.compile(r"^[a-z0-9-]+/(?:[A-Za-z0-9._-]+/)*[A-Za-z0-9._-]+$")


def _read_rows(path: Path, name: str, itself: bool = False) -> list[dict]:
    """The rows of one of our manifests that belong to game name (and, with itself, a row
    for the manifest file); [] when it is missing or not ours (not a regular file, too
    large, not our JSON)."""
    if path.is_symlink() or not path.is_file():
        return []
    try:
        raw = read_regular_file(path, MAX_MANIFEST_BYTES, "a manifest")
        rows = [{"file": r["file"], "size": int(r["size"]), "sha256": str(r["sha256"])}
                for r in json.loads(raw)["files"]
                if isinstance(r, dict) and isinstance(r.get("file"), str)
                and r["file"].startswith(name + "/") and _ROW_FILE.match(r["file"])
                and ".." not in r["file"].split("/")]
    except (InputError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return []
    if itself:
        rows.append({"file": f"{name}/{GAME_MANIFEST}", "size": len(raw),
                     "sha256": hashlib.sha256(raw).hexdigest()})
    return rows


def _write_top(out: Path) -> dict[str, bytes]:
    """index.html and manifest.json of out, made from the game folders' own manifests."""
    rows = []
    for name in _known():
        target = out / name
        if target.is_dir() and not target.is_symlink():
            rows += _read_rows(target / GAME_MANIFEST, name, itself=True)
    if not rows and not (out / "manifest.json").exists():
        return {}
    sizes = {r["file"]: r["size"] for r in rows}
    games = [spec for n, spec in _known().items() if any(k.startswith(n + "/") for k in sizes)]
    page = index_html(games, sizes)
    rows.append({"file": "index.html", "size": len(page),
                 "sha256": hashlib.sha256(page).hexdigest()})
    top = {"index.html": page, "manifest.json": manifest_rows(rows)}
    write_atomic(out / "index.html", top["index.html"])
    write_atomic(out / "manifest.json", top["manifest.json"])  # last: it lists the rest
    return top
