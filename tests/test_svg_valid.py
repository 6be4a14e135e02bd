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
