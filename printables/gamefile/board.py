"""The [board] section of a game file -> a board builder on the public board builders.

One reader per topology (square, hex, rings, segments, heptagon) checks its keys and
returns ``build(options, size)`` (size: the --size a user gives, in the topology's own
meaning, overriding the file's) and a one-line summary of the board. Rulings (ours):

- square: ``size`` is the grid's width (files x cell), as for the built-in square games;
  ``cell`` is one square's side. hex: ``cell`` is a cell's width across flats, ``size`` the
  whole board's width. rings: ``size`` is the rim diameter. segments: ``cell`` is the
  lattice pitch, ``size`` the board's width. heptagon: ``size`` is the board's width.
- Colour classes are the board colours every theme knows: dark, light, plain, spiral,
  goal (goal.black, goal.white, ...), heptagon, pentagon; blank has no ink of its own
  (white in the colour theme).
- ``colouring = "map"`` means every cell's colour is given in [board.colours].
- square ``dead`` cells are drawn crossed out and named (a position file may name them),
  but take part in no relation: colour ``unused``, kind ``dead`` unless [board.kinds] names
  another (Network's corners are kind ``corner``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from printables.boards import Board, Decoration
from printables.boards.heptagon import heptagon_board
from printables.boards.hex import hex_board, tricolour
from printables.boards.rings import DUGI_DEAD_ZONE, DUGI_DIAMETER, ring_board
from printables.boards.segments import MARGIN as SEGMENT_MARGIN
from printables.boards.segments import segment_board
from printables.boards.spans import SHAPES as SPACE_SHAPES
from printables.boards.spans import shaped
from printables.boards.square import (
    BOUNDARY_WIDTH,
    boundary_decorations,
    checker,
    dead_cell_marks,
    isolate,
    parse_square,
    spiral,
    spiral_colouring,
    square_board,
    square_name,
)
from printables.gamefile.fields import (
    COLOUR_CLASSES,
    COMMON_KEYS,
    DEFAULTS,
    Builder,
    built,
    cell_table,
    fail_at,
    read_choice,
    read_int,
    read_length,
)
from printables.gamefile.fields import GOAL_COLOURS as GOAL_COLOURS
from printables.gamefile.fields import unknown_key as unknown_key
from printables.gamefile.points import KEYS as POINTS_TOPOLOGY_KEYS
from printables.gamefile.points import read_points, read_triangle
from printables.geometry import Point

if TYPE_CHECKING:
    from printables.positions import SourceReader

TOPOLOGIES = ("square", "hex", "rings", "segments", "heptagon", "points", "triangle")
#: Space shapes of a square board, key -> what it means (the game-file reference prints it).
SHAPE_KEYS = {
    "shapes": "`[board.shapes]` shape -> cells: `circle` (a pit), `rounded` (a rounded "
              "square) or `square` (the default)",
    "spans": "`[board.spans]` name -> cells: every cell of one rectangle becomes one space "
             "of that name, drawn as a rounded rectangle (a mancala's store; `[board.colours]`"
             " and `[board.kinds]` may name it; its neighbours are its cells' neighbours)",
}
KEYS: dict[str, dict[str, str]] = {
    "square": {
        "files": "1..26 columns, lettered `a`..",
        "ranks": "1..26 rows, numbered from 1 at the bottom (default `files`)",
        "colouring": "`checker` (default), `plain`, `spiral` (the Chameleons double spiral, odd "
                     "square boards) or `map` (every cell in `[board.colours]`)",
        "corner": "with `checker`: `\"dark\"` (default) or `\"light\"`, the colour of a1",
        "colours": "`[board.colours]` colour -> cells, over the colouring (goals: "
                   "`\"goal.black\" = [\"b1\", \"c1\"]`)",
        "kinds": "`[board.kinds]` kind -> cells (the Chameleons centre is kind `spiral`)",
        "space_kind": "the kind of every cell `[board.kinds]` does not name (default `square`)",
        "dead": "cells drawn crossed out, as Network's corners: named spaces (colour `unused`, "
                "kind `dead` unless `[board.kinds]` says otherwise) in no relation, so no "
                "piece moves there",
        **SHAPE_KEYS,
    },
    "hex": {
        "shape": "`hexhex` (with `radius`) or `rhombus` (with `columns` and `rows`)",
        "radius": "hexhex: n, for 3n(n-1)+1 cells; flat cells are named as on Havannah boards, "
                  "pointy ones as on Abalone boards",
        "columns": "rhombus: cells across, lettered as on Hex boards (`a1` top left)",
        "rows": "rhombus: cells down, numbered",
        "orientation": "`pointy` or `flat` cells",
        "colouring": "`plain`, `tricolour` (no two neighbours alike) or `map`",
        "colours": "`[board.colours]` colour -> cells, as for square",
    },
    "rings": {
        "rings": "1..26 rings, lettered `a` from the outside inward",
        "sectors": "3..72 sectors, numbered counter-clockwise from 9 o'clock",
        "dead_zone": "the radius of the centre where nothing stands (default 0.15 x the "
                     "diameter)",
    },
    "segments": {
        "columns": "cells across (pieces stand on the segments of the lattice, which has one "
                   "point more each way)",
        "rows": "cells down",
        "bends": "corners among `sw`, `se`, `nw`, `ne` whose two edge segments become one "
                 "curved space, as on Danadazo",
    },
    "heptagon": {
        "rows": "rows of the EVL tiling of heptagons with pentagons between them, lettered "
                "`A`..",
        "columns": "heptagons in a row",
    },
    **POINTS_TOPOLOGY_KEYS,
}


def board_builder(r: SourceReader, b: Mapping[str, Any], name: str,
                  title: str) -> tuple[Builder, str]:
    """The builder and summary a [board] table describes (r: the game file's reader)."""
    topology = b.get("topology")
    if topology not in TOPOLOGIES:
        raise fail_at(r, f"unknown board topology {topology!r}; valid: "
                      f"{', '.join(TOPOLOGIES)}", topology, "topology")
    allowed = (*COMMON_KEYS, *KEYS[topology])
    unknown = sorted(set(b) - set(allowed))
    if unknown:
        raise unknown_key(r, unknown[0], f"[board] of a {topology} board", "board", allowed)
    if "size" in b and "cell" in b:
        raise r.fail("[board] gives both size and cell; keep one", key="cell")
    if topology == "heptagon" and "cell" in b:
        raise r.fail("a heptagon board takes size (its overall width), not cell", key="cell")
    return READERS[topology](r, b, name, title)


# ----------------------------------------------------------------------------- square

def _square(r: SourceReader, b: Mapping[str, Any], name: str, title: str) -> tuple[Builder, str]:
    files = read_int(r, b, "files", 1, 26)
    ranks = read_int(r, b, "ranks", 1, 26, files)
    cell = read_length(r, b, "cell")
    grid = cell * files if cell else (read_length(r, b, "size") or DEFAULTS["square"])
    names = {square_name(f, k) for f in range(files) for k in range(ranks)}
    dead = b.get("dead", [])
    if not isinstance(dead, list) or any(not isinstance(c, str) or c not in names for c in dead):
        bad = next((c for c in dead if not isinstance(c, str) or c not in names), None) \
            if isinstance(dead, list) else None
        raise r.fail(f"[board] dead must list cells of the board, not {bad!r}", key="dead")
    colouring = read_choice(r, b, "colouring", ("checker", "plain", "spiral", "map"), "checker")
    corner = read_choice(r, b, "corner", ("dark", "light"), "dark")
    if colouring == "spiral" and (files != ranks or files % 2 == 0 or files < 3):
        raise r.fail("colouring = \"spiral\" needs a square board with an odd side "
                     "(files = ranks = 3, 5, 7, ...)", key="colouring")
    shapes, spans = _shapes_and_spans(r, b, names, set(dead))
    in_play = (names - {c for cells in spans.values() for c in cells}) | set(spans)
    colours = cell_table(r, b, "colours", in_play, COLOUR_CLASSES)
    kinds = cell_table(r, b, "kinds", in_play, None)
    if colouring == "map":
        missing = sorted(in_play - set(colours) - set(dead))
        if missing:
            raise r.fail(f"colouring = \"map\" but cell {missing[0]} has no colour in "
                         "[board.colours]", key="colouring")
    base = {"checker": checker(corner == "dark"), "plain": lambda f, k: "plain",
            "map": lambda f, k: "plain"}.get(colouring) or spiral_colouring(files)
    space_kind = str(b.get("space_kind", "square"))

    def colour(f: int, k: int) -> str:
        name = square_name(f, k)
        return "unused" if name in dead else colours.get(name) or base(f, k)

    def kind(f: int, k: int) -> str:
        name = square_name(f, k)
        return kinds.get(name, "dead" if name in dead else space_kind)

    def decorations(pitch: float, origin: Point) -> tuple[Decoration, ...]:
        arms = (boundary_decorations(files, colour, pitch, origin, pitch * BOUNDARY_WIDTH)
                if colouring == "spiral" else ())  # the line between the arms, as Chameleons
        return dead_cell_marks(set(dead), pitch, origin) + arms + spiral_marks(
            [n for n in names if colour(*_coords(n)) == "spiral" and n not in dead],
            pitch, origin)

    def build(options: Mapping[str, Any], size: float | None) -> Board:
        board = isolate(square_board(name, title, files, size or grid, colour, kind,
                                     decorations=decorations, ranks=ranks), frozenset(dead))
        return shaped(board, shapes, spans, colours, kinds) if shapes or spans else board
    built(r, lambda: build({}, None))
    stores = f", {len(spans)} span{'s' if len(spans) != 1 else ''}" if spans else ""
    return build, f"{files}x{ranks} square board, {colouring} colouring{stores}"


def _shapes_and_spans(r: SourceReader, b: Mapping[str, Any], names: set[str], dead: set[str]
                      ) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """[board.shapes] (cell -> circle or rounded) and [board.spans] (name -> its cells)."""
    shapes = cell_table(r, b, "shapes", names, SPACE_SHAPES)
    raw = b.get("spans", {})
    if not isinstance(raw, Mapping):
        raise r.fail("[board.spans] maps a space's name to the cells it spans, such as "
                     "store = [\"a1\", \"a2\"]", key="spans")
    spans: dict[str, tuple[str, ...]] = {}
    taken: dict[str, str] = {}
    for span, cells in raw.items():
        if not re.match(r"^[a-z0-9]+$", span) or span in names:
            raise r.fail(f"span name {span!r}: use lower-case letters and digits, not a "
                         "cell's name (a position file names the span)", key=span)
        if not isinstance(cells, list) or len(cells) < 2:
            raise r.fail(f"[board.spans] {span} must list two or more cells", key=span)
        for c in cells:
            if not isinstance(c, str) or c not in names or c in dead or c in taken:
                why = ("dead" if c in dead else f"already in span {taken[c]}" if c in taken
                       else "not a cell of this board")
                raise fail_at(r, f"[board.spans] {span} names {c!r}, which is {why}", c,
                              span)
            taken[c] = span
        spans[span] = tuple(cells)
    return shapes, spans


def _coords(name: str) -> tuple[int, int]:
    return parse_square(name)


def spiral_marks(cells: list[str], pitch: float, origin: Point) -> tuple[Decoration, ...]:
    """The spiral art (as on the Chameleons centre) on each cell coloured 'spiral'."""
    out = []
    for n in sorted(cells):
        f, k = _coords(n)
        c = Point(origin.x + (f + 0.5) * pitch, origin.y + (k + 0.5) * pitch)
        out.append(Decoration(spiral(c, pitch), "spiral", "decor"))
    return tuple(out)


# ----------------------------------------------------------------------------- hex

def _hex(r: SourceReader, b: Mapping[str, Any], name: str, title: str) -> tuple[Builder, str]:
    shape = read_choice(r, b, "shape", ("hexhex", "rhombus"), "hexhex")
    if shape == "hexhex":
        m = read_int(r, b, "radius", 1, 13)
        n = m
    else:
        m, n = read_int(r, b, "columns", 1, 26), read_int(r, b, "rows", 1, 26)
    orientation = read_choice(r, b, "orientation", ("pointy", "flat"), "pointy")
    colouring = read_choice(r, b, "colouring", ("plain", "tricolour", "map"), "plain")
    probe = built(r, lambda: hex_board(name, title, shape, m, n, 1.0, orientation))
    coords = probe.data["coords"]
    colours = cell_table(r, b, "colours", set(coords), COLOUR_CLASSES)
    if colouring == "map" and set(coords) - set(colours):
        missing = sorted(set(coords) - set(colours))[0]
        raise r.fail(f"colouring = \"map\" but cell {missing} has no colour in "
                     "[board.colours]", key="colouring")
    by_coord = {coords[c]: k for c, k in colours.items()}
    base = tricolour if colouring == "tricolour" else (lambda q, k: "plain")
    cell = read_length(r, b, "cell")
    if cell is None:
        cell = (read_length(r, b, "size") or probe.width * DEFAULTS["hex"]) / probe.width

    def colour(q: int, k: int) -> str:
        return by_coord.get((q, k)) or base(q, k)

    def build(options: Mapping[str, Any], size: float | None) -> Board:
        c = size / probe.width if size else cell
        return hex_board(name, title, shape, m, n, c, orientation, colour)
    what = f"hex-hex of radius {m}" if shape == "hexhex" else f"{m}x{n} hex rhombus"
    return build, f"{what}, {orientation} cells, {len(coords)} cells"


# ----------------------------------------------------------------------------- the others

def _rings(r: SourceReader, b: Mapping[str, Any], name: str, title: str) -> tuple[Builder, str]:
    n_rings = read_int(r, b, "rings", 1, 26)
    sectors = read_int(r, b, "sectors", 3, 72)
    if "cell" in b:
        raise r.fail("a rings board takes size (the rim diameter), not cell", key="cell")
    diameter = read_length(r, b, "size") or DEFAULTS["rings"]
    dead = read_length(r, b, "dead_zone")
    share = (dead / diameter) if dead else DUGI_DEAD_ZONE / DUGI_DIAMETER
    if share >= 0.5:
        raise r.fail(f"[board] dead_zone {b['dead_zone']!r} must be smaller than the rim "
                     f"radius ({diameter / 2:g} mm)", key="dead_zone")

    def build(options: Mapping[str, Any], size: float | None) -> Board:
        d = size or diameter
        return ring_board(name, title, d, n_rings, sectors, share * d)
    built(r, lambda: build({}, None))
    return build, f"{n_rings} rings x {sectors} sectors round a dead zone"


def _segments(r: SourceReader, b: Mapping[str, Any], name: str, title: str) -> tuple[Builder, str]:
    cols, rows = read_int(r, b, "columns", 1, 25), read_int(r, b, "rows", 1, 25)
    bends = b.get("bends", [])
    corners = ("sw", "se", "nw", "ne")
    if (not isinstance(bends, list) or any(x not in corners for x in bends)
            or len(set(bends)) != len(bends)):
        raise r.fail(f"[board] bends must list corners among {', '.join(corners)}",
                     key="bends")
    if bends and (cols < 2 or rows < 2):
        raise r.fail("bends need a grid of at least 2 x 2 cells", key="bends")
    across = cols + 2 * SEGMENT_MARGIN
    size = read_length(r, b, "size") or DEFAULTS["segments"] * across
    pitch = read_length(r, b, "cell") or size / across

    def build(options: Mapping[str, Any], size: float | None) -> Board:
        return segment_board(name, title, size / across if size else pitch, cols + 1,
                             rows + 1, tuple(bends))
    board = built(r, lambda: build({}, None))
    return build, f"pieces on the {len(board.spaces)} line segments of a {cols}x{rows} grid"


def _heptagon(r: SourceReader, b: Mapping[str, Any], name: str, title: str) -> tuple[Builder, str]:
    rows, cols = read_int(r, b, "rows", 1, 26), read_int(r, b, "columns", 2, 30)
    width = read_length(r, b, "size") or DEFAULTS["heptagon"]

    def build(options: Mapping[str, Any], size: float | None) -> Board:
        return heptagon_board(name, title, size or width, rows, cols)
    built(r, lambda: build({}, None))
    return build, f"{rows} rows of {cols} heptagons with pentagons between them"


READERS = {"square": _square, "hex": _hex, "rings": _rings, "segments": _segments,
           "heptagon": _heptagon, "points": read_points, "triangle": read_triangle}
