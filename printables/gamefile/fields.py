"""Reading the values of a game file's [board] table: whole numbers, lengths, choices, cell
tables; the errors that name the key's line; the colour names and default sizes every
topology's reader shares (gamefile.board and gamefile.points)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from printables.boards import Board
from printables.errors import LayoutError, PrintablesError
from printables.render.theme import PALETTE
from printables.units import parse_length

if TYPE_CHECKING:
    from printables.positions import SourceReader

# Each key table maps a key to its one-line meaning: the readers check [board] against the
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
#: The colour names [board.colours] takes: the palette (render.theme.PALETTE, each printing
#: apart from the others in colour, grey and mono) and the classes of the built-in boards.
COLOUR_CLASSES = (*PALETTE, "spiral", "goal", "heptagon", "pentagon", "unused")
#: The goal colours the themes draw; goal.SIDE of a side with its own colours ([side.SIDE])
#: is checked by the game file's reader, which knows the sides (a goal of any other name would
#: fall back unseen).
GOAL_COLOURS = ("goal.black", "goal.white")
_GOAL = re.compile(r"^goal\.[a-z0-9][a-z0-9-]*$")
DEFAULTS = {"square": 175.0, "hex": 20.0, "rings": 300.0, "segments": 36.0,
            "heptagon": 190.0, "points": 22.0, "triangle": 22.0}

Builder = Callable[[Mapping[str, Any], float | None], Board]


def unknown_key(r: SourceReader, key: str, where: str, section: str | None,
                valid: tuple[str, ...]) -> LayoutError:
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


def fail_at(r: SourceReader, message: str, value: Any, key: str) -> LayoutError:
    """The error for a bad value: at the line of the value when the file quotes it, else at
    the line of its key."""
    if isinstance(value, str) and f'"{value}"' in r.source:
        return r.fail(message, value=value)
    return r.fail(message, key=key)


def read_int(r: SourceReader, b: Mapping[str, Any], key: str, lo: int, hi: int,
             default: int | None = None) -> int:
    v = b.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        shown = "missing" if v is None else repr(v)
        raise r.fail(f"[board] {key} is {shown}; use a whole number {lo}..{hi}", key=key)
    return v


def read_length(r: SourceReader, b: Mapping[str, Any], key: str) -> float | None:
    if key not in b:
        return None
    if isinstance(b[key], bool):
        raise r.fail(f"[board] {key} must be a length such as \"24mm\", not {b[key]!r}",
                     key=key)
    try:
        return parse_length(b[key], f"[board] {key}")
    except PrintablesError as e:
        raise r.fail(e.message, key=key) from None


def read_choice(r: SourceReader, b: Mapping[str, Any], key: str, choices: tuple[str, ...],
                default: str) -> str:
    v = b.get(key, default)
    if not isinstance(v, str) or v not in choices:
        raise fail_at(r, f"[board] {key} {v!r} is not valid; valid: {', '.join(choices)}", v, key)
    return v


def cell_table(r: SourceReader, b: Mapping[str, Any], key: str, names: set[str],
               values: tuple[str, ...] | None) -> dict[str, str]:
    """[board.<key>]: class -> list of cells, read as cell -> class."""
    v = b.get(key, {})
    if not isinstance(v, Mapping):
        raise r.fail(f"[board.{key}] must be a table such as dark = [\"a1\", \"c1\"]", key=key)
    out: dict[str, str] = {}
    for cls, cells in v.items():
        goal = key == "colours" and _GOAL.match(cls)
        if values is not None and cls not in values and not goal:
            what = ("colour", f"{', '.join(values + GOAL_COLOURS)} or goal.SIDE") \
                if key == "colours" else ("value", ", ".join(values))
            raise r.fail(f"unknown {what[0]} {cls!r} in [board.{key}]; valid: {what[1]}",
                         key=cls)
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


def built(r: SourceReader, make: Callable[[], Board]) -> Board:
    try:
        return make()
    except PrintablesError as e:
        raise r.fail(e.message, key="topology") from None
