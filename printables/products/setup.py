"""The `setup` product: a game's board with its starting position (or any layout file), a
title, a credit line and a 100 mm scale bar; games that start empty show each player's
reserve beside the board.

Ruling (ours): a variant (game options that differ from the defaults) moves the layout onto
the variant's board, and the title line names the variant ("variant: size 19"); a layout
with a piece on a space the variant's board lacks is refused, naming the space's layout.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from printables.errors import UsageError
from printables.games import GameSpec
from printables.games.model import byline
from printables.geometry import Point
from printables.positions import Layout, load_setup
from printables.products.booklet.diagram import position_items
from printables.products.booklet.examples import on_variant, reserve_counts
from printables.products.common import (
    INSET,
    MIN_WIDTH,
    credit_block,
    credit_lines,
    fit_size,
    footer_height,
    footer_layout,
    scale_bar,
)
from printables.products.requests import Files, SetupRequest
from printables.products.variant import file_stem, variant_parts, variant_words
from printables.render import render
from printables.render.fonts import text_width
from printables.render.scene import Group, Item, Scene, Text
from printables.render.theme import Ink, get_theme, ink

#: Height of the strip under the diagram: title line, credit lines, scale bar.
FOOTER = 20.0
RECONSTRUCTED_NOTE = "reconstructed from the published rules text"


def position_caption(game: GameSpec, title: str) -> str:
    """A layout title without a leading game name (the footer prints the name already).

    >>> from printables.games import get_game
    >>> position_caption(get_game("evl"), "EVL: the board starts empty")
    'the board starts empty'
    """
    head = game.title.lower() + ":"
    return title[len(head):].strip() if title.lower().startswith(head) else title.strip()


#: The footer of a diagram too narrow for the credit beside the scale bar: it goes above.
FOOTER_STACKED = 30.0
#: Credit lines: size, and how far below the footer's top the block starts (baseline of
#: its first line); where the scale bar's cells start (y).
CREDIT_SIZE, CREDIT_DROP, BAR_Y = 2.6, 10.5, 3.0


def footer_items(game: GameSpec, layout: Layout, width: float, bundled: bool,
                 theme: Mapping[str, Ink]) -> list[Item]:
    """Title line (game and position title), credit lines in a column left of the scale bar,
    or above it on a narrow sheet (wrapped, and shrunk if they must be, so they never run
    into it) and the scale bar."""
    top = footer_height(width, FOOTER, FOOTER_STACKED)
    items: list[Item] = [Text(Point(3.0, top - 5.5), game.title,
                              fit_size(game.title, 3.8, width - 2 * INSET,
                                       ink(theme, "title").font), "title", anchor="start")]
    caption = position_caption(game, layout.position.title)
    if caption:
        x = 3.0 + text_width(game.title, 3.8, ink(theme, "title").font) + 3.0
        items.append(Text(Point(x, top - 5.5), caption,
                          fit_size(caption, 3.4, max(width - x - 3.0, 1.0)), "text",
                          anchor="start"))
    credit = [byline(game.designer)]
    rebuilt = [r for r in game.reconstructed if r == "board" or (bundled and r == "setup")]
    if rebuilt:
        credit.append(" and ".join(rebuilt) + " " + RECONSTRUCTED_NOTE)
    bar_x, room, bottom = footer_layout(width, BAR_Y)
    font = ink(theme, "text.small").font
    lines, size = credit_lines(credit, room, CREDIT_SIZE, top - CREDIT_DROP - bottom, font)
    items += credit_block(lines, size, top - CREDIT_DROP, room, font)
    items.append(scale_bar(bar_x, BAR_Y))
    return items


def setup_scene(game: GameSpec, layout: Layout, theme: Mapping[str, Ink],
                bundled: bool = True, size: float | None = None) -> Scene:
    """The setup diagram: the position (with reserves when pieces are off the board) above
    a footer with title, credit and scale bar; at physical size, on a board of length size
    mm (None: the game's own), as the board product draws it."""
    pos = layout.position
    reserve = any(n > 0 for *_, n in reserve_counts(game, pos))
    # a diagram is its board's width; a narrow one keeps the whole scale bar below it
    width = max(game.board(pos.options, size).width, MIN_WIDTH)
    top = footer_height(width, FOOTER, FOOTER_STACKED)
    items, _, h = position_items(game, pos, theme, dy=top, reserve=reserve, size=size)
    footer = Group(tuple(footer_items(game, layout, width, bundled, theme)), layer="footer")
    return Scene(width, h + top, items + (footer,), title=f"{game.title} setup")


def setup_filename(game: GameSpec, fmt: str, theme_name: str, layout_file: str | Path | None,
                   variant: list[str] | None = None) -> str:
    """A file name a person finds: <game>-setup[-<layout name>][-<variant>][-mono].<fmt>.

    >>> from printables.games import get_game
    >>> setup_filename(get_game("dugi"), "png", "mono", "my/dugi-opening.toml")
    'dugi-setup-dugi-opening-mono.png'
    """
    stem = Path(layout_file).stem if layout_file is not None else ""
    return file_stem(game.name, "setup", "" if stem == "setup" else stem, *(variant or []),
                     theme_name=theme_name) + "." + fmt


def build_setup(game: GameSpec, req: SetupRequest) -> Files:
    """The setup product's build: the setup diagram of req (its layout file, else the
    game's bundled setup), on the board of its options."""
    theme = get_theme(req.game.theme)
    layout = load_setup(game, req.layout)
    variant = {k: v for k, v in req.game.opts.items() if game.default_options.get(k) != v}
    moved = on_variant(game, layout, variant)
    if moved is None:
        raise UsageError(f"{layout.path}: this layout has pieces on spaces that the board of "
                         f"{game.title} ({variant_words(variant)}) does not have",
                         input=str(layout.path))
    if moved is not layout:
        title = moved.position.title or f"{game.title} setup"
        moved = replace(moved, position=moved.position.with_(
            title=f"{title} ({variant_words(variant)})"))
    scene = setup_scene(game, moved, theme, bundled=req.layout is None, size=req.game.size)
    name = setup_filename(game, req.fmt, req.game.theme, req.layout,
                          variant_parts(game, moved.position.options, req.game.size))
    return [(name, render(req.fmt, [scene], theme, dpi=req.dpi))]
