"""Release basics: the licence file says what pyproject says, the changelog keeps its format,
the `all` extra holds every feature extra, and the wheel ships every example file."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
#: Extras that are tools for working on printables, not features a user reaches.
TOOLS = {"test", "lint", "bench", "docs"}
KINDS = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"]


def test_licence_file_is_the_mit_licence_of_the_authors():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert CONFIG["project"]["license"] == "MIT" and text.startswith("MIT License")
    assert "Copyright (c) 2026 the printables authors" in text
    assert CONFIG["project"]["license-files"] == ["LICENSE"]


def test_all_extra_is_every_feature_extra():
    extras = CONFIG["project"]["optional-dependencies"]
    named = re.fullmatch(r"printables\[(.*)\]", extras["all"][0])
    assert len(extras["all"]) == 1 and named
    assert sorted(named[1].split(",")) == sorted(set(extras) - TOOLS - {"all"})
    assert "docs" in extras


def test_classifiers_name_the_python_versions_pyproject_requires():
    versions = {c.rsplit(" :: ", 1)[1] for c in CONFIG["project"]["classifiers"]
                if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)}
    least = CONFIG["project"]["requires-python"].removeprefix(">=")
    assert min(versions, key=lambda v: tuple(map(int, v.split(".")))) == least


def test_changelog_keeps_the_keep_a_changelog_shape():
    lines = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# Changelog"
    versions = [ln for ln in lines if ln.startswith("## ")]
    assert versions and all(re.fullmatch(r"## \[(Unreleased|\d+\.\d+\.\d+)\]"
                                         r"( - \d{4}-\d{2}-\d{2})?", v) for v in versions)
    assert versions[0] == "## [Unreleased]" or "Unreleased" not in "".join(versions)
    section: list[str] = []
    for ln in lines + ["## end"]:
        if ln.startswith("## "):
            assert section == sorted(section, key=KINDS.index), section
            section = []
        elif ln.startswith("### "):
            assert ln[4:] in KINDS, ln
            section.append(ln[4:])


def test_package_data_ships_every_example_file():
    """What setuptools globs from the examples folder is every file in it (a new kind of
    file in an example needs its pattern here, or the wheel would lack it)."""
    top = ROOT / CONFIG["tool"]["setuptools"]["package-dir"]["printables.examples"]
    globs = CONFIG["tool"]["setuptools"]["package-data"]["printables.examples"]
    shipped = {p for g in globs for p in top.glob(g) if p.is_file()}
    every = {p for p in top.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert sorted(map(str, every - shipped)) == []


def test_readme_is_short_and_its_links_reach_files():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    targets = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)|src=\"([^\"]+)\"", text)
    local = [a or b for a, b in targets if not (a or b).startswith("http")]
    assert len(local) > 20
    assert [t for t in local if not (ROOT / t).exists()] == []
