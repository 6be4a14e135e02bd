"""Every generated page and picture of the site, by its path in docs/ (hooks.py adds them;
tests/test_docs_reference.py reads the same texts)."""

from __future__ import annotations

from pathlib import Path

from docs.gen.cli_reference import cli_markdown
from docs.gen.gallery import gallery
from docs.gen.key_reference import game_file_markdown, position_file_markdown
from docs.gen.tables import products_markdown, rulings_markdown
from printables.cli import cli

ROOT = Path(__file__).resolve().parents[2]


def included(name: str, page: str) -> str:
    """A file from the top of the repository (CONTRIBUTING.md, CHANGELOG.md) as the site's
    page at path page: its links into the site, written `docs/PAGE.md` so that they work
    where the repository is browsed, become relative to the page.

    >>> included("CHANGELOG.md", "development/changelog.md").splitlines()[0]
    '# Changelog'
    """
    text = (ROOT / name).read_text(encoding="utf-8")
    return text.replace("](docs/", "](" + "../" * page.count("/"))


def text_pages() -> dict[str, str]:
    """The generated Markdown pages, by path."""
    return {
        "reference/cli.md": cli_markdown(cli),
        "reference/game-file.md": game_file_markdown(),
        "reference/position-file.md": position_file_markdown(),
        "explanations/rulings.md": rulings_markdown(),
        "development/product-table.md": products_markdown(),
        "development/contributing.md": included("CONTRIBUTING.md", "development/contributing.md"),
        "development/changelog.md": included("CHANGELOG.md", "development/changelog.md"),
    }


def generated() -> dict[str, str | bytes]:
    """Every generated file of the site, by path: the pages, the gallery and its pictures."""
    page, pictures = gallery()
    return {**text_pages(), "gallery.md": page, **pictures}
