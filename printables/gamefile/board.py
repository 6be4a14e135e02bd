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
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from printables.boards import Board, Decoration
from printables.boards.heptagon import heptagon_board
from printables.boards.hex import hex_board, tricolour
from printables.boards.points import grid_points, morris_points, points_board
from printables.boards.rings import DUGI_DEAD_ZONE, DUGI_DIAMETER, ring_board
from printables.boards.segments import MARGIN as SEGMENT_MARGIN
from printables.boards.segments import segment_board
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
from printables.boards.triangle import SHAPES as TRIANGLE_SHAPES
from printables.boards.triangle import triangle_board
from printables.errors import LayoutError, PrintablesError
from printables.geometry import Point
from printables.units import parse_length

TOPOLOGIES = ("square", "hex", "rings", "segments", "heptagon", "points", "triangle")
# Each key table maps a key to its one-line meaning: the reader checks [board] against the
# keys, and the documentation's game-file reference is printed from the meanings.
COMMON_KEYS = {
    "topology": "required: `square`, `hex`, `rings`, `segments`, `heptagon`, `points` or "
                "`triangle` (the keys of each are below)",
    "size": "the board's width as a length (rings: the rim diameter); give `size` or `cell`, "
            "not both",
    "cell": "one cell as a length (square: a square's side; hex: across flats; segments: the "
            "lattice pitch; points and triangle: between neighbouring points); not heptagon",
    "edges": "`[board.edges]` side -> the edges drawn in its colour, among `north`, `south`, "
             "`east`, `west`, `north-east`, `north-west`, `south-east`, `south-west` (the "
             "outer sides of cells facing that way within 60 degrees, as a band inside the "
             "edge cells; on a points board the outermost lines that way)",
}
KEYS = {
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
    "points": {
        "layout": "`grid` (default), `morris` (concentric squares) or `free` (any points and "
                  "lines)",
        "files": "grid: 2..26 points across",
        "ranks": "grid: points up (default `files`)",
        "diagonals": "grid: `none` (default), `all` or `alquerque` (through the points whose "
                     "file + rank is even)",
        "stars": "grid and free: the marked points (grid default: the usual star points of a "
                 "7..19 grid)",
        "file_labels": "grid: the file letters printed and used in names (Go's, without `i`)",
        "rank_labels": "grid: the rank labels printed and used in names",
        "rings": "morris: 2..12 squares (default 3: Nine Men's Morris)",
        "corners": "morris: `true` joins the squares' corners too (Twelve Men's Morris)",
        "points": "free: `[board.points]` name -> `[x, y]` in cells",
        "lines": "free: paths such as `\"a-b-c\"`, each step a line pieces move along",
        "labels": "`[board.labels]` point -> text printed beside it",
        "colours": "`[board.colours]` colour -> points, drawn as small discs (homes, goals)",
    },
    "triangle": {
        "shape": "`triangle`, `hexagon` or `star`: points on a triangular lattice, each joined "
                 "to its six neighbours; rows lettered `a` from the bottom, points numbered "
                 "from the left",
        "side": "points along a side (a star: rows in each of its points; 4 gives the "
                "121-point star)",
        "labels": "`[board.labels]` point -> text printed beside it",
        "colours": "`[board.colours]` colour -> points",
    },
}
#: Keys of a points board by layout (beyond topology, size, cell and labels).
POINTS_KEYS = {"grid": ("files", "ranks", "diagonals", "stars", "file_labels", "rank_labels"),
               "morris": ("rings", "corners"), "free": ("points", "lines", "stars")}
COLOUR_CLASSES = ("dark", "light", "plain", "blank", "spiral", "goal", "heptagon", "pentagon",
                  "unused")
#: The goal colours the themes draw; goal.SIDE of a side with its own colours ([side.SIDE])
#: is checked by the game file's reader, which knows the sides (a goal of any other name would
#: fall back unseen).
GOAL_COLOURS = ("goal.black", "goal.white")
_GOAL = re.compile(r"^goal\.[a-z0-9][a-z0-9-]*$")
DEFAULTS = {"square": 175.0, "hex": 20.0, "rings": 300.0, "segments": 36.0,
            "heptagon": 190.0, "points": 22.0, "triangle": 22.0}
_POINT_NAME = re.compile(r"^[a-z0-9]+$")

Builder = Callable[[Mapping[str, Any], float | None], Board]


def board_builder(r, b: Mapping, name: str, title: str) -> tuple[Builder, str]:
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


def unknown_key(r, key: str, where: str, section: str | None, valid: tuple[str, ...]):
    """The error for a key a table does not take, at its line inside the table."""
    hint = (f" ({key} belongs at the top, before the first [table])"
            if key in ("rules", "examples") and section else "")
    line, inside = None, section is None
    for i, text in enumerate(r.source.splitlines(), 1):
        head = re.match(r"^\s*\[\[?\s*([^\]]+?)\s*\]", text)
        if head:
            inside = head.group(1) == section
        elif inside and re.match(rf"^\s*\"?{re.escape(key)}\"?\s*=", text):
            line = i
            break
    return LayoutError(f"unknown key {key!r} in {where}; valid: {', '.join(valid)}{hint}",
                       file=r.path, line=line, input=key)


def fail_at(r, message: str, value: Any, key: str):
    """The error for a bad value: at the line of the value when the file quotes it, else at
    the line of its key."""
    if isinstance(value, str) and f'"{value}"' in r.source:
        return r.fail(message, value=value)
    return r.fail(message, key=key)


def _int(r, b: Mapping, key: str, lo: int, hi: int, default: int | None = None) -> int:
    v = b.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        shown = "missing" if v is None else repr(v)
        raise r.fail(f"[board] {key} is {shown}; use a whole number {lo}..{hi}", key=key)
    return v


def _length(r, b: Mapping, key: str) -> float | None:
    if key not in b:
        return None
    if isinstance(b[key], bool):
        raise r.fail(f"[board] {key} must be a length such as \"24mm\", not {b[key]!r}",
                     key=key)
    try:
        return parse_length(b[key], f"[board] {key}")
    except PrintablesError as e:
        raise r.fail(e.message, key=key) from None


def _choice(r, b: Mapping, key: str, choices: tuple[str, ...], default: str) -> str:
    v = b.get(key, default)
    if v not in choices:
        raise fail_at(r, f"[board] {key} {v!r} is not valid; valid: {', '.join(choices)}", v, key)
    return v


def _cell_table(r, b: Mapping, key: str, names: set[str], values: tuple[str, ...] | None
                ) -> dict[str, str]:
    """[board.<key>]: class -> list of cells, read as cell -> class."""
    v = b.get(key, {})
    if not isinstance(v, Mapping):
        raise r.fail(f"[board.{key}] must be a table such as dark = [\"a1\", \"c1\"]", key=key)
    out: dict[str, str] = {}
    for cls, cells in v.items():
        if values is not None and cls not in values and not _GOAL.match(cls):
            raise r.fail(f"unknown colour {cls!r} in [board.{key}]; valid: "
                         f"{', '.join(values + GOAL_COLOURS)} or goal.SIDE", key=cls)
        if not isinstance(cells, list):
            raise r.fail(f"[board.{key}] {cls} must be a list of cells", key=cls)
        for cell in cells:
            if not isinstance(cell, str) or cell not in names:
                raise r.fail(f"[board.{key}] names {cell!r}, which is not a cell of this "
                             f"board", value=cell)
            if cell in out:
                raise r.fail(f"[board.{key}] lists {cell} twice ({out[cell]} and {cls}); give "
                             "each cell once", value=cell, nth=2)
            out[cell] = str(cls)
    return out


def _built(r, make: Callable[[], Board]) -> Board:
    try:
        return make()
    except PrintablesError as e:
        raise r.fail(e.message, key="topology") from None


# ----------------------------------------------------------------------------- square

def _square(r, b: Mapping, name: str, title: str) -> tuple[Builder, str]:
    files = _int(r, b, "files", 1, 26)
    ranks = _int(r, b, "ranks", 1, 26, files)
    cell = _length(r, b, "cell")
    grid = cell * files if cell else (_length(r, b, "size") or DEFAULTS["square"])
    names = {square_name(f, k) for f in range(files) for k in range(ranks)}
    dead = b.get("dead", [])
    if not isinstance(dead, list) or any(not isinstance(c, str) or c not in names for c in dead):
        bad = next((c for c in dead if not isinstance(c, str) or c not in names), None) \
            if isinstance(dead, list) else None
        raise r.fail(f"[board] dead must list cells of the board, not {bad!r}", key="dead")
    colouring = _choice(r, b, "colouring", ("checker", "plain", "spiral", "map"), "checker")
    corner = _choice(r, b, "corner", ("dark", "light"), "dark")
    if colouring == "spiral" and (files != ranks or files % 2 == 0 or files < 3):
        raise r.fail("colouring = \"spiral\" needs a square board with an odd side "
                     "(files = ranks = 3, 5, 7, ...)", key="colouring")
    colours = _cell_table(r, b, "colours", names, COLOUR_CLASSES)
    kinds = _cell_table(r, b, "kinds", names, None)
    if colouring == "map":
        missing = sorted(names - set(colours) - set(dead))
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
        return isolate(square_board(name, title, files, size or grid, colour, kind,
                                    decorations=decorations, ranks=ranks), frozenset(dead))
    _built(r, lambda: build({}, None))
    return build, f"{files}x{ranks} square board, {colouring} colouring"


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

def _hex(r, b: Mapping, name: str, title: str) -> tuple[Builder, str]:
    shape = _choice(r, b, "shape", ("hexhex", "rhombus"), "hexhex")
    if shape == "hexhex":
        m = _int(r, b, "radius", 1, 13)
        n = m
    else:
        m, n = _int(r, b, "columns", 1, 26), _int(r, b, "rows", 1, 26)
    orientation = _choice(r, b, "orientation", ("pointy", "flat"), "pointy")
    colouring = _choice(r, b, "colouring", ("plain", "tricolour", "map"), "plain")
    probe = _built(r, lambda: hex_board(name, title, shape, m, n, 1.0, orientation))
    coords = probe.data["coords"]
    colours = _cell_table(r, b, "colours", set(coords), COLOUR_CLASSES)
    if colouring == "map" and set(coords) - set(colours):
        missing = sorted(set(coords) - set(colours))[0]
        raise r.fail(f"colouring = \"map\" but cell {missing} has no colour in "
                     "[board.colours]", key="colouring")
    by_coord = {coords[c]: k for c, k in colours.items()}
    base = tricolour if colouring == "tricolour" else (lambda q, k: "plain")
    cell = _length(r, b, "cell")
    if cell is None:
        cell = (_length(r, b, "size") or probe.width * DEFAULTS["hex"]) / probe.width

    def colour(q: int, k: int) -> str:
        return by_coord.get((q, k)) or base(q, k)

    def build(options: Mapping[str, Any], size: float | None) -> Board:
        c = size / probe.width if size else cell
        return hex_board(name, title, shape, m, n, c, orientation, colour)
    what = f"hex-hex of radius {m}" if shape == "hexhex" else f"{m}x{n} hex rhombus"
    return build, f"{what}, {orientation} cells, {len(coords)} cells"


# ----------------------------------------------------------------------------- the others

def _rings(r, b: Mapping, name: str, title: str) -> tuple[Builder, str]:
    n_rings = _int(r, b, "rings", 1, 26)
    sectors = _int(r, b, "sectors", 3, 72)
    if "cell" in b:
        raise r.fail("a rings board takes size (the rim diameter), not cell", key="cell")
    diameter = _length(r, b, "size") or DEFAULTS["rings"]
    dead = _length(r, b, "dead_zone")
    share = (dead / diameter) if dead else DUGI_DEAD_ZONE / DUGI_DIAMETER
    if share >= 0.5:
        raise r.fail(f"[board] dead_zone {b['dead_zone']!r} must be smaller than the rim "
                     f"radius ({diameter / 2:g} mm)", key="dead_zone")

    def build(options: Mapping[str, Any], size: float | None) -> Board:
        d = size or diameter
        return ring_board(name, title, d, n_rings, sectors, share * d)
    _built(r, lambda: build({}, None))
    return build, f"{n_rings} rings x {sectors} sectors round a dead zone"


def _segments(r, b: Mapping, name: str, title: str) -> tuple[Builder, str]:
    cols, rows = _int(r, b, "columns", 1, 25), _int(r, b, "rows", 1, 25)
    bends = b.get("bends", [])
    corners = ("sw", "se", "nw", "ne")
    if (not isinstance(bends, list) or any(x not in corners for x in bends)
            or len(set(bends)) != len(bends)):
        raise r.fail(f"[board] bends must list corners among {', '.join(corners)}",
                     key="bends")
    if bends and (cols < 2 or rows < 2):
        raise r.fail("bends need a grid of at least 2 x 2 cells", key="bends")
    across = cols + 2 * SEGMENT_MARGIN
    pitch = _length(r, b, "cell") or ((_length(r, b, "size") or DEFAULTS["segments"] * across)
                                      / across)

    def build(options: Mapping[str, Any], size: float | None) -> Board:
        return segment_board(name, title, size / across if size else pitch, cols + 1,
                             rows + 1, tuple(bends))
    board = _built(r, lambda: build({}, None))
    return build, f"pieces on the {len(board.spaces)} line segments of a {cols}x{rows} grid"


def _heptagon(r, b: Mapping, name: str, title: str) -> tuple[Builder, str]:
    rows, cols = _int(r, b, "rows", 1, 26), _int(r, b, "columns", 2, 30)
    width = _length(r, b, "size") or DEFAULTS["heptagon"]

    def build(options: Mapping[str, Any], size: float | None) -> Board:
        return heptagon_board(name, title, size or width, rows, cols)
    _built(r, lambda: build({}, None))
    return build, f"{rows} rows of {cols} heptagons with pentagons between them"


# ----------------------------------------------------------------------------- points

def _pitched(r, b: Mapping, make: Callable[[float], Board]) -> tuple[Builder, Board]:
    """A builder from make(pitch): cell is the pitch, size the board's width; points named
    in [board.colours] are drawn as discs of that colour (a goal, a home)."""
    probe = _built(r, lambda: make(1.0))
    colours = _cell_table(r, b, "colours", set(probe.names), COLOUR_CLASSES)
    if colours:
        plain = make

        def make(p: float) -> Board:
            board = plain(p)
            return replace(board, spaces=tuple(replace(s, colour=colours.get(s.name, s.colour))
                                               for s in board.spaces))
    cell = _length(r, b, "cell")
    if cell is None:
        size = _length(r, b, "size")
        cell = size / probe.width if size else DEFAULTS["points"]

    def build(options: Mapping[str, Any], size: float | None) -> Board:
        return make(size / probe.width if size else cell)
    return build, _built(r, lambda: build({}, None))


def _names(r, b: Mapping, key: str) -> list[str]:
    v = b.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) and _POINT_NAME.match(x.lower())
                                          for x in v):
        raise r.fail(f"[board] {key} must be a list of labels made of letters and digits, "
                     "such as [\"a\", \"b\"]", key=key)
    return v


def _space_labels(r, b: Mapping) -> dict[str, str]:
    v = b.get("labels", {})
    if not isinstance(v, Mapping) or not all(isinstance(t, str) for t in v.values()):
        raise r.fail("[board.labels] must map point names to the text printed beside them, "
                     "such as a1 = \"home\"", key="labels")
    return dict(v)


def _free_points(r, b: Mapping) -> tuple[dict[str, tuple[float, float]], list[tuple[str, str]]]:
    pts = b.get("points")
    if not isinstance(pts, Mapping) or len(pts) < 2:
        raise r.fail("[board.points] must name two or more points, each [x, y] in cells, "
                     "such as a = [0, 0]", key="points")
    coords: dict[str, tuple[float, float]] = {}
    for n, xy in pts.items():
        if not _POINT_NAME.match(n):
            raise r.fail(f"point name {n!r}: use lower-case letters and digits (a move "
                         "names it, as in a1-b2)", key=n)
        if (not isinstance(xy, list) or len(xy) != 2 or any(
                isinstance(c, bool) or not isinstance(c, (int, float)) or abs(c) > 100
                for c in xy)):
            raise r.fail(f"point {n} must be [x, y], two numbers of cells (-100..100)", key=n)
        coords[n] = (float(xy[0]), float(xy[1]))
    lines: list[tuple[str, str]] = []
    raw = b.get("lines", [])
    if not isinstance(raw, list):
        raise r.fail("[board] lines must be a list of paths such as [\"a-b-c\", \"a-d\"]",
                     key="lines")
    for path in raw:
        chain = path.split("-") if isinstance(path, str) else path
        if not isinstance(chain, list) or len(chain) < 2:
            raise r.fail(f"[board] lines: {path!r} is not a path such as \"a-b\"",
                         key="lines")
        for n in chain:
            if n not in coords:
                raise fail_at(r, f"[board] lines names {n!r}, which is not in [board.points]",
                              n, "lines")
        lines += list(zip(chain, chain[1:], strict=False))
    return coords, lines


def _points(r, b: Mapping, name: str, title: str) -> tuple[Builder, str]:
    layout = _choice(r, b, "layout", tuple(POINTS_KEYS), "grid")
    shared = ("layout", "labels", "colours")
    extra = sorted(set(b) - set(COMMON_KEYS) - set(shared) - set(POINTS_KEYS[layout]))
    if extra:
        raise unknown_key(r, extra[0], f"[board] of a {layout} points board", "board",
                          (*COMMON_KEYS, *shared, *POINTS_KEYS[layout]))
    beside = _space_labels(r, b)
    stars = _names(r, b, "stars") if "stars" in b else None
    if layout == "grid":
        files, ranks = _int(r, b, "files", 2, 26), 0
        ranks = _int(r, b, "ranks", 2, 26, files)
        diagonals = _choice(r, b, "diagonals", ("none", "all", "alquerque"), "none")
        labels = None
        if "file_labels" in b or "rank_labels" in b:
            fl = _names(r, b, "file_labels") or [chr(97 + i) for i in range(files)]
            rl = _names(r, b, "rank_labels") or [str(i + 1) for i in range(ranks)]
            labels = (fl, rl)

        def make(p: float) -> Board:
            return grid_points(name, title, files, ranks, p, diagonals, stars, labels, beside)
        what = f"{files}x{ranks} grid of points" + {"none": "", "all": " with diagonals",
                                                     "alquerque": " with Alquerque diagonals"
                                                     }[diagonals]
    elif layout == "morris":
        rings = _int(r, b, "rings", 2, 12, 3)
        corners = b.get("corners", False)
        if not isinstance(corners, bool):
            raise r.fail("[board] corners must be true or false", key="corners")

        def make(p: float) -> Board:
            return morris_points(name, title, rings, p, corners, beside)
        what = f"{rings} concentric squares of 8 points"
    else:
        coords, lines = _free_points(r, b)

        def make(p: float) -> Board:
            return points_board(name, title, coords, lines, p, stars or (), (), beside)
        what = "points joined by lines"
    build, board = _pitched(r, b, make)
    return build, f"{what}: {len(board.spaces)} points, {len(board.lines)} lines"


def _triangle(r, b: Mapping, name: str, title: str) -> tuple[Builder, str]:
    shape = _choice(r, b, "shape", TRIANGLE_SHAPES, "triangle")
    side = _int(r, b, "side", 2, 13)
    beside = _space_labels(r, b)

    def make(p: float) -> Board:
        return triangle_board(name, title, shape, side, p, beside)
    build, board = _pitched(r, b, make)
    return build, (f"{shape} of side {side} on a triangle grid: {len(board.spaces)} points, "
                   f"{len(board.lines)} lines")


READERS = {"square": _square, "hex": _hex, "rings": _rings, "segments": _segments,
           "heptagon": _heptagon, "points": _points, "triangle": _triangle}
