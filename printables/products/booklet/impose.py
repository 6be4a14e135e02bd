"""Saddle-stitch imposition: booklet pages 2-up on landscape sheets, ready to print
double-sided (flip on the short edge), fold in the middle and staple.

Pages are padded with blank pages to a multiple of four; the pair of pages keeps its size
(folded size = booklet page size) and sits centred on the sheet. Every sheet side has a
fold mark (ours): a short grey line on the fold at its top and bottom, FOLD_MARK mm long,
starting EDGE_ROOM from the sheet's edge, so each sheet is folded true.
"""

from __future__ import annotations

import io
import math
import zlib

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
    StreamObject,
)
from reportlab.lib.rl_accel import asciiBase85Decode

from printables.errors import UsageError
from printables.products.booklet.pages import check_fit
from printables.products.common import EDGE_ROOM
from printables.units import PT_PER_MM

#: Length of a fold mark (mm); its grey and line width (pt).
FOLD_MARK = 4.0
FOLD_GREY = 0.55
FOLD_WIDTH = 0.4


def fold_marks(x: float, height: float) -> str:
    """PDF operators for the fold marks of a sheet side whose fold is at x (points): one
    at the top, one at the bottom, each clear of the sheet's edge band."""
    lo, hi = EDGE_ROOM * PT_PER_MM, (EDGE_ROOM + FOLD_MARK) * PT_PER_MM
    return (f"q {FOLD_GREY} G {FOLD_WIDTH} w 0 J {x:.4f} {lo:.4f} m {x:.4f} {hi:.4f} l S "
            f"{x:.4f} {height - hi:.4f} m {x:.4f} {height - lo:.4f} l S Q")


def padded_count(pages: int) -> int:
    """The page count rounded up to a multiple of four (at least four).

    >>> padded_count(5), padded_count(8), padded_count(1)
    (8, 8, 4)
    """
    return max(4, 4 * math.ceil(pages / 4))


def saddle_order(pages: int) -> list[tuple[int | None, int | None]]:
    """For each sheet side in print order, the (left, right) page indices (0-based; None =
    blank padding page). Sheet k's front holds pages N-2k and 2k+1 (1-based), its back 2k+2
    and N-2k-1.

    >>> saddle_order(6)
    [(None, 0), (1, None), (5, 2), (3, 4)]
    """
    n = padded_count(pages)

    def idx(page: int) -> int | None:
        return page - 1 if page <= pages else None

    sides: list[tuple[int | None, int | None]] = []
    for k in range(n // 4):
        sides.append((idx(n - 2 * k), idx(2 * k + 1)))
        sides.append((idx(2 * k + 2), idx(n - 2 * k - 1)))
    return sides


def page_form(writer: PdfWriter, page: PageObject) -> IndirectObject:
    """A booklet page as a Form XObject in writer: its content bytes copied, not parsed
    (pypdf's page merging re-parses every content stream and was most of the kit's time)."""
    form = DecodedStreamObject()
    form.set_data(content_bytes(page))
    form[NameObject("/Type")] = NameObject("/XObject")
    form[NameObject("/Subtype")] = NameObject("/Form")
    form[NameObject("/BBox")] = ArrayObject([FloatObject(float(v)) for v in page.mediabox])
    resources = page.get("/Resources")
    if resources is not None:
        form[NameObject("/Resources")] = resources.get_object().clone(writer)
    return writer._add_object(form.flate_encode())


#: The filters reportlab puts on a compressed page's content stream.
REPORTLAB_FILTERS = ["/ASCII85Decode", "/FlateDecode"]


def content_bytes(page: PageObject) -> bytes:
    """A page's decoded content. reportlab's pages (one Flate stream, or ASCII85 over Flate)
    are decoded with zlib (and reportlab's C ASCII85 decoder), the same bytes pypdf's
    pure-Python decoders give in a fraction of the time; anything else goes through pypdf."""
    raw = page.get("/Contents")
    raw = raw.get_object() if raw is not None else None
    if isinstance(raw, StreamObject) and "/DecodeParms" not in raw:
        if raw.get("/Filter") == "/FlateDecode":
            return zlib.decompress(raw._data)
        if raw.get("/Filter") == REPORTLAB_FILTERS:
            return zlib.decompress(asciiBase85Decode(raw._data))
    contents = page.get_contents()
    return contents.get_data() if contents is not None else b""


def impose(pdf: bytes, sheet: tuple[float, float], sheet_name: str = "the sheet") -> bytes:
    """A saddle-stitch imposed PDF: the booklet's pages 2-up on landscape sheets of `sheet`
    (w, h in mm), padded with blank pages to a multiple of four, centred, fold marks on the
    fold, TrimBox = the folded-out pair."""
    reader = PdfReader(io.BytesIO(pdf))
    pages = list(reader.pages)
    if not pages:
        raise UsageError("the booklet has no pages to impose")
    box = pages[0].mediabox
    pw, ph = float(box.width), float(box.height)
    check_fit((pw / PT_PER_MM, ph / PT_PER_MM), sheet, sheet_name)
    sw, sh = max(sheet) * PT_PER_MM, min(sheet) * PT_PER_MM
    ox, oy = (sw - 2 * pw) / 2, (sh - ph) / 2
    writer = PdfWriter()
    for left, right in saddle_order(len(pages)):
        side = writer.add_blank_page(sw, sh)
        names, ops = DictionaryObject(), []
        for index, x in ((left, ox), (right, ox + pw)):
            if index is not None:
                src = pages[index]
                sx, sy = float(src.mediabox.left), float(src.mediabox.bottom)
                name = NameObject(f"/P{index + 1}")
                names[name] = page_form(writer, src)
                ops.append(f"q 1 0 0 1 {x - sx:.4f} {oy - sy:.4f} cm {name} Do Q")
        ops.append(fold_marks(ox + pw, sh))
        content = DecodedStreamObject()
        content.set_data("\n".join(ops).encode())
        side[NameObject("/Contents")] = writer._add_object(content)
        side[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): names})
        side[NameObject("/TrimBox")] = ArrayObject(
            [FloatObject(round(v, 4)) for v in (ox, oy, ox + 2 * pw, oy + ph)])
    writer.add_metadata({"/Producer": "printables", "/Creator": "printables"})
    if reader.metadata and reader.metadata.title:
        writer.add_metadata({"/Title": f"{reader.metadata.title} (imposed)"})
    buf = io.BytesIO()
    writer.compress_identical_objects()
    writer.write(buf)
    return buf.getvalue()
