"""Playing pieces as laser parts: the piece's outline cut, its symbol engraved or scored.

The drawing comes from :func:`printables.products.pieces.art.piece_items` (the same art the
printed piece sheets use), read as follows:

- the largest disc or polygon is the piece's outline: it is cut;
- a filled shape nearly as large as the outline (a marker's face) has its edge scored;
- lines drawn with a pen width (rims, spirals, rings) are scored along their middle;
- other solid shapes (a cross, a dot) are fill-engraved; when filled shapes overlap (the
  rose's petals and barbs) the symbol is scored as line art instead: every shape's edge
  as far as it shows, with the parts hidden under later shapes left out.

Pieces of one tone (the last word of the art key: dark/light, black/white,
attacker/defender) go on their own sheets, to be cut from a material of that colour.

Rulings made here: every kind comes with its spares (as on the printed piece sheet); a
scored line within CLEAR (1 mm) of the piece's own cut is left out (print art such as a
light piece's rim ring would merge with the cut); a two-sided piece is a glue-up pair of
discs, one from each material, both numbered (stroke font, near the rim) on the face that
shows only when pairs differ (numbers on the glue face would need the disc turned over
for a second job); discs are packed in hexagonal rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, overload

from printables.boards import Board
from printables.games import Component, GameSpec
from printables.geometry import Arc, Part, Point, Segment, bbox_of
from printables.geometry.offset import part_distance
from printables.geometry.paths import clip_parts, contains_point, intersections, signed_area
from printables.products.laser.model import Contour, Fill, LaserPart, Marks, ccw_contour
from printables.products.laser.stroke import stroke_text
from printables.products.pieces.art import piece_diameters, piece_items, spares
from printables.render.paths import runs
from printables.render.scene import Circle, Group, Item, Path, Polygon

#: Piece art styles a pen draws (rims, rings, spirals): a laser scores them along their
#: middle. Every other closed shape of the art is solid (a disc, a marker's face, a cross,
#: a petal). Our reading of the art, made here so that a print theme's colours never
#: change what is cut; a style matches a name or any dotted name under it.
PEN_STYLES = ("piece.rim", "piece.symbol.ring", "piece.symbol.spiral")
#: ... except these, which are solid: the marker's rim is its coloured face.
SOLID_STYLES = ("piece.rim.marker",)
#: A filled shape at least this share of the outline's area is a face, not a symbol.
FACE_SHARE = 0.5
#: No scored line comes within this many mm of the piece's own cut.
CLEAR = 1.0


@overload
def _closed(item: Circle | Polygon) -> tuple[Part, ...]: ...
@overload
def _closed(item: Item) -> tuple[Part, ...] | None: ...
def _closed(item: Item) -> tuple[Part, ...] | None:
    if isinstance(item, Circle):
        return (Arc(item.center, item.radius, 0.0, 360.0),)
    if isinstance(item, Polygon):
        pts = item.points
        return tuple(Segment(a, b) for a, b in zip(pts, pts[1:] + pts[:1]))
    if isinstance(item, Path) and item.closed:
        return tuple(item.parts)
    return None


def _under(style: str, names: tuple[str, ...]) -> bool:
    return any(style == n or style.startswith(n + ".") for n in names)


def pen_drawn(style: str) -> bool:
    """True for art a pen draws (scored by the laser), False for solid shapes.

    >>> pen_drawn("piece.rim.white"), pen_drawn("piece.rim.marker"), pen_drawn("piece.disc")
    (True, False, False)
    """
    return _under(style, PEN_STYLES) and not _under(style, SOLID_STYLES)


def _filled(item: Item) -> bool:
    return not isinstance(item, Group) and _closed(item) is not None \
        and not pen_drawn(item.style)


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

        def uncovered(m: Point, later: list[tuple[Part, ...]] = later) -> bool:
            return not any(contains_point(s, m) for s in later)
        out.extend(clip_parts(parts, cutters, uncovered))
    return tuple(out)


def piece_marks(art: str, diameter: float) -> tuple[Marks, tuple[Part, ...]]:
    """(marks, outline parts) of one piece centred on the origin."""
    items = [it for it in piece_items(art, Point(0.0, 0.0), diameter)]
    shapes = [(it, _closed(it)) for it in items if isinstance(it, (Circle, Polygon))]
    outline_item, outline = max(shapes, key=lambda s: abs(signed_area(s[1])))
    full = abs(signed_area(outline))
    score: list[Part] = []
    symbol: list[tuple[Contour, ...]] = []  # filled areas, each its contours (holes too)
    for it in items:
        if it is outline_item:
            continue
        parts = _closed(it)
        if not _filled(it):
            if parts is None:  # an open path: _closed takes every other shape piece art draws
                assert isinstance(it, Path), f"the art {art} draws only shapes and paths"
                parts = it.parts
            score.extend(parts)
            continue
        assert parts is not None, "a filled item is closed (_filled)"
        region = filled_region(parts, getattr(it, "fill_rule", None))
        if region is None:  # outlines that cross: their edges, as overlapping shapes
            score.extend(visible_edges([tuple(parts)]))
        elif max(abs(signed_area(c)) for c in region) >= FACE_SHARE * full:
            score.extend(parts)
        else:
            symbol.append(region)
    fills: tuple[Fill, ...] = ()
    flat = [tuple(p for c in region for p in c) for region in symbol]
    if any(_overlap(a, b) for i, a in enumerate(flat) for b in flat[i + 1:]):
        score.extend(visible_edges(flat))
    else:
        fills = tuple(Fill(tuple(ccw_contour(c) for c in region), Point(0.0, 0.0))
                      for region in symbol)
    return Marks(outline, clear_of_outline(tuple(score), outline), fills), outline


def filled_region(parts: tuple[Part, ...], rule: str | None) -> tuple[Contour, ...] | None:
    """The contours of a filled shape (one, or several: a ring, the letter A) that, engraved
    with the even-odd rule as every laser sheet is, cover what the print fills by rule: all
    of them for evenodd; for nonzero, those where the winding number changes between zero
    and not zero (a hole drawn the same way round as its outline is filled over). None when
    two contours cross (no such reading without cutting them up)."""
    contours = [tuple(r.parts) for r in runs(parts)]
    if len(contours) == 1 or rule == "evenodd":
        return tuple(contours)
    if any(intersections(p, q) for i, a in enumerate(contours) for b in contours[i + 1:]
           for p in a for q in b):
        return None
    way = [1 if signed_area(c) > 0 else -1 for c in contours]
    kept = []
    for i, c in enumerate(contours):
        around = sum(way[j] for j, d in enumerate(contours)
                     if j != i and contains_point(d, c[0].start))
        if (around == 0) != (around + way[i] == 0):
            kept.append(c)
    return tuple(kept)


def tone_of(art: str) -> str:
    """The material tone of a piece art key.

    >>> tone_of("rose-dark"), tone_of("general-attacker")
    ('dark', 'attacker')
    """
    return art.rsplit("-", 1)[-1]


def piece_parts(game: GameSpec, board: Board, options: Mapping[str, Any] | None = None
                ) -> dict[str, tuple[list[LaserPart], str]]:
    """Every piece of a game, count plus spares as on the printed sheet, as laser parts
    grouped by tone (largest first), each tone with a note for the person gluing up.

    A two-sided piece (a component with a back) is two discs glued back to back: its front
    from the side's material, its back from the other side's. When the game has more than
    one kind of two-sided piece, both discs of a pair carry its number on the face that
    shows (the bare faces go together); when all are alike (Chameleons: every piece is
    dark one side, light the other) any disc pairs with any, and none is numbered."""
    opts = game.options(options)
    sizes = piece_diameters(game, board, None, opts)
    two_sided = [c for c in game.components(opts) if c.back]
    numbered = len({(frozenset((c.art, _back_art(c))), sizes[(c.side, c.kind)])
                    for c in two_sided}) > 1
    out: dict[str, list[LaserPart]] = {}
    pair = 0
    for c in game.components(opts):
        d = sizes[(c.side, c.kind)]
        n = c.count + spares(c.count)
        if not c.back:
            part = component_part(c, d)
            out.setdefault(part.tone, []).extend([part] * n)
            continue
        for _ in range(n):
            pair += 1
            for art, face in ((c.art, "front"), (_back_art(c), "back")):
                part = component_part(c, d, art, pair if numbered else 0)
                what = "numbered for glue-up" if numbered else "any with any"
                out.setdefault(part.tone, []).append(
                    replace(part, note=f"{c.label} {face}s, {d:g} mm, {what}"))
    how = ""
    if pair and numbered:
        how = (f"two-sided pieces: {pair} glue-up pairs; glue disc N of one material to disc "
               "N of the other, unmarked faces together, so both numbered faces show")
    elif pair:
        how = (f"two-sided pieces: {pair} glue-up pairs, all alike; glue any disc of one "
               "material to any disc of the other, bare faces together")
    for parts in out.values():
        parts.sort(key=lambda p: -(p.box[3] - p.box[1]))
    return {tone: (parts, how if pair else "") for tone, parts in out.items()}


def _back_art(c: Component) -> str:
    """The art key of a two-sided component's back face."""
    assert c.back is not None, f"{c.art} is two-sided"
    return c.art.rsplit("-", 1)[0] + "-" + c.back


def component_part(c: Component, d: float, art: str | None = None, pair: int = 0
                   ) -> LaserPart:
    """One piece of a component (or one face of a two-sided piece), as a laser part."""
    art = art or c.art
    marks, outline = piece_marks(art, d)
    if pair:
        marks = marks + Marks((), pair_number(pair, d), ())
    return LaserPart(c.label, marks, bbox_of(outline), note=f"{c.label}, {d:g} mm",
                     tone=tone_of(art), pair=pair)


def pair_number(n: int, d: float) -> tuple[Part, ...]:
    """A glue-up pair's number in the stroke font, scored near the rim of a disc of
    diameter d centred on the origin, CLEAR mm inside the cut."""
    size = 0.07 * d  # fits between the rim's clearance and the symbol (0.35 d across)
    y = -d / 2 + CLEAR + 0.3
    runs = stroke_text(str(n), size, Point(0.0, y), "middle")
    return tuple(p for r in runs for p in r)


def clear_of_outline(parts: tuple[Part, ...], outline: tuple[Part, ...]) -> tuple[Part, ...]:
    """Scored parts less those that come within CLEAR mm of the piece's cut (print art
    such as a rim ring just inside the edge: a real beam merges it with the cut)."""
    out = []
    for p in parts:
        pts = [p.start, p.midpoint(), p.end]
        if all(part_distance(o, q) >= CLEAR for o in outline for q in pts):
            out.append(p)
    return tuple(out)
