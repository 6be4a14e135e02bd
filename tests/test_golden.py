"""Golden files: a few outputs, kept readable (SVG one element a line),
so a change to what users get shows up
as a reviewed diff. The invariant tests elsewhere say what must hold; these say what changed.

Regenerate only on purpose: `python -m pytest tests/test_golden.py --regen-golden`, then read
`git diff tests/golden/` before committing.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"

# golden file name -> (CLI arguments, the file the command writes)
CASES = {
    "chameleons-board.svg": (["board", "chameleons", "--format", "svg"], "chameleons-board.svg"),
    "dugi-board.svg": (["board", "dugi", "--format", "svg"], "dugi-board.svg"),
    "evl-board.json": (["board", "evl", "--format", "json"], "evl-board.json"),
    "rosenkreuz-setup.svg": (["setup", "rosenkreuz", "--format", "svg"], "rosenkreuz-setup.svg"),
    "network-pieces.svg": (["pieces", "network", "--format", "svg"], "network-pieces.svg"),
    "danadazo-laser-board.svg": (["laser", "danadazo", "--parts", "board"],
                                 "danadazo-laser-board-1.svg"),
}


def _readable(name: str, data: bytes) -> bytes:
    """SVG one element a line (svgwrite writes one long line), so a diff names the element."""
    if not name.endswith(".svg"):
        return data
    from xml.dom import minidom
    return minidom.parseString(data).toprettyxml(indent=" ", encoding="utf-8")


def _first_difference(want: str, got: str) -> str:
    diff = difflib.unified_diff(want.splitlines(), got.splitlines(), "golden", "now", n=1,
                                lineterm="")
    return "\n".join(list(diff)[:30])


@pytest.mark.parametrize("name", sorted(CASES))
def test_output_matches_golden(name, cli, tmp_path, regen_golden):
    args, written = CASES[name]
    status, _, err = cli(*args, "--output", tmp_path)
    assert status == 0, err
    got = _readable(name, (tmp_path / written).read_bytes())
    golden = GOLDEN / name
    if regen_golden:
        golden.write_bytes(got)
        pytest.skip(f"rewrote {golden.name}")
    assert golden.exists(), f"no golden file {golden.name}: run pytest --regen-golden"
    if got != golden.read_bytes():
        pytest.fail(f"{name} differs from its golden file (if intended, --regen-golden and "
                    f"review the diff):\n" + _first_difference(golden.read_text(), got.decode()))
