"""Dag en Nacht, Network and Dugi written in the rules vocabulary
(printables/games/rules_data/*.toml) equal their hand-written rules engines, position by
position, options included.

The generic engine over the bundled [rules] stands in as a "kernel" (RulesAsKernel: the
reference kernel over the generic engine; its states are the generic engine's positions,
which also keep hands) and the kernels' differential machinery
(play/kernels/differential.py) compares it with the hand-written engine: every bundled
layout of the game (every successor, then a random game from it), then seeded random games
from the setup under each option variant. At every position: the position round trip, the
result, the legal move set; the successor of the move played, and of every legal move on
every FULL_EVERY-th position, with its result.

Each game's row in SIZES gives (random games from the setup per variant, FULL_EVERY, ply
cap), chosen so that each game checks at least 20,000 positions. Size knob:
PRINTABLES_RULES_CHECK=N multiplies the number of random games by N.
"""

from __future__ import annotations

import os
from collections.abc import Hashable
from dataclasses import dataclass

import pytest

from printables.gamefile.rules_spec import as_rules
from printables.games import get_game
from printables.games.model import Position
from printables.games.rules import GenericRules
from printables.play.kernel import ReferenceKernel
from printables.play.kernels.differential import differential_run

pytestmark = pytest.mark.slow  # the generic engine against the hand-written ones: minutes

SCALE = int(os.environ.get("PRINTABLES_RULES_CHECK", "1"))
MIN_POSITIONS = 20_000

#: game -> (random games from the setup per variant, successors every n-th position, cap)
SIZES = {
    "dag-en-nacht": (30, 200, 400),
    "dugi": (43, 400, 400),
    "network": (76, 160, 400),
}
#: game -> option changes the setup is also played under (as many games again each)
VARIANTS: dict[str, tuple[dict, ...]] = {
    "dag-en-nacht": ({"size": 11}, {"size": 11, "black_alternating": True},
                     {"size": 13, "black_alternating": True}, {"size": 19}),
    "network": ({"pie": True}, {"pie": 5}, {"size": 10, "pie": 3}, {"size": 12}),
}


@dataclass
class RulesAsKernel(ReferenceKernel):
    """The reference kernel over the generic engine of a built-in game's bundled [rules]
    instead of its own engine, speaking the built-in game's positions (to_position drops
    the hands the hand-written engines do not keep; from_position fills them in)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        rules = as_rules(self.game).rules
        assert isinstance(rules, GenericRules)
        self.rules = self.generic = rules

    def from_position(self, pos: Position) -> list[Position]:
        t = self.generic.tables(self.board, pos)
        return [pos.with_(hand=self.generic.hands(t, pos))]

    def to_position(self, state: list[Position]) -> Position:
        return state[0].with_(hand={})

    def legal(self, state: list[Position]) -> list[Hashable]:
        return list(self.generic.legal_moves(self.board, state[0]))


@pytest.mark.parametrize("name", sorted(SIZES))
def test_rules_equal_the_hand_written_engine(name: str) -> None:
    games, every, cap = SIZES[name]
    tally = differential_run(RulesAsKernel, get_game(name), games=games * SCALE,
                             full_every=every, max_plies=cap, variants=VARIANTS.get(name, ()))
    assert not tally.problems, "\n".join(tally.problems[:5])
    assert tally.positions >= MIN_POSITIONS * min(SCALE, 1), tally.positions
    print(f"{name}: {tally.positions} positions, {tally.successors} successors")
