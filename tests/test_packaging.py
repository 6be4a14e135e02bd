"""pyproject.toml ships every folder: each folder of the package (and of layouts/, installed
as printables.layouts) whose name Python could import is listed in `packages`, so
`pip install .` warns about none and leaves no file behind."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _folders(top: Path, dotted: str) -> set[str]:
    """Dotted names of top and of every importable-named folder under it holding files."""
    out = {dotted}
    for d in sorted(p for p in top.rglob("*") if p.is_dir() and p.name != "__pycache__"):
        rel = d.relative_to(top).parts
        if all(part.isidentifier() for part in rel) and any(f.is_file() for f in d.iterdir()):
            out.add(".".join((dotted, *rel)))
    return out


def test_every_folder_is_a_listed_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    dirs = config["tool"]["setuptools"]["package-dir"]
    wanted = _folders(ROOT / "printables", "printables")
    for name, folder in dirs.items():
        wanted |= _folders(ROOT / folder, name)
    assert sorted(wanted - listed) == [], "add these to [tool.setuptools] packages"
    assert sorted(listed - wanted) == [], "these packages have no folder"


def test_licence_is_an_spdx_string():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["license"] == "MIT"


def test_the_wheel_ships_py_typed():
    # PEP 561: a game plugin type-checks against our annotations only when the installed
    # package carries py.typed (checked once by building the wheel: printables/py.typed)
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in config["tool"]["setuptools"]["package-data"].get("printables", [])
    assert (ROOT / "printables" / "py.typed").is_file()
