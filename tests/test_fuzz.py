"""Fuzzing with hypothesis: readers raise only PrintablesError; odd text renders safely."""

from __future__ import annotations

import xml.dom.minidom

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printables.errors import PrintablesError
from printables.games import GAMES
from printables.geometry import Point
from printables.positions import load_layout_text, parse_move
from printables.render.pdf import render_pdf
from printables.render.scene import Group, Scene, Text
from printables.render.svg import render_svg
from printables.render.theme import THEMES

pytestmark = pytest.mark.slow  # hypothesis over readers and renderers

FAST = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])

SPACES = st.sampled_from(["a1", "b2", "d4", "h8", "s19", "A1", "CD6", "c3c4", "ne", "sw", "g5",
                          "zz", "", "a0", "+", "-", "x", "="])
MOVE_TEXT = st.one_of(
    st.text(max_size=30),
    st.lists(SPACES, min_size=1, max_size=5).map("-".join),
    st.tuples(SPACES, SPACES, SPACES).map(lambda t: f"{t[0]}-{t[1]} x{t[2]} ={t[0]}"),
    SPACES.map(lambda s: "+" + s),
    st.lists(st.lists(SPACES, min_size=1, max_size=3).map("-".join), min_size=1,
             max_size=3).map(",".join),
)


@FAST
@given(game=st.sampled_from(sorted(GAMES)), text=MOVE_TEXT)
def test_move_parser_raises_only_our_error(game, text):
    g = GAMES[game]
    try:
        move = parse_move(g, g.board(), text)
    except PrintablesError:
        return
    assert all(g.board().has(s) for s in move.path)


TOML_VALUE = st.one_of(st.integers(-5, 30), st.booleans(), st.text(max_size=8),
                       st.lists(SPACES, max_size=4), st.dictionaries(SPACES, SPACES, max_size=3))


@st.composite
def layout_text(draw) -> str:
    """Layout-ish TOML: a real game and keys, with random values and random damage."""
    game = draw(st.sampled_from(sorted(GAMES) + ["chess"]))
    g = GAMES.get(game, GAMES["dugi"])
    side = draw(st.sampled_from(list(g.sides) + ["nobody"]))
    lines = [f'game = "{game}"', f'to_move = "{draw(st.sampled_from(list(g.sides) + ["x"]))}"']
    if draw(st.booleans()):
        lines.append(f"options = {{ size = {draw(st.integers(-1, 25))} }}")
    kinds = g.kinds.get(side, ("stone",))
    lines.append(f"[pieces.{side}]" if len(kinds) > 1 else "[pieces]")
    names = ", ".join(f'"{s}"' for s in draw(st.lists(SPACES, max_size=5)))
    key = draw(st.sampled_from(list(kinds) + ["bogus"])) if len(kinds) > 1 else side
    lines.append(f"{key} = [{names}]")
    if draw(st.booleans()):
        lines += ["[[check]]", f'move = "{draw(MOVE_TEXT).replace(chr(34), "")}"',
                  f"legal = {str(draw(st.booleans())).lower()}"]
    text = "\n".join(lines) + "\n"
    if draw(st.booleans()):  # damage: cut, or insert random characters
        i = draw(st.integers(0, len(text)))
        text = text[:i] + draw(st.text(max_size=5)) + text[i + draw(st.integers(0, 3)):]
    return text


@FAST
@given(text=layout_text())
def test_layout_reader_raises_only_our_error(text):
    try:
        layout = load_layout_text(text, "fuzz.toml")
    except PrintablesError as e:
        assert "\n" not in str(e)
        return
    assert layout.position.game in GAMES


@FAST
@given(label=st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)
       | st.sampled_from(['<b>&amp;"\'', "]]>", "\U0001F3B2 emoji", "a & b < c > d"]))
def test_odd_labels_are_escaped_in_svg_and_render_in_pdf(label):
    clean = "".join(ch for ch in label if (ch >= " " and ch not in "\ufffe\uffff")
                    or ch in "\t\n\r")  # what XML can hold
    scene = Scene(60, 20, (Group((Text(Point(2, 5), label, 3.0, "text"),), layer=label or "x"),),
                  title=label)
    svg = render_svg(scene, THEMES["colour"])
    doc = xml.dom.minidom.parseString(svg)  # well-formed XML, whatever the label
    texts = doc.getElementsByTagName("text")
    assert "".join(n.data for n in texts[0].childNodes) == clean.replace("\r\n", "\n").replace("\r", "\n")  # XML line-end rule  # noqa: E501 (data)
    assert render_pdf([scene], THEMES["colour"]).startswith(b"%PDF")
