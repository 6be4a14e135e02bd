"""Rosenkreuz rules engine: moves, the four capture types, restrictions, wins, playouts."""

from __future__ import annotations

import random

import pytest

from printables.boards.square import parse_square
from printables.games import GAMES, Move, Piece, Position
from printables.games import rosenkreuz_rules as rules
from printables.games.model import first_problem
from printables.positions import format_move, parse_move

GAME = GAMES["rosenkreuz"]
BOARD = GAME.board()


def pos(to_move: str, rose: dict[str, list[str]], cross: dict[str, list[str]]) -> Position:
    """A position from side -> colour -> squares."""
    pieces = {}
    for side, spec in (("rose", rose), ("cross", cross)):
        for colour, squares in spec.items():
            for sq in squares:
                pieces[sq] = Piece(side, colour)
    return Position("rosenkreuz", to_move, pieces)


def setup() -> Position:
    """The reconstructed starting position, built from the board colours."""
    pieces = {}
    for space in BOARD.spaces:
        rank = parse_square(space.name)[1]
        if rank <= 1:
            pieces[space.name] = Piece("rose", space.colour)
        elif rank >= 5:
            pieces[space.name] = Piece("cross", space.colour)
    return Position("rosenkreuz", "rose", pieces)


def mv(text: str) -> Move:
    return parse_move(GAME, BOARD, text)


def legal(p: Position, text: str) -> bool:
    return mv(text) in GAME.rules.legal_moves(BOARD, p)


def play(p: Position, text: str):
    move = mv(text)
    assert move in GAME.rules.legal_moves(BOARD, p), text
    return GAME.rules.play(BOARD, p, move)


def placement(p: Position) -> dict[str, tuple[str, str]]:
    return {s: tuple(piece) for s, piece in sorted(p.pieces.items())}


# ----------------------------------------------------------------------------- setup, moves

def test_setup_has_36_moves_and_matches_layout():
    from printables.positions import load_layout, setup_path
    start = setup()
    assert first_problem(GAME.rules, BOARD, start) is None
    assert GAME.rules.winner(BOARD, start) is None
    moves = GAME.rules.legal_moves(BOARD, start)
    assert len(moves) == len(set(moves)) == 36
    assert sum(1 for m in moves if parse_square(m.origin)[1] == 0) == 17  # jumps from rank 1
    assert placement(load_layout(setup_path("rosenkreuz")).position) == placement(start)


def test_cross_moves_down_the_board():
    start = setup().with_(to_move="cross")
    moves = GAME.rules.legal_moves(BOARD, start)
    assert len(moves) == 36
    assert all(parse_square(m.target)[1] == 4 for m in moves)


def test_forward_steps_and_jump_over_mixed_line():
    p = pos("rose", {"dark": ["c1", "c3"], "light": ["c2"]}, {"dark": ["e7"], "light": ["b7"]})
    assert legal(p, "c1-c4")
    assert not legal(p, "c1-c3") and not legal(p, "c1-c2")
    out = play(p, "c1-c4")
    assert out.captures == ()
    assert out.position.pieces["c4"] == Piece("rose", "dark") and "c1" not in out.position.pieces
    assert out.position.to_move == "cross"


def test_cannot_jump_over_opponent_or_chain_jumps():
    p = pos("rose", {"dark": ["c1", "e3"], "light": ["a1"]},
            {"dark": ["d2", "e7"], "light": ["b7"]})
    assert not legal(p, "c1-e3") and not legal(p, "c1-f4")
    assert all(len(m.path) == 2 for m in GAME.rules.legal_moves(BOARD, p))


def test_backward_and_sideways_need_a_capture():
    p = pos("rose", {"dark": ["d4"], "light": ["d3", "b2"]}, {"dark": ["f6"], "light": ["c6"]})
    for text in ("d4-c3", "d4-e3", "d4-c4", "d4-e4", "b2-b1", "b2-a2", "d4-d2"):
        assert not legal(p, text), text
    assert len(GAME.rules.legal_moves(BOARD, p)) == 9


def test_cross_backward_is_up():
    p = pos("cross", {"dark": ["a1"], "light": ["b1"]}, {"dark": ["d4"], "light": ["g7"]})
    assert legal(p, "d4-d3") and legal(p, "d4-c3")
    assert not legal(p, "d4-d5") and not legal(p, "d4-e4")


# ----------------------------------------------------------------------------- captures

def test_minor_capture_needs_square_colour_and_stranded_victim():
    p = pos("cross", {"dark": ["e4", "a1"], "light": ["b1"]}, {"dark": ["e5"], "light": ["d5"]})
    out = play(p, "d5-e4")
    assert out.captures == ("e4",)
    assert out.position.pieces["e4"] == Piece("cross", "light")
    assert not legal(p, "e5-e4")  # dark mover on a light square
    # a victim on its own colour cannot be taken at all
    q = pos("cross", {"dark": ["e3", "a1"], "light": ["b1"]}, {"dark": ["e4"], "light": ["d4"]})
    assert not legal(q, "e4-e3") and not legal(q, "d4-e3")


def test_minor_capture_by_jump():
    p = pos("rose", {"dark": ["c1"], "light": ["c2", "a1"]},
            {"dark": ["g7"], "light": ["c3", "b7"]})
    out = play(p, "c1-c3")
    assert out.captures == ("c3",)


def test_major_capture_takes_only_touching_opponents():
    p = pos("rose", {"dark": ["c4", "d3", "e4"], "light": ["b1"]},
            {"dark": ["d5", "d6"], "light": ["b7"]})
    out = play(p, "d3-d4")
    assert out.captures == ("d5",)
    assert "d6" in out.position.pieces


def test_major_capture_ignores_other_colour_and_ties():
    tie = pos("rose", {"dark": ["d3"], "light": ["b1"]}, {"dark": ["d5"], "light": ["b7"]})
    out = play(tie, "d3-d4")
    assert out.captures == () and placement(out.position) == placement(
        pos("cross", {"dark": ["d4"], "light": ["b1"]}, {"dark": ["d5"], "light": ["b7"]}))
    # two Cross light pieces next to the landing square do not belong to the dark group
    p = pos("rose", {"dark": ["d3", "c4"], "light": ["b1"]},
            {"dark": ["d5"], "light": ["e4", "e5", "b7"]})
    out = play(p, "d3-d4")
    assert out.captures == ("d5",)
    assert {"e4", "e5"} <= set(out.position.pieces)


def test_suicide_removes_only_mover_pieces_touching_opponents():
    p = pos("rose", {"dark": ["d3", "e3"], "light": ["b1"]},
            {"dark": ["c5", "d5", "e5"], "light": ["b7"]})
    out = play(p, "e3-d4")
    assert out.captures == ()
    assert "d4" not in out.position.pieces and "d3" in out.position.pieces
    assert sorted(s for s, q in out.position.pieces.items() if q.side == "cross") == \
        ["b7", "c5", "d5", "e5"]


def test_minor_capture_then_suicide_in_one_move():
    # the dark Rose piece takes the light Cross piece on d4, then stands 1 against 2
    p = pos("rose", {"dark": ["d3"], "light": ["b1"]},
            {"dark": ["c4", "e4"], "light": ["d4", "b7"]})
    out = play(p, "d3-d4")
    assert out.captures == ("d4",)
    assert "d4" not in out.position.pieces and "d3" not in out.position.pieces


def test_minor_capture_then_major_capture():
    p = pos("rose", {"dark": ["d3", "c3"], "light": ["b1"]},
            {"dark": ["e4"], "light": ["d4", "b7"]})
    # d3 takes d4; the dark group is then d4 and e4 only: one against one, nothing more
    out = play(p, "d3-d4")
    assert out.captures == ("d4",) and {"d4", "e4"} <= set(out.position.pieces)
    q = pos("rose", {"dark": ["d3", "c4"], "light": ["b1"]},
            {"dark": ["e4"], "light": ["d4", "b7"]})
    assert play(q, "d3-d4").captures == ("d4", "e4")


def test_attainment_capture_and_relocation_choices():
    p = pos("rose", {"dark": ["d1"], "light": ["c6", "b1", "f1"]},
            {"dark": ["b4", "e5"], "light": ["g6"]})
    arrivals = [m for m in GAME.rules.legal_moves(BOARD, p) if m.path == ("c6", "c7")]
    assert len(arrivals) == 12
    assert {m.relocate for m in arrivals} == {"a2", "c2", "e2", "g2"}
    assert {m.take for m in arrivals} == {"b4", "e5", "g6"}
    out = play(p, "c6-c7 xe5 =c2")
    assert out.captures == ("e5",)
    assert out.position.pieces["c2"] == Piece("rose", "light") and "c7" not in out.position.pieces
    assert not legal(p, "c6-c7")  # compulsory
    assert not legal(p, "c6-c7 xe5 =b3")  # rank 2 has room
    assert not legal(p, "c6-c7 xc6 =c2")  # own piece


def test_attainment_relocates_to_square_freed_by_the_take():
    # rank 7's dark squares a7, c7, e7, g7 all occupied; the take frees c7
    p = pos("cross", {"dark": ["a7", "c7"], "light": ["b1", "f2"]},
            {"dark": ["d2", "e7", "g7"], "light": ["g5"]})
    moves = [m for m in GAME.rules.legal_moves(BOARD, p) if m.path == ("d2", "d1")]
    by_take = {m.take: m.relocate for m in moves}
    assert by_take["c7"] == "c7" and by_take["a7"] == "a7"
    assert {m.relocate for m in moves if m.take in ("b1", "f2")} == {"b6", "d6", "f6"}
    out = play(p, "d2-d1 xc7 =c7")
    assert out.position.pieces["c7"] == Piece("cross", "dark")


def test_attainment_without_room_keeps_the_piece():
    # every light square is full; a light Rose piece leaves the dark b6 for the dark a7
    light = [s.name for s in BOARD.spaces if s.colour == "light"]
    free = [s for s in light if s not in ("a6", "b7")]
    rose_dark = ["a6", "b7"] + free[:5]
    rose_light = free[5:11]
    cross_on_light = free[11:]
    assert len(cross_on_light) == 11
    p = pos("rose", {"light": ["b6"] + rose_light, "dark": rose_dark},
            {"light": cross_on_light[:7], "dark": cross_on_light[7:] + ["c1", "e1", "g1"]})
    assert first_problem(GAME.rules, BOARD, p) is None and len(p.pieces) == 28
    arrivals = {m.take: m.relocate for m in GAME.rules.legal_moves(BOARD, p)
                if m.path == ("b6", "a7")}
    assert sorted(arrivals) == sorted(cross_on_light + ["c1", "e1", "g1"])
    for take, spot in arrivals.items():
        assert spot == (take if take in light else None)
    move = Move(path=("b6", "a7"), take="e1")
    assert format_move(GAME, BOARD, move) == "b6-a7 xe1" and mv("b6-a7 xe1") == move
    out = GAME.rules.play(BOARD, p, move)
    assert out.position.pieces["a7"] == Piece("rose", "light") and out.captures == ("e1",)


def test_suicided_piece_on_far_rank_gets_no_attainment():
    p = pos("rose", {"light": ["c6"], "dark": ["a1"]},
            {"light": ["b7", "d7", "g1"], "dark": ["e5", "e4"]})
    # c6-c7: light c7 (dark square) joins b7, d7: 1 against 2 -> suicide, nothing else
    assert mv("c6-c7") in GAME.rules.legal_moves(BOARD, p)
    out = play(p, "c6-c7")
    assert out.captures == () and "c7" not in out.position.pieces


def test_sideways_move_legal_through_major_capture():
    p = pos("rose", {"dark": ["c4", "e3"], "light": ["b1"]},
            {"dark": ["d5"], "light": ["b7"]})
    # e3-d3 joins no group; c4-d4 makes d4, d5 one against one: neither captures
    assert not legal(p, "e3-d3") and not legal(p, "c4-d4")
    q = pos("rose", {"dark": ["c4", "e4"], "light": ["b1"]},
            {"dark": ["d5"], "light": ["b7"]})
    # e4-d4 sideways: group c4, d4, d5 = 2 against 1 -> takes d5
    assert play(q, "e4-d4").captures == ("d5",)


def test_backward_jump_legal_when_it_captures():
    p = pos("rose", {"dark": ["d4"], "light": ["d3", "a1"]},
            {"dark": ["g7"], "light": ["d2", "b7"]})
    # d4 jumps back over d3 onto d2: a light Cross piece on a dark square
    assert play(p, "d4-d2").captures == ("d2",)


# ----------------------------------------------------------------------------- wins

def test_win_by_taking_last_piece_of_a_colour():
    p = pos("rose", {"dark": ["d4"], "light": ["a2"]}, {"dark": ["b6"], "light": ["e5"]})
    out = play(p, "d4-e5")
    assert GAME.rules.winner(BOARD, out.position) == "rose"
    assert GAME.rules.legal_moves(BOARD, out.position) == []


def test_win_is_immediate_and_skips_suicide_and_attainment():
    # d6 takes the last light Cross piece on e7 (far rank); the game ends at once
    p = pos("rose", {"dark": ["d6"], "light": ["a1"]},
            {"dark": ["d7", "f7", "a4"], "light": ["e7"]})
    move = mv("d6-e7")
    assert move in GAME.rules.legal_moves(BOARD, p)
    out = GAME.rules.play(BOARD, p, move)
    assert out.captures == ("e7",) and out.position.pieces["e7"] == Piece("rose", "dark")
    assert GAME.rules.winner(BOARD, out.position) == "rose"


def test_suicide_of_own_last_colour_loses():
    p = pos("rose", {"dark": ["e3"], "light": ["b1"]},
            {"dark": ["c5", "d5", "e5"], "light": ["b7"]})
    out = play(p, "e3-d4")
    assert GAME.rules.winner(BOARD, out.position) == "cross"


def test_no_legal_move_loses():
    p = pos("rose", {"dark": ["b6"], "light": ["a6", "d5"]}, {"dark": ["a7"], "light": ["b7"]})
    assert GAME.rules.winner(BOARD, p) is None
    out = play(p, "d5-c6")
    assert GAME.rules.legal_moves(BOARD, out.position) == []
    assert GAME.rules.winner(BOARD, out.position) == "rose"


def test_position_problems():
    assert first_problem(GAME.rules, BOARD, setup()) is None
    both = pos("rose", {"dark": ["a1"]}, {"light": ["b7"]})
    assert "both sides" in first_problem(GAME.rules, BOARD, both)
    many = pos("rose", {"dark": ["a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2"], "light": ["g1"]},
               {"dark": ["g7"], "light": ["f7"]})
    assert first_problem(GAME.rules, BOARD, many)


def test_play_rejects_a_missing_take():
    p = pos("rose", {"light": ["c6"], "dark": ["a1"]}, {"dark": ["e5"], "light": ["g6"]})
    with pytest.raises(ValueError):
        GAME.rules.play(BOARD, p, mv("c6-c7"))


# ----------------------------------------------------------------------------- playouts

def _count(p: Position, side: str) -> int:
    return sum(1 for q in p.pieces.values() if q.side == side)


def test_random_playouts():
    rng = random.Random(20240607)
    finished = 0
    for _ in range(30):
        p = setup()
        for _ply in range(300):
            moves = GAME.rules.legal_moves(BOARD, p)
            if not moves:
                assert GAME.rules.winner(BOARD, p) is not None
                finished += 1
                break
            assert len(moves) == len(set(moves))
            for m in moves if _ply % 5 == 0 else ():
                assert parse_move(GAME, BOARD, format_move(GAME, BOARD, m)) == m
            m = rng.choice(moves)
            assert parse_move(GAME, BOARD, format_move(GAME, BOARD, m)) == m
            side, opp = p.to_move, rules.other(p.to_move)
            out = GAME.rules.play(BOARD, p, m)
            q = out.position
            assert first_problem(GAME.rules, BOARD, q) is None
            assert q.to_move == opp
            assert all(p.pieces[c].side == opp for c in out.captures)
            assert _count(q, opp) == _count(p, opp) - len(out.captures)
            assert _count(q, side) <= _count(p, side)
            if m.relocate:
                assert q.pieces[m.relocate].side == side and m.target not in q.pieces
            p = q
    assert finished >= 20
