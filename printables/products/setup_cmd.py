"""The `setup` product: a game's board with its starting position (or any layout file), a
title, a credit line and a 100 mm scale bar; games that start empty show each player's
reserve beside the board."""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

from printables.errors import UsageError
from printables.games import GameSpec, get_game
from printables.geometry import Point
from printables.positions import Layout, game_content, load_layout
from printables.products.common import SCALE_BAR, file_stem, fit_size, scale_bar
from printables.products.booklet.diagram import position_items, reserve_counts
from printables.render import render
from printables.render.fonts import text_width, wrap_words
from printables.render.scene import Group, Item, Scene, Text
from printables.render.theme import Ink, get_theme, ink

#: Height of the strip under the diagram: title line, credit lines, scale bar.
FOOTER = 20.0
FORMATS = ("pdf", "svg", "png")
RECONSTRUCTED_NOTE = "reconstructed from the published rules text"


def load_setup(game: GameSpec | None, layout_file: str | Path | None = None) -> Layout:
    """The layout to draw: a given file (which must be for game, when one is named) or the
    game's bundled setup.toml."""
    if layout_file is None:
        if game is None:
            raise UsageError("missing GAME; name a game or give --layout FILE")
        path = game_content(game).setup
        if isinstance(path, Layout):  # a game file's own [setup]
            return path
        if not path.exists():
            raise UsageError(f"{game.name} has no setup file yet ({path})", input=game.name)
        return load_layout(path)
    layout = load_layout(layout_file)
    if game is not None and layout.position.game != game.name:
        raise UsageError(f"{layout_file}: this layout is for {layout.position.game}, not "
                         f"{game.name}", input=str(layout_file))
    return layout


def position_caption(game: GameSpec, title: str) -> str:
    """A layout title without a leading game name (the footer prints the name already).

    >>> position_caption(get_game("evl"), "EVL: the board starts empty")
    'the board starts empty'
    """
    head = game.title.lower() + ":"
    return title[len(head):].strip() if title.lower().startswith(head) else title.strip()


#: Credit lines: size, line pitch (share of the size), least size when wrapped, least share
#: of the size before lines are wrapped instead, gap to the scale bar (mm).
CREDIT_SIZE = 2.6
CREDIT_PITCH = 1.25
CREDIT_MIN = 1.8
CREDIT_SHRINK = 0.9
BAR_GAP = 6.0
#: Where the credit block starts (baseline of its first line) and may end (lowest descent).
CREDIT_TOP = FOOTER - 10.5
CREDIT_BOTTOM = 1.0


def balanced_lines(text: str, size: float, room: float, font: str = "sans") -> list[str]:
    """As few lines as wrap_words needs for room, but as even in width as whole words allow
    (no lone last word).

    >>> balanced_lines("board and setup reconstructed from the rules", 2.6, 50.0)
    ['board and setup', 'reconstructed from the rules']
    """
    n = len(wrap_words(text, size, room, font))
    lo = max(text_width(w, size, font) for w in text.split())
    hi = room
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if len(wrap_words(text, size, mid, font)) <= n else (mid, hi)
    return wrap_words(text, size, hi, font)


def credit_lines(paragraphs: list[str], room: float, font: str = "sans") -> tuple[list[str], float]:
    """The credit paragraphs set in a column room mm wide, and their text size: one line each
    when a slightly smaller size (down to CREDIT_SHRINK) fits, else wrapped at the largest
    size (from CREDIT_SIZE down) whose lines fit between CREDIT_TOP and CREDIT_BOTTOM."""
    widest = max(text_width(p, CREDIT_SIZE, font) for p in paragraphs)
    size = CREDIT_SIZE * min(1.0, room / max(widest, 1e-9))
    if size >= CREDIT_SHRINK * CREDIT_SIZE:
        return list(paragraphs), size
    size = CREDIT_SIZE
    while True:
        lines = [ln for p in paragraphs for ln in balanced_lines(p, size, room, font)]
        low = CREDIT_TOP - CREDIT_PITCH * size * (len(lines) - 1) - 0.24 * size
        if low >= CREDIT_BOTTOM or size <= CREDIT_MIN:
            return lines, size
        size = max(CREDIT_MIN, size - 0.1)


def footer_items(game: GameSpec, layout: Layout, width: float, bundled: bool,
                 theme: Mapping[str, Ink]) -> list[Item]:
    """Title line (game and position title), credit lines in a column left of the scale bar
    (wrapped, and shrunk if they must be, so they never run into it) and the scale bar."""
    items: list[Item] = [Text(Point(3.0, FOOTER - 5.5), game.title, 3.8, "title", anchor="start")]
    caption = position_caption(game, layout.position.title)
    if caption:
        x = 3.0 + text_width(game.title, 3.8, ink(theme, "title").font) + 3.0
        items.append(Text(Point(x, FOOTER - 5.5), caption, fit_size(caption, 3.4, width - x - 3.0),
                          "text", anchor="start"))
    credit = [f"a game by {game.designer}"]
    rebuilt = [r for r in game.reconstructed if r == "board" or (bundled and r == "setup")]
    if rebuilt:
        credit.append(" and ".join(rebuilt) + " " + RECONSTRUCTED_NOTE)
    bar_x = width - SCALE_BAR - 3.0
    room = max(bar_x - BAR_GAP - 3.0, 1.0)
    font = ink(theme, "text.small").font
    lines, size = credit_lines(credit, room, font)
    for i, line in enumerate(lines):
        items.append(Text(Point(3.0, CREDIT_TOP - CREDIT_PITCH * size * i), line,
                          fit_size(line, size, room, font), "text.small", anchor="start"))
    items.append(scale_bar(bar_x, 3.0))
    return items


def setup_scene(game: GameSpec, layout: Layout, theme: Mapping[str, Ink],
                bundled: bool = True) -> Scene:
    """The setup diagram: the position (with reserves when pieces are off the board) above
    a footer with title, credit and scale bar; at physical size."""
    pos = layout.position
    reserve = any(n > 0 for *_, n in reserve_counts(game, pos))
    items, w, h = position_items(game, pos, theme, dy=FOOTER, reserve=reserve)
    footer = Group(tuple(footer_items(game, layout, w, bundled, theme)), layer="footer")
    return Scene(w, h + FOOTER, items + (footer,), title=f"{game.title} setup")


def setup_filename(game: GameSpec, fmt: str, theme_name: str, layout_file: str | Path | None) -> str:
    """A file name a person finds: <game>-setup[-<layout name>][-mono].<fmt>.

    >>> setup_filename(get_game("dugi"), "png", "mono", "my/dugi-opening.toml")
    'dugi-setup-dugi-opening-mono.png'
    """
    stem = Path(layout_file).stem if layout_file is not None else ""
    return file_stem(game.name, "setup", "" if stem == "setup" else stem,
                     theme_name=theme_name) + "." + fmt


def render_setup(game_name: str | None, fmt: str = "pdf", theme_name: str = "colour",
                 layout_file: str | Path | None = None, dpi: int = 150) -> tuple[str, bytes]:
    """The setup diagram of a game (or of a layout file) as (file name, bytes)."""
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r}; valid: {', '.join(FORMATS)}", input=fmt)
    theme = get_theme(theme_name)
    named = get_game(game_name) if game_name else None
    layout = load_setup(named, layout_file)
    game = named or get_game(layout.position.game)
    scene = setup_scene(game, layout, theme, bundled=layout_file is None)
    name = setup_filename(game, fmt, theme_name, layout_file)
    return name, render(fmt, [scene], theme, dpi=dpi)
