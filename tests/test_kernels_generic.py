"""The generic kernel (one interpreter of rule tables, printables.play.kernels.generic)
equals the generic rules engine, position by position, on its plain-Python path and,
where numba is installed, compiled.

Per game file of examples/ with [rules] (and Dag en Nacht and Dugi written as [rules]):
seeded random games from the setup with the kernel choosing the moves, until at least
MIN_POSITIONS positions are checked. At every position: the Position round trip, the
result, the seats, the adjudication, the legal move set (as engine Moves) and the
successor of the move played; every FULL_EVERY-th position, the successor of every legal
move and its result (differential.random_walk). Rules the interpreter does not play yet
keep the reference kernel: UNSUPPORTED lists them, and the test fails when that changes.

The compiled path is the kernel `play` and `balance` use: MIN_POSITIONS (2,000) per game.
The plain-Python path runs the same source uncompiled (the fallback without numba) at ten
times the cost per position: it is checked at PURE_POSITIONS per game (a tenth; Amazons, a
position of some 2,000 queen moves and arrows, one walk of 60 plies).

Size knob: PRINTABLES_KERNEL_CHECK=N multiplies both by N.

A compiled playout takes shortcuts the per-ply calls do not (generic_core's docstring);
tests/test_kernels_stop.py checks its results, and tests here what that leaves: that
drawing Amazons' arrow by rejection, and the moves of a game that only moves, keeps every
move equally likely; that the compiled playout plays the plain-Python one's games; and
that wins by an exact line are found looking only near the last move.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from printables.gamefile import game_from_text, load_game_file
from printables.gamefile.rules_spec import as_rules
from printables.games import get_game
from printables.games.model import GameSpec, Piece, Position
from printables.play.kernel import ReferenceKernel
from printables.play.kernels import kernel_for, numba_available, numba_kernel_for
from printables.play.kernels.differential import (
    Tally,
    compare_state,
    random_walk,
    stop_at_every_ply,
)
from printables.play.kernels.generic import make_compiled, make_pure, unsupported_of
from printables.positions import load_layout, setup_path

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SCALE = int(os.environ.get("PRINTABLES_KERNEL_CHECK", "1"))
MIN_POSITIONS = 2000 * SCALE
PURE_POSITIONS = {"amazons": 60 * SCALE}
PURE_DEFAULT = 200 * SCALE

#: game -> (successors of every move every n-th position, ply cap of a walk): sized so a
#: game costs seconds (the engine's move generation is most of it)
SIZES = {
    "amazons": (200, 60),
    "breakthrough": (5, 400),
    "checkers": (1, 300),
    "connect-four": (3, 400),
    "dag-en-nacht-13": (10, 300),
    "dugi-small": (20, 300),
    "gomoku": (20, 400),
    "hex": (10, 400),
    "othello": (5, 400),
    "tic-tac-toe": (1, 400),
    "rules:dag-en-nacht": (20, 300),
    "rules:dugi": (40, 300),
    "rules:network": (20, 300),
}
#: example games whose rules the generic kernel does not play yet, and why
UNSUPPORTED: dict[str, str] = {}


def examples_with_rules() -> list[str]:
    return sorted(p.stem for p in EXAMPLES.glob("*.toml")
                  if "\n[rules]" in "\n" + p.read_text(encoding="utf-8"))


def game_and_start(name: str) -> tuple[GameSpec, Position]:
    """An example game file (or a built-in game written as [rules]: rules:NAME) and its
    start position."""
    if name.startswith("rules:"):
        builtin = get_game(name.removeprefix("rules:"))
        return as_rules(builtin), load_layout(setup_path(builtin.name)).position
    game = load_game_file(EXAMPLES / f"{name}.toml")
    start = game.setup_position or Position(game.name, game.first or game.sides[0],
                                            options=game.options({}))
    return game, start


def test_every_example_with_rules_is_checked_here() -> None:
    names = examples_with_rules()
    assert len(names) >= 10
    assert sorted(set(names) - set(UNSUPPORTED)) == sorted(n for n in SIZES
                                                            if not n.startswith("rules:"))


def test_rules_the_interpreter_does_not_play_keep_the_reference_kernel() -> None:
    for name in UNSUPPORTED:  # every example is played by the kernel today
        game, start = game_and_start(name)
        assert unsupported_of(game, game.board(start.options)) == UNSUPPORTED[name]
    text = (EXAMPLES / "tic-tac-toe.toml").read_text(encoding="utf-8")
    text = text.replace("\n[rules.end]\n", "\n[rules.end]\nrepetition = 3\n", 1)
    assert "repetition = 3" in text
    game = game_from_text(text, str(EXAMPLES / "tic-tac-toe-repeats.toml"))
    board = game.board(game.options({}))
    assert unsupported_of(game, board) == "repetition"
    assert make_pure(game, board) is None
    assert isinstance(kernel_for(game, board), ReferenceKernel)


def _paths() -> list[object]:
    out = []
    for name in sorted(SIZES):
        for path in ("pure", "compiled"):
            out.append(pytest.param(name, path, id=f"{name}-{path}"))
    return out


@pytest.mark.slow  # minutes of the full run (an Amazons position alone has 2,000 moves)
@pytest.mark.parametrize(("name", "path"), _paths())
def test_the_generic_kernel_equals_the_engine(name: str, path: str) -> None:
    if path == "compiled" and not numba_available():
        pytest.skip("numba is not installed (the play extra)")
    game, start = game_and_start(name)
    board = game.board(start.options)
    kernel = (make_pure if path == "pure" else make_compiled)(game, board)
    assert kernel is not None, unsupported_of(game, board)
    full_every, cap = SIZES[name]
    wanted = MIN_POSITIONS if path == "compiled" else PURE_POSITIONS.get(name, PURE_DEFAULT)
    tally = Tally()
    seed = 0
    while tally.positions < wanted and not tally.problems:
        random_walk(kernel, start, random.Random(seed), tally, max_plies=cap,
                    full_every=full_every)
        seed += 1
    assert not tally.problems, "\n".join(tally.problems[:5])
    assert tally.positions >= wanted
    assert tally.successors >= wanted


@pytest.mark.slow  # plays on the compiled interpreter (minutes' compile on a cold numba folder)
def test_kernel_for_and_numba_kernel_for_pick_the_generic_kernel() -> None:
    game, start = game_and_start("connect-four")
    board = game.board(start.options)
    fast = kernel_for(game, board)
    assert type(fast).__name__ == "GenericKernel" and fast.pure  # type: ignore[attr-defined]
    if numba_available():
        compiled = numba_kernel_for(game, board)
        assert type(compiled).__name__ == "GenericKernel"
        assert not compiled.pure  # type: ignore[attr-defined]


@pytest.mark.slow  # compiles the interpreter: minutes on a fresh numba cache
def test_a_compiled_playout_repeats_itself_for_a_seed() -> None:
    if not numba_available():
        pytest.skip("numba is not installed (the play extra)")
    game, start = game_and_start("breakthrough")
    kernel = make_compiled(game, game.board(start.options))
    assert kernel is not None
    runs = []
    for _ in range(2):
        state = kernel.from_position(start)
        runs.append((kernel.random_playout(state, random.Random(5), 10_000),
                     kernel.to_position(state)))
    assert runs[0] == runs[1]
    assert runs[0][0][0] in (0, 1)  # breakthrough always ends with a winner


def test_a_playout_draws_every_move_and_placement_equally_often() -> None:
    """Amazons' playouts list the queen moves alone and draw the arrow by rejection
    (generic_core.pick): on a position of 160 moves, each comes up, about equally often (a
    chi-square far from its limit; the seed is fixed, so the check is too)."""
    game, start = game_and_start("amazons")
    kernel = make_pure(game, game.board(start.options))
    assert kernel is not None
    core, state, rng = kernel.core, kernel.from_position(start), random.Random(3)
    for _ in range(40):
        moves = kernel.legal(state)
        kernel.apply(state, moves[rng.randrange(len(moves))])
    legal = set(kernel.legal(state))
    w = state.w
    core.seed_rng(w.rng, 12345)
    w.log[0] = -1
    result, m = core.status(state.k, state.cells, state.hand, state.st, w.out, w, True,
                            False)
    assert result == core.GOING_ON and 0 < m < len(legal) == 160
    draws = 60 * len(legal)
    seen = Counter(core.pick(state.k, state.cells, state.hand, int(state.st[0]), m, w)
                   for _ in range(draws))
    assert set(seen) == legal
    expected = draws / len(legal)
    chi2 = sum((seen[c] - expected) ** 2 / expected for c in legal)
    assert chi2 < len(legal) + 5 * (2 * len(legal)) ** 0.5


#: the games of SIZES whose playouts draw each move (generic_core.sampled_code): they
#: only step, slide or leap, without a placement, hop, then_place, swap or filter
DRAWN = ("breakthrough", "dugi-small", "rules:dugi")
#: the games of SIZES whose playouts count pieces again only after a capture: nothing else
#: changes how many pieces of a kind a side has (generic_tables.counts_keep)
COUNTS_KEPT = ("breakthrough", "checkers", "dugi-small", "rules:dugi")


def _state_after(kernel: Any, start: Position, plies: int, seed: int) -> Any:
    state, rng = kernel.from_position(start), random.Random(seed)
    for _ in range(plies):
        moves = kernel.legal(state)
        if not moves:
            break
        kernel.apply(state, moves[rng.randrange(len(moves))])
    return state


def test_the_playout_shortcuts_hold_for_the_games_they_are_meant_for() -> None:
    """Drawn moves for the games that only move; counting pieces only after a capture for
    those without placing, flips or promotions a count would see (Othello flips, Amazons
    places arrows, tic-tac-toe places). tests/test_kernels_stop.py stops their playouts
    at every ply against the engine."""
    drawn, kept = [], []
    for name in SIZES:
        game, start = game_and_start(name)
        kernel = make_pure(game, game.board(start.options))
        assert kernel is not None
        flags = kernel.from_position(start).k.F
        if flags[kernel.core.F_SAMPLE_SLOTS] > 0:
            drawn.append(name)
        if flags[kernel.core.F_COUNTS_KEEP]:
            kept.append(name)
    assert sorted(drawn) == sorted(DRAWN)
    assert sorted(kept) == sorted(COUNTS_KEPT)


@pytest.mark.parametrize("name", DRAWN)
def test_a_drawn_move_is_a_legal_move_and_each_as_likely(name: str) -> None:
    """A playout of a game that only moves draws a piece, an entry and a ray slot until
    they name a legal move (generic_core.sampled_code) instead of listing the moves: at
    three positions of a random game, every move drawn is legal and every legal move comes
    up, about equally often (a chi-square far from its limit; fixed seeds, so a fixed
    check). A draw that gives up (after SAMPLE_TRIES tries) leaves the playout to list the
    moves, uniform too."""
    game, start = game_and_start(name)
    kernel = make_pure(game, game.board(start.options))
    assert kernel is not None
    core = kernel.core
    for plies in (0, 9, 30):
        state = _state_after(kernel, start, plies, plies)
        legal = set(kernel.legal(state))
        assert len(legal) > 3 and kernel.result(state) is None
        w, side = state.w, int(state.st[0])
        core.seed_rng(w.rng, 777 + plies)
        core.list_own(state.k, state.cells, side, w.own)
        draws = 40 * len(legal)
        seen = Counter(core.sampled_code(state.k, state.cells, state.hand, side, w)
                       for _ in range(draws))
        given_up = seen.pop(core.NO_CODE, 0)  # the playout lists the moves then
        assert given_up < draws / 20 and set(seen) == legal, f"{name} after {plies} plies"
        expected = (draws - given_up) / len(legal)
        chi2 = sum((seen[c] - expected) ** 2 / expected for c in legal)
        assert chi2 < len(legal) + 5 * (2 * len(legal)) ** 0.5, f"{name} after {plies} plies"


@pytest.mark.parametrize("name", DRAWN)
def test_a_drawn_playout_plays_only_legal_moves(name: str) -> None:
    """A playout that draws its moves keeps each side's pieces listed as they move and are
    taken (generic_core.follow_own) instead of looking for them every ply: every move of
    two playouts is one of the kernel's legal moves where it is played, replaying them
    gives the playout's last position, and the lists name each side's pieces there."""
    game, start = game_and_start(name)
    kernel = make_pure(game, game.board(start.options))
    assert kernel is not None
    core = kernel.core
    for seed in (1, 2):
        state, replay = kernel.from_position(start), kernel.from_position(start)
        codes = np.zeros(300, np.int64)
        _, plies = core.run_game(state.k, state.cells, state.hand, state.st, 300, seed,
                                 state.w, True, codes)
        assert plies > 40
        for ply, code in enumerate(codes[:plies].tolist()):
            assert code in kernel.legal(replay), f"{name}, seed {seed}, ply {ply}"
            kernel.apply(replay, code)
        assert replay.cells.tolist() == state.cells.tolist()
        assert replay.st.tolist() == state.st.tolist()
        for side in range(len(game.sides)):
            row = state.w.own[side]
            listed = sorted(row[1:row[0] + 1].tolist())
            assert listed == [s for s, piece in enumerate(state.cells.tolist())
                              if piece and state.k.piece_side[piece] == side]


@pytest.mark.slow  # compiles the interpreter: minutes on a fresh numba cache
@pytest.mark.parametrize("name", ["dugi-small", "breakthrough"])
def test_a_compiled_playout_plays_the_plain_python_playout(name: str) -> None:
    """The compiled playout (drawn moves, changed-space win checks) and the same source run
    as plain Python give the same game for a seed: its result, length and last position."""
    if not numba_available():
        pytest.skip("numba is not installed (the play extra)")
    game, start = game_and_start(name)
    board = game.board(start.options)
    games = []
    for kernel in (make_pure(game, board), make_compiled(game, board)):
        assert kernel is not None
        runs = []
        for seed in range(3):
            state = _state_after(kernel, start, 4, seed)
            run = kernel.core.playout if kernel.pure else kernel._call("playout")
            result = run(state.k, state.cells, state.hand, state.st, 400, 1000 + seed,
                         state.w)
            runs.append((tuple(int(x) for x in result), state.cells.tolist(),
                         state.st.tolist()))
        games.append(runs)
    assert games[0] == games[1]
    assert any(plies < 400 for (_, plies), _, _ in games[0]) or name == "dugi-small"


@pytest.mark.slow
def test_a_playout_finds_exact_lines_through_the_last_move() -> None:
    """Win checks in a playout look only at the windows a ply touched; an exact line (no
    overline) also at the windows ending next to it. Gomoku's exact option, stopped at
    every ply, gives the engine's result."""
    if not numba_available():
        pytest.skip("numba is not installed (the play extra)")
    game, _ = game_and_start("gomoku")
    start = Position(game.name, game.first or game.sides[0],
                     options=game.options({"exact": True}))
    kernel = make_compiled(game, game.board(start.options))
    assert kernel is not None
    problems = [p for seed in range(6) for p in stop_at_every_ply(kernel, start, seed,
                                                                   limit=400)]
    assert not problems, "\n".join(problems[:3])



def _legal_paths(game: GameSpec, pieces: dict[str, Piece], path: str) -> list[str]:
    """The kernel's legal moves (as paths) of black in a position of pieces, after checking
    them and every successor against the engine's."""
    pos = Position(game.name, "black", pieces=pieces, options=game.options({}))
    kernel = (make_pure if path == "pure" else make_compiled)(game, game.board(pos.options))
    assert kernel is not None
    state = kernel.from_position(pos)
    tally = Tally()
    codes = compare_state(kernel, state, tally, successors=True)
    assert not tally.problems, "\n".join(tally.problems)
    assert tally.successors == len(codes)
    return sorted("-".join(kernel.move_of(state, c).path) for c in codes)


@pytest.mark.parametrize("path", ["pure", "compiled"])
def test_chains_of_hops_equal_the_engine_on_constructed_positions(path: str) -> None:
    """Draughts: the black king on c1 has two chains of four hops round one diamond, both
    back on c1 (one code each: the origin, the landing and which of the two). With men
    that hop backward too (as in international draughts), the man on b6 hops c7 onto the
    far row, where its crowning ends the move though it could go on over e7. The
    kernel's legal moves and every successor are the engine's."""
    if path == "compiled" and not numba_available():
        pytest.skip("numba is not installed (the play extra)")
    game, _ = game_and_start("checkers")
    white = {s: Piece("white", "man") for s in ("b2", "d2", "b4", "d4", "c7", "e7", "h8")}
    black = {"c1": Piece("black", "king"), "b6": Piece("black", "man")}
    paths = _legal_paths(game, {**black, **white}, path)
    assert paths == ["b6-d8", "c1-a3-c5-e3-c1", "c1-e3-c5-a3-c1"]
    source = (EXAMPLES / "checkers.toml").read_text(encoding="utf-8")
    forward = 'type = "hop"\nalong = ["diagonal"]\ntoward = ["forward"]\n'
    assert source.count(forward) == 1
    backward = game_from_text(source.replace(forward, 'type = "hop"\nalong = ["diagonal"]\n'),
                              str(EXAMPLES / "checkers.toml"))
    del black["c1"]
    assert _legal_paths(backward, {**black, **white}, path) == ["b6-d8"]


@pytest.mark.parametrize("path", ["pure", "compiled"])
def test_two_hop_rules_for_one_piece_give_each_chain_once(path: str) -> None:
    """Kings that also hop with an optional chain: every stop of the king's two chains round
    the diamond is a move, and the two whole chains, which both rules make, are one move
    each (the engine's legal moves are a set)."""
    if path == "compiled" and not numba_available():
        pytest.skip("numba is not installed (the play extra)")
    source = (EXAMPLES / "checkers.toml").read_text(encoding="utf-8")
    optional = '[[rules.move]]\npieces = ["king"]\ntype = "hop"\nalong = ["diagonal"]\n' \
               'chain = "optional"\n\n[[rules.promote]]'
    game = game_from_text(source.replace("[[rules.promote]]", optional, 1),
                          str(EXAMPLES / "checkers.toml"))
    white = {s: Piece("white", "man") for s in ("b2", "d2", "b4", "d4", "h8")}
    paths = _legal_paths(game, {"c1": Piece("black", "king"), **white}, path)
    assert paths == sorted(["-".join(("c1", *p[:k])) for p in (("a3", "c5", "e3", "c1"),
                                                               ("e3", "c5", "a3", "c1"))
                            for k in range(1, 5)])
