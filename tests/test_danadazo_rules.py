"""Danadazo rules engine: moves, custodian captures, guard protection, barriers, wins."""

from __future__ import annotations

import random

import pytest

from printables.games import GAMES, Move, Piece, Position
from printables.games import danadazo_rules as rules
from printables.games.model import first_problem
from printables.positions import format_move, load_layout, parse_move, setup_path

GAME = GAMES["danadazo"]
BOARD = GAME.board()
KIND = {"P": "pawn", "G": "guard", "K": "general"}


def pos(to_move: str = "attacker", attacker: str = "", defender: str = "", **state) -> Position:
    """A position from 'K:a3a4 P:b1c1 ...' strings (K general, G guard, P pawn)."""
    pieces = {}
    for side, text in (("attacker", attacker), ("defender", defender)):
        for item in text.split():
            kind, space = item.split(":")
            pieces[space] = Piece(side, KIND[kind])
    return Position("danadazo", to_move, pieces, GAME.options(), state=state)


def mv(text: str) -> Move:
    return parse_move(GAME, BOARD, text)


def legal(p: Position, text: str) -> bool:
    return mv(text) in GAME.rules.legal_moves(BOARD, p)


def targets_of(p: Position, origin: str) -> set[str]:
    return {m.target for m in GAME.rules.legal_moves(BOARD, p) if m.origin == origin}


def play(p: Position, text: str):
    assert legal(p, text), text
    return GAME.rules.play(BOARD, p, mv(text))


# ----------------------------------------------------------------------------- setup

def test_setup_has_24_attacker_moves_and_is_symmetric():
    setup = load_layout(setup_path("danadazo")).position
    assert first_problem(GAME.rules, BOARD, setup) is None
    moves = GAME.rules.legal_moves(BOARD, setup)
    assert len(moves) == len(set(moves)) == 24
    assert targets_of(setup, "e4e5") == {"ne", "d4e4", "d5e5"}
    assert targets_of(setup, "a3a4") == {"a3b3", "a4b4"}


# ----------------------------------------------------------------------------- movement

def test_pawn_steps_one_space_crosspoint_or_crosscorner_only():
    p = pos("defender", "K:sw", "K:a5b5 P:c3c4")
    assert targets_of(p, "c3c4") == {"c2c3", "c4c5", "b3c3", "c3d3", "b4c4", "c4d4"}


def test_general_slides_round_the_bend_and_stops_at_pieces():
    p = pos("attacker", "K:e1e2", "K:b6c6")
    # up the e file, round ne, along rank 6 until the defender general; one crosscorner step
    assert targets_of(p, "e1e2") == {"e2e3", "e3e4", "e4e5", "ne", "c6d6", "d1e1", "d2e2"}
    blocked = pos("attacker", "K:e1e2 P:e3e4", "K:b6c6")
    assert targets_of(blocked, "e1e2") == {"e2e3", "d1e1", "d2e2"}


def test_general_rounds_sw_too():
    p = pos("defender", "K:e1e2", "K:d1e1")
    # along rank 1, round sw, up the a file to the corner; crosscorner d1d2 (e1e2 is taken)
    assert targets_of(p, "d1e1") == {"c1d1", "b1c1", "sw", "a2a3", "a3a4", "a4a5", "a5a6",
                                     "d1d2"}


def test_guard_crosscell_and_its_limits():
    free = pos("defender", "K:a5a6", "K:e1e2 G:c3c4")
    assert {"b3b4", "d3d4"} <= targets_of(free, "c3c4")
    # an enemy crosscorner next to the guard forbids both crosscell steps
    touched = pos("defender", "K:a5a6 P:b4c4", "K:e1e2 G:c3c4")
    assert not {"b3b4", "d3d4"} & targets_of(touched, "c3c4")
    # an enemy crosspoint next to it too
    touched = pos("defender", "K:a5a6 P:c2c3", "K:e1e2 G:c3c4")
    assert not {"b3b4", "d3d4"} & targets_of(touched, "c3c4")
    # a crosscell step that would capture is not allowed; the one that would not, is
    capturing = pos("defender", "K:a5a6 P:d2d3", "K:e1e2 G:c3c4 P:d1d2")
    assert "d3d4" not in targets_of(capturing, "c3c4")
    assert "b3b4" in targets_of(capturing, "c3c4")


def test_only_guards_cross_cells():
    p = pos("defender", "K:a5a6", "K:c3c4 P:c1c2")
    assert not {"b3b4", "d3d4"} & targets_of(p, "c3c4")
    assert "b1b2" not in targets_of(p, "c1c2") and "d1d2" not in targets_of(p, "c1c2")


# ----------------------------------------------------------------------------- captures

def test_custodian_capture_along_a_line():
    out = play(pos("attacker", "K:e1e2 P:c1c2 P:c4c5", "K:a5a6 P:c3c4"), "c1c2-c2c3")
    assert out.captures == ("c3c4",)
    assert "c3c4" not in out.position.pieces
    assert out.position.to_move == "defender"


def test_capture_round_a_bend_on_both_sides():
    out = play(pos("attacker", "K:a3a4 P:d5d6 P:b6c6 P:e3e4", "K:c3c4 P:c6d6 P:e4e5"),
               "d5d6-ne")
    assert out.captures == ("c6d6", "e4e5")


def test_piece_on_a_bend_is_taken_along_its_line():
    out = play(pos("defender", "K:a2a3 P:ne", "K:a5a6 P:c6d6 P:e2e3"), "e2e3-e3e4")
    assert out.captures == ()  # e4e5 is empty: nothing next to the mover
    out = play(pos("defender", "K:a2a3 P:e4e5", "K:a5a6 P:c6d6 P:e2e3"), "c6d6-ne")
    assert out.captures == ()  # ne, e4e5, e3e4: e3e4 is empty
    out = play(pos("defender", "K:a2a3 P:ne", "K:a5a6 P:b6c6 P:d4e4"), "d4e4-e4e5")
    assert out.captures == ()  # e4e5 -> ne -> c6d6 is empty
    out = play(pos("defender", "K:a2a3 P:ne", "K:a5a6 P:c6d6 P:d4e4"), "d4e4-e4e5")
    assert out.captures == ("ne",)


def test_crosscorner_staircase_captures_but_a_right_angle_does_not():
    p = pos("attacker", "K:e1e2 P:a3b3 P:c4d4 P:b2c2", "K:d5e5 P:c3c4 P:b2b3")
    out = play(p, "a3b3-b3c3")
    assert out.captures == ("c3c4",)


def test_stepping_between_two_enemies_is_safe():
    out = play(pos("defender", "K:e1e2 P:c1c2 P:c3c4", "K:a5a6 P:b2c2"), "b2c2-c2c3")
    assert out.captures == ()
    assert out.position.pieces["c2c3"] == ("defender", "pawn")


def test_only_the_moved_piece_captures():
    # d4d5 stands sandwiched between two attackers already; a move elsewhere takes nothing
    p = pos("attacker", "K:e1e2 P:d3d4 P:d5d6 P:a2a3", "K:a5a6 P:d4d5")
    assert play(p, "a2a3-a3a4").captures == ()


def test_all_piece_kinds_capture():
    p = pos("defender", "K:a5a6 P:c3c4", "K:c1c2 G:c4c5")
    assert play(p, "c1c2-c2c3").captures == ("c3c4",)


def test_defender_general_needs_guards_gone():
    base = "K:e1e2 P:c1c2 P:c4c5"
    two = pos("attacker", base, "K:c3c4 G:a5b5 G:d5e5")
    assert play(two, "c1c2-c2c3").captures == ()
    one = pos("attacker", base, "K:c3c4 G:a5b5")
    out = play(one, "c1c2-c2c3")
    assert out.captures == ("c3c4",)
    assert GAME.rules.winner(BOARD, out.position) == "attacker"
    assert GAME.rules.legal_moves(BOARD, out.position) == []


def test_guard_taken_in_the_same_move_does_not_unlock_the_general():
    # c2c3 sandwiches the general (two guards on the board before the move) and the guard
    # c3d3 along the staircase c2c3, c3d3, d3d4: only the guard falls
    p = pos("attacker", "K:e1e2 P:c1c2 P:c4c5 P:d3d4", "K:c3c4 G:c3d3 G:a5b5")
    out = play(p, "c1c2-c2c3")
    assert out.captures == ("c3d3",)
    assert out.position.pieces["c3c4"] == ("defender", "general")


def test_attacker_general_has_no_protection():
    out = play(pos("defender", "K:c3c4 K:a5a6 P:e1e2", "K:c1c2 P:c4c5"), "c1c2-c2c3")
    assert out.captures == ("c3c4",)
    assert GAME.rules.winner(BOARD, out.position) is None  # the other general fights on


def test_defender_wins_by_taking_both_generals():
    p = pos("defender", "K:c3c4 P:a2a3", "K:c1c2 P:c4c5 G:a5b5")
    out = play(p, "c1c2-c2c3")
    assert out.captures == ("c3c4",)
    assert GAME.rules.winner(BOARD, out.position) == "defender"


# ----------------------------------------------------------------------------- barriers

def test_barrier_with_guard_or_general_is_illegal():
    guard = pos("defender", "K:sw", "K:a5b5 G:c2c3 P:b3c3 P:c3d3 P:c4c5")
    assert not legal(guard, "c4c5-c3c4")
    general = pos("defender", "K:sw", "K:c4c5 P:c2c3 P:b3c3 P:c3d3")
    assert not legal(general, "c4c5-c3c4")
    pawns = pos("defender", "K:sw", "K:a5b5 P:c2c3 P:b3c3 P:c3d3 P:c4c5")
    out = play(pawns, "c4c5-c3c4")
    assert first_problem(GAME.rules, BOARD, out.position) is None


def test_attackers_may_not_barrier_a_general_either():
    p = pos("attacker", "K:c2c3 P:b3c3 P:c3d3 P:c4c5 K:a5a6", "K:e1e2")
    assert not legal(p, "c4c5-c3c4")
    assert legal(p, "c4c5-c5c6")


def test_barrier_position_is_a_problem():
    p = pos("attacker", "K:a3a4", "K:c3c4 G:c2c3 G:b3c3 P:c3d3")
    assert "c3" in first_problem(GAME.rules, BOARD, p)
    p = pos("defender", "K:c3c4 P:c2c3 P:b3c3 P:c3d3", "K:a5a6")
    assert "c3" in first_problem(GAME.rules, BOARD, p)


# ----------------------------------------------------------------------------- wins, draws

def test_lone_general_count_starts_after_the_capture_and_draws_at_20():
    p = pos("attacker", "K:e1e2 P:c1c2 P:c4c5", "K:a5a6 P:c3c4")
    out = play(p, "c1c2-c2c3")
    q = out.position
    assert rules.lone_side(q.pieces) == "defender" and q.state["lone_general_moves"] == 0
    for i in range(1, 21):
        assert GAME.rules.winner(BOARD, q) is None
        moves = GAME.rules.legal_moves(BOARD, q)
        safe = [m for m in moves if not GAME.rules.play(BOARD, q, m).captures]
        q = GAME.rules.play(BOARD, q, safe[0]).position
        assert q.state["lone_general_moves"] == i
    assert GAME.rules.winner(BOARD, q) == "draw"
    assert GAME.rules.legal_moves(BOARD, q) == []


def test_capture_on_the_twentieth_move_wins():
    p = pos("attacker", "K:e1e2 P:c1c2 P:c4c5", "K:c3c4", lone_general_moves=19)
    assert GAME.rules.winner(BOARD, p) is None
    assert GAME.rules.winner(BOARD, play(p, "e1e2-e2e3").position) == "draw"
    won = play(p, "c1c2-c2c3").position
    assert GAME.rules.winner(BOARD, won) == "attacker"
    # the count ends with the lone general: the won position is a valid one, with no count
    assert "lone_general_moves" not in won.state
    assert first_problem(GAME.rules, BOARD, won) is None


def test_attacker_lone_general_also_counts():
    p = pos("defender", "K:e1e2", "K:a5a6 P:c3c4")
    q = play(p, "c3c4-c4c5").position
    assert q.state["lone_general_moves"] == 1


def test_no_legal_move_loses():
    p = pos("defender", "K:e1e2 P:a4a5 P:a5b5 P:a6b6", "K:a5a6")
    assert GAME.rules.legal_moves(BOARD, p) == []
    assert GAME.rules.winner(BOARD, p) == "attacker"


def test_position_problems():
    ok = pos("attacker", "K:a3a4", "K:c3c4")
    assert first_problem(GAME.rules, BOARD, ok) is None
    assert first_problem(GAME.rules, BOARD, pos("attacker", "P:a3a4", "P:c3c4")) is not None
    too_many = pos("attacker", "K:a3a4 K:a4a5 K:a5a6", "K:c3c4")
    assert "general" in first_problem(GAME.rules, BOARD, too_many)
    guard = Position("danadazo", "attacker", {"a3a4": Piece("attacker", "guard"),
                                              "c3c4": Piece("defender", "general")})
    assert first_problem(GAME.rules, BOARD, guard) is not None
    not_lone = pos("attacker", "K:a3a4 P:b1c1", "K:c3c4 P:c1c2", lone_general_moves=3)
    assert "lone" in first_problem(GAME.rules, BOARD, not_lone)
    over = pos("attacker", "K:a3a4", "K:c3c4", lone_general_moves=21)
    assert first_problem(GAME.rules, BOARD, over) is not None
    assert first_problem(GAME.rules, BOARD, pos("attacker", "K:a3a4", "K:c3c4", foo=1))


# ----------------------------------------------------------------------------- playouts

@pytest.mark.parametrize("seed", range(30))
def test_random_playouts(seed):
    rng = random.Random(seed)
    p = load_layout(setup_path("danadazo")).position
    for _ in range(300):
        moves = GAME.rules.legal_moves(BOARD, p)
        if not moves:
            assert GAME.rules.winner(BOARD, p) is not None
            return
        assert GAME.rules.winner(BOARD, p) is None
        m = rng.choice(moves)
        for each in (moves if seed < 10 else [m]):
            assert parse_move(GAME, BOARD, format_move(GAME, BOARD, each)) == each
        out = GAME.rules.play(BOARD, p, m)
        after = out.position
        assert first_problem(GAME.rules, BOARD, after) is None, (seed, m)
        assert len(after.pieces) == len(p.pieces) - len(out.captures)
        assert all(p.pieces[s].side != p.to_move for s in out.captures)
        assert after.pieces[m.target] == p.pieces[m.origin]
        assert after.to_move != p.to_move
        p = after
