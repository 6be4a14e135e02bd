"""The Scene IR: typed shapes in mm (y up) styled by named keys; renderers turn it into bytes.

Products build Scenes; renderers never compute geometry. A style key such as
"space.dark" or "cut.outer" is mapped to ink by a theme or a laser profile.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from printables import geometry as g
from printables.geometry import Part, Point
from printables.geometry import Shape as GeoShape


@dataclass(frozen=True)
class Polygon:
    """A closed polygon."""

    points: tuple[Point, ...]
    style: str


@dataclass(frozen=True)
class Path:
    """A chain of segments and arcs, end to end; width overrides the style's stroke width.
    A closed path of several runs (subpaths) is filled as one shape, by fill_rule
    ("nonzero" or "evenodd"; None: the back end's own default), so a ring's hole or the
    inside of an A stays open."""

    parts: tuple[Part, ...]
    style: str
    closed: bool = False
    width: float | None = None
    fill_rule: str | None = None


@dataclass(frozen=True)
class Circle:
    """A full circle."""

    center: Point
    radius: float
    style: str


@dataclass(frozen=True)
class Text:
    """One line of text; position is the baseline point the anchor refers to; size in mm."""

    position: Point
    text: str
    size: float
    style: str
    anchor: str = "middle"  # start | middle | end
    rotation: float = 0.0  # degrees, counter-clockwise


@dataclass(frozen=True)
class Group:
    """Items drawn together; a named layer (SVG/laser layer) and an optional clip shape."""

    items: tuple[Item, ...]
    layer: str | None = None
    clip: GeoShape | None = None


Item = Polygon | Path | Circle | Text | Group


@dataclass(frozen=True)
class Scene:
    """One page or sheet: its size in mm and its items, back to front."""

    width: float
    height: float
    items: tuple[Item, ...]
    title: str = ""

    def walk(self) -> Iterator[Item]:
        """Every item, groups included, depth first."""
        stack = list(reversed(self.items))
        while stack:
            item = stack.pop()
            yield item
            if isinstance(item, Group):
                stack.extend(reversed(item.items))


def one_page(scenes: Sequence[Scene], fmt: str) -> Scene:
    """The one Scene of a file format that holds one page (a bug otherwise: ValueError)."""
    if len(scenes) != 1:
        raise ValueError(f"a {fmt} file holds one page, not {len(scenes)}")
    return scenes[0]


def baseline(center: Point, size: float) -> Point:
    """The baseline point that vertically centres text of this size on center."""
    return Point(center.x, center.y - 0.36 * size)


def from_shape(shape: GeoShape, style: str) -> Item:
    """A scene item drawing a geometry shape with a style."""
    if isinstance(shape, g.Polygon):
        return Polygon(shape.points, style)
    if isinstance(shape, g.Circle):
        return Circle(shape.center, shape.radius, style)
    if isinstance(shape, g.Outline):
        return Path(shape.parts, style, closed=True)
    if isinstance(shape, g.Stroke):
        return Path(shape.parts, style, closed=False, width=shape.width)
    if isinstance(shape, (g.Segment, g.Arc)):
        return Path((shape,), style)
    raise TypeError(f"no scene item for {type(shape).__name__}")
