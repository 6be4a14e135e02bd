"""The rules vocabulary, mechanism by mechanism, on small game files: what a player of each
game would check (which moves are legal, what a move captures or turns over, who wins).

Each test writes a game file with a [rules] table and asks the generic engine, as
`validate`, the booklet and self-play do (GameSpec.rules)."""

from __future__ import annotations

import itertools
from pathlib import Path

from printables.gamefile import load_game_file
from printables.games import GameSpec
from printables.games.model import Piece, Position
from printables.games.rules import GenericRules
from printables.games.rules.lines import compile_tables
from printables.positions import format_move, parse_move

_N = itertools.count()

TWO = """
[[component]]
side = "black"
kind = "{kind}"
count = {count}
art = "stone-black"

[[component]]
side = "white"
kind = "{kind}"
count = {count}
art = "stone-white"
"""


def square(files: int, ranks: int | None = None, colouring: str = "plain") -> str:
    return (f'topology = "square"\nfiles = {files}\nranks = {ranks or files}\ncell = "20mm"\n'
            f'colouring = "{colouring}"\n' + ('corner = "dark"\n' if colouring == "checker"
                                              else ""))


def make(tmp_path: Path, board: str, rules: str, *, kind: str = "stone", count: int = 20,
         components: str | None = None, setup: str = "[setup]\nempty = true\n",
         head: str = "") -> GameSpec:
    """A game file with these board keys, pieces and [rules] (after `text`), read."""
    (tmp_path / "g.md").write_text("# G\n\n## Overview\n\nA test.\n")
    n = next(_N)
    text = (f'[game]\nname = "g{n}"\ntitle = "G"\ndesigner = "us"\nsides = ["black", '
            f'"white"]\n{head}\n[board]\n{board}\n'
            f'{components if components is not None else TWO.format(kind=kind, count=count)}'
            f'\n{setup}\n' + (rules.replace("[rules]\n", '[rules]\ntext = "g.md"\n', 1)
                              if "[rules]\n" in rules else f'[rules]\ntext = "g.md"\n{rules}\n'))
    path = tmp_path / f"g{n}.toml"
    path.write_text(text)
    return load_game_file(path)


def pos(game: GameSpec, to_move: str = "black", hand: dict | None = None,
        state: dict | None = None, options: dict | None = None, **pieces: str) -> Position:
    """A position: pieces as side=["a1 b2"] or side_kind="a1 b2"; hands filled in."""
    placed: dict[str, Piece] = {}
    for key, names in pieces.items():
        side, _, kind = key.partition("_")
        for name in names.split():
            placed[name] = Piece(side, kind or game.kinds[side][0])
    p = Position(game.name, to_move, pieces=placed, options=game.options(options),
                 state=state or {})
    rules = game.rules
    assert isinstance(rules, GenericRules)
    board = game.board(p.options)
    full = rules.hands(compile_tables(board, rules.ruleset, p.options), p)
    return p.with_(hand={**full, **(hand or {})})


def legal(game: GameSpec, p: Position) -> list[str]:
    board = game.board(p.options)
    assert game.rules is not None
    return [format_move(game, board, m) for m in game.rules.legal_moves(board, p)]


def play(game: GameSpec, p: Position, text: str):
    board = game.board(p.options)
    assert game.rules is not None
    move = parse_move(game, board, text)
    assert move in game.rules.legal_moves(board, p), (text, legal(game, p))
    return game.rules.play(board, p, move)


def winner(game: GameSpec, p: Position) -> str | None:
    assert game.rules is not None
    return game.rules.winner(game.board(p.options), p)


TTT = """
[[rules.place]]

[[rules.win]]
line = 3
along = ["orthogonal", "diagonal"]

[rules.end]
no_move = "draw"
"""


def test_tic_tac_toe_places_anywhere_wins_with_three_and_draws_when_full(tmp_path):
    g = make(tmp_path, square(3), TTT, count=5)
    start = pos(g)
    assert legal(g, start) == ["+a1", "+b1", "+c1", "+a2", "+b2", "+c2", "+a3", "+b3", "+c3"]
    assert start.hand == {"black": 5, "white": 5}
    after = play(g, pos(g, black="a1 b2", white="a3 c1"), "+c3")
    assert after.position.hand == {"black": 2, "white": 3}
    assert winner(g, after.position) == "black" and legal(g, after.position) == []
    full = pos(g, "white", black="a1 b1 c2 a3 b3", white="c1 a2 b2 c3")
    assert winner(g, full) == "draw" and legal(g, full) == []  # no empty space, no line


def test_a_line_of_four_is_no_line_of_exactly_three(tmp_path):
    rules = TTT.replace("line = 3", "line = 3\nexact = true")
    g = make(tmp_path, square(5), rules)
    assert winner(g, pos(g, "white", black="a1 b1 c1 d1")) is None
    assert winner(g, pos(g, "white", black="a1 b1 c1 e1")) == "black"


CONNECT4 = """
[[rules.place]]
gravity = "south"

[[rules.win]]
line = 4
along = ["orthogonal", "diagonal"]

[rules.end]
no_move = "draw"
"""


def test_gravity_places_on_the_lowest_empty_space_of_a_column(tmp_path):
    g = make(tmp_path, square(7, 6), CONNECT4, count=21)
    assert legal(g, pos(g)) == ["+a1", "+b1", "+c1", "+d1", "+e1", "+f1", "+g1"]
    p = pos(g, "white", black="d1", white="")
    assert "+d2" in legal(g, p) and "+d1" not in legal(g, p) and "+d3" not in legal(g, p)
    won = play(g, pos(g, black="a1 b2 c3 c1 b1", white="a2 a3 b3 d1 d2 d3"), "+d4")
    assert winner(g, won.position) == "black"


CHECKERS = """
[rules]
must_capture = "any"

[[rules.move]]
pieces = ["man"]
type = "step"
along = ["diagonal"]
toward = ["forward"]

[[rules.move]]
pieces = ["man"]
type = "hop"
along = ["diagonal"]
toward = ["forward"]
chain = "required"

[[rules.move]]
pieces = ["king"]
type = "step"
along = ["diagonal"]

[[rules.move]]
pieces = ["king"]
type = "hop"
along = ["diagonal"]
chain = "required"

[[rules.promote]]
piece = "man"
to = "king"
zone = "far-row"

[[rules.win]]
opponent_at_most = 0
"""

CHECKER_PIECES = "".join(
    f'\n[[component]]\nside = "{s}"\nkind = "{k}"\ncount = 12\nart = "stone-{s}"\n'
    for s in ("black", "white") for k in ("man", "king"))


def checkers(tmp_path: Path) -> GameSpec:
    return make(tmp_path, square(8, colouring="checker"), CHECKERS, components=CHECKER_PIECES)


def test_checkers_men_step_forward_and_must_take_the_whole_chain(tmp_path):
    g = checkers(tmp_path)
    assert legal(g, pos(g, black_man="c3", white_man="h8")) == ["c3-b4", "c3-d4"]
    p = pos(g, black_man="c3", white_man="d4 f6 b6")
    assert legal(g, p) == ["c3-e5-g7"]  # capturing is compulsory, and so is the whole chain
    out = play(g, p, "c3-e5-g7")
    assert sorted(out.captures) == ["d4", "f6"]
    assert out.position.pieces["g7"] == Piece("black", "man")
    assert legal(g, pos(g, "white", white_man="d4", black_man="a1")) == ["d4-c3", "d4-e3"]


def test_a_man_crowned_mid_chain_stops_there_and_a_king_goes_both_ways(tmp_path):
    g = checkers(tmp_path)
    p = pos(g, black_man="d6", white_man="e7 g7")
    assert legal(g, p) == ["d6-f8"]  # crowned on f8: the chain stops, g7 is safe
    crowned = play(g, p, "d6-f8").position
    assert crowned.pieces["f8"] == Piece("black", "king") and "g7" in crowned.pieces
    king = pos(g, black_king="d4", white_man="h8")
    assert legal(g, king) == ["d4-c3", "d4-e3", "d4-c5", "d4-e5"]


BREAKTHROUGH = """
[[rules.move]]
type = "step"
along = ["orthogonal"]
toward = ["forward"]

[[rules.move]]
type = "step"
along = ["diagonal"]
toward = ["forward"]
onto = ["empty", "enemy"]

[[rules.win]]
reach = "far-row"

[[rules.win]]
opponent_at_most = 0
"""


def test_breakthrough_steps_forward_captures_diagonally_and_wins_on_the_far_row(tmp_path):
    g = make(tmp_path, square(8), BREAKTHROUGH, kind="pawn", count=16)
    p = pos(g, black="d4", white="d5 e5")
    assert legal(g, p) == ["d4-c5", "d4-e5"]  # blocked ahead, takes diagonally
    out = play(g, p, "d4-e5")
    assert out.captures == ("e5",)
    assert winner(g, play(g, pos(g, black="a7", white="h8"), "a7-a8").position) == "black"


AMAZONS = """
[[rules.move]]
type = "slide"
along = ["orthogonal", "diagonal"]
then_place = { piece = "arrow", type = "slide" }
"""

AMAZON_PIECES = TWO.format(kind="queen", count=4) + """
[[component]]
kind = "arrow"
count = 92
art = "dot"
"""


def test_amazons_move_then_shoot_an_arrow_and_the_side_without_a_move_loses(tmp_path):
    g = make(tmp_path, square(4), AMAZONS, components=AMAZON_PIECES)
    p = pos(g, black="a1", white="d4", neutral="b1 b2 a3")
    assert p.hand == {"neutral": 89}
    moves = legal(g, p)
    assert moves == ["a1-a2/a1", "a1-a2/b3", "a1-a2/c4"]  # the arrow may land where it left
    out = play(g, p, "a1-a2/b3").position
    assert out.pieces["b3"] == Piece("neutral", "arrow") and out.hand == {"neutral": 88}
    stuck = pos(g, black="a1", white="d4", neutral="a2 b1 b2")
    assert winner(g, stuck) == "white"


OTHELLO = """
[[rules.place]]

[[rules.capture]]
type = "outflank"
along = ["orthogonal", "diagonal"]
required = true

[rules.end]
no_move = "pass"
all_stuck = "most-pieces"
"""


def test_othello_places_only_where_it_turns_discs_over_and_passes_when_stuck(tmp_path):
    g = make(tmp_path, square(4), OTHELLO, kind="disc", count=8)
    p = pos(g, black="b3 c2", white="b2 c3")
    assert legal(g, p) == ["+b1", "+a2", "+d3", "+c4"]
    out = play(g, p, "+b1")
    assert out.captures == () and out.position.pieces["b2"] == Piece("black", "disc")
    stuck = pos(g, "white", black="a1 b1", white="c1")
    assert legal(g, stuck) == ["pass"] and winner(g, stuck) is None  # black can still move
    after = play(g, stuck, "pass").position
    assert after.to_move == "black" and legal(g, after) == ["+d1"]
    over = pos(g, "white", black="a1 b1 c1 d1", white="")
    assert legal(g, over) == [] and winner(g, over) == "black"  # nobody can move: most discs


CUSTODIAL = """
[rules.zones]
throne = "b2"

[[rules.move]]
type = "slide"
along = ["orthogonal"]

[[rules.capture]]
type = "custodial"
along = ["orthogonal"]
hostile = "throne"
"""


def test_custodial_capture_takes_one_enemy_between_two_and_a_hostile_space_helps(tmp_path):
    g = make(tmp_path, square(5), CUSTODIAL)
    out = play(g, pos(g, black="a1 d3", white="c3 a3"), "a1-b1")
    assert out.captures == ()
    out = play(g, pos(g, black="b1 d3", white="c3"), "b1-b3")
    assert out.captures == ("c3",)
    out = play(g, pos(g, black="e2 d5", white="c2 d2"), "d5-d3")
    assert out.captures == ()  # two in a row are safe
    out = play(g, pos(g, black="d1", white="c2"), "d1-d2")
    assert out.captures == ("c2",)  # the empty throne on b2 stands in for a friend


MORRIS = """
[[rules.place]]

[[rules.capture]]
type = "line"
along = ["line"]
length = 3
protect_lines = true

[[rules.move]]
type = "step"
along = ["line"]
when = "hand-empty"
"""

MORRIS_BOARD = 'topology = "points"\nlayout = "morris"\nrings = 3\ncell = "20mm"\n'


def test_a_mill_lets_the_mover_remove_a_piece_outside_the_opponents_mills(tmp_path):
    g = make(tmp_path, MORRIS_BOARD, MORRIS, count=9)
    p = pos(g, black="a1 d1", white="a4 a7 d7 g7")  # white's a7-d7-g7 is a mill
    moves = legal(g, p)
    assert [m for m in moves if m.startswith("+g1")] == ["+g1 xa4"]
    assert "+b2" in moves and "+b2 xa4" not in moves  # no mill, nothing removed
    out = play(g, p, "+g1 xa4")
    assert out.captures == ("a4",) and "a4" not in out.position.pieces


HEX = """
[[rules.place]]

[[rules.win]]
connect = "edges"
along = ["adjacent"]
"""

HEX_BOARD = ('topology = "hex"\nshape = "rhombus"\ncolumns = 3\nrows = 3\norientation = '
             '"pointy"\ncell = "20mm"\n[board.edges]\nblack = ["north", "south"]\n'
             'white = ["east", "west"]\n')


def test_hex_connects_its_two_edges(tmp_path):
    g = make(tmp_path, HEX_BOARD, HEX, count=5)
    board = g.board()
    top = [s for s in board.names if s.endswith("1")]
    assert top == ["a1", "b1", "c1"]  # rhombus names: letters across, numbers down
    assert winner(g, pos(g, "white", black="a1 a2 a3")) == "black"  # north to south
    assert winner(g, pos(g, black="", white="a1 b1 c1")) == "white"  # west to east
    assert winner(g, pos(g, "white", black="a1 a3")) is None


def test_a_straight_line_does_not_bend_at_the_edge_of_an_eight_neighbour_grid(tmp_path):
    # engine-bugs B1: on points joined to all 8 neighbours, the ray k14 -> j15 met the top
    # edge and went on west along row 15 (a 45 degree turn), so a bent five won
    board = ('topology = "points"\nlayout = "grid"\nfiles = 15\ncell = "12mm"\n'
             'diagonals = "all"\n')
    rules = '[[rules.place]]\n\n[[rules.win]]\nline = 5\nalong = ["line"]\n'
    g = make(tmp_path, board, rules, count=113)
    assert winner(g, pos(g, "white", black="g15 h15 i15 j15 k14", white="a1")) is None
    assert winner(g, pos(g, "white", black="g15 h15 i15 j15 k15", white="a1")) == "black"
    assert winner(g, pos(g, "white", black="a1 b2 c3 d4 e5", white="a2")) == "black"
    t = compile_tables(g.board(), g.rules.ruleset, {})
    g15 = t.index["g15"]
    down = [ray for ray in t.rays["line"][g15] if t.names[ray[0]] == "f14"][0]
    assert [t.names[s] for s in down] == ["f14", "e13", "d12", "c11", "b10", "a9"]


SURROUND = """
[[rules.move]]
type = "step"
along = ["orthogonal"]

[[rules.capture]]
type = "surround"
along = ["orthogonal"]
pieces = ["king"]
hostile = "e5"
"""

KING_PIECES = TWO.format(kind="soldier", count=8) + """
[[component]]
side = "white"
kind = "king"
count = 1
art = "stone-white"
"""


def test_a_king_is_taken_only_when_enclosed_on_every_side(tmp_path):
    g = make(tmp_path, square(5), SURROUND, components=KING_PIECES)
    p = pos(g, black_soldier="b2 c1 a2 c4", white_king="b3", white_soldier="e1")
    out = play(g, p, "c4-c3")  # b3's neighbours: b2, a3 (empty), c3, b4 (empty)
    assert out.captures == ()
    p = pos(g, black_soldier="b2 a3 b4 c4", white_king="b3", white_soldier="e1")
    assert play(g, p, "c4-c3").captures == ("b3",)
    p = pos(g, black_soldier="c5 d3", white_king="d5", white_soldier="a1")
    assert play(g, p, "d3-d4").captures == ("d5",)  # the empty hostile e5 closes the ring
    p = pos(g, black_soldier="c5 d3", white_king="d5", white_soldier="e5")
    assert play(g, p, "d3-d4").captures == ()  # ... but not with a white soldier on it


def test_swap_offers_the_pie_rule_once(tmp_path):
    rules = "[rules]\nswap = 1\n\n[[rules.place]]\n"
    g = make(tmp_path, square(3), rules, count=5)
    after = play(g, pos(g), "+b2").position
    assert legal(g, after)[-1] == "swap"
    swapped = play(g, after, "swap").position
    assert swapped.to_move == "white" and swapped.state == {"swapped": True}
    assert swapped.pieces == after.pieces and "swap" not in legal(g, swapped)
    assert "swap" not in legal(g, play(g, after, "+a1").position)


PASSING = """
[rules]
pass = "any-time"

[[rules.place]]

[rules.end]
passes = 2
all_stuck = "most-pieces"
"""


def test_two_passes_in_a_row_end_the_game(tmp_path):
    g = make(tmp_path, square(3), PASSING, count=5)
    p = play(g, pos(g), "+a1").position
    assert legal(g, p)[-1] == "pass"
    once = play(g, p, "pass").position
    assert once.state == {"passes": 1} and winner(g, once) is None
    assert play(g, once, "+b1").position.state == {}
    twice = play(g, once, "pass").position
    assert winner(g, twice) == "black" and legal(g, twice) == []


def test_quiet_moves_and_repetition_draw(tmp_path):
    rules = ('[[rules.move]]\ntype = "step"\nalong = ["orthogonal"]\n\n[rules.end]\n'
             'quiet_moves = 3\n')
    g = make(tmp_path, square(3), rules, count=1)
    p = pos(g, black="a1", white="c3")
    for move in ("a1-a2", "c3-c2", "a2-a1"):
        p = play(g, p, move).position
    assert p.state == {"quiet": 3} and winner(g, p) == "draw"
    rules = rules.replace("quiet_moves = 3", "repetition = 2")
    g = make(tmp_path, square(3), rules, count=1)
    p = pos(g, black="a1", white="c3")
    for move in ("a1-a2", "c3-c2", "a2-a1"):
        p = play(g, p, move).position
        assert winner(g, p) is None
    p = play(g, p, "c2-c3").position  # black a1, white c3, black to move: the start again
    assert winner(g, p) == "draw"


def test_a_misere_line_loses(tmp_path):
    rules = ('[[rules.place]]\n\n[[rules.win]]\nline = 3\nalong = ["orthogonal", "diagonal"]'
             '\nresult = "loses"\n')
    g = make(tmp_path, square(3), rules, count=5)
    assert winner(g, play(g, pos(g, black="a1 b1"), "+c1").position) == "white"


def test_a_shared_supply_lets_a_side_place_from_the_other_hand(tmp_path):
    g = make(tmp_path, square(4), OTHELLO.replace("[[rules.place]]",
                                                   '[rules]\nsupply = "shared"\n\n'
                                                   '[[rules.place]]'), kind="disc", count=8)
    p = pos(g, black="b3 c2", white="b2 c3", hand={"black": 0, "white": 3})
    out = play(g, p, "+b1").position
    assert out.hand == {"black": 0, "white": 2}
    own = make(tmp_path, square(4), OTHELLO, kind="disc", count=8)
    assert legal(own, pos(own, black="b3 c2", white="b2 c3", hand={"black": 0})) == ["pass"]


def test_a_capturing_chain_may_come_back_to_a_space_it_passed(tmp_path):
    # engine-bugs B2: as in OpenSpiel's checkers, a jumped piece is gone at once, so a king
    # may land on c3 again; only jumping one piece twice is impossible
    g = checkers(tmp_path)
    p = pos(g, black_king="a1", white_man="b2 d4 f4 f2 d2 h8")
    assert legal(g, p) == ["a1-c3-e1-g3-e5-c3", "a1-c3-e5-g3-e1-c3"]
    out = play(g, p, "a1-c3-e5-g3-e1-c3")
    assert sorted(out.captures) == ["b2", "d2", "d4", "f2", "f4"]


def test_a_chain_that_captures_nothing_never_lands_twice(tmp_path):
    rules = ('[[rules.move]]\ntype = "hop"\nover = "any"\nalong = ["orthogonal"]\n'
             'chain = "optional"\n')
    g = make(tmp_path, square(5), rules, count=8)
    p = pos(g, black="a1 a2 b3 c2", white="e5", hand={})
    moves = [m for m in legal(g, p) if m.startswith("a1")]
    assert moves == ["a1-a3-c3-c1", "a1-a3", "a1-a3-c3"]  # by target; a2 is hopped once
    assert not any(len(set(m.split("-")[1:])) < len(m.split("-")[1:]) for m in legal(g, p))
