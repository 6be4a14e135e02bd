"""The fast playout kernels, one module per game, registered in an explicit dict.

kernel_for gives a game's fast kernel where one is registered and applies to the board
(a kernel may refuse a board it was not written for, e.g. a game file's), else the
reference kernel over the rules engine.
"""

from __future__ import annotations

from typing import Callable

from printables.boards import Board
from printables.games.model import GameSpec
from printables.play.kernel import Kernel, ReferenceKernel
from printables.play.kernels import (chameleons, dag_en_nacht, danadazo, dugi, evl,
                                     network, rosenkreuz)

#: game name -> factory(game, board) giving its fast kernel, or None where it does not apply
FAST_KERNELS: dict[str, Callable[[GameSpec, Board], Kernel | None]] = {
    "chameleons": chameleons.make,
    "dag-en-nacht": dag_en_nacht.make,
    "danadazo": danadazo.make,
    "dugi": dugi.make,
    "evl": evl.make,
    "network": network.make,
    "rosenkreuz": rosenkreuz.make,
}


def kernel_for(game: GameSpec, board: Board, *, fast: bool = True) -> Kernel:
    """The fast kernel for a game on a board where there is one (and fast), else the
    reference kernel."""
    factory = FAST_KERNELS.get(game.name) if fast else None
    kernel = factory(game, board) if factory else None
    return kernel if kernel is not None else ReferenceKernel(game, board)
