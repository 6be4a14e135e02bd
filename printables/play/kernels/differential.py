"""The differential check of a fast kernel against the reference kernel (the rules engine).

compare_state says where a kernel state and the engine disagree: the Position round trip
(from_position(to_position(s)) stands for the same position), the result, the seats, the
adjudication (the game's ruling), the set of legal moves (as engine Moves via move_of) and,
when asked, the successor Position of every legal move and the result there (once per
position and Tally: the same Position has the same successors). random_walk
drives seeded random games with the kernel choosing the moves and checks every position it
reaches, and every successor on every `full_every`-th position (and always the move it
plays). stop_at_every_ply checks a kernel's own random playout stopped at every ply count
of a game, not only at its end. The tests use them, and so can a big run (the size knob in
tests/test_kernels_differential.py).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from printables.games.model import Position
from printables.play.kernel import Kernel, ReferenceKernel
from printables.positions import bundled_layouts, layout_paths, load_layout, setup_path


@dataclass
class Tally:
    """What a check looked at, and every disagreement it found (empty when they agree)."""

    positions: int = 0
    successors: int = 0
    problems: list[str] = field(default_factory=list)
    #: positions whose every successor was checked already (each walk starts at the same
    #: setup: its successors are checked once, not once per walk)
    expanded: set[Position] = field(default_factory=set)


def compare_state(kernel: Kernel, state: Any, tally: Tally, *, successors: bool) -> list[Hashable]:
    """Compare one kernel state with the engine; return its legal codes (for a walk)."""
    game, board = kernel.game, kernel.board
    ref = ReferenceKernel(game, board)
    pos = kernel.to_position(state)
    rstate = ref.from_position(pos)
    tally.positions += 1
    where = f"{game.name} at {_describe(pos)}"
    again = kernel.to_position(kernel.from_position(pos))
    if again != pos:
        tally.problems.append(f"{where}: from_position(to_position()) gives {_describe(again)}")
    if kernel.result(state) != ref.result(rstate):
        tally.problems.append(f"{where}: result {kernel.result(state)} != {ref.result(rstate)}")
    if kernel.seats(state) != ref.seats(rstate):
        tally.problems.append(f"{where}: seats {kernel.seats(state)} != {ref.seats(rstate)}")
    if kernel.adjudicate(state) != ref.adjudicate(rstate):
        tally.problems.append(f"{where}: adjudication {kernel.adjudicate(state)} != the "
                              f"game's ruling {ref.adjudicate(rstate)}")
    codes = kernel.legal(state)
    moves = [kernel.move_of(state, c) for c in codes]
    want = set(ref.legal(rstate))
    if len(set(moves)) != len(moves) or set(moves) != want:
        extra = sorted(map(str, set(moves) - want))[:3]
        missing = sorted(map(str, want - set(moves)))[:3]
        tally.problems.append(f"{where}: moves differ: kernel only {extra}, engine only "
                              f"{missing}, {len(moves)} codes for {len(set(moves))} moves")
        return codes
    if successors and pos not in tally.expanded:
        tally.expanded.add(pos)
        for code, move in zip(codes, moves, strict=True):
            check_successor(kernel, state, code, move, pos, tally)
    return codes


def check_successor(kernel: Kernel, state: Any, code: Any, move: Any, pos: Position,
                    tally: Tally, with_result: bool = True) -> None:
    """Compare the successor of one move with the engine's (and its result, when
    with_result: the walk compares the result of the move it plays at the next ply)."""
    rules = kernel.game.rules
    assert rules is not None, f"{kernel.game.name} has no rules engine"
    after = kernel.copy(state)
    kernel.apply(after, code)
    got = kernel.to_position(after)
    want = rules.play(kernel.board, pos, move).position
    tally.successors += 1
    if got != want:
        tally.problems.append(f"{kernel.game.name} at {_describe(pos)}: {move} gives "
                              f"{_describe(got)}, engine {_describe(want)}")
    elif with_result:
        ref = ReferenceKernel(kernel.game, kernel.board)
        if kernel.result(after) != ref.result(ref.from_position(want)):
            tally.problems.append(f"{kernel.game.name} at {_describe(pos)}: after {move} "
                                  f"the result is {kernel.result(after)}, engine "
                                  f"{ref.result(ref.from_position(want))}")


def random_walk(kernel: Kernel, start: Position, rng: random.Random, tally: Tally, *,
                max_plies: int, full_every: int) -> None:
    """A random game from start with the kernel choosing, every position checked."""
    state = kernel.from_position(start)
    for ply in range(max_plies):
        codes = compare_state(kernel, state, tally, successors=ply % full_every == 0)
        if not codes or kernel.result(state) is not None or tally.problems:
            return
        code = codes[rng.randrange(len(codes))]
        pos = kernel.to_position(state)
        check_successor(kernel, state, code, kernel.move_of(state, code), pos, tally,
                        with_result=False)
        kernel.apply(state, code)


def stop_at_every_ply(kernel: Kernel, start: Position, seed: int, *, limit: int,
                      stops: Iterable[int] | None = None) -> list[str]:
    """Where a kernel's random playout from start (seeded by seed) disagrees with the
    engine when stopped after k plies, for every k in stops (default: every ply count from
    0 to one past the game's end, at most limit): it must stop after min(k, the game's
    length) plies and return the engine's result at the position it stopped at, or the
    game's adjudication there (also where a game that ran out of moves has no result)."""
    length = kernel.random_playout(kernel.from_position(start), random.Random(seed), limit)[1]
    ref = ReferenceKernel(kernel.game, kernel.board)
    problems: list[str] = []
    for k in range(min(length + 1, limit) + 1) if stops is None else stops:
        state = kernel.from_position(start)
        result, plies = kernel.random_playout(state, random.Random(seed), k)
        pos = kernel.to_position(state)
        rstate = ref.from_position(pos)
        want = ref.result(rstate)
        want = ref.adjudicate(rstate) if want is None else want
        if plies != min(k, length) or result != want:
            problems.append(f"{kernel.game.name}, seed {seed}, stopped after {k} plies: "
                            f"{plies} plies, result {result}; the engine says {want} at "
                            f"{_describe(pos)} (the game lasts {length} plies)")
    return problems


def _describe(pos: Position) -> str:
    """A short, readable description of a position (for a failure message)."""
    body = {k: v for k, v in (("pieces", {s: f"{p.side[0]}{p.kind[0]}" for s, p in
                                          sorted(pos.pieces.items())}),
                              ("stacks", dict(sorted(pos.stacks.items()))),
                              ("markers", dict(sorted(pos.markers.items()))),
                              ("hand", dict(pos.hand)), ("state", dict(pos.state))) if v}
    return f"<{pos.to_move} to move, {body}>"


def differential_run(kernel_of: Any, game: Any, *, games: int, full_every: int,
                     max_plies: int, walks_per_layout: int = 1,
                     variants: tuple[dict[str, Any], ...] = ()) -> Tally:
    """The whole check for one game: every bundled layout of the game (its position with
    every successor, then `walks_per_layout` random games from it), then `games` random
    games from the setup, and as many again from the setup under each of `variants`
    (option changes, for a setup that does not depend on them). kernel_of(game, board)
    gives the kernel under test. Stops at the first disagreement."""
    tally = Tally()
    paths = layout_paths([bundled_layouts() / game.name])
    for n, path in enumerate(paths):
        layout = load_layout(path)
        kernel = kernel_of(game, layout.board)
        compare_state(kernel, kernel.from_position(layout.position), tally, successors=True)
        for seed in range(walks_per_layout):
            random_walk(kernel, layout.position, random.Random(1000 * n + seed), tally,
                        max_plies=max_plies, full_every=full_every)
        if tally.problems:
            tally.problems.insert(0, f"from {path.name}")
            return tally
    setup = load_layout(setup_path(game.name)).position
    for n, change in enumerate(({}, *variants)):
        options = {**setup.options, **change}
        kernel = kernel_of(game, game.board(options))
        for seed in range(games):
            random_walk(kernel, setup.with_(options=options), random.Random(seed + 7919 * n),
                        tally, max_plies=max_plies, full_every=full_every)
            if tally.problems:
                tally.problems.insert(0, f"from the setup with options {options}")
                return tally
    return tally
