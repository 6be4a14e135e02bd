"""Playing pieces as laser parts: the piece's outline cut, its symbol engraved or scored.

The drawing comes from :func:`printables.products.piece_art.piece_items` (the same art the
printed piece sheets use), read as follows:

- the largest disc or polygon is the piece's outline: it is cut;
- a filled shape nearly as large as the outline (a marker's face) has its edge scored;
- lines drawn with a pen width (rims, spirals, rings) are scored along their middle;
- other filled shapes (a cross, a dot) are fill-engraved; when filled shapes overlap (the
  rose's petals and barbs) the symbol is scored as line art instead: every shape's edge
  as far as it shows, with the parts hidden under later shapes left out.

Pieces of one tone (the last word of the art key: dark/light, black/white,
attacker/defender) go on their own sheets, to be cut from a material of that colour.
"""

from __future__ import annotations

from printables.boards import Board
from printables.games import Component, GameSpec
from printables.geometry import Arc, Part, Point, bbox_of
from printables.geometry.paths import clip_parts, contains_point, intersections, signed_area
from printables.products.laser.model import Fill, LaserPart, Marks, ccw_contour
from printables.products.piece_art import piece_diameters, piece_items
from printables.render.scene import Circle, Item, Path, Polygon
from printables.render.theme import THEMES, ink

#: A filled shape at least this share of the outline's area is a face, not a symbol.
FACE_SHARE = 0.5


def _closed(item: Item) -> tuple[Part, ...] | None:
    if isinstance(item, Circle):
        return (Arc(item.center, item.radius, 0.0, 360.0),)
    if isinstance(item, Polygon):
        pts = item.points
        from printables.geometry import Segment
        return tuple(Segment(a, b) for a, b in zip(pts, pts[1:] + pts[:1]))
    if isinstance(item, Path) and item.closed:
        return tuple(item.parts)
    return None


def _filled(item: Item) -> bool:
    return _closed(item) is not None and bool(ink(THEMES["colour"], item.style).fill)


def _overlap(a: tuple[Part, ...], b: tuple[Part, ...]) -> bool:
    if any(intersections(p, q) for p in a for q in b):
        return True
    return contains_point(b, a[0].start) or contains_point(a, b[0].start)


def visible_edges(shapes: list[tuple[Part, ...]]) -> tuple[Part, ...]:
    """The edges of filled shapes drawn in order, less what later shapes cover."""
    out: list[Part] = []
    for i, parts in enumerate(shapes):
        later = shapes[i + 1:]
        cutters = tuple(p for s in later for p in s)
        out.extend(clip_parts(parts, cutters,
                              lambda m, later=later: not any(contains_point(s, m) for s in later)))
    return tuple(out)


def piece_marks(art: str, diameter: float) -> tuple[Marks, tuple[Part, ...]]:
    """(marks, outline parts) of one piece centred on the origin."""
    items = [it for it in piece_items(art, Point(0.0, 0.0), diameter)]
    shapes = [(it, _closed(it)) for it in items if isinstance(it, (Circle, Polygon))]
    outline_item, outline = max(shapes, key=lambda s: abs(signed_area(s[1])))
    full = abs(signed_area(outline))
    score: list[Part] = []
    symbol: list[tuple[Part, ...]] = []
    for it in items:
        if it is outline_item:
            continue
        parts = _closed(it)
        if not _filled(it):
            score.extend(parts if parts is not None else it.parts)
        elif abs(signed_area(parts)) >= FACE_SHARE * full:
            score.extend(parts)
        else:
            symbol.append(parts)
    fills: tuple[Fill, ...] = ()
    if any(_overlap(a, b) for i, a in enumerate(symbol) for b in symbol[i + 1:]):
        score.extend(visible_edges(symbol))
    else:
        fills = tuple(Fill((ccw_contour(s),), Point(0.0, 0.0)) for s in symbol)
    return Marks(outline, tuple(score), fills), outline


def tone_of(art: str) -> str:
    """The material tone of a piece art key.

    >>> tone_of("rose-dark"), tone_of("general-attacker")
    ('dark', 'attacker')
    """
    return art.rsplit("-", 1)[-1]


def piece_parts(game: GameSpec, board: Board, options=None) -> dict[str, list[LaserPart]]:
    """Every piece of a game as a laser part, grouped by tone (largest pieces first)."""
    opts = game.options(options)
    sizes = piece_diameters(game, board, None, opts)
    out: dict[str, list[LaserPart]] = {}
    for c in game.components(opts):
        d = sizes[(c.side, c.kind)]
        part = component_part(c, d)
        out.setdefault(part.tone, []).extend([part] * c.count)
    for parts in out.values():
        parts.sort(key=lambda p: -(p.box[3] - p.box[1]))
    return out


def component_part(c: Component, d: float) -> LaserPart:
    """One piece of a component, as a laser part."""
    marks, outline = piece_marks(c.art, d)
    return LaserPart(c.label, marks, bbox_of(outline), note=f"{c.label}, {d:g} mm",
                     tone=tone_of(c.art))
