"""Shared fixtures: the CLI runner, PNG availability, hypothesis profiles and markers.

Hypothesis profiles (chosen with the environment variable PRINTABLES_HYPOTHESIS):
``default`` keeps the normal run short (100 examples per property, hypothesis's own
default); ``thorough`` runs 10,000 examples per property. Tests that set their own
``max_examples`` keep it under both profiles; the CLI fuzz (tests/test_fuzz_cli.py) sets
its sizes from the profile: 5,000 position files and 3,000 game files when thorough.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from printables.games.model import parse_option
from printables.products.requests import GameRequest, LaserRequest
from printables.render.png import png_available

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large,
          HealthCheck.function_scoped_fixture]
settings.register_profile("default", max_examples=100, deadline=None, database=None,
                          suppress_health_check=_QUIET)
settings.register_profile("thorough", max_examples=10_000, deadline=None, database=None,
                          suppress_health_check=_QUIET)
settings.load_profile(os.environ.get("PRINTABLES_HYPOTHESIS", "default"))

#: plugin_pkg/ holds packages other projects would install (one of them fails to import on
#: purpose); tests/test_plugins.py puts it on a subprocess's path, so it is never collected
collect_ignore = ["plugin_pkg"]

#: markers: every test file of that kind says so in its first lines (`pytestmark = ...`)
MARKERS = {
    "slow": "the heavy tests: faults, fuzz, differentials, laser and tiling sweeps, Dask "
            "(deselect with -m 'not slow'; the full run, which CI runs, includes them)",
    "web": "the web page and `printables serve` (flask, waitress, chromium)",
    "kit": "whole print-and-play kits built (`printables kit`)",
}


def laser_request(fmt: str = "svg", reference: bool = True, options: tuple[str, ...] = (),
                  **texts: object) -> LaserRequest:
    """The laser's request as its command reads it: the format, --option texts, and the
    texts of its fields by name (sheet="300x200", kerf=0.2, ...); reference=False is
    --no-reference."""
    given = {k: str(v) for k, v in texts.items() if v is not None}
    if not reference:
        given["no_reference"] = "1"
    greq = GameRequest(tuple(sorted(parse_option(o) for o in options)))
    return LaserRequest.read(greq, fmt, given)


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


def pytest_configure(config):
    """Register the markers (one place: MARKERS above)."""
    for name, what in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {what}")


def pytest_addoption(parser):
    """`pytest --regen-golden` rewrites tests/golden/ from today's output (review the diff)."""
    parser.addoption("--regen-golden", action="store_true",
                     help="rewrite the golden files in tests/golden/ instead of comparing")


@pytest.fixture
def regen_golden(request) -> bool:
    """True when the run was asked to rewrite golden files."""
    return request.config.getoption("--regen-golden")


@pytest.fixture(autouse=True)
def own_build_cache(tmp_path_factory, monkeypatch):
    """Every test gets an empty build cache of its own (PRINTABLES_CACHE, which the kit's
    worker processes inherit), outside its tmp_path and never the user's."""
    monkeypatch.setenv("PRINTABLES_CACHE", str(tmp_path_factory.mktemp("build-cache")))

