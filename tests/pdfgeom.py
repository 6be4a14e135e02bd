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
                    u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1]))  # noqa: E501 (data)
    return out


def page_geometry(page, reader, follow_forms: bool = True) -> PageGeometry:
    """Everything painted on a page (see module docstring)."""
    geo = PageGeometry()
    resources = page.get("/Resources")
    _Interpreter(reader, geo, follow_forms).run(
        ContentStream(page.get_contents(), reader),
        resources.get_object() if resources else {}, IDENTITY, None, None)
    return geo


PAINT = {"S": (True, False), "s": (True, False), "f": (False, True), "F": (False, True),
         "f*": (False, True), "B": (True, True), "B*": (True, True), "b": (True, True),
         "b*": (True, True), "n": (False, False)}


class _Interpreter:
    """Runs content streams, collecting painted paths and form uses into a PageGeometry."""

    def __init__(self, reader, geo: PageGeometry, follow: bool) -> None:
        self.reader, self.geo, self.follow = reader, geo, follow

    def run(self, stream, resources, ctm, clip, form) -> None:
        self.ctm, self.clip, self.form, self.resources = ctm, clip, form, resources
        self.stack: list = []
        self.subpaths: list[list[tuple[float, float]]] = []
        self.current: list[tuple[float, float]] = []
        self.pending_clip = False
        for operands, op in stream.operations:
            op = op.decode() if isinstance(op, bytes) else op
            if op in PAINT:
                self.finish(*PAINT[op])
            elif op in ("W", "W*"):
                self.pending_clip = True
            elif op == "Do":
                self.do(str(operands[0]))
            else:
                self.state_or_path(op, [float(v) for v in operands]
                                   if op in ("cm", "m", "l", "c", "v", "y", "re") else [])

    def pt(self, x: float, y: float) -> tuple[float, float]:
        px, py = apply(self.ctm, x, y)
        return px / PT, py / PT

    def state_or_path(self, op: str, v: list[float]) -> None:
        if op == "q":
            self.stack.append((self.ctm, self.clip))
        elif op == "Q":
            self.ctm, self.clip = self.stack.pop()
        elif op == "cm":
            self.ctm = mul(tuple(v), self.ctm)
        elif op in ("m", "re"):
            if self.current:
                self.subpaths.append(self.current)
            if op == "m":
                self.current = [self.pt(*v)]
            else:
                x, y, w, h = v
                self.current = [self.pt(x, y), self.pt(x + w, y), self.pt(x + w, y + h),
                                self.pt(x, y + h), self.pt(x, y)]
        elif op == "l":
            self.current.append(self.pt(*v))
        elif op in ("c", "v", "y"):
            last = self.current[-1] if self.current else (0.0, 0.0)
            if op == "c":
                p1, p2, p3 = self.pt(*v[0:2]), self.pt(*v[2:4]), self.pt(*v[4:6])
            elif op == "v":
                p1, p2, p3 = last, self.pt(*v[0:2]), self.pt(*v[2:4])
            else:
                p1, p2, p3 = self.pt(*v[0:2]), self.pt(*v[2:4]), self.pt(*v[2:4])
            self.current.extend(_bezier(last, p1, p2, p3))
        elif op == "h" and self.current:
            self.current.append(self.current[0])

    def finish(self, stroke: bool, fill: bool) -> None:
        if self.current:
            self.subpaths.append(self.current)
        pts = [p for sp in self.subpaths for p in sp]
        if pts and (stroke or fill):
            self.geo.paths.append(Painted(pts, self.subpaths, stroke, fill, self.clip, self.form))
        if self.pending_clip and pts:
            self.clip = _intersect(self.clip, _bbox(pts))
        self.pending_clip = False
        self.subpaths, self.current = [], []

    def do(self, name: str) -> None:
        xobj = self.resources["/XObject"][name].get_object()
        if xobj.get("/Subtype") != "/Form":
            return
        use = mul(tuple(float(v) for v in xobj.get("/Matrix", IDENTITY)), self.ctm)
        self.geo.forms.append(FormUse(name, use, self.clip))
        if self.follow:
            res = xobj.get("/Resources")
            saved = (self.ctm, self.clip, self.form, self.resources, self.stack,
                     self.subpaths, self.current, self.pending_clip)
            self.run(ContentStream(xobj, self.reader),
                     res.get_object() if res else self.resources, use, self.clip, name)
            (self.ctm, self.clip, self.form, self.resources, self.stack,
             self.subpaths, self.current, self.pending_clip) = saved


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
