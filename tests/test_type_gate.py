"""The type gate in pyproject.toml: mypy is strict for every module of the package (the
list of modules not yet strict, issue 42, is empty and gone), no override relaxes a strict
flag for one of ours, and no module's errors are hidden (ignore_errors). .ci/run runs mypy
itself; this test guards its configuration."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

#: The flags strict turns on, which no override may turn off for a printables module.
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


def test_no_module_of_ours_is_less_strict():
    relaxed: list[str] = []
    for o in _mypy().get("overrides", []):
        if any(o.get(flag) is False for flag in STRICT_FLAGS):
            relaxed += _ours(o)
    assert relaxed == [], f"these modules were made less strict; type them instead: {relaxed}"


def test_the_gate_sees_a_relaxed_module():
    """The check above reads overrides as mypy does: a relaxed module of ours is found."""
    override = {"module": ["reportlab.*", "printables.cli"], "disallow_untyped_defs": False}
    assert _ours(override) == ["printables.cli"]
    assert any(override.get(flag) is False for flag in STRICT_FLAGS)
