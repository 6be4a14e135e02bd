"""Network rules engine: drops, steps, goals, the group limit, networks, pie, pass, playouts."""

from __future__ import annotations

import random

import pytest

from printables.games import GAMES, Move, Piece, Position
from printables.games import network_rules as rules
from printables.games.model import first_problem
from printables.positions import format_move, load_layout, parse_move, setup_path

GAME = GAMES["network"]
BOARD = GAME.board()


def pos(to_move: str, black: list[str], white: list[str], **options) -> Position:
    """A position from the two lists of cells."""
    pieces = {s: Piece("black", "stone") for s in black}
    pieces.update({s: Piece("white", "stone") for s in white})
    return Position("network", to_move, pieces, GAME.options(options))


def board_of(p: Position):
    return GAME.board(p.options)


def moves(p: Position) -> list[Move]:
    return GAME.rules.legal_moves(board_of(p), p)


def legal(p: Position, text: str) -> bool:
    return parse_move(GAME, board_of(p), text) in moves(p)


def play(p: Position, text: str) -> Position:
    move = parse_move(GAME, board_of(p), text)
    assert move in moves(p), text
    return GAME.rules.play(board_of(p), p, move).position


def winner(p: Position) -> str | None:
    return GAME.rules.winner(board_of(p), p)


def has_network(p: Position, side: str) -> bool:
    return rules.network(board_of(p), p.pieces, side) is not None


# ----------------------------------------------------------------------------- drops

@pytest.mark.parametrize("n, count", [(8, 48), (10, 80), (12, 120)])
def test_empty_board_drops_avoid_corners_and_enemy_goals(n, count):
    # n*n cells, minus 4 corners, minus White's 2 goal files of n-2 cells
    assert n * n - 4 - 2 * (n - 2) == count
    p = pos("black", [], [], size=n)
    ms = moves(p)
    assert len(ms) == len(set(ms)) == count
    assert all(m.drop for m in ms)


def test_setup_layout_is_the_empty_board():
    layout = load_layout(setup_path("network"))
    assert layout.position == pos("black", [], [])


def test_drop_in_own_goal_allowed_enemy_goal_not():
    p = pos("black", ["d4"], ["e5"])
    assert legal(p, "+g1") and legal(p, "+b8")
    assert not legal(p, "+a4") and not legal(p, "+h7")
    q = pos("white", ["d4"], [])
    assert legal(q, "+a4") and not legal(q, "+d1") and not legal(q, "+g8")


def test_corners_are_named_but_not_cells():
    # named spaces (a file may name them), never a cell a stone may use
    for c in ("a1", "h1", "a8", "h8"):
        assert BOARD.has(c) and BOARD.space(c).kind == "corner"
        assert rules.cell(BOARD, *rules.coords(c)) is None
        assert not rules.allowed(BOARD, "black", c) and not rules.allowed(BOARD, "white", c)


def test_group_limit_on_drops():
    p = pos("black", ["c3", "e3", "e6", "f7"], ["c6", "d6", "g3", "b4"])
    assert not legal(p, "+d3")   # joins two single stones
    assert not legal(p, "+d4")
    assert not legal(p, "+g8")   # third stone of the e6-f7 pair
    assert legal(p, "+c2")       # pairs with the single c3


def test_group_limit_counts_only_own_stones():
    p = pos("black", ["d4"], ["d5", "e5"])
    assert legal(p, "+e4")       # touches d4 and two white stones: a black pair


# ----------------------------------------------------------------------------- networks

def test_network_complete():
    p = pos("black", ["c1", "c3", "e5", "b5", "d7"], ["e2", "f2", "b3", "g5", "f7"])
    assert winner(p) is None
    after = play(p, "+d8")
    assert rules.network(BOARD, after.pieces, "black") == ("c1", "c3", "e5", "b5", "d7", "d8")
    assert winner(after) == "black"
    assert moves(after) == []


def test_enemy_stone_between_cuts_the_link():
    p = pos("black", ["c1", "c3", "e5", "b5", "d7", "d8"], ["c5", "e2", "f2", "b3", "g5"])
    assert not has_network(p, "black")
    assert winner(p) is None


def test_own_stone_between_blocks_and_chain_must_turn():
    # c1 - c3 - c5 - f5 - f7 - e8 runs straight through c3, and c1 cannot see past c3
    p = pos("black", ["c1", "c3", "c5", "f5", "f7", "e8"], ["b3", "d2", "g3", "g4", "b7"])
    assert not has_network(p, "black")
    # move c5 to e5 and the chain turns at c3: c1 -N- c3 -NE- e5 -E- f5 -N- f7 -NW- e8
    q = pos("black", ["c1", "c3", "e5", "f5", "f7", "e8"], ["b3", "d2", "g3", "g4", "b7"])
    assert rules.network(BOARD, q.pieces, "black") == ("c1", "c3", "e5", "f5", "f7", "e8")


def test_two_stones_in_one_goal():
    p = pos("black", ["c1", "e1", "g3", "g5", "e7", "e8"], ["b3", "c4", "d6", "f3", "b6"])
    assert not has_network(p, "black")


def test_a_stone_is_used_once():
    # d1 - d3 - f3 - f5 - d3 - d8 would turn at every stone but uses d3 twice; the best
    # chain with distinct stones, d1 - f3 - f5 - d3 - d8, has five. g7 is a spare sixth.
    p = pos("black", ["d1", "d3", "f3", "f5", "d8", "g7"], ["b5", "b7", "c2", "f2", "g5"])
    assert not has_network(p, "black")


def test_white_network_runs_left_to_right():
    p = pos("black", ["c3", "e2", "b7", "g7", "d6"],
            ["a3", "c5", "e3", "e5", "g5", "h4"])
    # a3 -NE- c5 -SE- e3 -N- e5 -E- g5 -SE- h4
    assert rules.network(BOARD, p.pieces, "white") == ("a3", "c5", "e3", "e5", "g5", "h4")
    assert winner(p) == "white"


def test_five_stones_are_not_enough():
    p = pos("black", ["c1", "c3", "e5", "c7", "d8"], ["a2", "h5"])
    # c1 -N- c3 -NE- e5 -NW- c7 -NE- d8: every turn made, but five stones only
    assert not has_network(p, "black")


# ----------------------------------------------------------------------------- move phase

DOUBLE = (["c1", "d1", "c3", "d3", "f4", "e7", "b7", "c8", "f2", "g2"],
          ["a6", "a7", "c6", "e4", "g4", "g6", "h6", "b2", "b3", "h2"])


def test_move_phase_steps_only_to_touching_cells():
    p = pos("black", *DOUBLE)
    ms = moves(p)
    assert ms and all(not m.drop and len(m.path) == 2 for m in ms)
    for m in ms:
        (f0, r0), (f1, r1) = rules.coords(m.origin), rules.coords(m.target)
        assert max(abs(f1 - f0), abs(r1 - r0)) == 1
    assert not legal(p, "f4-f6") and not legal(p, "+e5") and not legal(p, "c1-c2")
    assert legal(p, "g2-g1")


def test_move_completing_both_networks_is_illegal():
    p = pos("black", *DOUBLE)
    assert winner(p) is None
    assert not legal(p, "f4-e5")
    after = GAME.rules.play(BOARD, p, Move(path=("f4", "e5"))).position
    assert has_network(after, "black") and has_network(after, "white")
    assert first_problem(GAME.rules, BOARD, after) is not None


def test_move_opening_only_opponent_network_loses():
    after = play(pos("black", *DOUBLE), "f4-f5")
    assert not has_network(after, "black") and has_network(after, "white")
    assert winner(after) == "white"


def test_each_side_drops_until_ten_then_moves():
    black = ["b1", "d1", "f1", "c3", "e3", "g3", "b5", "d5", "f5", "c7"]
    p = pos("white", black, ["b2"])
    assert all(m.drop for m in moves(p))          # White still has stones in hand
    assert all(not m.drop for m in moves(p.with_(to_move="black")))


# ----------------------------------------------------------------------------- pass, draw

STUCK = (["b1", "c3", "c6", "c7", "d2", "f6", "f7", "g2", "g3"],
         ["a5", "a6", "c2", "d5", "e4", "f2", "g5", "h2", "h7"])


def independent_no_drop(p: Position, side: str) -> bool:
    """Every empty cell is an enemy goal or would join a group of three (checked by hand rule)."""
    mine = {s for s, x in p.pieces.items() if x.side == side}
    for name in BOARD.names:
        if (name in p.pieces or BOARD.space(name).kind == "corner"
                or rules.goal_index(BOARD, rules.other(side), name) is not None):
            continue
        touching = [s for s in mine if max(abs(a - b) for a, b in
                                           zip(rules.coords(s), rules.coords(name))) == 1]
        paired = [s for s in touching if any(
            o != s and max(abs(a - b) for a, b in zip(rules.coords(s), rules.coords(o))) == 1
            for o in mine)]
        if len(touching) < 2 and not paired:
            return False
    return True


def test_no_legal_drop_means_pass():
    p = pos("black", *STUCK)
    assert first_problem(GAME.rules, BOARD, p) is None
    assert independent_no_drop(p, "black")
    assert moves(p) == [Move(special="pass")]
    assert winner(p) is None
    after = play(p, "pass")
    assert after.to_move == "white" and dict(after.pieces) == dict(p.pieces)


def test_draw_when_neither_side_can_move(monkeypatch):
    # a position where both sides are stuck is very hard to build; stub move generation
    p = pos("black", ["d4"], ["e6"])
    monkeypatch.setattr(rules, "_candidates", lambda board, q, side: iter(()))
    assert winner(p) == "draw"
    assert moves(p) == []
    monkeypatch.setattr(rules, "_candidates", lambda board, q, side: iter(
        () if side == "black" else (Move(path=("e5",), drop=True),)))
    assert winner(p) is None
    assert moves(p) == [Move(special="pass")]


# ----------------------------------------------------------------------------- pie

def test_pie_swap_once_after_the_third_drop():
    p = pos("white", ["c3", "f6"], ["e4"], pie=True)
    ms = moves(p)
    assert len(ms) == 46 and ms[-1] == Move(special="swap")
    after = play(p, "swap")
    assert after.to_move == "white" and after.state["swapped"] is True
    assert dict(after.pieces) == dict(p.pieces)
    assert not legal(after, "swap") and len(moves(after)) == 45
    assert first_problem(GAME.rules, BOARD, after) is None


def test_pie_five_waits_for_the_fifth_drop():
    assert not legal(pos("white", ["c3", "f6"], ["e4"], pie=5), "swap")
    assert legal(pos("white", ["c3", "f6", "d6"], ["e4", "b4"], pie=5), "swap")


def test_no_swap_without_pie_or_at_other_times():
    assert not legal(pos("white", ["c3", "f6"], ["e4"]), "swap")
    assert not legal(pos("white", ["d4"], [], pie=True), "swap")  # the seed: after 3 drops
    assert not legal(pos("black", ["c3"], ["e4"], pie=True), "swap")
    assert not legal(pos("white", ["c3", "f6", "d6"], ["e4", "b4"], pie=True), "swap")


# ----------------------------------------------------------------------------- problems

def test_position_problems():
    assert first_problem(GAME.rules, BOARD, pos("black", [], [])) is None
    assert "goal" in first_problem(GAME.rules, BOARD, pos("black", ["a4"], []))
    assert "group" in first_problem(GAME.rules, BOARD, pos("black", ["c3", "d3", "e3"], []))
    assert "group" in first_problem(GAME.rules, BOARD, pos("black", ["c3", "d4", "e5"], []))
    eleven = [f"{f}{r}" for f in "bdf" for r in (2, 4, 6)] + ["c8", "g8"]
    assert "11" in first_problem(GAME.rules, BOARD, pos("black", eleven, []))
    swapped = pos("white", ["d4"], []).with_(state={"swapped": True})
    assert first_problem(GAME.rules, BOARD, swapped) is not None


# ----------------------------------------------------------------------------- playouts

def random_game(seed: int, plies: int = 300, pie: bool = False):
    """Yield (position, move, outcome) for one seeded random game from the empty board."""
    rng = random.Random(seed)
    p = pos("black", [], [], pie=pie)
    for _ in range(plies):
        ms = moves(p)
        if not ms:
            return
        move = rng.choice(ms)
        out = GAME.rules.play(BOARD, p, move)
        yield p, move, out
        p = out.position


def test_random_playouts_stay_legal_and_conserve_stones():
    wins = 0
    for seed in range(30):
        last = None
        for p, move, out in random_game(seed, 200, pie=seed % 3 == 0):
            q = out.position
            assert first_problem(GAME.rules, BOARD, q) is None, (seed,
                                                                 format_move(GAME, BOARD, move))
            assert out.captures == ()
            added = 1 if move.drop else 0
            assert len(q.pieces) == len(p.pieces) + added
            assert (q.to_move == p.to_move) == (move.special == "swap")
            last = q
        wins += last is not None and winner(last) is not None
    assert wins >= 1


def test_notation_round_trips_on_playout_moves():
    for seed in range(4):
        for _, move, _ in random_game(50 + seed, 80, pie=True):
            assert parse_move(GAME, BOARD, format_move(GAME, BOARD, move)) == move
    for text in ("+d4", "swap", "pass", "c3-d4"):
        assert format_move(GAME, BOARD, parse_move(GAME, BOARD, text)) == text


@pytest.mark.parametrize("size", [8, 10, 12])
def test_cell_and_neighbour_tables_equal_reading_the_board(size):
    """The per-board tables the engine reads cells from name the same cell the board does
    for every file and rank, on and off the board, corners excluded."""
    board = GAME.board(GAME.options({"size": size}))

    def by_name(f: int, r: int) -> str | None:
        name = f"{chr(97 + f)}{r + 1}" if f >= 0 and r >= 0 else ""
        ok = name and board.has(name) and board.space(name).kind != rules.CORNER
        return name if ok else None

    span = range(-2, size + 3)
    assert [rules.cell(board, f, r) for f in span for r in span] == \
        [by_name(f, r) for f in span for r in span]
    for name in board.names:
        f, r = rules.coords(name)
        want = [c for df, dr in rules.DIRECTIONS if (c := by_name(f + df, r + dr))]
        assert list(rules.neighbours(board, name)) == want
