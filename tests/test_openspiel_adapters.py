"""The OpenSpiel adapters (tests/openspiel_adapters.py) read OpenSpiel faithfully, before
any engine of ours is asked: move counts from the start equal the published perft
numbers, every whole move has one name of ours, random games keep every piece on a space
of our board and every piece counted, and OpenSpiel's start is our game file's setup."""

from __future__ import annotations

import random

import pytest

from printables.positions import parse_move
from tests.openspiel_adapters import (
    ORACLES,
    PERFT,
    Match,
    random_match,
    removed,
    setup_of,
)


def perft(match: Match, depth: int) -> int:
    """Whole moves to depth (leaves counted), by OpenSpiel's moves as the adapter reads them."""
    moves = match.moves()
    if depth == 1:
        return len(moves)
    total = 0
    for text in moves:
        child = match.copy()
        child.play(text, moves)
        total += perft(child, depth - 1)
    return total


@pytest.mark.parametrize("name", sorted(PERFT))
def test_move_counts_from_the_start_are_the_published_ones(name):
    match = Match.start(ORACLES[name])
    assert [perft(match, d) for d in range(1, len(PERFT[name]) + 1)] == list(PERFT[name])


@pytest.mark.parametrize("name", sorted(ORACLES))
def test_openspiel_start_is_our_setup(name):
    oracle = ORACLES[name]
    match = Match.start(oracle)
    game = match.game
    setup = setup_of(game)
    assert match.position().pieces == setup.pieces
    assert match.to_move() == (game.first or game.sides[0]) == setup.to_move


@pytest.mark.parametrize("name", sorted(ORACLES))
def test_random_games_read_as_our_positions(name):
    """Every piece on a space of our board; every whole move one name, which parses; placing
    games: what stands plus what is in hand is what the components count; a capture takes
    exactly the pieces that disappear."""
    oracle = ORACLES[name]
    rng = random.Random(f"adapters {name}")
    for _ in range(2):
        for match, moves in random_match(oracle, rng):
            pos = match.position()
            board = match.game.board(pos.options)
            assert all(board.has(space) for space in pos.pieces)
            for text in list(moves)[:50]:
                assert parse_move(match.game, board, text) is not None
            if oracle.places and not match.game.flipping_pieces:
                for c in match.game.components(pos.options):
                    if c.side not in pos.hand:
                        continue
                    standing = sum(1 for p in pos.pieces.values() if p == (c.side, c.kind))
                    assert standing + pos.hand[c.side] == c.count, (c, match.history)
            if oracle.places and match.game.flipping_pieces:
                placed = sum(1 for t in match.history if t.startswith("+"))
                assert sum(pos.hand.values()) == 60 - placed
                assert len(pos.pieces) == len(setup_of(match.game).pieces) + placed


@pytest.mark.parametrize("name", ["breakthrough", "checkers"])
def test_captures_are_the_pieces_that_disappear(name):
    oracle = ORACLES[name]
    rng = random.Random(f"captures {name}")
    seen = 0
    for match, moves in random_match(oracle, rng):
        for text, (_, after) in moves.items():
            before, later = oracle.board_of(match.state), oracle.board_of(after)
            taken = removed(before, later, match.to_move(), text)
            assert len(later) == len(before) - len(taken), text
            assert all(later.get(space, (None,))[0] != before[space][0] for space in taken)
            if name == "checkers":  # one piece per jump: a chain X-Y-Z takes two
                assert len(taken) == (text.count("-") if taken else 0), text
            seen += bool(taken)
    assert seen > 0
