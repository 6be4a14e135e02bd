"""Printed in grey, everything still reads: every colour of every theme is converted as a
printer driver converts RGB to grey (luma, 0.299 R + 0.587 G + 0.114 B), then compared
with the WCAG contrast ratio; 3:1 is the least we accept for
- a piece on every space it may stand on: its fill, or its outline when drawn at least
  0.2 mm wide, against the space's fill, and against the line a stroke-drawn space is
  (Danadazo's segments), and against the board ground round it;
- the two sides' pieces of a game that differ by disc colour (Danadazo's attackers and
  defenders), disc against disc;
- a piece's symbol (the part that tells its kind or side) against its disc;
- every diagram mark (arrow, capture cross, strike, claim, flip) against its halo;
- every board label against the space (or the ground) it is printed on."""

from __future__ import annotations

import pytest

from printables.games import GAMES
from printables.geometry import Circle as GCircle
from printables.geometry import Point, Stroke
from printables.products.pieces.art import piece_items
from printables.render.scene import Circle, Polygon
from printables.render.theme import THEMES, ink

LEAST = 3.0
RIM = 0.2
MARKS = ("arrow", "captured", "strike", "claimed", "flipped")


def grey(colour: str) -> int:
    """The grey level (0-255) a driver prints an sRGB colour as."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return round(0.299 * r + 0.587 * g + 0.114 * b)


def grey_contrast(a: str, b: str) -> float:
    """WCAG contrast of two colours after both are turned to grey.

    >>> round(grey_contrast("#6c88a6", "#8a6d3b"), 1)  # Danadazo's old attacker on a segment
    1.3
    """
    def lum(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    la, lb = sorted((lum(grey(a)), lum(grey(b))), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def backgrounds(theme, space) -> list[str]:
    """What a piece on a space is seen against: the space's fill (paper where it has none),
    or for a space drawn as a line (a segment), that line and the ground round it."""
    pen = ink(theme, "space." + space.colour)
    paper = ink(theme, "board.ground").fill or "#ffffff"
    if isinstance(space.shape, Stroke):
        return [c for c in (pen.stroke, paper) if c]
    return [pen.fill or paper]


def outer(theme, art: str):
    """A piece's items and the ink of its outer shape (what meets the board)."""
    items = piece_items(art, Point(0, 0), 20.0)
    first = items[0]
    assert isinstance(first, (Circle, Polygon)), art
    return items, ink(theme, first.style)


def face(theme, art: str) -> tuple[str, str]:
    """(style, fill) of a piece's face: its disc or marker face, under the symbols."""
    items = piece_items(art, Point(0, 0), 20.0)
    first = next(i for i in items if i.style.startswith(("piece.disc.", "piece.marker.")))
    return first.style, ink(theme, first.style).fill


def piece_on(theme, art: str, background: str) -> float:
    _, pen = outer(theme, art)
    best = grey_contrast(pen.fill, background) if pen.fill else 1.0
    if pen.stroke and pen.width >= RIM:
        best = max(best, grey_contrast(pen.stroke, background))
    return best


THEME_NAMES = sorted(THEMES)


@pytest.mark.parametrize("theme_name", THEME_NAMES)
def test_every_piece_reads_on_every_space_in_grey(theme_name):
    theme = THEMES[theme_name]
    weak = {}
    for game in GAMES.values():
        board = game.board()
        for comp in game.components(game.options()):
            seen = {}
            for space in board.spaces:
                if space.kind == comp.stands_on:
                    seen.setdefault((space.colour, type(space.shape)), space)
            for (colour, _), space in sorted(seen.items(), key=lambda kv: kv[0][0]):
                for bg in backgrounds(theme, space):
                    c = piece_on(theme, comp.art, bg)
                    if c < LEAST:
                        weak[(game.name, comp.art, colour, bg)] = round(c, 2)
    assert weak == {}


@pytest.mark.parametrize("theme_name", THEME_NAMES)
def test_the_sides_pieces_differ_in_grey(theme_name):
    theme = THEMES[theme_name]
    weak = {}
    for game in GAMES.values():
        comps = game.components(game.options())
        for a in comps:
            for b in comps:
                if a.side >= b.side or a.stands_on != b.stands_on:
                    continue
                (sa, fa), (sb, fb) = face(theme, a.art), face(theme, b.art)
                if sa == sb:  # the same disc: told apart by the symbol
                    continue
                c = grey_contrast(fa, fb)
                if c < LEAST:
                    weak[(game.name, a.art, b.art)] = round(c, 2)
    assert weak == {}


@pytest.mark.parametrize("theme_name", THEME_NAMES)
def test_every_piece_symbol_reads_on_its_disc_in_grey(theme_name):
    theme = THEMES[theme_name]
    weak = {}
    for game in GAMES.values():
        for comp in game.components(game.options()):
            items, _ = outer(theme, comp.art)
            _, fill = face(theme, comp.art)
            symbols = [ink(theme, i.style) for i in items[1:] if ".symbol." in i.style]
            if not symbols:
                continue
            best = max(grey_contrast(s.fill or s.stroke, fill) for s in symbols)
            if best < LEAST:
                weak[(game.name, comp.art)] = round(best, 2)
    assert weak == {}


@pytest.mark.parametrize("theme_name", THEME_NAMES)
@pytest.mark.parametrize("mark", MARKS)
def test_every_diagram_mark_reads_against_its_halo_in_grey(theme_name, mark):
    theme = THEMES[theme_name]
    pen, halo = ink(theme, mark), ink(theme, mark + ".halo")
    colour = pen.stroke or pen.fill
    halo_colour = halo.stroke or halo.fill
    assert colour and halo_colour
    assert grey_contrast(colour, halo_colour) >= LEAST
    assert halo.width > pen.width  # the halo shows round the mark


def label_background(board, theme, label) -> str:
    """The fill under a label: the space whose anchor it sits nearest to within the space's
    room, else the ground (paper where the theme has none)."""
    paper = ink(theme, "board.ground").fill or "#ffffff"
    p = label.position
    for s in board.spaces:
        d = ((s.anchor.x - p.x) ** 2 + (s.anchor.y - p.y) ** 2) ** 0.5
        fill = ink(theme, "space." + s.colour).fill
        if d <= s.room / 2 and fill:
            return fill
    for deco in board.decorations:  # a filled disc drawn over the board (Dugi's dead zone)
        shape, fill = deco.shape, ink(theme, deco.style).fill
        if isinstance(shape, GCircle) and fill and \
                ((shape.center.x - p.x) ** 2 + (shape.center.y - p.y) ** 2) ** 0.5 < shape.radius:
            return fill
    return paper


@pytest.mark.parametrize("theme_name", THEME_NAMES)
def test_every_board_label_reads_in_grey(theme_name):
    theme = THEMES[theme_name]
    weak = {}
    for game in GAMES.values():
        board = game.board()
        for label in board.labels:
            pen = ink(theme, label.style)
            bg = label_background(board, theme, label)
            c = grey_contrast(pen.fill, bg)
            if pen.halo:
                c = max(c, min(grey_contrast(pen.fill, pen.halo), 21.0))
            if c < LEAST:
                weak[(game.name, label.text, label.style, bg)] = round(c, 2)
    assert weak == {}


def test_the_label_check_finds_evl_heptagon_labels():
    board = GAMES["evl"].board()
    on_heptagons = [lb for lb in board.labels
                    if label_background(board, THEMES["colour"], lb)
                    == ink(THEMES["colour"], "space.heptagon").fill]
    assert len(on_heptagons) >= 28


#: The least size of any label printed on a board, in mm (6 pt).
LEAST_LABEL = 6 * 25.4 / 72


def test_every_board_label_is_at_least_6_pt():
    small = {(g.name, lb.text): round(lb.size * 72 / 25.4, 2) for g in GAMES.values()
             for lb in g.board().labels if lb.size < LEAST_LABEL - 1e-9}
    assert small == {}
