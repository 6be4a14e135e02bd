"""Print-and-play kits: per game a folder of every product, an index page and a manifest.

Workers build each game's files as bytes (in parallel across cores); the parent process
writes them atomically, so an interrupted build leaves no half-written file.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from printables.errors import UsageError
from printables.games import GameSpec, all_games, get_game
from printables.outputs import ensure_dir, write_atomic
from printables.units import paper_name, parse_paper

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
    from printables.render.png import png_available, render_png
    from printables.render.svg import render_svg
    from printables.render.theme import THEMES
    theme = THEMES[THEME]
    scene = board_scene(game, game.board(), theme)
    files = {"board.pdf": page_pdf(scene, theme, paper, f"{game.title} board"),
             "board.svg": render_svg(scene, theme)}
    if png_available():
        files["board.png"] = render_png(scene, theme, PREVIEW_DPI)
    return files


def _product_files(game: GameSpec, paper_label: str) -> dict[str, bytes]:
    """Pieces, setup, booklet and laser files of a game (each product's own core function)."""
    from printables.products.piece_sheet import render_pieces
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
    the heaviest task (Rosenkreuz's laser files, with the rose as line art) goes first."""
    tasks = [KitRequest(g, paper, part) for g in games for part in ("print", "laser")]
    return sorted(tasks, key=lambda t: not (t.part == "laser" and get_game(t.game).laser_heavy))


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


def _links(game: GameSpec, files: dict[str, bytes]) -> str:
    out = []
    for heading, rows in LINKS:
        items = []
        for name, what in rows:
            rel = f"{game.name}/{name.format(game=game.name)}"
            if rel in files:
                items.append(f'<li><a href="{html.escape(rel)}">{html.escape(what)}</a> '
                             f"<small>{len(files[rel]) / 1024:.0f} KB</small></li>")
        out.append(f"<h3>{heading}</h3><ul>{''.join(items)}</ul>")
    lasers = sorted(k for k in files if k.startswith(f"{game.name}/laser/"))
    items = "".join(f'<li><a href="{html.escape(k)}">{html.escape(k.rsplit("/", 1)[1])}</a> '
                    f"<small>{len(files[k]) / 1024:.0f} KB</small></li>" for k in lasers)
    out.append(f"<h3>Laser (600 x 400 mm sheets)</h3><ul>{items}</ul>")
    return "".join(out)


def index_html(games: list[GameSpec], files: dict[str, bytes]) -> bytes:
    """A page with every game's preview, linking its files."""
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


def manifest(files: dict[str, bytes]) -> bytes:
    """file, size and sha256 of every file, sorted by path."""
    rows = [{"file": k, "size": len(v), "sha256": hashlib.sha256(v).hexdigest()}
            for k, v in sorted(files.items())]
    return (json.dumps({"files": rows}, indent=1) + "\n").encode()


def build_kits(games: list[str], paper: str, output: str | Path, jobs: int | None = None,
               on_done: Callable[[str], None] = lambda name: None) -> dict[str, bytes]:
    """Build and write the kits of games into output (parallel across cores); return the files."""
    paper = paper_name(paper)
    out = ensure_dir(output)
    reqs = work_plan(games, paper)
    files: dict[str, bytes] = {}
    workers = min(len(reqs), jobs or os.cpu_count() or 1)
    pending = {g: 2 for g in games}

    def done(req: KitRequest, result: dict[str, bytes]) -> None:
        files.update(result)
        pending[req.game] -= 1
        if not pending[req.game]:
            on_done(req.game)
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(build_game, r): r for r in reqs}
            for fut in as_completed(futures):
                done(futures[fut], fut.result())
    else:
        for req in reqs:
            done(req, build_game(req))
    # the folder as it will be: what this build writes, plus what other runs left there
    everything = {**_on_disk(out, skip=files), **files}
    index_games = [g for n, g in all_games().items()
                   if n in games or any(k.startswith(n + "/") for k in everything)]
    files["index.html"] = everything["index.html"] = index_html(index_games, everything)
    for rel, data in sorted(files.items()):
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data)
    write_atomic(out / "manifest.json", manifest(everything))
    return files


def _on_disk(out: Path, skip: dict[str, bytes]) -> dict[str, bytes]:
    """Files already in the game folders of out, except those this build replaces (read
    once, only to list them in index.html and manifest.json)."""
    found: dict[str, bytes] = {}
    for n in all_games():
        root = out / n
        if root.is_dir():
            for p in sorted(root.rglob("*")):
                rel = p.relative_to(out).as_posix()
                if p.is_file() and not p.name.startswith(".") and rel not in skip:
                    found[rel] = p.read_bytes()
    return found
