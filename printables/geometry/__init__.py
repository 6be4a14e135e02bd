"""Pure, immutable geometry in millimetres (y grows up): points, segments, arcs, shapes.

One tolerance, :data:`TOL`, serves every comparison and dedupe.
"""

from printables.geometry.primitives import (
    TOL,
    Arc,
    Circle,
    Outline,
    Part,
    Point,
    Polygon,
    Segment,
    Shape,
    Stroke,
    bbox_of,
    close,
    hatch_lines,
    part_key,
    polygon_area,
    regular_polygon,
    scale_shape,
    transform_point,
    translate_shape,
)

__all__ = [
    "TOL", "Arc", "Circle", "Outline", "Point", "Polygon", "Segment", "Stroke", "Shape", "Part",
    "bbox_of", "close", "hatch_lines", "part_key", "polygon_area", "regular_polygon",
    "scale_shape", "translate_shape", "transform_point",
]
