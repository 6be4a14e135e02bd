"""The game-file and position-file references, printed from the readers' own key tables
(key -> one-line meaning, beside the code that checks the key), so a key the reader takes
cannot go undocumented and the page cannot name a key the reader refuses."""

from __future__ import annotations

from collections.abc import Mapping

from printables import gamefile, positions
from printables.gamefile import board, rule_keys, sides
from printables.products.pieces.art import ART
from printables.render.theme import PALETTE, Swatch

#: The topologies whose default length is the board's size (the others': one cell).
_SIZED_BY = {"square": "size", "rings": "size", "heptagon": "size"}


def key_table(keys: Mapping[str, str], where: str) -> str:
    """A Markdown table of keys and meanings; a key without a meaning is an error naming it.

    >>> print(key_table({"fill": "the colour"}, "[side.NAME]"))
    | key | meaning |
    |---|---|
    | `fill` | the colour |
    """
    rows = ["| key | meaning |", "|---|---|"]
    for key, meaning in keys.items():
        if not isinstance(meaning, str) or not meaning.strip():
            raise ValueError(f"{where} key {key!r} has no one-line meaning in the code")
        rows.append(f"| `{key}` | {meaning.replace('|', '&#124;')} |")
    return "\n".join(rows)


def _section(title: str, intro: str, keys: Mapping[str, str], where: str) -> str:
    return f"## {title}\n\n{intro}\n\n{key_table(keys, where)}\n"


def board_markdown() -> str:
    """[board]: the keys every topology takes, then each topology's own."""
    parts = [_section("`[board]`", "The board, by its `topology`. Lengths are numbers of mm "
                      "or text with a unit: `\"24mm\"`, `\"2.4cm\"`, `\"1in\"`, `\"3/4in\"`. "
                      "Every topology takes these keys:", board.COMMON_KEYS, "[board]")]
    for topology in board.TOPOLOGIES:
        default = (f"Without `size` or `cell`: `{_SIZED_BY.get(topology, 'cell')} = "
                   f"\"{board.DEFAULTS[topology]:g}mm\"`.")
        parts.append(f"### `topology = \"{topology}\"`\n\n"
                     f"{key_table(board.KEYS[topology], f'[board] {topology}')}\n\n{default}\n")
    parts.append(colours_markdown())
    return "\n".join(parts)


def _mono(swatch: Swatch) -> str:
    """How the mono theme draws a palette colour, in words.

    >>> _mono(Swatch("#f1e8cf", 5.0, -45.0, False, "light squares"))
    'falling lines 5 mm apart'
    """
    if swatch.hatch is None:
        return "bare paper"
    if swatch.cross:
        return f"cross-hatched {swatch.hatch:g} mm apart"
    lines = {0.0: "level", 90.0: "upright", 45.0: "rising", -45.0: "falling"}[swatch.angle]
    return f"{lines} lines {swatch.hatch:g} mm apart"


def colours_markdown() -> str:
    """The colours [board.colours] takes: the palette's table (render.theme.PALETTE), then
    the colours of the built-in boards."""
    others = [c for c in board.COLOUR_CLASSES if c not in PALETTE]
    rows = ["| colour | ink | mono theme | for |", "|---|---|---|---|"]
    rows += [f"| `{name}` | `{s.colour}` | {_mono(s)} | {s.words} |"
             for name, s in PALETTE.items()]
    return "\n".join([
        "### Colours", "",
        "The colours `[board.colours]` and the colourings give spaces: the palette below, "
        "whose every two colours print apart in colour, on a grey printer (their greys differ "
        "by 8 levels or more) and in the mono theme (each its own hatching; `blank` and "
        "`plain` are both bare paper there), and on each of which black and white pieces "
        "read (3:1). Mark what a space is with `[board.kinds]` (a throne, a camp, a pit) and "
        "how it looks with a palette colour, rather than with a side's `goal.SIDE`.", "",
        *rows, "",
        "Besides the palette: " + ", ".join(f"`{c}`" for c in others) + " (the built-in "
        "boards' own: the Chameleons centre, EVL's cells, Network's dead corners), and "
        "`goal.NAME` (`goal.black`, `goal.white`, or the goal of a side with a `[side.NAME]` "
        "table, drawn in a tint of its colour).", ""])


def rules_markdown() -> str:
    """The [rules] tables, printed from the rules reader's one key table (RULE_KEYS)."""
    return "\n".join([
        "## `[rules]`", "",
        "How the game is played, read by one generic rules engine that checks the examples "
        "and plays the game ([The rules of your game](../designer/rules.md) writes a game's "
        "rules step by step). Every key, printed from the reader's own table "
        "(`printables/gamefile/rule_keys.py`): its values, its default, what it means and "
        "an example.", "",
        rule_keys.reference_markdown()])


def game_file_markdown() -> str:
    """The whole game-file reference page."""
    art = ", ".join(f"`{name}`" for name in ART)
    return "\n".join([
        "# Game file reference", "",
        "Every key a game file takes, printed from the game-file reader's own tables when "
        "this site is built (`printables/gamefile/`): a key the reader does not know is "
        "refused with one line naming it and the valid keys. To learn the format step by "
        "step, follow the [tutorial](../designer/tutorial.md).", "",
        _section("Top level", "Keys before the first `[table]`, and the tables:",
                 gamefile.TOP_KEYS, "the top level"),
        _section("`[game]`", "Who made the game, its sides and how it is played:",
                 gamefile.GAME_KEYS, "[game]"),
        _section("`[game.stacks]`", "Pieces stacked on spaces, as in EVL (all five keys):",
                 gamefile.STACKS_KEYS, "[game.stacks]"),
        _section("`[side.NAME]`", "One per side that has colours of its own (`NAME` a side or "
                 "`neutral`):", sides.SIDE_KEYS, "[side.NAME]"),
        board_markdown(),
        _section("`[[component]]`", "One per kind of piece of each side:",
                 gamefile.COMPONENT_KEYS, "[[component]]"),
        _section("`[setup]`", "The starting position:", gamefile.SETUP_KEYS, "[setup]"),
        rules_markdown(),
        "## Piece art names", "",
        f"The names `art` takes for the built-in pieces: {art}. The last word is the "
        "material colour the laser files group pieces by; pieces in a side's own colours "
        "are grouped by side.", "",
        "![Every piece art name](../piece-art.png)", "",
    ])


def position_file_markdown() -> str:
    """The whole position-file reference page."""
    return "\n".join([
        "# Position file reference", "",
        "Every key a position file takes, printed from the position reader's own tables "
        "when this site is built (`printables/positions.py`): any other key is refused with "
        "one line naming it and the valid keys. The move notation and what each check "
        "means are explained in [Example positions](../designer/positions.md).", "",
        _section("Top level", "One position of one game:", positions.TOP_KEYS,
                 "position file"),
        _section("`[[check]]`", "One claim each; without `move` about the position, with "
                 "`move` about playing it:", positions.CHECK_KEYS, "[[check]]"),
        _section("`[check.after]`", "The position the move leads to, compared exactly:",
                 positions.AFTER_KEYS, "[check.after]"),
    ])
