"""Dugi rules engine: slides, custodian captures, the dead zone, wins, playouts."""

from __future__ import annotations

import random

import pytest

from printables.games import GAMES, Move, Piece, Position, dugi
from printables.games.model import first_problem
from printables.positions import format_move, load_layout, parse_move, setup_path

GAME = GAMES["dugi"]
BOARD = GAME.board()


def pos(to_move: str, black: list[str], white: list[str]) -> Position:
    """A position from the two lists of spaces."""
    pieces = {s: Piece("black", "stone") for s in black}
    pieces.update({s: Piece("white", "stone") for s in white})
    return Position("dugi", to_move, pieces)


def legal(p: Position, text: str) -> bool:
    return parse_move(GAME, BOARD, text) in GAME.rules.legal_moves(BOARD, p)


def play(p: Position, text: str):
    move = parse_move(GAME, BOARD, text)
    assert move in GAME.rules.legal_moves(BOARD, p), text
    return GAME.rules.play(BOARD, p, move)


def sides(p: Position) -> tuple[list[str], list[str]]:
    return (sorted(s for s, x in p.pieces.items() if x.side == "black"),
            sorted(s for s, x in p.pieces.items() if x.side == "white"))


def setup() -> Position:
    return pos("black", [f"a{k}" for k in range(1, 13)], [f"a{k}" for k in range(13, 25)])


# ----------------------------------------------------------------------------- moves

def test_setup_has_72_inward_moves_and_matches_layout():
    start = setup()
    assert first_problem(GAME.rules, BOARD, start) is None
    assert GAME.rules.winner(BOARD, start) is None
    moves = GAME.rules.legal_moves(BOARD, start)
    assert len(moves) == len(set(moves)) == 72
    assert all(m.origin[1:] == m.target[1:] and m.target[0] in "bcdefg" for m in moves)
    assert load_layout(setup_path("dugi")).position == start


def test_ring_move_wraps_round_and_is_listed_once():
    p = pos("black", ["a22", "e5", "e9"], ["c13", "c15", "c17"])
    assert legal(p, "a22-a3")
    moves = GAME.rules.legal_moves(BOARD, p)
    assert len(moves) == len(set(moves)) == 85
    assert sum(1 for m in moves if m.origin == "a22") == 29


def test_slides_stop_before_any_counter():
    p = pos("black", ["a7", "d10", "b11"], ["e7", "b14", "b15"])
    assert legal(p, "a7-d7")
    assert not legal(p, "a7-e7")       # occupied
    assert not legal(p, "a7-f7")       # would jump
    assert not legal(p, "a7-b8")       # diagonal
    assert not legal(p, "d10-a11")


def test_no_move_through_or_into_the_dead_zone():
    p = pos("black", ["g5", "b10", "b11"], ["g4", "g6", "c21"])
    targets = {m.target for m in GAME.rules.legal_moves(BOARD, p) if m.origin == "g5"}
    assert targets == {"f5", "e5", "d5", "c5", "b5", "a5"}
    assert not legal(p, "g5-g17")
    assert not legal(p, "g5-f17")


def test_ring_move_blocked_one_way_goes_the_long_way():
    p = pos("black", ["b10", "b11", "g1"], ["g3", "g5", "g7"])
    assert legal(p, "b10-b12")         # clockwise all the way round


# ----------------------------------------------------------------------------- captures

def test_capture_along_a_ring():
    out = play(pos("black", ["c5", "e7", "a10"], ["c6", "f20", "f21", "f22"]), "e7-c7")
    assert out.captures == ("c6",)
    assert sides(out.position) == (["a10", "c5", "c7"], ["f20", "f21", "f22"])
    assert out.position.to_move == "white"


def test_capture_along_a_sector_line():
    out = play(pos("white", ["d4", "a9", "c20"], ["c4", "e2", "f20"]), "e2-e4")
    assert out.captures == ("d4",)
    assert sides(out.position) == (["a9", "c20"], ["c4", "e4", "f20"])


def test_two_captures_in_one_move():
    out = play(pos("black", ["b9", "d7", "d12", "f2"], ["c9", "d8", "a17", "a18", "a19"]),
               "d12-d9")
    assert out.captures == ("c9", "d8")


def test_capture_across_the_a24_a1_line():
    out = play(pos("black", ["a1", "d23", "f8"], ["a24", "c14", "c15", "c16"]), "d23-a23")
    assert out.captures == ("a24",)
    # and the other way round: landing on a2 takes a1 against a24
    out = play(pos("white", ["a1", "d23", "f8"], ["a24", "d2", "c15", "c16"]), "d2-a2")
    assert out.captures == ("a1",)


def test_no_capture_across_the_dead_zone():
    out = play(pos("black", ["a5", "g17", "b20"], ["g5", "c10", "c11", "c12"]), "a5-f5")
    assert out.captures == ()


def test_moving_between_two_enemies_is_safe():
    out = play(pos("white", ["a3", "a5", "c10", "c11"], ["b4", "c9", "f12"]), "b4-a4")
    assert out.captures == ()
    assert out.position.pieces["a4"] == Piece("white", "stone")


def test_two_in_a_row_are_not_taken():
    out = play(pos("white", ["a3", "a5", "c10", "c11"], ["b4", "c9", "f12"]), "f12-c12")
    assert out.captures == ()


def test_only_the_moved_counter_captures():
    # black c6 already sits between white c5 and c7: a white move elsewhere takes nothing
    p = pos("white", ["c6", "a1", "a2"], ["c5", "c7", "f20"])
    out = play(p, "f20-f21")
    assert out.captures == ()


# ----------------------------------------------------------------------------- wins

def test_win_by_leaving_two_counters():
    p = pos("black", ["d10", "e12", "b2"], ["e11", "a20", "a21"])
    assert GAME.rules.winner(BOARD, p) is None
    out = play(p, "d10-e10")
    assert out.captures == ("e11",)
    assert GAME.rules.winner(BOARD, out.position) == "black"
    assert GAME.rules.legal_moves(BOARD, out.position) == []


def test_win_when_opponent_cannot_move():
    p = pos("white", ["g5", "g6", "g7"], ["g4", "g8", "f5", "f6", "b7"])
    assert GAME.rules.winner(BOARD, p) is None
    out = play(p, "b7-f7")
    assert out.captures == ()
    assert GAME.rules.winner(BOARD, out.position) == "white"
    assert GAME.rules.legal_moves(BOARD, out.position) == []


def test_position_problems():
    assert first_problem(GAME.rules, BOARD, setup()) is None
    thirteen = pos("black", [f"b{k}" for k in range(1, 14)], ["a1", "a2", "a3"])
    assert "13" in first_problem(GAME.rules, BOARD, thirteen)
    both_low = pos("black", ["a1", "a2"], ["a3"])
    assert first_problem(GAME.rules, BOARD, both_low) is not None
    one_low = pos("black", ["a1", "a2", "a5"], ["a3"])
    assert first_problem(GAME.rules, BOARD, one_low) is None
    assert GAME.rules.winner(BOARD, one_low) == "black"


# ----------------------------------------------------------------------------- playouts

def random_game(seed: int, plies: int = 300, greedy: bool = False):
    """Yield (position, move, outcome) for one seeded random game from the setup.

    greedy: play a capturing move whenever there is one (so games reach their end).
    """
    rng = random.Random(seed)
    p = setup()
    for _ in range(plies):
        moves = GAME.rules.legal_moves(BOARD, p)
        if not moves:
            return
        if greedy:
            taking = [m for m in moves if dugi.captured_by(
                BOARD, {**{k: v for k, v in p.pieces.items() if k != m.origin},
                        m.target: p.pieces[m.origin]}, m.target)]
            moves = taking or moves
        move = rng.choice(moves)
        out = GAME.rules.play(BOARD, p, move)
        yield p, move, out
        p = out.position


def check_playout(seed: int, greedy: bool, plies: int = 300) -> Position:
    """Play one game, checking every ply; return the last position."""
    last = setup()
    for p, _move, out in random_game(seed, plies, greedy):
        assert first_problem(GAME.rules, BOARD, out.position) is None
        assert len(out.position.pieces) == len(p.pieces) - len(out.captures)
        assert all(p.pieces[c].side != p.to_move for c in out.captures)
        assert out.position.to_move != p.to_move
        last = out.position
    return last


def test_random_playouts_keep_positions_legal_and_conserve_pieces():
    for seed in range(20):
        check_playout(seed, greedy=False, plies=150)


def test_greedy_playouts_reach_a_winner():
    ends = [GAME.rules.winner(BOARD, check_playout(seed, greedy=True)) for seed in range(4)]
    assert sum(1 for w in ends if w is not None) >= 2
    assert set(ends) - {None} <= {"black", "white"}


def test_notation_round_trips_on_playout_moves():
    for seed in range(3):
        for _, move, _ in random_game(100 + seed, 100):
            assert parse_move(GAME, BOARD, format_move(GAME, BOARD, move)) == move


@pytest.mark.parametrize("text", ["a1-a5", "g5-a5", "c24-c1"])
def test_parse_and_format_examples(text):
    assert format_move(GAME, BOARD, parse_move(GAME, BOARD, text)) == text
    assert parse_move(GAME, BOARD, text) == Move(path=tuple(text.split("-")))
