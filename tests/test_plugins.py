"""Plugin games (entry-point group 'printables.games'): a working one stands beside the
built-in games in `list`, by name and in every `--all`; a broken one is named with its
reason, never as an unknown game. The packages in tests/plugin_pkg/ are made visible to a
subprocess through its path (a *.dist-info folder with entry_points.txt is what
importlib.metadata reads), so the test run's own environment is left as it is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from printables.games import GAMES

PLUGINS = Path(__file__).resolve().parent / "plugin_pkg"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`printables ARGS` in a fresh process that sees the plugin packages."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(PLUGINS), *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.run([sys.executable, "-m", "printables", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def test_list_shows_a_working_plugin_and_names_a_broken_one_with_its_reason(tmp_path):
    done = run("list", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    names = [line.split()[0] for line in done.stdout.splitlines()]
    assert names == [*GAMES, "toy-four"]
    assert "a plugin author" in done.stdout and "toy-broken" not in done.stdout
    (line,) = done.stderr.splitlines()
    assert "'toy-broken'" in line and "printables-broken-game 0.1" in line
    assert "ModuleNotFoundError" in line and "printables_missing_dependency" in line


def test_a_broken_plugin_named_says_why_in_one_line(tmp_path):
    done = run("board", "toy-broken", "-o", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 2 and not list(tmp_path.iterdir())
    (line,) = done.stderr.splitlines()
    assert "unknown game" not in line and "Traceback" not in done.stderr
    assert "'toy-broken'" in line and "No module named 'printables_missing_dependency'" in line


def test_a_working_plugin_is_made_by_name_and_by_all(tmp_path):
    done = run("board", "toy-four", "--format", "json", "-o", str(tmp_path / "one"),
               cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (made,) = (tmp_path / "one").iterdir()
    assert made.name.startswith("toy-four") and json.loads(made.read_text())
    done = run("board", "--all", "--format", "json", "-o", str(tmp_path / "all"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    made = {p.name.split("-board")[0] for p in (tmp_path / "all").iterdir()}
    assert made == {*GAMES, "toy-four"}


@pytest.mark.web
def test_the_web_page_offers_a_working_plugin(tmp_path):
    probe = ("from printables.web import create_app\n"
             "from printables.web.jobs import Runner\n"
             "page = create_app(runner=Runner()).test_client().get('/')\n"
             "print(page.status_code, 'Toy Four' in page.text, 'toy-broken' in page.text)\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(PLUGINS)})
    assert done.stdout.split() == ["200", "True", "False"], done.stderr
