"""The type gate in pyproject.toml only tightens: mypy is strict for every module but a
documented list of modules not yet strict, that list never grows, and no module's errors are
hidden (ignore_errors). .ci/run runs mypy itself; this test guards its configuration."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

#: The modules not yet strict when the list was made (issue 42). A module leaves the list
#: when it passes strict; none joins it. Remove a name here when you remove it there.
NOT_YET_STRICT = frozenset({
})

#: The flags strict turns on that an override may turn off for the listed modules only.
STRICT_FLAGS = ("disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls",
                "disallow_untyped_defs", "disallow_incomplete_defs",
                "disallow_untyped_decorators", "warn_return_any", "no_implicit_reexport",
                "strict_equality", "extra_checks", "check_untyped_defs")


def _mypy() -> dict[str, Any]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mypy: dict[str, Any] = config["tool"]["mypy"]
    return mypy


def _ours(override: dict[str, Any]) -> list[str]:
    names = override["module"]
    return [n for n in ([names] if isinstance(names, str) else names)
            if n == "printables" or n.startswith("printables.")]


def test_no_errors_are_hidden():
    mypy = _mypy()
    hiding = [o["module"] for o in mypy.get("overrides", []) if o.get("ignore_errors")]
    assert "ignore_errors" not in mypy and hiding == [], (
        f"ignore_errors hides mypy's errors in {hiding}: fix them instead")


def test_strict_is_the_default():
    assert _mypy().get("strict") is True, "[tool.mypy] strict = true: new modules start strict"


def test_the_not_yet_strict_list_only_shrinks():
    relaxed: list[str] = []
    for o in _mypy().get("overrides", []):
        if any(o.get(flag) is False for flag in STRICT_FLAGS):
            relaxed += _ours(o)
    added = sorted(set(relaxed) - NOT_YET_STRICT)
    assert added == [], f"these modules were made less strict; type them instead: {added}"


def test_the_check_untyped_defs_floor_holds():
    # the listed modules are still checked inside their functions
    for o in _mypy().get("overrides", []):
        if _ours(o):
            assert o.get("check_untyped_defs", True) is True, o["module"]
