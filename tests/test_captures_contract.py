"""`captures` means the opponent's pieces (EVL: the pentagons) a move takes, in every game;
the mover's own losses (a Rosenkreuz suicide) show only in the position after (issue 12)."""

from __future__ import annotations

import random

import pytest

from printables.games import GAMES
from printables.positions import load_layout, setup_path


def playout_steps(game_name: str, seed: int, plies: int = 80):
    """(position, move, outcome) along one random game from the bundled setup."""
    game = GAMES[game_name]
    layout = load_layout(setup_path(game_name))
    board = layout.board or game.board(layout.position.options)
    rng = random.Random(seed)
    p = layout.position
    for _ in range(plies):
        legal = game.rules.legal_moves(board, p)
        if not legal:
            return
        move = rng.choice(sorted(legal, key=repr))
        out = game.rules.play(board, p, move)
        yield board, p, move, out
        p = out.position


@pytest.mark.parametrize("game_name", [g for g in GAMES if g != "evl"])
@pytest.mark.parametrize("seed", range(8))
def test_captures_are_opponent_pieces_that_left_the_board(game_name, seed):
    from printables.games.chameleons_rules import on_notice
    for board, before, move, out in playout_steps(game_name, seed):
        mover = before.to_move
        turned = set(on_notice(board, before)) if game_name == "chameleons" else set()
        for s in out.captures:
            assert s not in out.position.pieces or s in move.path, (move, s)
            # the opponent's piece, or (Chameleons) one of the mover's that was on notice,
            # changed sides after the first jump and was then jumped as the opponent's
            assert before.pieces[s].side != mover or s in turned, (move, s)


def test_evl_captures_are_pentagons_the_mover_claims():
    for seed in range(4):
        for board, before, _move, out in playout_steps("evl", seed, 60):
            for s in out.captures:
                assert board.space(s).kind == "pentagon"
                assert before.markers.get(s) != before.to_move
                assert out.position.markers[s] == before.to_move


def test_rosenkreuz_suicide_losses_are_not_captures(cli, tmp_path):
    # the bundled suicide example: Rose loses d4 and takes nothing, so captures = [] holds
    # and the loss shows in `after`; claiming the lost piece as a capture must fail
    from printables.positions import bundled_layouts
    text = (bundled_layouts() / "rosenkreuz" / "suicide.toml").read_text()
    assert "captures = []" in text
    good = tmp_path / "good.toml"
    good.write_text(text)
    assert cli("validate", good)[0] == 0
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("captures = []", 'captures = ["d4"]'))
    code, out, _ = cli("validate", bad)
    assert code == 1 and "captures [], file says ['d4']" in out
