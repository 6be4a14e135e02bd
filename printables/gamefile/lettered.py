"""A game file's lettered pieces: a [[component]] with ``text`` (one to three characters)
drawn on a disc in its side's colours, and optionally the ``font`` file it is set in.

Rulings (ours): lettering goes on a plain disc (``art = "stone"``, the default when text is
given) or on a disc with a ring near its rim (``art = "ring"``, as Xiangqi pieces are
made), in the side's line colour; the font file, like art, must sit in the game file's
folder and is read through the bounded reader (products.pieces.lettering.MAX_FONT_BYTES);
a text no font covers stops the build with one line (see products.pieces.lettering).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from printables.errors import PrintablesError
from printables.gamefile.fields import fail_at
from printables.gamefile.reader import read_bytes
from printables.gamefile.sides import tone
from printables.geometry import Point
from printables.outputs import resolve_inside
from printables.positions import SourceReader
from printables.products.pieces.art import register_art, side_art
from printables.products.pieces.lettering import (
    MAX_FONT_BYTES,
    check_text,
    covers,
    font_for,
    lettering,
    text_contours,
)

#: The arts lettering may go on.
LETTERED_ARTS = ("stone", "ring")
#: The [[component]] keys of lettering, key -> what it means (the game-file reference prints
#: it).
LETTERING_KEYS = {
    "text": "one to three characters drawn on the piece as outlines (`art` `stone`, the "
            "default, or `ring`), in the side's line colour (see \"Lettered pieces\")",
    "font": "the `.ttf` or `.otf` file in the game file's folder the `text` is set in "
            "(default: Bitstream Vera Bold, else a system font that has the characters)",
}


def read_lettering(r: SourceReader, c: Mapping[str, Any], base: Path
                   ) -> tuple[str, str, Path, str | None, str | None]:
    """(text, art, font, the font as the file names it, the sha256 of the named font's
    bytes: the build cache's key holds it) of a component with text."""
    try:
        text = check_text(c["text"])
    except PrintablesError as e:
        raise r.fail(e.message, key="text") from None
    art = c.get("art", "stone")
    if art not in LETTERED_ARTS:
        raise fail_at(r, f"a component with text draws it on art {' or '.join(LETTERED_ARTS)}"
                      f", not {art!r}", art, "art")
    named = c.get("font")
    preferred, digest = None, None
    if named is not None:
        if not isinstance(named, str):
            raise r.fail("[[component]] font is the path of a .ttf or .otf file", key="font")
        try:
            preferred = resolve_inside(base, named, "font")
            digest = hashlib.sha256(read_bytes(preferred, MAX_FONT_BYTES,
                                               "a font file (.ttf, .otf)",
                                               "font file")).hexdigest()
        except PrintablesError as e:
            raise fail_at(r, e.message, named, "font") from None
        if not covers(preferred, ""):
            raise fail_at(r, f"{named} is not a font file that can be read (a .ttf or .otf "
                          "file)", named, "font")
    try:
        font = font_for(text, preferred)
        text_contours(text, font, Point(0.0, 0.0), 10.0)  # drawn once now, not mid-build
    except PrintablesError as e:
        raise r.fail(e.message, key="font" if named else "text") from None
    except Exception:  # a damaged font file fails inside fontTools in many ways
        raise r.fail(f"the font {font.name} cannot draw {text!r}: the file may be damaged",
                     key="font" if named else "text") from None
    return text, art, font, named, digest


def register_lettered(text: str, art: str, font: Path, game: str, sides: list[str]) -> str:
    """Register the lettered art for every side (in its tone) and return its key's stem:
    the art, then the characters' code points (the art key is STEM@GAME-SIDE)."""
    stem = art + "".join(f"{ord(ch):x}" for ch in text)
    for s in sides:
        t = tone(s, game)
        register_art(f"{stem}@{game}-{s}", side_art(art, t, lettering(text, font,
                                                                       f"piece.symbol.{t}")))
    return stem
