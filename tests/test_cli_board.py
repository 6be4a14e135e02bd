"""The board, list and --version commands as a user runs them."""

from __future__ import annotations

import json

import pytest

from printables.games import installed_games
from tests.conftest import needs_png


def test_list_names_every_game_with_designer(cli):
    code, out, _ = cli("list")
    assert code == 0
    lines = out.strip().splitlines()
    assert len(lines) == len(installed_games())
    for line, (name, g) in zip(lines, installed_games().items()):
        assert line.startswith(name) and g.designer in line


def test_version(cli):
    code, out, _ = cli("--version")
    assert code == 0 and "printables" in out


def test_unknown_game_suggests(cli, tmp_path):
    code, out, err = cli("board", "rosencross", "-o", tmp_path)
    assert code == 2
    assert err.count("\n") == 1 and "did you mean 'rosenkreuz'" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("size", ["12", "21", "0"])
def test_dag_en_nacht_bad_size_is_one_line_exit_2(cli, tmp_path, size):
    code, _, err = cli("board", "dag-en-nacht", "--size", size, "-o", tmp_path)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_dag_en_nacht_size_19_pdf(cli, tmp_path):
    code, out, _ = cli("board", "dag-en-nacht", "--size", "19", "-o", tmp_path)
    assert code == 0
    assert (tmp_path / "dag-en-nacht-board-size19.pdf").exists()


def test_json_export_neighbours_symmetric(cli, tmp_path):
    code, _, _ = cli("board", "rosenkreuz", "--format", "json", "-o", tmp_path)
    assert code == 0
    data = json.loads((tmp_path / "rosenkreuz-board.json").read_text())
    spaces = {s["name"]: s for s in data["spaces"]}
    assert len(spaces) == 49 and data["units"] == "mm"
    for s in spaces.values():
        for rel, ns in s["neighbours"].items():
            for n in ns:
                assert s["name"] in spaces[n]["neighbours"][rel]
    assert spaces["a1"]["colour"] == "dark" and spaces["a1"]["outline"]["type"] == "polygon"


def test_same_command_twice_same_bytes(cli, tmp_path):
    for fmt in ("svg", "pdf", "json"):
        a, b = tmp_path / "a", tmp_path / "b"
        assert cli("board", "network", "--format", fmt, "-o", a)[0] == 0
        assert cli("board", "network", "--format", fmt, "-o", b)[0] == 0
        name = f"network-board.{fmt}"
        assert (a / name).read_bytes() == (b / name).read_bytes()


@needs_png
def test_png_twice_same_bytes(cli, tmp_path):
    for d in ("a", "b"):
        assert cli("board", "chameleons", "--format", "png", "--theme", "mono", "-o", tmp_path / d)[0] == 0  # noqa: E501 (data)
    name = "chameleons-board-mono.png"
    assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_size_in_other_units(cli, tmp_path):
    code, out, _ = cli("board", "rosenkreuz", "--size", "7in", "--format", "json", "-o", tmp_path)
    assert code == 0
    data = json.loads((tmp_path / "rosenkreuz-board-177.8mm.json").read_text())
    xs = [p[0] for s in data["spaces"] for p in s["outline"]["points"]]
    assert max(xs) - min(xs) == pytest.approx(177.8)
