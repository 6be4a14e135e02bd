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
