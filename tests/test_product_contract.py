"""The products' contract with a variant: a product's files follow every aspect of the game
request it claims (its request's FOLLOWS: the board's length --size, options that change the
board, options that change the pieces, options of the rules alone). A change of any of
them that the product claims changes its bytes; a product that ignores one fails here,
naming the product, the game and the change. Bytes only: a file name that says the
variant does not count as following it.

The aspect of an option's change is read from the game itself: it changes the board when
game.board() differs, the pieces when game.components() differ, else the rules alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from typing import Any

import pytest

from printables.errors import UsageError
from printables.games import GAMES, GameSpec
from printables.products.registry import PRODUCTS
from printables.products.requests import ASPECTS, GameRequest

#: A board length no built-in game has by default (Dugi's rim is 300 mm by default).
SIZE = "277"
#: Products built on every game; the others (slow: typesetting) on the games below.
EVERY_GAME = ("board", "setup", "pieces", "laser")
SOME_GAMES = ("network",)  # its options change the board (size) and the rules (pie)


def other_value(game: GameSpec, key: str, value: Any) -> Any:
    """A value of option key the game takes that is not its default (None: none found)."""
    if isinstance(value, bool):
        candidates: list[Any] = [not value]
    elif isinstance(value, int):
        candidates = [value + 2, value - 2, value + 1, value - 1]
    else:
        return None
    for c in candidates:
        try:
            game.options({key: c})
        except UsageError:
            continue
        return c
    return None


def aspect(game: GameSpec, options: dict[str, Any]) -> str:
    """What an option change touches: the board, the pieces, or the rules alone."""
    board, standard = game.board(options), game.board()
    if any(getattr(board, f.name) != getattr(standard, f.name) for f in fields(board)):
        return "board"
    if game.components(game.options(options)) != game.components(game.options()):
        return "pieces"
    return "rules"


def changes(game: GameSpec) -> Iterator[tuple[str, str, GameRequest]]:
    """(aspect, words, game request) of each change of a game's standard request."""
    yield "size", f"--size {SIZE}", GameRequest.from_texts(game, (), SIZE)
    for key, value in sorted(game.default_options.items()):
        new = other_value(game, key, value)
        if new is not None:
            text = f"{key}={str(new).lower()}"
            yield (aspect(game, {key: new}), f"--option {text}",
                   GameRequest.from_texts(game, (text,)))


def data(product: str, game: GameSpec, greq: GameRequest) -> list[bytes]:
    """The bytes of a product's files (their names aside) for one game request."""
    p = PRODUCTS[product]
    fmt = "svg" if "svg" in p.formats() else p.formats()[0]
    return [d for _, d in p.build(game, p.request.read(greq, fmt, {}))]


def cases() -> list[tuple[str, str]]:
    return [(p, g) for p in PRODUCTS for g in GAMES
            if p in EVERY_GAME or g in SOME_GAMES]


@pytest.mark.parametrize(("product", "game"), cases())
@pytest.mark.slow  # each product built three times and more
def test_a_products_files_follow_what_it_claims(product, game):
    spec, p = GAMES[game], PRODUCTS[product]
    claimed = set(p.request.FOLLOWS)
    standard = data(product, spec, GameRequest.from_texts(spec))
    ignored = [words for kind, words, greq in changes(spec)
               if kind in claimed and data(product, spec, greq) == standard]
    assert ignored == [], f"{product} ignores {', '.join(ignored)} for {game}"


def test_every_claim_is_an_aspect_and_each_aspect_is_tested():
    """A claim the test cannot check is a typo; every aspect occurs in some game."""
    for p in PRODUCTS.values():
        assert set(p.request.FOLLOWS) <= set(ASPECTS), p.name
    seen = {kind for g in GAMES.values() for kind, _, _ in changes(g)}
    assert {"size", "board", "rules"} <= seen
