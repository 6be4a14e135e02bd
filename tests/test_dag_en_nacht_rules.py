"""Rules engine of Dag en Nacht: drops, shifts, stones in hand, lines, the option, draws."""

from __future__ import annotations

import random

import pytest

from printables.games import GAMES
from printables.games.dag_en_nacht import in_hand, stones_per_player, winning_line
from printables.games.model import Move, Piece, Position, first_problem
from printables.positions import format_move, parse_move

GAME = GAMES["dag-en-nacht"]


def pos(black=(), white=(), to_move="black", **options) -> Position:
    """A position from lists of squares (size 15 unless given)."""
    pieces = {s: Piece("black", "stone") for s in black}
    pieces.update({s: Piece("white", "stone") for s in white})
    return Position("dag-en-nacht", to_move, pieces, GAME.options(options))


def board(p: Position):
    return GAME.board(p.options)


def moves(p: Position) -> set[str]:
    b = board(p)
    return {format_move(GAME, b, m) for m in GAME.rules.legal_moves(b, p)}


def play(p: Position, text: str) -> Position:
    b = board(p)
    m = parse_move(GAME, b, text)
    assert m in GAME.rules.legal_moves(b, p), text
    return GAME.rules.play(b, p, m).position


def winner(p: Position) -> str | None:
    return GAME.rules.winner(board(p), p)


@pytest.mark.parametrize("n", [11, 13, 15, 17, 19])
def test_empty_board_drops_on_every_dark_square(n):
    p = pos(size=n)
    assert len(GAME.rules.legal_moves(board(p), p)) == (n * n - 1) // 2
    assert all(m.drop for m in GAME.rules.legal_moves(board(p), p))
    assert stones_per_player(n) == ((n * n - 1) // 2 + 1) // 2


def test_drop_only_on_empty_dark_squares():
    p = pos(["h7"], ["g8"])
    got = moves(p)
    assert "+i8" in got and "+h8" not in got and "+g8" not in got and "+h7" not in got
    assert len(got) == 110 + 4


def test_shift_only_from_dark_to_orthogonal_empty_light():
    p = pos(["h8", "j7"], ["g8", "f7", "g6", "j6"])  # j6 blocks one shift
    shifts = {m for m in moves(p) if "-" in m}
    assert shifts == {"j7-j8", "j7-i7", "j7-k7"}
    after = play(p, "j7-j8")
    assert after.pieces["j8"] == Piece("black", "stone") and "j7" not in after.pieces


def test_stones_in_hand_are_counted_from_the_board():
    black = [f"{f}{r}" for f in "abcdefghijk" for r in range(1, 12)
             if ("abcdefghijk".index(f) + r) % 2 == 0][:30]  # 30 dark squares
    p = pos(black, ["f6"], size=11)
    b = board(p)
    assert in_hand(b, p, "black") == 0 and in_hand(b, p, "white") == 29
    assert all(not m.drop for m in GAME.rules.legal_moves(b, p))  # only shifts remain
    assert GAME.rules.legal_moves(b, p)


@pytest.mark.parametrize("line", [["d8", "e8", "f8", "g8", "h8"], ["e8", "f8", "g8", "h8", "i8"],
                                  ["h4", "h5", "h6", "h7", "h8"],
                                  ["d8", "e8", "f8", "g8", "h8", "i8"]])
def test_orthogonal_five_or_more_wins(line):
    p = pos(line, to_move="white")
    assert winning_line(board(p), p, "black") is not None
    assert winner(p) == "black"
    assert GAME.rules.legal_moves(board(p), p) == []


def test_orthogonal_four_does_not_win():
    p = pos(["d8", "e8", "f8", "g8"], to_move="white")
    assert winner(p) is None


def test_diagonal_four_on_light_wins_and_on_dark_never():
    light = pos(["g7", "h8", "i9", "j10"], to_move="white")
    assert winner(light) == "black"
    anti = pos(["g9", "h8", "i7", "j6"], to_move="white")
    assert winner(anti) == "black"
    three = pos(["g7", "h8", "i9"], to_move="white")
    assert winner(three) is None
    dark = pos(["c2", "d3", "e4", "f5", "g6", "h7"], to_move="white")
    assert winner(dark) is None
    broken = pos(["g7", "h8", "j10", "k11"], to_move="white")
    assert winner(broken) is None


def test_black_alternating_option():
    dark_ends = ["e8", "f8", "g8", "h8", "i8"]
    light_ends = ["d8", "e8", "f8", "g8", "h8"]
    six = ["e8", "f8", "g8", "h8", "i8", "j8"]
    assert winner(pos(dark_ends, to_move="white", black_alternating=True)) is None
    assert winner(pos(dark_ends, to_move="white")) == "black"
    assert winner(pos(light_ends, to_move="white", black_alternating=True)) == "black"
    # ruling: six in a row holds a five with light ends (f8..j8), so it wins
    assert winner(pos(six, to_move="white", black_alternating=True)) == "black"
    # White is not restricted, and diagonals are untouched
    assert winner(pos(white=dark_ends, black_alternating=True)) == "white"
    diag = pos(["g7", "h8", "i9", "j10"], to_move="white", black_alternating=True)
    assert winner(diag) == "black"


def test_draw_when_the_side_to_move_cannot_move():
    # every stone on a light square, colours alternating by file but for five swaps
    files = "abcdefghijk"
    light = [f"{f}{r}" for i, f in enumerate(files) for r in range(1, 12) if (i + r) % 2 == 1]
    swapped = {"a1", "a5", "a9", "k3", "k7"}
    black = [s for s in light if files.index(s[0]) % 2 == 0 and s not in swapped | {"k11"}]
    white = [s for s in light if s not in black and s != "k11"]
    p = pos(black, white, size=11)
    assert (len(black), len(white)) == (30, 30)
    assert first_problem(GAME.rules, board(p), p) is None
    assert GAME.rules.legal_moves(board(p), p) == []
    assert winner(p) == "draw"


def test_position_problems():
    ok = pos(["h7"], ["g8"])
    b = board(ok)
    assert first_problem(GAME.rules, b, ok) is None
    assert first_problem(GAME.rules, b, pos()) is None
    assert first_problem(GAME.rules, b, pos(to_move="white")) is not None   # white cannot start
    assert first_problem(GAME.rules, b, pos(["h8"], ["g8"])) is not None    # turn count off
    assert first_problem(GAME.rules, b, pos(["h8"], ["g8"], to_move="white")) is None
    too_many = pos([s.name for s in b.spaces if s.colour == "dark"][:57], to_move="white")
    assert "more than 56" in first_problem(GAME.rules, b, too_many)
    five = pos(["d8", "e8", "f8", "g8", "h8"], ["a2", "a4", "a6", "a8", "a10", "a12", "a14", "c2"])
    assert "winning line" in first_problem(GAME.rules, b, five)
    wrong = Position("dag-en-nacht", "black", {"h7": Piece("black", "chameleon")}, ok.options)
    assert first_problem(GAME.rules, b, wrong) is not None


def test_notation():
    b = GAME.board()
    assert parse_move(GAME, b, "+h7") == Move(path=("h7",), drop=True)
    assert parse_move(GAME, b, "h7-h8") == Move(path=("h7", "h8"))


PLAYOUTS = [(seed, 11 if seed % 5 else 15, seed % 2 == 1) for seed in range(30)]


@pytest.mark.parametrize("seed,size,alternating", PLAYOUTS)
def test_random_playouts(seed, size, alternating):
    rng = random.Random(seed)
    p = pos(size=size, black_alternating=alternating)
    b = board(p)
    for _ in range(300):
        legal = GAME.rules.legal_moves(b, p)
        if not legal:
            assert GAME.rules.winner(b, p) in ("black", "white", "draw")
            break
        move = rng.choice(legal)
        assert parse_move(GAME, b, format_move(GAME, b, move)) == move
        mover = p.to_move
        out = GAME.rules.play(b, p, move)
        q = out.position
        assert out.captures == ()
        assert first_problem(GAME.rules, b, q) is None
        grew = 1 if move.drop else 0
        count = {s: sum(1 for x in q.pieces.values() if x.side == s) for s in ("black", "white")}
        before = {s: sum(1 for x in p.pieces.values() if x.side == s) for s in ("black", "white")}
        assert count[mover] == before[mover] + grew
        assert count[q.to_move] == before[q.to_move]
        assert in_hand(b, q, mover) >= 0
        p = q
