"""What the command line loads before it has work to do (issue 30): `printables --help`,
a request being read, and a `kit` rerun that finds every folder unchanged start without
the drawing, typesetting and laser code and the libraries under it, which is what makes
an unchanged rerun about a tenth of a cold build. Each case runs in a fresh interpreter
and reads sys.modules, so a top-level import added anywhere on the path shows up here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from printables.products.registry import PRODUCTS

ROOT = Path(__file__).resolve().parent.parent
#: Loaded only once something is drawn, typeset, imposed or cut.
HEAVY = ("reportlab", "pypdf", "svgwrite", "cairosvg", "fontTools", "PIL", "ezdxf",
         "printables.products.kit_parts", "printables.products.kit_build",
         "printables.products.booklet.book", "printables.products.laser.sheets",
         "printables.render.pdf", "printables.render.svg")


def loaded_after(code: str, tmp_path: Path) -> list[str]:
    """The HEAVY modules a fresh interpreter has loaded after running code."""
    probe = (f"import sys, json\n{code}\n"
             f"print(json.dumps(sorted(m for m in sys.modules if m in {HEAVY!r} "
             f"or m.split('.')[0] in {HEAVY!r})))")
    env = {**os.environ, "PRINTABLES_CACHE": str(tmp_path / "cache")}
    proc = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def run_cli(*args: str) -> str:
    return ("from printables.cli import main\n"
            f"code = main({list(args)!r})\n"
            "assert code == 0, code")


def test_help_and_reading_requests_load_no_drawing_code(tmp_path):
    code = ("import printables.cli\n"
            "from printables.games import get_game\n"
            "from printables.products.registry import PRODUCTS\n"
            "for p in PRODUCTS.values():\n"
            "    p.read(get_game('network'), {}, options=['size=10'])\n")
    assert loaded_after(code, tmp_path) == []


def test_an_unchanged_kit_rerun_loads_no_product_code_and_a_changed_one_does(tmp_path):
    out = str(tmp_path / "kit")
    first = loaded_after(run_cli("kit", "rosenkreuz", "-o", out), tmp_path)
    assert "printables.products.kit_parts" in first and "reportlab" in first
    assert loaded_after(run_cli("kit", "rosenkreuz", "-o", out), tmp_path) == []
    manifest = Path(out) / "rosenkreuz" / "manifest.json"
    assert manifest.is_file()
    (Path(out) / "rosenkreuz" / "board.svg").write_bytes(b"<svg/>")  # a damaged kit file
    again = loaded_after(run_cli("kit", "rosenkreuz", "-o", out), tmp_path)
    assert "printables.products.kit_parts" in again



#: Libraries a product's build may load; a command loads one only where its build needs it.
LIBRARIES = ("reportlab", "pypdf", "svgwrite", "cairosvg", "cairocffi", "fontTools", "PIL",
             "ezdxf", "numba", "dask", "flask")


def loaded_modules(code: str, tmp_path: Path) -> set[str]:
    """The printables modules and LIBRARIES (by package: a library loads parts of itself
    as it works) a fresh interpreter has loaded after code."""
    probe = (f"import sys, json\n{code}\n"
             "print(json.dumps(sorted({m if m.startswith('printables') else m.split('.')[0] "
             f"for m in sys.modules if m.split('.')[0] in {('printables', *LIBRARIES)!r}}})))")
    env = {**os.environ, "PRINTABLES_CACHE": str(tmp_path / "cache")}
    proc = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return set(json.loads(proc.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("product", sorted(PRODUCTS))
@pytest.mark.slow  # a fresh process per product
def test_a_single_product_command_loads_that_products_build_and_nothing_else(product,
                                                                              tmp_path):
    """`printables PRODUCT network` loads what the command line itself loads, plus the
    modules of that product's build and its format's back end: none of another product's
    build, the kit, the game-file reader or the self-play code."""
    fmt = PRODUCTS[product].formats()[0] if product != "board" else "svg"
    build = PRODUCTS[product].builder.partition(":")[0]
    command = loaded_modules(run_cli(product, "network", "--format", fmt, "-o",
                                     str(tmp_path / "out")), tmp_path)
    needed = loaded_modules("import printables.__main__, printables.cli\n"
                            f"import {build}\n"
                            "from printables.loading import load\n"
                            "from printables.render import RENDERERS\n"
                            f"load(RENDERERS[{fmt!r}]) if {fmt!r} in RENDERERS else None\n",
                            tmp_path)
    assert command - needed == set(), f"{product} loads more than its build needs"
    assert build in command
    others = {PRODUCTS[p].builder.partition(":")[0] for p in PRODUCTS} - {build}
    if product != "print-and-play":  # made of the board, the pieces and the booklet
        assert others & command == set(), f"{product} loads other products' builds"


def test_each_products_build_is_a_module_of_its_own():
    """So that loading one product's build loads no other's."""
    modules = [p.builder.partition(":")[0] for p in PRODUCTS.values()]
    assert len(set(modules)) == len(modules), modules
