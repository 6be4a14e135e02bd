"""Themes: style key -> ink. Keys fall back to their dotted prefix ("space.goal.black" ->
"space.goal" -> "space"), so a theme names what differs and inherits the rest."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from printables.errors import UsageError, did_you_mean


@dataclass(frozen=True)
class Ink:
    """How one style key is drawn: fill and stroke colours (None = none), stroke width in mm,
    font ('sans' or 'sans-bold'), hatch spacing in mm (mono theme; products draw the lines),
    line cap for open paths, and for text a halo colour drawn round the letters so they read
    over lines and fills."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    font: str = "sans"
    hatch: float | None = None
    cap: str = "butt"
    hatch_angle: float = 45.0
    halo: str | None = None  # text only: an outline of this colour under the letters
    hatch_cross: bool = False  # hatch lines both ways (at hatch_angle and across it)


#: The theme used when none is named; file names name every other theme.
DEFAULT_THEME = "colour"

#: Width of a text halo as a fraction of the text size, in every renderer.
HALO = 0.25


def ink(theme: Mapping[str, Ink], key: str) -> Ink:
    """The ink for key, falling back to shorter dotted prefixes, then to 'default'.

    >>> ink(THEMES["colour"], "space.goal.black").fill
    '#8a8a8a'
    """
    k = key
    while True:
        if k in theme:
            return theme[k]
        if "." not in k:
            return theme["default"]
        k = k.rsplit(".", 1)[0]


INK = "#1a1a1a"

_COMMON: dict[str, Ink] = {
    "default": Ink(stroke=INK, width=0.3),
    "board.ground": Ink(fill="#f7f3ea"),
    "board.edge": Ink(stroke=INK, width=0.5),
    "grid.frame": Ink(stroke=INK, width=0.5),
    "grid.line": Ink(stroke=INK, width=0.25),
    "boundary": Ink(stroke=INK),  # a line parting two board areas (spiral arms)
    "point": Ink(fill=INK),
    "space.point": Ink(),  # a points board's spaces: its lines and dots show where they are
    "label": Ink(fill=INK),
    "label.coord": Ink(fill="#555555"),
    "label.space": Ink(fill="#1a1a1a"),  # dark: 3.6:1 in grey even on EVL's red heptagons
    "label.ring": Ink(fill="#333333", halo="#ffffff"),
    # board sheets use one weight of Vera: each embedded font subset costs ~17 KB of PDF
    "label.deadzone": Ink(fill="#ffffff"),
    "title": Ink(fill=INK),
    "text": Ink(fill=INK),
    "text.bold": Ink(fill=INK, font="sans-bold"),
    "text.small": Ink(fill="#555555"),
    "scale.bar": Ink(fill=INK),
    "scale.tick": Ink(stroke=INK, width=0.2),
    "scale.frame": Ink(stroke=INK, width=0.2),
    "cutguide": Ink(stroke="#9a9a9a", width=0.1),
    "mark": Ink(stroke=INK, width=0.15),
    "overlap": Ink(fill="#eeeeee"),
    # move marks: diagrams give each path its width in proportion to the board; the
    # white halo drawn underneath keeps red readable on dark pieces and dark squares
    "arrow": Ink(stroke="#c0392b", width=1.5, cap="round"),
    "arrow.head": Ink(fill="#c0392b"),
    "arrow.halo": Ink(fill="#ffffff", stroke="#ffffff", width=2.4, cap="round"),
    "captured": Ink(stroke="#c0392b", width=1.5, cap="round"),
    "hatch": Ink(stroke="#555555", width=0.2),
    "captured.halo": Ink(stroke="#ffffff", width=2.4, cap="round"),
    # diagram marks beside the red move marks: a dark bar strikes a forbidden move, a green
    # diamond rings a claimed space, a blue broken ring a flipped piece
    "strike": Ink(stroke="#1a1a1a", width=1.5, cap="round"),
    "strike.halo": Ink(stroke="#ffffff", width=2.4, cap="round"),
    "claimed": Ink(stroke="#1e7b45", width=1.5, cap="round"),
    "claimed.halo": Ink(stroke="#ffffff", width=2.4, cap="round"),
    "flipped": Ink(stroke="#1f5fa8", width=1.5, cap="round"),
    "flipped.halo": Ink(stroke="#ffffff", width=2.4, cap="round"),
    # how many alike pieces stand on a space (a pit's seeds): a number on a white disc
    "count.badge": Ink(fill="#ffffff", stroke=INK, width=0.25),
    "count.text": Ink(fill=INK, font="sans-bold"),
    # booklet diagram labels: dark letters over a white copy of themselves drawn with a
    # wide outline (the halo is its own item, so no renderer needs paint-order)
    "label.diagram": Ink(fill="#1a1a1a", font="sans-bold"),
    "label.diagram.halo": Ink(fill="#ffffff", halo="#ffffff", font="sans-bold"),
}

# ----------------------------------------------------------------------------- pieces
# Piece art (products/pieces/art.py): discs, rims and symbols; "dark"/"light" are Rosenkreuz
# discs, "chameleon.*" Chameleons faces, "black"/"white" stones and EVL pieces,
# "attacker"/"defender" Danadazo. Symbol keys end with the tone of the disc they sit on.
_PIECE_INK = "#1a1a1a"
_PIECES_COLOUR: dict[str, Ink] = {
    "piece": Ink(fill="#ffffff", stroke=_PIECE_INK, width=0.2),
    "piece.disc.dark": Ink(fill="#24402e", stroke=_PIECE_INK, width=0.2),
    "piece.disc.light": Ink(fill="#fdf9ee", stroke=_PIECE_INK, width=0.2),
    "piece.disc.chameleon.dark": Ink(fill="#2c5a35", stroke=_PIECE_INK, width=0.2),
    "piece.disc.chameleon.light": Ink(fill="#f8f0d8", stroke=_PIECE_INK, width=0.2),
    "piece.disc.black": Ink(fill="#1c1c1c", stroke="#8c8c8c", width=0.3),
    "piece.disc.white": Ink(fill="#fcfcfc", stroke=_PIECE_INK, width=0.2),
    # pale blue: in grey 3.2:1 on Danadazo's segments and 6:1 against the defenders
    "piece.disc.attacker": Ink(fill="#c5d3e2", stroke=_PIECE_INK, width=0.2),
    "piece.disc.defender": Ink(fill="#464646", stroke=_PIECE_INK, width=0.2),
    "piece.rim": Ink(stroke="#24402e"),
    "piece.rim.chameleon": Ink(stroke="#2c5a35"),
    "piece.rim.white": Ink(stroke="#2a2a2a"),
    "piece.rim.marker": Ink(fill="#2a2a2a", stroke=_PIECE_INK, width=0.2),
    "piece.marker.black": Ink(fill="#1c1c1c", stroke="#000000", width=0.2),
    "piece.marker.white": Ink(fill="#fcfcfc"),
    "piece.symbol.rose.petal.dark": Ink(fill="#e79aa4", stroke="#24402e"),
    "piece.symbol.rose.petal.light": Ink(fill="#b3263a", stroke="#fdf9ee"),
    "piece.symbol.rose.inner.dark": Ink(fill="#c94a5c", stroke="#24402e"),
    "piece.symbol.rose.inner.light": Ink(fill="#f0a3ad", stroke="#fdf9ee"),
    "piece.symbol.rose.barb.dark": Ink(fill="#9cc59a"),
    "piece.symbol.rose.barb.light": Ink(fill="#3f7a46"),
    "piece.symbol.rose.centre.dark": Ink(fill="#f3d36b", stroke="#24402e"),
    "piece.symbol.rose.centre.light": Ink(fill="#e2b53b", stroke="#fdf9ee"),
    "piece.symbol.cross.dark": Ink(fill="#f2e4b8", stroke="#24402e", width=0.15),
    "piece.symbol.cross.light": Ink(fill="#1f3b66", stroke="#fdf9ee", width=0.15),
    "piece.symbol.spiral.dark": Ink(stroke="#f1e4b5", cap="round"),
    "piece.symbol.spiral.light": Ink(stroke="#2c5a35", cap="round"),
    "piece.symbol.ring.black": Ink(stroke="#8a8a8a"),
    "piece.symbol.ring.white": Ink(stroke="#767676"),
    "piece.symbol.dot": Ink(fill="#f4f4f4"),
    "piece.symbol.dot.attacker": Ink(fill="#1a1a1a"),  # dark dots on the pale attackers
    "piece.count.black": Ink(fill="#ffffff", font="sans-bold"),
    "piece.count.white": Ink(fill=_PIECE_INK, font="sans-bold"),
}
# Mono: greys only; dark discs stay dark enough to tell apart at a glance.
_PIECES_MONO: dict[str, Ink] = {
    **_PIECES_COLOUR,
    "piece.disc.dark": Ink(fill="#4a4a4a", stroke=_PIECE_INK, width=0.2),
    "piece.disc.light": Ink(fill="#ffffff", stroke=_PIECE_INK, width=0.2),
    "piece.disc.chameleon.dark": Ink(fill="#4a4a4a", stroke=_PIECE_INK, width=0.2),
    "piece.disc.chameleon.light": Ink(fill="#ffffff", stroke=_PIECE_INK, width=0.2),
    # white: 4.5:1 on the grey segments and 9:1 against the defenders, in any printer's grey
    "piece.disc.attacker": Ink(fill="#ffffff", stroke=_PIECE_INK, width=0.2),
    "piece.rim": Ink(stroke="#4a4a4a"),
    "piece.rim.chameleon": Ink(stroke="#4a4a4a"),
    "piece.symbol.rose.petal.dark": Ink(fill="#ffffff", stroke="#4a4a4a"),
    "piece.symbol.rose.petal.light": Ink(fill="#4a4a4a", stroke="#ffffff"),
    "piece.symbol.rose.inner.dark": Ink(fill="#9a9a9a", stroke="#4a4a4a"),
    "piece.symbol.rose.inner.light": Ink(fill="#bdbdbd", stroke="#ffffff"),
    "piece.symbol.rose.barb.dark": Ink(fill="#bdbdbd"),
    "piece.symbol.rose.barb.light": Ink(fill="#8a8a8a"),
    "piece.symbol.rose.centre.dark": Ink(fill="#bdbdbd", stroke="#4a4a4a"),
    "piece.symbol.rose.centre.light": Ink(fill="#bdbdbd", stroke="#ffffff"),
    "piece.symbol.cross.dark": Ink(fill="#ffffff", stroke="#4a4a4a", width=0.15),
    "piece.symbol.cross.light": Ink(fill="#4a4a4a", stroke="#ffffff", width=0.15),
    "piece.symbol.spiral.dark": Ink(stroke="#ffffff", cap="round"),
    "piece.symbol.spiral.light": Ink(stroke="#4a4a4a", cap="round"),
}


# ----------------------------------------------------------------------------- palette

@dataclass(frozen=True)
class Swatch:
    """One named board colour: its ink in the colour theme, its hatching in the mono theme
    (spacing in mm or None for none, angle, cross-hatched or not) and what it is for."""

    colour: str
    hatch: float | None
    angle: float
    cross: bool
    words: str


#: The named colours a board's spaces take ([board.colours], colourings), lightest first.
#: Our ruling: every two of them print apart three ways (tests/test_palette.py checks it):
#: in colour, on a grey printer (their greys differ by 8 levels or more, so a colour board
#: printed in grey keeps them apart) and in the mono theme (no two share a hatching),
#: except blank and plain, which are both bare paper in mono. None is darker than a grey
#: level of 106, so black and white pieces both read on every one at 3:1.
PALETTE: Mapping[str, Swatch] = {
    "blank": Swatch("#ffffff", None, 45.0, False, "white paper"),
    "plain": Swatch("#fff4c9", None, 45.0, False, "the board's own pale tint"),
    "light": Swatch("#f1e8cf", 5.0, -45.0, False, "the light squares of a checkerboard"),
    "yellow": Swatch("#f4e17d", 5.0, 0.0, False, "a pale yellow"),
    "sky": Swatch("#addaf0", 5.0, 90.0, False, "a pale blue: water, a river"),
    "pink": Swatch("#f3acbd", 4.0, 45.0, False, "a pink"),
    "green": Swatch("#94d288", 3.0, 0.0, False, "a light green"),
    "orange": Swatch("#f19a4e", 3.0, -45.0, False, "an orange"),
    "grey": Swatch("#9f9f9f", 3.0, 90.0, False, "a mid grey"),
    "purple": Swatch("#b079cc", 2.0, 90.0, False, "a purple"),
    "blue": Swatch("#5e90d7", 2.0, -45.0, False, "a mid blue"),
    "dark": Swatch("#6b8f71", 2.0, 45.0, False, "the dark squares of a checkerboard"),
    "brown": Swatch("#9d6c3b", 2.0, 0.0, False, "a brown: wood, earth"),
    "red": Swatch("#cf3f3f", 3.0, 45.0, True, "a red"),
}


def palette_inks(mono: bool) -> dict[str, Ink]:
    """The space.NAME inks of the palette in one theme."""
    if mono:
        return {f"space.{n}": Ink(stroke=INK, width=0.3, hatch=w.hatch, hatch_angle=w.angle,
                                  hatch_cross=w.cross) for n, w in PALETTE.items()}
    return {f"space.{n}": Ink(fill=w.colour, stroke=INK, width=0.3) for n, w in PALETTE.items()}


def with_bleed(pieces: dict[str, Ink]) -> dict[str, Ink]:
    """Piece inks plus piece.bleed.<key> for every filled piece key: the fill alone (the
    bleed under a piece face, see products.pieces.sheet)."""
    bleed = {"piece.bleed." + k.split(".", 1)[1]: Ink(fill=v.fill)
             for k, v in pieces.items() if v.fill and k.startswith("piece.")}
    return {**pieces, **bleed}


THEMES: dict[str, dict[str, Ink]] = {
    "colour": {
        **_COMMON,
        "space": Ink(fill="#ffffff", stroke=INK, width=0.3),
        **palette_inks(mono=False),
        "space.spiral": Ink(fill="#e9c46a", stroke=INK, width=0.3),
        # mid grey: black stones (5:1) and white stones (3.4:1) both read on Black's goals
        "space.goal": Ink(fill="#8a8a8a", stroke=INK, width=0.3),
        "space.goal.black": Ink(fill="#8a8a8a", stroke=INK, width=0.3),
        "space.goal.white": Ink(fill="#ffffff", stroke=INK, width=0.3),
        "space.heptagon": Ink(fill="#c0504d", stroke=INK, width=0.3),
        "space.pentagon": Ink(fill="#fbf8f0", stroke=INK, width=0.3),
        "space.segment": Ink(stroke="#8a6d3b"),
        "space.bend": Ink(stroke="#8a6d3b"),
        "spiral": Ink(stroke="#5b3a00", cap="round"),
        "corner.unused": Ink(fill="#d9d4c7", stroke=INK, width=0.3),
        "corner.cross": Ink(stroke="#8c8c8c", cap="round"),
        "deadzone": Ink(fill="#3d3d3d", stroke=INK, width=0.4),
        **with_bleed(_PIECES_COLOUR),
    },
    "mono": {
        **_COMMON,
        "board.ground": Ink(),
        "space": Ink(fill=None, stroke=INK, width=0.3),
        **palette_inks(mono=True),
        "space.spiral": Ink(stroke=INK, width=0.3),
        "space.goal": Ink(stroke=INK, width=0.3, hatch=3.0),
        "space.goal.black": Ink(stroke=INK, width=0.3, hatch=2.0),
        "space.goal.white": Ink(stroke=INK, width=0.3, hatch=4.0, hatch_angle=-45.0),
        "space.heptagon": Ink(stroke=INK, width=0.5, hatch=3.0),
        "space.pentagon": Ink(stroke=INK, width=0.3),
        "space.segment": Ink(stroke="#777777"),
        "space.bend": Ink(stroke="#777777"),
        "spiral": Ink(stroke=INK, cap="round"),
        "corner.unused": Ink(stroke=INK, width=0.3),
        "corner.cross": Ink(stroke=INK, cap="round"),
        "deadzone": Ink(stroke=INK, width=0.5, hatch=3.0),
        "label.deadzone": Ink(fill=INK),
        **with_bleed(_PIECES_MONO),
    },
}



def add_inks(theme_name: str, inks: Mapping[str, Ink]) -> None:
    """Add style keys to a theme (a game file's side colours, under keys that end with the
    game's name so two game files never share one), with the bleed ink of every filled
    piece key among them, as the built-in pieces have (see with_bleed)."""
    THEMES[theme_name].update(with_bleed(dict(inks)))


def luminance(colour: str) -> float:
    """Relative luminance (WCAG) of a #rrggbb colour.

    >>> luminance("#ffffff"), luminance("#000000")
    (1.0, 0.0)
    """
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two #rrggbb colours, 1 to 21 (a piece must reach 3 on the
    spaces it stands on).

    >>> round(contrast("#000000", "#ffffff"))
    21
    """
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def get_theme(name: str) -> Mapping[str, Ink]:
    """A theme by name, or a UsageError listing the themes.

    >>> get_theme("mono") is THEMES["mono"]
    True
    """
    if name not in THEMES:
        raise UsageError(f"unknown theme {name!r}; {did_you_mean(name, list(THEMES))}", input=name)
    return THEMES[name]
