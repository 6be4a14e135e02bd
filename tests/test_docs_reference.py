"""The generated reference pages cover the program: every visible command and option of the
click commands, every key of the readers' tables (with a meaning beside it in the code), and
nothing hidden; the site's navigation lists every page, written or generated."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from docs.gen.cli_reference import cli_markdown, commands
from docs.gen.key_reference import game_file_markdown, key_table, position_file_markdown
from docs.gen.pages import text_pages
from printables import gamefile, positions
from printables.cli import cli
from printables.gamefile import board, points, sides
from printables.gamefile.rule_keys import reference_markdown
from printables.render.theme import PALETTE

ROOT = Path(__file__).resolve().parents[1]
CLI_PAGE = cli_markdown(cli)


def _sections(page: str) -> dict[str, str]:
    """The page's `## ` sections by heading."""
    parts = re.split(r"^## (.+)$", page, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def _every_command(group: click.Group, prefix: str = "printables"):
    for name, cmd in commands(group):
        yield f"{prefix} {name}", cmd


def test_every_command_has_its_section_with_every_visible_option():
    sections = _sections(CLI_PAGE)
    seen = 0
    for path, cmd in _every_command(cli):
        section = sections[f"`{path}`"]
        ctx = click.Context(cmd, info_name=path)
        shown = [p for p in cmd.get_params(ctx)  # what --help shows, read independently
                 if not getattr(p, "hidden", False) and "--help" not in p.opts]
        for p in shown:
            for opt in (*p.opts, *p.secondary_opts):
                if isinstance(p, click.Option):
                    assert re.search(rf"`[^`]*{re.escape(opt)}\b", section), (path, opt)
                    seen += 1
            if isinstance(p, click.Argument):
                assert p.make_metavar(ctx) in section
    assert seen > 60


def test_no_hidden_option_or_command_is_documented():
    for path, cmd in _every_command(cli):
        section = _sections(CLI_PAGE)[f"`{path}`"]
        for p in cmd.params:
            if getattr(p, "hidden", False):
                assert all(f"`{o}" not in section for o in p.opts), (path, p.opts)
    assert {name for name, _ in commands(cli)} == {
        n for n in cli.list_commands(click.Context(cli))
        if not cli.get_command(click.Context(cli), n).hidden}


def test_the_command_list_names_every_command_once():
    listed = re.findall(r"^\| \[`([a-z-]+)`\]\(#printables-\1\)", CLI_PAGE, flags=re.M)
    assert listed == [name for name, _ in commands(cli)]


GAME_TABLES = {"the top level": gamefile.TOP_KEYS, "[game]": gamefile.GAME_KEYS,
               "[game.stacks]": gamefile.STACKS_KEYS, "[side.NAME]": sides.SIDE_KEYS,
               "[[component]]": gamefile.COMPONENT_KEYS, "[setup]": gamefile.SETUP_KEYS,
               "[board]": board.COMMON_KEYS,
               **{f"[board] {t}": board.KEYS[t] for t in board.TOPOLOGIES}}
POSITION_TABLES = {"top": positions.TOP_KEYS, "[[check]]": positions.CHECK_KEYS,
                   "[check.after]": positions.AFTER_KEYS}


@pytest.mark.parametrize(("page", "tables"), [(game_file_markdown(), GAME_TABLES),
                                              (position_file_markdown(), POSITION_TABLES)])
def test_every_key_of_every_table_is_on_its_page_with_its_meaning(page, tables):
    for where, keys in tables.items():
        assert keys, where
        table = key_table(keys, where)
        assert table in page, where
        for key, meaning in keys.items():
            assert f"| `{key}` | {meaning.replace('|', '&#124;')} |" in table, (where, key)


def test_each_topology_has_its_own_table():
    page = game_file_markdown()
    for topology in board.TOPOLOGIES:
        assert f'### `topology = "{topology}"`' in page


def test_the_key_tables_are_the_keys_the_readers_accept():
    """The tables documented are the ones the readers check against: a points board's
    layouts take no key its table lacks, and every drawing key is on both point boards."""
    layout_keys = {k for keys in points.LAYOUT_KEYS.values() for k in keys}
    assert layout_keys | set(points.SHARED) == set(board.KEYS["points"])
    assert set(points.LAYOUT_KEYS) == {"grid", "morris", "free"}
    for topology in ("points", "triangle"):
        assert set(points.DRAWING_KEYS) <= set(board.KEYS[topology])


def test_the_rules_tables_and_the_palette_are_on_the_game_file_page():
    page = game_file_markdown()
    assert "\n## `[rules]`\n" in page and reference_markdown() in page
    for name, swatch in PALETTE.items():
        assert f"| `{name}` | `{swatch.colour}` |" in page, name


def test_a_key_without_a_meaning_stops_the_page():
    with pytest.raises(ValueError, match="'fill' has no one-line meaning"):
        key_table({"fill": ""}, "[side.NAME]")


def test_navigation_lists_every_page_and_no_generated_page_is_a_file():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:\n", 1)[1]
    listed = set(re.findall(r"([\w/-]+\.md)\s*$", nav, flags=re.M))
    written = {p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md")
               if not {"gen", "balance"} & set(p.relative_to(ROOT / "docs").parts)}
    generated = set(text_pages()) | {"gallery.md"}
    assert not written & generated
    assert listed == written | generated
