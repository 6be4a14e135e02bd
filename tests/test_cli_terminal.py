"""Every command run at a terminal: on a real pseudo-terminal 80 columns wide, so the
progress bars and the balance progress line are drawn as a user sees them. No traceback,
the exit status a user expects, the bar actually drawn, and no line wider than the
terminal (a wider line wraps and each redraw scrolls the screen).

These run printables in subprocesses (a terminal cannot be faked in-process); the cheap
formats keep them short, and the whole kit is under the `kit` marker.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printables.games import GAMES
from tests.terminal import Screen, run_in_terminal

ROOT = Path(__file__).resolve().parent.parent
COLUMNS = 80
#: product -> a format that is quick to make for every game (the bar is the same for all)
PRODUCTS = {"board": "svg", "setup": "svg", "pieces": "json", "booklet": "pdf",
            "laser": "svg", "print-and-play": "pdf"}


def check_screen(screen: Screen, status: tuple[int, ...] = (0,)) -> None:
    """No traceback, an expected status, and every redraw of a progress bar or line within
    the terminal's width (one that wraps scrolls the screen at each redraw). Other lines
    may be longer: they wrap once, as text does."""
    assert "Traceback" not in screen.text, screen.text[-3000:]
    assert screen.status in status, screen.text[-3000:]
    wide = [line for line in screen.redraws() if len(line) > COLUMNS]
    assert not wide, f"{len(wide)} redrawn lines wider than {COLUMNS} columns, e.g. {wide[0]!r}"


def bar_drawn(screen: Screen, label: str) -> bool:
    """True when click drew a progress bar with this label ("label  [####----]")."""
    return any(line.startswith(f"{label}  [") and "#" in line for line in screen.redraws())


@pytest.mark.parametrize("product", list(PRODUCTS))
@pytest.mark.slow  # every game's product under a pty, six times
def test_every_product_with_all_draws_its_bar(tmp_path, product):
    screen = run_in_terminal([product, "--all", "--format", PRODUCTS[product],
                              "-o", "out"], tmp_path)
    check_screen(screen)
    assert bar_drawn(screen, product), screen.text[-2000:]
    assert any(f"{product} files written to out/" in line for line in screen.lines())
    assert len(list((tmp_path / "out").iterdir())) >= len(GAMES)


def test_play_draws_its_bar(tmp_path):
    screen = run_in_terminal(["play", "rosenkreuz", "--games", "30", "--kernel", "fast"],
                             tmp_path)
    check_screen(screen)
    assert bar_drawn(screen, "rosenkreuz games"), screen.text[-2000:]
    assert any("games" in line and "plies/s" in line for line in screen.lines())


def test_balance_progress_fits_80_columns(tmp_path):
    screen = run_in_terminal(["balance", "network", "--variants", "pie=false;pie=3",
                              "--games", "40", "--kernel", "fast", "-o", "out"], tmp_path)
    check_screen(screen)
    progress = [line for line in screen.redraws() if "random-random:" in line]
    assert len(progress) >= 40, screen.text[-2000:]  # a line per game, each one fitting
    assert any(line.startswith("pie=3 random-random: 40/40") for line in progress)
    assert (tmp_path / "out" / "balance.md").is_file()


@pytest.mark.parametrize("args,shows", [
    (["list"], "Sid Sackson"),
    (["validate", str(ROOT / "layouts" / "network")], "0 failed"),
    (["export", "network"], "[game]"),
    (["completion", "bash"], "_PRINTABLES_COMPLETE"),
])
def test_other_commands_at_a_terminal(tmp_path, args, shows):
    screen = run_in_terminal(args, tmp_path)
    check_screen(screen)
    assert shows in screen.text


def test_serve_stops_on_ctrl_c_without_a_traceback(tmp_path):
    """Ctrl-C while the server runs stops it (0); in the moment before it serves it is an
    interrupted start, one line (status 1, or 130 where interruptions exit so)."""
    screen = run_in_terminal(["serve", "--no-browser", "--port", "0"], tmp_path,
                             interrupt_when="(Ctrl-C stops it)", seconds=120)
    check_screen(screen, status=(0, 1, 130))
    assert screen.lines()[0].startswith("printables serve: http://127.0.0.1:")
    assert len([line for line in screen.lines() if line.strip()]) <= 2


def test_printables_alone_prints_the_help_to_fit(tmp_path):
    screen = run_in_terminal([], tmp_path)
    check_screen(screen)
    assert max(len(line) for line in screen.lines()) <= COLUMNS  # wrapped to the terminal
    assert screen.lines()[0].startswith("Usage: printables")
    assert "Commands:" in screen.text and "error" not in screen.text


@pytest.mark.kit
def test_kit_all_draws_its_bar_and_dash_dash_all_is_the_same_kits(tmp_path):
    screen = run_in_terminal(["kit", "all", "-o", "out"], tmp_path)
    check_screen(screen)
    assert bar_drawn(screen, "kits on A4"), screen.text[-2000:]
    n = len(GAMES)
    assert any(line.startswith(f"{n} kits, ") for line in screen.lines())
    assert sorted(p.name for p in (tmp_path / "out").iterdir() if p.is_dir()) == sorted(GAMES)
    again = run_in_terminal(["kit", "--all", "-o", "out"], tmp_path)  # the same kits
    check_screen(again)
    assert any(line.startswith(f"{n} kits ({n} unchanged), ") for line in again.lines()), \
        again.text
