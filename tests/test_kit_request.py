"""`printables kit GAME... --option --size --theme --paper`: one request reaches every file
of a kit, several games and game files go in one call, and the folder's index and manifest
list every kit in it, each with the request and command that rebuild it."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from printables.games import GAMES
from printables.positions import bundled_layouts
from printables.products.booklet.examples import example_paths, load_examples
from printables.render.png import png_available
from tests.conftest import run_cli

pytestmark = pytest.mark.kit
ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"

#: (game, kit options, theme, paper, cells on the board, stones per side)
VARIANTS = [
    ("dag-en-nacht", ["size=19"], "mono", "letter", 361, 90),
    ("network", ["size=10"], "colour", "A4", 10 * 10, 10),
    ("network", ["size=12"], "colour", "A4", 12 * 12, 10),
    ("evl", ["target=12"], "colour", "A4", None, 28),
]


def _ok(capsys, *args) -> str:
    code, out, err = run_cli([str(a) for a in args], capsys)
    assert code == 0, (args, err)
    return out


@pytest.fixture(scope="module")
def variant_kits(tmp_path_factory):
    """One kit per variant, each in its own folder (built here, one game at a time)."""
    from printables.cli import main
    kits = {}
    for game, options, theme, paper, *_ in VARIANTS:
        out = tmp_path_factory.mktemp(f"{game}-{options[0].replace('=', '')}")
        args = ["kit", game, *[a for o in options for a in ("--option", o)], "--theme", theme,
                "--paper", paper, "--jobs", "1", "-o", str(out)]
        assert main(args) == 0
        kits[(game, options[0])] = out / game
    return kits


def _spaces(svg: bytes) -> int:
    """How many spaces a drawing's spaces layer holds."""
    layer = next(g for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("id") == "layer-spaces")
    return sum(1 for child in layer if child.tag in (f"{SVG}polygon", f"{SVG}rect",
                                                     f"{SVG}path", f"{SVG}circle"))


@pytest.mark.parametrize("game, options, theme, paper, cells, stones", VARIANTS,
                         ids=lambda v: v if isinstance(v, str) else None)
def test_a_variant_reaches_every_file_of_its_kit(variant_kits, capsys, tmp_path, game, options,
                                                 theme, paper, cells, stones):
    kit = variant_kits[(game, options[0])]
    given = [a for o in options for a in ("--option", o)] + ["--theme", theme]
    # the board is the board command's, byte for byte
    _ok(capsys, "board", game, *given, "--format", "svg", "-o", tmp_path / "board")
    (board,) = (tmp_path / "board").iterdir()
    assert (kit / "board.svg").read_bytes() == board.read_bytes()
    # the setup is drawn on the variant's board
    _ok(capsys, "setup", game, *given, "--format", "svg", "-o", tmp_path / "setup")
    (setup,) = (tmp_path / "setup").iterdir()
    opts = GAMES[game].options(dict(GAMES[game].parse_options(options)))
    assert _spaces(setup.read_bytes()) == len(GAMES[game].board(opts).spaces)
    if cells is not None:
        assert _spaces(setup.read_bytes()) == cells
    if (kit / "setup.png").exists():
        _ok(capsys, "setup", game, *given, "--format", "png", "--dpi", "100", "-o",
            tmp_path / "png")
        (png,) = (tmp_path / "png").iterdir()
        assert (kit / "setup.png").read_bytes() == png.read_bytes()
    # the pieces sheet counts the variant's pieces, and is the pieces command's
    _ok(capsys, "pieces", game, *given, "--format", "json", "--paper", paper, "-o",
        tmp_path / "pieces")
    (sheet,) = (tmp_path / "pieces").iterdir()
    pieces = [p for page in json.loads(sheet.read_text())["pages"] for p in page["pieces"]
              if not p["spare"]]
    per_side = {s: sum(1 for p in pieces if p["side"] == s and p["kind"] in ("stone", "piece"))
                for s in GAMES[game].sides}
    assert set(per_side.values()) == {stones}
    _ok(capsys, "pieces", game, *given, "--paper", paper, "-o", tmp_path / "pdf")
    (pdf,) = (tmp_path / "pdf").iterdir()
    assert (kit / "pieces.pdf").read_bytes() == pdf.read_bytes()
    # the booklet says which variant it shows, and is the booklet command's
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(kit / "booklet.pdf").pages)
                    .split())
    assert f"this booklet shows the variant: {options[0].replace('=', ' ')}" in text
    sheet_name = "letter" if paper == "letter" else "A4"
    _ok(capsys, "booklet", game, *given, "--impose", sheet_name, "-o", tmp_path / "booklet")
    files = {p.name: p.read_bytes() for p in (tmp_path / "booklet").iterdir()}
    assert sorted(files.values()) == sorted([(kit / "booklet.pdf").read_bytes(),
                                             (kit / "booklet-imposed.pdf").read_bytes()])
    manifest = json.loads((kit / "manifest.json").read_text())["kit"]
    assert manifest["request"]["options"] == opts and manifest["request"]["theme"] == theme


@pytest.mark.parametrize("game, options, spaces", [
    ("dag-en-nacht", {"size": 19}, 361), ("network", {"size": 12}, 144),
    ("evl", {"target": 12}, None)])
def test_a_variant_booklet_draws_and_checks_its_examples_on_the_variant_board(game, options,
                                                                             spaces):
    """The examples a variant's booklet keeps are drawn on its board and their checks hold
    there; the others are left out (and the booklet says how many)."""
    spec = GAMES[game]
    kept = load_examples(spec, bundled_layouts(), options)
    assert kept and len(kept) <= len(example_paths(spec, bundled_layouts()))
    for ex in kept:
        assert all(ex.position.options[k] == v for k, v in options.items()), ex.path
        if spaces is not None:
            assert len(spec.board(ex.position.options).spaces) == spaces
    if game == "evl":  # the target-12 example stays, the ten-pentagon win cannot hold
        names = {Path(e.path).stem for e in kept}
        assert "variant-target-twelve" in names and "win-ten-pentagons" not in names


def test_a_variant_setup_says_which_variant_it_shows(capsys, tmp_path):
    _ok(capsys, "setup", "network", "--size", "12", "--format", "svg", "-o", tmp_path)
    (path,) = tmp_path.iterdir()
    assert path.name == "network-setup-size12.svg"
    assert "(variant: size 12)" in path.read_text()


def test_an_option_that_does_not_apply_names_the_game(capsys, tmp_path):
    code, _, err = run_cli(["kit", "all", "--option", "size=19", "-o", str(tmp_path)], capsys)
    assert code == 2 and err.count("\n") == 1 and "rosenkreuz has no option 'size'" in err
    code, _, err = run_cli(["kit", "dugi", "dag-en-nacht", "--option", "target=12", "-o",
                            str(tmp_path)], capsys)
    assert code == 2 and "dugi has no option 'target'" in err
    assert not any(tmp_path.iterdir())  # checked before any work


def test_a_size_conflict_in_a_kit_names_both(capsys, tmp_path):
    code, _, err = run_cli(["kit", "dag-en-nacht", "--size", "19", "--option", "size=11",
                            "-o", str(tmp_path)], capsys)
    assert code == 2 and "--size 19" in err and "--option size=11" in err


def test_one_folder_lists_every_kit_built_into_it(capsys, tmp_path):
    """Three games (two of them game files) in one call, then another game in a later run:
    index.html and manifest.json list all four, from the per-game manifests."""
    out = tmp_path / "kits"
    files = [ROOT / "examples" / "crossing.toml", ROOT / "examples" / "honeycomb.toml"]
    _ok(capsys, "kit", "rosenkreuz", *files, "--jobs", "1", "-o", out)
    _ok(capsys, "kit", "dugi", "--jobs", "1", "-o", out)
    top = json.loads((out / "manifest.json").read_text())
    names = [k["game"] for k in top["kits"]]
    assert sorted(names) == ["crossing", "dugi", "honeycomb", "rosenkreuz"]
    page = (out / "index.html").read_text()
    for name in names:
        assert f'href="{name}/booklet.pdf"' in page and "printables kit" in page
        assert any(r["file"] == f"{name}/manifest.json" for r in top["files"])
    assert "Honeycomb" in page or "honeycomb" in page
    if png_available():
        assert all(f'<img src="{n}/board.png"' in page for n in names)


def test_a_kit_manifest_records_the_command_that_rebuilds_it(capsys, tmp_path):
    first = tmp_path / "first"
    _ok(capsys, "kit", "network", "--size", "10", "--theme", "mono", "--paper", "A3",
        "--jobs", "1", "-o", first)
    kit = json.loads((first / "network" / "manifest.json").read_text())
    assert kit["kit"]["command"] == ("printables kit network --size 10 --theme mono "
                                     "--paper A3")
    assert kit["kit"]["request"] == {"options": {"pie": False, "size": 10}, "size": None,
                                     "theme": "mono", "paper": "A3"}
    again = tmp_path / "again"
    _ok(capsys, *kit["kit"]["command"].split()[1:], "--jobs", "1", "-o", again)
    assert (again / "network" / "manifest.json").read_bytes() == \
        (first / "network" / "manifest.json").read_bytes()
    top = json.loads((first / "manifest.json").read_text())
    assert top["kits"][0]["command"] == kit["kit"]["command"]


def test_two_arguments_for_one_kit_folder_are_refused(capsys, tmp_path):
    import shutil
    shutil.copytree(ROOT / "examples", tmp_path / "copy")
    other = tmp_path / "copy" / "crossing.toml"
    code, _, err = run_cli(["kit", str(ROOT / "examples" / "crossing.toml"), str(other),
                            "-o", str(tmp_path / "x")], capsys)
    assert code == 2 and "both the game 'crossing'" in err
    assert not (tmp_path / "x").exists()


def test_a_layout_that_does_not_fit_the_variant_board_is_refused(capsys, tmp_path):
    """A stone on o15 has no square on an 11 x 11 board: one line naming the file, no file."""
    layout = tmp_path / "corner.toml"
    layout.write_text('game = "dag-en-nacht"\ntitle = "A stone in the far corner"\n'
                      'options = { size = 15 }\nto_move = "white"\n\n[pieces]\n'
                      'black = ["o15"]\nwhite = []\n')
    code, _, err = run_cli(["setup", "--layout", str(layout), "--size", "11", "-o",
                            str(tmp_path / "out")], capsys)
    assert code == 2 and err.count("\n") == 1 and "corner.toml" in err
    assert "(variant: size 11) does not have" in err
    assert not any((tmp_path / "out").iterdir())
    _ok(capsys, "setup", "--layout", layout, "-o", tmp_path / "fits")  # its own board: fine
