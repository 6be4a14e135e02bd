"""The fast playout kernels, one module per game, registered in an explicit dict.

kernel_for gives a game's fast kernel where one is registered and applies to the board
(a kernel may refuse a board it was not written for, e.g. a game file's), else the
reference kernel over the rules engine. A game file with a built-in engine
(GameSpec.engine) gets that game's kernels.

Compiled kernels (numba, the optional `play` extra: pip install "printables[play]") are
registered by name in NUMBA_KERNELS and loaded only when asked for (printables.loading),
so everything works without numba; numba_kernel_for gives one, or a UsageError saying why not.

Any other game whose rules engine is GenericRules (a game file's [rules]) gets the generic
kernel (printables.play.kernels.generic, one interpreter of rule tables): kernel_for gives
its plain-Python path, numba_kernel_for its compiled one, wherever the interpreter supports
the rules (generic_tables.unsupported); never chosen by the game's name. It needs numpy
(which numba brings); without numpy such games keep the reference kernel.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable

from printables.boards import Board
from printables.errors import UsageError, install_hint
from printables.games.model import GameSpec
from printables.games.rules.engine import GenericRules
from printables.loading import load
from printables.play.kernel import Kernel, ReferenceKernel
from printables.play.kernels import (
    chameleons,
    dag_en_nacht,
    danadazo,
    dugi,
    evl,
    network,
    rosenkreuz,
)

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
    factory = FAST_KERNELS.get(game.engine or game.name) if fast else None
    kernel = factory(game, board) if factory else None
    if kernel is None and fast and _generic(game):
        kernel = load(GENERIC_PURE)(game, board)
    return kernel if kernel is not None else ReferenceKernel(game, board)


#: the generic kernel of any GenericRules game: plain Python, and compiled (by name, as
#: NUMBA_KERNELS: it imports numpy)
GENERIC_PURE = "printables.play.kernels.generic:make_pure"
GENERIC_COMPILED = "printables.play.kernels.generic:make_compiled"


def _generic(game: GameSpec) -> bool:
    """True when a game's rules are the vocabulary's and numpy is there to run them."""
    return isinstance(game.rules, GenericRules) and \
        importlib.util.find_spec("numpy") is not None


#: game name -> the make(game, board) of its numba kernel, by name (printables.loading):
#: numba is imported with the kernel's module, so only when one is asked for
NUMBA_KERNELS: dict[str, str] = {
    "chameleons": "printables.play.kernels.chameleons_numba:make",
    "dag-en-nacht": "printables.play.kernels.dag_en_nacht_numba:make",
    "danadazo": "printables.play.kernels.danadazo_numba:make",
    "dugi": "printables.play.kernels.dugi_numba:make",
    "evl": "printables.play.kernels.evl_numba:make",
    "network": "printables.play.kernels.network_numba:make",
    "rosenkreuz": "printables.play.kernels.rosenkreuz_numba:make",
}


def numba_available() -> bool:
    """True when numba can be imported (the play extra is installed)."""
    try:
        importlib.import_module("numba")
    except ImportError:
        return False
    return True


def numba_kernel_for(game: GameSpec, board: Board) -> Kernel:
    """The numba kernel of a game on a board; UsageError where there is none or numba is
    not installed."""
    make = NUMBA_KERNELS.get(game.engine or game.name)
    if make is None and _generic(game):
        make = GENERIC_COMPILED
    if make is None:
        raise UsageError(f"{game.name} has no numba kernel; games with one: "
                         f"{', '.join(sorted(NUMBA_KERNELS))} (--kernel fast works for all)",
                         input=game.name)
    if not numba_available():
        raise UsageError(f"--kernel numba needs the play extra: {install_hint('play')}")
    kernel: Kernel | None = load(make)(game, board)
    if kernel is None and make == GENERIC_COMPILED:
        raise UsageError(f"{game.name}'s rules use what the compiled kernel does not play "
                         f"yet ({unsupported_of(game, board)}); --kernel reference plays them",
                         input=game.name)
    if kernel is None:
        raise UsageError(f"the numba kernel of {game.name} does not apply to this board",
                         input=game.name)
    return kernel


def kernel_kind(kernel: Kernel) -> str:
    """What --kernel names a kernel by: numba, reference or fast."""
    if isinstance(kernel, ReferenceKernel):
        return "reference"
    if getattr(kernel, "pure", True) is False:  # the generic kernel, compiled
        return "numba"
    return "numba" if type(kernel).__module__.endswith("_numba") else "fast"


def unsupported_of(game: GameSpec, board: Board) -> str:
    """What of a game's rules the generic kernel does not play (for a message)."""
    return load("printables.play.kernels.generic:unsupported_of")(game, board)  # type: ignore[no-any-return]
