"""A variant of a game as products ask for it: its options and board length read from
--option and --size (read_variant, which every product's request shares), and the words and file
name parts that name it (file_stem, the one file namer every product names its files with).

Rulings (ours): a --size that counts cells and an --option size=N that disagrees with it is
an error naming both, never a silent choice; a board under MIN_BOARD mm is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printables.errors import UsageError
from printables.games import GameSpec
from printables.render.theme import DEFAULT_THEME
from printables.units import is_count, parse_length

#: Smallest playing area we draw: below this no piece fits and labels are unreadable.
MIN_BOARD = 60.0


#: The largest --size read as cells per side rather than millimetres.
MAX_SIZE_CELLS = 25


def size_counts_cells(game: GameSpec) -> bool:
    """True when --size may be a number of cells per side: the game has a whole-number
    option 'size' (the number of cells per side it sets)."""
    size = game.default_options.get("size")
    return isinstance(size, int) and not isinstance(size, bool)


def read_variant(game: GameSpec, size: str | None, options: tuple[str, ...] = ()
                 ) -> tuple[dict[str, Any], float | None]:
    """Interpret --size and --option for a game: (its options, checked, and the board's
    length in mm or None); errors are one clear line. A request keeps them
    (products.requests.GameRequest).

    >>> from printables.games import GAMES
    >>> read_variant(GAMES["network"], "10")[0]["size"], read_variant(GAMES["dugi"], "250")[1]
    (10, 250.0)
    """
    opts = game.parse_options(options)
    length = None
    if size is not None:
        text = str(size).strip()
        if size_counts_cells(game) and is_count(text) and int(text) <= MAX_SIZE_CELLS:
            if "size" in opts and opts["size"] != int(text):
                raise UsageError(f"--size {text} and --option size={opts['size']} ask for two "
                                 f"{game.title} boards; give one of them", input=text)
            opts["size"] = int(text)
        else:
            length = parse_length(text, "size")
            if length < MIN_BOARD:
                raise UsageError(f"size {text!r} is {length:g} mm, too small for a {game.title} "
                                 f"board; use at least {MIN_BOARD:g} mm", input=text)
    return game.options(opts), length


def file_stem(game: str, product: str, *parts: str, theme_name: str = DEFAULT_THEME) -> str:
    """The one file namer: <game>-<product>, then what differs from the defaults (empty
    parts are left out), then the theme unless it is the default one.

    >>> file_stem("dugi", "pieces", "letter", "", "18mm", theme_name="mono")
    'dugi-pieces-letter-18mm-mono'
    >>> file_stem("evl", "setup")
    'evl-setup'
    """
    named = [p for p in parts if p]
    if theme_name != DEFAULT_THEME:
        named.append(theme_name)
    return "-".join([game, product, *named])


def variant_parts(game: GameSpec, options: Mapping[str, Any], size: float | None) -> list[str]:
    """What a file name adds for a variant: each option that differs from the game's
    default (key and value), then a length size in mm.

    >>> from printables.games import GAMES
    >>> variant_parts(GAMES["network"], {"size": 12, "pie": False}, 250.0)
    ['size12', '250mm']
    """
    parts = [f"{k}{str(v).lower()}" for k, v in sorted(options.items())
             if game.default_options.get(k) != v]
    if size is not None:
        parts.append(f"{size:g}mm")
    return parts


def variant_words(variant: Mapping[str, Any]) -> str:
    """A variant (options that differ from the defaults) as a caption says it.

    >>> variant_words({"size": 19}), variant_words({"target": 12, "pie": True})
    ('variant: size 19', 'variant: pie on, target 12')
    """
    def word(v: Any) -> str:
        return {True: "on", False: "off"}.get(v, str(v)) if isinstance(v, bool) else str(v)
    said = ", ".join(f"{k.replace('_', ' ')} {word(v)}" for k, v in sorted(variant.items()))
    return f"variant: {said}" if said else "standard"
