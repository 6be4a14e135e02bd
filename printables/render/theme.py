"""Themes: style key -> ink. Keys fall back to their dotted prefix ("space.goal.black" ->
"space.goal" -> "space"), so a theme names what differs and inherits the rest."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping


@dataclass(frozen=True)
class Ink:
    """How one style key is drawn: fill and stroke colours (None = none), stroke width in mm,
    font ('sans' or 'sans-bold'), hatch spacing in mm (mono theme; products draw the lines),
    line cap for open paths."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    font: str = "sans"
    hatch: float | None = None
    cap: str = "butt"
    hatch_angle: float = 45.0


def ink(theme: Mapping[str, Ink], key: str) -> Ink:
    """The ink for key, falling back to shorter dotted prefixes, then to 'default'.

    >>> ink(THEMES["colour"], "space.goal.black").fill
    '#4a4a4a'
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
    "point": Ink(fill=INK),
    "label": Ink(fill=INK),
    "label.coord": Ink(fill="#555555"),
    "label.space": Ink(fill="#555555"),
    "label.deadzone": Ink(fill="#ffffff", font="sans-bold"),
    "title": Ink(fill=INK, font="sans-bold"),
    "text": Ink(fill=INK),
    "text.bold": Ink(fill=INK, font="sans-bold"),
    "text.small": Ink(fill="#555555"),
    "scale.bar": Ink(fill=INK),
    "scale.tick": Ink(stroke=INK, width=0.2),
    "scale.frame": Ink(stroke=INK, width=0.2),
    "cutguide": Ink(stroke="#9a9a9a", width=0.1),
    "mark": Ink(stroke=INK, width=0.15),
    "overlap": Ink(fill="#eeeeee"),
    "arrow": Ink(stroke="#c0392b", width=0.8, cap="round"),
    "arrow.head": Ink(fill="#c0392b"),
    "captured": Ink(stroke="#c0392b", width=0.7),
}

THEMES: dict[str, dict[str, Ink]] = {
    "colour": {
        **_COMMON,
        "space": Ink(fill="#ffffff", stroke=INK, width=0.3),
        "space.dark": Ink(fill="#6b8f71", stroke=INK, width=0.3),
        "space.light": Ink(fill="#f1e8cf", stroke=INK, width=0.3),
        "space.spiral": Ink(fill="#e9c46a", stroke=INK, width=0.3),
        "space.plain": Ink(fill="#f1e8cf", stroke=INK, width=0.3),
        "space.goal": Ink(fill="#4a4a4a", stroke=INK, width=0.3),
        "space.goal.black": Ink(fill="#4a4a4a", stroke=INK, width=0.3),
        "space.goal.white": Ink(fill="#ffffff", stroke=INK, width=0.3),
        "space.heptagon": Ink(fill="#c0504d", stroke=INK, width=0.3),
        "space.pentagon": Ink(fill="#fbf8f0", stroke=INK, width=0.3),
        "space.segment": Ink(stroke="#8a6d3b"),
        "space.bend": Ink(stroke="#8a6d3b"),
        "spiral": Ink(stroke="#5b3a00", cap="round"),
        "corner.unused": Ink(fill="#d9d4c7", stroke=INK, width=0.3),
        "corner.cross": Ink(stroke="#8c8c8c", cap="round"),
        "deadzone": Ink(fill="#3d3d3d", stroke=INK, width=0.4),
    },
    "mono": {
        **_COMMON,
        "board.ground": Ink(),
        "space": Ink(fill=None, stroke=INK, width=0.3),
        "space.dark": Ink(stroke=INK, width=0.3, hatch=2.0),
        "space.light": Ink(stroke=INK, width=0.3),
        "space.spiral": Ink(stroke=INK, width=0.3),
        "space.plain": Ink(stroke=INK, width=0.3),
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
        "label.deadzone": Ink(fill=INK, font="sans-bold"),
        "hatch": Ink(stroke="#555555", width=0.2),
    },
}
THEMES["colour"]["hatch"] = Ink(stroke="#555555", width=0.2)
