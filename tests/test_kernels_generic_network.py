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

import random
from collections.abc import Iterator

import pytest

from printables.gamefile.rules_spec import as_rules
from printables.games import get_game
from printables.games.model import Position
from printables.play.kernels import numba_available
from printables.play.kernels.differential import Tally, compare_state, random_walk
from printables.play.kernels.generic import GenericKernel, make_compiled, make_pure
from printables.positions import Layout, bundled_layouts, load_layout

GAME = as_rules(get_game("network"))


def _layouts() -> Iterator[Layout]:
    for path in sorted((bundled_layouts() / "network").glob("*.toml")):
        if path.name != "setup.toml":
            yield load_layout(path)


def _kernel(path: str, pos: Position) -> GenericKernel:
    if path == "compiled" and not numba_available():
        pytest.skip("numba is not installed (the play extra)")
    kernel = (make_pure if path == "pure" else make_compiled)(GAME, GAME.board(pos.options))
    assert kernel is not None
    return kernel


def _after_playout_status(kernel: GenericKernel, state: object, code: int) -> int | None:
    """The result after code as a playout finds it: status looking at the changes only."""
    after = kernel.copy(state)
    w, core = after.w, kernel.core  # type: ignore[attr-defined]
    core.play(after.k, after.cells, after.hand, after.st, code, w.found, w.log)  # type: ignore[attr-defined]
    r, _ = core.status(after.k, after.cells, after.hand, after.st, w.out, w,  # type: ignore[attr-defined]
                       True)
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
