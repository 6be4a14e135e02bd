"""Read the vector drawing back out of a PDF page, as a checker would: every painted path
(in page millimetres, y up, curves sampled), the clip in force when it was painted, and
every form XObject drawn (name, transform, clip). Only what our renderers write is handled:
q/Q/cm, m/l/c/v/y/re/h, S/s/f/F/f*/B/B*/b/b*/n, W/W*, Do."""

from __future__ import annotations

from dataclasses import dataclass, field

from pypdf.generic import ContentStream

PT = 72 / 25.4
Matrix = tuple[float, float, float, float, float, float]
BBox = tuple[float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF order: a point is transformed by m first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@dataclass
class Painted:
    """One painted path: its points in mm, closed or not, stroke/fill, the clip bbox (mm)."""

    points: list[tuple[float, float]]
    subpaths: list[list[tuple[float, float]]]
    stroke: bool
    fill: bool
    clip: BBox | None
    form: str | None = None  # the form XObject it was drawn in, if any


@dataclass
class FormUse:
    name: str
    ctm: Matrix  # form space -> page points
    clip: BBox | None


@dataclass
class PageGeometry:
    paths: list[Painted] = field(default_factory=list)
    forms: list[FormUse] = field(default_factory=list)


def _intersect(a: BBox | None, b: BBox) -> BBox:
    if a is None:
        return b
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def _bbox(points) -> BBox:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _bezier(p0, p1, p2, p3, n=8):
    out = []
    for k in range(1, n + 1):
        t = k / n
        u = 1 - t
        out.append((u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0],
                    u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1]))
    return out


def page_geometry(page, reader, follow_forms: bool = True) -> PageGeometry:
    """Everything painted on a page (see module docstring)."""
    geo = PageGeometry()
    resources = page.get("/Resources")
    _run(ContentStream(page.get_contents(), reader), reader,
         resources.get_object() if resources else {}, IDENTITY, None, geo, None, follow_forms)
    return geo


def _run(stream, reader, resources, ctm, clip, geo, form, follow):  # noqa: C901
    stack = []
    subpaths: list[list[tuple[float, float]]] = []
    current: list[tuple[float, float]] = []
    pending_clip = False

    def pt(x, y):
        px, py = apply(ctm, float(x), float(y))
        return px / PT, py / PT

    def finish(stroke, fill):
        nonlocal subpaths, current, pending_clip, clip
        if current:
            subpaths.append(current)
        pts = [p for sp in subpaths for p in sp]
        if pts and (stroke or fill):
            geo.paths.append(Painted(pts, subpaths, stroke, fill, clip, form))
        if pending_clip and pts:
            clip = _intersect(clip, _bbox(pts))
            pending_clip = False
        subpaths, current = [], []

    for operands, op in stream.operations:
        op = op.decode() if isinstance(op, bytes) else op
        if op == "q":
            stack.append((ctm, clip))
        elif op == "Q":
            ctm, clip = stack.pop()
        elif op == "cm":
            ctm = mul(tuple(float(v) for v in operands), ctm)
        elif op == "m":
            if current:
                subpaths.append(current)
            current = [pt(*operands)]
        elif op == "l":
            current.append(pt(*operands))
        elif op in ("c", "v", "y"):
            vals = [float(v) for v in operands]
            last = current[-1] if current else (0.0, 0.0)
            if op == "c":
                p1, p2, p3 = pt(*vals[0:2]), pt(*vals[2:4]), pt(*vals[4:6])
            elif op == "v":
                p1, p2, p3 = last, pt(*vals[0:2]), pt(*vals[2:4])
            else:
                p1, p2, p3 = pt(*vals[0:2]), pt(*vals[2:4]), pt(*vals[2:4])
            current.extend(_bezier(last, p1, p2, p3))
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            if current:
                subpaths.append(current)
            current = [pt(x, y), pt(x + w, y), pt(x + w, y + h), pt(x, y + h), pt(x, y)]
        elif op == "h":
            if current:
                current.append(current[0])
        elif op in ("S", "s"):
            finish(True, False)
        elif op in ("f", "F", "f*"):
            finish(False, True)
        elif op in ("B", "B*", "b", "b*"):
            finish(True, True)
        elif op in ("W", "W*"):
            pending_clip = True
        elif op == "n":
            finish(False, False)
        elif op == "Do":
            name = str(operands[0])
            xobj = resources["/XObject"][name].get_object()
            if xobj.get("/Subtype") != "/Form":
                continue
            m = tuple(float(v) for v in xobj.get("/Matrix", IDENTITY))
            use = mul(m, ctm)
            geo.forms.append(FormUse(name, use, clip))
            if follow:
                res = xobj.get("/Resources")
                _run(ContentStream(xobj, reader), reader,
                     res.get_object() if res else resources, use, clip, geo, name, follow)


def circles(geo: PageGeometry, stroke: bool | None = None) -> list[tuple[float, float, float]]:
    """(cx, cy, diameter) of every painted path that is a circle (four curves, round bbox)."""
    out = []
    for p in geo.paths:
        if stroke is not None and p.stroke != stroke:
            continue
        if len(p.subpaths) != 1 or len(p.points) < 30:
            continue
        x0, y0, x1, y1 = _bbox(p.points)
        w, h = x1 - x0, y1 - y0
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        if w > 0.5 and abs(w - h) < 0.02 and all(
                abs(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 - w / 2) < 0.02 for x, y in p.points):
            out.append((cx, cy, w))
    return out


def segments(geo: PageGeometry, in_form: bool | None = False):
    """Every stroked straight two-point path ((x0, y0), (x1, y1)), by default outside forms."""
    out = []
    for p in geo.paths:
        if in_form is not None and (p.form is not None) != in_form:
            continue
        if p.stroke and len(p.subpaths) == 1 and len(p.points) == 2:
            out.append((p.points[0], p.points[1]))
    return out
