"""Network written as [rules] on the generic kernel: the rules random play seldom reaches,
on constructed positions (the built-in game's example layouts, layouts/network/, whose
checks the built-in engine passes and the [rules] engine equals).

A network wins by sight with a turn at every stone (network-win), a chain straight
through a stone does not (almost-network-no-turn), nor one with a second stone in a goal
(ends_only: almost-network-two-in-one-goal); a drop that makes a group of three is illegal
(max_group: illegal-third-stone-in-a-group), and so is a step that completes both
players' networks, while one that completes only the opponent's is legal and loses
(both_win = illegal: double-network-illegal). Each check is asked of the kernel on both
paths, and so is the engine's verdict on every move from the layout's position. The win
after the move is asked twice: of the per-ply call (the whole board looked at) and of the
playout's status, which looks only at what the move changed (generic_core.find_links).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from printables.gamefile.rules_spec import as_rules
from printables.games import get_game
from printables.games.model import GameSpec, Piece, Position
from printables.games.rules.engine import GenericRules
from printables.play.kernels import numba_available
from printables.play.kernels.differential import (
    Tally,
    compare_state,
    random_walk,
    stop_at_every_ply,
)
from printables.play.kernels.generic import GenericKernel, make_compiled, make_pure
from printables.positions import Layout, bundled_layouts, load_layout

GAME = as_rules(get_game("network"))


def _layouts() -> Iterator[Layout]:
    for path in sorted((bundled_layouts() / "network").glob("*.toml")):
        if path.name != "setup.toml":
            yield load_layout(path)


def _kernel(path: str, pos: Position, game: GameSpec = GAME) -> GenericKernel:
    if path == "compiled" and not numba_available():
        pytest.skip("numba is not installed (the play extra)")
    kernel = (make_pure if path == "pure" else make_compiled)(game, game.board(pos.options))
    assert kernel is not None
    return kernel


def _after_playout_status(kernel: GenericKernel, state: object, code: int) -> int | None:
    """The result after code as a playout finds it: status looking at the changes only."""
    after = kernel.copy(state)
    w, core = after.w, kernel.core  # type: ignore[attr-defined]
    taken = core.play(after.k, after.cells, after.hand, after.st, code, w.found, w.log,  # type: ignore[attr-defined]
                      w.hops)
    kept = taken == 0 and bool(after.k.F[core.F_COUNTS_KEEP])  # type: ignore[attr-defined]
    r, _ = core.status(after.k, after.cells, after.hand, after.st, w.out, w,  # type: ignore[attr-defined]
                       True, kept)
    return None if r == core.GOING_ON else int(r)


@pytest.mark.parametrize("path", ["pure", "compiled"])
@pytest.mark.parametrize("layout", list(_layouts()), ids=lambda lay: lay.path.rsplit("/", 1)[-1])
def test_network_layouts_checks_hold_on_the_generic_kernel(layout: Layout, path: str) -> None:
    pos = layout.position
    kernel = _kernel(path, pos)
    state = kernel.from_position(pos)
    tally = Tally()
    compare_state(kernel, state, tally, successors=True)
    assert not tally.problems, "\n".join(tally.problems[:3])
    codes = {kernel.move_of(state, c): c for c in kernel.legal(state)}
    for check in layout.checks:
        want = None if check.winner in (None, "none") else kernel.sides.index(check.winner)
        if check.move is None:
            assert check.winner is None or kernel.result(state) == want, layout.path
            assert check.legal_moves in (None, len(codes)), layout.path
            continue
        assert (check.move in codes) == check.legal, (check.move_text, layout.path)
        if check.legal and check.winner is not None:
            after = kernel.copy(state)
            kernel.apply(after, codes[check.move])
            assert kernel.result(after) == want, (check.move_text, layout.path)
            assert _after_playout_status(kernel, state, codes[check.move]) == want

@pytest.mark.parametrize("path", ["pure", "compiled"])
@pytest.mark.parametrize("pie", [True, 5])
def test_network_with_the_pie_rule_equals_the_engine(pie: object, path: str) -> None:
    start = Position(GAME.name, "black", options=GAME.options({"pie": pie}))
    kernel = _kernel(path, start)
    tally = Tally()
    for seed in range(4 if path == "pure" else 20):
        random_walk(kernel, start, random.Random(seed), tally, max_plies=300, full_every=4)
    assert not tally.problems, "\n".join(tally.problems[:3])
    assert tally.positions >= 80


#: Network's rules changed: (max_group's size or None, the win rule's changes), for the
#: chain search's other settings (adjacent links, sight without turn or ends_only) and
#: max_group of another size
VARIANTS: dict[str, tuple[int | None, dict[str, Any]]] = {
    "adjacent-turn-ends": (None, {"link": "adjacent", "turn": True, "ends_only": True,
                                  "min": 0}),
    "adjacent-ends": (None, {"link": "adjacent", "turn": False, "ends_only": True, "min": 0}),
    "sight-alone": (None, {"turn": False, "ends_only": False, "min": 0}),
    "sight-min-8-groups-of-3": (3, {"turn": False, "min": 8}),
}


def _variant(name: str) -> GameSpec:
    size, win = VARIANTS[name]
    rs = GAME.rules.ruleset  # type: ignore[union-attr]
    group = None if size is None else dataclasses.replace(rs.turn.max_group, count=size)
    ruleset = dataclasses.replace(rs, turn=dataclasses.replace(rs.turn, max_group=group),
                                  win=tuple(dataclasses.replace(w, **win) for w in rs.win))
    rules = GenericRules(ruleset, GAME.rules.supply)  # type: ignore[union-attr]
    return dataclasses.replace(GAME, rules=rules, adjudicate=rules.adjudicate,
                               tally=rules.tally)


@pytest.mark.parametrize("path", ["pure", "compiled"])
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_network_variants_equal_the_engine(name: str, path: str) -> None:
    game = _variant(name)
    start = Position(game.name, "black", options=game.options({}))
    kernel = _kernel(path, start, game)
    tally = Tally()
    for seed in range(2 if path == "pure" else 8):
        random_walk(kernel, start, random.Random(seed), tally, max_plies=150, full_every=10)
    assert not tally.problems, "\n".join(tally.problems[:3])
    if path == "compiled":  # the playout's win checks look only at what a ply changed
        problems = [p for seed in range(2) for p in stop_at_every_ply(kernel, start, seed,
                                                                       limit=150)]
        assert not problems, "\n".join(problems[:3])


@pytest.mark.parametrize("path", ["pure", "compiled"])
@pytest.mark.parametrize(("stones", "drop", "wins"), [
    (["c1", "c2", "c3", "c4", "c5", "c6", "c7"], "c8", False),  # straight up the c-file
    (["c1", "d2", "c3", "d4", "c5", "d6", "c7"], "d8", True),  # turning at every stone
    (["c1", "d2", "c3", "d4", "c5", "d6", "d7"], "d8", False),  # d7, d8: two in a row
])
def test_an_adjacent_chain_turns_at_every_stone(stones: list[str], drop: str, wins: bool,
                                                path: str) -> None:
    """link = adjacent with turn: the chain's links are steps to a touching stone, no two
    in a row in one direction; the drop that completes it wins (or not), by the per-ply
    call and by a playout's status alike, as in the engine."""
    game = _variant("adjacent-turn-ends")
    pos = Position(game.name, "black", options=game.options({}),
                   pieces={s: Piece("black", "stone") for s in stones})
    kernel = _kernel(path, pos, game)
    state = kernel.from_position(pos)
    code = next(c for c in kernel.legal(state) if kernel.move_of(state, c).origin == drop)
    after = kernel.copy(state)
    kernel.apply(after, code)
    want = 0 if wins else None
    engine = game.rules.winner(game.board(pos.options), kernel.to_position(after))  # type: ignore[union-attr]
    assert engine == ("black" if wins else None)
    assert kernel.result(after) == want
    assert _after_playout_status(kernel, state, code) == want
