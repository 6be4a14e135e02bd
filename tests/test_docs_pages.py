"""The getting-started, tutorial and example-position pages work as written: every file
they show is written, every command they show is run in an empty folder and prints what the
page says (timings and sizes aside), and every install command names extras that exist."""

from __future__ import annotations

from pathlib import Path

import pytest

from docs.gen.page_commands import run_page, steps
from printables.render.png import png_available

pytestmark = [pytest.mark.kit,
              pytest.mark.skipif(not png_available(),
                                 reason="system cairo library not installed: the pages show "
                                        "the kits' PNG files")]

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = ["getting-started.md", "designer/tutorial.md", "designer/positions.md"]


@pytest.mark.parametrize("page", PAGES)
def test_every_command_on_the_page_does_what_it_shows(page, tmp_path):
    problems, n = run_page(DOCS / page, tmp_path)
    assert problems == []
    assert n >= 2


@pytest.mark.parametrize("page", PAGES)
def test_only_installs_and_the_server_go_unrun(page):
    skipped = [s.text.split()[:2] for s in steps((DOCS / page).read_text()) if s.kind == "skip"]
    assert all(w[0] in ("pip", "pipx") or w == ["printables", "serve"] for w in skipped)


def test_a_page_whose_output_is_wrong_is_caught(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```console\n$ printables validate nothing.toml\n1 passed, 0 failed\n```\n"
                    "\n`pip install \".[nonesuch]\"`\n")
    work = tmp_path / "work"
    work.mkdir()
    problems, _ = run_page(page, work)
    assert len(problems) == 2
    assert "exit status 2, not 0" in problems[1] or "exit status 2, not 0" in problems[0]
    assert any("no extra 'nonesuch'" in p for p in problems)
