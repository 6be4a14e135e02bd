"""The Board model: spaces with exact shapes, a named-relation adjacency graph, decorations.

A board lives in its own frame: origin at the bottom-left of its outer edge, y up, mm.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from printables.geometry import Arc, Point, Shape


@dataclass(frozen=True)
class Space:
    """One space a piece can stand on.

    kind: square, spiral, cell, heptagon, pentagon, sector, segment, bend.
    colour: a colour class (dark, light, spiral, heptagon, pentagon, plain, goal...), not ink.
    room: diameter in mm of the largest piece that sits well on the space (for segments,
    the segment's length), used to size pieces.
    """

    name: str
    kind: str
    colour: str
    shape: Shape
    anchor: Point
    room: float


@dataclass(frozen=True)
class Decoration:
    """A drawn shape that is not a space: spiral, goal shading, unusable-corner cross, grid line."""

    shape: Shape
    style: str
    layer: str = "decor"


@dataclass(frozen=True)
class Line:
    """A drawn straight line of a points board (Go, Morris, Alquerque) between two named
    points: pieces stand on the points and move along the lines. The board draws it as a
    grid-layer decoration; this record says which two points it runs between (the board
    JSON lists them) and whether it joins them (False: a drawn line that is not a move,
    or that ends on a guide point)."""

    a: str
    b: str
    joined: bool = True


@dataclass(frozen=True)
class Curve:
    """A drawn curved line of a points board (Surakarta's corner loops): its arc in mm, the
    named points it runs between ("" where it ends at a place with no name) and whether it
    joins them (relation ``curve``)."""

    a: str
    b: str
    arc: Arc
    joins: bool = False


@dataclass(frozen=True)
class Label:
    """Text drawn on the board (coordinates, space names, dead-zone label); size in mm."""

    position: Point
    text: str
    size: float
    style: str = "label"
    rotation: float = 0.0


def freeze_relations(rel: Mapping[str, Mapping[str, Iterable[str]]]
                     ) -> Mapping[str, Mapping[str, tuple[str, ...]]]:
    """Read-only relation maps with neighbour tuples in a stable order."""
    return MappingProxyType({r: MappingProxyType({s: tuple(ns) for s, ns in m.items()})
                             for r, m in rel.items()})


@dataclass(frozen=True, eq=False)
class Board:
    """A game board: spaces, relations by name, decorations and labels, outer outline; a
    points board also lists its lines, curves and marked points."""

    game: str
    title: str
    width: float
    height: float
    spaces: tuple[Space, ...]
    relations: Mapping[str, Mapping[str, tuple[str, ...]]]
    outline: Shape
    decorations: tuple[Decoration, ...] = ()
    labels: tuple[Label, ...] = ()
    data: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    #: points boards: the lines joining spaces (empty on boards of cells)
    lines: tuple[Line, ...] = ()
    #: points boards: the marked points (Go's star points), drawn as dots
    marked: tuple[str, ...] = ()
    #: points boards: the curved lines (drawn as grid-layer decorations too)
    curves: tuple[Curve, ...] = ()
    #: space name -> Space and the names in board order, derived from spaces once
    _index: Mapping[str, Space] = field(init=False, repr=False)
    _names: tuple[str, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {s.name: s for s in self.spaces})
        object.__setattr__(self, "_names", tuple(s.name for s in self.spaces))

    @property
    def names(self) -> tuple[str, ...]:
        """Space names in board order (computed once: rules engines loop over it)."""
        return self._names

    def space(self, name: str) -> Space:
        """The space called name (KeyError when there is none)."""
        return self._index[name]

    def has(self, name: str) -> bool:
        """True when the board has a space called name."""
        return name in self._index

    def neighbours(self, name: str, relation: str | None = None) -> tuple[str, ...]:
        """Neighbours of a space under one relation, or under all relations (deduplicated)."""
        if relation is not None:
            return self.relations.get(relation, {}).get(name, ())
        seen: dict[str, None] = {}
        for rel in self.relations.values():
            for n in rel.get(name, ()):
                seen[n] = None
        return tuple(seen)

    def spaces_of_kind(self, kind: str) -> tuple[Space, ...]:
        """All spaces of one kind, in board order."""
        return tuple(s for s in self.spaces if s.kind == kind)
