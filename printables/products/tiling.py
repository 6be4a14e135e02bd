"""Printing a sheet on home paper: centred on one page when it fits, else tiled over several
pages with a 10 mm glued overlap, alignment marks, a page map and a 100 mm scale bar."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Mapping

from printables.geometry import Point
from printables.products.common import frame_rect, line, scale_bar
from printables.render.pdf import PT_PER_MM, draw_scene, new_canvas
from printables.render.scene import Group, Item, Scene, Text
from printables.render.theme import Ink

MARGIN = 10.0     # unprintable edge every home printer respects
FOOTER = 9.0      # extra room at the bottom of a tile page for the scale bar
HEADER = 5.0      # extra room at the top for the page map line
OVERLAP = 10.0    # glued overlap between neighbouring tiles


@dataclass(frozen=True)
class Tile:
    """One page of a tiled sheet: which part of the sheet (x, y, w, h in sheet mm) it shows."""

    row: int
    col: int
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class TilePlan:
    """How a sheet of width x height goes onto pages of paper (landscape or not)."""

    width: float
    height: float
    paper: tuple[float, float]
    rows: int
    cols: int
    tiles: tuple[Tile, ...]
    overlap: float

    @property
    def pages(self) -> int:
        """Number of pages."""
        return len(self.tiles)


def _axis(length: float, room: float, overlap: float) -> list[tuple[float, float]]:
    """Start and length of each tile along one axis: equal steps, neighbours overlap exactly."""
    if length <= room + 1e-9:
        return [(0.0, length)]
    n = math.ceil((length - overlap) / (room - overlap) - 1e-9)
    size = (length + (n - 1) * overlap) / n
    return [(i * (size - overlap), size) for i in range(n)]


def tile_area(paper: tuple[float, float]) -> tuple[float, float]:
    """Room for board content on one tile page of this paper."""
    return paper[0] - 2 * MARGIN, paper[1] - 2 * MARGIN - FOOTER - HEADER


def plan_tiles(width: float, height: float, paper: tuple[float, float],
               overlap: float = OVERLAP) -> TilePlan:
    """The plan with fewest pages (portrait or landscape paper); rows count from the top.

    >>> plan_tiles(320, 334, (210, 297)).pages
    4
    """
    best = None
    for pw, ph in (paper, (paper[1], paper[0])):
        rw, rh = tile_area((pw, ph))
        xs, ys = _axis(width, rw, overlap), _axis(height, rh, overlap)
        tiles = tuple(Tile(r + 1, c + 1, x, y, w, h)
                      for r, (y, h) in enumerate(reversed(ys)) for c, (x, w) in enumerate(xs))
        plan = TilePlan(width, height, (pw, ph), len(ys), len(xs), tiles, overlap)
        if best is None or plan.pages < best.pages:
            best = plan
    assert best is not None
    return best


def fits_on_page(width: float, height: float, paper: tuple[float, float]) -> bool:
    """True when a sheet fits inside the paper's 10 mm margins (either orientation)."""
    return any(width <= pw - 2 * MARGIN + 1e-9 and height <= ph - 2 * MARGIN + 1e-9
               for pw, ph in (paper, (paper[1], paper[0])))


def _marks(tile: Tile, plan: TilePlan, ox: float, oy: float) -> list[Item]:
    """Overlap edges as dashed-style thin lines and crosshair marks at the overlap corners."""
    items: list[Item] = []
    k = plan.overlap
    x0, y0, x1, y1 = ox, oy, ox + tile.w, oy + tile.h
    if tile.col > 1:
        items.append(line(Point(x0 + k, y0), Point(x0 + k, y1), "mark"))
    if tile.row < plan.rows:
        items.append(line(Point(x0, y0 + k), Point(x1, y0 + k), "mark"))
    for cx in (x0, x1):
        for cy in (y0, y1):
            items.append(line(Point(cx - 4, cy), Point(cx + 4, cy), "mark"))
            items.append(line(Point(cx, cy - 4), Point(cx, cy + 4), "mark"))
    return items


def _furniture(tile: Tile, plan: TilePlan, title: str) -> Scene:
    pw, ph = plan.paper
    text = (f"{title} · row {tile.row} / column {tile.col} of {plan.rows} x {plan.cols} · "
            f"glue the {plan.overlap:g} mm strip left of the line under the page to its left / above")
    items: list[Item] = [Text(Point(MARGIN, ph - MARGIN + 1), text, 2.6, "text.small",
                              anchor="start")]
    # a small page map: one box per page, this page filled
    cell = 3.0
    mx = pw - MARGIN - plan.cols * cell
    for t in plan.tiles:
        x = mx + (t.col - 1) * cell
        y = ph - MARGIN + 0.5 - t.row * cell + cell
        style = "scale.bar" if t == tile else "scale.frame"
        items.append(frame_rect(x, y + 2.2, x + cell, y + 2.2 + cell - 0.6, style))
    items.append(scale_bar(MARGIN, MARGIN - 1.0))
    return Scene(pw, ph, (Group(tuple(items), layer="page"),))


def page_pdf(scene: Scene, theme: Mapping[str, Ink], paper: tuple[float, float],
             title: str) -> bytes:
    """The sheet on paper: centred on one page if it fits, else tiled (see plan_tiles)."""
    if fits_on_page(scene.width, scene.height, paper):
        pw, ph = paper if scene.width <= paper[0] - 2 * MARGIN else (paper[1], paper[0])
        buf = io.BytesIO()
        c = new_canvas(buf, pw, ph, title)
        x, y = (pw - scene.width) / 2, (ph - scene.height) / 2
        c.setTrimBox((x * PT_PER_MM, y * PT_PER_MM, (x + scene.width) * PT_PER_MM,
                      (y + scene.height) * PT_PER_MM))
        draw_scene(c, scene, theme, x, y)
        c.showPage()
        c.save()
        return buf.getvalue()
    return tiled_pdf(scene, theme, plan_tiles(scene.width, scene.height, paper), title)


def tiled_pdf(scene: Scene, theme: Mapping[str, Ink], plan: TilePlan, title: str) -> bytes:
    """One page per tile: the part of the scene the tile shows, clipped, plus page furniture."""
    pw, ph = plan.paper
    buf = io.BytesIO()
    c = new_canvas(buf, pw, ph, title)
    # the sheet is drawn once as a form XObject; each page shows it clipped and shifted
    c.beginForm("sheet", lowerx=0, lowery=0, upperx=scene.width * PT_PER_MM,
                uppery=scene.height * PT_PER_MM)
    draw_scene(c, scene, theme)
    c.endForm()
    for tile in plan.tiles:
        c.setPageSize((pw * PT_PER_MM, ph * PT_PER_MM))
        ox, oy = MARGIN, MARGIN + FOOTER
        c.setTrimBox((ox * PT_PER_MM, oy * PT_PER_MM, (ox + tile.w) * PT_PER_MM,
                      (oy + tile.h) * PT_PER_MM))
        c.saveState()
        p = c.beginPath()
        p.rect(ox * PT_PER_MM, oy * PT_PER_MM, tile.w * PT_PER_MM, tile.h * PT_PER_MM)
        c.clipPath(p, stroke=0, fill=0)
        c.translate((ox - tile.x) * PT_PER_MM, (oy - tile.y) * PT_PER_MM)
        c.doForm("sheet")
        c.restoreState()
        marks = Scene(pw, ph, (Group(tuple(_marks(tile, plan, ox, oy)), layer="marks"),))
        draw_scene(c, marks, theme)
        draw_scene(c, _furniture(tile, plan, title), theme)
        c.showPage()
    c.save()
    return buf.getvalue()
