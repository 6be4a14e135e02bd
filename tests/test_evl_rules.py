"""EVL rules engine: placing, unstacking, pentagon claims, wins, passes, notation, playouts."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from printables.errors import MoveSyntaxError
from printables.games import GAMES, Move, Position
from printables.games import evl_rules as rules
from printables.games.model import first_problem
from printables.positions import format_move, parse_move

GAME = GAMES["evl"]
PASS = Move(special="pass")


@pytest.fixture(scope="module")
def board():
    return GAME.board()


def pos(to_move="black", stacks=None, markers=None, hand=None, state=None, target=10):
    """A position; hands default to 28 minus the pieces on the board."""
    stacks = dict(stacks or {})
    full_hand = {s: 28 - sum(v.count(rules.LETTER[s]) for v in stacks.values())
                 for s in rules.SIDES}
    full_hand.update(hand or {})
    return Position("evl", to_move, {}, {"target": target}, stacks, dict(markers or {}),
                    full_hand, dict(state or {}))


def moves(board, p):
    return GAME.rules.legal_moves(board, p)


def move(board, text):
    return parse_move(GAME, board, text)


def play(board, p, text):
    m = move(board, text)
    assert m in moves(board, p), text
    return GAME.rules.play(board, p, m)


# ----------------------------------------------------------------------------- placement

def test_setup_has_28_placements(board):
    ms = moves(board, pos())
    assert len(ms) == 28 and all(m.drop for m in ms)
    assert [m.path[0] for m in ms] == [s.name for s in board.spaces_of_kind("heptagon")]


def test_place_on_empty_or_own_only(board):
    p = pos(stacks={"B4": "b", "B5": "w", "C3": "wb", "D1": "bw", "A1": "bbbb"})
    drops = {m.path[0] for m in moves(board, p) if m.drop}
    assert {"B4", "C3"} <= drops
    assert not {"B5", "D1", "A1"} & drops
    assert not any(board.space(d).kind == "pentagon" for d in drops)
    out = play(board, p, "+C3")
    assert out.position.stacks["C3"] == "wbb" and out.captures == ()
    assert out.position.hand["black"] == p.hand["black"] - 1
    assert out.position.to_move == "white"


def test_empty_hand_cannot_place(board):
    p = pos(stacks={"B4": "b"}, hand={"black": 0})
    assert moves(board, p) == [PASS]


def test_placement_never_claims(board):
    p = pos(stacks={"A4": "b"})
    out = play(board, p, "+B3")  # A4 and B3 sit diagonally round AB3
    assert out.captures == () and dict(out.position.markers) == {}


# ----------------------------------------------------------------------------- unstacking

def test_unstack_drops_bottom_pieces_along_path(board):
    p = pos(stacks={"B2": "bwwb", "A5": "w"})
    out = play(board, p, "B2-B4,A4-A5")
    assert dict(out.position.stacks) == {"B3": "b", "B4": "w", "A4": "w", "A5": "wb"}


def test_unstack_one_step_moves_whole_stack(board):
    out = play(board, pos(stacks={"B2": "wbb", "B3": "b"}), "B2-B3")
    assert dict(out.position.stacks) == {"B3": "bwbb"}


def test_unstack_reach_equals_height(board):
    p = pos(stacks={"C4": "wbb"})
    lengths = {len(m.path) - 1 for m in moves(board, p) if not m.drop}
    assert lengths == {1, 2, 3}
    assert move(board, "C4-C3-B3-B2") in moves(board, p)
    assert move(board, "C4-C3-B3-B2-A2") not in moves(board, p)


def test_unstack_paths_follow_sides_and_never_revisit(board):
    p = pos(stacks={"B2": "bbbb"})
    for m in moves(board, p):
        if m.drop:
            continue
        assert len(set(m.path)) == len(m.path)
        for a, b in zip(m.path, m.path[1:]):
            assert b in board.neighbours(a, "edge")
    assert Move(path=("B2", "B3", "B2")) not in moves(board, p)
    assert Move(path=("B2", "C2")) not in moves(board, p)  # across a pentagon


def test_single_piece_and_opponent_stack_do_not_unstack(board):
    p = pos(stacks={"B4": "b", "C4": "bw"})
    assert all(m.drop for m in moves(board, p))


def test_stack_of_four_is_a_wall(board):
    p = pos(stacks={"B2": "bbb", "B4": "wwww", "C3": "www"})
    ms = moves(board, p)
    assert move(board, "B2-B4") not in ms  # lands 2 on 4
    assert Move(path=("B2", "B3", "B4", "B5")) not in ms  # passes the wall
    assert Move(path=("B2", "B3", "C3", "C4")) in ms  # 3 + 1 on the way is fine
    assert Move(path=("B2", "B3", "C3")) not in ms  # 3 + 2 = 5
    assert not any(m.drop and m.path[0] == "B4" for m in ms)


def test_every_result_at_most_four_high(board):
    p = pos(stacks={"B2": "bbbb", "B3": "www", "A2": "ww", "B1": "wbb"})
    for m in moves(board, p):
        after = GAME.rules.play(board, p, m).position
        assert max(map(len, after.stacks.values())) <= 4


# ----------------------------------------------------------------------------- claims

def test_capture_pairs_are_the_non_touching_pairs(board):
    pairs = rules.capture_pairs(board)
    assert set(pairs["AB1"]) == {("A1", "B2"), ("A2", "B1"), ("A1", "B1")}
    for pent, ring in board.data["ring"].items():
        assert len(pairs[pent]) == 3
        assert (ring[0], ring[3]) in pairs[pent]  # apexes across the short side


def test_apex_pair_claims_both_twins(board):
    out = play(board, pos("white", stacks={"A5": "ww", "B3": "w"}), "A5-A3")
    # A5-A4-A3: A4 and A3 white; B3-A3 across AB2 and AB3, B3-A4 diagonal round AB3
    assert out.captures == ("AB2", "AB3")


def test_diagonal_pair_claims(board):
    out = play(board, pos(stacks={"A5": "bb", "B3": "b"}), "A5-A4")
    assert out.captures == ("AB3",)
    assert out.position.markers["AB3"] == "black"


@pytest.mark.parametrize("stacks,text", [
    ({"A1": "bb", "B2": "b"}, "A1-A2"),      # A2-B2 share the linking side
    ({"A4": "bb", "A2": "b"}, "A4-A3"),      # A2-A3 neighbours in a row
    ({"B5": "bb", "B3": "b"}, "B5-B4"),      # B3-B4 neighbours in a row
])
def test_touching_pairs_claim_nothing(board, stacks, text):
    assert play(board, pos(stacks=stacks), text).captures == ()


def test_claim_replaces_opponent_marker_and_keeps_own(board):
    p = pos(stacks={"A5": "bb", "B3": "b", "A1": "b", "B2": "b"},
            markers={"AB3": "white", "AB1": "black"})
    out = play(board, p, "A5-A4")
    assert out.captures == ("AB3",)  # AB1 qualifies too but is Black's already
    assert dict(out.position.markers) == {"AB3": "black", "AB1": "black"}


def test_only_mover_claims(board):
    # White's unstack leaves Black on B5 and A4, diagonal round AB4
    out = play(board, pos("white", stacks={"A5": "bww", "B5": "b"}), "A5-A3")
    assert "AB4" not in out.captures and "AB4" not in out.position.markers


def test_claims_anywhere_on_the_board_after_an_unstack(board):
    p = pos(stacks={"A4": "b", "B3": "b", "D1": "bb"})
    out = play(board, p, "D1-D2")
    assert out.captures == ("AB3",)


def test_marker_supply_is_twelve(board):
    held = {f"CD{j}": "black" for j in range(1, 7)} | {f"BC{j}": "black" for j in range(1, 4)}
    # Black rows A and B nearly all black: an unstack qualifies for many pentagons
    stacks = {f"A{c}": "b" for c in range(1, 8)} | {"B1": "b", "B3": "b", "B5": "b",
                                                     "B7": "b", "D7": "bb"}
    p = pos(stacks=stacks, markers=held, target=12)
    out = play(board, p, "D7-D6")
    assert len(out.captures) == 3
    assert rules.marker_count(out.position, "black") == 12
    assert first_problem(GAME.rules, board, out.position) is None
    assert GAME.rules.winner(board, out.position) == "black"


# ----------------------------------------------------------------------------- game end

def test_win_at_ten_and_option_twelve(board):
    nine = {f"CD{j}": "black" for j in range(1, 7)} | {"BC4": "black", "BC5": "black",
                                                       "BC6": "black"}
    stacks = {"A5": "bb", "B3": "b"}
    out = play(board, pos(stacks=stacks, markers=nine), "A5-A4")
    assert GAME.rules.winner(board, out.position) == "black"
    assert moves(board, out.position) == []
    out12 = play(board, pos(stacks=stacks, markers=nine, target=12), "A5-A4")
    assert GAME.rules.winner(board, out12.position) is None


def test_pass_only_when_nothing_else(board):
    p = pos(stacks={"B2": "b", "C3": "w"}, hand={"black": 0, "white": 0})
    assert moves(board, p) == [PASS]
    assert PASS not in moves(board, pos(stacks={"B2": "b"}))


def test_two_passes_end_the_game(board):
    p = pos(stacks={"B2": "b", "C3": "w"}, hand={"black": 0, "white": 0},
            markers={"AB1": "black"})
    one = GAME.rules.play(board, p, PASS).position
    assert one.state["passes"] == 1 and GAME.rules.winner(board, one) is None
    two = GAME.rules.play(board, one, PASS).position
    assert two.state["passes"] == 2 and GAME.rules.winner(board, two) == "black"
    assert moves(board, two) == []
    even = pos(hand={"black": 0, "white": 0}, state={"passes": 2})
    assert GAME.rules.winner(board, even) == "draw"


def test_a_move_resets_the_pass_count(board):
    p = pos(stacks={"B2": "b"}, state={"passes": 1})
    assert play(board, p, "+B2").position.state["passes"] == 0


# ----------------------------------------------------------------------------- position problems

@pytest.mark.parametrize("p,word", [
    (pos(stacks={"B4": "bbbbb"}), "at most 4"),
    (pos(stacks={"AB1": "b"}), "not a heptagon"),
    (pos(markers={"B4": "black"}), "not a pentagon"),
    (pos(stacks={"A1": "bbb"}, hand={"black": 26}), "28"),
    (pos(markers={n: "white" for n in [f"{b}{j}" for b in ("AB", "BC", "CD")
                                       for j in range(1, 7)][:13]}), "12 markers"),
    (pos(state={"passes": 3}), "passes"),
])
def test_position_problems(board, p, word):
    problem = first_problem(GAME.rules, board, p)
    assert problem is not None and word in problem


def test_setup_is_legal(board):
    assert first_problem(GAME.rules, board, pos()) is None
    assert GAME.rules.winner(board, pos()) is None


# ----------------------------------------------------------------------------- notation

def test_published_notation(board):
    assert move(board, "+B6") == Move(path=("B6",), drop=True)
    assert move(board, "B1-B4").path == ("B1", "B2", "B3", "B4")
    assert move(board, "B2-B4,A4-A5").path == ("B2", "B3", "B4", "A4", "A5")
    assert move(board, "B2-B4,B4-A4").path == ("B2", "B3", "B4", "A4")
    assert move(board, "A2-B2-B5").path == ("A2", "B2", "B3", "B4", "B5")
    assert move(board, "C4-B4").path == ("C4", "B4")  # not straight: left as written
    assert move(board, "pass") == PASS
    with pytest.raises(MoveSyntaxError):
        move(board, "B2-B4,A4")


@pytest.mark.parametrize("path,text", [
    (("B1", "B2", "B3", "B4"), "B1-B4"),
    (("B2", "B3", "B4", "A4", "A5"), "B2-B4,A4-A5"),
    (("A2", "B2", "B3"), "A2-B2-B3"),
    (("B3", "B4", "A4"), "B3-B4-A4"),
    (("B2", "B3", "C3", "C4", "D4"), "B2-B3,C3-C4-D4"),
    (("A4", "B4"), "A4-B4"),
])
def test_format_move(board, path, text):
    m = Move(path=path)
    assert format_move(GAME, board, m) == text
    assert parse_move(GAME, board, text) == m


def test_straight_runs_are_row_segments(board):
    hepts = [s.name for s in board.spaces_of_kind("heptagon")]
    for a, b in combinations(hepts, 2):
        run = rules.straight_run(board, a, b)
        same_row = a[0] == b[0]
        adjacent = b in board.neighbours(a, "edge")
        if same_row:
            lo, hi = sorted((int(a[1:]), int(b[1:])))
            assert run is not None and sorted(run) == [f"{a[0]}{c}" for c in range(lo, hi + 1)]
        elif adjacent:
            assert run == (a, b)
        else:
            assert run is None, (a, b)


# ----------------------------------------------------------------------------- playouts

def _pieces(p, side):
    return rules.hand_of(p, side) + sum(s.count(rules.LETTER[side]) for s in p.stacks.values())


@pytest.mark.parametrize("target", [10, 12])
def test_random_playouts(board, target):
    ends, seen = set(), set()
    for seed in range(15):
        rng = random.Random(seed * 7 + target)
        p = pos(target=target)
        for _ in range(300):
            ms = moves(board, p)
            assert ms == moves(board, p)  # deterministic
            assert len(set(ms)) == len(ms)
            if not ms:
                break
            for m in set(ms) - seen:  # every distinct generated move round-trips
                assert parse_move(GAME, board, format_move(GAME, board, m)) == m
            seen.update(ms)
            drops = [m for m in ms if m.drop]
            # lean on placements now and then so hands run out and stacks grow
            m = rng.choice(drops) if drops and rng.random() < 0.5 else rng.choice(ms)
            out = GAME.rules.play(board, p, m)
            q = out.position
            assert first_problem(GAME.rules, board, q) is None
            assert q.to_move != p.to_move
            for side in rules.SIDES:
                assert _pieces(q, side) == 28
            gained = rules.marker_count(q, p.to_move) - rules.marker_count(p, p.to_move)
            assert gained == sum(1 for c in out.captures if p.markers.get(c) != p.to_move)
            assert all(q.markers[c] == p.to_move for c in out.captures)
            assert not out.captures or not m.drop
            p = q
        ends.add(GAME.rules.winner(board, p))
    assert ends & {"black", "white"}


def test_paths_starting_between_rows_round_trip():
    """Paths with no straight run (illegal ones, as booklets show them) keep every space."""
    from printables.games import GAMES
    from printables.games.model import Move
    from printables.positions import format_move, parse_move
    g = GAMES["evl"]
    b = g.board()
    for path in (("C4", "B4"), ("C4", "B4", "B5"), ("B3", "B4", "C4"), ("B2", "B3", "B4", "A4")):
        m = Move(path=path)
        assert parse_move(g, b, format_move(g, b, m)) == m, path
