"""Every product's SVG through svgwrite's validator (debug mode), as a user makes them."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import printables.render.svg as svg_mod

PRODUCTS = {
    "board": ["board", "--all", "--format", "svg"],
    "board-mono": ["board", "--all", "--format", "svg", "--theme", "mono"],
    "setup": ["setup", "--all", "--format", "svg"],
    "pieces": ["pieces", "--all", "--format", "svg"],
    "laser": ["laser", "--all"],
}


@pytest.mark.parametrize("product", sorted(PRODUCTS))
def test_every_svg_passes_svgwrites_validator(product, cli, tmp_path, monkeypatch):
    monkeypatch.setattr(svg_mod, "VALIDATE", True)
    code, out, err = cli(*PRODUCTS[product], "-o", tmp_path)
    assert code == 0, err
    files = sorted(tmp_path.rglob("*.svg"))
    assert len(files) >= 7
    for f in files:
        root = ET.parse(f).getroot()
        assert root.get("width").endswith("mm") and root.get("height").endswith("mm")
        assert root.get("viewBox") == f"0 0 {root.get('width')[:-2]} {root.get('height')[:-2]}"


def test_only_render_svg_writes_svg_elements():
    """No module but render/svg.py spells out SVG markup: everything goes through svgwrite."""
    import re
    from pathlib import Path

    import printables
    names = "svg|path|circle|polygon|polyline|text|g|clipPath|defs"
    # an element with an attribute, or a closing tag (not "<text>" or a regex's (?P<path>)
    tag = re.compile(rf"<({names})\s+[\w:-]+=|</({names})>")
    root = Path(printables.__file__).parent
    found = [f"{p.relative_to(root)}: {m.group(0)}" for p in sorted(root.rglob("*.py"))
             if p.relative_to(root).as_posix() != "render/svg.py"
             for m in tag.finditer(p.read_text(encoding="utf-8"))]
    assert found == []


def test_characters_xml_escapes_round_trip_as_svgwrite_writes_them(monkeypatch):
    """render_svg writes svgwrite's elements itself: every character XML escapes, in text,
    in a layer name and in the title, reads back as written and as svgwrite would write it
    (VALIDATE makes render_svg compare its text with svgwrite's own tostring())."""
    from printables.geometry import Point
    from printables.render.scene import Group, Scene, Text
    from printables.render.theme import THEMES

    monkeypatch.setattr(svg_mod, "VALIDATE", True)
    odd = 'a<b> & "c" \'d\'\ttab\nline\rcr'
    scene = Scene(50, 20, (Group((Text(Point(1, 1), odd, 3, "label.ring"),
                                  Text(Point(1, 5), "", 3, "text")), layer=odd),),
                  title=odd)
    root = ET.fromstring(svg_mod.render_svg(scene, THEMES["colour"]))
    ns = {"s": "http://www.w3.org/2000/svg"}
    layer = root.find("s:g", ns)
    as_read = odd.replace("\r", "\n")  # XML reads a CR in text as a newline
    assert root.find("s:title", ns).text == as_read
    assert layer.get("{http://www.inkscape.org/namespaces/inkscape}label") == odd
    halo, letters = layer.find("s:g", ns).findall("s:text", ns)
    assert halo.text == letters.text == as_read
    assert layer.findall("s:text", ns)[-1].text is None  # empty text: an empty element
