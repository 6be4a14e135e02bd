"""The published games' [rules] (examples/*.toml) against OpenSpiel: random games played on
OpenSpiel, and at every position our generic engine must agree with it on the position
itself (pieces, side to move, hands, what the board cannot show), the set of legal moves
(whole moves in our notation: OpenSpiel's several actions for one Amazons move or one
checkers chain are enumerated and joined), the result, and for the move played and a
sample of the others the position after the move, its captures and the result then.

Size: POSITIONS positions per game in the normal run (at least 2,000), the move played and
3 others compared after (Amazons: 1 other); PRINTABLES_HYPOTHESIS=thorough plays 20,000
and compares every legal move's position after it (Amazons: 24 others);
PRINTABLES_ORACLE_POSITIONS=N sets the count. A failure prints each disagreement as a position
file and the claim that differs, ready for /work/notes/engine-bugs.md.

What is left out, and why, per game (each game's notes say the same):
- every game: OpenSpiel has no hands; ours count pieces in hand. The hands follow from the
  moves played (tests/openspiel_adapters.py, Match.hand), so they are compared too.
- checkers: OpenSpiel's draw after 40 moves without a capture is modelled by the game's
  `quiet_moves = 40`, so it is compared, not left out.
- hex: OpenSpiel's swap mirrors the first stone; ours exchanges colours. The adapter reads
  OpenSpiel's board mirrored after a swap, so swaps are compared (a swap is chosen in half
  the games, so that they occur).
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from printables.positions import format_move, parse_move
from tests.openspiel_adapters import (
    EXAMPLES,
    ORACLES,
    PERFT,
    Match,
    Oracle,
    outcome,
    removed,
    rules_of,
    setup_of,
)

pytestmark = pytest.mark.slow  # minutes on a busy machine; the normal run includes it

THOROUGH = os.environ.get("PRINTABLES_HYPOTHESIS") == "thorough"
POSITIONS = int(os.environ.get("PRINTABLES_ORACLE_POSITIONS", 20_000 if THOROUGH else 2_000))
#: the moves (besides the one played) whose position after is compared, per position
#: (None: all of them); Amazons' (2,176 from the start) cost most, so fewer
SAMPLE = None if THOROUGH else 3
SAMPLE_OF = {"amazons": 24 if THOROUGH else 1}
#: disagreements printed in a failure message
SHOWN = 3


@dataclass
class Report:
    """What one game's comparison found."""

    name: str
    positions: int = 0
    moves_played: int = 0
    successors: int = 0
    games: int = 0
    disagreements: list[str] = field(default_factory=list)

    def add(self, match: Match, what: str, theirs: Any, ours: Any, move: str = "") -> None:
        """One disagreement, written as a position file and the claim that differs."""
        self.disagreements.append(
            f"{self.name}: {what} differ after {' '.join(match.history) or 'the start'}"
            + (f", move {move}" if move else "")
            + f"\n  OpenSpiel: {theirs}\n  ours:      {ours}\n"
            + position_file(match))


def position_file(match: Match) -> str:
    """The position as a position file (the repro of a disagreement)."""
    pos = match.position()
    lines = [f'game = "{EXAMPLES / match.oracle.name}.toml"', f'to_move = "{pos.to_move}"']
    by_side: dict[str, dict[str, list[str]]] = {}
    for space, piece in sorted(pos.pieces.items()):
        by_side.setdefault(piece.side, {}).setdefault(piece.kind, []).append(space)
    for side, kinds in by_side.items():
        lines.append(f"[pieces.{side}]")
        lines += [f"{kind} = {spaces!r}".replace("'", '"') for kind, spaces in kinds.items()]
    for table in ("hand", "state"):
        values = getattr(pos, table)
        if values:
            lines.append(f"[{table}]")
            lines += [f"{k} = {str(v).lower() if isinstance(v, bool) else v}"
                      for k, v in values.items()]
    return "\n".join("  " + line for line in lines)


def compare_position(report: Report, match: Match,
                     rng: random.Random) -> tuple[str, dict[str, Any]] | None:
    """Compare everything at one position; return the move to play next and OpenSpiel's
    moves there (None: the game is over)."""
    game = match.game
    theirs = match.position()
    board = game.board(theirs.options)
    rules = rules_of(game)
    report.positions += 1
    their_moves = match.moves()
    ours = {format_move(game, board, m) for m in rules.legal_moves(board, theirs)}
    if ours != set(their_moves):
        report.add(match, "legal moves", _diff(set(their_moves), ours, "OpenSpiel only"),
                   _diff(ours, set(their_moves), "ours only"))
    result = outcome(match.oracle, game, match.state)
    our_result = rules.winner(board, theirs)
    if result != our_result:
        report.add(match, "results", result, our_result)
    common = sorted(set(their_moves) & ours)
    if not common or result is not None:
        return None
    played = rng.choice(common)
    if "swap" in common and rng.random() < 0.5:
        played = "swap"  # the swap is one move in 121: choose it in half the games
    others = [t for t in common if t != played]
    k = SAMPLE_OF.get(report.name, SAMPLE)
    sample = others if k is None else rng.sample(others, min(k, len(others)))
    compare_successor(report, match, their_moves, played, result_after=False)
    for text in sample:
        compare_successor(report, match, their_moves, text)
    return played, their_moves


def compare_successor(report: Report, match: Match, their_moves: dict[str, Any],
                      text: str, result_after: bool = True) -> None:
    """The position after one move, its captures and (unless the game goes on there, where
    the next position's comparison asks) the result then."""
    game = match.game
    board = game.board(match.position().options)
    child = match.copy()
    child.play(text, their_moves)
    out = rules_of(game).play(board, match.position(), parse_move(game, board, text))
    report.successors += 1
    theirs = child.position()
    if out.position != theirs:
        report.add(match, "positions after", _describe(theirs, out.position),
                   _describe(out.position, theirs), text)
    taken = removed(match.pieces, child.pieces, match.to_move(), text)
    if sorted(out.captures) != taken:
        report.add(match, "captures", taken, sorted(out.captures), text)
    if not result_after:
        return
    result, ours = outcome(match.oracle, game, child.state), rules_of(game).winner(board, theirs)
    if result != ours:
        report.add(match, "results after", result, ours, text)


def _diff(a: set[str], b: set[str], label: str) -> str:
    extra = sorted(a - b)
    return f"{len(a)} moves; {label}: {extra[:8]}{' ...' if len(extra) > 8 else ''}"


def _describe(pos: Any, other: Any) -> str:
    """What pos holds that other does not (side to move, pieces, hands, state)."""
    parts = [f"to move {pos.to_move}"] if pos.to_move != other.to_move else []
    for name in ("pieces", "hand", "state"):
        mine, theirs = getattr(pos, name), getattr(other, name)
        only = {k: tuple(v) if name == "pieces" else v for k, v in sorted(mine.items())
                if theirs.get(k) != v}
        missing = sorted(set(theirs) - set(mine))
        if only or missing:
            parts.append(f"{name} {only}" + (f" (none on {missing})" if missing else ""))
    return "; ".join(parts) or "the same"


def compare_game(oracle: Oracle, positions: int, seed: str) -> Report:
    """Random OpenSpiel games until `positions` positions are compared."""
    rng = random.Random(seed)
    report = Report(oracle.name)
    while report.positions < positions:
        match = Match.start(oracle)
        report.games += 1
        setup = setup_of(match.game)
        start = replace(setup, title="", options=match.game.options(setup.options))
        if start != match.position():
            report.add(match, "starting positions", _describe(match.position(), start),
                       _describe(start, match.position()))
        while (found := compare_position(report, match, rng)) is not None:
            match.play(*found)
            report.moves_played += 1
    return report


def engine_perft(game: Any, board: Any, pos: Any, depth: int) -> int:
    """Our engine's legal moves to depth from pos (leaves counted)."""
    moves = rules_of(game).legal_moves(board, pos)
    if depth == 1:
        return len(moves)
    return sum(engine_perft(game, board, rules_of(game).play(board, pos, m).position, depth - 1)
               for m in moves)


@pytest.mark.parametrize("name", sorted(PERFT))
def test_engine_move_counts_from_the_start_are_the_published_ones(name):
    """Perft from the setup, as far as 3,000 leaves: the counts OpenSpiel gives (checked in
    tests/test_openspiel_adapters.py), from our engine alone."""
    game = ORACLES[name].game()
    setup = setup_of(game)
    pos = replace(setup, options=game.options(setup.options))
    depths = [d for d, n in enumerate(PERFT[name], 1) if n <= 3_000]
    assert [engine_perft(game, game.board(pos.options), pos, d) for d in depths] == \
        [PERFT[name][d - 1] for d in depths]


@pytest.mark.parametrize("name", sorted(ORACLES))
def test_published_game_agrees_with_openspiel(name):
    report = compare_game(ORACLES[name], POSITIONS, seed=f"openspiel {name}")
    shown = "\n".join(report.disagreements[:SHOWN])
    assert not report.disagreements, (
        f"{len(report.disagreements)} disagreements over {report.positions} positions:\n"
        f"{shown}")
    assert report.positions >= POSITIONS and report.successors >= report.moves_played
