"""Same input, same bytes, whatever the process built before: a kit worker or the web page
builds many files in one process, and each must equal what its own command writes alone.
Found: cairo's glyph caches changed a PNG after another board at another dpi, and
reportlab's ASCII85 switch changed a booklet after any board PDF."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import needs_png

SNIPPET = """
import hashlib, sys
from printables.cli import main
for args in sys.argv[1:]:
    main(args.split() + ["--output", OUT])
"""


def _run(out, *commands: str) -> None:
    code = SNIPPET.replace("OUT", repr(str(out)))
    subprocess.run([sys.executable, "-c", code, *commands], check=True, capture_output=True)


@needs_png
def test_a_png_is_the_same_after_another_board_at_another_dpi(tmp_path):
    _run(tmp_path / "alone", "board dugi --format png --dpi 60")
    _run(tmp_path / "after", "board dag-en-nacht --format png --dpi 40",
         "board dugi --format png --dpi 60")
    assert (tmp_path / "alone" / "dugi-board.png").read_bytes() == \
        (tmp_path / "after" / "dugi-board.png").read_bytes()


@pytest.mark.parametrize("first", ["board rosenkreuz --format pdf", "pieces rosenkreuz"])
def test_a_booklet_is_the_same_after_other_pdfs(tmp_path, first):
    _run(tmp_path / "alone", "booklet rosenkreuz")
    _run(tmp_path / "after", first, "booklet rosenkreuz")
    assert (tmp_path / "alone" / "rosenkreuz-booklet.pdf").read_bytes() == \
        (tmp_path / "after" / "rosenkreuz-booklet.pdf").read_bytes()
