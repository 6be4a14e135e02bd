"""Shared fixtures: the CLI runner and PNG availability."""

from __future__ import annotations

import pytest

from printables.render.png import png_available


def run_cli(args: list[str], capsys) -> tuple[int, str, str]:
    """Run the printables CLI in-process; return (exit status, stdout, stderr)."""
    from printables.cli import main
    code = main(args)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def cli(capsys):
    """Call the CLI like a user: cli('board', 'dugi', ...) -> (status, out, err)."""
    return lambda *args: run_cli([str(a) for a in args], capsys)


needs_png = pytest.mark.skipif(not png_available(), reason="system cairo library not installed")


def pytest_addoption(parser):
    """`pytest --regen-golden` rewrites tests/golden/ from today's output (review the diff)."""
    parser.addoption("--regen-golden", action="store_true",
                     help="rewrite the golden files in tests/golden/ instead of comparing")


@pytest.fixture
def regen_golden(request) -> bool:
    """True when the run was asked to rewrite golden files."""
    return request.config.getoption("--regen-golden")
