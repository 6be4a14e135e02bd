"""The [board] table of a points board or a triangle grid -> its builder (boards.points,
boards.triangle, boards.point_lines).

Every layout takes the keys of DRAWING_KEYS: what it draws and what it joins declared
apart (lines, connections, drawn, undrawn), curves, guide points, dead points and kinds.
Names are checked here against the layout's own points, so a wrong name is reported at its
line before anything is built. Rulings (ours): a point's kind is ``point`` (``dead`` for a
dead point) unless [board.kinds] or ``space_kind`` says otherwise; a free layout prints its
coordinates (boards.point_lines.grid_named): letters and numbers round a grid named a1, b1,
..., else each point's name small beside it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from printables.boards import Board
from printables.boards.point_lines import CurveSpec, Extras, Place, grid_named
from printables.boards.points import (
    NO_EXTRAS,
    edge_labels,
    grid_points,
    morris_points,
    points_board,
)
from printables.boards.triangle import SHAPES as TRIANGLE_SHAPES
from printables.boards.triangle import triangle_board
from printables.errors import PrintablesError
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
    unknown_key,
)

if TYPE_CHECKING:
    from printables.positions import SourceReader

#: Keys of a points board by layout (beyond topology, size, cell and the shared keys).
LAYOUT_KEYS = {"grid": ("files", "ranks", "diagonals", "stars", "file_labels", "rank_labels"),
               "morris": ("rings", "corners"), "free": ("points", "stars")}
#: What every points layout and triangle grid also takes, key -> what it means.
DRAWING_KEYS = {
    "lines": "more lines, each drawn and joining its points (paths such as \"a-b-c\"; a free "
             "layout: all its lines)",
    "connections": "points joined with no line drawn between them (paths)",
    "drawn": "lines drawn that join nothing (paths; they may end on guide points)",
    "undrawn": "lines of the layout or of lines that still join but are not drawn (paths)",
    "curves": "`[[board.curves]]` circle arcs: `from`, `to`, and `centre` or `through` (a "
              "point, a guide or `[x, y]`); `clockwise`; `joins` (its ends, relation `curve`)",
    "guides": "`[board.guides]` name = `[x, y]`: places lines and curves may use, where "
              "nothing stands",
    "dead": "points where nothing may stand: named, crossed out, in no relation",
    "kinds": "`[board.kinds]` kind -> points (the Xiangqi palace, a camp)",
    "space_kind": "the kind of every point `[board.kinds]` does not name (default `point`)",
}
#: Keys of a curve table ([[board.curves]]).
CURVE_KEYS = ("from", "to", "centre", "through", "clockwise", "joins")
SHARED = ("layout", "labels", "colours", *DRAWING_KEYS)
#: Every key of a points board and a triangle grid, key -> what it means (the game-file
#: reference prints it; LAYOUT_KEYS says which layout takes which).
KEYS: dict[str, dict[str, str]] = {
    "points": {
        "layout": "`grid` (default), `morris` (concentric squares) or `free` (any points and "
                  "lines)",
        "files": "grid: 2..26 points across",
        "ranks": "grid: points up (default `files`)",
        "diagonals": "grid: `none` (default), `all` or `alquerque` (through the points whose "
                     "file + rank is even); whatever is drawn, a grid's points also have the "
                     "relations `orthogonal` and `diagonal` (their lattice neighbours), so "
                     "`[rules]` can read rows of five on a Go board",
        "stars": "grid and free: the marked points (grid default: the usual star points of a "
                 "7..19 grid)",
        "file_labels": "grid: the file letters printed and used in names (Go's, without `i`)",
        "rank_labels": "grid: the rank labels printed and used in names",
        "rings": "morris: 2..12 squares (default 3: Nine Men's Morris)",
        "corners": "morris: `true` joins the squares' corners too (Twelve Men's Morris)",
        "points": "free: `[board.points]` name -> `[x, y]` in cells",
        "labels": "`[board.labels]` point -> text printed beside it",
        "colours": "`[board.colours]` colour -> points, drawn as small discs (homes, goals)",
        **DRAWING_KEYS,
    },
    "triangle": {
        "shape": "`triangle`, `hexagon` or `star`: points on a triangular lattice, each joined "
                 "to its six neighbours; rows lettered `a` from the bottom, points numbered "
                 "from the left",
        "side": "points along a side (a star: rows in each of its points; 4 gives the "
                "121-point star)",
        "labels": "`[board.labels]` point -> text printed beside it",
        "colours": "`[board.colours]` colour -> points",
        **DRAWING_KEYS,
    },
}
_POINT_NAME = re.compile(r"^[a-z0-9]+$")
#: The first words of a builder's error -> the key it is about (for the error's line).
_ERROR_KEYS = (("line", "lines"), ("connection", "connections"), ("drawn", "drawn"),
               ("undrawn", "undrawn"), ("dead", "dead"), ("guide", "guides"),
               ("a curve", "curves"))

Make = Callable[[float, Extras], Board]


def _pitched(r: SourceReader, b: Mapping[str, Any], make: Callable[[float], Board],
             kinds: Mapping[str, str]
             ) -> tuple[Builder, Board]:
    """A builder from make(pitch): cell is the pitch, size the board's width; points named
    in [board.colours] are drawn as discs of that colour (a goal, a home), and take the
    kinds given."""
    probe = built(r, lambda: make(1.0))
    colours = cell_table(r, b, "colours", set(probe.names), COLOUR_CLASSES)
    if colours or kinds:
        plain = make

        def make(p: float) -> Board:
            board = plain(p)
            return replace(board, spaces=tuple(
                replace(s, colour=colours.get(s.name, s.colour), kind=kinds.get(s.name, s.kind))
                for s in board.spaces))
    cell = read_length(r, b, "cell")
    if cell is None:
        size = read_length(r, b, "size")
        cell = size / probe.width if size else DEFAULTS["points"]

    def build(options: Mapping[str, Any], size: float | None) -> Board:
        return make(size / probe.width if size else cell)
    return build, built(r, lambda: build({}, None))


def _names(r: SourceReader, b: Mapping[str, Any], key: str) -> list[str]:
    v = b.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) and _POINT_NAME.match(x.lower())
                                          for x in v):
        raise r.fail(f"[board] {key} must be a list of labels made of letters and digits, "
                     "such as [\"a\", \"b\"]", key=key)
    return v


def _space_labels(r: SourceReader, b: Mapping[str, Any]) -> dict[str, str]:
    v = b.get("labels", {})
    if not isinstance(v, Mapping) or not all(isinstance(t, str) for t in v.values()):
        raise r.fail("[board.labels] must map point names to the text printed beside them, "
                     "such as a1 = \"home\"", key="labels")
    return dict(v)


def _xy(r: SourceReader, v: Any, what: str, key: str) -> tuple[float, float]:
    if (not isinstance(v, list) or len(v) != 2 or any(
            isinstance(c, bool) or not isinstance(c, (int, float)) or abs(c) > 100 for c in v)):
        raise r.fail(f"{what} must be [x, y], two numbers of cells (-100..100)", key=key)
    return (float(v[0]), float(v[1]))


def _coords(r: SourceReader, b: Mapping[str, Any], key: str,
            least: int) -> dict[str, tuple[float, float]]:
    """[board.points] or [board.guides]: name -> [x, y] in cells."""
    pts = b.get(key, {})
    if not isinstance(pts, Mapping) or len(pts) < least:
        raise r.fail(f"[board.{key}] must name {'two or more ' if least else ''}points, each "
                     "[x, y] in cells, such as a = [0, 0]", key=key)
    out: dict[str, tuple[float, float]] = {}
    for n, xy in pts.items():
        if not _POINT_NAME.match(n):
            raise r.fail(f"point name {n!r}: use lower-case letters and digits (a move "
                         "names it, as in a1-b2)", key=n)
        out[n] = _xy(r, xy, f"point {n}", n)
    return out


def _paths(r: SourceReader, b: Mapping[str, Any], key: str,
           known: set[str]) -> tuple[tuple[str, str], ...]:
    """A list of paths ("a-b-c") as the pairs of points they step between."""
    raw = b.get(key, [])
    if not isinstance(raw, list):
        raise r.fail(f"[board] {key} must be a list of paths such as [\"a-b-c\", \"a-d\"]",
                     key=key)
    out: list[tuple[str, str]] = []
    for path in raw:
        chain = path.split("-") if isinstance(path, str) else None
        if chain is None or len(chain) < 2:
            raise r.fail(f"[board] {key}: {path!r} is not a path such as \"a-b\"", key=key)
        for n in chain:
            if n not in known:
                raise fail_at(r, f"[board] {key} names {n!r}, which is not a point of the "
                              "board", n, key)
        out += list(zip(chain, chain[1:], strict=False))
    return tuple(out)


def _place(r: SourceReader, v: Any, known: set[str], what: str) -> Place:
    if isinstance(v, str):
        if v not in known:
            raise fail_at(r, f"[[board.curves]] {what} {v!r} is not a point or guide point "
                          "of the board", v, "curves")
        return v
    return _xy(r, v, f"[[board.curves]] {what}", "curves")


def _curves(r: SourceReader, b: Mapping[str, Any], known: set[str]) -> tuple[CurveSpec, ...]:
    raw = b.get("curves", [])
    if not isinstance(raw, list) or not all(isinstance(c, Mapping) for c in raw):
        raise r.fail("[[board.curves]] tables each give from, to and a centre or a through "
                     "point", key="curves")
    out = []
    for c in raw:
        unknown = sorted(set(c) - set(CURVE_KEYS))
        if unknown:
            raise unknown_key(r, unknown[0], "[[board.curves]]", "board.curves", CURVE_KEYS)
        if "from" not in c or "to" not in c or ("centre" in c) == ("through" in c):
            raise r.fail("[[board.curves]] needs from, to, and either centre or through",
                         key="curves")
        for flag in ("clockwise", "joins"):
            if not isinstance(c.get(flag, False), bool):
                raise r.fail(f"[[board.curves]] {flag} must be true or false", key=flag)
        out.append(CurveSpec(
            _place(r, c["from"], known, "from"), _place(r, c["to"], known, "to"),
            _place(r, c["centre"], known, "centre") if "centre" in c else None,
            _place(r, c["through"], known, "through") if "through" in c else None,
            c.get("clockwise", False), c.get("joins", False)))
    return tuple(out)


def read_extras(r: SourceReader, b: Mapping[str, Any], points: set[str]) -> Extras:
    """The DRAWING_KEYS of a [board] table whose layout has these points (names checked)."""
    guides = _coords(r, b, "guides", 0)
    clash = sorted(set(guides) & points)
    if clash:
        raise r.fail(f"guide point {clash[0]!r} is also a point of the board; give it "
                     "another name", key=clash[0])
    dead = b.get("dead", [])
    if not isinstance(dead, list) or any(not isinstance(n, str) or n not in points
                                         for n in dead):
        bad = next((n for n in dead if n not in points), None) if isinstance(dead, list) else dead
        raise r.fail(f"[board] dead must list points of the board, not {bad!r}", key="dead")
    return Extras(
        lines=_paths(r, b, "lines", points), connections=_paths(r, b, "connections", points),
        drawn=_paths(r, b, "drawn", points | set(guides)),
        undrawn=_paths(r, b, "undrawn", points), curves=_curves(r, b, points | set(guides)),
        guides=guides, dead=tuple(dead))


def _kinds(r: SourceReader, b: Mapping[str, Any], points: set[str],
           dead: tuple[str, ...]) -> dict[str, str]:
    """Point -> kind for every point whose kind is not ``point``."""
    space_kind = b.get("space_kind", "point")
    if not isinstance(space_kind, str) or not _POINT_NAME.match(space_kind):
        raise r.fail("[board] space_kind must be a word such as \"point\"", key="space_kind")
    kinds = cell_table(r, b, "kinds", points, None)
    base = {n: space_kind for n in points if space_kind != "point"}
    return {**base, **{n: "dead" for n in dead}, **kinds}


def _with_extras(r: SourceReader, b: Mapping[str, Any], make: Make, free_lines: bool = False
                 ) -> tuple[Callable[[float], Board], dict[str, str]]:
    """make(pitch) with the board's extras, and its kinds; the names are checked against
    the layout's own points first (free_lines: the layout's lines are its lines key)."""
    points = set(built(r, lambda: make(1.0, NO_EXTRAS)).names)
    extras = read_extras(r, b, points)
    if free_lines:
        extras = replace(extras, lines=())
    kinds = _kinds(r, b, points, extras.dead)

    def build(p: float) -> Board:
        try:
            return make(p, extras)
        except PrintablesError as e:
            key = next((k for word, k in _ERROR_KEYS if e.message.startswith(word)), "topology")
            raise r.fail(e.message, key=key) from None
    build(1.0)
    return build, kinds


def read_points(r: SourceReader, b: Mapping[str, Any], name: str,
                title: str) -> tuple[Builder, str]:
    """A points board's builder and summary."""
    layout = read_choice(r, b, "layout", tuple(LAYOUT_KEYS), "grid")
    extra = sorted(set(b) - set(COMMON_KEYS) - set(SHARED) - set(LAYOUT_KEYS[layout]))
    if extra:
        raise unknown_key(r, extra[0], f"[board] of a {layout} points board", "board",
                          (*COMMON_KEYS, *SHARED, *LAYOUT_KEYS[layout]))
    beside = _space_labels(r, b)
    stars = _names(r, b, "stars") if "stars" in b else None
    make: Make
    if layout == "grid":
        files = read_int(r, b, "files", 2, 26)
        ranks = read_int(r, b, "ranks", 2, 26, files)
        diagonals = read_choice(r, b, "diagonals", ("none", "all", "alquerque"), "none")
        labels = None
        if "file_labels" in b or "rank_labels" in b:
            fl = _names(r, b, "file_labels") or [chr(97 + i) for i in range(files)]
            rl = _names(r, b, "rank_labels") or [str(i + 1) for i in range(ranks)]
            labels = (fl, rl)

        def make(p: float, x: Extras) -> Board:
            return grid_points(name, title, files, ranks, p, diagonals, stars, labels, beside,
                               x)
        what = f"{files}x{ranks} grid of points" + {"none": "", "all": " with diagonals",
                                                     "alquerque": " with Alquerque diagonals"
                                                     }[diagonals]
    elif layout == "morris":
        rings = read_int(r, b, "rings", 2, 12, 3)
        corners = b.get("corners", False)
        if not isinstance(corners, bool):
            raise r.fail("[board] corners must be true or false", key="corners")

        def make(p: float, x: Extras) -> Board:
            return morris_points(name, title, rings, p, corners, beside, x)
        what = f"{rings} concentric squares of 8 points"
    else:
        make, what = _free(r, b, name, title, beside, stars)
    with_extras, kinds = _with_extras(r, b, make, free_lines=layout == "free")
    build, board = _pitched(r, b, with_extras, kinds)
    return build, f"{what}: {summary_counts(board)}"


def _free(r: SourceReader, b: Mapping[str, Any], name: str, title: str, beside: dict[str, str],
          stars: list[str] | None) -> tuple[Make, str]:
    """A free layout's make(pitch, extras), with its coordinates printed."""
    coords = _coords(r, b, "points", 2)
    lines = _paths(r, b, "lines", set(coords))
    named = grid_named(coords)
    labels, small = [], []
    if named is not None:
        labels = edge_labels([t for _, t in named[0]], [t for _, t in named[1]],
                             [x for x, _ in named[0]], [y for y, _ in named[1]])
    else:
        small = [(x + SMALL_AT, y - SMALL_AT, n) for n, (x, y) in coords.items()]

    def make(p: float, x: Extras) -> Board:
        return points_board(name, title, coords, lines, p, stars or (), labels, beside, None,
                            x, small)
    return make, "points joined by lines"


#: A free layout's point names print this far right of and below their points (cells).
SMALL_AT = 0.3


def summary_counts(board: Board) -> str:
    """The points, lines and curves a summary counts.

    >>> from printables.boards.points import grid_points
    >>> summary_counts(grid_points("g", "G", 3, 3, 20.0))
    '9 points, 12 lines'
    """
    curves = f", {len(board.curves)} curves" if board.curves else ""
    return f"{len(board.spaces)} points, {len(board.lines)} lines{curves}"


def read_triangle(r: SourceReader, b: Mapping[str, Any], name: str,
                  title: str) -> tuple[Builder, str]:
    """A triangle grid's builder and summary."""
    shape = read_choice(r, b, "shape", TRIANGLE_SHAPES, "triangle")
    side = read_int(r, b, "side", 2, 13)
    beside = _space_labels(r, b)

    def make(p: float, x: Extras) -> Board:
        return triangle_board(name, title, shape, side, p, beside, x)
    with_extras, kinds = _with_extras(r, b, make)
    build, board = _pitched(r, b, with_extras, kinds)
    return build, f"{shape} of side {side} on a triangle grid: {summary_counts(board)}"
