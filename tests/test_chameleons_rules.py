"""Rules engine of Chameleons: steps, compulsory jumps and chains, colour changes, wins."""

from __future__ import annotations

import random

import pytest

from printables.games import GAMES
from printables.games.chameleons_rules import on_notice
from printables.games.model import Move, Piece, Position, first_problem
from printables.positions import format_move, parse_move

GAME = GAMES["chameleons"]
BOARD = GAME.board()


def pos(dark=(), light=(), to_move="dark") -> Position:
    """A position from lists of squares."""
    pieces = {s: Piece("dark", "chameleon") for s in dark}
    pieces.update({s: Piece("light", "chameleon") for s in light})
    return Position("chameleons", to_move, pieces)


def setup(to_move: str = "dark") -> Position:
    """Every cell holds a chameleon of its arm's colour; the spiral is empty."""
    return pos(dark=[s.name for s in BOARD.spaces if s.colour == "dark"],
               light=[s.name for s in BOARD.spaces if s.colour == "light"], to_move=to_move)


def moves(p: Position) -> set[str]:
    return {format_move(GAME, BOARD, m) for m in GAME.rules.legal_moves(BOARD, p)}


def play(p: Position, text: str):
    m = parse_move(GAME, BOARD, text)
    assert m in GAME.rules.legal_moves(BOARD, p), text
    return GAME.rules.play(BOARD, p, m)


def sides(p: Position) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"dark": [], "light": []}
    for s, piece in sorted(p.pieces.items()):
        out[piece.side].append(s)
    return out


def test_setup_has_four_jumps_onto_the_spiral_for_either_side():
    # Dark jumps the innermost cells of Light's arm (c4, c5, d5, e5) ...
    assert moves(setup()) == {"b4-d4", "b6-d4", "d6-d4", "f6-d4"}
    # ... and Light, half a turn round, the innermost cells of Dark's (e4, e3, d3, c3)
    assert moves(setup("light")) == {"f4-d4", "f2-d4", "d2-d4", "b2-d4"}
    for side in ("dark", "light"):
        assert first_problem(GAME.rules, BOARD, setup(side)) is None


def test_steps_along_an_arm_keep_the_colour_across_the_boundary_do_not():
    assert BOARD.space("c4").colour == BOARD.space("c5").colour == "light"
    assert BOARD.space("b5").colour == BOARD.space("b4").colour == "dark"
    p = pos(dark=["c4"], light=["g7"])  # on notice on the last cell of Light's arm
    assert sides(play(p, "c4-c5").position)["dark"] == []       # along Light's arm: flips
    assert sides(play(p, "c4-b4").position)["dark"] == ["b4"]   # across onto Dark's: safe


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
    p = pos(dark=["e1"], light=["e2", "f3", "f4"])
    # from e3: over f3 to g3 (and on over f4 to e5), or over f4 to g5
    assert moves(p) == {"e1-e3", "e1-e3-g3", "e1-e3-g3-e5", "e1-e3-g5"}
    out = play(p, "e1-e3-g5")
    assert out.captures == ("e2", "f4")
    assert sides(out.position) == {"dark": ["g5"], "light": ["f3"]}


def test_piece_on_notice_flips_after_a_step():
    p = pos(dark=["b3", "e5"], light=["g7"])  # e5 is on Light's arm: on notice
    assert on_notice(BOARD, p) == ("e5",)
    out = play(p, "b3-b4")
    assert sides(out.position) == {"dark": ["b4"], "light": ["e5", "g7"]}


def test_piece_on_notice_flips_after_first_jump_and_can_then_be_captured():
    p = pos(dark=["a1", "a4"], light=["a2", "g6"])
    assert moves(p) == {"a1-a3", "a1-a3-a5"}
    out = play(p, "a1-a3-a5")
    assert out.captures == ("a2", "a4")
    assert sides(out.position) == {"dark": ["a5"], "light": ["g6"]}


def test_flipped_piece_does_not_help_the_first_jump():
    # d2 (on Light's arm) is on notice but still Dark's before the first jump: c1 cannot
    # jump it first; after c1 jumps c2, d2 has turned Light and may be jumped next
    p = pos(dark=["c1", "d2"], light=["c2"])
    assert "c1-e3" not in moves(p)
    assert moves(p) == {"c1-c3", "c1-c3-e1", "d2-b2"}


def test_moving_piece_on_notice_landing_rules():
    p = pos(dark=["c4"], light=["g6"])
    assert sides(play(p, "c4-c3").position)["dark"] == ["c3"]        # own colour: safe
    assert sides(play(p, "c4-c5").position)["light"] == ["c5", "g6"]  # opposing: flips
    assert sides(play(p, "c4-d4").position)["light"] == ["d4", "g6"]  # spiral: flips


def test_piece_arriving_from_own_colour_does_not_flip_yet():
    p = pos(dark=["c3"], light=["g6"])
    assert sides(play(p, "c3-c4").position)["dark"] == ["c4"]
    assert sides(play(p, "c3-d4").position)["dark"] == ["d4"]


def test_jumper_on_notice_judged_only_where_it_ends():
    # e5 is on notice; it jumps d5 to c5 (Light's arm) and may go on over c4 to c3
    # (Dark's arm): only the end counts
    p = pos(dark=["e5"], light=["d5", "c4", "g7"])
    out = play(p, "e5-c5-c3")
    assert out.captures == ("c4", "d5")
    assert sides(out.position) == {"dark": ["c3"], "light": ["g7"]}
    out = play(p, "e5-c5")
    assert sides(out.position) == {"dark": [], "light": ["c4", "c5", "g7"]}


def test_chain_may_return_to_its_start_and_still_flips_there():
    p = pos(dark=["e5"], light=["d5", "c4", "d4", "g7"])  # e5: on notice on Light's arm
    assert first_problem(GAME.rules, BOARD, p) is None
    assert "e5-c5-c3-e5" in moves(p)
    out = play(p, "e5-c5-c3-e5")
    assert out.captures == ("c4", "d4", "d5")
    assert sides(out.position) == {"dark": [], "light": ["e5", "g7"]}


def test_spiral_alternates_every_turn_when_left():
    p = pos(dark=["d4", "a1"], light=["g7", "g5"])
    p = play(p, "a1-b2").position
    assert p.pieces["d4"].side == "light"
    p = play(p, "g7-f7").position
    assert p.pieces["d4"].side == "dark"


def test_win_by_capture_and_by_colour_change():
    out = play(pos(dark=["a3"], light=["b3"]), "a3-c3")
    assert GAME.rules.winner(BOARD, out.position) == "dark"
    assert GAME.rules.legal_moves(BOARD, out.position) == []
    out = play(pos(dark=["e5", "f3"], light=["d5"]), "e5-c5")
    assert GAME.rules.winner(BOARD, out.position) == "light"


def test_elimination_is_judged_after_the_whole_move():
    # the first jump takes Light's last piece, but f3 (on notice) then turns Light
    out = play(pos(dark=["e1", "f3"], light=["e2"]), "e1-e3")
    assert sides(out.position) == {"dark": ["e3"], "light": ["f3"]}
    assert GAME.rules.winner(BOARD, out.position) is None


def test_no_legal_move_loses():
    # Unreachable in play (see position_problem), but the rule is still judged.
    p = pos(dark=["a1"], light=["a2", "b1", "b2", "a3", "c1", "c3"])
    assert GAME.rules.legal_moves(BOARD, p) == []
    assert GAME.rules.winner(BOARD, p) == "light"


def test_position_problems():
    assert first_problem(GAME.rules, BOARD, pos(dark=["a1"], light=["g6"])) is None
    two_exposed = pos(dark=["a1"], light=["b3", "c3"])  # Light just moved: only one allowed
    assert "opposing" in first_problem(GAME.rules, BOARD, two_exposed)
    assert first_problem(GAME.rules, BOARD, pos(dark=["a1"], light=["d4"])) is None
    bad_kind = Position("chameleons", "dark", {"a1": Piece("dark", "stone")})
    assert first_problem(GAME.rules, BOARD, bad_kind) is not None
    assert first_problem(GAME.rules, BOARD, pos()) is not None


def test_moves_are_deterministic_and_distinct():
    p = setup()
    assert GAME.rules.legal_moves(BOARD, p) == GAME.rules.legal_moves(BOARD, p)
    q = pos(dark=["a3"], light=["b3", "d3", "c4", "e4", "b4", "g6"])
    ms = GAME.rules.legal_moves(BOARD, q)
    assert len(ms) == len(set(ms))


@pytest.mark.parametrize("seed", range(30))
def test_random_playouts(seed):
    rng = random.Random(seed)
    p = setup()
    for _ in range(300):
        legal = GAME.rules.legal_moves(BOARD, p)
        if not legal:
            assert GAME.rules.winner(BOARD, p) in ("dark", "light")
            break
        assert GAME.rules.winner(BOARD, p) is None
        move = rng.choice(legal)
        assert parse_move(GAME, BOARD, format_move(GAME, BOARD, move)) == move
        before = sides(p)
        out = GAME.rules.play(BOARD, p, move)
        after = sides(out.position)
        mover, other = p.to_move, out.position.to_move
        assert other != mover
        assert first_problem(GAME.rules, BOARD, out.position) is None
        assert len(p.pieces) - len(out.captures) == len(out.position.pieces)
        assert len(after[mover]) <= len(before[mover])
        is_step = len(move.path) == 2 and move.path[1] in BOARD.neighbours(move.path[0])
        assert len(set(out.captures)) == (0 if is_step else len(move.path) - 1)
        p = out.position


def test_move_equality_matches_notation():
    assert parse_move(GAME, BOARD, "a3-c3-e3") == Move(path=("a3", "c3", "e3"))
