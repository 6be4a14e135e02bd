"""Rules engine of Chameleons: steps, compulsory jumps and chains, colour changes, wins."""

from __future__ import annotations

import random

import pytest

from printables.games import GAMES
from printables.games.chameleons_rules import on_notice
from printables.games.model import Move, Piece, Position
from printables.positions import format_move, parse_move

GAME = GAMES["chameleons"]
BOARD = GAME.board()


def pos(dark=(), light=(), to_move="dark") -> Position:
    """A position from lists of squares."""
    pieces = {s: Piece("dark", "chameleon") for s in dark}
    pieces.update({s: Piece("light", "chameleon") for s in light})
    return Position("chameleons", to_move, pieces)


def setup() -> Position:
    """Every square holds a chameleon of its own colour; the spiral is empty."""
    return pos(dark=[s.name for s in BOARD.spaces if s.colour == "dark"],
               light=[s.name for s in BOARD.spaces if s.colour == "light"])


def moves(p: Position) -> set[str]:
    return {format_move(GAME, BOARD, m) for m in GAME.legal_moves(BOARD, p)}


def play(p: Position, text: str):
    m = parse_move(GAME, BOARD, text)
    assert m in GAME.legal_moves(BOARD, p), text
    return GAME.play(BOARD, p, m)


def sides(p: Position) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"dark": [], "light": []}
    for s, piece in sorted(p.pieces.items()):
        out[piece.side].append(s)
    return out


def test_setup_has_four_jumps_onto_the_spiral():
    assert moves(setup()) == {"b4-d4", "d2-d4", "f4-d4", "d6-d4"}
    assert GAME.position_problem(BOARD, setup()) is None


def test_steps_go_in_eight_directions():
    assert moves(pos(dark=["c3"], light=["g7"])) == {
        "c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3", "c3-d4"}
    assert moves(pos(dark=["a1"], light=["g6"])) == {"a1-a2", "a1-b1", "a1-b2"}


def test_jump_in_every_direction_and_steps_forbidden():
    light = ["c4", "d5", "e4", "d3", "c3", "e5", "c5", "e3"]
    p = pos(dark=["d4", "a7"], light=light + ["g1"])
    got = moves(p)
    assert {m.split("-")[1] for m in got if m.count("-") == 1} == {
        "b4", "d6", "f4", "d2", "b2", "f6", "b6", "f2"}
    assert all(m.startswith("d4-") for m in got)  # a7 may not step


def test_no_jump_over_own_piece_or_onto_occupied_space():
    assert moves(pos(dark=["a1", "b1"], light=["g6"])) >= {"b1-c1"}
    assert "a1-c1" not in moves(pos(dark=["a1", "b1"], light=["g6"]))
    assert "a1-c1" not in moves(pos(dark=["a1"], light=["b1", "c1"]))


def test_each_prefix_of_a_chain_is_a_move_and_branches_are_kept_apart():
    p = pos(dark=["a3"], light=["b3", "d3", "c4", "g6"])
    # from c3: over d3 to e3, or over c4 to c5
    assert moves(p) == {"a3-c3", "a3-c3-e3", "a3-c3-c5"}
    out = play(p, "a3-c3-c5")
    assert out.captures == ("b3", "c4")
    assert sides(out.position) == {"dark": ["c5"], "light": ["d3", "g6"]}


def test_piece_on_notice_flips_after_a_step():
    p = pos(dark=["b3", "e5"], light=["g2"])  # b3 is light: on notice
    assert on_notice(BOARD, p) == ("b3",)
    out = play(p, "e5-e6")
    assert sides(out.position) == {"dark": ["e6"], "light": ["b3", "g2"]}


def test_piece_on_notice_flips_after_first_jump_and_can_then_be_captured():
    p = pos(dark=["a1", "a4"], light=["a2", "g6"])
    assert moves(p) == {"a1-a3", "a1-a3-a5"}
    out = play(p, "a1-a3-a5")
    assert out.captures == ("a2", "a4")
    assert sides(out.position) == {"dark": ["a5"], "light": ["g6"]}


def test_flipped_piece_does_not_help_the_first_jump():
    # before the first jump b3 is still Dark's own: a1 cannot jump it
    p = pos(dark=["a2", "b3"], light=["g6", "b2"])
    assert "a2-c4" not in moves(p)
    # b2 is Light on a dark square; a2 (light square, on notice) jumps it to c2
    assert moves(p) >= {"a2-c2"}


def test_moving_piece_on_notice_landing_rules():
    p = pos(dark=["c4"], light=["g6"])
    assert sides(play(p, "c4-c3").position)["dark"] == ["c3"]        # own colour: safe
    assert sides(play(p, "c4-b5").position)["light"] == ["b5", "g6"]  # opposing: flips
    assert sides(play(p, "c4-d4").position)["light"] == ["d4", "g6"]  # spiral: flips


def test_piece_arriving_from_own_colour_does_not_flip_yet():
    p = pos(dark=["c3"], light=["g6"])
    assert sides(play(p, "c3-c4").position)["dark"] == ["c4"]
    assert sides(play(p, "c3-d4").position)["dark"] == ["d4"]


def test_jumper_on_notice_judged_only_where_it_ends():
    # c4 is on notice; it jumps c5 to c6 and may go on over d6 to e6 (both light squares)
    p = pos(dark=["c4"], light=["c5", "d6", "g1"])
    out = play(p, "c4-c6-e6")
    assert out.captures == ("c5", "d6")
    assert sides(out.position) == {"dark": [], "light": ["e6", "g1"]}
    out = play(p, "c4-c6")
    assert sides(out.position) == {"dark": [], "light": ["c6", "d6", "g1"]}


def test_chain_may_return_to_its_start_and_still_flips_there():
    p = pos(dark=["a2"], light=["b2", "c3", "b3", "g6"])
    assert "a2-c2-c4-a2" in moves(p)
    out = play(p, "a2-c2-c4-a2")
    assert out.captures == ("b2", "b3", "c3")
    assert sides(out.position) == {"dark": [], "light": ["a2", "g6"]}


def test_spiral_alternates_every_turn_when_left():
    p = pos(dark=["d4", "a1"], light=["g7", "g5"])
    p = play(p, "a1-b2").position
    assert p.pieces["d4"].side == "light"
    p = play(p, "g7-f7").position
    assert p.pieces["d4"].side == "dark"


def test_win_by_capture_and_by_colour_change():
    out = play(pos(dark=["a3"], light=["b3"]), "a3-c3")
    assert GAME.winner(BOARD, out.position) == "dark"
    assert GAME.legal_moves(BOARD, out.position) == []
    out = play(pos(dark=["c4", "f3"], light=["c5"]), "c4-c6")
    assert GAME.winner(BOARD, out.position) == "light"


def test_elimination_is_judged_after_the_whole_move():
    # the first jump takes Light's last piece, but g6 (on notice) then turns Light
    out = play(pos(dark=["a3", "g6"], light=["b3"]), "a3-c3")
    assert sides(out.position) == {"dark": ["c3"], "light": ["g6"]}
    assert GAME.winner(BOARD, out.position) is None


def test_no_legal_move_loses():
    # Unreachable in play (see position_problem), but the rule is still judged.
    p = pos(dark=["a1"], light=["a2", "b1", "b2", "a3", "c1", "c3"])
    assert GAME.legal_moves(BOARD, p) == []
    assert GAME.winner(BOARD, p) == "light"


def test_position_problems():
    assert GAME.position_problem(BOARD, pos(dark=["a1"], light=["g6"])) is None
    two_exposed = pos(dark=["a1"], light=["a3", "c3"])  # Light just moved: only one allowed
    assert "opposing" in GAME.position_problem(BOARD, two_exposed)
    assert GAME.position_problem(BOARD, pos(dark=["a1"], light=["d4"])) is None
    bad_kind = Position("chameleons", "dark", {"a1": Piece("dark", "stone")})
    assert GAME.position_problem(BOARD, bad_kind) is not None
    assert GAME.position_problem(BOARD, pos()) is not None


def test_moves_are_deterministic_and_distinct():
    p = setup()
    assert GAME.legal_moves(BOARD, p) == GAME.legal_moves(BOARD, p)
    q = pos(dark=["a3"], light=["b3", "d3", "c4", "e4", "b4", "g6"])
    ms = GAME.legal_moves(BOARD, q)
    assert len(ms) == len(set(ms))


@pytest.mark.parametrize("seed", range(30))
def test_random_playouts(seed):
    rng = random.Random(seed)
    p = setup()
    for _ in range(300):
        legal = GAME.legal_moves(BOARD, p)
        if not legal:
            assert GAME.winner(BOARD, p) in ("dark", "light")
            break
        assert GAME.winner(BOARD, p) is None
        move = rng.choice(legal)
        assert parse_move(GAME, BOARD, format_move(GAME, BOARD, move)) == move
        before = sides(p)
        out = GAME.play(BOARD, p, move)
        after = sides(out.position)
        mover, other = p.to_move, out.position.to_move
        assert other != mover
        assert GAME.position_problem(BOARD, out.position) is None
        assert len(p.pieces) - len(out.captures) == len(out.position.pieces)
        assert len(after[mover]) <= len(before[mover])
        is_step = len(move.path) == 2 and move.path[1] in BOARD.neighbours(move.path[0])
        assert len(set(out.captures)) == (0 if is_step else len(move.path) - 1)
        p = out.position


def test_move_equality_matches_notation():
    assert parse_move(GAME, BOARD, "a3-c3-e3") == Move(path=("a3", "c3", "e3"))
