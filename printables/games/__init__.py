"""The seven games, registered by name in an explicit dict."""

from __future__ import annotations

from printables.errors import UsageError, did_you_mean
from printables.games import (chameleons, dag_en_nacht, danadazo, dugi, evl, network,
                              rosenkreuz)
from printables.games.model import (Component, GameSpec, Move, Outcome, Piece, Position)

GAMES: dict[str, GameSpec] = {
    "rosenkreuz": rosenkreuz.GAME,
    "chameleons": chameleons.GAME,
    "evl": evl.GAME,
    "dag-en-nacht": dag_en_nacht.GAME,
    "danadazo": danadazo.GAME,
    "dugi": dugi.GAME,
    "network": network.GAME,
}


def get_game(name: str) -> GameSpec:
    """The game registered under name, or a UsageError with a 'did you mean' hint.

    >>> get_game("dugi").designer
    'Andrew Dubber'
    """
    key = str(name).strip().lower()
    if key in GAMES:
        return GAMES[key]
    raise UsageError(f"unknown game {name!r}; {did_you_mean(key, list(GAMES))}", input=str(name))


__all__ = ["GAMES", "get_game", "Component", "GameSpec", "Move", "Outcome", "Piece", "Position"]
