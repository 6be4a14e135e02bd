"""The product table: one place declares a product's formats, request and build, and the
CLI, the web page and the kit read it; the CLI only adapts and nothing imports it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from printables.games import GAMES
from printables.loading import load
from printables.products import requests
from printables.products.kit_parts import PART_BUILDS
from printables.products.registry import PRODUCTS
from printables.products.requests import GameRequest
from printables.render import RENDERERS

PACKAGE = Path(__file__).resolve().parent.parent / "printables"
SCENE_PRODUCTS = ("board", "setup", "pieces")


def _dummy(scenes, theme, **_) -> bytes:
    """A back end that writes how many scenes it was given and their sizes."""
    return ("dummy " + " ".join(f"{s.width:.1f}x{s.height:.1f}" for s in scenes)).encode()


def test_a_new_back_end_in_one_place_is_offered_by_every_product_that_draws(monkeypatch, cli,
                                                                             tmp_path):
    """Adding a back end to printables.render.RENDERERS (one line naming its function) is all
    it takes: every Scene-drawing product offers the format, the CLI writes it and the page
    lists it."""
    monkeypatch.setitem(RENDERERS, "dummy", f"{__name__}:_dummy")
    for name in SCENE_PRODUCTS:
        assert "dummy" in PRODUCTS[name].formats(), name
    assert "dummy" not in PRODUCTS["laser"].formats()  # laser files need a laser back end
    for name in SCENE_PRODUCTS:
        code, out, err = cli(name, "dugi", "--format", "dummy", "-o", tmp_path / name)
        assert code == 0, err
        (path,) = (tmp_path / name).iterdir() if name != "pieces" else \
            sorted((tmp_path / name).iterdir())[:1]
        assert path.suffix == ".dummy" and path.read_bytes().startswith(b"dummy ")
    from printables.web.products import _downloads
    assert {f"{n}.dummy" for n in SCENE_PRODUCTS} <= set(_downloads())


def test_without_the_new_back_end_the_format_is_refused_with_the_valid_ones(cli, tmp_path):
    code, _, err = cli("setup", "dugi", "--format", "dummy", "-o", tmp_path)
    assert code == 2 and "setup has no format 'dummy'; valid: pdf, svg, png" in err
    assert not tmp_path.exists() or not any(tmp_path.iterdir())


def test_every_product_has_a_command_and_a_frozen_request():
    from printables.cli import cli as group
    for name, product in PRODUCTS.items():
        assert name in group.commands
        req = product.read(GAMES["dugi"], {}, None)
        with pytest.raises(AttributeError):
            req.fmt = "x"  # frozen
        assert hash(req) == hash(product.read(GAMES["dugi"], {}, None))
        assert req.args()[:2] == ["--format", product.formats()[0]]


def test_a_size_conflict_names_both_values(cli, tmp_path):
    for command in ("board", "setup", "pieces", "laser", "kit"):
        code, _, err = cli(command, "dag-en-nacht", "--size", "19", "--option", "size=11",
                           "-o", tmp_path)
        assert code == 2 and "--size 19" in err and "--option size=11" in err, command
        assert err.count("\n") == 1
    assert GameRequest.from_texts(GAMES["dag-en-nacht"], ("size=19",), "19").opts["size"] == 19


def test_one_parser_per_kind_reads_the_same_text_the_same_way():
    dpi = requests.DPI.parse
    assert dpi("72") == 72
    with pytest.raises(requests.UsageError, match="not a whole number"):
        dpi("\uff17\uff12")  # fullwidth digits
    gutter = requests.PiecesRequest.FIELDS[2].parse
    assert gutter("0") == gutter("0mm") == 0.0 and gutter("2") == 2.0
    with pytest.raises(requests.UsageError, match="out of range"):
        gutter("30")


def _imports(path: Path) -> list[str]:
    """Every printables module a file imports, at the top or inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found += [f"{node.module}.{a.name}" for a in node.names] + [node.module]
    return [m for m in found if m.startswith("printables")]


def test_nothing_imports_the_cli_and_the_web_never_does():
    """(tests/test_import_graph.py checks the whole graph for circles.)"""
    users = sorted(str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
                   if any(m == "printables.cli" or m.startswith("printables.cli.")
                          for m in _imports(p)))
    assert users == []  # __main__ loads it by name (printables.loading), after Ctrl-C is ours
    assert "printables.cli:main" in (PACKAGE / "__main__.py").read_text(encoding="utf-8")


def test_cli_only_adapts():
    """cli.py parses no value itself: no units parser, no click parameter type or callback
    of its own; the registry's parsers read every product option."""
    tree = ast.parse((PACKAGE / "cli.py").read_text(encoding="utf-8"))
    imported = _imports(PACKAGE / "cli.py")
    assert not any(m.startswith("printables.units") for m in imported)
    classes = [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    assert not any(ast.unparse(b).endswith("ParamType") for c in classes for b in c.bases)
    calls = [k.arg for n in ast.walk(tree) if isinstance(n, ast.Call) for k in n.keywords]
    assert "callback" not in calls
    assert not hasattr(__import__("printables.cli").cli, "Count")


def test_each_request_names_its_product_and_the_kit_builds_parts_with_the_tables_builds():
    """A request type belongs to one product (its cache key and contract say which), and
    the kit builds a part with the very function the product table names for it."""
    for name, product in PRODUCTS.items():
        assert name == product.request.PRODUCT
    for request, build in PART_BUILDS.items():
        assert load(PRODUCTS[request.PRODUCT].builder) is build, request.__name__
