"""`printables export GAME --to FILE`: the game file, its rules and its examples, which build
the same products as the built-in game: the same board, setup and piece sheet bytes, and a
booklet of the same number of pages (the whole kit byte for byte: test_gamefile_engine)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from printables.games import GAMES

ROOT = Path(__file__).resolve().parents[1]


def pages(path: Path) -> int:
    return len(PdfReader(path).pages)


@pytest.mark.slow  # every product of every game built twice: most of a minute
@pytest.mark.parametrize("name", sorted(GAMES))
def test_export_then_build_gives_the_same_products(cli, tmp_path, name):
    target = tmp_path / "mine" / f"my-{name}.toml"
    code, out, err = cli("export", name, "-o", target)
    assert code == 0, err
    examples = sorted((target.parent / target.stem).glob("*.toml"))
    shipped = [p for p in (ROOT / "layouts" / name).glob("*.toml") if p.name != "setup.toml"]
    assert len(examples) == len(shipped) and (target.parent / f"my-{name}.md").is_file()
    text = target.read_text()
    assert re.search(rf'(?m)^(rules|text) = "my-{name}.md"', text)  # text: under [rules]
    assert "/work" not in text and "summary =" not in text
    built, mine = tmp_path / "built", tmp_path / "out"
    for product, extra in (("board", ("--format", "svg")), ("setup", ("--format", "svg")),
                           ("pieces", ()), ("booklet", ())):
        assert cli(product, name, *extra, "-o", built)[0] == 0
        code, _, err = cli(product, target, *extra, "-o", mine)
        assert code == 0, err
    for stem in ("board.svg", "setup.svg", "pieces.pdf"):
        a, b = built / f"{name}-{stem}", mine / f"{name}-variant-{stem}"
        assert a.read_bytes() == b.read_bytes(), stem
    assert pages(built / f"{name}-booklet.pdf") == pages(mine / f"{name}-variant-booklet.pdf")


def test_export_keeps_the_reconstructed_note(cli, tmp_path):
    target = tmp_path / "rk.toml"
    assert cli("export", "rosenkreuz", "-o", target)[0] == 0
    assert 'reconstructed = ["setup"]' in target.read_text()
    code, _, err = cli("setup", target, "--format", "svg", "-o", tmp_path)
    assert code == 0, err
    assert "setup reconstructed from the published rules text" in (
        tmp_path / "rosenkreuz-variant-setup.svg").read_text()


def test_an_edited_export_describes_its_own_board(cli, tmp_path):
    target = tmp_path / "dugi5.toml"
    assert cli("export", "dugi", "-o", target)[0] == 0
    text = re.sub(r"(?m)^rings = 7$", "rings = 5", target.read_text())
    text = re.sub(r"(?m)^engine = .*$", "", text)  # Dugi's engine checks only its own board
    target.write_text(text.replace('examples = [', 'examples = [] # [', 1))
    from printables.gamefile import load_game_file
    game = load_game_file(target)
    assert game.board_summary.startswith("5 rings") and "7" not in game.board_summary


def test_export_on_standard_output_names_the_rules_relative_to_here(cli, tmp_path,
                                                                    monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = cli("export", "network")
    assert code == 0, err
    rules = re.search(r'(?m)^text = "([^"]+)"', out).group(1)  # Network's [rules] name it
    assert not Path(rules).is_absolute() and (tmp_path / rules).resolve() == (
        ROOT / "rules_text" / "network.md").resolve()


@pytest.mark.parametrize("name", ["go9", "morris", "amazons", "star-halma", "surakarta",
                                  "xiangqi", "oware", "jungle"])
def test_a_game_file_with_colours_art_and_points_exports_and_rebuilds(cli, tmp_path, name):
    target = tmp_path / "copy" / f"{name}.toml"
    code, _, err = cli("export", ROOT / "examples" / f"{name}.toml", "-o", target)
    assert code == 0, err
    for product, extra in (("board", ("--format", "svg")), ("pieces", ())):
        source = ROOT / "examples" / f"{name}.toml"
        assert cli(product, source, *extra, "-o", tmp_path / "a")[0] == 0
        code, _, err = cli(product, target, *extra, "-o", tmp_path / "b")
        assert code == 0, err
    for stem in ("board.svg", "pieces.pdf"):
        assert (tmp_path / "a" / f"{name}-{stem}").read_bytes() == (
            tmp_path / "b" / f"{name}-{stem}").read_bytes(), stem
