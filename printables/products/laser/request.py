"""The laser command's settings, checked (sheet, kerf, profile, format, parts, material,
reference, tabs, joints: check_laser, which the laser's request in
printables.products.requests reads its fields with), and the constants every laser module
shares: the layers by operation and the colour profiles.

Every sheet holds layers by operation (reference, engrave, score, inner cuts, outer cuts,
in that order, so everything inside a part is done before the part is cut free), each
operation a colour of its own in every profile; cut and score lines are hairlines
(0.025 mm).

Rulings made here: parts are kerf + SPACING (2 mm) apart, cut line to cut line, and
MARGIN (5 mm) from the sheet's edge; a sheet is at least 110 mm both ways for the 100 mm
reference, or MIN_ROOM (30 mm) inside its margins with --no-reference; the reference is
drawn in LightBurn's tool-layer colour in the default and lightburn profiles.
"""

from __future__ import annotations

from typing import Any

from printables.errors import UsageError, did_you_mean

# DEFAULT_MATERIAL re-exported: the product table reads it here, with the other settings
from printables.products.laser.materials import DEFAULT_MATERIAL as DEFAULT_MATERIAL
from printables.products.laser.materials import MATERIALS
from printables.render.theme import Ink
from printables.units import parse_length, parse_sheet

#: How split board parts line up (--joints): the kinds printables.products.laser.joints cuts.
JOINTS = ("dowels", "tabs")

HAIRLINE = 0.025
#: Distance in mm from the sheet edge to any part.
MARGIN = 5.0
#: Part spacing is kerf + SPACING mm between the cut lines of neighbouring parts.
SPACING = 2.0
#: No score or engrave line comes within this many mm of a cut it does not belong to.
CLEAR = 1.0
REFERENCE = 100.0
#: Without the reference a sheet needs this much room (mm) inside its margins.
MIN_ROOM = 30.0
#: The small-sheet reference: a 100 mm bar BAR mm high with a BAR_SQUARE mm square on it.
BAR = 3.0
BAR_SQUARE = 10.0
DEFAULT_SHEET = (600.0, 400.0)
MAX_KERF = 2.0
MAX_TABS = 1.0
FORMATS = ("svg", "dxf", "lbrn2")
PART_KINDS = ("board", "pieces")

#: Scene layer -> (DXF layer, style key of its colour), in drawing (= cutting) order.
LAYERS: tuple[tuple[str, str, str], ...] = (
    ("reference", "REFERENCE", "reference"),
    ("engrave", "ENGRAVE", "engrave"),
    ("score", "SCORE", "score"),
    ("cut-inner", "CUT_INNER", "cut.inner"),
    ("cut-outer", "CUT_OUTER", "cut.outer"),
)


def laser_profile(cut_outer: str, cut_inner: str, score: str, engrave: str,
                  reference: str) -> dict[str, Ink]:
    """Style key -> ink for one profile: hairline strokes, engraving as filled areas."""
    def line(c: str) -> Ink:
        return Ink(stroke=c, width=HAIRLINE)
    return {"default": line(reference), "reference": line(reference), "cut": line(cut_outer),
            "cut.outer": line(cut_outer), "cut.inner": line(cut_inner), "score": line(score),
            "engrave": Ink(fill=engrave)}


#: The reference's colour in the default and lightburn profiles: the colour LightBurn shows
#: for its tool layer T1 (never output). LightBurn's SVG import picks the nearest palette
#: colour, which may be a numbered layer; the LightBurn guide (docs/maker/lightburn.md) says
#: to switch that layer's output off.
TOOL_COLOUR = "#F36926"
#: Every operation has a colour of its own in every profile (laser software makes one
#: layer per colour). lightburn uses LightBurn's palette: C00 engrave, C01 score, C02 inner
#: cuts, C03 outer cuts, and the tool layer T1's colour for the reference, in the order the
#: laser runs them.
PROFILES: dict[str, dict[str, Ink]] = {
    "default": laser_profile("#FF0000", "#FF00FF", "#0000FF", "#000000", TOOL_COLOUR),
    # boxes.py's colours: outer cut black, inner cut blue, etching green, deep etching cyan
    # (our scored lines), annotations red
    "boxes": laser_profile("#000000", "#0000FF", "#00FFFF", "#00FF00", "#FF0000"),
    "lightburn": laser_profile("#00E000", "#FF0000", "#0000FF", "#000000", TOOL_COLOUR),
}
PROFILE_WORDS = {
    "default": "outer cut red, inner cut magenta, score blue, engrave black, reference "
               "orange (LightBurn's tool layer T1 colour, not cut)",
    "boxes": "outer cut black, inner cut blue, score cyan, engrave green, reference red "
             "(not cut)",
    "lightburn": "LightBurn layers C00 engrave, C01 score, C02 inner cut, C03 outer cut, "
                 "tool layer T1 reference (not cut)",
}


def check_laser(sheet: str | None = None, kerf: str | float | None = None,
                profile: str = "default", fmt: str = "svg", parts: str | None = None,
                material: str = DEFAULT_MATERIAL, reference: bool = True,
                tabs: str | float | None = None, joints: str = "dowels") -> dict[str, Any]:
    """The laser command's settings, checked and read (setting -> value); UsageError names
    the bad value and what is valid."""
    size = parse_sheet(sheet) if sheet else DEFAULT_SHEET
    low = 2 * MARGIN + (REFERENCE if reference else MIN_ROOM)
    if min(size) < low:
        why = (f"so the {REFERENCE:g} mm reference fits (or use --no-reference)" if reference
               else f"{MIN_ROOM:g} mm of room inside the {MARGIN:g} mm margins")
        raise UsageError(f"sheet {sheet!r} is too small: at least {low:g} x {low:g} mm, {why}",
                         input=str(sheet))
    k = _length(kerf, "kerf", MAX_KERF, "a laser's kerf is usually 0.1 to 0.3 mm")
    t = _length(tabs, "tabs", MAX_TABS, "holding tabs are usually 0.2 to 0.5 mm wide")
    if profile not in PROFILES:
        raise UsageError(f"unknown laser profile {profile!r}; "
                         f"{did_you_mean(profile, list(PROFILES))}", input=profile)
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r}; valid: {', '.join(FORMATS)}", input=fmt)
    if material not in MATERIALS:
        raise UsageError(f"unknown material {material!r}; "
                         f"{did_you_mean(material, list(MATERIALS))}", input=material)
    if joints not in JOINTS:
        raise UsageError(f"unknown joints {joints!r}; valid: {', '.join(JOINTS)}", input=joints)
    given = (parts or ",".join(PART_KINDS)).split(",")
    kinds = tuple(p.strip().lower() for p in given if p.strip())
    bad = [p for p in kinds if p not in PART_KINDS]
    if bad or not kinds:
        raise UsageError(f"--parts {parts!r}: valid parts are board and pieces "
                         "(for example board,pieces)", input=str(parts))
    return {"sheet": size, "kerf": k, "profile": profile, "fmt": fmt,
            "parts": tuple(dict.fromkeys(kinds)), "material": material,
            "reference": bool(reference), "tabs": t, "joints": joints}


def _length(value: str | float | None, what: str, most: float, hint: str) -> float:
    """A width from 0 to most mm, written as units.parse_length reads lengths (zero allowed)."""
    if value is None:
        return 0.0
    try:
        k = parse_length(value, what, zero_ok=True)
    except UsageError:
        raise UsageError(f"{what} {value!r} is not a width from 0 to {most:g} mm; use for "
                         "example 0.15", input=str(value)) from None
    if k > most:
        raise UsageError(f"{what} {value!r} must be between 0 and {most:g} mm ({hint})",
                         input=str(value))
    return k
